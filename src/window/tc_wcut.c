#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"

#include "../engine/tc_sum.h"
#include "tc_wfacts.h"

/* Are count messages and tokens kept of f within the limits? room counts
 * only when a message is dropped (the summary takes its place). */
static bool tc_wcut_within(const tc_wfacts *f, const tc_params *params, uint32_t room, zend_long count, zend_long tokens)
{
	if (count == (zend_long) f->count) {
		room = 0;
	}
	return (params->max_messages == TC_TRIGGER_UNSET || count + (zend_long) room <= params->max_messages)
		&& (params->max_tokens == TC_TRIGGER_UNSET || tokens <= params->max_tokens);
}

/* What is kept with the cut at c: messages and tokens. */
static void tc_wcut_kept(const tc_wfacts *f, uint32_t c, zend_long *count, zend_long *tokens)
{
	uint32_t i;

	*count = 0;
	*tokens = 0;
	for (i = 0; i < f->count; i++) {
		if (i >= c || f->pinned[i]) {
			++*count;
			*tokens = tc_sum_add(*tokens, f->tokens ? f->tokens[i] : 0);
		}
	}
}

zend_long *tc_wsuffix_sums(const zend_long *values, uint32_t count)
{
	zend_long *sums = safe_emalloc(count + 1, sizeof(zend_long), 0);
	uint32_t i = count;

	sums[count] = 0;
	while (i-- > 0) {
		sums[i] = tc_sum_add(values[i], sums[i + 1]);
	}
	return sums;
}

/* Is a message before c dropped (one not pinned)? */
static bool tc_wcut_drops(const tc_wfacts *f, uint32_t c)
{
	uint32_t i;

	for (i = 0; i < c; i++) {
		if (!f->pinned[i]) {
			return 1;
		}
	}
	return 0;
}

/* The cut moved back once, or c when it need not move: to the oldest
 * dropped message of an id that also has a kept one, or, with user_first,
 * to the nearest user message before a first kept one that is not. */
static uint32_t tc_wcut_back(tc_wfacts *f, uint32_t c, bool user_first)
{
	tc_wspan *span;
	uint32_t moved = c;

	ZEND_HASH_FOREACH_PTR(&f->spans, span) {
		if (span->lo < c && (span->hi >= c || span->pinned) && span->lo < moved) {
			moved = span->lo;
		}
	} ZEND_HASH_FOREACH_END();
	if (moved == c && user_first && c < f->count && !f->user[c] && tc_wcut_drops(f, c)) {
		while (moved > 0 && !f->user[--moved]) {
		}
	}
	return moved;
}

uint32_t tc_wcut(tc_wfacts *f, const tc_params *params, uint32_t room, bool user_first, bool *met)
{
	/* the tokens kept with the cut at c: those of the pinned messages
	 * before it (pinned) and of every one from it on (suffix[c]), each a
	 * saturated sum, never a saturated total less what is dropped */
	zend_long count = f->count, tokens, pinned = 0, *suffix = f->tokens ? tc_wsuffix_sums(f->tokens, f->count) : NULL;
	uint32_t c = 0, last = f->count ? f->count - 1 : 0, back;

	/* oldest first, up to the last message, which always stays */
	while (c < last && !tc_wcut_within(f, params, room, count, suffix ? tc_sum_add(pinned, suffix[c]) : 0)) {
		if (!f->pinned[c]) {
			count--;
		} else if (suffix) {
			pinned = tc_sum_add(pinned, f->tokens[c]);
		}
		c++;
	}
	if (suffix) {
		efree(suffix);
	}
	while ((back = tc_wcut_back(f, c, user_first)) != c) {
		c = back;
	}
	tc_wcut_kept(f, c, &count, &tokens);
	*met = tc_wcut_within(f, params, room, count, tokens);
	return c;
}
