/*
 * keepThinkingTurns (SPEC Part 4, "Thinking blocks"): the thinking and
 * redacted_thinking blocks of Anthropic assistant turns older than the last
 * N are removed, never those of a turn still inside a tool-use loop.
 */
#ifndef TC_FTHINK_H
#define TC_FTHINK_H

#include "php.h"

typedef struct _tc_fthink_stats {
	zend_long removed;   /* blocks removed */
	zend_long messages;  /* entries changed that compacted (the input's) did not */
	zend_long first;     /* position of the first entry changed, or -1 */
	zval      texts;     /* the removed blocks' thinking texts (a list, held), or UNDEF */
} tc_fthink_stats;

/* The thinking blocks of history (an Anthropic array history, borrowed)
 * cleared into compacted (the pass's output for it, an array, replaced by
 * a new array when a block is removed): keep is the number of newest
 * assistant turns that keep theirs. stats->texts must be UNDEF; it gets the
 * removed blocks' thinking strings (the caller frees it). */
void tc_fthink_clear(zval *compacted, zval *history, zend_long keep, tc_fthink_stats *stats);

#endif
