/*
 * json_decode($text, true) of the JSON text a tool call's arguments or
 * result mostly is: one object whose members are strings, integers, true,
 * false or null. PHP's decoder takes a byte at a time; here the runs of
 * plain bytes inside strings are found in blocks and copied whole (SSE2;
 * with AVX-512, tc_json_flat512.c, the two-byte escapes are decoded in the
 * blocks too), as toolcompact.escaper has it (tc_json_way_in_use()).
 *
 * The rules are those of ext/json's scanner (json_scanner.re): the four
 * whitespace bytes, no raw byte below 0x20 in a string, shortest-form
 * UTF-8 without surrogates, the escapes \" \\ \/ \b \f \n \r \t \uXXXX
 * (hex in either case; a surrogate only as a high-low pair), integers
 * without leading zeros. Anything else (a nested value, a float, an
 * integer that might not fit, a text PHP would refuse) is declined, and
 * the caller decodes the text with PHP's decoder: what comes out of here
 * is always what json_decode() gives.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"

#include "tc_json.h"
#include "tc_json_escape.h"
#include "tc_json_flat.h"
#include "tc_utf8.h"

#if defined(__SSE2__)
# include <emmintrin.h>
#endif

/* An integer of at most this many digits fits a zend_long. */
#if SIZEOF_ZEND_LONG == 8
# define TC_FLAT_INT_DIGITS 18
#else
# define TC_FLAT_INT_DIGITS 9
#endif

/*
 * Copies to d the bytes from s that a string takes as they are (printable
 * ASCII other than '"' and '\\') and returns how many. Blocks are stored
 * whole, so up to 15 bytes past them may be written, never at d + len or
 * beyond.
 */
static zend_always_inline size_t tc_flat_copy_plain(const unsigned char *s, size_t len, char *d, bool sse2)
{
	size_t i = 0;

#if defined(__SSE2__) && defined(__GNUC__)
	const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\'), space = _mm_set1_epi8(0x20);

	for (; sse2 && i + 16 <= len; i += 16) {
		__m128i v = _mm_loadu_si128((const __m128i *) (s + i));
		/* signed: below 0x20 and 0x80 and up are both less than 0x20 */
		__m128i stop = _mm_or_si128(_mm_cmplt_epi8(v, space),
			_mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash)));
		unsigned mask = (unsigned) _mm_movemask_epi8(stop);

		_mm_storeu_si128((__m128i *) (d + i), v);
		if (mask) {
			return i + (size_t) __builtin_ctz(mask);
		}
	}
#else
	(void) sse2;
#endif
	while (i < len && s[i] >= 0x20 && s[i] < 0x80 && s[i] != '"' && s[i] != '\\') {
		d[i] = (char) s[i];
		i++;
	}
	return i;
}

/*
 * Decodes from s (len bytes left) into d up to the first byte that needs
 * a closer look, the way toolcompact.escaper has it: with AVX-512, two-byte
 * escapes are decoded on the way. Returns the bytes read, the bytes written
 * in *written. Like tc_flat_copy_plain(), stores never reach d + len.
 */
static zend_always_inline size_t tc_flat_run(const unsigned char *s, size_t len, char *d, size_t *written, tc_json_way way)
{
#ifdef TC_JSON_VBMI2
	if (way == TC_JSON_AVX512 && len >= 64) {
		size_t i = tc_json_unescape_vbmi2(s, len, d, written), run;

		if (len - i >= 64) {
			return i;
		}
		run = tc_flat_copy_plain(s + i, len - i, d + *written, 1);
		*written += run;
		return i + run;
	}
#endif
	*written = tc_flat_copy_plain(s, len, d, way != TC_JSON_BYTES);
	return *written;
}

/* Four hex digits at s (either case) into *u. */
static bool tc_flat_hex4(const unsigned char *s, uint32_t *u)
{
	uint32_t v = 0;
	int k;

	for (k = 0; k < 4; k++) {
		unsigned char c = s[k];

		v <<= 4;
		if (c >= '0' && c <= '9') {
			v |= c - '0';
		} else if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f') {
			v |= (c | 0x20) - 'a' + 10;
		} else {
			return 0;
		}
	}
	*u = v;
	return 1;
}

static zend_always_inline size_t tc_flat_put_utf8(char *d, uint32_t cp)
{
	if (cp < 0x80) {
		d[0] = (char) cp;
		return 1;
	}
	if (cp < 0x800) {
		d[0] = (char) (0xc0 | (cp >> 6));
		d[1] = (char) (0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp < 0x10000) {
		d[0] = (char) (0xe0 | (cp >> 12));
		d[1] = (char) (0x80 | ((cp >> 6) & 0x3f));
		d[2] = (char) (0x80 | (cp & 0x3f));
		return 3;
	}
	d[0] = (char) (0xf0 | (cp >> 18));
	d[1] = (char) (0x80 | ((cp >> 12) & 0x3f));
	d[2] = (char) (0x80 | ((cp >> 6) & 0x3f));
	d[3] = (char) (0x80 | (cp & 0x3f));
	return 4;
}

/*
 * The escape at s[i] ('\'; len bytes in all): its character written at d,
 * its byte count in *n; returns the offset past it, or 0 for an escape PHP
 * refuses.
 */
static size_t tc_flat_escape(const unsigned char *s, size_t len, size_t i, char *d, size_t *n)
{
	uint32_t u, low;

	if (i + 1 >= len) {
		return 0;
	}
	*n = 1;
	switch (s[i + 1]) {
		case '"': *d = '"'; return i + 2;
		case '\\': *d = '\\'; return i + 2;
		case '/': *d = '/'; return i + 2;
		case 'b': *d = '\b'; return i + 2;
		case 'f': *d = '\f'; return i + 2;
		case 'n': *d = '\n'; return i + 2;
		case 'r': *d = '\r'; return i + 2;
		case 't': *d = '\t'; return i + 2;
		case 'u': break;
		default: return 0;
	}
	if (i + 6 > len || !tc_flat_hex4(s + i + 2, &u) || (u >= 0xdc00 && u <= 0xdfff)) {
		return 0;
	}
	i += 6;
	if (u >= 0xd800 && u <= 0xdbff) {
		if (i + 6 > len || s[i] != '\\' || s[i + 1] != 'u' || !tc_flat_hex4(s + i + 2, &low)
				|| low < 0xdc00 || low > 0xdfff) {
			return 0;
		}
		u = 0x10000 + ((u - 0xd800) << 10) + (low - 0xdc00);
		i += 6;
	}
	*n = tc_flat_put_utf8(d, u);
	return i;
}

/*
 * The characters of the string token at s[0] ('"'; len bytes from there to
 * the end of what may hold it) written at d, their byte count in *n: never
 * more than len - 2, as an escape is longer than what it stands for, so d
 * needs room for len - 1 bytes. Returns the offset just past its closing
 * quote, or 0 where PHP would refuse the string.
 */
static size_t tc_flat_chars(const unsigned char *s, size_t len, char *d, size_t *n)
{
	size_t out = 0, k, i = 1;
	uint32_t cp;
	tc_json_way way = tc_json_way_in_use();

	for (;;) {
		/* out < i: the blocks stored stay inside the string's len - 1 bytes */
		i += tc_flat_run(s + i, len - i, d + out, &k, way);
		out += k;
		if (i >= len || s[i] < 0x20) {
			return 0;
		}
		if (s[i] == '"') {
			*n = out;
			return i + 1;
		}
		if (s[i] == '\\') {
			i = tc_flat_escape(s, len, i, d + out, &k);
			if (!i) {
				return 0;
			}
			out += k;
			continue;
		}
		k = tc_utf8_decode(s + i, len - i, &cp);
		if (!k) {
			return 0;
		}
		memcpy(d + out, s + i, k);
		out += k;
		i += k;
	}
}

size_t tc_json_string_end(const char *s, size_t len, size_t i)
{
	size_t start = i + 1, at, run;
	const char *quote;

	for (i = start; i < len && (quote = memchr(s + i, '"', len - i)); i = at + 1) {
		at = quote - s;
		for (run = at; run > start && s[run - 1] == '\\'; run--) {
		}
		if (((at - run) & 1) == 0) {
			return at + 1;
		}
	}
	return 0;
}

/* How far a string's closing quote is looked for before decoding it. */
#define TC_FLAT_END_LOOK 64

/* The string token at s[*pos] as a new string, *pos moved past it; NULL
 * where PHP would refuse it. A short string without escaped quotes is sized
 * by its closing quote; any other is decoded in one pass into room for the
 * rest of the text, and trimmed. */
static zend_string *tc_flat_string(const char *s, size_t len, size_t *pos)
{
	size_t rest = len - *pos, room = rest, end, n;
	const char *quote = memchr(s + *pos + 1, '"', MIN(rest - 1, TC_FLAT_END_LOOK));
	zend_string *str;

	if (quote && quote[-1] != '\\') {
		room = (size_t) (quote - s) + 1 - *pos; /* the token itself */
	}
	if (room == 2) {
		*pos += 2;
		return ZSTR_EMPTY_ALLOC();
	}
	if (room < 2) {
		return NULL;
	}
	str = zend_string_alloc(room - 2, 0);
	end = tc_flat_chars((const unsigned char *) s + *pos, room, ZSTR_VAL(str), &n);
	if (!end) {
		zend_string_efree(str);
		return NULL;
	}
	if (n < ZSTR_LEN(str)) {
		str = zend_string_truncate(str, n, 0);
	}
	ZSTR_VAL(str)[n] = '\0';
	*pos += end;
	return str;
}

/* The scalar value at s[*pos] (not a string) into *v, *pos moved past it;
 * false for a nested value, a float, a long integer or invalid bytes. */
static bool tc_flat_scalar(const char *s, size_t len, size_t *pos, zval *v)
{
	size_t i = *pos, digits;

	if (len - i >= 4 && memcmp(s + i, "true", 4) == 0) {
		ZVAL_TRUE(v);
		*pos = i + 4;
		return 1;
	}
	if (len - i >= 5 && memcmp(s + i, "false", 5) == 0) {
		ZVAL_FALSE(v);
		*pos = i + 5;
		return 1;
	}
	if (len - i >= 4 && memcmp(s + i, "null", 4) == 0) {
		ZVAL_NULL(v);
		*pos = i + 4;
		return 1;
	}
	if (s[i] == '-') {
		i++;
	}
	for (digits = 0; i + digits < len && s[i + digits] >= '0' && s[i + digits] <= '9'; digits++) {
	}
	if (digits == 0 || digits > TC_FLAT_INT_DIGITS || (s[i] == '0' && digits > 1)) {
		return 0;
	}
	i += digits;
	if (i < len && (s[i] == '.' || s[i] == 'e' || s[i] == 'E')) {
		return 0;
	}
	ZVAL_LONG(v, ZEND_STRTOL(s + *pos, NULL, 10));
	*pos = i;
	return 1;
}

/* The member at s[*pos] (its key's '"') into out, its span into *m, *pos
 * moved past its value; false where it is not a flat member. */
static bool tc_flat_member(const char *s, size_t len, size_t *pos, HashTable *out, tc_json_member *m)
{
	size_t i = *pos;
	zend_string *key;
	zval value;

	m->key_start = i;
	if (!(key = tc_flat_string(s, len, &i))) {
		return 0;
	}
	i = tc_json_skip_space(s, len, i);
	if (i >= len || s[i] != ':' || (i = tc_json_skip_space(s, len, i + 1)) >= len) {
		zend_string_release(key);
		return 0;
	}
	m->value_start = i;
	if (s[i] == '"') {
		zend_string *str = tc_flat_string(s, len, &i);

		if (!str) {
			zend_string_release(key);
			return 0;
		}
		ZVAL_STR(&value, str);
	} else if (!tc_flat_scalar(s, len, &i, &value)) {
		zend_string_release(key);
		return 0;
	}
	m->value_end = i;
	/* as PHP's parser does: a key of digits is an integer key, and of two
	 * equal keys the later value is kept */
	zend_symtable_update(out, key, &value);
	zend_string_release(key);
	*pos = i;
	return 1;
}

bool tc_json_decode_flat(const char *s, size_t len, zval *out, tc_json_member **members, uint32_t *count)
{
	size_t i = tc_json_skip_space(s, len, 0);
	uint32_t n = 0, size = 0;
	tc_json_member *list = NULL;

	if (i >= len || s[i] != '{') {
		return 0;
	}
	array_init(out);
	i = tc_json_skip_space(s, len, i + 1);
	if (i < len && s[i] == '}') {
		i++;
	} else {
		for (;;) {
			if (n == size) {
				size = size ? size * 2 : 4;
				list = safe_erealloc(list, size, sizeof(tc_json_member), 0);
			}
			if (i >= len || s[i] != '"' || !tc_flat_member(s, len, &i, Z_ARRVAL_P(out), &list[n])) {
				goto decline;
			}
			n++;
			i = tc_json_skip_space(s, len, i);
			if (i < len && s[i] == ',') {
				i = tc_json_skip_space(s, len, i + 1);
				continue;
			}
			if (i < len && s[i] == '}') {
				i++;
				break;
			}
			goto decline;
		}
	}
	if (tc_json_skip_space(s, len, i) == len) {
		*members = list;
		*count = n;
		return 1;
	}
decline:
	if (list) {
		efree(list);
	}
	zval_ptr_dtor(out);
	ZVAL_UNDEF(out);
	return 0;
}

/* The number at s[*pos] as PHP's decoder reads a float: a fraction or an
 * exponent follows the integer part (whose digits s[*pos, i) are), *pos
 * moved past it; false for any other text. */
static bool tc_nested_float(const char *s, size_t len, size_t *pos, size_t i, zval *v)
{
	size_t digits;

	if (i < len && s[i] == '.') {
		for (digits = 0, i++; i < len && s[i] >= '0' && s[i] <= '9'; i++, digits++) {
		}
		if (!digits) {
			return 0;
		}
	}
	if (i < len && (s[i] == 'e' || s[i] == 'E')) {
		i++;
		if (i < len && (s[i] == '+' || s[i] == '-')) {
			i++;
		}
		for (digits = 0; i < len && s[i] >= '0' && s[i] <= '9'; i++, digits++) {
		}
		if (!digits) {
			return 0;
		}
	}
	ZVAL_DOUBLE(v, zend_strtod(s + *pos, NULL));
	*pos = i;
	return 1;
}

/* A scalar value (not a string) at s[*pos]: tc_flat_scalar()'s, or a float. */
static bool tc_nested_scalar(const char *s, size_t len, size_t *pos, zval *v)
{
	size_t i = *pos, digits;

	if (tc_flat_scalar(s, len, pos, v)) {
		return 1;
	}
	if (i < len && s[i] == '-') {
		i++;
	}
	for (digits = 0; i + digits < len && s[i + digits] >= '0' && s[i + digits] <= '9'; digits++) {
	}
	if (digits == 0 || (s[i] == '0' && digits > 1) || i + digits == len
		|| (s[i + digits] != '.' && s[i + digits] != 'e' && s[i + digits] != 'E')) {
		return 0; /* no number, or a long integer */
	}
	return tc_nested_float(s, len, pos, i + digits, v);
}

/* The string token at s[*pos] as a new string, *pos moved past it; NULL
 * where PHP would refuse it. Decoded into room for the token alone. */
static zend_string *tc_nested_string(const char *s, size_t len, size_t *pos)
{
	size_t end = tc_json_string_end(s, len, *pos), at = 0;
	zend_string *str;

	if (!end) {
		return NULL;
	}
	str = tc_flat_string(s + *pos, end - *pos, &at);
	*pos += at;
	return str;
}

static bool tc_nested_value(const char *s, size_t len, size_t *pos, int depth, zval *v, HashTable *objects);

/* The array or object at s[*pos] into *v (an array), *pos moved past it. */
static bool tc_nested_container(const char *s, size_t len, size_t *pos, int depth, zval *v, HashTable *objects)
{
	bool object = s[*pos] == '{';
	char close = object ? '}' : ']';
	size_t i = tc_json_skip_space(s, len, *pos + 1);
	zend_string *key = NULL;
	zval item;

	if (depth <= 1) {
		return 0; /* PHP's limit counts the values inside too */
	}
	array_init(v);
	if (object && objects) {
		zend_hash_index_add_empty_element(objects, (zend_ulong) (uintptr_t) Z_ARR_P(v));
	}
	if (i < len && s[i] == close) {
		*pos = i + 1;
		return 1;
	}
	for (;;) {
		if (object) {
			if (i >= len || s[i] != '"' || !(key = tc_nested_string(s, len, &i))) {
				break;
			}
			i = tc_json_skip_space(s, len, i);
			if (i >= len || s[i] != ':') {
				break;
			}
			i = tc_json_skip_space(s, len, i + 1);
		}
		if (i >= len || !tc_nested_value(s, len, &i, depth - 1, &item, objects)) {
			break;
		}
		if (key && objects && zend_symtable_exists(Z_ARRVAL_P(v), key)) {
			/* the later value would free the earlier one, whose arrays
			 * objects may name by an address the next array can take:
			 * declined, PHP's decoder reads such a text */
			zval_ptr_dtor(&item);
			break;
		}
		if (key) {
			/* as PHP's parser does: a key of digits is an integer key, and
			 * of two equal keys the later value is kept */
			zend_symtable_update(Z_ARRVAL_P(v), key, &item);
			zend_string_release(key);
			key = NULL;
		} else {
			zend_hash_next_index_insert(Z_ARRVAL_P(v), &item);
		}
		i = tc_json_skip_space(s, len, i);
		if (i < len && s[i] == ',') {
			i = tc_json_skip_space(s, len, i + 1);
			continue;
		}
		if (i < len && s[i] == close) {
			*pos = i + 1;
			return 1;
		}
		break;
	}
	if (key) {
		zend_string_release(key);
	}
	zval_ptr_dtor(v);
	return 0;
}

static bool tc_nested_value(const char *s, size_t len, size_t *pos, int depth, zval *v, HashTable *objects)
{
	zend_string *str;

	if (s[*pos] == '"') {
		if (!(str = tc_nested_string(s, len, pos))) {
			return 0;
		}
		ZVAL_STR(v, str);
		return 1;
	}
	if (s[*pos] == '{' || s[*pos] == '[') {
		return tc_nested_container(s, len, pos, depth, v, objects);
	}
	return tc_nested_scalar(s, len, pos, v);
}

bool tc_json_decode_nested(const char *s, size_t len, int depth, zval *out, HashTable *objects)
{
	size_t i = tc_json_skip_space(s, len, 0);

	if (i < len && tc_nested_value(s, len, &i, depth, out, objects)) {
		if (tc_json_skip_space(s, len, i) == len) {
			return 1;
		}
		zval_ptr_dtor(out);
	}
	if (objects) {
		zend_hash_clean(objects); /* addresses of arrays freed */
	}
	ZVAL_UNDEF(out);
	return 0;
}
