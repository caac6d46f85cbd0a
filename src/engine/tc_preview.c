#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"

#include "../shapes/tc_access.h"
#include "tc_preview.h"

#define TC_NOTE_HEAD "[omitted] "
#define TC_NOTE_MIDDLE " bytes, sha256="
#define TC_NOTE_SHA_LEN 64
#define TC_MARK_HEAD "\n" TC_NOTE_HEAD

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
	out = zend_strpprintf(0, "%.*s" TC_MARK_HEAD "%zu" TC_NOTE_MIDDLE "%.*s\n%.*s", (int) head, s, tail - head,
		TC_NOTE_SHA_LEN, hex, (int) (len - tail), s + tail);
	if (ZSTR_LEN(out) >= len) {
		zend_string_release(out);
		return NULL;
	}
	return out;
}

const char *tc_omitted_note(const char *p, const char *end, size_t *bytes, const char **sha)
{
	const char *digits;
	size_t n = 0, i;

	if ((size_t) (end - p) < sizeof(TC_NOTE_HEAD) - 1 || memcmp(p, TC_NOTE_HEAD, sizeof(TC_NOTE_HEAD) - 1) != 0) {
		return NULL;
	}
	p += sizeof(TC_NOTE_HEAD) - 1;
	digits = p;
	while (p < end && *p >= '0' && *p <= '9') {
		/* more digits than a size has: a count no string can have */
		n = p - digits < 19 ? n * 10 + (size_t) (*p - '0') : SIZE_MAX;
		p++;
	}
	if (p == digits || (size_t) (end - p) < sizeof(TC_NOTE_MIDDLE) - 1 + TC_NOTE_SHA_LEN
			|| memcmp(p, TC_NOTE_MIDDLE, sizeof(TC_NOTE_MIDDLE) - 1) != 0) {
		return NULL;
	}
	p += sizeof(TC_NOTE_MIDDLE) - 1;
	for (i = 0; i < TC_NOTE_SHA_LEN; i++) {
		if (!((p[i] >= '0' && p[i] <= '9') || (p[i] >= 'a' && p[i] <= 'f'))) {
			return NULL;
		}
	}
	*bytes = n;
	*sha = p;
	return p + TC_NOTE_SHA_LEN;
}

/* Fills *m for the marker starting at p (its "\n") of text, or returns
 * false when p does not start one. */
static bool tc_preview_marker_at(zend_string *text, const char *p, tc_marker *m)
{
	const char *end = ZSTR_VAL(text) + ZSTR_LEN(text), *after = tc_omitted_note(p + 1, end, &m->cut, &m->sha);

	if (!after || after == end || *after != '\n') {
		return 0;
	}
	m->start = (size_t) (p - ZSTR_VAL(text));
	m->end = (size_t) (after + 1 - ZSTR_VAL(text));
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
	while (ZSTR_LEN(sha) == TC_NOTE_SHA_LEN && tc_preview_next(Z_STR_P(value), from, &m)) {
		if (memcmp(m.sha, ZSTR_VAL(sha), TC_NOTE_SHA_LEN) == 0) {
			return 1;
		}
		from = m.start + 1;
	}
	return 0;
}
