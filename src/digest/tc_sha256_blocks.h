/*
 * SHA-256 compression of whole 64-byte blocks on a caller's state: with the
 * CPU's SHA extensions (one stream, or two side by side), or in portable C.
 * Padding and the length are the caller's (tc_sha256_pair.c).
 */
#ifndef TC_SHA256_BLOCKS_H
#define TC_SHA256_BLOCKS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The initial state of SHA-256 (FIPS 180-4, 5.3.3). */
extern const uint32_t tc_sha256_initial[8];

/* The round constants (FIPS 180-4, 4.2.2), 16-byte aligned. */
extern const uint32_t tc_sha256_k[64];

/* MINIT: chooses the SHA extensions when the CPU has them (with SSSE3 and
 * SSE4.1), portable C otherwise. */
void tc_sha256_blocks_startup(void);

/* Whether the compress in use is the CPU's SHA extensions. */
bool tc_sha256_blocks_native(void);

/*
 * Compresses the n blocks at p (64 * n bytes, borrowed, any alignment)
 * into state h.
 */
void tc_sha256_blocks(uint32_t h[8], const unsigned char *p, size_t n);

/*
 * The same for two independent streams: n blocks at p into h, and n blocks
 * at q into g. With the SHA extensions the two are interleaved, so that
 * one stream's rounds run while the other's wait on their latency.
 */
void tc_sha256_blocks2(uint32_t h[8], const unsigned char *p, uint32_t g[8], const unsigned char *q, size_t n);

/*
 * Two independent streams at three blocks to one: 3 * n blocks at p into
 * h, n blocks at q into g. With the SHA extensions the first goes at
 * nearly the pace of its rounds alone, the second's rounds in the cycles
 * it leaves idle: for a long string with short ones beside it.
 */
void tc_sha256_blocks3(uint32_t h[8], const unsigned char *p, uint32_t g[8], const unsigned char *q, size_t n);

/* How many streams tc_sha256_blocks16() compresses side by side. */
#define TC_SHA256_LANES 16

/* MINIT, after tc_sha256_blocks_startup(): chooses AVX-512 (F and BW) for
 * tc_sha256_blocks16() when the CPU has it, the one-stream compress lane
 * after lane otherwise (tc_sha256_lanes.c). */
void tc_sha256_lanes_startup(void);

/* Whether tc_sha256_blocks16() compresses its lanes side by side. */
bool tc_sha256_lanes_native(void);

/*
 * The same for TC_SHA256_LANES independent streams: n blocks at p[l] into
 * the state of lane l, whose word k is state[k][l] (p borrowed, 64 * n
 * bytes readable at each p[l]; lanes may share an input).
 */
void tc_sha256_blocks16(uint32_t state[8][TC_SHA256_LANES], const unsigned char *const p[TC_SHA256_LANES], size_t n);

#endif
