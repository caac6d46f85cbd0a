/*
 * Media parts of a result's list of parts that carry their data inline
 * (SPEC Part 4, "Media parts"): which parts they are, their media type, and
 * the text part that takes the place of an omitted one.
 */
#ifndef TC_FMEDIA_H
#define TC_FMEDIA_H

#include "php.h"

#include "../engine/tc_params.h"

/* Is part (an array, or an Anthropic SDK object) a media part of format
 * whose data is inline (a Gemini part that holds a call or a response is
 * none)? Then, when type is not NULL, *type receives its
 * media type (a new string; application/octet-stream when it names none
 * that is a type/subtype of token characters). */
bool tc_media_part(zval *part, tc_format format, zend_string **type);

/* "[omitted {type}, {bytes} bytes, sha256={sha}]" (a new string). */
zend_string *tc_media_placeholder(zend_string *type, zend_long bytes, zend_string *sha);

/* Is text exactly a media placeholder? Then *sha (when not NULL) receives
 * its sha256 (a new string). */
bool tc_media_placeholder_parse(zend_string *text, zend_string **sha);

/* The text part, in format, that holds text (taken over), into *out
 * (Gemini: {"text": text}). */
void tc_media_text_part(zval *out, tc_format format, zend_string *text);

#endif
