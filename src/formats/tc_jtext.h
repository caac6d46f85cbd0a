/*
 * JSON texts inside a provider's history (SPEC Part 4, "a JSON text"): the
 * members of an object text found by their byte spans, so that a payload
 * can be edited in place, and the placeholder of an omitted text.
 */
#ifndef TC_JTEXT_H
#define TC_JTEXT_H

#include "php.h"

#include "../json/tc_json.h"

/* May text be a JSON text: is its first non-whitespace byte '{'? */
bool tc_jtext_may_be(zend_string *text);

/* Is text certain to hold no field longer than threshold bytes (SPEC Part
 * 1 sizes a string by its bytes), however it decodes: it is no longer than
 * that, and holds no '[', second '{', float or long integer, with which a
 * nested value or a float could be longer once decoded. A cheap test for
 * the texts the walk would decode only to find nothing to omit. */
bool tc_jtext_small(zend_string *text, zend_long threshold);

/* One top-level member of an object text: byte offsets of its key (the
 * string token, quotes included) and of its value. */
typedef tc_json_member tc_jmember;

/* Decodes text into *out (owned by the caller) when it is a JSON text: its
 * first non-whitespace byte is '{' and json_decode($text, true) gives an
 * array. json_last_error() is left as it was. Where the members came out
 * of the decoding with keys all different, *members receives them in text
 * order (emalloc'd, *count of them, owned by the caller), else NULL. */
bool tc_jtext_decode(zend_string *text, zval *out, tc_jmember **members, uint32_t *count);

typedef struct _tc_jobject {
	tc_jmember *members;  /* emalloc'd, in text order */
	uint32_t    count;
	HashTable   keys;     /* member key, as PHP keys an array => its number */
} tc_jobject;

/* Finds the members of text, a JSON text that decodes (tc_jtext_decode()).
 * Returns false (nothing to free) when two members have the same key. */
bool tc_jtext_scan(zend_string *text, tc_jobject *obj);

/* The byte span [start, end) of one element of an array text. */
typedef struct _tc_jspan {
	size_t start, end;
} tc_jspan;

/* The elements of a text's top-level members whose values are arrays:
 * member n's are spans[first[n], first[n + 1]) (none for another value). */
typedef struct _tc_jarrays {
	tc_jspan *spans; /* emalloc'd */
	uint32_t *first; /* emalloc'd, one more than the members */
} tc_jarrays;

/* tc_jtext_scan() in the same walk as the elements of the members' array
 * values, in any text: no byte past its end is read. False (nothing to
 * free) when text is no object text or two members have the same key;
 * in a text that does not decode, the spans are of no use. Else free both
 * (tc_jtext_dtor(), tc_jtext_arrays_dtor()). */
bool tc_jtext_scan_arrays(zend_string *text, tc_jobject *obj, tc_jarrays *arrays);
void tc_jtext_arrays_dtor(tc_jarrays *arrays);

/* The same from the members tc_jtext_decode() gave (borrowed, copied) and
 * the decoded array, whose keys are theirs in the same order. */
void tc_jtext_known(tc_jobject *obj, const tc_jmember *members, uint32_t count, HashTable *decoded);
void tc_jtext_dtor(tc_jobject *obj);

/* The member under an array key (str_key, or num_key when it is NULL), or
 * NULL. */
tc_jmember *tc_jtext_find(tc_jobject *obj, zend_string *str_key, zend_ulong num_key);

/* Replace bytes [start, end) of a text by str (borrowed). */
typedef struct _tc_jedit {
	size_t       start, end;
	zend_string *str;
} tc_jedit;

/* A new text: text with the n edits (in any order, not overlapping) made. */
zend_string *tc_jtext_apply(zend_string *text, tc_jedit *edits, uint32_t n);

/* "[omitted] {bytes} bytes, sha256={sha}" (a new string). */
zend_string *tc_placeholder_text(zend_long bytes, zend_string *sha);

/* Is text exactly a placeholder? Then *sha (when not NULL) receives its
 * sha256 (a new string). */
bool tc_placeholder_parse(zend_string *text, zend_string **sha);

#endif
