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

/* Does text hold a marker? *sha (when not NULL) receives the 64 digits of
 * the first one (a new string). */
bool tc_preview_parse(zend_string *text, zend_string **sha);

/* Is value (borrowed) what a pass left of an omitted value whose digest is
 * sha: "[omitted]", or a string whose first marker names sha? */
bool tc_preview_stands_for(zval *value, zend_string *sha);

#endif
