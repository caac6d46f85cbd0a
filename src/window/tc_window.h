/*
 * The pair-safe window (SPEC Part 6): after the pass, the oldest messages
 * of a history still over maxMessages or maxTokensWindow are dropped, or
 * handed to summarize and replaced by its summary, never separating a
 * call from its result.
 */
#ifndef TC_WINDOW_H
#define TC_WINDOW_H

#include "php.h"

#include "../engine/tc_params.h"

/*
 * Applies the window of params to *out, the pass's output in format (owned
 * by the caller; replaced by the shorter history when messages are
 * dropped), and adds the window's keys to report (NULL: none). Returns
 * FAILURE, *out released and set to null, when the tokenCounter threw.
 */
zend_result tc_window_apply(zval *out, tc_format format, const tc_params *params, zval *report);

/* Adds the window's keys for a history it did not look at (nothing dropped,
 * the limits not met). */
void tc_window_report_none(zval *report);

#endif
