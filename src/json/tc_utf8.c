#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"

#include "tc_utf8.h"

#if defined(__SSE2__)
# include <emmintrin.h>
#endif

/* Byte by byte, but plain ASCII 64 or 16 bytes at a time where SSE2 is. */
static bool tc_utf8_valid_bytes(const unsigned char *s, size_t len)
{
	size_t i = 0, n;
	uint32_t cp;

	while (i < len) {
#ifdef __SSE2__
		if (len - i >= 64) {
			const __m128i *p = (const __m128i *) (s + i);
			__m128i any = _mm_or_si128(_mm_or_si128(_mm_loadu_si128(p), _mm_loadu_si128(p + 1)),
				_mm_or_si128(_mm_loadu_si128(p + 2), _mm_loadu_si128(p + 3)));

			if (!_mm_movemask_epi8(any)) {
				i += 64;
				continue;
			}
		}
		if (len - i >= 16) {
			/* bit k set: byte k is 0x80 or above */
			unsigned high = (unsigned) _mm_movemask_epi8(_mm_loadu_si128((const __m128i *) (s + i)));

			if (!high) {
				i += 16;
				continue;
			}
			i += (size_t) __builtin_ctz(high);
		}
#endif
		if (s[i] < 0x80) {
			i++;
			continue;
		}
		n = tc_utf8_decode(s + i, len - i, &cp);
		if (!n) {
			return 0;
		}
		i += n;
	}
	return 1;
}

/* TC_UTF8_BYTES_ONLY: builds the byte-by-byte check alone (for tests). */
#if defined(__GNUC__) && defined(__x86_64__) && !defined(TC_UTF8_BYTES_ONLY)
# include <immintrin.h>
# define TC_UTF8_AVX2 1

/*
 * 32 bytes at a time without a branch per character: the lookup method of
 * Keiser and Lemire ("Validating UTF-8 in less than one instruction per
 * byte", 2021). Every error shows in the pair of a byte and the one before
 * it, except a missing or extra continuation of a three- or four-byte
 * character. Each of three 16-entry tables maps a nibble (the high and the
 * low one of the byte before, the high one of the byte) to the set of
 * errors that nibble allows, one bit per kind; a pair is invalid where all
 * three sets share a bit. The bit 0x80 marks two continuation bytes in a
 * row, which is an error unless the byte two or three back starts a
 * three- or four-byte character: that is XORed in. At the end, the last
 * three bytes must not start a character that needs more bytes than are
 * left.
 */
# define TC_U8_SHORT     0x01 /* a lead or ASCII where a continuation must be */
# define TC_U8_LONG      0x02 /* a continuation after ASCII */
# define TC_U8_OVER3     0x04 /* E0 80..9F */
# define TC_U8_LARGE     0x08 /* F4 90..BF, F5.. with a continuation */
# define TC_U8_SURROGATE 0x10 /* ED A0..BF */
# define TC_U8_OVER2     0x20 /* C0, C1 */
# define TC_U8_OVER4     0x40 /* F0 80..8F; also F5.. 80..8F */
# define TC_U8_TWO_CONTS 0x80 /* continuation after continuation */
# define TC_U8_CARRY     (TC_U8_SHORT | TC_U8_LONG | TC_U8_TWO_CONTS)
# define TC_U8_HIGH4     (TC_U8_CARRY | TC_U8_LARGE | TC_U8_OVER4)

# define TC_U8_TABLE(a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p) \
	_mm256_setr_epi8(a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p)

__attribute__((target("avx2")))
static bool tc_utf8_valid_avx2(const unsigned char *s, size_t len)
{
	const __m256i before_high = TC_U8_TABLE(
		TC_U8_LONG, TC_U8_LONG, TC_U8_LONG, TC_U8_LONG, TC_U8_LONG, TC_U8_LONG, TC_U8_LONG, TC_U8_LONG,
		TC_U8_TWO_CONTS, TC_U8_TWO_CONTS, TC_U8_TWO_CONTS, TC_U8_TWO_CONTS,
		TC_U8_SHORT | TC_U8_OVER2, TC_U8_SHORT, TC_U8_SHORT | TC_U8_OVER3 | TC_U8_SURROGATE,
		TC_U8_SHORT | TC_U8_LARGE | TC_U8_OVER4);
	const __m256i before_low = TC_U8_TABLE(
		TC_U8_CARRY | TC_U8_OVER2 | TC_U8_OVER3 | TC_U8_OVER4, TC_U8_CARRY | TC_U8_OVER2, TC_U8_CARRY, TC_U8_CARRY,
		TC_U8_CARRY | TC_U8_LARGE, TC_U8_HIGH4, TC_U8_HIGH4, TC_U8_HIGH4,
		TC_U8_HIGH4, TC_U8_HIGH4, TC_U8_HIGH4, TC_U8_HIGH4,
		TC_U8_HIGH4, TC_U8_HIGH4 | TC_U8_SURROGATE, TC_U8_HIGH4, TC_U8_HIGH4);
	const __m256i this_high = TC_U8_TABLE(
		TC_U8_SHORT, TC_U8_SHORT, TC_U8_SHORT, TC_U8_SHORT, TC_U8_SHORT, TC_U8_SHORT, TC_U8_SHORT, TC_U8_SHORT,
		TC_U8_LONG | TC_U8_OVER2 | TC_U8_TWO_CONTS | TC_U8_OVER3 | TC_U8_OVER4,
		TC_U8_LONG | TC_U8_OVER2 | TC_U8_TWO_CONTS | TC_U8_OVER3 | TC_U8_LARGE,
		TC_U8_LONG | TC_U8_OVER2 | TC_U8_TWO_CONTS | TC_U8_SURROGATE | TC_U8_LARGE,
		TC_U8_LONG | TC_U8_OVER2 | TC_U8_TWO_CONTS | TC_U8_SURROGATE | TC_U8_LARGE,
		TC_U8_SHORT, TC_U8_SHORT, TC_U8_SHORT, TC_U8_SHORT);
	/* a byte above these in the last three positions still needs more */
	const __m256i last_max = _mm256_setr_epi8(-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
		-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, (char) 0xef, (char) 0xdf, (char) 0xbf);
	const __m256i nibble = _mm256_set1_epi8(0x0f);
	__m256i prev = _mm256_setzero_si256(), pending = _mm256_setzero_si256(), error = _mm256_setzero_si256();
	unsigned char tail[32];
	size_t i = 0;

	for (;;) {
		__m256i in, shifted, before1, before2, before3, pairs, needs;

		if (len - i >= 32) {
			in = _mm256_loadu_si256((const __m256i *) (s + i));
		} else {
			/* zeros after the end: ASCII, so a character cut short shows */
			memset(tail, 0, sizeof(tail));
			memcpy(tail, s + i, len - i);
			in = _mm256_loadu_si256((const __m256i *) tail);
		}
		if (!_mm256_movemask_epi8(in)) {
			error = _mm256_or_si256(error, pending);
			pending = _mm256_setzero_si256();
		} else {
			/* the input shifted by one, two, three bytes, prev's last ones in front */
			shifted = _mm256_permute2x128_si256(prev, in, 0x21);
			before1 = _mm256_alignr_epi8(in, shifted, 15);
			before2 = _mm256_alignr_epi8(in, shifted, 14);
			before3 = _mm256_alignr_epi8(in, shifted, 13);
			pairs = _mm256_and_si256(_mm256_and_si256(
				_mm256_shuffle_epi8(before_high, _mm256_and_si256(_mm256_srli_epi16(before1, 4), nibble)),
				_mm256_shuffle_epi8(before_low, _mm256_and_si256(before1, nibble))),
				_mm256_shuffle_epi8(this_high, _mm256_and_si256(_mm256_srli_epi16(in, 4), nibble)));
			/* 0x80 where the byte two back is E0.. or the byte three back F0.. */
			needs = _mm256_and_si256(_mm256_or_si256(
				_mm256_subs_epu8(before2, _mm256_set1_epi8((char) (0xe0 - 0x80))),
				_mm256_subs_epu8(before3, _mm256_set1_epi8((char) (0xf0 - 0x80)))), _mm256_set1_epi8((char) 0x80));
			error = _mm256_or_si256(error, _mm256_xor_si256(needs, pairs));
			pending = _mm256_subs_epu8(in, last_max);
		}
		prev = in;
		if (len - i < 32) {
			break;
		}
		i += 32;
	}
	error = _mm256_or_si256(error, pending);
	return _mm256_testz_si256(error, error);
}
#endif

/* The check of this CPU (tc_utf8_startup()). */
static bool (*tc_utf8_check)(const unsigned char *s, size_t len) = tc_utf8_valid_bytes;

void tc_utf8_startup(void)
{
#ifdef TC_UTF8_AVX2
	__builtin_cpu_init();
	/* libgcc also checks that the OS saves the AVX registers */
	if (__builtin_cpu_supports("avx2")) {
		tc_utf8_check = tc_utf8_valid_avx2;
	}
#endif
}

bool tc_utf8_valid(const unsigned char *s, size_t len)
{
	return tc_utf8_check(s, len);
}
