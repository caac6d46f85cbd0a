/*
 * What the window needs to know of each message of a history (SPEC Part 6):
 * its estimate, whether it is pinned (never dropped) or a user message, and
 * which messages hold the items the provider pairs (a call and its results,
 * and the other pairs of "What counts").
 */
#ifndef TC_WFACTS_H
#define TC_WFACTS_H

#include "php.h"

#include "../engine/tc_params.h"
#include "../shapes/tc_access.h"

/* The messages that hold the items of one pair. */
typedef struct _tc_wspan {
	uint32_t lo;     /* the oldest that is not pinned; UINT32_MAX: none */
	uint32_t hi;     /* the newest */
	bool     pinned; /* one of them is pinned */
	struct _tc_wspan *older; /* while reading: the pair of the next older call
	                          * of its id that no result answers yet */
} tc_wspan;

typedef struct _tc_wfacts {
	uint32_t   count;
	zend_long *tokens;  /* each message's estimated tokens; NULL: not estimated */
	bool      *pinned;  /* a system message (keepSystem), the first user turn (keepFirstUser) */
	bool      *user;    /* its role is "user" */
	HashTable  spans;   /* every pair: a list of tc_wspan (owned) */
	HashTable  ids;     /* while reading: id => its tc_wid (tc_wfacts.c) */
	HashTable  links;   /* while reading: position => the pair (borrowed) of
	                     * the messages that go with the one at it */
	bool       first_user_seen;
} tc_wfacts;

/*
 * Reads the facts of messages (the items of the history, borrowed, read
 * through access) in format; the estimates only with tokens. Returns
 * FAILURE when the tokenCounter threw; tc_wfacts_dtor() either way.
 */
zend_result tc_wfacts_read(tc_wfacts *f, tc_format format, tc_access *access, zval *history, HashTable *messages,
		const tc_params *params, bool tokens);
void tc_wfacts_dtor(tc_wfacts *f);

/*
 * The cut: the messages before the returned position that are not pinned
 * are dropped. The smallest position at which the rest is within the
 * limits of params (room: messages kept free for a summary), moved back
 * while it would separate the items of an id or, with user_first, while
 * the message at it is not a user message; never past the last message.
 * *met tells whether the rest is within the limits.
 */
uint32_t tc_wcut(tc_wfacts *f, const tc_params *params, uint32_t room, bool user_first, bool *met);

/* The sums of values[i] up to values[count - 1] for each i, and 0 for i =
 * count, saturated (tc_sum_add()): a new array of count + 1 (efree()).
 * A total taken as a sum of the first ones of one kind and such a sum of
 * the rest stays exact where a saturated total less a part would not.
 * (tc_wcut.c) */
zend_long *tc_wsuffix_sums(const zend_long *values, uint32_t count);

/*
 * The summary message of format for the dropped messages gone (a list,
 * borrowed) into *message, made from what params' summarize returns;
 * first: in an object history, the oldest dropped message (borrowed, the
 * model of the new one), else NULL. Returns false, *message undefined, when the callable threw
 * (the exception cleared, its class and message into *error, an array; exit()
 * stays pending) or returned something that is not a summary.
 */
bool tc_wsummary(zval *message, tc_format format, const tc_params *params, zval *gone, zval *first, zval *error);

#endif
