#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"

#include "tc_json_blocks.h"

/*
 * The AVX-512 block escaper (VBMI and VBMI2): 64 bytes at a time, escaped
 * bytes spread out by byte expansion, a block of non-ASCII text all at
 * once by byte compression.
 */

#ifdef TC_JSON_VBMI2
# include <immintrin.h>

/*
 * Writes the first take bytes of t (take <= 32) at dst, a backslash before
 * each one whose bit is set in m (no bit at or above take): every input byte
 * gets two slots, the first one present only when it is escaped (pdep);
 * among the present slots, the output takes an input byte where the slot
 * is a second one (pext). Stores 64 bytes; returns the end of the output.
 */
__attribute__((target("avx2,bmi2,avx512f,avx512bw,avx512vbmi2")))
static zend_always_inline char *tc_json_expand32(char *dst, __m256i t, uint32_t m, unsigned take, __m512i backslashes)
{
	const uint64_t seconds = 0xaaaaaaaaaaaaaaaaULL;
	uint64_t slots = _pdep_u64(m, ~seconds) | seconds;

	_mm512_storeu_si512((void *) dst, _mm512_mask_expand_epi8(backslashes,
		(__mmask64) _pext_u64(seconds, slots), _mm512_castsi256_si512(t)));
	return dst + take + __builtin_popcount(m);
}

/*
 * Where tc_json_unicode64() puts each byte before it interleaves: byte
 * 16L + 2r + b of the reordered vector is byte 8r + 2L + b (L a 128-bit
 * lane, r 0-7, b 0-1), so that three rounds of in-lane unpacks leave the
 * slots of bytes 8r to 8r + 7 in order in the r-th vector.
 */
static const unsigned char tc_json_slot_order[64] = {
	0, 1, 8, 9, 16, 17, 24, 25, 32, 33, 40, 41, 48, 49, 56, 57,
	2, 3, 10, 11, 18, 19, 26, 27, 34, 35, 42, 43, 50, 51, 58, 59,
	4, 5, 12, 13, 20, 21, 28, 29, 36, 37, 44, 45, 52, 53, 60, 61,
	6, 7, 14, 15, 22, 23, 30, 31, 38, 39, 46, 47, 54, 55, 62, 63,
};

/* The first n bits set (n may be 64 or more). */
static zend_always_inline uint64_t tc_json_first_bits(size_t n)
{
	return n >= 64 ? ~0ULL : ((uint64_t) 1 << n) - 1;
}

/* The bytes of v that are a UTF-8 continuation byte (10xxxxxx). */
__attribute__((target("avx2,bmi2,avx512f,avx512bw")))
static zend_always_inline __mmask64 tc_json_continuations(__m512i v)
{
	return _mm512_cmpeq_epi8_mask(_mm512_and_si512(v, _mm512_set1_epi8((char) 0xc0)), _mm512_set1_epi8((char) 0x80));
}

/*
 * A block with non-ASCII or rare control characters, all of it at once
 * (block64's inputs: v the present bytes at s + *pos, t them with control
 * characters turned into their letter, escaped the bytes with a two-byte
 * escape, rare the present ones that take more: other control characters
 * and non-ASCII). Each byte's escape is laid out in an 8-byte slot: one
 * byte used (a plain one), two (\x), six (\uxxxx: a control character,
 * the lead byte of a character, or the first continuation byte of one
 * above U+FFFF, which takes the second half of its surrogate pair) or none
 * (another continuation byte); then the used bytes of each 8 slots are
 * packed together (byte compression). A character whose lead byte is in
 * the block is taken whole, so *pos may end 2 bytes past the block, except
 * one above U+FFFF on the last byte, before which the block ends. Writes up
 * to 400 bytes at dst and returns the new dst; NULL, with nothing done,
 * when the block holds invalid UTF-8, for the caller's byte-by-byte way to
 * report it.
 */
__attribute__((target("avx2,bmi2,avx512f,avx512bw,avx512vbmi,avx512vbmi2")))
static zend_always_inline char *tc_json_unicode64(const unsigned char *s, size_t len, size_t *pos, char *dst,
	__m512i v, __m512i t, __mmask64 escaped, __mmask64 rare, __mmask64 present)
{
	const __m512i low = _mm512_set1_epi8(0x0f), zero = _mm512_setzero_si512();
	const __m512i hex = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *) tc_json_hex));
	const uint64_t spread = 0x0101010101010101ULL;
	size_t left = len - *pos;
	/* the bytes one, two and three on (zero past the end of s) */
	__m512i v1 = _mm512_maskz_loadu_epi8((__mmask64) tc_json_first_bits(left - 1), s + *pos + 1);
	__m512i v2 = _mm512_maskz_loadu_epi8((__mmask64) tc_json_first_bits(left > 2 ? left - 2 : 0), s + *pos + 2);
	__m512i v3 = _mm512_maskz_loadu_epi8((__mmask64) tc_json_first_bits(left > 3 ? left - 3 : 0), s + *pos + 3);
	__mmask64 high = _mm512_movepi8_mask(v) & present;
	__mmask64 cont = tc_json_continuations(v);
	__mmask64 lead2 = _mm512_cmpge_epu8_mask(v, _mm512_set1_epi8((char) 0xc2)) & _mm512_cmple_epu8_mask(v, _mm512_set1_epi8((char) 0xdf));
	__mmask64 lead3 = _mm512_cmpge_epu8_mask(v, _mm512_set1_epi8((char) 0xe0)) & _mm512_cmple_epu8_mask(v, _mm512_set1_epi8((char) 0xef));
	__mmask64 lead4 = _mm512_cmpge_epu8_mask(v, _mm512_set1_epi8((char) 0xf0)) & _mm512_cmple_epu8_mask(v, _mm512_set1_epi8((char) 0xf4));
	__mmask64 lead = lead2 | lead3 | lead4, lead34 = lead3 | lead4;
	/* as php_next_utf8_char() sees it: a lead byte followed by as many
	 * continuation bytes as it announces, and each of those after one; no
	 * overlong form (C0, C1, E0 80-9F, F0 80-8F), no surrogate (ED A0-BF),
	 * nothing above U+10FFFF (F4 90-BF, F5-FF) */
	__mmask64 bad = (high & ~(cont | lead))
		| (lead & ~tc_json_continuations(v1)) | (lead34 & ~tc_json_continuations(v2))
		| (lead4 & ~tc_json_continuations(v3))
		| (cont & ~((lead << 1) | (lead34 << 2) | (lead4 << 3)))
		| (_mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8((char) 0xe0)) & _mm512_cmplt_epu8_mask(v1, _mm512_set1_epi8((char) 0xa0)))
		| (_mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8((char) 0xed)) & _mm512_cmpge_epu8_mask(v1, _mm512_set1_epi8((char) 0xa0)))
		| (_mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8((char) 0xf0)) & _mm512_cmplt_epu8_mask(v1, _mm512_set1_epi8((char) 0x90)))
		| (_mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8((char) 0xf4)) & _mm512_cmpge_epu8_mask(v1, _mm512_set1_epi8((char) 0x90)));
	__mmask64 six, two, used, second;
	__m512i x, y, n3, n2, n1, n0, slot[6], pair[6], quad[8], order;
	unsigned r, last;
	size_t past = 0;

	if (bad) {
		return NULL;
	}
	if (lead4 >> 63) {
		/* its second escape would fall in a slot past the block: the
		 * block ends before it */
		present &= ~((__mmask64) 1 << 63);
		lead4 &= present;
		lead &= present;
	}
	if (lead) {
		/* the bytes of the last character that lie past the block */
		last = 63 - (unsigned) __builtin_clzll(lead);
		past = last + ((lead4 >> last) & 1 ? 4 : (lead3 >> last) & 1 ? 3 : 2);
		past = past > 64 ? past - 64 : 0;
	}
	/* a character above U+FFFF is two escapes (a surrogate pair): the
	 * first in its lead byte's slot, the second in the slot after */
	second = lead4 << 1;
	six = (rare & ~high) | lead | second;
	two = escaped | six;
	used = (present & ~cont) | two;
	/* the code point in hex (TC_JSON_HEX_NIBBLES), the low surrogate's from
	 * the two bytes after its slot; then the high surrogate's, and the low
	 * one's DC00 + (code point & 0x3ff): d, c | bits 3-2 */
	x = _mm512_mask_mov_epi8(_mm512_mask_mov_epi8(_mm512_maskz_mov_epi8(lead2, v), lead3, v1), second, v1);
	y = _mm512_mask_mov_epi8(_mm512_mask_mov_epi8(_mm512_mask_mov_epi8(v, lead2, v1), lead3, v2), second, v2);
	n3 = _mm512_and_si512(_mm512_maskz_mov_epi8(lead3, v), low);
	TC_JSON_HEX_NIBBLES(_mm512, si512, x, y, n2, n1, n0);
	if (lead4) {
		__m512i h2, h1, h0;

		TC_JSON_HIGH_SURROGATE(_mm512, si512, v, v1, v2, h2, h1, h0);
		n3 = _mm512_mask_mov_epi8(n3, lead4 | second, _mm512_set1_epi8(0x0d));
		n2 = _mm512_mask_mov_epi8(_mm512_mask_mov_epi8(n2, second, _mm512_or_si512(_mm512_set1_epi8(0x0c),
			_mm512_and_si512(n2, _mm512_set1_epi8(0x03)))), lead4, h2);
		n1 = _mm512_mask_mov_epi8(n1, lead4, h1);
		n0 = _mm512_mask_mov_epi8(n0, lead4, h0);
	}
	slot[0] = _mm512_mask_mov_epi8(v, two, _mm512_set1_epi8('\\'));
	slot[1] = _mm512_mask_mov_epi8(_mm512_set1_epi8('u'), escaped, t);
	slot[2] = _mm512_shuffle_epi8(hex, n3);
	slot[3] = _mm512_shuffle_epi8(hex, n2);
	slot[4] = _mm512_shuffle_epi8(hex, n1);
	slot[5] = _mm512_shuffle_epi8(hex, n0);
	/* interleave: quad[r] gets the 8-byte slots of bytes 8r to 8r + 7 */
	order = _mm512_loadu_si512((const void *) tc_json_slot_order);
#pragma GCC unroll 8
	for (r = 0; r < 6; r++) {
		slot[r] = _mm512_permutexvar_epi8(order, slot[r]);
	}
	TC_JSON_SLOT_QUADS(_mm512, slot, pair, quad, zero);
	/* keep byte 0 of a used slot, byte 1 of a two- or six-byte one, bytes
	 * 2-5 of a six-byte one */
#pragma GCC unroll 8
	for (r = 0; r < 8; r++) {
		uint64_t keep = _pdep_u64((uint8_t) (used >> (8 * r)), spread)
			| (_pdep_u64((uint8_t) (two >> (8 * r)), spread) << 1)
			| (_pdep_u64((uint8_t) (six >> (8 * r)), spread) * 0x3c);

		_mm512_storeu_si512((void *) dst, _mm512_maskz_compress_epi8((__mmask64) keep, quad[r]));
		dst += __builtin_popcountll(keep);
	}
	*pos += (size_t) __builtin_popcountll(present) + past;
	return dst;
}

/*
 * The most rare bytes a 64-byte block may hold for the AVX-512 escaper to
 * write it the byte-by-byte way (up to the first one, then the dense
 * stretch) rather than all at once: tc_json_unicode64() costs about as
 * much as three characters taken one by one, so a block of ASCII with a
 * character or two in it (a comment in another language, a dash or an
 * arrow in code) went at half the speed of one without.
 */
#define TC_JSON_SPARSE_RARE 6

/*
 * One block of the AVX-512 escaper: the bytes of v that are present (all
 * 64, or the tail of s), loaded from s + *pos. Writes them at dst (with a
 * rare byte among them: all of them, or those before it and what follows
 * while non-ASCII stays dense); advances *pos and returns the new dst.
 * Returns NULL, *pos on it, at invalid UTF-8.
 */
__attribute__((target("avx2,bmi2,avx512f,avx512bw,avx512vbmi,avx512vbmi2")))
static zend_always_inline char *tc_json_block64(const unsigned char *s, size_t len, size_t *pos, char *dst, const char *limit, __m512i v, __mmask64 present)
{
	const __m512i backslash = _mm512_set1_epi8('\\'), low = _mm512_set1_epi8(0x0f);
	const __m512i letters = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *) tc_json_ctl_letters));
	/* what a byte is, as the classes its low nibble allows and'ed with
	 * those its high nibble allows (TC_JSON_NIB_*): one lookup each */
	const __m512i by_low = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *) tc_json_nibbles_low));
	const __m512i by_high = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *) tc_json_nibbles_high));
	__m512i nibble = _mm512_and_si512(v, low);
	__m512i classes = _mm512_and_si512(_mm512_shuffle_epi8(by_low, nibble),
		_mm512_shuffle_epi8(by_high, _mm512_and_si512(_mm512_srli_epi16(v, 4), low)));
	__mmask64 short_ctl = _mm512_test_epi8_mask(classes, _mm512_set1_epi8(TC_JSON_NIB_SHORT_CTL));
	/* (the NULs a masked load puts past the end are not rare) */
	__mmask64 rare = _mm512_test_epi8_mask(classes, _mm512_set1_epi8(TC_JSON_NIB_RARE)) & present;
	uint64_t m = _mm512_test_epi8_mask(classes, _mm512_set1_epi8(TC_JSON_NIB_TWO_BYTE));
	/* the bytes to write: control characters become their letter */
	__m512i t = _mm512_mask_shuffle_epi8(v, short_ctl, letters, nibble);
	unsigned take;
	char *next;

	if (EXPECTED(!rare && present == ~(__mmask64) 0)) {
		if (!m) { /* nothing to escape: the block as it is */
			_mm512_storeu_si512((void *) dst, v);
			*pos += 64;
			return dst + 64;
		}
		dst = tc_json_expand32(dst, _mm512_castsi512_si256(t), (uint32_t) m, 32, backslash);
		*pos += 64;
		return tc_json_expand32(dst, _mm512_extracti64x4_epi64(t, 1), (uint32_t) (m >> 32), 32, backslash);
	}
	if (rare && __builtin_popcountll(rare) > TC_JSON_SPARSE_RARE
			&& (next = tc_json_unicode64(s, len, pos, dst, v, t, (__mmask64) m, rare, present))) {
		return next;
	}
	/* the bytes before the rare one, or all there are */
	take = rare ? (unsigned) __builtin_ctzll(rare) : (unsigned) __builtin_popcountll(present);
	m &= ((uint64_t) 1 << take) - 1; /* take < 64 */
	if (take <= 32) {
		dst = tc_json_expand32(dst, _mm512_castsi512_si256(t), (uint32_t) m, take, backslash);
	} else {
		dst = tc_json_expand32(dst, _mm512_castsi512_si256(t), (uint32_t) m, 32, backslash);
		dst = tc_json_expand32(dst, _mm512_extracti64x4_epi64(t, 1), (uint32_t) (m >> 32), take - 32, backslash);
	}
	*pos += take;
	if (rare && !tc_json_dense(s, len, pos, &dst, limit, NULL)) {
		return NULL;
	}
	return dst;
}

/*
 * Like tc_json_blocks_ssse3(), 64 bytes at a time and the tail of s with a
 * masked load (so it goes to the end of s), with byte expansion (AVX-512
 * VBMI2) instead of table-driven shuffles: the input bytes (control
 * characters turned into their letter) are spread over up to 64 output
 * bytes per half, a backslash before each escaped one (tc_json_expand32()).
 * A block with a rare byte is written here too (leaving the loop for it
 * made text with a few non-ASCII characters a line take 2.4 times as long
 * as plain ASCII): all at once when it holds more than
 * TC_JSON_SPARSE_RARE rare bytes and is valid UTF-8 (tc_json_unicode64()),
 * else up to the rare byte, then character by character while non-ASCII
 * stays dense (tc_json_dense()). A block with nothing to escape is
 * stored as it is. Stops at invalid UTF-8, and needs room for 400 bytes
 * past dst per block (TC_JSON_ESCAPE_SLACK). Starts on a cache line, as
 * the SHA-NI loops do (tc_sha256_blocks.c).
 */
__attribute__((target("avx2,bmi2,avx512f,avx512bw,avx512vbmi,avx512vbmi2"), aligned(64)))
char *tc_json_blocks_vbmi2(const unsigned char *s, size_t len, size_t *i, char *dst, const char *limit)
{
	size_t pos = *i;
	char *next;

	while (pos + 64 <= len && dst < limit) {
		next = tc_json_block64(s, len, &pos, dst, limit, _mm512_loadu_si512((const void *) (s + pos)), ~(__mmask64) 0);
		if (!next) {
			break; /* invalid UTF-8: the caller's byte path reports it */
		}
		dst = next;
	}
	while (pos < len && pos + 64 > len && dst < limit) {
		__mmask64 present = (__mmask64) _bzhi_u64(~0ULL, (unsigned) (len - pos));

		next = tc_json_block64(s, len, &pos, dst, limit, _mm512_maskz_loadu_epi8(present, s + pos), present);
		if (!next) {
			break;
		}
		dst = next;
	}
	*i = pos;
	return dst;
}
#endif
