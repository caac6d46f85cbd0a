#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_smart_str.h"

#include "tc_collapse.h"

static zend_always_inline bool tc_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* Is the line s[start, end) blank (nothing but spaces and tabs)? */
static bool tc_collapse_blank(const char *s, size_t start, size_t end)
{
	while (start < end && tc_blank(s[start])) {
		start++;
	}
	return start == end;
}

/* Appends to out the line s[start, end), not blank, collapsed. */
static void tc_collapse_line(smart_str *out, const char *s, size_t start, size_t end)
{
	size_t i = start, last = end;

	while (tc_blank(s[i])) {
		i++;
	}
	while (tc_blank(s[last - 1])) {
		last--;
	}
	smart_str_appendl(out, s + start, i - start); /* the indentation */
	while (i < last) {
		if (tc_blank(s[i]) && tc_blank(s[i + 1])) {
			smart_str_appendc(out, ' ');
			while (tc_blank(s[i])) {
				i++;
			}
			continue;
		}
		smart_str_appendc(out, s[i]);
		i++;
	}
}

zend_string *tc_collapse(zend_string *str)
{
	const char *s = ZSTR_VAL(str), *nl;
	size_t len = ZSTR_LEN(str), start = 0, end;
	smart_str out = {0};
	bool blank, was_blank = 0, first = 1;

	for (;;) {
		nl = memchr(s + start, '\n', len - start);
		end = nl ? (size_t) (nl - s) : len;
		blank = tc_collapse_blank(s, start, end);
		/* a second blank line in a row is left out */
		if (!blank || !was_blank) {
			if (!first) {
				smart_str_appendc(&out, '\n');
			}
			if (!blank) {
				tc_collapse_line(&out, s, start, end);
			}
		}
		was_blank = blank;
		first = 0;
		if (!nl) {
			break;
		}
		start = end + 1;
	}
	if (!out.s) {
		/* nothing but spaces and tabs */
		return len ? ZSTR_EMPTY_ALLOC() : NULL;
	}
	smart_str_0(&out);
	if (ZSTR_LEN(out.s) == len && memcmp(ZSTR_VAL(out.s), s, len) == 0) {
		smart_str_free(&out);
		return NULL;
	}
	return smart_str_extract(&out);
}
