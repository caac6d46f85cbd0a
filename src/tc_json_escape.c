#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"

#include "tc_json_escape.h"
#include "tc_utf8.h"

/*
 * The bytes of a string as json_encode() writes them with default flags:
 * \" \\ \/ \b \f \n \r \t, other bytes below 0x20 as \u00xx, every non-ASCII
 * character as \uxxxx (a UTF-16 surrogate pair above U+FFFF, lower-case hex
 * digits), invalid UTF-8 an error.
 */

static const char tc_json_hex[] = "0123456789abcdef";

/* 0: copied as it is; 1: a two-byte escape; 2: \u00xx; 3: a non-ASCII lead */
static const unsigned char tc_json_class[256] = {
	2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 2, 1, 1, 2, 2,
	2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
	0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, /* " and / */
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, /* \ */
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
	3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
	3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
	3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
	3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
	3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
	3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
	3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
};

/* the letter after the backslash for class-1 bytes */
static const char tc_json_letter[256] = {
	['"'] = '"', ['\\'] = '\\', ['/'] = '/',
	['\b'] = 'b', ['\f'] = 'f', ['\n'] = 'n', ['\r'] = 'r', ['\t'] = 't',
};

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

/* Bit i set when byte i of v needs escaping: ", \, /, below 0x20, 0x80 and up. */
static zend_always_inline unsigned tc_json_special16(__m128i v)
{
	__m128i m = _mm_or_si128(
		_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'))),
		_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('/')), _mm_cmplt_epi8(v, _mm_set1_epi8(0x20))));
	return (unsigned) _mm_movemask_epi8(m);
}
#endif

#ifdef TC_JSON_SIMD
/* Bits set in a 16-bit mask (a popcount is a libgcc call where the build
 * does not assume POPCNT). */
static zend_always_inline unsigned tc_json_bits16(unsigned v)
{
	v = v - ((v >> 1) & 0x5555);
	v = (v & 0x3333) + ((v >> 2) & 0x3333);
	v = (v + (v >> 4)) & 0x0f0f;
	return (v + (v >> 8)) & 0x1f;
}

/*
 * The bytes with a common two-byte escape (" \ / \n \r \t) in s from *i
 * on, up to the first rare byte (another control character, or non-ASCII)
 * or the end of the whole blocks (16 bytes here): *i stops there, *rare
 * tells which. Each byte lane of a vector counts the matches at its place
 * (a match is -1, subtracted), for 255 blocks at most (what a lane can
 * count) before the lanes are summed, so that no block needs a popcount.
 */
static size_t tc_json_count_common(const unsigned char *s, size_t len, size_t *i, bool *rare)
{
	size_t pos = *i, extra = 0, end;
	__m128i acc, v, m;
	unsigned r = 0;

	while (pos + 16 <= len && !r) {
		end = len - pos > 16 * 255 ? pos + 16 * 255 : len;
		acc = _mm_setzero_si128();
		while (pos + 16 <= end) {
			v = _mm_loadu_si128((const __m128i *) (s + pos));
			m = _mm_or_si128(
				_mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'))),
					_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('/')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\n')))),
				_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\r')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\t'))));
			r = (unsigned) _mm_movemask_epi8(_mm_andnot_si128(m, _mm_cmplt_epi8(v, _mm_set1_epi8(0x20))));
			if (UNEXPECTED(r)) {
				unsigned k = (unsigned) __builtin_ctz(r);

				extra += tc_json_bits16((unsigned) _mm_movemask_epi8(m) & ((1u << k) - 1));
				pos += k;
				break;
			}
			acc = _mm_sub_epi8(acc, m);
			pos += 16;
		}
		acc = _mm_sad_epu8(acc, _mm_setzero_si128());
		extra += (size_t) _mm_extract_epi16(acc, 0) + (size_t) _mm_extract_epi16(acc, 4);
	}
	*i = pos;
	*rare = r != 0;
	return extra;
}
#endif

size_t tc_json_escape_extra(const unsigned char *s, size_t len)
{
	size_t i = 0, extra = 0, n, out;

#ifdef TC_JSON_SIMD
	bool rare = 1;

	while (rare && i + 16 <= len) {
		extra += tc_json_count_common(s, len, &i, &rare);
		if (rare && !tc_json_dense(s, len, &i, NULL, NULL, &extra)) {
			return (size_t) -1;
		}
	}
#endif
	while (i < len) {
		if (!tc_json_class[s[i]]) {
			i++;
			continue;
		}
		n = tc_json_escape_one(s + i, len - i, NULL, &out);
		if (!n) {
			return (size_t) -1;
		}
		extra += out - n;
		i += n;
	}
	return extra;
}

#if defined(TC_JSON_SIMD) && defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
# include <tmmintrin.h>
# define TC_JSON_SSSE3 1

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

# if defined(__x86_64__)
/* The classes each low nibble allows (TC_JSON_NIB_*). */
static const unsigned char tc_json_nibbles_low[16] = {
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
static const unsigned char tc_json_nibbles_high[16] = {
	TC_JSON_NIB_SHORT_CTL | TC_JSON_NIB_LONG_CTL, TC_JSON_NIB_CTL_1X, TC_JSON_NIB_QUOTE | TC_JSON_NIB_SLASH, 0,
	0, TC_JSON_NIB_BACKSLASH, 0, 0,
	TC_JSON_NIB_HIGH, TC_JSON_NIB_HIGH, TC_JSON_NIB_HIGH, TC_JSON_NIB_HIGH,
	TC_JSON_NIB_HIGH, TC_JSON_NIB_HIGH, TC_JSON_NIB_HIGH, TC_JSON_NIB_HIGH,
};
# endif

/* The letter of \b \t \n \f \r by the control character's low nibble. */
static const char tc_json_ctl_letters[16] = {0, 0, 0, 0, 0, 0, 0, 0, 'b', 't', 'n', 0, 'f', 'r', 0, 0};

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

static void tc_json_expand_init(void)
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
static char *tc_json_blocks_ssse3(const unsigned char *s, size_t len, size_t *i, char *dst, const char *limit)
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

# if defined(__x86_64__)
#  include <immintrin.h>
#  define TC_JSON_AVX2 1

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
static zend_always_inline void tc_json_slots_store(char *dst, __m256i slot0, __m256i slot1, __m256i slot2,
	__m256i slot3, __m256i slot4, __m256i slot5, const unsigned char *at)
{
	const __m256i zero = _mm256_setzero_si256();
	/* unpacked by bytes, then by 2 and by 4 bytes, the six slot bytes of
	 * each input byte (and two zeros) come together, in each 128-bit lane */
	__m256i pair[6] = {
		_mm256_unpacklo_epi8(slot0, slot1), _mm256_unpackhi_epi8(slot0, slot1),
		_mm256_unpacklo_epi8(slot2, slot3), _mm256_unpackhi_epi8(slot2, slot3),
		_mm256_unpacklo_epi8(slot4, slot5), _mm256_unpackhi_epi8(slot4, slot5),
	};
	__m256i quad[8];
	unsigned r, k;

#pragma GCC unroll 2
	for (r = 0; r < 2; r++) {
		__m256i four_lo = _mm256_unpacklo_epi16(pair[r], pair[2 + r]);
		__m256i four_hi = _mm256_unpackhi_epi16(pair[r], pair[2 + r]);
		__m256i last_lo = _mm256_unpacklo_epi16(pair[4 + r], zero);
		__m256i last_hi = _mm256_unpackhi_epi16(pair[4 + r], zero);

		quad[4 * r] = _mm256_unpacklo_epi32(four_lo, last_lo);
		quad[4 * r + 1] = _mm256_unpackhi_epi32(four_lo, last_lo);
		quad[4 * r + 2] = _mm256_unpacklo_epi32(four_hi, last_hi);
		quad[4 * r + 3] = _mm256_unpackhi_epi32(four_hi, last_hi);
	}
	/* quad[q] holds the slots of bytes 2q and 2q + 1 of each lane; stored in
	 * the order of the input, so that the unused bytes of a slot are written
	 * over by the slots after it */
#pragma GCC unroll 2
	for (r = 0; r < 2; r++) {
#pragma GCC unroll 8
		for (k = 0; k < 8; k++) {
			__m128i two_slots = r ? _mm256_extracti128_si256(quad[k], 1) : _mm256_castsi256_si128(quad[k]);

			_mm_storel_epi64((__m128i *) (dst + at[16 * r + 2 * k]), two_slots);
			_mm_storeh_pd((double *) (dst + at[16 * r + 2 * k + 1]), _mm_castsi128_pd(two_slots));
		}
	}
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
	const __m256i hex = _mm256_broadcastsi128_si256(_mm_setr_epi8('0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'a', 'b', 'c', 'd', 'e', 'f'));
	/* the bytes one, two and three on, and which are continuation bytes */
	__m256i v1 = _mm256_loadu_si256((const __m256i *) (s + *pos + 1));
	__m256i v2 = _mm256_loadu_si256((const __m256i *) (s + *pos + 2));
	__m256i v3 = _mm256_loadu_si256((const __m256i *) (s + *pos + 3));
	__m256i cont = tc_json_continuations32(v);
	/* (as signed bytes: C2 is -62, E0 -32, F0 -16, F4 -12; 90 -112, A0 -96) */
	__m256i lead2 = tc_json_between32(v, -62, -33), lead3 = tc_json_between32(v, -32, -17);
	__m256i lead4 = tc_json_between32(v, -16, -12);
	__m256i lead = _mm256_or_si256(lead2, _mm256_or_si256(lead3, lead4));
	__m256i escaped = _mm256_xor_si256(_mm256_cmpeq_epi8(_mm256_and_si256(classes, _mm256_set1_epi8(TC_JSON_NIB_TWO_BYTE)), zero), _mm256_set1_epi8(-1));
	/* \uxxxx: a lead byte, or a control character without a letter */
	__m256i six = _mm256_or_si256(lead, _mm256_andnot_si256(_mm256_or_si256(escaped, _mm256_cmpgt_epi8(zero, v)),
		_mm256_cmpgt_epi8(_mm256_set1_epi8(0x20), v)));
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
	uint32_t present = ~0u;
	__m256i x, y, n3, n2, n1, n0, adv, at;
	unsigned char offsets[32];
	unsigned past = 0, last;

	if (bad) {
		return NULL;
	}
	if (m_lead4 >> 31) {
		/* its second escape would fall in a slot past the block: the block
		 * ends before it */
		present = 0x7fffffffu;
		m_lead &= present;
	}
	if (m_lead) {
		/* the bytes of the last character that lie past the block */
		last = 31 - (unsigned) __builtin_clz(m_lead);
		past = last + ((m_lead4 >> last) & 1 ? 4 : (m_lead34 >> last) & 1 ? 3 : 2);
		past = past > 32 ? past - 32 : 0;
	}
	/* the code point in hex from x and y: lead byte and next (2 bytes), the
	 * two after the lead byte (3 bytes; the low surrogate from the two
	 * after the slot), or 0 and the control character */
	x = _mm256_or_si256(_mm256_and_si256(lead2, v), _mm256_and_si256(_mm256_or_si256(lead3, second), v1));
	y = _mm256_blendv_epi8(_mm256_blendv_epi8(v, v1, lead2), v2, _mm256_or_si256(lead3, second));
	n3 = _mm256_and_si256(lead3, _mm256_and_si256(v, low));
	n2 = _mm256_and_si256(_mm256_srli_epi16(x, 2), low);
	n1 = _mm256_or_si256(_mm256_and_si256(_mm256_slli_epi16(x, 2), _mm256_set1_epi8(0x0c)),
		_mm256_and_si256(_mm256_srli_epi16(y, 4), _mm256_set1_epi8(0x03)));
	n0 = _mm256_and_si256(y, low);
	if (m_lead4) {
		/* high surrogate D800 + (code point - 0x10000) >> 10: with w the
		 * plane less one, d, 8 | w >> 2, (w & 3) << 2 | the next byte's
		 * bits 3-2, its bits 1-0 << 2 | the byte after's bits 5-4; low
		 * surrogate DC00 + (code point & 0x3ff): d, c | bits 3-2 */
		__m256i w = _mm256_sub_epi8(_mm256_or_si256(
			_mm256_and_si256(_mm256_slli_epi16(v, 2), _mm256_set1_epi8(0x1c)),
			_mm256_and_si256(_mm256_srli_epi16(v1, 4), _mm256_set1_epi8(0x03))), one);

		n3 = _mm256_blendv_epi8(n3, _mm256_set1_epi8(0x0d), _mm256_or_si256(lead4, second));
		n2 = _mm256_blendv_epi8(n2, _mm256_or_si256(_mm256_set1_epi8(0x08),
			_mm256_and_si256(_mm256_srli_epi16(w, 2), _mm256_set1_epi8(0x03))), lead4);
		n2 = _mm256_blendv_epi8(n2, _mm256_or_si256(_mm256_set1_epi8(0x0c),
			_mm256_and_si256(n2, _mm256_set1_epi8(0x03))), second);
		n1 = _mm256_blendv_epi8(n1, _mm256_or_si256(
			_mm256_and_si256(_mm256_slli_epi16(w, 2), _mm256_set1_epi8(0x0c)),
			_mm256_and_si256(_mm256_srli_epi16(v1, 2), _mm256_set1_epi8(0x03))), lead4);
		n0 = _mm256_blendv_epi8(n0, _mm256_or_si256(
			_mm256_and_si256(_mm256_slli_epi16(v1, 2), _mm256_set1_epi8(0x0c)),
			_mm256_and_si256(_mm256_srli_epi16(v2, 4), _mm256_set1_epi8(0x03))), lead4);
	}
	/* the bytes each slot uses (0, 1, 2 or 6: one, none for a continuation
	 * byte, one more for \x, five more for \uxxxx), and where it goes: the
	 * sum of those before it, in each lane (four shifted adds), then lane
	 * 0's total added to lane 1 */
	adv = _mm256_add_epi8(_mm256_add_epi8(_mm256_add_epi8(one, cont), _mm256_and_si256(escaped, one)),
		_mm256_and_si256(_mm256_or_si256(six, second), _mm256_set1_epi8(5)));
	adv = _mm256_add_epi8(adv, _mm256_and_si256(second, one));
	if (present != ~0u) {
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
	tc_json_slots_store(dst,
		_mm256_blendv_epi8(v, _mm256_set1_epi8('\\'), two),
		_mm256_blendv_epi8(_mm256_set1_epi8('u'), t, escaped),
		_mm256_shuffle_epi8(hex, n3), _mm256_shuffle_epi8(hex, n2),
		_mm256_shuffle_epi8(hex, n1), _mm256_shuffle_epi8(hex, n0), offsets);
	*pos += (size_t) __builtin_popcount(present) + past;
	return dst + offsets[31] + (size_t) _mm256_extract_epi8(adv, 31);
}

/*
 * The SSSE3 escaper's way, 32 bytes a block (AVX2, for CPUs without
 * AVX-512): the bytes are classified by two nibble lookups
 * (TC_JSON_NIB_*) instead of a compare per kind, a block with nothing to
 * escape is stored as it is, and each 16-byte half of the others is
 * written by tc_json_expand16(). A block with more than
 * TC_JSON_SPARSE_RARE32 rare bytes is written all at once when it is
 * valid UTF-8 and 3 more bytes of s follow it (tc_json_unicode32()); text
 * in another script went at half the speed it has with AVX-512 when each
 * of its characters was taken one by one. Same contract as
 * tc_json_blocks_ssse3(); needs room for 200 bytes past dst per block
 * (tc_json_unicode32()).
 */
__attribute__((target("avx2,popcnt")))
static char *tc_json_blocks_avx2(const unsigned char *s, size_t len, size_t *i, char *dst, const char *limit)
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
		unsigned take;
		char *half, *next;

		if (EXPECTED(!rare)) {
			if (!m) {
				_mm256_storeu_si256((__m256i *) dst, v);
				dst += 32;
			} else {
				dst = tc_json_expand16(dst, _mm256_castsi256_si128(t), m & 0xffff);
				dst = tc_json_expand16(dst, _mm256_extracti128_si256(t, 1), m >> 16);
			}
			pos += 32;
			continue;
		}
		if (pos + 35 <= len && (unsigned) __builtin_popcount(rare) > TC_JSON_SPARSE_RARE32
				&& (next = tc_json_unicode32(s, &pos, dst, v, t, classes))) {
			dst = next;
			continue;
		}
		/* the bytes before the rare one (each half written whole, the
		 * excess overwritten later), then its escape */
		take = (unsigned) __builtin_ctz(rare);
		m &= (1u << take) - 1;
		half = tc_json_expand16(dst, _mm256_castsi256_si128(t), m & 0xffff);
		if (take > 16) {
			tc_json_expand16(half, _mm256_extracti128_si256(t, 1), m >> 16);
		}
		dst += take + __builtin_popcount(m);
		pos += take;
		if (!tc_json_dense(s, len, &pos, &dst, limit, NULL)) {
			break; /* invalid UTF-8: the caller's byte path reports it */
		}
	}
	*i = pos;
	return dst;
}

#  define TC_JSON_VBMI2 1

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
	const __m512i hex = _mm512_broadcast_i32x4(_mm_setr_epi8('0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'a', 'b', 'c', 'd', 'e', 'f'));
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
	/* the code point in hex from x and y: lead byte and next (2 bytes), the
	 * two after the lead byte (3 bytes; the low surrogate from the two
	 * after the slot), or 0 and the control character */
	x = _mm512_mask_mov_epi8(_mm512_mask_mov_epi8(_mm512_maskz_mov_epi8(lead2, v), lead3, v1), second, v1);
	y = _mm512_mask_mov_epi8(_mm512_mask_mov_epi8(_mm512_mask_mov_epi8(v, lead2, v1), lead3, v2), second, v2);
	n3 = _mm512_and_si512(_mm512_maskz_mov_epi8(lead3, v), low);
	n2 = _mm512_and_si512(_mm512_srli_epi16(x, 2), low);
	n1 = _mm512_or_si512(_mm512_and_si512(_mm512_slli_epi16(x, 2), _mm512_set1_epi8(0x0c)),
		_mm512_and_si512(_mm512_srli_epi16(y, 4), _mm512_set1_epi8(0x03)));
	n0 = _mm512_and_si512(y, low);
	if (lead4) {
		/* high surrogate D800 + (code point - 0x10000) >> 10: with w the
		 * plane less one, d, 8 | w >> 2, (w & 3) << 2 | the next byte's
		 * bits 3-2, its bits 1-0 << 2 | the byte after's bits 5-4 */
		__m512i w = _mm512_sub_epi8(_mm512_or_si512(
			_mm512_and_si512(_mm512_slli_epi16(v, 2), _mm512_set1_epi8(0x1c)),
			_mm512_and_si512(_mm512_srli_epi16(v1, 4), _mm512_set1_epi8(0x03))), _mm512_set1_epi8(1));

		n3 = _mm512_mask_mov_epi8(n3, lead4 | second, _mm512_set1_epi8(0x0d));
		n2 = _mm512_mask_mov_epi8(n2, lead4, _mm512_or_si512(_mm512_set1_epi8(0x08),
			_mm512_and_si512(_mm512_srli_epi16(w, 2), _mm512_set1_epi8(0x03))));
		n1 = _mm512_mask_mov_epi8(n1, lead4, _mm512_or_si512(
			_mm512_and_si512(_mm512_slli_epi16(w, 2), _mm512_set1_epi8(0x0c)),
			_mm512_and_si512(_mm512_srli_epi16(v1, 2), _mm512_set1_epi8(0x03))));
		n0 = _mm512_mask_mov_epi8(n0, lead4, _mm512_or_si512(
			_mm512_and_si512(_mm512_slli_epi16(v1, 2), _mm512_set1_epi8(0x0c)),
			_mm512_and_si512(_mm512_srli_epi16(v2, 4), _mm512_set1_epi8(0x03))));
		/* low surrogate DC00 + (code point & 0x3ff): d, c | bits 3-2 */
		n2 = _mm512_mask_mov_epi8(n2, second, _mm512_or_si512(_mm512_set1_epi8(0x0c),
			_mm512_and_si512(n2, _mm512_set1_epi8(0x03))));
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
#pragma GCC unroll 8
	for (r = 0; r < 3; r++) {
		pair[2 * r] = _mm512_unpacklo_epi8(slot[2 * r], slot[2 * r + 1]);
		pair[2 * r + 1] = _mm512_unpackhi_epi8(slot[2 * r], slot[2 * r + 1]);
	}
#pragma GCC unroll 8
	for (r = 0; r < 2; r++) {
		__m512i four_lo = _mm512_unpacklo_epi16(pair[r], pair[2 + r]);
		__m512i four_hi = _mm512_unpackhi_epi16(pair[r], pair[2 + r]);
		__m512i last_lo = _mm512_unpacklo_epi16(pair[4 + r], zero);
		__m512i last_hi = _mm512_unpackhi_epi16(pair[4 + r], zero);

		quad[4 * r] = _mm512_unpacklo_epi32(four_lo, last_lo);
		quad[4 * r + 1] = _mm512_unpackhi_epi32(four_lo, last_lo);
		quad[4 * r + 2] = _mm512_unpacklo_epi32(four_hi, last_hi);
		quad[4 * r + 3] = _mm512_unpackhi_epi32(four_hi, last_hi);
	}
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
 * past dst per block (TC_JSON_ESCAPE_SLACK).
 */
__attribute__((target("avx2,bmi2,avx512f,avx512bw,avx512vbmi,avx512vbmi2")))
static char *tc_json_blocks_vbmi2(const unsigned char *s, size_t len, size_t *i, char *dst, const char *limit)
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
# endif
#endif

#ifdef TC_JSON_SIMD
/* The block escaper chosen (tc_json_escape_startup()), NULL: none. */
static char *(*tc_json_blocks)(const unsigned char *s, size_t len, size_t *i, char *dst, const char *limit);
/* Off: not even the SSE2 loops (TC_ESCAPER_BYTES). */
static bool tc_json_sse2 = 1;
#endif
static tc_escaper tc_json_escaper = TC_ESCAPER_BYTES;

/* Does this CPU (and OS) have what escaper needs? */
static bool tc_json_cpu_has(tc_escaper escaper)
{
	switch (escaper) {
		case TC_ESCAPER_BYTES:
			return 1;
#ifdef TC_JSON_SIMD
		case TC_ESCAPER_SSE2:
			return 1;
#endif
#ifdef TC_JSON_SSSE3
		case TC_ESCAPER_SSSE3:
			return __builtin_cpu_supports("ssse3");
#endif
#ifdef TC_JSON_AVX2
		case TC_ESCAPER_AVX2:
			/* libgcc also checks that the OS saves the AVX registers */
			return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt");
#endif
#ifdef TC_JSON_VBMI2
		case TC_ESCAPER_AVX512:
			return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi2")
				&& __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vbmi")
				&& __builtin_cpu_supports("avx512vbmi2");
#endif
		default:
			return 0;
	}
}

tc_escaper tc_json_escape_startup(tc_escaper cap)
{
	tc_escaper escaper = cap;

#ifdef TC_JSON_SSSE3
	__builtin_cpu_init();
#endif
	while (escaper > TC_ESCAPER_BYTES && !tc_json_cpu_has(escaper)) {
		escaper--;
	}
#ifdef TC_JSON_SIMD
	tc_json_sse2 = escaper >= TC_ESCAPER_SSE2;
	tc_json_blocks = NULL;
	switch (escaper) {
# ifdef TC_JSON_SSSE3
		case TC_ESCAPER_SSSE3:
			tc_json_expand_init();
			tc_json_blocks = tc_json_blocks_ssse3;
			break;
# endif
# ifdef TC_JSON_AVX2
		case TC_ESCAPER_AVX2:
			tc_json_expand_init();
			tc_json_blocks = tc_json_blocks_avx2;
			break;
# endif
# ifdef TC_JSON_VBMI2
		case TC_ESCAPER_AVX512:
			tc_json_blocks = tc_json_blocks_vbmi2;
			break;
# endif
		default:
			break;
	}
#endif
	tc_json_escaper = escaper;
	return escaper;
}

const char *tc_json_escaper_name(tc_escaper escaper)
{
	static const char *const names[] = {"bytes", "sse2", "ssse3", "avx2", "avx512"};

	return names[escaper];
}

tc_escaper tc_json_escaper_in_use(void)
{
	return tc_json_escaper;
}

char *tc_json_escape_run(const unsigned char *s, size_t len, size_t *pos, char *dst, const char *limit)
{
	size_t i = *pos, n, out;
	char *start;

#ifdef TC_JSON_SIMD
	/* Blocks with 16 bytes more after them, so that a 16-byte load at any
	 * offset inside the block stays inside the string. */
	while (i + 32 <= len && tc_json_sse2) {
		__m128i v;
		unsigned special, rare, stop, m, k, prev = 0;

		if (UNEXPECTED(dst >= limit)) {
			goto full;
		}
		if (tc_json_blocks) {
			size_t from = i;

			dst = tc_json_blocks(s, len, &i, dst, limit);
			if (i != from) {
				/* the buffer is full, fewer than 16 bytes are left, or
				 * invalid UTF-8 is next, for the code below to report */
				continue;
			}
		}
		v = _mm_loadu_si128((const __m128i *) (s + i));
		special = tc_json_special16(v);
		if (EXPECTED(!special)) {
			_mm_storeu_si128((__m128i *) dst, v);
			dst += 16;
			i += 16;
			continue;
		}
		/* the bytes whose escape is not two bytes: non-ASCII and control
		 * characters other than \b \f \n \r \t */
		rare = (unsigned) _mm_movemask_epi8(_mm_cmplt_epi8(v, _mm_set1_epi8(0x20)))
			& ~(unsigned) _mm_movemask_epi8(_mm_or_si128(
				_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\n')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\t'))),
				_mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\r')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\b'))),
					_mm_cmpeq_epi8(v, _mm_set1_epi8('\f')))));
		stop = rare ? (unsigned) __builtin_ctz(rare) : 16;
		m = special & ((1u << stop) - 1);
		/* every two-byte escape before stop: the plain bytes before it (a
		 * 16-byte store, later ones overwrite the excess), then the escape */
		while (m) {
			k = (unsigned) __builtin_ctz(m);
			_mm_storeu_si128((__m128i *) dst, _mm_loadu_si128((const __m128i *) (s + i + prev)));
			dst += k - prev;
			dst[0] = '\\';
			dst[1] = tc_json_letter[s[i + k]];
			dst += 2;
			prev = k + 1;
			m &= m - 1;
		}
		_mm_storeu_si128((__m128i *) dst, _mm_loadu_si128((const __m128i *) (s + i + prev)));
		dst += stop - prev;
		i += stop;
		if (stop < 16) {
			n = tc_json_escape_one(s + i, len - i, dst, &out);
			if (!n) {
				return NULL;
			}
			dst += out;
			i += n;
		}
	}
	while (i + 16 <= len && tc_json_sse2) {
		__m128i v;
		unsigned special;

		if (UNEXPECTED(dst >= limit)) {
			goto full;
		}
		/* Copy 16 bytes whatever they are; keep only those before the first
		 * that needs escaping (the buffer has room past the limit). */
		v = _mm_loadu_si128((const __m128i *) (s + i));
		_mm_storeu_si128((__m128i *) dst, v);
		special = tc_json_special16(v);
		if (EXPECTED(!special)) {
			dst += 16;
			i += 16;
			continue;
		}
		n = (size_t) __builtin_ctz(special);
		dst += n;
		i += n;
		n = tc_json_escape_one(s + i, len - i, dst, &out);
		if (!n) {
			return NULL;
		}
		dst += out;
		i += n;
	}
#endif
	while (i < len) {
		if (UNEXPECTED(dst >= limit)) {
			goto full;
		}
		start = dst;
		while (i < len && !tc_json_class[s[i]] && dst < limit) {
			*dst++ = (char) s[i++];
		}
		if (i == len || dst != start) {
			continue;
		}
		n = tc_json_escape_one(s + i, len - i, dst, &out);
		if (!n) {
			return NULL;
		}
		dst += out;
		i += n;
	}
full:
	*pos = i;
	return dst;
}
