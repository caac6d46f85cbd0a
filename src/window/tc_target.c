#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"

#include "../formats/tc_format.h"
#include "../shapes/tc_access.h"
#include "../engine/tc_sum.h"
#include "tc_target.h"
#include "tc_wfacts.h"

/* A pass over history with the parameters params resolved to but
 * keepRecentMessages keep; a probe (not final) runs without onOmit and the
 * minSavedBytes gate. Made from the resolved array, which holds only valid
 * values and no PHP reference: what user code did to the caller's array
 * since does not count. */
static zend_result tc_target_pass(zval *out, zval *history, const tc_params *params, zend_long keep, bool final,
		zval *report, tc_format *used)
{
	zval copy, value;
	tc_params again;
	zend_result result;

	ZVAL_ARR(&copy, zend_array_dup(Z_ARRVAL(params->resolved)));
	ZVAL_LONG(&value, keep);
	zend_hash_str_update(Z_ARRVAL(copy), ZEND_STRL("keepRecentMessages"), &value);
	if (!final) {
		zend_hash_str_del(Z_ARRVAL(copy), ZEND_STRL("onOmit"));
		zend_hash_str_del(Z_ARRVAL(copy), ZEND_STRL("minSavedBytes"));
	}
	if ((result = tc_params_init(&again, Z_ARRVAL(copy))) == SUCCESS) {
		result = tc_format_compact(out, history, &again, report, used);
		tc_params_dtor(&again);
	}
	zval_ptr_dtor(&copy);
	return result;
}

/* Each message's estimated tokens of history in format into *tokens (a new
 * array of *count, or NULL for a history that is not a list). */
static zend_result tc_target_tokens(zval *history, tc_format format, const tc_params *params, zend_long **tokens,
		uint32_t *count)
{
	tc_access access;
	tc_wfacts f;
	HashTable *messages;
	zend_result result = SUCCESS;

	*tokens = NULL;
	*count = 0;
	tc_access_init(&access);
	access.arrays_only = Z_TYPE_P(history) == IS_ARRAY;
	if ((messages = tc_list_items(&access, history))) {
		result = tc_wfacts_read(&f, format, &access, history, messages, params, 1);
		*count = f.count;
		*tokens = f.tokens;
		f.tokens = NULL;
		tc_wfacts_dtor(&f);
	}
	tc_access_dtor(&access);
	return result;
}

/* How many of the last messages the pass must leave alone for the estimate
 * to reach the target: the messages the whole pass (probe, in format)
 * changes are taken oldest first, up to the first one at which the history,
 * those changed and the rest as they were, is at or under it. */
static zend_result tc_target_keep(zval *history, zval *probe, tc_format format, const tc_params *params, zend_long *keep)
{
	zend_long *before = NULL, *after = NULL, *rest, done = 0;
	uint32_t count, probe_count, i;
	zend_result result;

	if ((result = tc_target_tokens(history, format, params, &before, &count)) == SUCCESS) {
		result = tc_target_tokens(probe, format, params, &after, &probe_count);
	}
	if (result == SUCCESS && before && after && count == probe_count) {
		/* the total at i: the output's first i (done) and the input's rest */
		rest = tc_wsuffix_sums(before, count);
		for (i = 0; i < count && tc_sum_add(done, rest[i]) > params->target_tokens; i++) {
			done = tc_sum_add(done, after[i]);
		}
		efree(rest);
		*keep = MAX(params->keep_recent, (zend_long) (count - i));
	}
	if (before) {
		efree(before);
	}
	if (after) {
		efree(after);
	}
	return result;
}

zend_result tc_target_compact(zval *out, zval *history, const tc_params *params, zval *report,
		tc_format *used)
{
	zval probe;
	zend_long keep = params->keep_recent;
	zval *met;

	if (params->target_tokens == TC_TRIGGER_UNSET) {
		return tc_format_compact(out, history, params, report, used);
	}
	/* the whole pass, without onOmit and the gate, then the pass that goes
	 * only as far as the target needs */
	if (tc_target_pass(&probe, history, params, keep, 0, NULL, used) == FAILURE) {
		return FAILURE;
	}
	if (*used != TC_FORMAT_AUTO && tc_target_keep(history, &probe, *used, params, &keep) == FAILURE) {
		zval_ptr_dtor(&probe);
		return FAILURE;
	}
	zval_ptr_dtor(&probe);
	if (tc_target_pass(out, history, params, keep, 1, report, used) == FAILURE) {
		return FAILURE;
	}
	if (report && (met = zend_hash_str_find(Z_ARRVAL_P(report), ZEND_STRL("tokensAfter")))) {
		add_assoc_bool_ex(report, ZEND_STRL("targetMet"), Z_LVAL_P(met) <= params->target_tokens);
	}
	return SUCCESS;
}
