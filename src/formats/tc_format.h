/*
 * The formats of a history (SPEC Part 4): which one a history is in, and
 * compaction and restoring in every one. The adachsoft format is the
 * engine's own shape; a provider's is read into a view of that shape
 * (tc_fview.h) and written back.
 */
#ifndef TC_FORMAT_H
#define TC_FORMAT_H

#include "php.h"

#include "../engine/tc_params.h"

/* MINIT. */
void tc_format_startup(void);

/*
 * The format of history (an array or an object, borrowed) for wanted (a
 * format, or auto: told by its entries). *reason receives mixedFormats or
 * formatUnknown, with TC_FORMAT_AUTO returned, when auto cannot tell.
 */
tc_format tc_format_choose(zval *history, tc_format wanted, const char **reason);

/* tc_pass() in the history's format: the same contract, plus the report's
 * "format"; *used receives the format (TC_FORMAT_AUTO: none could be used). */
zend_result tc_format_compact(zval *out, zval *history, const tc_params *params, zval *report, tc_format *used);

/* tc_restore() in the history's format (told by its entries); in a
 * provider's format, a text that placeholder (borrowed; NULL: none) writes
 * is a placeholder as the default one is. */
zend_result tc_format_restore(zval *out, zval *history, const tc_callable *lookup, zend_string *placeholder);

/* tc_restore() for an array history in a provider's format. (tc_frestore.c) */
zend_result tc_format_restore_entries(zval *out, zval *history, tc_format format, const tc_callable *lookup,
		zend_string *placeholder);

#endif
