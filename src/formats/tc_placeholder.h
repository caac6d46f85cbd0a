/*
 * The placeholder of an omitted text in the provider formats (SPEC Part 4,
 * "a text"): the default one, or the caller's `placeholder` template with
 * {tool}, {bytes} and {sha256} substituted.
 */
#ifndef TC_PLACEHOLDER_H
#define TC_PLACEHOLDER_H

#include "php.h"

/* NULL when tpl is a valid template, else what is wrong with it (the end
 * of an option error message). */
const char *tc_placeholder_check(zend_string *tpl);

/* The placeholder of an omitted text of bytes bytes whose digest is sha,
 * from a result of tool: tpl (NULL: the default) substituted (a new
 * string). */
zend_string *tc_placeholder_write(zend_string *tpl, zend_string *tool, zend_long bytes, zend_string *sha);

/* Is text exactly a placeholder of the default form, or one tpl (NULL:
 * none) writes for a result of tool (NULL: no name)? Then *sha (when not
 * NULL) receives its sha256 (a new string), or NULL when the template
 * has no {sha256}. */
bool tc_placeholder_match(zend_string *tpl, zend_string *tool, zend_string *text, zend_string **sha);

#endif
