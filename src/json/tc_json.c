#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_exceptions.h"
#include "zend_smart_str.h"
#include "ext/json/php_json.h"

#include "../../php_toolcompact.h"
#include "tc_json.h"
#include "tc_json_escape.h"
#include "../digest/tc_sha256.h"

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

static tc_json_result tc_json_encode_fast(zval *value, zend_string **json);

zend_long tc_json_partial_bytes(zval *value)
{
	smart_str buf = {0};
	php_json_error_code saved = JSON_G(error_code);
	zend_long bytes;

	if (!tc_json_depth_ok(value, TC_JSON_DEPTH)) {
		return -1;
	}
	php_json_encode_ex(&buf, value, PHP_JSON_PARTIAL_OUTPUT_ON_ERROR, TC_JSON_DEPTH);
	JSON_G(error_code) = saved;
	bytes = buf.s ? (zend_long) ZSTR_LEN(buf.s) : 0;
	smart_str_free(&buf);
	if (UNEXPECTED(EG(exception))) {
		tc_clear_exception();
		return -1;
	}
	return bytes;
}

zend_string *tc_json_encode(zval *value)
{
	smart_str buf = {0};
	php_json_error_code saved, error;
	zend_string *json;

	ZVAL_DEREF(value);
	if (Z_TYPE_P(value) == IS_ARRAY) {
		switch (tc_json_encode_fast(value, &json)) {
			case TC_JSON_RESULT_OK:
				return json;
			case TC_JSON_RESULT_FAIL:
				return NULL;
			default:
				break; /* an object inside: PHP's encoder */
		}
		if (!tc_json_depth_ok(value, TC_JSON_DEPTH)) {
			return NULL;
		}
	}

	saved = JSON_G(error_code);
	php_json_encode_ex(&buf, value, 0, TC_JSON_DEPTH);
	/* json_encode() judges by the error code, not by the return value: a key
	 * that is not valid UTF-8 sets the code but lets encoding go on. */
	error = JSON_G(error_code);
	JSON_G(error_code) = saved;

	if (UNEXPECTED(EG(exception))) {
		/* A JsonSerializable threw: json_encode() would not return at all,
		 * the strategy treats it as an encoding failure (an exit() goes on). */
		tc_clear_exception();
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
			/* (string) gives "NAN", "INF" and "-INF" (PHP 8.5 warns on
			 * NAN: the pass must not) */
			if (zend_isnan(Z_DVAL_P(value))) {
				return 3;
			}
			if (zend_isinf(Z_DVAL_P(value))) {
				return Z_DVAL_P(value) > 0 ? 3 : 4;
			}
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
 * straight into a sink that counts them, or, when it has a digest or an
 * output string, hands them through a small buffer to the one it has.
 * Nothing is allocated but the output, no user code runs and no PHP state
 * changes: values that could run user code (objects, enums,
 * JsonSerializable) make the walk give up (TC_JSON_SLOW) so that the caller
 * uses PHP's own encoder for them.
 *
 * Output rules, as ext/json writes them with default flags: null, true,
 * false; integers in decimal; finite floats as zend_gcvt() with
 * serialize_precision and 'e' (INF and NAN are an error); strings quoted
 * and escaped as tc_json_escape.c describes (invalid UTF-8 an error); an
 * array that is a list as [a,b], any other as {"key":value} with integer
 * keys quoted; nesting deeper than 512 arrays an error (this also ends
 * recursive arrays).
 * ------------------------------------------------------------------------ */

#define TC_JSON_SINK_BUF 8192

typedef struct {
	size_t len;          /* count only: bytes of JSON so far */
	tc_sha256_ctx *sha;  /* the digest, or NULL */
	smart_str *out;      /* the output, or NULL (with sha NULL: count only) */
	bool started;        /* hashing: sha is initialized (at the first flush) */
	size_t handed;       /* bytes already handed to the digest or output */
	size_t used;         /* bytes waiting in buf */
	bool failed;         /* json_encode() would report an error */
	char buf[TC_JSON_SINK_BUF + TC_JSON_ESCAPE_SLACK];
} tc_json_sink;

typedef enum {
	TC_JSON_OK,
	TC_JSON_FAIL,   /* json_encode() fails, and no user code could run first */
	TC_JSON_SLOW    /* needs PHP's encoder (an object somewhere inside) */
} tc_json_status;

static zend_always_inline bool tc_json_counting(const tc_json_sink *sink)
{
	return !sink->sha && !sink->out;
}

/* Hands n bytes at p to the output, or to the digest, started on first use. */
static void tc_json_hand(tc_json_sink *sink, const char *p, size_t n)
{
	if (sink->out) {
		smart_str_appendl(sink->out, p, n);
		sink->handed += n;
		return;
	}
	if (!sink->started) {
		tc_sha256_init(sink->sha);
		sink->started = 1;
	}
	tc_sha256_update(sink->sha, p, n);
	sink->handed += n;
}

static void tc_json_flush(tc_json_sink *sink)
{
	if (sink->used) {
		tc_json_hand(sink, sink->buf, sink->used);
		sink->used = 0;
	}
}

/* tc_json_put() when the n bytes do not fit the buffer. */
static zend_never_inline void tc_json_put_full(tc_json_sink *sink, const char *p, size_t n)
{
	tc_json_flush(sink);
	if (n >= TC_JSON_SINK_BUF) {
		tc_json_hand(sink, p, n);
	} else {
		memcpy(sink->buf, p, n);
		sink->used = n;
	}
}

/* Appends n bytes (any n); inlined, so that a constant n is a store. */
static zend_always_inline void tc_json_put(tc_json_sink *sink, const char *p, size_t n)
{
	if (tc_json_counting(sink)) {
		sink->len += n;
	} else if (EXPECTED(sink->used + n <= TC_JSON_SINK_BUF)) {
		memcpy(sink->buf + sink->used, p, n);
		sink->used += n;
	} else {
		tc_json_put_full(sink, p, n);
	}
}

/* Writes the escaped bytes of s (not the quotes) into the sink's buffer,
 * handed on as it fills; false for invalid UTF-8. */
static bool tc_json_string_escaped(tc_json_sink *sink, const unsigned char *s, size_t len)
{
	size_t i = 0;
	char *dst = sink->buf + sink->used;

	for (;;) {
		dst = tc_json_escape_run(s, len, &i, dst, sink->buf + TC_JSON_SINK_BUF);
		if (!dst) {
			return 0;
		}
		sink->used = (size_t) (dst - sink->buf);
		if (i == len) {
			return 1;
		}
		tc_json_flush(sink);
		dst = sink->buf;
	}
}

/* A JSON string; false for invalid UTF-8. */
static bool tc_json_string(tc_json_sink *sink, const char *s, size_t len)
{
	if (tc_json_counting(sink)) {
		size_t extra = tc_json_escape_extra((const unsigned char *) s, len);

		if (extra == (size_t) -1) {
			return 0;
		}
		sink->len += len + extra + 2;
		return 1;
	}
	tc_json_put(sink, "\"", 1);
	if (!tc_json_string_escaped(sink, (const unsigned char *) s, len)) {
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
	sink->started = 0;
	sink->handed = 0;
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
	sink.out = NULL;
	status = tc_json_run(&sink, value);
	*len = sink.len;
	return (tc_json_result) status;
}

tc_json_result tc_json_measure_sha256(zval *value, size_t threshold, size_t *len, char *hex, bool *hashed)
{
	tc_json_sink sink;
	tc_sha256_ctx ctx;
	tc_json_status status;
	char unused[TC_SHA256_HEX_LEN + 1];

	sink.sha = &ctx;
	sink.out = NULL;
	status = tc_json_run(&sink, value);
	*len = sink.handed + sink.used;
	*hashed = status == TC_JSON_OK && *len > threshold;
	if (*hashed) {
		tc_json_flush(&sink);
	}
	if (sink.started) {
		/* always finished once started, so that a backend holding
		 * resources releases them */
		tc_sha256_final_hex(&ctx, *hashed ? hex : unused);
	}
	return (tc_json_result) status;
}

/* tc_json_encode() of an array without PHP's encoder: *json is set (a new
 * string) only for TC_JSON_RESULT_OK. */
static tc_json_result tc_json_encode_fast(zval *value, zend_string **json)
{
	tc_json_sink sink;
	smart_str out = {0};
	tc_json_status status;

	sink.sha = NULL;
	sink.out = &out;
	status = tc_json_run(&sink, value);
	if (status != TC_JSON_OK) {
		smart_str_free(&out);
		return (tc_json_result) status;
	}
	tc_json_flush(&sink);
	smart_str_0(&out);
	*json = out.s ? out.s : ZSTR_EMPTY_ALLOC();
	return TC_JSON_RESULT_OK;
}

size_t tc_json_field_measure(zval *value, size_t threshold, char *hex, bool *hashed)
{
	zend_string *json;
	size_t len;
	tc_json_result result;

	*hashed = 0;
	ZVAL_DEREF(value);
	if (Z_TYPE_P(value) != IS_ARRAY) {
		/* encodes nothing: only an array is encoded there */
		return tc_json_field_size(value, &json);
	}
	result = hex ? tc_json_measure_sha256(value, threshold, &len, hex, hashed) : tc_json_length(value, &len);
	switch (result) {
		case TC_JSON_RESULT_OK:
			return len;
		case TC_JSON_RESULT_FAIL:
			return 0;
		default:
			return TC_JSON_SIZE_SLOW;
	}
}

bool tc_json_sha256(zval *value, zend_string *json, char *hex)
{
	zend_string *encoded;
	size_t len;
	bool hashed;

	if (json) {
		tc_sha256_hex(ZSTR_VAL(json), ZSTR_LEN(json), hex);
		return 1;
	}
	/* any JSON text is at least one byte long: above 0, so hashed */
	switch (tc_json_measure_sha256(value, 0, &len, hex, &hashed)) {
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

bool tc_json_decode(zend_string *json, int depth, zval *out)
{
	php_json_error_code saved = JSON_G(error_code);
	bool ok = php_json_decode_ex(out, ZSTR_VAL(json), ZSTR_LEN(json), PHP_JSON_OBJECT_AS_ARRAY, depth) == SUCCESS;

	JSON_G(error_code) = saved;
	if (!ok) {
		zval_ptr_dtor(out);
		ZVAL_UNDEF(out);
	}
	return ok;
}
