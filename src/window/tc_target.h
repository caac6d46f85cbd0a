/*
 * The budget (SPEC Part 6, targetTokens): the pass compacts from the
 * oldest message forward only as far as it must for the history's estimate
 * to reach the target.
 */
#ifndef TC_TARGET_H
#define TC_TARGET_H

#include "php.h"

#include "../engine/tc_params.h"

/*
 * tc_format_compact() of history under params (borrowed); with
 * targetTokens set, the pass that changes messages from the oldest on only
 * until the target is reached, and the report's "targetMet". Same contract
 * as tc_format_compact().
 */
zend_result tc_target_compact(zval *out, zval *history, const tc_params *params, zval *report, tc_format *used);

#endif
