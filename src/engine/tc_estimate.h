/*
 * Size estimates of a history (SPEC.md Part 2): the bytes and tokens of the
 * JSON encoding of each message's content, call arguments and result
 * payloads. Used by trigger.tokens, the minSavedBytes gate and the report.
 */
#ifndef TC_ESTIMATE_H
#define TC_ESTIMATE_H

#include "php.h"

#include "../shapes/tc_access.h"
#include "tc_params.h"
#include "tc_sum.h"

/*
 * Adds to *size the estimate of one message (borrowed): for its content when
 * it is a string (in a view, access->view, each string of an array content),
 * and for the arguments and result of every readable call
 * and result when they are arrays, the byte length of their JSON encoding
 * (a value that cannot be encoded counts 0) and, when with_tokens, its token
 * count: counter($json) when a tokenCounter is configured and returns an
 * int (negative counts 0), else the bytes divided by 4, rounded up.
 *
 * Lists are read through access. Returns FAILURE when the user's counter
 * threw (the exception is left for the caller), SUCCESS otherwise.
 */
zend_result tc_estimate_message(tc_access *access, const tc_params *params, zval *message, bool with_tokens,
		tc_size *size);

/* Adds to *size the estimate of one payload (borrowed) as a message's
 * estimate counts it. Returns FAILURE when the user's counter threw. */
zend_result tc_estimate_payload(const tc_params *params, zval *payload, bool with_tokens, tc_size *size);

#endif
