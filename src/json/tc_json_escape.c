#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"

#include "tc_json_escape.h"
#include "../../php_toolcompact.h"
#include "tc_json_flat.h"
#include "tc_utf8.h"

/*
 * The bytes of a string as json_encode() writes them with default flags:
 * \" \\ \/ \b \f \n \r \t, other bytes below 0x20 as \u00xx, every non-ASCII
 * character as \uxxxx (a UTF-16 surrogate pair above U+FFFF, lower-case hex
 * digits), invalid UTF-8 an error.
 */

/* The vector escaper: x86 with SSE2, GCC or Clang; its blocks are
 * compiled for SSSE3, and it runs where the CPU has SSSE3
 * (tc_json_escape_startup()). */
#if defined(__SSE2__) && defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
# include <emmintrin.h>
# include <tmmintrin.h>
# define TC_JSON_SSSE3 1
#endif

/* "0123456789abcdef" */
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
 * for invalid UTF-8.
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

#ifdef TC_JSON_SSSE3
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

/* The letter of \b \t \n \f \r by the control character's low nibble. */
static const char tc_json_ctl_letters[16] = {0, 0, 0, 0, 0, 0, 0, 0, 'b', 't', 'n', 0, 'f', 'r', 0, 0};

/*
 * Escaping without a branch per escaped byte (SSSE3): a 16-byte block
 * whose escapes are all two-byte ones (" \ / \b \f \n \r \t) is written
 * as two shuffles of 8 input bytes each, the shuffle and the
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
 * Returns the new dst and leaves *i at the first byte not done: fewer than
 * 16 left, dst at limit, or invalid UTF-8. A block starts only before limit
 * and stores 32 bytes at most, and tc_json_dense() writes an escape only
 * before limit: nothing is written 31 bytes past limit or further.
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

#endif

/* The fastest way this build and CPU have (tc_json_escape_startup()):
 * written once at MINIT, only read after. */
static tc_json_way tc_json_best = TC_JSON_BYTES;

void tc_json_escape_startup(void)
{
#ifdef TC_JSON_SSSE3
	__builtin_cpu_init();
	if (!__builtin_cpu_supports("ssse3")) {
		return;
	}
	tc_json_expand_init();
	tc_json_best = TC_JSON_SSSE3;
# ifdef TC_JSON_VBMI2
	/* what tc_json_unescape_vbmi2() is compiled for; libgcc also checks
	 * that the OS saves the AVX-512 registers */
	if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") && __builtin_cpu_supports("popcnt")
			&& __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw")
			&& __builtin_cpu_supports("avx512vbmi2")) {
		tc_json_best = TC_JSON_AVX512;
	}
# endif
#endif
}

bool tc_json_way_of_setting(const char *value, size_t len, zend_long *way)
{
	static const char *const settings[TC_JSON__WAYS] = {"bytes", "ssse3", "auto"};
	int asked;

	for (asked = 0; asked < TC_JSON__WAYS; asked++) {
		if (!zend_binary_strcasecmp(value, len, settings[asked], strlen(settings[asked]))) {
			*way = MIN((tc_json_way) asked, tc_json_best);
			return 1;
		}
	}
	return 0;
}

tc_json_way tc_json_way_in_use(void)
{
	return (tc_json_way) TOOLCOMPACT_G(json_way);
}

const char *tc_json_escaper_name(tc_json_way way)
{
	return way == TC_JSON_BYTES ? "bytes" : "ssse3";
}

const char *tc_json_decoder_name(tc_json_way way)
{
	static const char *const names[TC_JSON__WAYS] = {"bytes", "sse2", "avx512"};

	return names[way];
}

size_t tc_json_escape_extra(const unsigned char *s, size_t len)
{
	size_t i = 0, extra = 0, n, out;

#ifdef TC_JSON_SSSE3
	bool rare = 1;

	while (rare && i + 16 <= len && tc_json_way_in_use() != TC_JSON_BYTES) {
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

char *tc_json_escape_run(const unsigned char *s, size_t len, size_t *pos, char *dst, const char *limit)
{
	size_t i = *pos, n, out;
	char *start;

#ifdef TC_JSON_SSSE3
	if (tc_json_way_in_use() != TC_JSON_BYTES) {
		while (i + 16 <= len) {
			size_t from = i;

			if (UNEXPECTED(dst >= limit)) {
				goto full;
			}
			dst = tc_json_blocks_ssse3(s, len, &i, dst, limit);
			if (UNEXPECTED(i == from)) {
				return NULL; /* nothing taken: invalid UTF-8 at i */
			}
		}
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
