#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "tc_sha256_blocks.h"

/*
 * Sixteen SHA-256 streams side by side, one per 32-bit lane of a 512-bit
 * vector (AVX-512F and BW): the state word k of every stream is one vector,
 * and each round is done for all sixteen at once with rotates, three-input
 * logic and adds. The sixteen blocks of a step are loaded as sixteen rows
 * of sixteen words and transposed, so that message word t of every stream
 * is one vector.
 */

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
# define TC_SHA_LANES 1
# include <immintrin.h>
#endif

/* Portable C: the lanes one after the other. */
static void tc_sha256_blocks16_c(uint32_t state[8][TC_SHA256_LANES], const unsigned char *const p[TC_SHA256_LANES], size_t n)
{
	uint32_t h[8];
	int k, l;

	for (l = 0; l < TC_SHA256_LANES; l++) {
		for (k = 0; k < 8; k++) {
			h[k] = state[k][l];
		}
		tc_sha256_blocks(h, p[l], n);
		for (k = 0; k < 8; k++) {
			state[k][l] = h[k];
		}
	}
}

#ifdef TC_SHA_LANES
# define TC_LANES __attribute__((target("avx512f,avx512bw")))

/* Rows r[l] (the 16 words of lane l's block) into columns: r[t] then holds
 * word t of every lane, lane l in element l. */
TC_LANES static inline __attribute__((always_inline)) void tc_lanes_transpose(__m512i r[16])
{
	__m512i a[16], b[16];
	int i;

	/* pairs of words, then quads, within each 128-bit part */
	for (i = 0; i < 16; i += 2) {
		a[i] = _mm512_unpacklo_epi32(r[i], r[i + 1]);
		a[i + 1] = _mm512_unpackhi_epi32(r[i], r[i + 1]);
	}
	for (i = 0; i < 16; i += 4) {
		b[i] = _mm512_unpacklo_epi64(a[i], a[i + 2]);
		b[i + 1] = _mm512_unpackhi_epi64(a[i], a[i + 2]);
		b[i + 2] = _mm512_unpacklo_epi64(a[i + 1], a[i + 3]);
		b[i + 3] = _mm512_unpackhi_epi64(a[i + 1], a[i + 3]);
	}
	/* then the 128-bit parts across rows, twice */
	for (i = 0; i < 4; i++) {
		a[i] = _mm512_shuffle_i32x4(b[i], b[i + 4], 0x88);
		a[i + 4] = _mm512_shuffle_i32x4(b[i], b[i + 4], 0xdd);
		a[i + 8] = _mm512_shuffle_i32x4(b[i + 8], b[i + 12], 0x88);
		a[i + 12] = _mm512_shuffle_i32x4(b[i + 8], b[i + 12], 0xdd);
	}
	for (i = 0; i < 4; i++) {
		r[i] = _mm512_shuffle_i32x4(a[i], a[i + 8], 0x88);
		r[i + 8] = _mm512_shuffle_i32x4(a[i], a[i + 8], 0xdd);
		r[i + 4] = _mm512_shuffle_i32x4(a[i + 4], a[i + 12], 0x88);
		r[i + 12] = _mm512_shuffle_i32x4(a[i + 4], a[i + 12], 0xdd);
	}
}

#define TC_L_ROR(x, n) _mm512_ror_epi32((x), (n))
#define TC_L_XOR3(x, y, z) _mm512_ternarylogic_epi32((x), (y), (z), 0x96)
#define TC_L_ADD(x, y) _mm512_add_epi32((x), (y))

/* Round t (FIPS 180-4, 6.2.2 step 3) with the variables named so that no
 * value moves: only d and h are written (d + T1, T1 + T2). Ch and Maj are
 * three-input logic (0xca: e ? f : g; 0xe8: majority). */
#define TC_L_ROUND(a, b, c, d, e, f, g, h, t) do { \
		__m512i t1_ = TC_L_ADD(TC_L_ADD(h, TC_L_XOR3(TC_L_ROR(e, 6), TC_L_ROR(e, 11), TC_L_ROR(e, 25))), \
			TC_L_ADD(_mm512_ternarylogic_epi32(e, f, g, 0xca), \
				TC_L_ADD(_mm512_set1_epi32((int) tc_sha256_k[t]), w[(t) & 15]))); \
		d = TC_L_ADD(d, t1_); \
		h = TC_L_ADD(t1_, TC_L_ADD(TC_L_XOR3(TC_L_ROR(a, 2), TC_L_ROR(a, 13), TC_L_ROR(a, 22)), \
			_mm512_ternarylogic_epi32(a, b, c, 0xe8))); \
	} while (0)

/* W[t] into w[t % 16], over W[t - 16] (6.2.2 step 1). */
#define TC_L_SCHEDULE(t) do { \
		__m512i w15_ = w[((t) + 1) & 15], w2_ = w[((t) + 14) & 15]; \
		w[(t) & 15] = TC_L_ADD(TC_L_ADD(w[(t) & 15], \
			TC_L_XOR3(TC_L_ROR(w15_, 7), TC_L_ROR(w15_, 18), _mm512_srli_epi32(w15_, 3))), \
			TC_L_ADD(w[((t) + 9) & 15], TC_L_XOR3(TC_L_ROR(w2_, 17), TC_L_ROR(w2_, 19), _mm512_srli_epi32(w2_, 10)))); \
	} while (0)
#define TC_L_NO_SCHEDULE(t)

/* Eight rounds from t on, scheduling each word first with S. */
#define TC_L_ROUNDS8(t, S) do { \
		S((t) + 0); TC_L_ROUND(a, b, c, d, e, f, g, h, (t) + 0); \
		S((t) + 1); TC_L_ROUND(h, a, b, c, d, e, f, g, (t) + 1); \
		S((t) + 2); TC_L_ROUND(g, h, a, b, c, d, e, f, (t) + 2); \
		S((t) + 3); TC_L_ROUND(f, g, h, a, b, c, d, e, (t) + 3); \
		S((t) + 4); TC_L_ROUND(e, f, g, h, a, b, c, d, (t) + 4); \
		S((t) + 5); TC_L_ROUND(d, e, f, g, h, a, b, c, (t) + 5); \
		S((t) + 6); TC_L_ROUND(c, d, e, f, g, h, a, b, (t) + 6); \
		S((t) + 7); TC_L_ROUND(b, c, d, e, f, g, h, a, (t) + 7); \
	} while (0)

/* Starts on a cache line, as the SHA-NI loops do (tc_sha256_blocks.c). */
TC_LANES __attribute__((aligned(64))) static void tc_sha256_blocks16_avx512(uint32_t state[8][TC_SHA256_LANES],
	const unsigned char *const p[TC_SHA256_LANES], size_t n)
{
	const __m512i swap = _mm512_broadcast_i32x4(_mm_setr_epi8(3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12));
	__m512i s[8], w[16], a, b, c, d, e, f, g, h;
	size_t off;
	int k, l;

	for (k = 0; k < 8; k++) {
		s[k] = _mm512_loadu_si512((const void *) state[k]);
	}
	for (off = 0; off < 64 * n; off += 64) {
		for (l = 0; l < TC_SHA256_LANES; l++) {
			w[l] = _mm512_loadu_si512((const void *) (p[l] + off));
		}
		tc_lanes_transpose(w);
		for (k = 0; k < 16; k++) {
			w[k] = _mm512_shuffle_epi8(w[k], swap); /* big-endian words */
		}
		a = s[0]; b = s[1]; c = s[2]; d = s[3]; e = s[4]; f = s[5]; g = s[6]; h = s[7];
		TC_L_ROUNDS8(0, TC_L_NO_SCHEDULE);
		TC_L_ROUNDS8(8, TC_L_NO_SCHEDULE);
		TC_L_ROUNDS8(16, TC_L_SCHEDULE);
		TC_L_ROUNDS8(24, TC_L_SCHEDULE);
		TC_L_ROUNDS8(32, TC_L_SCHEDULE);
		TC_L_ROUNDS8(40, TC_L_SCHEDULE);
		TC_L_ROUNDS8(48, TC_L_SCHEDULE);
		TC_L_ROUNDS8(56, TC_L_SCHEDULE);
		s[0] = TC_L_ADD(s[0], a); s[1] = TC_L_ADD(s[1], b); s[2] = TC_L_ADD(s[2], c); s[3] = TC_L_ADD(s[3], d);
		s[4] = TC_L_ADD(s[4], e); s[5] = TC_L_ADD(s[5], f); s[6] = TC_L_ADD(s[6], g); s[7] = TC_L_ADD(s[7], h);
	}
	for (k = 0; k < 8; k++) {
		_mm512_storeu_si512((void *) state[k], s[k]);
	}
}
#endif

static void (*tc_blocks16)(uint32_t state[8][TC_SHA256_LANES], const unsigned char *const p[TC_SHA256_LANES], size_t n)
	= tc_sha256_blocks16_c;

void tc_sha256_lanes_startup(void)
{
#ifdef TC_SHA_LANES
	__builtin_cpu_init();
	if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw")) {
		tc_blocks16 = tc_sha256_blocks16_avx512;
	}
#endif
}

bool tc_sha256_lanes_native(void)
{
	return tc_blocks16 != tc_sha256_blocks16_c;
}

void tc_sha256_blocks16(uint32_t state[8][TC_SHA256_LANES], const unsigned char *const p[TC_SHA256_LANES], size_t n)
{
	tc_blocks16(state, p, n);
}
