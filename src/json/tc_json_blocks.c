#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"

#include "tc_json_blocks.h"

/*
 * The SSSE3 and AVX2 block escapers, and the AVX2 count of what escaping
 * adds (tc_json_extra_avx2()). A block whose escapes are all two-byte
 * ones written through shuffle tables; with AVX2, a block of non-ASCII text
 * all at once.
 */

#ifdef TC_JSON_SSSE3
# include <tmmintrin.h>

/* The classes each low nibble allows (TC_JSON_NIB_*). */
const unsigned char tc_json_nibbles_low[16] = {
	TC_JSON_NIB_LONG_CTL | TC_JSON_NIB_ANY, TC_JSON_NIB_LONG_CTL | TC_JSON_NIB_ANY,
	TC_JSON_NIB_QUOTE | TC_JSON_NIB_LONG_CTL | TC_JSON_NIB_ANY, TC_JSON_NIB_LONG_CTL | TC_JSON_NIB_ANY,
	TC_JSON_NIB_LONG_CTL | TC_JSON_NIB_ANY, TC_JSON_NIB_LONG_CTL | TC_JSON_NIB_ANY,
	TC_JSON_NIB_LONG_CTL | TC_JSON_NIB_ANY, TC_JSON_NIB_LONG_CTL | TC_JSON_NIB_ANY,
	TC_JSON_NIB_SHORT_CTL | TC_JSON_NIB_ANY, TC_JSON_NIB_SHORT_CTL | TC_JSON_NIB_ANY,
	TC_JSON_NIB_SHORT_CTL | TC_JSON_NIB_ANY, TC_JSON_NIB_LONG_CTL | TC_JSON_NIB_ANY,
	TC_JSON_NIB_BACKSLASH | TC_JSON_NIB_SHORT_CTL | TC_JSON_NIB_ANY, TC_JSON_NIB_SHORT_CTL | TC_JSON_NIB_ANY,
	TC_JSON_NIB_LONG_CTL | TC_JSON_NIB_ANY, TC_JSON_NIB_SLASH | TC_JSON_NIB_LONG_CTL | TC_JSON_NIB_ANY,
};

/* The classes each high nibble allows. */
const unsigned char tc_json_nibbles_high[16] = {
	TC_JSON_NIB_SHORT_CTL | TC_JSON_NIB_LONG_CTL, TC_JSON_NIB_CTL_1X, TC_JSON_NIB_QUOTE | TC_JSON_NIB_SLASH, 0,
	0, TC_JSON_NIB_BACKSLASH, 0, 0,
	TC_JSON_NIB_HIGH, TC_JSON_NIB_HIGH, TC_JSON_NIB_HIGH, TC_JSON_NIB_HIGH,
	TC_JSON_NIB_HIGH, TC_JSON_NIB_HIGH, TC_JSON_NIB_HIGH, TC_JSON_NIB_HIGH,
};

/* The letter of \b \t \n \f \r by the control character's low nibble. */
const char tc_json_ctl_letters[16] = {0, 0, 0, 0, 0, 0, 0, 0, 'b', 't', 'n', 0, 'f', 'r', 0, 0};

/*
 * Escaping without a branch per escaped byte (SSSE3, chosen at MINIT): a
 * 16-byte block whose escapes are all two-byte ones (" \ / \b \f \n \r \t)
 * is written as two shuffles of 8 input bytes each, the shuffle and the
 * backslash positions looked up by the 8-bit mask of escaped bytes.
 */
static struct {
	unsigned char shuf[256][16]; /* output byte -> input byte, 0x80: none */
	unsigned char bs[256][16];   /* '\\' where the output gets a backslash */
	unsigned char len[256];      /* output bytes for 8 input bytes */
} tc_json_expand;

void tc_json_expand_init(void)
{
	unsigned m, b, o;

	for (m = 0; m < 256; m++) {
		o = 0;
		memset(tc_json_expand.shuf[m], 0x80, 16);
		memset(tc_json_expand.bs[m], 0, 16);
		for (b = 0; b < 8; b++) {
			if (m & (1u << b)) {
				tc_json_expand.bs[m][o++] = '\\';
			}
			tc_json_expand.shuf[m][o++] = (unsigned char) b;
		}
		tc_json_expand.len[m] = (unsigned char) o;
	}
}

/* Writes the 16 bytes of t at dst, a backslash before each one whose bit is
 * set in m; returns the end of the output. Stores 16 bytes twice, the second
 * time at most 16 bytes on. */
__attribute__((target("ssse3")))
static zend_always_inline char *tc_json_expand16(char *dst, __m128i t, unsigned m)
{
	_mm_storeu_si128((__m128i *) dst, _mm_or_si128(
		_mm_shuffle_epi8(t, _mm_loadu_si128((const __m128i *) tc_json_expand.shuf[m & 0xff])),
		_mm_loadu_si128((const __m128i *) tc_json_expand.bs[m & 0xff])));
	dst += tc_json_expand.len[m & 0xff];
	t = _mm_srli_si128(t, 8);
	_mm_storeu_si128((__m128i *) dst, _mm_or_si128(
		_mm_shuffle_epi8(t, _mm_loadu_si128((const __m128i *) tc_json_expand.shuf[m >> 8])),
		_mm_loadu_si128((const __m128i *) tc_json_expand.bs[m >> 8])));
	return dst + tc_json_expand.len[m >> 8];
}

/*
 * Escapes 16-byte blocks of s from *i; a block with a rare byte (non-ASCII,
 * a control character without a two-byte escape) is written up to it, then
 * character by character while non-ASCII stays dense (tc_json_dense()).
 * Returns the new dst and leaves *i
 * at the first byte not done: fewer than 16 left, dst at limit, or invalid
 * UTF-8. Needs room for 42 bytes past dst per block (two 16-byte stores, the
 * second at most 16 bytes on; then up to 12 bytes from 30 on).
 */
__attribute__((target("ssse3")))
char *tc_json_blocks_ssse3(const unsigned char *s, size_t len, size_t *i, char *dst, const char *limit)
{
	const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\'), slash = _mm_set1_epi8('/');
	const __m128i space = _mm_set1_epi8(0x20), low = _mm_set1_epi8(0x0f);
	/* the letter of \b \t \n \f \r by the control character's low nibble */
	const __m128i letters = _mm_loadu_si128((const __m128i *) tc_json_ctl_letters);
	size_t pos = *i;

	while (pos + 16 <= len && dst < limit) {
		__m128i v = _mm_loadu_si128((const __m128i *) (s + pos));
		__m128i ctl = _mm_cmplt_epi8(v, space); /* controls, and 0x80 and up */
		/* each byte's letter if it were a control character (0: none) */
		__m128i letter = _mm_shuffle_epi8(letters, _mm_and_si128(v, low));
		/* among those, the controls with a two-byte escape: below 0x10,
		 * with a letter */
		__m128i short_ctl = _mm_and_si128(ctl, _mm_and_si128(
			_mm_cmpeq_epi8(_mm_and_si128(v, _mm_set1_epi8((char) 0xf0)), _mm_setzero_si128()),
			_mm_cmpgt_epi8(letter, _mm_setzero_si128())));
		unsigned rare = (unsigned) _mm_movemask_epi8(_mm_andnot_si128(short_ctl, ctl));
		unsigned m = (unsigned) _mm_movemask_epi8(_mm_or_si128(short_ctl, _mm_or_si128(_mm_cmpeq_epi8(v, quote),
			_mm_or_si128(_mm_cmpeq_epi8(v, backslash), _mm_cmpeq_epi8(v, slash)))));
		/* the bytes to write: control characters become their letter */
		__m128i t = _mm_or_si128(_mm_andnot_si128(short_ctl, v), _mm_and_si128(short_ctl, letter));
		unsigned take;

		if (EXPECTED(!rare)) {
			dst = tc_json_expand16(dst, t, m);
			pos += 16;
			continue;
		}
		/* the bytes before the rare one, then its escape */
		take = (unsigned) __builtin_ctz(rare);
		m &= (1u << take) - 1;
		tc_json_expand16(dst, t, m);
		dst += take + tc_json_bits16(m);
		pos += take;
		if (!tc_json_dense(s, len, &pos, &dst, limit, NULL)) {
			break; /* invalid UTF-8: the caller's byte path reports it */
		}
	}
	*i = pos;
	return dst;
}

# ifdef TC_JSON_AVX2
#  include <immintrin.h>

/* The most rare bytes a 32-byte block may hold for the AVX2 escaper to
 * write it up to the first one, then character by character, rather than
 * with tc_json_unicode32(). */
#define TC_JSON_SPARSE_RARE32 2

/*
 * Each byte of a block of the AVX2 escaper as tc_json_unicode32() writes
 * it: an 8-byte slot of which the first 0 (a continuation byte), 1 (a
 * plain byte), 2 (\x) or 6 bytes (\uxxxx) are used, at an offset found by
 * adding up the bytes used before it, so that no store waits for the one
 * before it.
 */
__attribute__((target("avx2,popcnt")))
static zend_always_inline void tc_json_slots_store(char *dst, const __m256i slot[6], const unsigned char *at)
{
	const __m256i zero = _mm256_setzero_si256();
	__m256i pair[6], quad[8];
	unsigned r, k;

	TC_JSON_SLOT_QUADS(_mm256, slot, pair, quad, zero);
	/* quad[q] holds the slots of bytes 2q and 2q + 1 of each lane; stored in
	 * the order of the input, so that the unused bytes of a slot are written
	 * over by the slots after it */
#pragma GCC unroll 2
	for (r = 0; r < 2; r++) {
#pragma GCC unroll 8
		for (k = 0; k < 8; k++) {
			__m128i two_slots = r ? _mm256_extracti128_si256(quad[k], 1) : _mm256_castsi256_si128(quad[k]);

			_mm_storel_epi64((__m128i *) (dst + at[16 * r + 2 * k]), two_slots);
			_mm_storeh_pi((__m64 *) (dst + at[16 * r + 2 * k + 1]), _mm_castsi128_ps(two_slots));
		}
	}
}

/*
 * The code point of the character at c (len bytes from c to the end of the
 * string) when the rare bytes of its block from c on (bits, bit 0 for c)
 * are that one character of two or three bytes and nothing else, valid as
 * tc_utf8_decode() sees it; its bytes in *width. 0 otherwise.
 */
static zend_always_inline uint32_t tc_json_lone_char(const unsigned char *c, size_t len, uint32_t bits, unsigned *width)
{
	uint32_t cp;
	size_t n;

	if (bits != 3 && bits != 7) {
		return 0;
	}
	n = tc_utf8_decode(c, len, &cp);
	*width = (unsigned) n;
	return n && bits == (1u << n) - 1 ? cp : 0;
}

/* The bytes of v that are a UTF-8 continuation byte (10xxxxxx). */
__attribute__((target("avx2")))
static zend_always_inline __m256i tc_json_continuations32(__m256i v)
{
	return _mm256_cmpeq_epi8(_mm256_and_si256(v, _mm256_set1_epi8((char) 0xc0)), _mm256_set1_epi8((char) 0x80));
}

/* The bytes of v from lo to hi, compared as signed bytes. */
__attribute__((target("avx2")))
static zend_always_inline __m256i tc_json_between32(__m256i v, signed char lo, signed char hi)
{
	return _mm256_and_si256(_mm256_cmpgt_epi8(v, _mm256_set1_epi8((char) (lo - 1))), _mm256_cmpgt_epi8(_mm256_set1_epi8((char) (hi + 1)), v));
}

/* The bytes whose classes (TC_JSON_NIB_*) include any of bits. */
__attribute__((target("avx2")))
static zend_always_inline __m256i tc_json_in_class32(__m256i classes, unsigned char bits)
{
	return _mm256_xor_si256(_mm256_cmpeq_epi8(_mm256_and_si256(classes, _mm256_set1_epi8((char) bits)), _mm256_setzero_si256()),
		_mm256_set1_epi8(-1));
}

/* The bytes of v equal to c where m is set. */
__attribute__((target("avx2")))
static zend_always_inline __m256i tc_json_byte_and32(__m256i v, unsigned char c, __m256i m)
{
	return _mm256_and_si256(_mm256_cmpeq_epi8(v, _mm256_set1_epi8((char) c)), m);
}

/*
 * A block of the AVX2 escaper with non-ASCII or rare control characters
 * (v the 32 bytes at s + *pos, t them with control characters turned into
 * their letter, classes their TC_JSON_NIB_* bits), all of it at once when
 * it is valid UTF-8 as php_next_utf8_char() sees it: each byte's escape is
 * made in an 8-byte slot (tc_json_slots_store()), as tc_json_unicode64()
 * does. A character whose lead byte is in the block is taken whole, so
 * *pos may end 3 bytes past the block, except one above U+FFFF on the last
 * byte, before which the block ends. Looks at 3 bytes of s past the block.
 * Writes up to 200 bytes at dst and returns the new dst; NULL, with nothing
 * done, when the block holds invalid UTF-8.
 */
__attribute__((target("avx2,popcnt")))
static zend_always_inline char *tc_json_unicode32(const unsigned char *s, size_t *pos, char *dst,
	__m256i v, __m256i t, __m256i classes)
{
	const __m256i zero = _mm256_setzero_si256(), low = _mm256_set1_epi8(0x0f), one = _mm256_set1_epi8(1);
	const __m256i hex = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *) tc_json_hex));
	/* the bytes one, two and three on, and which are continuation bytes */
	__m256i v1 = _mm256_loadu_si256((const __m256i *) (s + *pos + 1));
	__m256i v2 = _mm256_loadu_si256((const __m256i *) (s + *pos + 2));
	__m256i v3 = _mm256_loadu_si256((const __m256i *) (s + *pos + 3));
	__m256i cont = tc_json_continuations32(v);
	/* (as signed bytes: C2 is -62, E0 -32, F0 -16, F4 -12; 90 -112, A0 -96) */
	__m256i lead2 = tc_json_between32(v, -62, -33), lead3 = tc_json_between32(v, -32, -17);
	__m256i lead4 = tc_json_between32(v, -16, -12);
	__m256i lead = _mm256_or_si256(lead2, _mm256_or_si256(lead3, lead4));
	__m256i escaped = tc_json_in_class32(classes, TC_JSON_NIB_TWO_BYTE);
	/* \uxxxx: a lead byte, or a control character without a letter */
	__m256i six = _mm256_or_si256(lead, tc_json_in_class32(classes, TC_JSON_NIB_LONG_CTL | TC_JSON_NIB_CTL_1X));
	/* the first continuation byte of a character above U+FFFF: the second
	 * half of its surrogate pair (lead4 one byte on, across the lanes) */
	__m256i second = _mm256_alignr_epi8(lead4, _mm256_permute2x128_si256(lead4, lead4, 0x08), 15);
	__m256i two = _mm256_or_si256(_mm256_or_si256(escaped, six), second);
	uint32_t m_high = (uint32_t) _mm256_movemask_epi8(v), m_cont = (uint32_t) _mm256_movemask_epi8(cont);
	uint32_t m_lead = (uint32_t) _mm256_movemask_epi8(lead), m_lead4 = (uint32_t) _mm256_movemask_epi8(lead4);
	uint32_t m_lead34 = (uint32_t) _mm256_movemask_epi8(lead3) | m_lead4;
	/* as php_next_utf8_char() sees it: a lead byte followed by as many
	 * continuation bytes as it announces, and each of those after one; no
	 * overlong form (C0, C1, E0 80-9F, F0 80-8F), no surrogate (ED A0-BF),
	 * nothing above U+10FFFF (F4 90-BF, F5-FF) */
	uint32_t bad = (m_high & ~(m_cont | m_lead))
		| (m_lead & ~(uint32_t) _mm256_movemask_epi8(tc_json_continuations32(v1)))
		| (m_lead34 & ~(uint32_t) _mm256_movemask_epi8(tc_json_continuations32(v2)))
		| (m_lead4 & ~(uint32_t) _mm256_movemask_epi8(tc_json_continuations32(v3)))
		| (m_cont & ~((m_lead << 1) | (m_lead34 << 2) | (m_lead4 << 3)))
		| (uint32_t) _mm256_movemask_epi8(_mm256_or_si256(
			_mm256_or_si256(tc_json_byte_and32(v, 0xe0, _mm256_cmpgt_epi8(_mm256_set1_epi8(-96), v1)),
				tc_json_byte_and32(v, 0xed, _mm256_cmpgt_epi8(v1, _mm256_set1_epi8(-97)))),
			_mm256_or_si256(tc_json_byte_and32(v, 0xf0, _mm256_cmpgt_epi8(_mm256_set1_epi8(-112), v1)),
				tc_json_byte_and32(v, 0xf4, _mm256_cmpgt_epi8(v1, _mm256_set1_epi8(-113))))));
	__m256i x, y, n3, n2, n1, n0, adv, at, slot[6];
	unsigned char offsets[32];
	unsigned taken = 32, past = 0, last;

	if (bad) {
		return NULL;
	}
	if (m_lead4 >> 31) {
		/* its second escape would fall in a slot past the block: the block
		 * ends before it */
		taken = 31;
		m_lead &= 0x7fffffffu;
	}
	if (m_lead) {
		/* the bytes of the last character that lie past the block */
		last = 31 - (unsigned) __builtin_clz(m_lead);
		past = last + ((m_lead4 >> last) & 1 ? 4 : (m_lead34 >> last) & 1 ? 3 : 2);
		past = past > 32 ? past - 32 : 0;
	}
	/* the code point in hex (TC_JSON_HEX_NIBBLES), the low surrogate's from
	 * the two bytes after its slot; then the high surrogate's, and the low
	 * one's DC00 + (code point & 0x3ff): d, c | bits 3-2 */
	x = _mm256_or_si256(_mm256_and_si256(lead2, v), _mm256_and_si256(_mm256_or_si256(lead3, second), v1));
	y = _mm256_blendv_epi8(_mm256_blendv_epi8(v, v1, lead2), v2, _mm256_or_si256(lead3, second));
	n3 = _mm256_and_si256(lead3, _mm256_and_si256(v, low));
	TC_JSON_HEX_NIBBLES(_mm256, si256, x, y, n2, n1, n0);
	if (m_lead4) {
		__m256i h2, h1, h0;

		TC_JSON_HIGH_SURROGATE(_mm256, si256, v, v1, v2, h2, h1, h0);
		n3 = _mm256_blendv_epi8(n3, _mm256_set1_epi8(0x0d), _mm256_or_si256(lead4, second));
		n2 = _mm256_blendv_epi8(_mm256_blendv_epi8(n2, _mm256_or_si256(_mm256_set1_epi8(0x0c),
			_mm256_and_si256(n2, _mm256_set1_epi8(0x03))), second), h2, lead4);
		n1 = _mm256_blendv_epi8(n1, h1, lead4);
		n0 = _mm256_blendv_epi8(n0, h0, lead4);
	}
	/* the bytes each slot uses (0, 1, 2 or 6: one, none for a continuation
	 * byte, one more for \x, five more for \uxxxx, six for a low surrogate
	 * in a continuation byte's slot), and where it goes: the sum of those
	 * before it, in each lane (four shifted adds), then lane 0's total
	 * added to lane 1 */
	adv = _mm256_add_epi8(_mm256_add_epi8(_mm256_add_epi8(one, cont), _mm256_and_si256(escaped, one)),
		_mm256_add_epi8(_mm256_and_si256(six, _mm256_set1_epi8(5)), _mm256_and_si256(second, _mm256_set1_epi8(6))));
	if (taken < 32) {
		adv = _mm256_and_si256(adv, _mm256_setr_epi32(-1, -1, -1, -1, -1, -1, -1, 0x00ffffff));
	}
	at = _mm256_add_epi8(adv, _mm256_slli_si256(adv, 1));
	at = _mm256_add_epi8(at, _mm256_slli_si256(at, 2));
	at = _mm256_add_epi8(at, _mm256_slli_si256(at, 4));
	at = _mm256_add_epi8(at, _mm256_slli_si256(at, 8));
	at = _mm256_add_epi8(at, _mm256_permute2x128_si256(_mm256_shuffle_epi8(at, _mm256_set1_epi8(15)), zero, 0x08));
	_mm256_storeu_si256((__m256i *) offsets, _mm256_sub_epi8(at, adv));
	/* read back from memory, one load each (taking each out of the vector
	 * register costs two instructions) */
	__asm__("" : "+m"(offsets));
	slot[0] = _mm256_blendv_epi8(v, _mm256_set1_epi8('\\'), two);
	slot[1] = _mm256_blendv_epi8(_mm256_set1_epi8('u'), t, escaped);
	slot[2] = _mm256_shuffle_epi8(hex, n3);
	slot[3] = _mm256_shuffle_epi8(hex, n2);
	slot[4] = _mm256_shuffle_epi8(hex, n1);
	slot[5] = _mm256_shuffle_epi8(hex, n0);
	tc_json_slots_store(dst, slot, offsets);
	*pos += taken + past;
	return dst + offsets[31] + (size_t) _mm256_extract_epi8(adv, 31);
}

/*
 * The SSSE3 escaper's way, 32 bytes a block (AVX2, for CPUs without
 * AVX-512): the bytes are classified by two nibble lookups
 * (TC_JSON_NIB_*) instead of a compare per kind, and each 16-byte half of
 * a block without a rare byte is written by tc_json_expand16(), whether it
 * has anything to escape or not. In code, tool output and base64 about
 * three blocks in four have a two-byte escape, scattered, and a branch
 * that stored the others as they are was mispredicted so often that
 * escaping took 30-40% less time without it (the long strings of the
 * shared transcripts, generated source text, base64); a block with nothing
 * to escape costs more without the branch, which shows on prose (16% more
 * time) and on text with no newline, quote or slash at all (58% more). A
 * block whose rare bytes are one character of two or three bytes and
 * nothing else has that character escaped on its own
 * (tc_json_lone_char()) and the loop goes on right after it: ASCII text
 * with an accented word or a symbol here and there took 10-30% less time
 * than when the character was taken by tc_json_dense(). Otherwise, a
 * block with more than
 * TC_JSON_SPARSE_RARE32 rare bytes is written all at once when it is
 * valid UTF-8 and 3 more bytes of s follow it (tc_json_unicode32()); text
 * in another script went at half the speed it has with AVX-512 when each
 * of its characters was taken one by one. Same contract as
 * tc_json_blocks_ssse3(); needs room for 200 bytes past dst per block
 * (tc_json_unicode32()).
 */
__attribute__((target("avx2,popcnt")))
char *tc_json_blocks_avx2(const unsigned char *s, size_t len, size_t *i, char *dst, const char *limit)
{
	const __m256i low = _mm256_set1_epi8(0x0f), zero = _mm256_setzero_si256();
	const __m256i short_bit = _mm256_set1_epi8(TC_JSON_NIB_SHORT_CTL);
	const __m256i letters = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *) tc_json_ctl_letters));
	const __m256i by_low = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *) tc_json_nibbles_low));
	const __m256i by_high = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *) tc_json_nibbles_high));
	size_t pos = *i;

	while (pos + 32 <= len && dst < limit) {
		__m256i v = _mm256_loadu_si256((const __m256i *) (s + pos));
		__m256i nibble = _mm256_and_si256(v, low);
		__m256i classes = _mm256_and_si256(_mm256_shuffle_epi8(by_low, nibble),
			_mm256_shuffle_epi8(by_high, _mm256_and_si256(_mm256_srli_epi16(v, 4), low)));
		__m256i short_ctl = _mm256_cmpeq_epi8(_mm256_and_si256(classes, short_bit), short_bit);
		uint32_t rare = ~(uint32_t) _mm256_movemask_epi8(
			_mm256_cmpeq_epi8(_mm256_and_si256(classes, _mm256_set1_epi8(TC_JSON_NIB_RARE)), zero));
		uint32_t m = ~(uint32_t) _mm256_movemask_epi8(
			_mm256_cmpeq_epi8(_mm256_and_si256(classes, _mm256_set1_epi8(TC_JSON_NIB_TWO_BYTE)), zero));
		/* the bytes to write: control characters become their letter */
		__m256i t = _mm256_blendv_epi8(v, _mm256_shuffle_epi8(letters, nibble), short_ctl);
		unsigned take, width;
		uint32_t cp;
		char *half, *next;

		if (EXPECTED(!rare)) {
			dst = tc_json_expand16(dst, _mm256_castsi256_si128(t), m & 0xffff);
			dst = tc_json_expand16(dst, _mm256_extracti128_si256(t, 1), m >> 16);
			pos += 32;
			continue;
		}
		take = (unsigned) __builtin_ctz(rare);
		cp = tc_json_lone_char(s + pos + take, len - pos - take, rare >> take, &width);
		if (!cp && pos + 35 <= len && (unsigned) __builtin_popcount(rare) > TC_JSON_SPARSE_RARE32
				&& (next = tc_json_unicode32(s, &pos, dst, v, t, classes))) {
			dst = next;
			continue;
		}
		/* the bytes before the rare one (each half written whole, the
		 * excess overwritten later), then its escape */
		m &= (1u << take) - 1;
		half = tc_json_expand16(dst, _mm256_castsi256_si128(t), m & 0xffff);
		if (take > 16) {
			tc_json_expand16(half, _mm256_extracti128_si256(t, 1), m >> 16);
		}
		dst += take + __builtin_popcount(m);
		pos += take;
		if (cp) {
			dst = tc_json_u_escape(dst, cp);
			pos += width;
			continue;
		}
		if (!tc_json_dense(s, len, &pos, &dst, limit, NULL)) {
			break; /* invalid UTF-8: the caller's byte path reports it */
		}
	}
	*i = pos;
	return dst;
}

/* Blocks counted in byte lanes before they are summed: a byte adds at most
 * 8, and a lane holds 255. */
#define TC_JSON_COUNT_RUN 31

/* 32 bytes of 0, then 32 of 0xff: the 32 at n keep the last n bytes of a block. */
static const unsigned char tc_json_tail_window[64] = {
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
};

/*
 * What escaping adds to the len bytes at s (len at least 32), 32 at a
 * time (the last block: the string's last 32 bytes, those counted already
 * made spaces); no byte stops it. A two-byte escape adds 1, \u00xx 5; a
 * non-ASCII character's escape (6 bytes, 12 above U+FFFF) is put on its
 * lead byte: C0-DF adds 4, E0-EF 3, F0-FF 8, continuation bytes 0. That is
 * exact for valid UTF-8 only: *high says whether s has a byte of 0x80 or
 * above, for the caller to check it.
 */
__attribute__((target("avx2")))
size_t tc_json_extra_avx2(const unsigned char *s, size_t len, bool *high)
{
	const __m256i low = _mm256_set1_epi8(0x0f), one = _mm256_set1_epi8(1), five = _mm256_set1_epi8(5);
	const __m256i by_low = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *) tc_json_nibbles_low));
	const __m256i by_high = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *) tc_json_nibbles_high));
	const __m256i lead = _mm256_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 4, 3, 8,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 4, 3, 8);
	__m256i total = _mm256_setzero_si256(), seen = _mm256_setzero_si256();
	size_t pos = 0;

	while (pos < len) {
		__m256i lanes = _mm256_setzero_si256();
		unsigned run;

		for (run = 0; run < TC_JSON_COUNT_RUN && pos < len; run++, pos += 32) {
			__m256i v, hi, classes;

			if (len - pos >= 32) {
				v = _mm256_loadu_si256((const __m256i *) (s + pos));
			} else {
				/* the last 32 bytes, those already counted made spaces */
				v = _mm256_blendv_epi8(_mm256_set1_epi8(' '), _mm256_loadu_si256((const __m256i *) (s + len - 32)),
					_mm256_loadu_si256((const __m256i *) (tc_json_tail_window + (len - pos))));
			}
			hi = _mm256_and_si256(_mm256_srli_epi16(v, 4), low);
			classes = _mm256_and_si256(_mm256_shuffle_epi8(by_low, _mm256_and_si256(v, low)),
				_mm256_shuffle_epi8(by_high, hi));
			lanes = _mm256_add_epi8(lanes, _mm256_shuffle_epi8(lead, hi));
			lanes = _mm256_add_epi8(lanes, _mm256_and_si256(tc_json_in_class32(classes, TC_JSON_NIB_TWO_BYTE), one));
			lanes = _mm256_add_epi8(lanes,
				_mm256_and_si256(tc_json_in_class32(classes, TC_JSON_NIB_LONG_CTL | TC_JSON_NIB_CTL_1X), five));
			seen = _mm256_or_si256(seen, v);
		}
		total = _mm256_add_epi64(total, _mm256_sad_epu8(lanes, _mm256_setzero_si256()));
	}
	*high = _mm256_movemask_epi8(seen) != 0;
	return (size_t) _mm256_extract_epi64(total, 0) + (size_t) _mm256_extract_epi64(total, 1)
		+ (size_t) _mm256_extract_epi64(total, 2) + (size_t) _mm256_extract_epi64(total, 3);
}
# endif
#endif
