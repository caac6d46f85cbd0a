/*
 * The placeholder of an omitted text in the provider formats (SPEC Part 4,
 * "a text"): a template is literal text and the names {tool}, {bytes} and
 * {sha256}; a `{`, letters, digits or underscores and `}` is a name.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_smart_str.h"

#include "tc_jtext.h"
#include "tc_placeholder.h"

typedef enum { TC_PH_LITERAL, TC_PH_UNKNOWN, TC_PH_TOOL, TC_PH_BYTES, TC_PH_SHA256 } tc_ph_part;

#define TC_PH_SHA_HEX 64

/* What the template text at p (before end) starts with; *len is the
 * length of a name (TC_PH_LITERAL: 1). */
static tc_ph_part tc_ph_at(const char *p, const char *end, size_t *len)
{
	const char *q = p + 1;

	*len = 1;
	if (*p != '{') {
		return TC_PH_LITERAL;
	}
	while (q < end && (isalnum((unsigned char) *q) || *q == '_')) {
		q++;
	}
	if (q == end || *q != '}') {
		return TC_PH_LITERAL;
	}
	*len = (size_t) (q + 1 - p);
	if (*len == sizeof("{tool}") - 1 && !memcmp(p, "{tool}", *len)) {
		return TC_PH_TOOL;
	}
	if (*len == sizeof("{bytes}") - 1 && !memcmp(p, "{bytes}", *len)) {
		return TC_PH_BYTES;
	}
	if (*len == sizeof("{sha256}") - 1 && !memcmp(p, "{sha256}", *len)) {
		return TC_PH_SHA256;
	}
	return TC_PH_UNKNOWN;
}

const char *tc_placeholder_check(zend_string *tpl)
{
	const char *p = ZSTR_VAL(tpl), *end = p + ZSTR_LEN(tpl);
	bool seen[TC_PH_SHA256 + 1] = {0};
	tc_ph_part part;
	size_t len;

	if (ZSTR_LEN(tpl) == 0) {
		return "must not be empty";
	}
	for (; p < end; p += len) {
		part = tc_ph_at(p, end, &len);
		if (part == TC_PH_UNKNOWN) {
			return "must name only {tool}, {bytes} and {sha256}";
		}
		if (part != TC_PH_LITERAL && seen[part]) {
			return "must name each of {tool}, {bytes} and {sha256} at most once";
		}
		seen[part] = 1;
	}
	return NULL;
}

zend_string *tc_placeholder_write(zend_string *tpl, zend_string *tool, zend_long bytes, zend_string *sha)
{
	const char *p, *end;
	smart_str out = {0};
	size_t len;

	if (!tpl) {
		return tc_placeholder_text(bytes, sha);
	}
	for (p = ZSTR_VAL(tpl), end = p + ZSTR_LEN(tpl); p < end; p += len) {
		switch (tc_ph_at(p, end, &len)) {
			case TC_PH_TOOL:
				smart_str_append(&out, tool);
				break;
			case TC_PH_BYTES:
				smart_str_append_long(&out, bytes);
				break;
			case TC_PH_SHA256:
				smart_str_append(&out, sha);
				break;
			default:
				smart_str_appendl(&out, p, len);
				break;
		}
	}
	return smart_str_extract(&out);
}

/* Does the text [t, tend) match the template [p, pend)? *sha is where its
 * {sha256} matched. {bytes} takes 1 or more digits, the most first. */
static bool tc_ph_match(const char *p, const char *pend, const char *t, const char *tend, zend_string *tool,
		const char **sha)
{
	size_t len, n, i;

	for (; p < pend; p += len) {
		switch (tc_ph_at(p, pend, &len)) {
			case TC_PH_TOOL:
				if (!tool || (size_t) (tend - t) < ZSTR_LEN(tool) || memcmp(t, ZSTR_VAL(tool), ZSTR_LEN(tool))) {
					return 0;
				}
				t += ZSTR_LEN(tool);
				break;
			case TC_PH_SHA256:
				if (tend - t < TC_PH_SHA_HEX) {
					return 0;
				}
				for (i = 0; i < TC_PH_SHA_HEX; i++) {
					if (!((t[i] >= '0' && t[i] <= '9') || (t[i] >= 'a' && t[i] <= 'f'))) {
						return 0;
					}
				}
				*sha = t;
				t += TC_PH_SHA_HEX;
				break;
			case TC_PH_BYTES:
				for (n = 0; t + n < tend && t[n] >= '0' && t[n] <= '9'; n++);
				for (; n >= 1; n--) {
					if (tc_ph_match(p + len, pend, t + n, tend, tool, sha)) {
						return 1;
					}
				}
				return 0;
			default:
				if (t == tend || memcmp(t, p, len)) {
					return 0;
				}
				t += len;
				break;
		}
	}
	return t == tend;
}

bool tc_placeholder_match(zend_string *tpl, zend_string *tool, zend_string *text, zend_string **sha)
{
	const char *digits = NULL;

	if (tc_placeholder_parse(text, sha)) {
		return 1;
	}
	if (!tpl || !tc_ph_match(ZSTR_VAL(tpl), ZSTR_VAL(tpl) + ZSTR_LEN(tpl), ZSTR_VAL(text),
			ZSTR_VAL(text) + ZSTR_LEN(text), tool, &digits)) {
		return 0;
	}
	if (sha) {
		*sha = digits ? zend_string_init(digits, TC_PH_SHA_HEX, 0) : NULL;
	}
	return 1;
}
