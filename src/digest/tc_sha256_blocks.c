#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include <stdlib.h>

#include "tc_sha256_blocks.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
# define TC_SHA_NI 1
# include <immintrin.h>
#endif

const uint32_t tc_sha256_initial[8] = {
	0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19
};

#ifdef TC_SHA_NI
/* ------------------------------------------------------------------------
 * SHA extensions. sha256rnds2 keeps the state as two vectors, ABEF and
 * CDGH (A in the highest lane), and does two rounds with the two message
 * words plus constants in the low lanes of its third operand; sha256msg1
 * and sha256msg2 extend the message schedule four words at a time.
 * ------------------------------------------------------------------------ */

#define TC_NI __attribute__((target("sha,sse4.1,ssse3")))

/* The round constants (FIPS 180-4, 4.2.2); 16-byte aligned for the SHA
 * extensions, which add four at a time. */
static const uint32_t tc_sha256_k[64] __attribute__((aligned(16))) = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2
};

typedef struct {
	__m128i abef, cdgh;
} tc_ni_state;

TC_NI static inline tc_ni_state tc_ni_load(const uint32_t h[8])
{
	__m128i dcba = _mm_loadu_si128((const __m128i *) h), hgfe = _mm_loadu_si128((const __m128i *) (h + 4));
	__m128i cdab = _mm_shuffle_epi32(dcba, 0xb1), efgh = _mm_shuffle_epi32(hgfe, 0x1b);
	tc_ni_state s;

	s.abef = _mm_alignr_epi8(cdab, efgh, 8);
	s.cdgh = _mm_blend_epi16(efgh, cdab, 0xf0);
	return s;
}

TC_NI static inline void tc_ni_store(tc_ni_state s, uint32_t h[8])
{
	__m128i feba = _mm_shuffle_epi32(s.abef, 0x1b), dchg = _mm_shuffle_epi32(s.cdgh, 0xb1);

	_mm_storeu_si128((__m128i *) h, _mm_blend_epi16(feba, dchg, 0xf0));
	_mm_storeu_si128((__m128i *) (h + 4), _mm_alignr_epi8(dchg, feba, 8));
}

/* Four rounds: words m (W[4g] .. W[4g+3], lowest first) of group g. */
#define TC_NI_ROUNDS(s, m, g) do { \
		__m128i km_ = _mm_add_epi32((m), _mm_load_si128((const __m128i *) (tc_sha256_k + 4 * (g)))); \
		(s).cdgh = _mm_sha256rnds2_epu32((s).cdgh, (s).abef, km_); \
		(s).abef = _mm_sha256rnds2_epu32((s).abef, (s).cdgh, _mm_shuffle_epi32(km_, 0x0e)); \
	} while (0)

/* W[t..t+3] from the four groups before it: a the oldest, d the newest. */
#define TC_NI_NEXT(a, b, c, d) \
	_mm_sha256msg2_epu32(_mm_add_epi32(_mm_sha256msg1_epu32((a), (b)), _mm_alignr_epi8((d), (c), 4)), (d))

/* Group g (a constant) of the block at p into state s: its four words, read
 * from the block (g below 4) or made from the four groups before them in
 * m, the block's schedule, then its rounds. swap: the bytes of each word
 * in reverse. */
#define TC_NI_GROUP(s, m, p, g, swap) do { \
		if ((g) < 4) { \
			(m)[(g) & 3] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *) ((p) + 16 * (g))), (swap)); \
		} else { \
			(m)[(g) & 3] = TC_NI_NEXT((m)[(g) & 3], (m)[((g) + 1) & 3], (m)[((g) + 2) & 3], (m)[((g) + 3) & 3]); \
		} \
		TC_NI_ROUNDS(s, (m)[(g) & 3], g); \
	} while (0)

/* The bytes of each 32-bit word in reverse (the block's words are big-endian). */
#define TC_NI_SWAP() _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL)

/*
 * One block of each of k streams (k is 1 or 2, a constant where it is
 * inlined): block l of p[l] into state s[l]. The streams' rounds go four
 * at a time, stream after stream, with each stream's message schedule
 * beside its rounds: sha256rnds2 waits on the result of the one before it,
 * so that one stream's rounds leave the unit idle most cycles, and the
 * other stream's fill them. Written as loops over the streams, unrolled,
 * so that one body serves both counts (the arrays stay in registers).
 * Two blocks interleaved this way took 0.72-0.79 ms a MiB pair against
 * 1.02-1.06 ms for one block after the other (each stream's rounds in a
 * row, left to the out-of-order core to overlap), one stream unchanged
 * (a C loop over 1 MiB twice, best of 15, on the AMD EPYC of the README's
 * benchmark).
 */
TC_NI static inline __attribute__((always_inline)) void tc_ni_blocks_of(tc_ni_state *s, const unsigned char *const *p, const int k)
{
	const __m128i swap = TC_NI_SWAP();
	tc_ni_state in[2];
	__m128i m[2][4];
	int g, l;

#pragma GCC unroll 2
	for (l = 0; l < k; l++) {
		in[l] = s[l];
	}
#pragma GCC unroll 16
	for (g = 0; g < 16; g++) {
#pragma GCC unroll 2
		for (l = 0; l < k; l++) {
			TC_NI_GROUP(s[l], m[l], p[l], g, swap);
		}
	}
#pragma GCC unroll 2
	for (l = 0; l < k; l++) {
		s[l].abef = _mm_add_epi32(s[l].abef, in[l].abef);
		s[l].cdgh = _mm_add_epi32(s[l].cdgh, in[l].cdgh);
	}
}

/* The two compress loops start on a cache line: where they fell otherwise
 * depended on the size of the code before them, and a change elsewhere
 * that moved them made the small transcripts 3-5% slower. */
TC_NI __attribute__((aligned(64))) void tc_sha256_blocks(uint32_t h[8], const unsigned char *p, size_t n)
{
	tc_ni_state s[1] = {tc_ni_load(h)};

	for (; n > 0; n--, p += 64) {
		const unsigned char *blocks[1] = {p};

		tc_ni_blocks_of(s, blocks, 1);
	}
	tc_ni_store(s[0], h);
}

/*
 * Three blocks at p into state *a and one at q into *b, b's sixteen groups
 * of rounds one after every third of a's forty-eight. The rounds of one
 * stream leave the unit idle most cycles, and two streams side by side
 * (tc_ni_blocks_of()) fill them but slow each other: a long string beside
 * short ones waits on their rounds too. Here a goes at nearly the pace of
 * its rounds alone, and b's take cycles a leaves idle. 150 blocks of one
 * stream with 20 of another beside its first ones took 4.66-4.72 us, 4.60
 * alone, against 4.83-4.91 with the 20 two streams side by side (a C loop,
 * this machine's AMD EPYC); two blocks of a per block of b took 4.70-4.76,
 * four 4.65-4.74.
 */
TC_NI static inline __attribute__((always_inline)) void tc_ni_blocks_3to1(tc_ni_state *a, tc_ni_state *b,
		const unsigned char *p, const unsigned char *q)
{
	const __m128i swap = TC_NI_SWAP();
	tc_ni_state in_a, in_b = *b;
	__m128i ma[4], mb[4];
	int r, g;

#pragma GCC unroll 3
	for (r = 0; r < 3; r++, p += 64) {
		in_a = *a;
#pragma GCC unroll 16
		for (g = 0; g < 16; g++) {
			TC_NI_GROUP(*a, ma, p, g, swap);
			if ((16 * r + g) % 3 == 0) {
				TC_NI_GROUP(*b, mb, q, (16 * r + g) / 3, swap);
			}
		}
		a->abef = _mm_add_epi32(a->abef, in_a.abef);
		a->cdgh = _mm_add_epi32(a->cdgh, in_a.cdgh);
	}
	b->abef = _mm_add_epi32(b->abef, in_b.abef);
	b->cdgh = _mm_add_epi32(b->cdgh, in_b.cdgh);
}

TC_NI __attribute__((aligned(64))) void tc_sha256_blocks3(uint32_t h[8], const unsigned char *p, uint32_t g[8], const unsigned char *q, size_t n)
{
	tc_ni_state a = tc_ni_load(h), b = tc_ni_load(g);

	for (; n > 0; n--, p += 3 * 64, q += 64) {
		tc_ni_blocks_3to1(&a, &b, p, q);
	}
	tc_ni_store(a, h);
	tc_ni_store(b, g);
}

TC_NI __attribute__((aligned(64))) void tc_sha256_blocks2(uint32_t h[8], const unsigned char *p, uint32_t g[8], const unsigned char *q, size_t n)
{
	tc_ni_state s[2] = {tc_ni_load(h), tc_ni_load(g)};

	for (; n > 0; n--, p += 64, q += 64) {
		const unsigned char *blocks[2] = {p, q};

		tc_ni_blocks_of(s, blocks, 2);
	}
	tc_ni_store(s[0], h);
	tc_ni_store(s[1], g);
}
#endif

static bool tc_blocks_native;

void tc_sha256_blocks_startup(void)
{
#ifdef TC_SHA_NI
	__builtin_cpu_init();
	tc_blocks_native = __builtin_cpu_supports("sha") && __builtin_cpu_supports("sse4.1")
		&& __builtin_cpu_supports("ssse3");
#endif
}

bool tc_sha256_blocks_native(void)
{
	return tc_blocks_native;
}

#ifndef TC_SHA_NI
/* Never called: the build has no code for the SHA extensions, and
 * tc_sha256_blocks_native() says so. */
void tc_sha256_blocks(uint32_t h[8], const unsigned char *p, size_t n)
{
	(void) h;
	(void) p;
	(void) n;
	abort();
}

void tc_sha256_blocks2(uint32_t h[8], const unsigned char *p, uint32_t g[8], const unsigned char *q, size_t n)
{
	(void) g;
	(void) q;
	tc_sha256_blocks(h, p, n);
}

void tc_sha256_blocks3(uint32_t h[8], const unsigned char *p, uint32_t g[8], const unsigned char *q, size_t n)
{
	tc_sha256_blocks2(h, p, g, q, n);
}
#endif
