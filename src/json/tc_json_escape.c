#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"

#include "tc_json_escape.h"
#include "tc_json_blocks.h"

/* The tables of tc_json_blocks.h. */
const char tc_json_hex[] = "0123456789abcdef";

/* 0: copied as it is; 1: a two-byte escape; 2: \u00xx; 3: a non-ASCII lead */
const unsigned char tc_json_class[256] = {
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
const char tc_json_letter[256] = {
	['"'] = '"', ['\\'] = '\\', ['/'] = '/',
	['\b'] = 'b', ['\f'] = 'f', ['\n'] = 'n', ['\r'] = 'r', ['\t'] = 't',
};

#ifdef TC_JSON_SIMD
/* Bit i set when byte i of v needs escaping: ", \, /, below 0x20, 0x80 and up. */
static zend_always_inline unsigned tc_json_special16(__m128i v)
{
	__m128i m = _mm_or_si128(
		_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'))),
		_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('/')), _mm_cmplt_epi8(v, _mm_set1_epi8(0x20))));
	return (unsigned) _mm_movemask_epi8(m);
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

/* The escaper tc_json_escape_startup() chose: it also tells whether the
 * SSE2 loops run (TC_ESCAPER_SSE2 and up), here and in counting, and
 * whether counting uses AVX2 (TC_ESCAPER_AVX2 and up). */
static tc_escaper tc_json_escaper = TC_ESCAPER_BYTES;

size_t tc_json_escape_extra(const unsigned char *s, size_t len)
{
	size_t i = 0, extra = 0, n, out;

#ifdef TC_JSON_AVX2
	if (tc_json_escaper >= TC_ESCAPER_AVX2 && len >= 32) {
		bool high;

		extra = tc_json_extra_avx2(s, len, &high);
		return high && !tc_utf8_valid(s, len) ? (size_t) -1 : extra;
	}
#endif
#ifdef TC_JSON_SIMD
	bool rare = 1;

	while (rare && i + 16 <= len && tc_json_escaper >= TC_ESCAPER_SSE2) {
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

#ifdef TC_JSON_SIMD
/* The block escaper chosen (tc_json_escape_startup()), NULL: none. */
static char *(*tc_json_blocks)(const unsigned char *s, size_t len, size_t *i, char *dst, const char *limit);
#endif

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
	while (i + 32 <= len && tc_json_escaper >= TC_ESCAPER_SSE2) {
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
	while (i + 16 <= len && tc_json_escaper >= TC_ESCAPER_SSE2) {
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
