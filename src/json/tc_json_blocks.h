/*
 * What the JSON escapers share: the byte tables, one escape, the dense
 * stretch of non-ASCII text taken character by character, and the block
 * escapers (SSSE3 and AVX2 in tc_json_blocks.c, AVX-512 in
 * tc_json_blocks512.c) that tc_json_escape_run() chooses among at MINIT.
 * Internal to the tc_json_escape*.c and tc_json_blocks*.c files.
 */
#ifndef TC_JSON_BLOCKS_H
#define TC_JSON_BLOCKS_H

#include "php.h"

#include "tc_utf8.h"

/*
 * The bytes of a string as json_encode() writes them with default flags:
 * \" \\ \/ \b \f \n \r \t, other bytes below 0x20 as \u00xx, every non-ASCII
 * character as \uxxxx (a UTF-16 surrogate pair above U+FFFF, lower-case hex
 * digits), invalid UTF-8 an error.
 */

/* "0123456789abcdef" (its 16 digits load as one vector) */
extern const char tc_json_hex[];

/* 0: copied as it is; 1: a two-byte escape; 2: \u00xx; 3: a non-ASCII lead */
extern const unsigned char tc_json_class[256];

/* the letter after the backslash for class-1 bytes, 0 for others */
extern const char tc_json_letter[256];

static zend_always_inline char *tc_json_u_escape(char *dst, uint32_t u)
{
	dst[0] = '\\';
	dst[1] = 'u';
	dst[2] = tc_json_hex[(u >> 12) & 0xf];
	dst[3] = tc_json_hex[(u >> 8) & 0xf];
	dst[4] = tc_json_hex[(u >> 4) & 0xf];
	dst[5] = tc_json_hex[u & 0xf];
	return dst + 6;
}

/*
 * One byte that needs escaping, at s (len bytes left): writes its escape at
 * dst (at most 12 bytes; dst may be NULL when only counting) and returns the
 * number of input bytes it stands for, with the output length in *out; 0
 * for invalid UTF-8. Always inlined, so that the AVX-512 loop can take a
 * rare byte without a call (which would cost it its vector constants).
 */
static zend_always_inline size_t tc_json_escape_one(const unsigned char *s, size_t len, char *dst, size_t *out)
{
	unsigned char c = s[0];
	uint32_t cp;
	size_t n;

	switch (tc_json_class[c]) {
		case 1:
			if (dst) {
				dst[0] = '\\';
				dst[1] = tc_json_letter[c];
			}
			*out = 2;
			return 1;
		case 2:
			if (dst) {
				tc_json_u_escape(dst, c);
			}
			*out = 6;
			return 1;
		default:
			n = tc_utf8_decode(s, len, &cp);
			if (!n) {
				return 0;
			}
			if (cp >= 0x10000) {
				cp -= 0x10000;
				if (dst) {
					dst = tc_json_u_escape(dst, 0xd800 | (cp >> 10));
					tc_json_u_escape(dst, 0xdc00 | (cp & 0x3ff));
				}
				*out = 12;
			} else {
				if (dst) {
					tc_json_u_escape(dst, cp);
				}
				*out = 6;
			}
			return n;
	}
}

/* Plain ASCII bytes in a row that end a dense stretch (tc_json_dense()). */
#define TC_JSON_DENSE_CALM 2

/*
 * Text in a script other than Latin is mostly non-ASCII: a block loop that
 * took one rare character and then loaded a block again would do so for
 * nearly every character (Cyrillic and CJK text went 3 to 4 times slower
 * than ASCII). From the byte at *pos, escapes at *dst (dst NULL: counts
 * what escaping adds into *extra instead) byte by byte, until
 * TC_JSON_DENSE_CALM plain bytes in a row, the end of s, or *dst at limit
 * (then past it by at most 11 bytes). Advances *pos (and *dst); false, *pos
 * on it, at invalid UTF-8.
 */
static zend_always_inline bool tc_json_dense(const unsigned char *s, size_t len, size_t *pos, char **dst, const char *limit, size_t *extra)
{
	size_t i = *pos, n, out;
	char *d = dst ? *dst : NULL;
	unsigned calm = 0;
	bool ok = 1;

	while (i < len && calm < TC_JSON_DENSE_CALM && (!dst || d < limit)) {
		if (!tc_json_class[s[i]]) {
			if (dst) {
				*d++ = (char) s[i];
			}
			i++;
			calm++;
			continue;
		}
		n = tc_json_escape_one(s + i, len - i, d, &out);
		if (!n) {
			ok = 0;
			break;
		}
		if (dst) {
			d += out;
		} else {
			*extra += out - n;
		}
		i += n;
		calm = 0;
	}
	*pos = i;
	if (dst) {
		*dst = d;
	}
	return ok;
}

#if defined(__SSE2__)
# include <emmintrin.h>
# define TC_JSON_SIMD 1

/* Bits set in a 16-bit mask (a popcount is a libgcc call where the build
 * does not assume POPCNT). */
static zend_always_inline unsigned tc_json_bits16(unsigned v)
{
	v = v - ((v >> 1) & 0x5555);
	v = (v & 0x3333) + ((v >> 2) & 0x3333);
	v = (v + (v >> 4)) & 0x0f0f;
	return (v + (v >> 8)) & 0x1f;
}
#endif

/* The block escapers, x86 with GCC or Clang (each compiled for its own
 * instruction set, chosen by what the CPU has at MINIT). */
#if defined(TC_JSON_SIMD) && defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
# define TC_JSON_SSSE3 1
# if defined(__x86_64__)
#  define TC_JSON_AVX2 1
#  define TC_JSON_VBMI2 1
# endif
#endif

#ifdef TC_JSON_SSSE3
/*
 * The classes of a byte for the AVX2 and AVX-512 escapers, one bit each, as
 * looked up by its two nibbles (tc_json_nibbles_low and _high, one vector
 * shuffle each): a byte is in a class when both its low nibble's and its
 * high nibble's entries have the bit.
 */
#define TC_JSON_NIB_QUOTE     0x01 /* " */
#define TC_JSON_NIB_SLASH     0x02 /* / */
#define TC_JSON_NIB_BACKSLASH 0x04 /* \ */
#define TC_JSON_NIB_SHORT_CTL 0x08 /* \b \t \n \f \r */
#define TC_JSON_NIB_LONG_CTL  0x10 /* another byte below 0x10: \u00xx */
#define TC_JSON_NIB_HIGH      0x20 /* 0x80 and up: non-ASCII */
#define TC_JSON_NIB_CTL_1X    0x40 /* 0x10 to 0x1f: \u00xx */
/* every low nibble has these (the high nibble decides) */
#define TC_JSON_NIB_ANY       (TC_JSON_NIB_HIGH | TC_JSON_NIB_CTL_1X)
/* a two-byte escape; a byte the block path does not write itself */
#define TC_JSON_NIB_TWO_BYTE  (TC_JSON_NIB_QUOTE | TC_JSON_NIB_SLASH | TC_JSON_NIB_BACKSLASH | TC_JSON_NIB_SHORT_CTL)
#define TC_JSON_NIB_RARE      (TC_JSON_NIB_LONG_CTL | TC_JSON_NIB_HIGH | TC_JSON_NIB_CTL_1X)

/*
 * The digits of \uxxxx in the one-go blocks, for a vector width: mm its
 * prefix (_mm256, _mm512), si its integer suffix (si256, si512). Bytes
 * are shifted in 16-bit lanes; the mask drops what crossed from the other
 * byte. TC_JSON_HEX_NIBBLES: the lower three digits of each byte's code
 * point from x and y: the lead byte and the next (two bytes), the two
 * after the lead byte (three bytes: bits 11-0), or 0 and the byte (a
 * control character). TC_JSON_HIGH_SURROGATE: for a lead byte v of four
 * (v1, v2 the next two), those of its high surrogate, D800 + (code point
 * - 0x10000) >> 10: with w the plane less one, 8 | w >> 2, (w & 3) << 2 |
 * v1's bits 3-2, v1's bits 1-0 << 2 | v2's bits 5-4.
 */
#define TC_JSON_SHL(mm, si, v, n, m) mm##_and_##si(mm##_slli_epi16((v), (n)), mm##_set1_epi8(m))
#define TC_JSON_SHR(mm, si, v, n, m) mm##_and_##si(mm##_srli_epi16((v), (n)), mm##_set1_epi8(m))
#define TC_JSON_HEX_NIBBLES(mm, si, x, y, n2, n1, n0) do { \
		(n2) = TC_JSON_SHR(mm, si, x, 2, 0x0f); \
		(n1) = mm##_or_##si(TC_JSON_SHL(mm, si, x, 2, 0x0c), TC_JSON_SHR(mm, si, y, 4, 0x03)); \
		(n0) = mm##_and_##si((y), mm##_set1_epi8(0x0f)); \
	} while (0)
#define TC_JSON_PLANE_LESS_ONE(mm, si, v, v1) \
	mm##_sub_epi8(mm##_or_##si(TC_JSON_SHL(mm, si, v, 2, 0x1c), TC_JSON_SHR(mm, si, v1, 4, 0x03)), mm##_set1_epi8(1))
#define TC_JSON_HIGH_SURROGATE(mm, si, v, v1, v2, h2, h1, h0) do { \
		(h2) = mm##_or_##si(mm##_set1_epi8(0x08), TC_JSON_SHR(mm, si, TC_JSON_PLANE_LESS_ONE(mm, si, v, v1), 2, 0x03)); \
		(h1) = mm##_or_##si(TC_JSON_SHL(mm, si, TC_JSON_PLANE_LESS_ONE(mm, si, v, v1), 2, 0x0c), TC_JSON_SHR(mm, si, v1, 2, 0x03)); \
		(h0) = mm##_or_##si(TC_JSON_SHL(mm, si, v1, 2, 0x0c), TC_JSON_SHR(mm, si, v2, 4, 0x03)); \
	} while (0)

/*
 * Brings the six slot bytes of each input byte together for the one-go
 * blocks of non-ASCII text (tc_json_unicode32() and tc_json_unicode64()):
 * unpacked by bytes, then by 2 and by 4 bytes (with two zero bytes), in
 * each 128-bit lane, so that quad[q] ends with the 8-byte slots of the
 * lane's bytes 2q and 2q + 1. mm is the width's prefix (_mm256 or
 * _mm512); slot, pair and quad are arrays of 6, 6 and 8 vectors of it,
 * zero a zero vector.
 */
#define TC_JSON_SLOT_QUADS(mm, slot, pair, quad, zero) do { \
		unsigned tc_r_; \
		_Pragma("GCC unroll 8") \
		for (tc_r_ = 0; tc_r_ < 3; tc_r_++) { \
			(pair)[2 * tc_r_] = mm##_unpacklo_epi8((slot)[2 * tc_r_], (slot)[2 * tc_r_ + 1]); \
			(pair)[2 * tc_r_ + 1] = mm##_unpackhi_epi8((slot)[2 * tc_r_], (slot)[2 * tc_r_ + 1]); \
		} \
		_Pragma("GCC unroll 8") \
		for (tc_r_ = 0; tc_r_ < 2; tc_r_++) { \
			(quad)[4 * tc_r_] = mm##_unpacklo_epi32(mm##_unpacklo_epi16((pair)[tc_r_], (pair)[2 + tc_r_]), \
				mm##_unpacklo_epi16((pair)[4 + tc_r_], (zero))); \
			(quad)[4 * tc_r_ + 1] = mm##_unpackhi_epi32(mm##_unpacklo_epi16((pair)[tc_r_], (pair)[2 + tc_r_]), \
				mm##_unpacklo_epi16((pair)[4 + tc_r_], (zero))); \
			(quad)[4 * tc_r_ + 2] = mm##_unpacklo_epi32(mm##_unpackhi_epi16((pair)[tc_r_], (pair)[2 + tc_r_]), \
				mm##_unpackhi_epi16((pair)[4 + tc_r_], (zero))); \
			(quad)[4 * tc_r_ + 3] = mm##_unpackhi_epi32(mm##_unpackhi_epi16((pair)[tc_r_], (pair)[2 + tc_r_]), \
				mm##_unpackhi_epi16((pair)[4 + tc_r_], (zero))); \
		} \
	} while (0)

/* The letter of \b \t \n \f \r by the control character's low nibble. */
extern const char tc_json_ctl_letters[16];

/* The classes each low nibble allows (TC_JSON_NIB_*), and each high nibble. */
extern const unsigned char tc_json_nibbles_low[16];
extern const unsigned char tc_json_nibbles_high[16];

/* MINIT, before tc_json_blocks_ssse3() or tc_json_blocks_avx2() runs: fills
 * their shuffle tables. Not thread-safe. */
void tc_json_expand_init(void);

/*
 * The block escapers. Each escapes blocks of s (len bytes, borrowed) from
 * byte *i on into dst, as tc_json_escape_run() does, and returns the new
 * dst, leaving *i at the first byte not done: fewer bytes left than a
 * block (or, for tc_json_blocks_vbmi2(), none), dst at limit, or invalid
 * UTF-8 (for the caller's byte-by-byte way to report). Each block may
 * write past limit: up to 42 bytes with SSSE3 (16-byte blocks), 200 with
 * AVX2 (32), 400 with AVX-512 VBMI2 (64; TC_JSON_ESCAPE_SLACK). Only for a
 * CPU that has the instruction set (tc_json_escape_startup()).
 */
char *tc_json_blocks_ssse3(const unsigned char *s, size_t len, size_t *i, char *dst, const char *limit);
# ifdef TC_JSON_AVX2
char *tc_json_blocks_avx2(const unsigned char *s, size_t len, size_t *i, char *dst, const char *limit);

/*
 * The counting path of tc_json_escape_extra() with AVX2 (len at least 32,
 * s borrowed): what escaping s adds, exact when s is valid UTF-8, with
 * *high set when s has a byte of 0x80 or above (then the caller checks
 * that it is). Only for a CPU with AVX2.
 */
size_t tc_json_extra_avx2(const unsigned char *s, size_t len, bool *high);
# endif
# ifdef TC_JSON_VBMI2
char *tc_json_blocks_vbmi2(const unsigned char *s, size_t len, size_t *i, char *dst, const char *limit);
# endif
#endif

#endif
