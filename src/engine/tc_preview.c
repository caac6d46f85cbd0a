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

/* Fills *m for the marker starting at p (its "\n[omitted] ") of text, or
 * returns false when p does not start one. */
static bool tc_preview_marker_at(zend_string *text, const char *p, tc_marker *m)
{
	const char *end = ZSTR_VAL(text) + ZSTR_LEN(text), *q = p + sizeof(TC_MARK_HEAD) - 1, *digits = q;
	size_t i, cut = 0;

	while (q < end && *q >= '0' && *q <= '9' && q - digits < 19) {
		cut = cut * 10 + (size_t) (*q - '0');
		q++;
	}
	if (q == digits || (size_t) (end - q) < sizeof(TC_MARK_MIDDLE) - 1 + TC_MARK_SHA_LEN + 1
			|| memcmp(q, TC_MARK_MIDDLE, sizeof(TC_MARK_MIDDLE) - 1) != 0) {
		return 0;
	}
	q += sizeof(TC_MARK_MIDDLE) - 1;
	for (i = 0; i < TC_MARK_SHA_LEN; i++) {
		if (!((q[i] >= '0' && q[i] <= '9') || (q[i] >= 'a' && q[i] <= 'f'))) {
			return 0;
		}
	}
	if (q[TC_MARK_SHA_LEN] != '\n') {
		return 0;
	}
	m->start = (size_t) (p - ZSTR_VAL(text));
	m->end = (size_t) (q + TC_MARK_SHA_LEN + 1 - ZSTR_VAL(text));
	m->cut = cut;
	m->sha = q;
	return 1;
}

bool tc_preview_next(zend_string *text, size_t from, tc_marker *m)
{
	const char *p = ZSTR_VAL(text) + from, *end = ZSTR_VAL(text) + ZSTR_LEN(text);

	if (from > ZSTR_LEN(text)) {
		return 0;
	}
	while ((p = zend_memnstr(p, TC_MARK_HEAD, sizeof(TC_MARK_HEAD) - 1, end))) {
		if (tc_preview_marker_at(text, p, m)) {
			return 1;
		}
		p++;
	}
	return 0;
}

bool tc_preview_of(zend_string *text, const tc_marker *m, zend_string *original)
{
	size_t tail = ZSTR_LEN(text) - m->end;

	return ZSTR_LEN(original) >= m->start + tail && ZSTR_LEN(original) - m->start - tail == m->cut
		&& memcmp(ZSTR_VAL(original), ZSTR_VAL(text), m->start) == 0
		&& memcmp(ZSTR_VAL(original) + ZSTR_LEN(original) - tail, ZSTR_VAL(text) + m->end, tail) == 0;
}

bool tc_preview_stands_for(zval *value, zend_string *sha)
{
	tc_marker m;
	size_t from = 0;

	if (!value || Z_TYPE_P(value) != IS_STRING) {
		return 0;
	}
	if (zend_string_equals(Z_STR_P(value), tc_keys[TC_V_OMITTED])) {
		return 1;
	}
	while (ZSTR_LEN(sha) == TC_MARK_SHA_LEN && tc_preview_next(Z_STR_P(value), from, &m)) {
		if (memcmp(m.sha, ZSTR_VAL(sha), TC_MARK_SHA_LEN) == 0) {
			return 1;
		}
		from = m.start + 1;
	}
	return 0;
}
