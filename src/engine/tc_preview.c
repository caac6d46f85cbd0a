#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"

#include "../shapes/tc_access.h"
#include "tc_preview.h"

#define TC_MARK_HEAD "\n[omitted] "
#define TC_MARK_MIDDLE " bytes, sha256="
#define TC_MARK_SHA_LEN 64

/* Is i a character boundary of s (len bytes)? */
static bool tc_preview_boundary(const char *s, size_t len, size_t i)
{
	return i == 0 || i >= len || ((unsigned char) s[i] & 0xC0) != 0x80;
}

zend_string *tc_preview_make(const tc_preview *p, zend_string *str, const char *hex)
{
	const char *s = ZSTR_VAL(str);
	size_t len = ZSTR_LEN(str), head = MIN((size_t) p->head, len), tail;
	zend_string *out;

	while (!tc_preview_boundary(s, len, head)) {
		head--;
	}
	tail = (size_t) p->tail >= len - head ? head : len - (size_t) p->tail;
	while (!tc_preview_boundary(s, len, tail)) {
		tail++;
	}
	out = zend_strpprintf(0, "%.*s" TC_MARK_HEAD "%zu" TC_MARK_MIDDLE "%.*s\n%.*s", (int) head, s, tail - head,
		TC_MARK_SHA_LEN, hex, (int) (len - tail), s + tail);
	if (ZSTR_LEN(out) >= len) {
		zend_string_release(out);
		return NULL;
	}
	return out;
}

/* The 64 digits of the marker at m (its "\n[omitted] "), or NULL when m
 * does not start one. */
static const char *tc_preview_marker_sha(const char *m, const char *end)
{
	const char *p = m + sizeof(TC_MARK_HEAD) - 1, *digits = p;
	size_t i;

	while (p < end && *p >= '0' && *p <= '9') {
		p++;
	}
	if (p == digits || (size_t) (end - p) < sizeof(TC_MARK_MIDDLE) - 1 + TC_MARK_SHA_LEN + 1
			|| memcmp(p, TC_MARK_MIDDLE, sizeof(TC_MARK_MIDDLE) - 1) != 0) {
		return NULL;
	}
	p += sizeof(TC_MARK_MIDDLE) - 1;
	for (i = 0; i < TC_MARK_SHA_LEN; i++) {
		if (!((p[i] >= '0' && p[i] <= '9') || (p[i] >= 'a' && p[i] <= 'f'))) {
			return NULL;
		}
	}
	return p[TC_MARK_SHA_LEN] == '\n' ? p : NULL;
}

/* The digits of the first marker of text, or NULL. */
static const char *tc_preview_first(zend_string *text)
{
	const char *p = ZSTR_VAL(text), *end = p + ZSTR_LEN(text), *sha;

	while ((p = zend_memnstr(p, TC_MARK_HEAD, sizeof(TC_MARK_HEAD) - 1, end))) {
		if ((sha = tc_preview_marker_sha(p, end))) {
			return sha;
		}
		p++;
	}
	return NULL;
}

bool tc_preview_parse(zend_string *text, zend_string **sha)
{
	const char *digits = tc_preview_first(text);

	if (digits && sha) {
		*sha = zend_string_init(digits, TC_MARK_SHA_LEN, 0);
	}
	return digits != NULL;
}

bool tc_preview_stands_for(zval *value, zend_string *sha)
{
	const char *digits;

	if (!value || Z_TYPE_P(value) != IS_STRING) {
		return 0;
	}
	if (zend_string_equals(Z_STR_P(value), tc_keys[TC_V_OMITTED])) {
		return 1;
	}
	digits = tc_preview_first(Z_STR_P(value));
	return digits && ZSTR_LEN(sha) == TC_MARK_SHA_LEN && memcmp(digits, ZSTR_VAL(sha), TC_MARK_SHA_LEN) == 0;
}
