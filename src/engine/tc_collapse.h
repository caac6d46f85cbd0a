/*
 * Whitespace collapsing (SPEC Part 6, collapseWhitespace): in a string a
 * compacted payload keeps, runs of spaces and tabs inside a line become one
 * space, lines lose their trailing spaces and tabs, and runs of blank lines
 * become one blank line. Indentation stays.
 */
#ifndef TC_COLLAPSE_H
#define TC_COLLAPSE_H

#include "php.h"

/* str (borrowed) collapsed: a new string, or NULL when nothing changes. */
zend_string *tc_collapse(zend_string *str);

#endif
