/*
 * The digests of omitted strings two at a time: sha256 of json_encode() of
 * a string, taken by tc_sha256_pair_add() and written into the string that
 * holds its hex in a batch after the pair's streams get to its end
 * (tc_sha256_done). With the CPU's SHA extensions two streams side by side
 * cost less than one after the other (tc_sha256_blocks2()).
 *
 * The field is omitted before its digest is known, so the pass must know
 * that the JSON encoding of the string cannot fail (valid UTF-8). An
 * optimistic pair takes every string unchecked and leaves the check to the
 * escaper that feeds the streams, which reads the string anyway: a string
 * that is not valid UTF-8 marks the pair failed, and the walk then
 * rewrites its messages again with a pair that checks each string first
 * (tc_walk()). So that no user code runs twice, the pass settles the pair
 * (tc_sha256_pair_settle()) before any user code runs, and checks every
 * string from then on.
 */
#ifndef TC_SHA256_PAIR_H
#define TC_SHA256_PAIR_H

#include "php.h"
#include "tc_clock.h"
#include "tc_json_escape.h"
#include "tc_sha256_blocks.h"
#include "tc_sha256_jobs.h"

/* Bytes of escaped JSON a stream escapes ahead of its compress. */
#define TC_SHA256_PAIR_BUF 2048

typedef struct {
	zend_string *src;    /* held; NULL: the stream is free */
	zend_string *hex;    /* held; gets the 64 hex digits (and a NUL) */
	size_t pos;          /* bytes of src escaped so far */
	size_t off;          /* bytes of buf compressed so far */
	size_t used;         /* bytes in buf */
	uint64_t total;      /* bytes compressed before buf's */
	bool held;           /* src and hex are held by the stream (else by a job list) */
	bool closed;         /* the closing quote and the padding are in buf */
	bool invalid;        /* src is not valid UTF-8: its digest is not json_encode()'s */
	uint32_t h[8];
	/* the escaper's slack, the closing quote, at most 72 bytes of padding */
	unsigned char buf[TC_SHA256_PAIR_BUF + TC_JSON_ESCAPE_SLACK + 1 + 72];
} tc_sha256_stream;

/*
 * How many added strings wait for a stream. At the end of a pass the
 * longest waiting one goes first into each free stream, so that the two
 * streams end near each other and little is left for one stream alone.
 */
#define TC_SHA256_PAIR_WAIT 16

typedef struct {
	zend_string *src;  /* held */
	zend_string *hex;  /* held */
} tc_sha256_waiting;

/*
 * The strings added since the pair was last finished, by a fingerprint of
 * their length and first and last bytes (a slot holds the last one added
 * of those that map to it): an agent that read a file again or ran the same
 * command twice omits the same bytes more than once, and a string with the
 * same bytes as one in the table shares its digest string instead of
 * being hashed.
 */
#define TC_SHA256_PAIR_SEEN 32

typedef struct {
	uint64_t     print;
	zend_string *src;   /* held */
	zend_string *hex;   /* held: gets src's digest */
} tc_sha256_seen;

/*
 * How many ended streams may wait for their hex digits. Writing them as a
 * stream ends would make the pass wait for its last compress to finish
 * there; written a batch at a time (and at the finish), they are written
 * from a state that is long known, while the next blocks are compressed.
 */
#define TC_SHA256_PAIR_DONE 16

typedef struct {
	uint32_t     h[8]; /* the final state */
	zend_string *hex;  /* gets its 64 hex digits; held when held is set */
	bool         held;
} tc_sha256_done;

/*
 * Once a pass has queued TC_SHA256_LANES_AFTER bytes of strings (so that
 * the lanes' 41 KiB are about 4% of what it omits at most), the pair
 * hashes with TC_SHA256_LANES streams side by side where the CPU can
 * (tc_sha256_blocks16()): the lanes take the place of the two streams
 * until the pair is finished. The last strings of a finish run in the
 * lanes while at least TC_SHA256_LANES_MIN of them are busy (below that,
 * the idle lanes' share of the work costs more than pairs do), then two
 * at a time.
 */
#define TC_SHA256_LANES_AFTER ((size_t) 1 << 20)
#define TC_SHA256_LANES_MIN 12

/*
 * A second thread can take over the hashing of an optimistic pair
 * (toolcompact.hash_thread, on a machine with more than one CPU;
 * tc_sha256_jobs.h): the pass only queues strings from then on, and its
 * thread joins in at the finish. The thread is resident; handing it a list
 * costs a pass about a microsecond while it is awake, but tens of
 * microseconds, and a wait of up to a millisecond for it to start, once
 * its CPU has gone idle. So a pass hands over early only when it is warm
 * (tc_sha256_jobs_warm(): the thread is awake, or a pass ended less than a
 * millisecond before): from its first string on (TC_SHA256_THREAD_WARM_MIN
 * bytes), once the items the pass has not yet passed (tc_sha256_pair_plan())
 * would queue TC_SHA256_THREAD_WARM_AHEAD more at the rate of those it has,
 * or, whatever is ahead, once it has queued TC_SHA256_THREAD_WARM_AFTER;
 * and at the finish when TC_SHA256_THREAD_WARM_FINISH bytes in two strings
 * or more wait. Otherwise only with much to hash: TC_SHA256_THREAD_MIN,
 * TC_SHA256_THREAD_AHEAD and TC_SHA256_THREAD_AFTER. The second thread has
 * a pair of its own, with the lanes when the pass would start them at some
 * point (it has queued TC_SHA256_LANES_AFTER, or would at the rate of the
 * items passed). At the finish, the pass's thread takes jobs too, with
 * lanes of its own when it has queued TC_SHA256_LANES_AFTER and at least
 * TC_SHA256_LANES jobs are left (so that every lane starts busy). A pass
 * that measures its messages (a report, the minSavedBytes gate) reads the
 * digest strings while they are written, and keeps to one thread.
 */
#define TC_SHA256_THREAD_MIN ((size_t) 128 << 10)
#define TC_SHA256_THREAD_AHEAD ((size_t) 512 << 10)
#define TC_SHA256_THREAD_AFTER ((size_t) 1 << 20)
#define TC_SHA256_THREAD_WARM_MIN ((size_t) 1)
#define TC_SHA256_THREAD_WARM_AHEAD ((size_t) 8 << 10)
#define TC_SHA256_THREAD_WARM_AFTER ((size_t) 32 << 10)
/* (handing fewer over at the finish costs the pass more than the thread
 * saves it when the machine is fast: 8.1 KiB of short strings took 27-32%
 * longer shared, profile-guided build, 0-5% less in slow spells) */
#define TC_SHA256_THREAD_WARM_FINISH ((size_t) 12 << 10)

/*
 * The thread cannot split a string: a pass whose hashing is mostly one
 * string can only hand that string over, and gains at most what the rest
 * of the pass does meanwhile. On a short pass that was less than the
 * hand-over costs: a pass of 24 messages hashing 9.0 of 10.2 KB took 5-15%
 * longer with the thread than without, in five runs of six. So a pass
 * whose last pass queued fewer than TC_SHA256_ONE_MAX bytes,
 * TC_SHA256_ONE_PERCENT of them or more in its longest string, hashes on
 * its own thread (tc_walker_hash_alone()). At 60%, a pass whose long
 * string (61% of its hashing) came early took 1-11% longer without the
 * thread: the rest of the pass overlapped with it.
 */
#define TC_SHA256_ONE_MAX ((size_t) 32 << 10)
#define TC_SHA256_ONE_PERCENT 67

/* A pass whose last pass queued this many bytes to hash may wake the
 * sleeping thread at its start, when passes come in bursts
 * (tc_sha256_jobs_pass_starts()). */
#define TC_SHA256_THREAD_PROD ((size_t) 4 << 10)

typedef struct {
	/* the state of the stream in lane l, word k at [k][l]
	 * (tc_sha256_blocks16()); its stream's h is not used meanwhile */
	uint32_t state[8][TC_SHA256_LANES];
	tc_sha256_stream stream[TC_SHA256_LANES];
} tc_sha256_lanes;

/* The strings a pair queues ahead (tc_sha256_pair_speculate()); all zero
 * but start (SIZE_MAX) when none are. */
typedef struct {
	uint32_t *slots;      /* NULL, or an open-addressing table by string of their
	                       * jobs' numbers plus one (0: a free slot), mask + 1 slots (emalloc) */
	uint32_t count;       /* strings in slots */
	uint32_t mask;
	size_t start;         /* the thread starts for them once they make this many bytes, */
	size_t alone;         /* or once one of them is this long */
	zend_string **held;   /* NULL, or those to queue once the thread starts (borrowed, emalloc) */
	uint32_t held_count;
	uint32_t held_size;
	size_t held_bytes;
} tc_sha256_ahead;

/*
 * Lives in the walker (tc_walk.h), made empty by tc_sha256_pair_init(),
 * which writes only the fields that say what is in use: a pass that omits
 * nothing does not pay for clearing the buffers (6 KB).
 */
typedef struct _tc_sha256_pair {
	tc_sha256_stream stream[2];
	tc_sha256_lanes *lanes;      /* NULL, or the lanes (emalloc), in use instead of stream[] */
	size_t added;                /* bytes of the strings queued since tc_sha256_pair_init() */
	size_t longest;              /* the bytes of the longest of them */
	size_t lanes_after;          /* the lanes start once added reaches this (SIZE_MAX: never) */
	tc_sha256_waiting wait[TC_SHA256_PAIR_WAIT]; /* a ring, the oldest at head */
	uint32_t head;
	uint32_t waiting;
	size_t waiting_bytes;        /* the bytes of the strings waiting */
	uint32_t seen_used; /* bit i: seen[i] is in use */
	tc_sha256_seen seen[TC_SHA256_PAIR_SEEN];
	uint32_t done_count;
	tc_sha256_done done[TC_SHA256_PAIR_DONE];
	size_t thread_after;         /* the second thread may start once added reaches this (SIZE_MAX: never,
	                              * 0: at once) */
	size_t thread_ahead;         /* ... and the items ahead would queue this much more */
	size_t thread_always;        /* ... or whatever is ahead once added reaches this */
	size_t thread_finish;        /* ... or at the finish, with this much waiting (SIZE_MAX: not then) */
	bool thread_known; /* the four above are set for a warm pass or not (tc_sha256_jobs_warm()) */
	uint32_t items;              /* the items the pass is to compact, and those it has passed */
	uint32_t items_passed;       /* (tc_sha256_pair_plan()) */
	tc_sha256_jobs *jobs;        /* NULL, or the jobs of the second thread, which the pair queues to */
	tc_sha256_ahead ahead;       /* strings queued ahead (tc_sha256_pair_speculate()) */
	struct _tc_sha256_pair *worker; /* the second thread's pair (emalloc), set with jobs */
	bool is_worker;    /* the pair of a second thread: it takes its strings from jobs,
	                    * and its lanes are freed by the pass's thread */
	uint64_t *started; /* the clock as the pass started (tc_clock_at()), set by a pass
	                    * over fewer than TC_CLOCK_BRIEF_MESSAGES messages; NULL: none
	                    * (tc_sha256_pair_brief()) */
	bool thread_pass;  /* a finish found that the pass could hand its hashing to the
	                    * thread: its end is for tc_sha256_jobs_pass_ended() */
	bool optimistic;   /* strings are taken unchecked (see above) */
	bool failed;       /* a string taken unchecked was not valid UTF-8 */
} tc_sha256_pair;

/*
 * toolcompact.sha256_pairs: 0 never, 1 when the CPU has the SHA extensions
 * (the default), 2 always (portable C otherwise; for tests), 3 as 2 with
 * the lanes from the first full queue, in portable C where the CPU has no
 * AVX-512 (for tests).
 */
bool tc_sha256_pair_enabled(zend_long setting);

/* Makes pair empty for a pass with setting (toolcompact.sha256_pairs) and
 * thread (toolcompact.hash_thread): no stream busy, nothing waiting or
 * seen, no second thread, no plan, not optimistic, not failed. */
void tc_sha256_pair_init(tc_sha256_pair *pair, zend_long setting, bool thread);

/*
 * What is ahead of a pass, for the start of its second thread: the
 * rewrite step is to compact items items (calls and results), and
 * tc_sha256_pair_passed() counts those it has come to. Without a plan
 * (items 0), the thread starts after TC_SHA256_THREAD_AFTER bytes.
 */
static zend_always_inline void tc_sha256_pair_plan(tc_sha256_pair *pair, uint32_t items)
{
	pair->items = items;
	pair->items_passed = 0;
}

static zend_always_inline void tc_sha256_pair_passed(tc_sha256_pair *pair, uint32_t items)
{
	pair->items_passed += items;
}

/* The clock as the pass of pair started (tc_clock_at()) while the pass is
 * brief (tc_clock.h: over few messages, pair->started set, and fewer than
 * TC_CLOCK_BRIEF_BYTES queued), for the decisions that would read the clock
 * in its middle or at its end; NULL when the clock is to be read then. */
static zend_always_inline uint64_t *tc_sha256_pair_brief(const tc_sha256_pair *pair)
{
	return pair->added < TC_CLOCK_BRIEF_BYTES ? pair->started : NULL;
}

/* Whether s can be added: any string while pair is optimistic, else valid
 * UTF-8 only (its JSON encoding cannot fail). */
bool tc_sha256_pair_takes(const tc_sha256_pair *pair, const zend_string *s);

/*
 * Queues sha256 of the JSON string of s (borrowed) and returns the string
 * that gets its 64 hex digits (owned by the caller): hex (a string of
 * TC_SHA256_HEX_LEN bytes, not yet in use as a key, taken over), or, when
 * s has the same bytes as a string added since the last finish, that
 * one's string instead (hex is then released: s is not hashed again). The
 * digits are written in a batch of ended streams (tc_sha256_done), at the
 * latest in tc_sha256_pair_finish(), and read as zeros until then (so that
 * the JSON length is right); the pair holds s and the string until then.
 * May run queued digests, this one's or others'.
 */
zend_string *tc_sha256_pair_add(tc_sha256_pair *pair, zend_string *s, zend_string *hex);

/*
 * Strings queued to the second thread before the pass knows it will omit
 * them (the index step: tc_speculate.c). tc_sha256_pair_ahead_begin() opens
 * such a stretch of a pass, warm or not (tc_sha256_jobs_warm()), and
 * tc_sha256_pair_ahead_end() closes it. In between,
 * tc_sha256_pair_speculate() queues sha256 of the JSON string of s
 * (borrowed; the second thread's list holds it once queued): held back
 * until those of the stretch make TC_SHA256_AHEAD_WARM bytes (warm) or
 * TC_SHA256_AHEAD_COLD, or, warm, one of them is TC_SHA256_AHEAD_ALONE
 * bytes long, then queued with every later one, the thread started
 * (or given up on when it cannot start: then those held back are dropped
 * and no more is queued). A later tc_sha256_pair_add() of a string queued
 * so (the same zend_string) takes its digest string instead of queuing s
 * again; strings still held back at the end are forgotten (the pass queues
 * them as it omits them). Does nothing for a pair that is not optimistic or
 * may not start the thread, or for a string queued before. Every digest
 * queued ahead is written by tc_sha256_pair_finish(), asked for or not;
 * one of a string that is not valid UTF-8 fails the pair whether the pass
 * omits it or not (the pass then rewrites its messages again, with the same
 * output).
 */
#define TC_SHA256_AHEAD_WARM ((size_t) 16 << 10)
#define TC_SHA256_AHEAD_COLD ((size_t) 128 << 10)
#define TC_SHA256_AHEAD_ALONE ((size_t) 4 << 10)
void tc_sha256_pair_ahead_begin(tc_sha256_pair *pair, bool warm);
void tc_sha256_pair_speculate(tc_sha256_pair *pair, zend_string *s);
void tc_sha256_pair_ahead_end(tc_sha256_pair *pair);

/* Writes every queued digest and lets go of what the pair holds. The pair
 * is empty afterwards; safe on an empty pair. Sets pair->failed when a
 * string taken unchecked was not valid UTF-8 (its digest is then wrong). */
void tc_sha256_pair_finish(tc_sha256_pair *pair);

/*
 * To be called right before user code may run in a pass with pair (NULL:
 * none): finishes the queued digests and ends the optimism of the pair.
 * Returns false when the pair has failed: the pass is to be rewritten
 * again, and the user code must not run now.
 */
bool tc_sha256_pair_settle(tc_sha256_pair *pair);

/* At MSHUTDOWN, after tc_sha256_jobs_shutdown(): frees the second thread's
 * pair. */
void tc_sha256_pair_shutdown(void);

/*
 * On a bailout out of a pass with pair (a fatal error): stops the second
 * thread, if it runs, before the strings of its jobs go away (its jobs not
 * yet taken are dropped), and frees what it used. Nothing else of the
 * pair is let go of: the request's end frees it. No digest is written.
 */
void tc_sha256_pair_abandon(tc_sha256_pair *pair);

#endif
