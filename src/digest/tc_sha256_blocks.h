/*
 * SHA-256 compression of whole 64-byte blocks on a caller's state with the
 * CPU's SHA extensions (one stream, or two side by side); callers first ask
 * tc_sha256_blocks_native(). Padding and the length are the caller's
 * (tc_sha256_pair.c).
 */
#ifndef TC_SHA256_BLOCKS_H
#define TC_SHA256_BLOCKS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The initial state of SHA-256 (FIPS 180-4, 5.3.3). */
extern const uint32_t tc_sha256_initial[8];

/* MINIT: whether the CPU has the SHA extensions (with SSSE3 and SSE4.1)
 * and the build has the code for them (x86-64, GCC or Clang). */
void tc_sha256_blocks_startup(void);

/* Whether the functions below can run; without the SHA extensions they
 * must not be called. */
bool tc_sha256_blocks_native(void);

/*
 * Compresses the n blocks at p (64 * n bytes, borrowed, any alignment)
 * into state h.
 */
void tc_sha256_blocks(uint32_t h[8], const unsigned char *p, size_t n);

/*
 * The same for two independent streams: n blocks at p into h, and n blocks
 * at q into g. The two are interleaved, so that
 * one stream's rounds run while the other's wait on their latency.
 */
void tc_sha256_blocks2(uint32_t h[8], const unsigned char *p, uint32_t g[8], const unsigned char *q, size_t n);

/*
 * Two independent streams at three blocks to one: 3 * n blocks at p into
 * h, n blocks at q into g. The first goes at
 * nearly the pace of its rounds alone, the second's rounds in the cycles
 * it leaves idle: for a long string with short ones beside it.
 */
void tc_sha256_blocks3(uint32_t h[8], const unsigned char *p, uint32_t g[8], const unsigned char *q, size_t n);

#endif
