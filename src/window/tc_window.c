#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"

#include "../shapes/tc_access.h"
#include "tc_wfacts.h"
#include "tc_window.h"

/* What the window did (the report's keys). */
typedef struct _tc_wdone {
	uint32_t dropped;
	uint32_t from, to;  /* positions of the oldest and newest dropped */
	bool     met;
	bool     summary_used;
	bool     summary_failed;
	zval     summary_error; /* what summarize threw (an array), or UNDEF */
} tc_wdone;

static void tc_window_report(zval *report, const tc_wdone *done)
{
	if (!report) {
		return;
	}
	add_assoc_long_ex(report, ZEND_STRL("messagesDropped"), done->dropped);
	if (done->dropped) {
		add_assoc_long_ex(report, ZEND_STRL("droppedFrom"), done->from);
		add_assoc_long_ex(report, ZEND_STRL("droppedTo"), done->to);
	} else {
		add_assoc_null_ex(report, ZEND_STRL("droppedFrom"));
		add_assoc_null_ex(report, ZEND_STRL("droppedTo"));
	}
	add_assoc_bool_ex(report, ZEND_STRL("windowMet"), done->met);
	add_assoc_bool_ex(report, ZEND_STRL("summaryUsed"), done->summary_used);
	add_assoc_bool_ex(report, ZEND_STRL("summaryFailed"), done->summary_failed);
	if (Z_TYPE(done->summary_error) == IS_ARRAY) {
		zval error;

		ZVAL_COPY(&error, &done->summary_error);
		add_assoc_zval_ex(report, ZEND_STRL("summaryError"), &error);
	} else {
		add_assoc_null_ex(report, ZEND_STRL("summaryError"));
	}
}

void tc_window_report_none(zval *report)
{
	tc_wdone done = {0};

	ZVAL_UNDEF(&done.summary_error);
	tc_window_report(report, &done);
}

/* The dropped messages of messages, cut at c, into gone (a new list). */
static void tc_window_gone(zval *gone, HashTable *messages, const tc_wfacts *f, uint32_t c, tc_wdone *done)
{
	zval *message, copy;
	uint32_t i = 0;

	array_init_size(gone, c);
	ZEND_HASH_FOREACH_VAL(messages, message) {
		if (i >= c) {
			break;
		}
		if (!f->pinned[i]) {
			if (!done->dropped++) {
				done->from = i;
			}
			done->to = i;
			ZVAL_COPY_DEREF(&copy, message);
			zend_hash_next_index_insert_new(Z_ARRVAL_P(gone), &copy);
		}
		i++;
	} ZEND_HASH_FOREACH_END();
}

/* The kept messages of messages into kept (a new list), the summary (taken
 * over; UNDEF: none) in the place of the oldest dropped one. */
static void tc_window_kept(zval *kept, HashTable *messages, const tc_wfacts *f, uint32_t c, uint32_t from,
		zval *summary)
{
	zval *message, copy;
	uint32_t i = 0;

	array_init_size(kept, f->count);
	ZEND_HASH_FOREACH_VAL(messages, message) {
		if (i == from && Z_TYPE_P(summary) != IS_UNDEF) {
			zend_hash_next_index_insert_new(Z_ARRVAL_P(kept), summary);
		}
		if (i >= c || f->pinned[i]) {
			ZVAL_COPY_DEREF(&copy, message);
			zend_hash_next_index_insert_new(Z_ARRVAL_P(kept), &copy);
		}
		i++;
	} ZEND_HASH_FOREACH_END();
}

zend_result tc_window_apply(zval *out, tc_format format, const tc_params *params, zval *report)
{
	tc_access access;
	tc_wfacts f;
	tc_wdone done = {0};
	HashTable *messages;
	zval gone, kept, summary, shorter;
	uint32_t c, room = tc_callable_set(&params->summarize) ? 1 : 0;
	bool tokens = params->max_tokens != TC_TRIGGER_UNSET, user_first;

	ZVAL_UNDEF(&done.summary_error);
	tc_access_init(&access);
	access.arrays_only = Z_TYPE_P(out) == IS_ARRAY;
	messages = tc_hold(tc_list_items(&access, out));
	if (!messages || (!tokens && (zend_long) zend_hash_num_elements(messages) <= params->max_messages)) {
		/* not a list, or within maxMessages already: nothing to read */
		done.met = messages != NULL;
		goto finish;
	}
	if (tc_wfacts_read(&f, format, &access, out, messages, params, tokens) == FAILURE) {
		tc_wfacts_dtor(&f);
		tc_release(messages);
		tc_access_dtor(&access);
		zval_ptr_dtor(out);
		ZVAL_NULL(out);
		return FAILURE;
	}
	/* Anthropic and Gemini want a user message first: a summary is one,
	 * else the cut moves back to one */
	user_first = format == TC_FORMAT_ANTHROPIC || format == TC_FORMAT_GEMINI;
	c = tc_wcut(&f, params, room, user_first && !room, &done.met);
	tc_window_gone(&gone, messages, &f, c, &done);
	ZVAL_UNDEF(&summary);
	if (done.dropped && room) {
		zval *first = access.arrays_only ? NULL : zend_hash_index_find(Z_ARRVAL(gone), 0);

		if (!tc_wsummary(&summary, format, params, &gone, first, &done.summary_error)) {
			if (user_first) {
				/* a plain drop after all: the cut again, a user message first */
				zval error;

				ZVAL_COPY_VALUE(&error, &done.summary_error);
				zval_ptr_dtor(&gone);
				done = (tc_wdone) {0};
				ZVAL_COPY_VALUE(&done.summary_error, &error);
				c = tc_wcut(&f, params, room, 1, &done.met);
				tc_window_gone(&gone, messages, &f, c, &done);
			}
			done.summary_failed = 1;
		} else {
			done.summary_used = 1;
		}
	}
	if (done.dropped) {
		tc_window_kept(&kept, messages, &f, c, done.from, &summary);
		if (access.arrays_only) {
			ZVAL_COPY_VALUE(&shorter, &kept);
		} else if (!tc_list_make(&shorter, out, &kept)) {
			/* the collection refused: the pass's output as it is */
			zval_ptr_dtor(&done.summary_error);
			done = (tc_wdone) {0};
			ZVAL_UNDEF(&done.summary_error);
			ZVAL_UNDEF(&shorter);
		}
		if (Z_TYPE(shorter) != IS_UNDEF) {
			zval_ptr_dtor(out);
			ZVAL_COPY_VALUE(out, &shorter);
		}
	} else {
		zval_ptr_dtor(&summary);
	}
	zval_ptr_dtor(&gone);
	tc_wfacts_dtor(&f);
finish:
	tc_release(messages);
	tc_access_dtor(&access);
	tc_window_report(report, &done);
	zval_ptr_dtor(&done.summary_error);
	return SUCCESS;
}
