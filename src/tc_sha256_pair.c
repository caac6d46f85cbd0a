#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_bitset.h"

#include "tc_sha256.h"
#include "tc_sha256_blocks.h"
#include "tc_sha256_pair.h"
#include "tc_utf8.h"

bool tc_sha256_pair_enabled(zend_long setting)
{
	return setting >= 2 || (setting == 1 && tc_sha256_blocks_native());
}

/* No string queued ahead, none held back, no stretch open. */
static void tc_ahead_empty(tc_sha256_pair *pair)
{
	memset(&pair->ahead, 0, sizeof(pair->ahead));
	pair->ahead.start = SIZE_MAX;
	pair->ahead.alone = SIZE_MAX;
}

void tc_sha256_pair_init(tc_sha256_pair *pair, zend_long setting, bool thread)
{
	pair->stream[0].src = NULL;
	pair->stream[1].src = NULL;
	pair->lanes = NULL;
	pair->added = 0;
	pair->longest = 0;
	pair->lanes_after = setting >= 3 ? 0
		: setting == 1 && tc_sha256_lanes_native() ? TC_SHA256_LANES_AFTER : SIZE_MAX;
	/* whether the pass is warm is asked once it has that much to hash
	 * (tc_pair_thread_known()) */
	pair->thread_after = !thread || tc_sha256_jobs_cpus() < 2 ? SIZE_MAX
		: setting >= 3 ? 0 : TC_SHA256_THREAD_WARM_MIN;
	pair->thread_known = setting >= 3;
	pair->thread_ahead = 0;
	pair->thread_always = 0;
	pair->thread_finish = setting >= 3 ? SIZE_MAX : TC_SHA256_THREAD_WARM_FINISH;
	pair->items = 0;
	pair->items_passed = 0;
	pair->jobs = NULL;
	pair->worker = NULL;
	pair->is_worker = 0;
	pair->head = 0;
	pair->waiting = 0;
	pair->waiting_bytes = 0;
	pair->seen_used = 0;
	pair->done_count = 0;
	tc_ahead_empty(pair);
	pair->optimistic = 0;
	pair->failed = 0;
	pair->thread_pass = 0;
	pair->started = NULL;
}

bool tc_sha256_pair_takes(const tc_sha256_pair *pair, const zend_string *s)
{
	return pair->optimistic || tc_utf8_valid((const unsigned char *) ZSTR_VAL(s), ZSTR_LEN(s));
}

/* Starts st on s, taking over the references to s and hex when held (else
 * they are a job list's). */
static void tc_stream_start(tc_sha256_stream *st, zend_string *s, zend_string *hex, bool held)
{
	st->src = s;
	st->hex = hex;
	st->held = held;
	st->pos = 0;
	st->off = 0;
	st->total = 0;
	st->closed = 0;
	st->invalid = 0;
	st->buf[0] = '"';
	st->used = 1;
	memcpy(st->h, tc_sha256_initial, sizeof(st->h));
}

/*
 * The closing quote, then the padding and the length (FIPS 180-4 5.1.1):
 * the last block or two are whole blocks in buf, which the pair compresses
 * side by side like the others.
 */
static void tc_stream_close(tc_sha256_stream *st)
{
	size_t rest, end;
	uint64_t bits;
	int k;

	st->buf[st->used++] = '"';
	rest = st->used - st->off;
	bits = (st->total + rest) * 8;
	end = st->off + (rest + 9 + 63) / 64 * 64;
	ZEND_ASSERT(end <= sizeof(st->buf));
	memset(st->buf + st->used, 0, end - st->used);
	st->buf[st->used] = 0x80;
	for (k = 0; k < 8; k++) {
		st->buf[end - 1 - k] = (unsigned char) (bits >> (8 * k));
	}
	st->used = end;
	st->closed = 1;
}

/* Escapes more of the string when less than a block waits; returns the
 * whole blocks waiting. None only once the last block is compressed. */
static size_t tc_stream_fill(tc_sha256_stream *st)
{
	size_t waiting = st->used - st->off;
	unsigned char *end;

	if (waiting >= 64 || st->closed) {
		return waiting / 64;
	}
	memmove(st->buf, st->buf + st->off, waiting);
	st->off = 0;
	end = (unsigned char *) tc_json_escape_run((const unsigned char *) ZSTR_VAL(st->src), ZSTR_LEN(st->src), &st->pos,
		(char *) st->buf + waiting, (const char *) st->buf + TC_SHA256_PAIR_BUF);
	if (!end) {
		/* not valid UTF-8 (taken unchecked): the stream ends here, marked */
		st->invalid = 1;
	}
	st->used = end ? (size_t) (end - st->buf) : waiting;
	if (!end || st->pos == ZSTR_LEN(st->src)) {
		tc_stream_close(st);
	}
	return st->used / 64;
}

static void tc_stream_advance(tc_sha256_stream *st, size_t blocks)
{
	st->off += 64 * blocks;
	st->total += 64 * blocks;
}

/* Writes the hex digits of every ended stream (tc_sha256_done) and lets go
 * of their strings. */
static void tc_pair_write_done(tc_sha256_pair *pair)
{
	uint32_t i;

	for (i = 0; i < pair->done_count; i++) {
		tc_sha256_done *done = &pair->done[i];

		tc_sha256_state_hex(done->h, ZSTR_VAL(done->hex));
		if (done->held) {
			zend_string_release(done->hex);
		}
	}
	pair->done_count = 0;
}

/* Keeps the final state for its hex digits (tc_pair_write_done()) and lets
 * go of the string. A string that was not valid UTF-8 fails the pair. */
static void tc_stream_end(tc_sha256_pair *pair, tc_sha256_stream *st)
{
	tc_sha256_done *done;

	ZEND_ASSERT(st->closed && st->off == st->used);
	if (pair->done_count == TC_SHA256_PAIR_DONE) {
		tc_pair_write_done(pair);
	}
	done = &pair->done[pair->done_count++];
	memcpy(done->h, st->h, sizeof(done->h));
	done->hex = st->hex;
	done->held = st->held;
	pair->failed |= st->invalid;
	if (st->held) {
		zend_string_release(st->src);
	}
	st->src = NULL;
	st->hex = NULL;
}

/* The bytes of st's JSON string not yet compressed, at least (escaping
 * only adds to what is left of its string). */
static size_t tc_stream_left(const tc_sha256_stream *st)
{
	return (st->closed ? 0 : ZSTR_LEN(st->src) - st->pos) + (st->used - st->off);
}

/* The bytes of the strings that wait to follow the two busy streams; a
 * job list not yet closed and emptied counts as too many to know. */
static size_t tc_pair_after(tc_sha256_pair *pair)
{
	if (pair->jobs) {
		return tc_sha256_jobs_closed(pair->jobs) && !tc_sha256_jobs_left(pair->jobs) ? 0 : SIZE_MAX;
	}
	return pair->waiting_bytes;
}

/*
 * One step of a and b where one rides beside the other (tc_sha256_blocks3():
 * a block of it to three of the other), or false. It rides when the other
 * has at least twice what it and the strings after (after bytes) have
 * left: the long string then ends about when it would alone, the short
 * ones hashed meanwhile nearly for nothing, where block for block they
 * slowed it by a third of a block each. With more after, the streams go
 * block for block (the short ones would be left over for a pair of their
 * own otherwise).
 */
static bool tc_pair_ride(tc_sha256_stream *a, size_t na, tc_sha256_stream *b, size_t nb, size_t after)
{
	size_t la = tc_stream_left(a), lb = tc_stream_left(b), half = MAX(la, lb) / 2, n;
	tc_sha256_stream *lng = la >= lb ? a : b, *sht = la >= lb ? b : a;
	size_t nl = la >= lb ? na : nb, ns = la >= lb ? nb : na;

	if (after > half || MIN(la, lb) > half - after || nl < 3) {
		return 0;
	}
	n = MIN(nl / 3, ns);
	tc_sha256_blocks3(lng->h, lng->buf + lng->off, sht->h, sht->buf + sht->off, n);
	tc_stream_advance(lng, 3 * n);
	tc_stream_advance(sht, n);
	return 1;
}

/* Streams a and b, busy, side by side until one of them ends. */
static void tc_pair_run(tc_sha256_pair *pair, tc_sha256_stream *a, tc_sha256_stream *b)
{
	size_t na, nb, n, after = tc_pair_after(pair);

	for (;;) {
		na = tc_stream_fill(a);
		nb = tc_stream_fill(b);
		if (!na || !nb) {
			break;
		}
		if (tc_pair_ride(a, na, b, nb, after)) {
			continue;
		}
		n = MIN(na, nb);
		tc_sha256_blocks2(a->h, a->buf + a->off, b->h, b->buf + b->off, n);
		tc_stream_advance(a, n);
		tc_stream_advance(b, n);
	}
	if (!na) {
		tc_stream_end(pair, a);
	}
	if (!nb) {
		tc_stream_end(pair, b);
	}
}

/*
 * Moves a waiting string into st, a free stream: the oldest, or with
 * longest the longest (which first swaps places with the oldest); with a
 * job list, the next job instead. False when none waits.
 */
static bool tc_pair_take(tc_sha256_pair *pair, tc_sha256_stream *st, bool longest)
{
	uint32_t i, at, best = pair->head;
	tc_sha256_waiting *w;
	tc_sha256_job job;

	if (pair->jobs) {
		if (!tc_sha256_jobs_take(pair->jobs, &job)) {
			return 0;
		}
		tc_stream_start(st, job.src, job.hex, 0);
		return 1;
	}
	if (!pair->waiting) {
		return 0;
	}
	if (longest) {
		tc_sha256_waiting swap;

		for (i = 1; i < pair->waiting; i++) {
			at = (pair->head + i) % TC_SHA256_PAIR_WAIT;
			if (ZSTR_LEN(pair->wait[at].src) > ZSTR_LEN(pair->wait[best].src)) {
				best = at;
			}
		}
		swap = pair->wait[best];
		pair->wait[best] = pair->wait[pair->head];
		pair->wait[pair->head] = swap;
	}
	w = &pair->wait[pair->head];
	tc_stream_start(st, w->src, w->hex, 1);
	pair->head = (pair->head + 1) % TC_SHA256_PAIR_WAIT;
	pair->waiting--;
	pair->waiting_bytes -= ZSTR_LEN(w->src);
	return 1;
}

/* The state of lane l into h, or from h. */
static void tc_lane_get(const tc_sha256_lanes *lanes, int l, uint32_t h[8])
{
	int k;

	for (k = 0; k < 8; k++) {
		h[k] = lanes->state[k][l];
	}
}

static void tc_lane_set(tc_sha256_lanes *lanes, int l, const uint32_t h[8])
{
	int k;

	for (k = 0; k < 8; k++) {
		lanes->state[k][l] = h[k];
	}
}

/*
 * The lanes side by side. A lane whose stream ends takes a waiting string
 * (the longest with longest) while more than keep strings wait; an idle
 * lane compresses the blocks of a busy one, into a state that no stream
 * reads. Returns, with how many are busy, once fewer than min_busy are.
 * With a job list, keep plays no part: a lane takes a job while there is
 * one.
 */
static int tc_lanes_run(tc_sha256_pair *pair, uint32_t keep, int min_busy, bool longest)
{
	tc_sha256_lanes *lanes = pair->lanes;
	const unsigned char *p[TC_SHA256_LANES], *any;
	size_t n, k;
	int l, count;

	for (;;) {
		n = SIZE_MAX;
		any = NULL;
		count = 0;
		for (l = 0; l < TC_SHA256_LANES; l++) {
			tc_sha256_stream *st = &lanes->stream[l];

			p[l] = NULL;
			if (st->src && !(k = tc_stream_fill(st))) {
				tc_lane_get(lanes, l, st->h);
				tc_stream_end(pair, st);
			}
			if (!st->src) {
				if ((!pair->jobs && pair->waiting <= keep) || !tc_pair_take(pair, st, longest)) {
					continue;
				}
				tc_lane_set(lanes, l, st->h);
				k = tc_stream_fill(st); /* at least the closing block */
			}
			n = MIN(n, k);
			p[l] = any = st->buf + st->off;
			count++;
		}
		if (count < min_busy) {
			return count;
		}
		for (l = 0; l < TC_SHA256_LANES; l++) {
			if (!p[l]) {
				p[l] = any;
			}
		}
		tc_sha256_blocks16(lanes->state, p, n);
		for (l = 0; l < TC_SHA256_LANES; l++) {
			if (lanes->stream[l].src) { /* busy in this step */
				tc_stream_advance(&lanes->stream[l], n);
			}
		}
	}
}

/* Busy stream st alone for the blocks it has escaped (a buffer at most),
 * or its end once none is left; false once it has ended. */
static bool tc_stream_solo_step(tc_sha256_pair *pair, tc_sha256_stream *st)
{
	size_t n = tc_stream_fill(st);

	if (!n) {
		tc_stream_end(pair, st);
		return 0;
	}
	tc_sha256_blocks(st->h, st->buf + st->off, n);
	tc_stream_advance(st, n);
	return 1;
}

/* Runs busy stream st alone to its end. */
static void tc_stream_solo(tc_sha256_pair *pair, tc_sha256_stream *st)
{
	while (tc_stream_solo_step(pair, st)) {
		/* a buffer at a time */
	}
}

/*
 * Whether a pair with one stream busy is to leave the one job left of a
 * closed list to the other thread, which then hashes it beside this one's
 * stream: two threads with a stream each take less time than one thread
 * with both (two strings at the finish of a pass are common).
 */
static bool tc_pair_leaves_last(tc_sha256_pair *pair)
{
	return pair->jobs && tc_sha256_jobs_closed(pair->jobs) && tc_sha256_jobs_left(pair->jobs) == 1;
}

/* One step of the two streams: a free one takes a waiting string
 * (tc_pair_take()), or both, busy, run until one ends; a busy one runs to
 * its end alone where the last job is left to the other thread. False when
 * none of that can be done. */
static bool tc_pair_step(tc_sha256_pair *pair, bool longest)
{
	tc_sha256_stream *a = &pair->stream[0], *b = &pair->stream[1];

	if (a->src && b->src) {
		tc_pair_run(pair, a, b);
		return 1;
	}
	if ((a->src || b->src) && tc_pair_leaves_last(pair)) {
		tc_stream_solo(pair, a->src ? a : b);
		return 1;
	}
	return tc_pair_take(pair, a->src ? b : a, longest);
}

/* Runs the lanes while at least TC_SHA256_LANES_MIN are busy, or the two
 * streams until one is free and no string waits (waiting strings and jobs
 * taken, the longest first with longest). Returns how many lanes are
 * busy then (0 with the two streams). */
static int tc_pair_drain(tc_sha256_pair *pair, bool longest)
{
	if (pair->lanes) {
		return tc_lanes_run(pair, 0, TC_SHA256_LANES_MIN, longest);
	}
	while (tc_pair_step(pair, longest)) {
		/* until a stream is free and nothing waits */
	}
	return 0;
}

/* The lanes take the place of the two streams, and what these hold. */
static void tc_lanes_start(tc_sha256_pair *pair)
{
	tc_sha256_lanes *lanes = emalloc(sizeof(tc_sha256_lanes));
	int l;

	for (l = 0; l < TC_SHA256_LANES; l++) {
		lanes->stream[l].src = NULL;
	}
	for (l = 0; l < 2; l++) {
		if (pair->stream[l].src) {
			memcpy(&lanes->stream[l], &pair->stream[l], sizeof(tc_sha256_stream));
			tc_lane_set(lanes, l, pair->stream[l].h);
			pair->stream[l].src = NULL;
		}
	}
	pair->lanes = lanes;
}

/* Ends every busy stream, the lanes' or the two: two at a time, then one
 * alone; lets go of the lanes (those of a second thread's pair are freed
 * by the pass's thread). */
static void tc_pair_end_all(tc_sha256_pair *pair)
{
	tc_sha256_stream *streams = pair->lanes ? pair->lanes->stream : pair->stream, *a = NULL, *b;
	int i, count = pair->lanes ? TC_SHA256_LANES : 2;

	for (i = 0; i < count; i++) {
		b = &streams[i];
		if (!b->src) {
			continue;
		}
		if (pair->lanes) {
			tc_lane_get(pair->lanes, i, b->h);
		}
		if (a) {
			tc_pair_run(pair, a, b);
			b = a->src ? a : b->src ? b : NULL;
		}
		a = b;
	}
	if (a) {
		tc_stream_solo(pair, a);
	}
	if (pair->lanes && !pair->is_worker) {
		efree(pair->lanes);
		pair->lanes = NULL;
	}
}

/* A fingerprint of the bytes of s: its length and its first and last 8
 * bytes. Strings with the same bytes have the same one. */
static zend_always_inline uint64_t tc_pair_print(const zend_string *s)
{
	size_t len = ZSTR_LEN(s);
	uint64_t head = 0, tail = 0;

	memcpy(&head, ZSTR_VAL(s), MIN(len, 8));
	if (len > 8) {
		memcpy(&tail, ZSTR_VAL(s) + len - 8, 8);
	}
	return (head * 0x9e3779b97f4a7c15ULL) ^ ((tail + len) * 0xc2b2ae3d27d4eb4fULL);
}

/*
 * The digest string of a string in the seen table with the same bytes as s
 * (a new reference), or NULL; then s and hex take the slot of s's
 * fingerprint.
 */
static zend_string *tc_pair_seen(tc_sha256_pair *pair, zend_string *s, zend_string *hex)
{
	uint64_t print = tc_pair_print(s);
	uint32_t slot = (print >> 40) % TC_SHA256_PAIR_SEEN, bit = UINT32_C(1) << slot;
	tc_sha256_seen *seen = &pair->seen[slot];

	if (pair->seen_used & bit) {
		if (seen->print == print && zend_string_equals(seen->src, s)) {
			return zend_string_copy(seen->hex);
		}
		zend_string_release(seen->src);
		zend_string_release(seen->hex);
	}
	pair->seen_used |= bit;
	seen->print = print;
	seen->src = zend_string_copy(s);
	seen->hex = zend_string_copy(hex);
	return NULL;
}

/* Empties the seen table (every queued digest is written). */
static void tc_pair_forget_seen(tc_sha256_pair *pair)
{
	while (pair->seen_used) {
		tc_sha256_seen *seen = &pair->seen[zend_ulong_ntz(pair->seen_used)];

		zend_string_release(seen->src);
		zend_string_release(seen->hex);
		pair->seen_used &= pair->seen_used - 1;
	}
}

/*
 * The second thread (tc_sha256_jobs.h): its pair takes jobs while there
 * are any, waits for more while fewer of its streams are busy than make
 * the lanes (or the two streams) worth running, and ends every stream
 * once the list is closed and empty. With two streams, one busy and no job
 * to pair it with, that one goes on alone a buffer at a time (one stream
 * is slower than two side by side, but faster than none) until a job comes
 * or it ends. Touches nothing but its pair and the bytes of the strings of
 * its jobs.
 */
static void tc_pair_work(tc_sha256_jobs *jobs, void *arg)
{
	tc_sha256_pair *pair = arg;
	uint32_t want;

	pair->jobs = jobs;
	for (;;) {
		int busy = tc_pair_drain(pair, 0);
		tc_sha256_stream *lone = pair->lanes ? NULL : pair->stream[0].src ? &pair->stream[0]
			: pair->stream[1].src ? &pair->stream[1] : NULL;

		if (lone && !tc_sha256_jobs_left(jobs)) {
			tc_stream_solo_step(pair, lone);
			continue;
		}
		want = pair->lanes ? (uint32_t) (TC_SHA256_LANES_MIN - busy) : 1;
		if (!tc_sha256_jobs_wait(jobs, want)) {
			break;
		}
	}
	tc_pair_end_all(pair);
	tc_pair_write_done(pair);
}

/* Will the items the pass has not passed queue at least bytes more, at the
 * rate of those it has (tc_sha256_pair_plan())? Asked while added is below
 * 1 MiB (TC_SHA256_THREAD_AFTER, TC_SHA256_LANES_AFTER) and bytes at most
 * that: no overflow. */
static bool tc_pair_ahead_reaches(const tc_sha256_pair *pair, size_t bytes)
{
	if (pair->items_passed == 0 || pair->items_passed >= pair->items) {
		return 0;
	}
	return (uint64_t) pair->added * (pair->items - pair->items_passed) >= (uint64_t) bytes * pair->items_passed;
}

/* The thresholds of the second thread's start, warm or not
 * (tc_sha256_pair.h), asked the first time they matter. */
static void tc_pair_thread_known(tc_sha256_pair *pair)
{
	if (pair->thread_known) {
		return;
	}
	pair->thread_known = 1;
	if (tc_sha256_jobs_warm(tc_sha256_pair_brief(pair))) {
		pair->thread_ahead = TC_SHA256_THREAD_WARM_AHEAD;
		pair->thread_always = TC_SHA256_THREAD_WARM_AFTER;
	} else {
		pair->thread_after = TC_SHA256_THREAD_MIN;
		pair->thread_ahead = TC_SHA256_THREAD_AHEAD;
		pair->thread_always = TC_SHA256_THREAD_AFTER;
		pair->thread_finish = SIZE_MAX;
	}
}

/* Whether the second thread is to start now. */
static bool tc_pair_thread_pays(tc_sha256_pair *pair)
{
	if (pair->added < pair->thread_after) {
		return 0;
	}
	tc_pair_thread_known(pair);
	if (pair->added < pair->thread_after) {
		return 0;
	}
	return pair->thread_after == 0 || pair->added >= pair->thread_always
		|| tc_pair_ahead_reaches(pair, pair->thread_ahead);
}

/*
 * The pair of the second thread: one for the process, like the thread, made
 * the first time a pass claims the thread and used only while a pass holds
 * it (tc_sha256_jobs_claim()). Outside PHP's heap: it is the thread's own,
 * not a pass's (6 KiB, mostly its streams' buffers).
 */
static tc_sha256_pair *tc_pair_worker;

void tc_sha256_pair_shutdown(void)
{
	if (tc_pair_worker) {
		pefree(tc_pair_worker, 1);
		tc_pair_worker = NULL;
	}
}

/*
 * Hands the hashing to a second thread: its pair, and the waiting strings
 * as its first jobs. Its pair runs the lanes where this one would start
 * them at some point of the pass: it has queued lanes_after bytes, or the
 * items ahead would make up the rest at the rate of those passed. When no
 * thread can be started, the pair goes on alone and does not try again.
 */
static void tc_pair_start_thread(tc_sha256_pair *pair)
{
	tc_sha256_pair *worker;
	tc_sha256_waiting *w;

	pair->thread_after = SIZE_MAX;
	pair->jobs = tc_sha256_jobs_claim();
	if (!pair->jobs) {
		return;
	}
	if (!tc_pair_worker) {
		tc_pair_worker = pemalloc(sizeof(tc_sha256_pair), 1);
	}
	worker = tc_pair_worker;
	tc_sha256_pair_init(worker, 2, 0); /* (2: no lanes of its own to start; 0: no thread) */
	worker->is_worker = 1;
	if (pair->added >= pair->lanes_after
			|| (pair->lanes_after != SIZE_MAX && tc_pair_ahead_reaches(pair, pair->lanes_after - pair->added))) {
		tc_lanes_start(worker);
	}
	tc_sha256_jobs_start(pair->jobs, tc_pair_work, worker);
	pair->worker = worker;
	while (pair->waiting) {
		w = &pair->wait[pair->head];
		tc_sha256_jobs_push(pair->jobs, w->src, w->hex);
		pair->head = (pair->head + 1) % TC_SHA256_PAIR_WAIT;
		pair->waiting--;
	}
	pair->waiting_bytes = 0;
}

/* The end of a second thread, once this thread has ended its streams and
 * written its digests: waits for it (it writes its own), lets go of the
 * list and takes over whether a string it hashed failed. */
static void tc_pair_end_thread(tc_sha256_pair *pair)
{
	tc_sha256_pair *worker = pair->worker;

	tc_sha256_jobs_end(pair->jobs);
	pair->failed |= worker->failed;
	if (worker->lanes) {
		/* (tc_pair_end_all() leaves them to the pass's thread) */
		efree(worker->lanes);
		worker->lanes = NULL;
	}
	pair->worker = NULL;
	pair->jobs = NULL;
}

/* A digest string queued: zeros until its digits are written (so that
 * its JSON length is right meanwhile). */
static void tc_hex_unwritten(zend_string *hex)
{
	memset(ZSTR_VAL(hex), '0', TC_SHA256_HEX_LEN);
	ZSTR_VAL(hex)[TC_SHA256_HEX_LEN] = '\0';
}

/* The slot of s in the table of strings queued ahead (a free one when s
 * is not there). */
static uint32_t *tc_ahead_slot(const tc_sha256_pair *pair, const zend_string *s)
{
	uint32_t i = (uint32_t) (((uintptr_t) s >> 3) * 0x9E3779B97F4A7C15ull >> 32) & pair->ahead.mask;

	while (pair->ahead.slots[i] && tc_sha256_jobs_get(pair->jobs, pair->ahead.slots[i] - 1)->src != s) {
		i = (i + 1) & pair->ahead.mask;
	}
	return &pair->ahead.slots[i];
}

/* Doubles the table (64 slots at first). */
static void tc_ahead_grow(tc_sha256_pair *pair)
{
	uint32_t *old = pair->ahead.slots, size = old ? 2 * (pair->ahead.mask + 1) : 64, i;

	pair->ahead.slots = ecalloc(size, sizeof(uint32_t));
	pair->ahead.mask = size - 1;
	for (i = 0; old && i < size / 2; i++) {
		if (old[i]) {
			*tc_ahead_slot(pair, tc_sha256_jobs_get(pair->jobs, old[i] - 1)->src) = old[i];
		}
	}
	if (old) {
		efree(old);
	}
}

/* Queues s ahead (the thread running), unless it is already. */
static void tc_ahead_push(tc_sha256_pair *pair, zend_string *s)
{
	uint32_t *slot;
	zend_string *hex;

	/* at most three quarters full */
	if (4 * (pair->ahead.count + 1) > 3 * (pair->ahead.slots ? pair->ahead.mask + 1 : 0)) {
		tc_ahead_grow(pair);
	}
	slot = tc_ahead_slot(pair, s);
	if (*slot) {
		return;
	}
	hex = zend_string_alloc(TC_SHA256_HEX_LEN, 0);
	tc_hex_unwritten(hex);
	*slot = tc_sha256_jobs_push(pair->jobs, zend_string_copy(s), hex) + 1;
	pair->ahead.count++;
}

void tc_sha256_pair_ahead_begin(tc_sha256_pair *pair, bool warm)
{
	pair->ahead.start = warm ? TC_SHA256_AHEAD_WARM : TC_SHA256_AHEAD_COLD;
	pair->ahead.alone = warm ? TC_SHA256_AHEAD_ALONE : SIZE_MAX;
}

void tc_sha256_pair_ahead_end(tc_sha256_pair *pair)
{
	if (pair->ahead.held) {
		efree(pair->ahead.held);
		pair->ahead.held = NULL;
	}
	pair->ahead.held_count = 0;
	pair->ahead.held_size = 0;
	pair->ahead.held_bytes = 0;
	pair->ahead.start = SIZE_MAX;
	pair->ahead.alone = SIZE_MAX;
}

void tc_sha256_pair_speculate(tc_sha256_pair *pair, zend_string *s)
{
	uint32_t i;

	if (pair->jobs) {
		tc_ahead_push(pair, s);
		return;
	}
	if (!pair->optimistic || pair->thread_after == SIZE_MAX || pair->lanes || pair->ahead.start == SIZE_MAX) {
		return;
	}
	if (pair->ahead.held_count == pair->ahead.held_size) {
		pair->ahead.held_size = pair->ahead.held_size ? 2 * pair->ahead.held_size : 16;
		pair->ahead.held = safe_erealloc(pair->ahead.held, pair->ahead.held_size, sizeof(zend_string *), 0);
	}
	pair->ahead.held[pair->ahead.held_count++] = s;
	pair->ahead.held_bytes += ZSTR_LEN(s);
	if (pair->ahead.held_bytes < pair->ahead.start && ZSTR_LEN(s) < pair->ahead.alone) {
		return;
	}
	tc_pair_start_thread(pair); /* (once: thread_after is SIZE_MAX after it) */
	for (i = 0; pair->jobs && i < pair->ahead.held_count; i++) {
		tc_ahead_push(pair, pair->ahead.held[i]);
	}
	tc_sha256_pair_ahead_end(pair);
}

/* Counts s among the strings the pass queued (added, longest). */
static zend_always_inline void tc_pair_count(tc_sha256_pair *pair, const zend_string *s)
{
	pair->added += ZSTR_LEN(s);
	pair->longest = MAX(pair->longest, ZSTR_LEN(s));
}

zend_string *tc_sha256_pair_add(tc_sha256_pair *pair, zend_string *s, zend_string *hex)
{
	tc_sha256_waiting *w = &pair->wait[(pair->head + pair->waiting) % TC_SHA256_PAIR_WAIT];
	zend_string *same;

	if (pair->ahead.count) {
		uint32_t *slot = tc_ahead_slot(pair, s);

		if (*slot) {
			zend_string_release(hex);
			tc_pair_count(pair, s);
			return zend_string_copy(tc_sha256_jobs_get(pair->jobs, *slot - 1)->hex);
		}
	}
	same = tc_pair_seen(pair, s, hex);
	if (same) {
		zend_string_release(hex);
		return same;
	}
	ZEND_ASSERT(pair->waiting < TC_SHA256_PAIR_WAIT);
	tc_hex_unwritten(hex);
	tc_pair_count(pair, s);
	if (pair->jobs) {
		tc_sha256_jobs_push(pair->jobs, zend_string_copy(s), zend_string_copy(hex));
		return hex;
	}
	w->src = zend_string_copy(s);
	w->hex = zend_string_copy(hex);
	pair->waiting++;
	pair->waiting_bytes += ZSTR_LEN(s);
	/* (with sha256_pairs=3, thread_after 0, once the ring is first full) */
	if (!pair->lanes && pair->optimistic && (pair->thread_after || pair->waiting == TC_SHA256_PAIR_WAIT)
			&& tc_pair_thread_pays(pair)) {
		tc_pair_start_thread(pair);
		if (pair->jobs) {
			return hex;
		}
	}
	if (pair->waiting < TC_SHA256_PAIR_WAIT) {
		return hex;
	}
	if (!pair->lanes && pair->added >= pair->lanes_after) {
		tc_lanes_start(pair);
	}
	if (pair->lanes) {
		/* all lanes busy, until half the waiting strings are taken */
		tc_lanes_run(pair, TC_SHA256_PAIR_WAIT / 2, TC_SHA256_LANES, 0);
	} else {
		while (pair->waiting == TC_SHA256_PAIR_WAIT) {
			tc_pair_step(pair, 0);
		}
	}
	return hex;
}

void tc_sha256_pair_finish(tc_sha256_pair *pair)
{
	if (pair->added) {
		if (!pair->jobs && !pair->lanes && pair->optimistic && pair->thread_after != SIZE_MAX
				&& pair->waiting >= 2) {
			size_t waiting = pair->waiting_bytes;

			if (waiting >= pair->thread_finish) {
				tc_pair_thread_known(pair); /* (a cold pass does not start it now) */
				if (waiting >= pair->thread_finish) {
					tc_pair_start_thread(pair);
				}
			}
		}
		if (pair->thread_after != SIZE_MAX || pair->jobs) {
			pair->thread_pass = 1;
		}
	}
	if (pair->jobs) {
		/* no job follows: this thread takes jobs too until none is left
		 * (the longest first plays no part in a list), in lanes where
		 * they pay (tc_sha256_pair.h) */
		tc_sha256_jobs_close(pair->jobs);
		if (!pair->lanes && pair->added >= pair->lanes_after && tc_sha256_jobs_left(pair->jobs) >= TC_SHA256_LANES) {
			tc_lanes_start(pair);
		}
	}
	tc_pair_drain(pair, 1);
	tc_pair_end_all(pair);
	/* with a second thread, before its list lets go of the digest strings */
	tc_pair_write_done(pair);
	if (pair->jobs) {
		tc_pair_end_thread(pair);
	}
	tc_pair_forget_seen(pair);
	tc_sha256_pair_ahead_end(pair); /* (a stretch left open) */
	if (pair->ahead.slots) {
		efree(pair->ahead.slots);
	}
	tc_ahead_empty(pair);
}

bool tc_sha256_pair_settle(tc_sha256_pair *pair)
{
	if (!pair) {
		return 1;
	}
	tc_sha256_pair_finish(pair);
	pair->optimistic = 0;
	return !pair->failed;
}

void tc_sha256_pair_abandon(tc_sha256_pair *pair)
{
	if (!pair->jobs) {
		return;
	}
	tc_sha256_jobs_drop(pair->jobs);
	tc_pair_end_thread(pair);
}
