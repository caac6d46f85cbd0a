#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_exceptions.h"
#include "zend_smart_str.h"
#include "ext/json/php_json.h"

#include "tc_json.h"
#include "tc_sha256.h"

/*
 * True when no chain of nested arrays and objects below value is deeper than
 * limit levels (value itself being level 1), counted as the JSON encoder
 * counts them: an array, or an object encoded through its public
 * properties, is one level; a JsonSerializable or an enum is not looked
 * into. The encoder only checks the depth on the way back up, so a value
 * nested far too deep would exhaust the C stack inside it. Recursive values
 * never end, so they fail here too, as they fail in the encoder. Bounded
 * recursion: at most limit + 1 frames.
 */
static bool tc_json_depth_ok(zval *value, int limit)
{
	HashTable *ht;
	zend_string *key;
	zval *item;
	bool ok = 1;

	ZVAL_DEREF(value);
	if (Z_TYPE_P(value) == IS_OBJECT) {
		if ((Z_OBJCE_P(value)->ce_flags & ZEND_ACC_ENUM)
				|| instanceof_function(Z_OBJCE_P(value), php_json_serializable_ce)) {
			return 1;
		}
	} else if (Z_TYPE_P(value) != IS_ARRAY) {
		return 1;
	}
	if (limit <= 0) {
		return 0;
	}
	if (Z_TYPE_P(value) == IS_ARRAY) {
		ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(value), item) {
			if (!tc_json_depth_ok(item, limit - 1)) {
				return 0;
			}
		} ZEND_HASH_FOREACH_END();
		return 1;
	}
	ht = zend_get_properties_for(value, ZEND_PROP_PURPOSE_JSON);
	if (ht) {
		ZEND_HASH_FOREACH_STR_KEY_VAL_IND(ht, key, item) {
			if (key && ZSTR_LEN(key) > 0 && ZSTR_VAL(key)[0] == '\0') {
				continue; /* protected and private: not encoded */
			}
			if (!tc_json_depth_ok(item, limit - 1)) {
				ok = 0;
				break;
			}
		} ZEND_HASH_FOREACH_END();
		zend_release_properties(ht);
	}
	return ok;
}

zend_string *tc_json_encode(zval *value)
{
	smart_str buf = {0};
	php_json_error_code saved, error;

	ZVAL_DEREF(value);
	if (Z_TYPE_P(value) == IS_ARRAY && !tc_json_depth_ok(value, TC_JSON_DEPTH)) {
		return NULL;
	}

	saved = JSON_G(error_code);
	php_json_encode_ex(&buf, value, 0, TC_JSON_DEPTH);
	/* json_encode() judges by the error code, not by the return value: a key
	 * that is not valid UTF-8 sets the code but lets encoding go on. */
	error = JSON_G(error_code);
	JSON_G(error_code) = saved;

	if (UNEXPECTED(EG(exception))) {
		/* A JsonSerializable threw: json_encode() would not return at all,
		 * the strategy treats it as an encoding failure. */
		zend_clear_exception();
		error = PHP_JSON_ERROR_UNSUPPORTED_TYPE;
	}
	if (error != PHP_JSON_ERROR_NONE) {
		smart_str_free(&buf);
		return NULL;
	}
	smart_str_0(&buf);
	return buf.s ? buf.s : ZSTR_EMPTY_ALLOC();
}

size_t tc_json_field_size(zval *value, zend_string **json)
{
	zend_string *str;
	size_t size;

	*json = NULL;
	ZVAL_DEREF(value);
	switch (Z_TYPE_P(value)) {
		case IS_STRING:
			return Z_STRLEN_P(value);
		case IS_NULL:
		case IS_FALSE:
			return 0;
		case IS_TRUE:
			return 1;
		case IS_LONG: {
			char buf[MAX_LENGTH_OF_LONG + 1];
			char *end = buf + sizeof(buf) - 1;
			char *start = zend_print_long_to_buf(end, Z_LVAL_P(value));
			return (size_t) (end - start);
		}
		case IS_DOUBLE:
			/* (string) of a float follows the precision INI setting. */
			str = zval_get_string_func(value);
			size = ZSTR_LEN(str);
			zend_string_release(str);
			return size;
		case IS_ARRAY:
			*json = tc_json_encode(value);
			return *json ? ZSTR_LEN(*json) : 0;
		default:
			return 0;
	}
}

/* ------------------------------------------------------------------------
 * The fast path: json_encode()'s bytes (default flags, depth 512), produced
 * straight into a sink that counts them and, when it has a digest, hashes
 * them through a small buffer. Nothing is allocated, no user code runs and
 * no PHP state changes: values that could run user code (objects, enums,
 * JsonSerializable) make the walk give up (TC_JSON_SLOW) so that the caller
 * uses PHP's own encoder for them.
 *
 * Output rules, as ext/json writes them with default flags: null, true,
 * false; integers in decimal; finite floats as zend_gcvt() with
 * serialize_precision and 'e' (INF and NAN are an error); strings quoted,
 * with \" \\ \/ \b \f \n \r \t, other bytes below 0x20 as \u00xx, every
 * non-ASCII character as \uxxxx (a UTF-16 surrogate pair above U+FFFF, hex
 * digits in lower case) and invalid UTF-8 an error; an array that is a list
 * as [a,b], any other as {"key":value} with integer keys quoted; nesting
 * deeper than 512 arrays an error (this also ends recursive arrays).
 * ------------------------------------------------------------------------ */

#define TC_JSON_SINK_BUF 8192
/* room past TC_JSON_SINK_BUF for one 16-byte block written in the fast loop:
 * 16 two-byte escapes (32), one 16-byte store past them, and the longest
 * escape (a surrogate pair, 12 bytes) */
#define TC_JSON_SINK_SLACK 64

typedef struct {
	size_t len;          /* count only: bytes of JSON so far */
	tc_sha256_ctx *sha;  /* NULL: count only */
	size_t hashed;       /* hashing: bytes already handed to the digest */
	size_t used;         /* hashing: bytes waiting in buf */
	bool failed;         /* json_encode() would report an error */
	char buf[TC_JSON_SINK_BUF + TC_JSON_SINK_SLACK];
} tc_json_sink;

typedef enum {
	TC_JSON_OK,
	TC_JSON_FAIL,   /* json_encode() fails, and no user code could run first */
	TC_JSON_SLOW    /* needs PHP's encoder (an object somewhere inside) */
} tc_json_status;

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

static void tc_json_flush(tc_json_sink *sink)
{
	if (sink->used) {
		tc_sha256_update(sink->sha, sink->buf, sink->used);
		sink->hashed += sink->used;
		sink->used = 0;
	}
}

/* Appends n bytes (any n). */
static void tc_json_put(tc_json_sink *sink, const char *p, size_t n)
{
	if (!sink->sha) {
		sink->len += n;
		return;
	}
	if (sink->used + n <= TC_JSON_SINK_BUF) {
		memcpy(sink->buf + sink->used, p, n);
		sink->used += n;
		return;
	}
	tc_json_flush(sink);
	if (n >= TC_JSON_SINK_BUF) {
		tc_sha256_update(sink->sha, p, n);
		sink->hashed += n;
	} else {
		memcpy(sink->buf, p, n);
		sink->used = n;
	}
}

/*
 * Decodes the UTF-8 character at s (s[0] >= 0x80, len >= 1 bytes available)
 * as PHP's json encoder does (php_next_utf8_char(): shortest form only, no
 * surrogates, at most U+10FFFF). Returns its length in bytes and its code
 * point in *cp, or 0 when it is not valid UTF-8.
 */
static size_t tc_json_utf8(const unsigned char *s, size_t len, uint32_t *cp)
{
	unsigned char c = s[0];

	if (c < 0xc2) {
		return 0;
	}
	if (c < 0xe0) {
		if (len < 2 || (s[1] & 0xc0) != 0x80) {
			return 0;
		}
		*cp = ((uint32_t) (c & 0x1f) << 6) | (s[1] & 0x3f);
		return 2;
	}
	if (c < 0xf0) {
		if (len < 3 || (s[1] & 0xc0) != 0x80 || (s[2] & 0xc0) != 0x80) {
			return 0;
		}
		*cp = ((uint32_t) (c & 0x0f) << 12) | ((uint32_t) (s[1] & 0x3f) << 6) | (s[2] & 0x3f);
		if (*cp < 0x800 || (*cp >= 0xd800 && *cp <= 0xdfff)) {
			return 0;
		}
		return 3;
	}
	if (c < 0xf5) {
		if (len < 4 || (s[1] & 0xc0) != 0x80 || (s[2] & 0xc0) != 0x80 || (s[3] & 0xc0) != 0x80) {
			return 0;
		}
		*cp = ((uint32_t) (c & 0x07) << 18) | ((uint32_t) (s[1] & 0x3f) << 12)
			| ((uint32_t) (s[2] & 0x3f) << 6) | (s[3] & 0x3f);
		if (*cp < 0x10000 || *cp > 0x10ffff) {
			return 0;
		}
		return 4;
	}
	return 0;
}

static char *tc_json_u_escape(char *dst, uint32_t u)
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
static size_t tc_json_escape_one(const unsigned char *s, size_t len, char *dst, size_t *out)
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
			n = tc_json_utf8(s, len, &cp);
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

/*
 * The JSON length of the string s minus its own length (what escaping adds),
 * or (size_t) -1 for invalid UTF-8.
 */
static size_t tc_json_string_extra(const unsigned char *s, size_t len)
{
	size_t i = 0, extra = 0, n, out;

#ifdef TC_JSON_SIMD
	while (i + 16 <= len) {
		__m128i v = _mm_loadu_si128((const __m128i *) (s + i));
		/* two-byte escapes that are common in text: " \ / \n \r \t */
		unsigned common = (unsigned) _mm_movemask_epi8(_mm_or_si128(
			_mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'))),
				_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('/')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\n')))),
			_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\r')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\t')))));
		/* everything else below 0x20 or from 0x80 on */
		unsigned rare = (unsigned) _mm_movemask_epi8(_mm_cmplt_epi8(v, _mm_set1_epi8(0x20))) & ~common;
		unsigned k;

		if (EXPECTED(!rare)) {
			extra += (size_t) __builtin_popcount(common);
			i += 16;
			continue;
		}
		k = (unsigned) __builtin_ctz(rare);
		extra += (size_t) __builtin_popcount(common & ((1u << k) - 1));
		i += k;
		n = tc_json_escape_one(s + i, len - i, NULL, &out);
		if (!n) {
			return (size_t) -1;
		}
		extra += out - n;
		i += n;
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
 * Escaping without a branch per escaped byte (SSSE3, chosen at run time): a
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

static bool tc_json_has_ssse3(void)
{
	static int has = -1;

	if (has < 0) {
		__builtin_cpu_init();
		if (__builtin_cpu_supports("ssse3")) {
			tc_json_expand_init();
			has = 1;
		} else {
			has = 0;
		}
	}
	return has == 1;
}

/*
 * Escapes whole 16-byte blocks of s from *i while no block holds a rare byte
 * (non-ASCII, a control character without a two-byte escape); returns the
 * new dst and leaves *i at the first block not done. Needs room for 32 bytes
 * past dst per block.
 */
__attribute__((target("ssse3")))
static char *tc_json_blocks_ssse3(const unsigned char *s, size_t len, size_t *i, char *dst, char *limit)
{
	const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\'), slash = _mm_set1_epi8('/');
	const __m128i space = _mm_set1_epi8(0x20), low = _mm_set1_epi8(0x0f);
	/* the letter of \b \t \n \f \r by the control character's low nibble */
	const __m128i letters = _mm_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 'b', 't', 'n', 0, 'f', 'r', 0, 0);
	const __m128i two_byte_ctl = _mm_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 0, 1, 1, 0, 0);
	size_t pos = *i;

	while (pos + 16 <= len && dst < limit) {
		__m128i v = _mm_loadu_si128((const __m128i *) (s + pos));
		__m128i ctl = _mm_cmplt_epi8(v, space); /* controls, and 0x80 and up */
		/* among those, the controls with a two-byte escape */
		__m128i short_ctl = _mm_and_si128(ctl, _mm_and_si128(
			_mm_cmpeq_epi8(_mm_and_si128(v, _mm_set1_epi8((char) 0xf0)), _mm_setzero_si128()),
			_mm_cmpgt_epi8(_mm_shuffle_epi8(two_byte_ctl, _mm_and_si128(v, low)), _mm_setzero_si128())));
		unsigned rare = (unsigned) _mm_movemask_epi8(_mm_andnot_si128(short_ctl, ctl));
		__m128i esc, t;
		unsigned m;

		if (rare) {
			break;
		}
		esc = _mm_or_si128(short_ctl, _mm_or_si128(_mm_cmpeq_epi8(v, quote),
			_mm_or_si128(_mm_cmpeq_epi8(v, backslash), _mm_cmpeq_epi8(v, slash))));
		m = (unsigned) _mm_movemask_epi8(esc);
		/* the bytes to write: control characters become their letter */
		t = _mm_or_si128(_mm_andnot_si128(short_ctl, v),
			_mm_and_si128(short_ctl, _mm_shuffle_epi8(letters, _mm_and_si128(v, low))));
		_mm_storeu_si128((__m128i *) dst, _mm_or_si128(
			_mm_shuffle_epi8(t, _mm_loadu_si128((const __m128i *) tc_json_expand.shuf[m & 0xff])),
			_mm_loadu_si128((const __m128i *) tc_json_expand.bs[m & 0xff])));
		dst += tc_json_expand.len[m & 0xff];
		t = _mm_srli_si128(t, 8);
		_mm_storeu_si128((__m128i *) dst, _mm_or_si128(
			_mm_shuffle_epi8(t, _mm_loadu_si128((const __m128i *) tc_json_expand.shuf[m >> 8])),
			_mm_loadu_si128((const __m128i *) tc_json_expand.bs[m >> 8])));
		dst += tc_json_expand.len[m >> 8];
		pos += 16;
	}
	*i = pos;
	return dst;
}
#endif

/* Writes the escaped bytes of s (not the quotes) into the sink's buffer and
 * digest; false for invalid UTF-8 (what was written is then garbage). */
static bool tc_json_string_hash(tc_json_sink *sink, const unsigned char *s, size_t len)
{
	size_t i = 0, n, out;
	char *dst = sink->buf + sink->used;
	char *const limit = sink->buf + TC_JSON_SINK_BUF;
	char *start;

#ifdef TC_JSON_SIMD
	/* Blocks with 16 bytes more after them, so that a 16-byte load at any
	 * offset inside the block stays inside the string. */
	while (i + 32 <= len) {
		__m128i v;
		unsigned special, rare, stop, m, k, prev = 0;

		if (UNEXPECTED(dst >= limit)) {
			sink->used = (size_t) (dst - sink->buf);
			tc_json_flush(sink);
			dst = sink->buf;
		}
# ifdef TC_JSON_SSSE3
		if (tc_json_has_ssse3()) {
			size_t from = i;

			dst = tc_json_blocks_ssse3(s, len, &i, dst, limit);
			if (i != from) {
				continue; /* the buffer is full, or a block to do below */
			}
		}
# endif
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
				return 0;
			}
			dst += out;
			i += n;
		}
	}
	while (i + 16 <= len) {
		__m128i v;
		unsigned special;

		if (UNEXPECTED(dst >= limit)) {
			sink->used = (size_t) (dst - sink->buf);
			tc_json_flush(sink);
			dst = sink->buf;
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
			return 0;
		}
		dst += out;
		i += n;
	}
#endif
	while (i < len) {
		if (UNEXPECTED(dst >= limit)) {
			sink->used = (size_t) (dst - sink->buf);
			tc_json_flush(sink);
			dst = sink->buf;
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
			return 0;
		}
		dst += out;
		i += n;
	}
	sink->used = (size_t) (dst - sink->buf);
	return 1;
}

/* A JSON string; false for invalid UTF-8. */
static bool tc_json_string(tc_json_sink *sink, const char *s, size_t len)
{
	if (!sink->sha) {
		size_t extra = tc_json_string_extra((const unsigned char *) s, len);

		if (extra == (size_t) -1) {
			return 0;
		}
		sink->len += len + extra + 2;
		return 1;
	}
	tc_json_put(sink, "\"", 1);
	if (!tc_json_string_hash(sink, (const unsigned char *) s, len)) {
		return 0;
	}
	tc_json_put(sink, "\"", 1);
	return 1;
}

/* A finite float as the encoder writes it; out of the recursive frames, for
 * its large buffer. */
static zend_never_inline void tc_json_double(tc_json_sink *sink, double d)
{
	char num[ZEND_DOUBLE_MAX_LENGTH];

	zend_gcvt(d, (int) PG(serialize_precision), '.', 'e', num);
	tc_json_put(sink, num, strlen(num));
}

static tc_json_status tc_json_value(tc_json_sink *sink, zval *value, int depth);

static tc_json_status tc_json_array(tc_json_sink *sink, HashTable *ht, int depth)
{
	zend_string *key;
	zend_ulong index;
	zval *item;
	bool list, comma = 0;
	tc_json_status status;

	if (depth > TC_JSON_DEPTH) {
		return TC_JSON_FAIL;
	}
	list = zend_array_is_list(ht);
	tc_json_put(sink, list ? "[" : "{", 1);
	ZEND_HASH_FOREACH_KEY_VAL_IND(ht, index, key, item) {
		if (comma) {
			tc_json_put(sink, ",", 1);
		}
		comma = 1;
		if (!list) {
			if (key) {
				/* PHP's encoder goes on after a key that is not UTF-8 */
				if (!tc_json_string(sink, ZSTR_VAL(key), ZSTR_LEN(key))) {
					sink->failed = 1;
				}
			} else {
				char buf[MAX_LENGTH_OF_LONG + 3];
				char *end = buf + sizeof(buf) - 1;
				char *start;

				start = zend_print_long_to_buf(end, (zend_long) index);
				*--start = '"';
				*end = '"';
				tc_json_put(sink, start, (size_t) (end + 1 - start));
			}
			tc_json_put(sink, ":", 1);
		}
		status = tc_json_value(sink, item, depth);
		if (status != TC_JSON_OK) {
			return status;
		}
	} ZEND_HASH_FOREACH_END();
	tc_json_put(sink, list ? "]" : "}", 1);
	return TC_JSON_OK;
}

/*
 * One value at nesting depth (arrays around it). An error that PHP's encoder
 * would only note (a key or a float it cannot write) sets sink->failed and
 * the walk goes on, because the encoder goes on too and may still meet an
 * object (whose user code json_encode() would run); an error after which the
 * encoder stops is returned as TC_JSON_FAIL at once, except that an object
 * met earlier has already returned TC_JSON_SLOW.
 */
static tc_json_status tc_json_value(tc_json_sink *sink, zval *value, int depth)
{
	char buf[MAX_LENGTH_OF_LONG + 1];
	char *end, *start;

again:
	switch (Z_TYPE_P(value)) {
		case IS_NULL:
			tc_json_put(sink, "null", 4);
			return TC_JSON_OK;
		case IS_TRUE:
			tc_json_put(sink, "true", 4);
			return TC_JSON_OK;
		case IS_FALSE:
			tc_json_put(sink, "false", 5);
			return TC_JSON_OK;
		case IS_LONG:
			end = buf + sizeof(buf) - 1;
			start = zend_print_long_to_buf(end, Z_LVAL_P(value));
			tc_json_put(sink, start, (size_t) (end - start));
			return TC_JSON_OK;
		case IS_DOUBLE:
			if (zend_finite(Z_DVAL_P(value)) && !zend_isnan(Z_DVAL_P(value))) {
				tc_json_double(sink, Z_DVAL_P(value));
			} else {
				sink->failed = 1;
				tc_json_put(sink, "0", 1);
			}
			return TC_JSON_OK;
		case IS_STRING:
			return tc_json_string(sink, Z_STRVAL_P(value), Z_STRLEN_P(value)) ? TC_JSON_OK : TC_JSON_FAIL;
		case IS_ARRAY:
			return tc_json_array(sink, Z_ARRVAL_P(value), depth + 1);
		case IS_REFERENCE:
			value = Z_REFVAL_P(value);
			goto again;
		case IS_OBJECT:
			return TC_JSON_SLOW;
		default:
			/* resources: an unsupported type */
			return TC_JSON_FAIL;
	}
}

/* Runs the walk; TC_JSON_OK only when json_encode() would succeed. */
static tc_json_status tc_json_run(tc_json_sink *sink, zval *value)
{
	tc_json_status status;

	sink->len = 0;
	sink->hashed = 0;
	sink->used = 0;
	sink->failed = 0;
	status = tc_json_value(sink, value, 0);
	if (status == TC_JSON_OK && sink->failed) {
		status = TC_JSON_FAIL;
	}
	return status;
}

tc_json_result tc_json_length(zval *value, size_t *len)
{
	tc_json_sink sink;
	tc_json_status status;

	sink.sha = NULL;
	status = tc_json_run(&sink, value);
	*len = sink.len;
	return (tc_json_result) status;
}

tc_json_result tc_json_sha256_stream(zval *value, char *hex, size_t *len)
{
	tc_json_sink sink;
	tc_sha256_ctx ctx;
	tc_json_status status;

	tc_sha256_init(&ctx);
	sink.sha = &ctx;
	status = tc_json_run(&sink, value);
	tc_json_flush(&sink);
	/* always finished, so that a backend holding resources releases them */
	tc_sha256_final_hex(&ctx, hex);
	if (len) {
		*len = sink.hashed;
	}
	return (tc_json_result) status;
}

size_t tc_json_field_measure(zval *value, zend_string **json)
{
	size_t len;

	ZVAL_DEREF(value);
	if (Z_TYPE_P(value) != IS_ARRAY) {
		return tc_json_field_size(value, json);
	}
	*json = NULL;
	switch (tc_json_length(value, &len)) {
		case TC_JSON_RESULT_OK:
			return len;
		case TC_JSON_RESULT_FAIL:
			return 0;
		default:
			/* an object inside: PHP's encoder, once; its JSON goes to the caller */
			*json = tc_json_encode(value);
			return *json ? ZSTR_LEN(*json) : 0;
	}
}

bool tc_json_sha256(zval *value, zend_string *json, char *hex)
{
	zend_string *encoded;

	if (json) {
		tc_sha256_hex(ZSTR_VAL(json), ZSTR_LEN(json), hex);
		return 1;
	}
	switch (tc_json_sha256_stream(value, hex, NULL)) {
		case TC_JSON_RESULT_OK:
			return 1;
		case TC_JSON_RESULT_FAIL:
			return 0;
		default:
			encoded = tc_json_encode(value);
			if (!encoded) {
				return 0;
			}
			tc_sha256_hex(ZSTR_VAL(encoded), ZSTR_LEN(encoded), hex);
			zend_string_release(encoded);
			return 1;
	}
}
