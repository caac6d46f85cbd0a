#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_bitset.h"

#include "tc_sha256.h"
#include "tc_sha256_blocks.h"
#include "tc_sha256_pair.h"
#include "../json/tc_utf8.h"

bool tc_sha256_pair_enabled(zend_long setting)
{
	return setting == 1 && tc_sha256_blocks_native();
}

void tc_sha256_pair_init(tc_sha256_pair *pair)
{
	pair->stream[0].src = NULL;
	pair->stream[1].src = NULL;
	pair->head = 0;
	pair->waiting = 0;
	pair->waiting_bytes = 0;
	pair->seen_used = 0;
	pair->done_count = 0;
	pair->optimistic = 0;
	pair->failed = 0;
}

bool tc_sha256_pair_takes(const tc_sha256_pair *pair, const zend_string *s)
{
	return pair->optimistic || tc_utf8_valid((const unsigned char *) ZSTR_VAL(s), ZSTR_LEN(s));
}

/* Starts st on s, taking over the references to s and hex. */
static void tc_stream_start(tc_sha256_stream *st, zend_string *s, zend_string *hex)
{
	st->src = s;
	st->hex = hex;
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
		zend_string_release(done->hex);
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
	pair->failed |= st->invalid;
	zend_string_release(st->src);
	st->src = NULL;
	st->hex = NULL;
}

/* The bytes of st's JSON string not yet compressed, at least (escaping
 * only adds to what is left of its string). */
static size_t tc_stream_left(const tc_sha256_stream *st)
{
	return (st->closed ? 0 : ZSTR_LEN(st->src) - st->pos) + (st->used - st->off);
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
	size_t na, nb, n, after = pair->waiting_bytes;

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
 * longest the longest (which first swaps places with the oldest). False
 * when none waits.
 */
static bool tc_pair_take(tc_sha256_pair *pair, tc_sha256_stream *st, bool longest)
{
	uint32_t i, at, best = pair->head;
	tc_sha256_waiting *w;

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
	tc_stream_start(st, w->src, w->hex);
	pair->head = (pair->head + 1) % TC_SHA256_PAIR_WAIT;
	pair->waiting--;
	pair->waiting_bytes -= ZSTR_LEN(w->src);
	return 1;
}

/* Runs busy stream st alone to its end, a buffer at a time. */
static void tc_stream_solo(tc_sha256_pair *pair, tc_sha256_stream *st)
{
	size_t n;

	while ((n = tc_stream_fill(st))) {
		tc_sha256_blocks(st->h, st->buf + st->off, n);
		tc_stream_advance(st, n);
	}
	tc_stream_end(pair, st);
}

/* One step of the two streams: a free one takes a waiting string
 * (tc_pair_take()), or both, busy, run until one ends. False when
 * neither can be done. */
static bool tc_pair_step(tc_sha256_pair *pair, bool longest)
{
	tc_sha256_stream *a = &pair->stream[0], *b = &pair->stream[1];

	if (a->src && b->src) {
		tc_pair_run(pair, a, b);
		return 1;
	}
	return tc_pair_take(pair, a->src ? b : a, longest);
}

/* Runs the two streams until one is free and no string waits (the longest
 * first with longest). */
static void tc_pair_drain(tc_sha256_pair *pair, bool longest)
{
	while (tc_pair_step(pair, longest)) {
		/* until a stream is free and nothing waits */
	}
}

/* Ends the busy streams: side by side while both are, then the one left
 * alone. */
static void tc_pair_end_all(tc_sha256_pair *pair)
{
	tc_sha256_stream *a = &pair->stream[0], *b = &pair->stream[1];

	if (a->src && b->src) {
		tc_pair_run(pair, a, b);
	}
	if (a->src) {
		tc_stream_solo(pair, a);
	}
	if (b->src) {
		tc_stream_solo(pair, b);
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

/* A digest string queued: zeros until its digits are written (so that
 * its JSON length is right meanwhile). */
static void tc_hex_unwritten(zend_string *hex)
{
	memset(ZSTR_VAL(hex), '0', TC_SHA256_HEX_LEN);
	ZSTR_VAL(hex)[TC_SHA256_HEX_LEN] = '\0';
}

zend_string *tc_sha256_pair_add(tc_sha256_pair *pair, zend_string *s, zend_string *hex)
{
	tc_sha256_waiting *w = &pair->wait[(pair->head + pair->waiting) % TC_SHA256_PAIR_WAIT];
	zend_string *same;

	same = tc_pair_seen(pair, s, hex);
	if (same) {
		zend_string_release(hex);
		return same;
	}
	ZEND_ASSERT(pair->waiting < TC_SHA256_PAIR_WAIT);
	tc_hex_unwritten(hex);
	w->src = zend_string_copy(s);
	w->hex = zend_string_copy(hex);
	pair->waiting++;
	pair->waiting_bytes += ZSTR_LEN(s);
	if (pair->waiting < TC_SHA256_PAIR_WAIT) {
		return hex;
	}
	while (pair->waiting == TC_SHA256_PAIR_WAIT) {
		tc_pair_step(pair, 0);
	}
	return hex;
}

void tc_sha256_pair_finish(tc_sha256_pair *pair)
{
	tc_pair_drain(pair, 1);
	tc_pair_end_all(pair);
	tc_pair_write_done(pair);
	tc_pair_forget_seen(pair);
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
