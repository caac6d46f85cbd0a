/*
 * Previews (SPEC Part 6): an omitted string keeps its first and last bytes
 * around a marker that names the bytes cut and the sha256 of the whole.
 */
#ifndef TC_PREVIEW_H
#define TC_PREVIEW_H

#include "php.h"

/* The bytes kept at each end; both 0: previews are off. */
typedef struct _tc_preview {
	zend_long head;
	zend_long tail;
} tc_preview;

static zend_always_inline bool tc_preview_on(const tc_preview *p)
{
	return p && (p->head > 0 || p->tail > 0);
}

/*
 * The preview of str (valid UTF-8, borrowed) whose digest is hex (64
 * digits): its first p->head and last p->tail bytes, cut on character
 * boundaries, around the marker. A new string, or NULL when it would not
 * be shorter than str.
 */
zend_string *tc_preview_make(const tc_preview *p, zend_string *str, const char *hex);

/*
 * Reads "[omitted] {digits} bytes, sha256={64 lowercase hex digits}" at p
 * (the text ends at end): returns where it ends, with *bytes (SIZE_MAX for
 * more digits than a size has) and *sha (its digits, in the text) set, or
 * NULL when p does not start one. The placeholder of a text (Part 4) is
 * one; a marker is one between two "\n".
 */
const char *tc_omitted_note(const char *p, const char *end, size_t *bytes, const char **sha);

/* A marker found in a text: its span, the bytes it says were cut and its
 * 64 digits (borrowed from the text). */
typedef struct _tc_marker {
	size_t      start, end;
	size_t      cut;
	const char *sha;
} tc_marker;

/* The first marker of text that starts at or after from into *m; false when
 * there is none. The next one is found from m->start + 1. */
bool tc_preview_next(zend_string *text, size_t from, tc_marker *m);

/* Does text hold a marker? */
static zend_always_inline bool tc_preview_parse(zend_string *text)
{
	tc_marker m;

	return tc_preview_next(text, 0, &m);
}

/* Could original be what the preview text with marker m was made of: does it
 * start with the text before m, end with the text after it, and have the
 * bytes m says were cut in between? */
bool tc_preview_of(zend_string *text, const tc_marker *m, zend_string *original);

/* Is value (borrowed) what a pass left of an omitted value whose digest is
 * sha: "[omitted]", or a string holding a marker that names sha? */
bool tc_preview_stands_for(zval *value, zend_string *sha);

#endif
