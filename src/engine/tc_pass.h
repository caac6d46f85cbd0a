/*
 * One pass of the strategy (SPEC.md Parts 1 and 2): the trigger, the walk,
 * the minSavedBytes gate, onOmit and the report around it.
 */
#ifndef TC_PASS_H
#define TC_PASS_H

#include "php.h"

#include "tc_params.h"

/*
 * Compacts the history (an array or a Traversable collection of messages,
 * borrowed, never modified) with params (borrowed) into *out, which the
 * caller owns. When the pass does not apply (nothing changes, the trigger
 * is not reached, the gate holds it back, or a history that is neither), *out
 * is the history itself with one more reference; otherwise a new array, or a
 * new collection of the same class, in which every unchanged message is the
 * very same value as in history.
 *
 * When report is not NULL, *report receives an array describing the pass
 * (owned by the caller; the keys are listed in the README, "Report").
 *
 * Returns FAILURE, with *out set to null and *report undefined, when a user
 * callback (tokenCounter, onOmit) threw; the exception is left for the
 * caller. Exceptions of other user code (JsonSerializable, collections) are
 * cleared: that is bad data, and the pass is fail-open for it.
 */
zend_result tc_pass(zval *out, zval *history, const tc_params *params, zval *report);

#endif
