/*
 * The walk's view of a provider's history (SPEC Part 4): one plain-array
 * message of Part 1's shape per entry, whose calls and results carry the
 * payloads as the walk sees them; and the writing of the walk's changes
 * back into the provider's own entries.
 */
#ifndef TC_FVIEW_H
#define TC_FVIEW_H

#include "php.h"

#include "../engine/tc_sum.h"
#include "tc_fread.h"

struct _tc_walker;

typedef struct _tc_fview {
	tc_freader reader;
	zval      *history; /* the provider's history (borrowed) */
	zval       view;    /* the view: one message per entry, in order */
	HashTable  records; /* position of an entry => what its write tells the
	                     * onOmit list (tc_fview_write()) */
	const tc_params *params;
	zend_long *saved;   /* NULL, or what the written forms save beyond the
	                     * view's: bytes, tokens (tc_pass_view.write()) */
	bool       tokens;
	bool       threw;   /* a tokenCounter threw */
} tc_fview;

/* Reads history (an array, borrowed) in format for a pass with params
 * (borrowed) and makes its view; with lazy, JSON texts are decoded only where the walk
 * needs them (tc_fview_prepare()); with cache, entries met before are read
 * from the cache and keep their view messages (tc_fcache.h). */
void tc_fview_init(tc_fview *v, tc_format format, zval *history, const tc_params *params, bool lazy, bool cache);

/* The prepare() of tc_pass_view (ctx: a tc_fview): decodes each pending
 * payload the walk is to compact, in the view's own item array. */
void tc_fview_prepare(void *ctx, const struct _tc_walker *w);
void tc_fview_dtor(tc_fview *v);

/* The turn_start() of tc_pass_view (ctx: a tc_fview): is entry i a user
 * message that holds more than results (no result, or a text beside them)?
 * An openai tool message, a Responses function_call_output item have no user
 * role; an anthropic user message of tool_result blocks only, a gemini user
 * content of functionResponse parts only hold nothing more. */
bool tc_fview_turn_start(void *ctx, uint32_t i);

/* The write() of tc_pass_view (ctx: a tc_fview): the history with the
 * payloads that changed in new_view written back in the provider's form. */
zend_result tc_fview_write(void *ctx, zval *out, zval *new_view, zval *omits, zend_long *saved, bool tokens,
		tc_walk_stats *stats);

/* Writes the payload the walk made of item (new_payload, borrowed) into
 * root, a copy of its entry at position; with whole_record (else NULL), a
 * record of the whole payload as it was read that the written meta lists
 * (SPEC Part 4, "Restoring") is made its onOmit record there (left UNDEF
 * when there is none). Adds to v->saved what the written form saves beyond
 * the view's. Returns whether root changed. (tc_fpayload.c) */
bool tc_fpayload_write(tc_fview *v, tc_fitem *item, uint32_t position, zval *new_payload, tc_node_root *root,
		zval *whole_record);

/* The number of fields the walk newly omitted in new_payload (borrowed),
 * the payload it made of item: the onOmit records it queued for it.
 * (tc_fpayload.c) */
uint32_t tc_fpayload_fresh(tc_fitem *item, zval *new_payload);

/* Takes off stats (and v->saved) what the walk counted of new_payload
 * (borrowed), the payload it made of item, which was not written back: the
 * call or result, the fields omitted, previewed and collapsed, and what it
 * saved. (tc_fpayload.c) */
void tc_fpayload_unwritten(tc_fview *v, tc_fitem *item, zval *new_payload, tc_walk_stats *stats);

#endif
