#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "../../php_toolcompact.h"

#include "../engine/tc_pass.h"
#include "../offload/tc_restore.h"
#include "../memo/tc_memo.h"
#include "tc_format.h"
#include "tc_fcache.h"
#include "tc_fview.h"
#include "tc_fread.h"
#include "tc_fthink.h"
#include "../engine/tc_sum.h"
#include "../engine/tc_estimate.h"

#define TC_REASON_MIXED "mixedFormats"
#define TC_REASON_UNKNOWN "formatUnknown"
#define TC_REASON_MISMATCH "formatMismatch"

/* Does the named format fit an array history: an entry has its shape, or
 * none tells another format? */
static bool tc_format_fits(HashTable *history, tc_format wanted)
{
	bool other = 0;
	zval *entry;

	ZEND_HASH_FOREACH_VAL(history, entry) {
		ZVAL_DEREF(entry);
		if (tc_format_shaped(entry, wanted)) {
			return 1;
		}
		other |= !other && tc_fcache_told(entry) != TC_FORMAT_AUTO;
	} ZEND_HASH_FOREACH_END();
	return !other;
}

void tc_format_startup(void)
{
	tc_node_startup();
	tc_ftold_startup();
}

tc_format tc_format_choose(zval *history, tc_format wanted, const char **reason)
{
	tc_format found = TC_FORMAT_AUTO, told;
	bool roleless = 0;
	zval *entry;

	*reason = NULL;
	if (Z_TYPE_P(history) != IS_ARRAY) {
		/* a collection of DTOs (its entries are checked as the pass reads them) */
		if (wanted != TC_FORMAT_AUTO && wanted != TC_FORMAT_ADACHSOFT) {
			*reason = TC_REASON_MISMATCH;
			return TC_FORMAT_AUTO;
		}
		return TC_FORMAT_ADACHSOFT;
	}
	if (tc_format_holds_unreadable(Z_ARRVAL_P(history), 0)) {
		*reason = TC_REASON_UNREADABLE;
		return TC_FORMAT_AUTO;
	}
	if (wanted != TC_FORMAT_AUTO) {
		if (!tc_format_fits(Z_ARRVAL_P(history), wanted)) {
			*reason = TC_REASON_MISMATCH;
			return TC_FORMAT_AUTO;
		}
		return wanted;
	}
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(history), entry) {
		ZVAL_DEREF(entry);
		told = tc_fcache_told(entry);
		if (told == TC_FORMAT_AUTO) {
			roleless |= Z_TYPE_P(entry) == IS_ARRAY && !tc_node_str(entry, TC_FK_ROLE);
		} else if (found == TC_FORMAT_AUTO) {
			found = told;
		} else if (found != told) {
			*reason = TC_REASON_MIXED;
			return TC_FORMAT_AUTO;
		}
	} ZEND_HASH_FOREACH_END();
	if (found == TC_FORMAT_AUTO && roleless) {
		*reason = TC_REASON_UNKNOWN;
	}
	return found == TC_FORMAT_AUTO && !roleless ? TC_FORMAT_ADACHSOFT : found;
}

static void tc_format_report(zval *report, tc_format format)
{
	if (format == TC_FORMAT_AUTO) {
		add_assoc_null_ex(report, ZEND_STRL("format"));
	} else {
		add_assoc_string_ex(report, ZEND_STRL("format"), tc_format_names[format]);
	}
}

/* What the report says of the thinking blocks removed: their texts (as the
 * estimate counts them) leave bytesAfter and tokensAfter and join
 * savedBytes. FAILURE when the user's tokenCounter threw. */
static zend_result tc_format_thinking_saved(zval *local, zval *texts, const tc_params *params)
{
	tc_size size = {0, 0};
	zval *text, *value;

	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(texts), text) {
		if (tc_estimate_payload(params, text, 1, &size) == FAILURE) {
			return FAILURE;
		}
	} ZEND_HASH_FOREACH_END();
	if ((value = zend_hash_str_find(Z_ARRVAL_P(local), ZEND_STRL("bytesAfter"))) && Z_TYPE_P(value) == IS_LONG) {
		ZVAL_LONG(value, MAX(Z_LVAL_P(value) - size.bytes, 0));
	}
	if ((value = zend_hash_str_find(Z_ARRVAL_P(local), ZEND_STRL("tokensAfter"))) && Z_TYPE_P(value) == IS_LONG) {
		ZVAL_LONG(value, MAX(Z_LVAL_P(value) - size.tokens, 0));
	}
	if ((value = zend_hash_str_find(Z_ARRVAL_P(local), ZEND_STRL("savedBytes"))) && Z_TYPE_P(value) == IS_LONG) {
		ZVAL_LONG(value, tc_sum_add(Z_LVAL_P(value), size.bytes));
	}
	return SUCCESS;
}

/* keepThinkingTurns after the pass, which made *out and its report local:
 * when the pass applied, the old turns' thinking blocks leave *out; local
 * becomes *report (when wanted) with the messages they changed and what
 * they saved. FAILURE (*out null, local freed) when the user's tokenCounter
 * threw. */
static zend_result tc_format_thinking(zval *out, zval *history, const tc_params *params, zval *local, zval *report,
		zend_long *removed)
{
	tc_fthink_stats stats;
	zval *applied = zend_hash_str_find(Z_ARRVAL_P(local), ZEND_STRL("applied")), *value;
	zend_result result = SUCCESS;

	stats.removed = 0;
	stats.messages = 0;
	stats.first = -1;
	ZVAL_UNDEF(&stats.texts);
	if (applied && Z_TYPE_P(applied) == IS_TRUE && Z_TYPE_P(out) == IS_ARRAY) {
		tc_fthink_clear(out, history, params->keep_thinking, &stats);
	}
	if (stats.removed) {
		value = zend_hash_str_find(Z_ARRVAL_P(local), ZEND_STRL("messagesChanged"));
		ZVAL_LONG(value, tc_sum_add(Z_LVAL_P(value), stats.messages));
		value = zend_hash_str_find(Z_ARRVAL_P(local), ZEND_STRL("firstChangedIndex"));
		if (Z_TYPE_P(value) != IS_LONG || Z_LVAL_P(value) > stats.first) {
			ZVAL_LONG(value, stats.first);
		}
	}
	if (report && !Z_ISUNDEF(stats.texts)) {
		result = tc_format_thinking_saved(local, &stats.texts, params);
	}
	zval_ptr_dtor(&stats.texts);
	if (result == FAILURE) {
		zval_ptr_dtor(out);
		ZVAL_NULL(out);
		zval_ptr_dtor(local);
	} else if (report) {
		ZVAL_COPY_VALUE(report, local);
	} else {
		zval_ptr_dtor(local);
	}
	*removed = stats.removed;
	return result;
}

zend_result tc_format_compact(zval *out, zval *history, const tc_params *params, zval *report, tc_format *used)
{
	zend_long removed = 0;
	bool thinking = 0;
	zval local;
	const char *reason;
	tc_format format;
	zend_result result;

	if (!tc_fcache_enabled()) {
		/* toolcompact.memo_entries=0 or toolcompact.format_cache=0: let go
		 * of the cache unless a read has it lent */
		tc_fcache_release_if_idle();
	}
	format = tc_format_choose(history, params->format, &reason);
	*used = format;
	if (reason) {
		ZVAL_COPY(out, history);
		if (report) {
			tc_pass_report_none(report, params, reason);
		}
		result = SUCCESS;
	} else if (format == TC_FORMAT_ADACHSOFT) {
		bool read;

		result = tc_pass(out, history, params, report, &read);
		if (!read) {
			format = TC_FORMAT_AUTO; /* none could be used */
			*used = format;
		}
	} else {
		tc_fview v;
		tc_pass_view pass_view;

		/* JSON texts are decoded only where the walk needs them, unless the
		 * whole history is estimated (a report, trigger.tokens or fraction,
		 * keepRecentTokens, keepThinkingTurns) */
		bool lazy = !report && params->trigger_tokens == TC_TRIGGER_UNSET
			&& params->trigger_fraction == TC_TRIGGER_UNSET && params->keep_recent_tokens == TC_TRIGGER_UNSET
			&& params->keep_thinking == TC_TRIGGER_UNSET;
		bool cache = tc_fcache_enabled();

		if (TOOLCOMPACT_G(memo_entries) <= 0) {
			/* the memo is not opened for a view without the cache:
			 * tc_memo_open() lets go of it unless a pass is using it */
			(void) tc_memo_open(params, Z_ARRVAL_P(history));
		}
		thinking = format == TC_FORMAT_ANTHROPIC && params->keep_thinking != TC_TRIGGER_UNSET;
		tc_fview_init(&v, format, history, params, lazy, cache);
		pass_view.original = history;
		pass_view.memo = cache;
		pass_view.write = tc_fview_write;
		pass_view.prepare = lazy ? tc_fview_prepare : NULL;
		pass_view.turn_start = tc_fview_turn_start;
		pass_view.ctx = &v;
		result = tc_pass_over_view(out, &v.view, params, thinking ? &local : report, &pass_view);
		tc_fview_dtor(&v);
		if (result == SUCCESS && thinking) {
			result = tc_format_thinking(out, history, params, &local, report, &removed);
		}
	}
	if (result == SUCCESS && report) {
		tc_format_report(report, format);
		if (params->keep_thinking != TC_TRIGGER_UNSET) {
			add_assoc_long_ex(report, ZEND_STRL("thinkingBlocksRemoved"), removed);
		}
	}
	return result;
}

zend_result tc_format_restore(zval *out, zval *history, const tc_callable *lookup, zend_string *placeholder)
{
	const char *reason;
	tc_format format = tc_format_choose(history, TC_FORMAT_AUTO, &reason);

	if (reason) {
		ZVAL_COPY(out, history);
		return SUCCESS;
	}
	if (format == TC_FORMAT_ADACHSOFT) {
		return tc_restore(out, history, lookup);
	}
	return tc_format_restore_entries(out, history, format, lookup, placeholder);
}
