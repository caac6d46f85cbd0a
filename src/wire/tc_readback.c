#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_smart_str.h"
#include "ext/json/php_json.h"

#include "../json/tc_json.h"
#include "../formats/tc_jtext.h"
#include "../offload/tc_retrieval.h"
#include "../offload/tc_restore.h"
#include "tc_request.h"
#include "tc_readback.h"

/* How appended items are written: "{}" stays an object, 1.0 a float. */
#define TC_RB_JSON (PHP_JSON_UNESCAPED_SLASHES | PHP_JSON_UNESCAPED_UNICODE \
	| PHP_JSON_PRESERVE_ZERO_FRACTION | PHP_JSON_INVALID_UTF8_SUBSTITUTE)

#define TC_RB_NOT_FOUND "No omitted payload is stored under this sha256."

/* One round's context: what the turn holds and what answers it. */
typedef struct _tc_rb {
	zend_string       *name;    /* the read-back tool's */
	const tc_callable *lookup;
	zval               turn;    /* the items to append, in order (an array) */
	zval               answers; /* the answers, in call order (an array) */
	uint32_t           calls;   /* read-back calls answered */
	bool               threw;
} tc_rb;

/* ---- reading decoded JSON (stdClass objects and arrays of our own) ---- */

/* The member key of obj (a decoded stdClass, borrowed), or NULL when obj
 * is none, has no such member or holds null there. */
static zval *tc_rb_get(zval *obj, const char *key)
{
	zval rv, *v;

	if (!obj) {
		return NULL;
	}
	v = tc_request_prop(obj, key, strlen(key), &rv);
	zval_ptr_dtor(&rv); /* undefined: a stdClass gives its own member */
	return v;
}

static zval *tc_rb_list(zval *obj, const char *key)
{
	zval *v = tc_rb_get(obj, key);

	return v && Z_TYPE_P(v) == IS_ARRAY ? v : NULL;
}

static bool tc_rb_is(zval *v, const char *s)
{
	return v && Z_TYPE_P(v) == IS_STRING && Z_STRLEN_P(v) == strlen(s) && memcmp(Z_STRVAL_P(v), s, Z_STRLEN_P(v)) == 0;
}

static bool tc_rb_named(tc_rb *rb, zval *v)
{
	return v && Z_TYPE_P(v) == IS_STRING && zend_string_equals(Z_STR_P(v), rb->name);
}

static zval *tc_rb_first(zval *list)
{
	zval *v = list ? zend_hash_index_find(Z_ARRVAL_P(list), 0) : NULL;

	return v && Z_TYPE_P(v) == IS_OBJECT ? v : NULL;
}

static void tc_rb_add(zval *list, zval *item)
{
	Z_TRY_ADDREF_P(item);
	add_next_index_zval(list, item);
}

/* ---- answering one call ---- */

/* The stored JSON a call with these arguments (an object, or its JSON
 * text) asks for, or a short text saying it is not there; NULL when the
 * lookup threw. */
static zend_string *tc_rb_stored(tc_rb *rb, zval *args)
{
	zval decoded, *sha;
	zend_string *wanted = NULL, *stored = NULL;

	ZVAL_UNDEF(&decoded);
	if (args && Z_TYPE_P(args) == IS_STRING && tc_request_decode(&decoded, Z_STRVAL_P(args), Z_STRLEN_P(args), 0, TC_JSON_DEPTH)) {
		args = &decoded;
	}
	sha = tc_rb_get(args, "sha256");
	if (sha && Z_TYPE_P(sha) == IS_STRING) {
		wanted = tc_retrieval_sha256(Z_STR_P(sha));
	}
	zval_ptr_dtor(&decoded);
	if (wanted) {
		stored = tc_restore_stored(rb->lookup, wanted, &rb->threw);
		zend_string_release(wanted);
		if (rb->threw || EG(exception)) {
			rb->threw = 1;
			if (stored) {
				zend_string_release(stored);
			}
			return NULL;
		}
	}
	rb->calls++;
	return stored ? stored : zend_string_init(ZEND_STRL(TC_RB_NOT_FOUND), 0);
}

/* ---- the turn of each provider ---- */

/* OpenAI Chat: choices[0].message; the assistant message again with its
 * read-back calls only, then a tool message per call. */
static void tc_rb_chat(tc_rb *rb, zval *response)
{
	zval *message = tc_rb_get(tc_rb_first(tc_rb_list(response, "choices")), "message");
	zval *calls = tc_rb_list(message, "tool_calls"), *call, *content, kept, turn, answer;
	zend_string *stored;

	if (!calls) {
		return;
	}
	array_init(&kept);
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(calls), call) {
		zval *fn = tc_rb_get(call, "function"), *id = tc_rb_get(call, "id");

		if (!tc_rb_named(rb, tc_rb_get(fn, "name"))) {
			continue;
		}
		if (!(stored = tc_rb_stored(rb, tc_rb_get(fn, "arguments")))) {
			break;
		}
		tc_rb_add(&kept, call);
		object_init(&answer);
		add_property_string(&answer, "role", "tool");
		if (id) {
			add_property_zval(&answer, "tool_call_id", id);
		}
		add_property_str(&answer, "content", stored);
		add_next_index_zval(&rb->answers, &answer);
	} ZEND_HASH_FOREACH_END();
	if (rb->calls && !rb->threw) {
		object_init(&turn);
		add_property_string(&turn, "role", "assistant");
		content = tc_rb_get(message, "content");
		if (content) {
			add_property_zval(&turn, "content", content);
		} else {
			add_property_null(&turn, "content");
		}
		add_property_zval(&turn, "tool_calls", &kept);
		add_next_index_zval(&rb->turn, &turn);
	}
	zval_ptr_dtor(&kept);
}

/* OpenAI Responses: the output items a request may carry again (reasoning,
 * messages, read-back calls), then a function_call_output per call. */
static void tc_rb_responses(tc_rb *rb, zval *response)
{
	zval *output = tc_rb_list(response, "output"), *item, answer;
	zend_string *stored;

	if (!output) {
		return;
	}
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(output), item) {
		zval *type = tc_rb_get(item, "type");

		if (tc_rb_is(type, "reasoning") || tc_rb_is(type, "message")) {
			tc_rb_add(&rb->turn, item);
		} else if (tc_rb_is(type, "function_call") && tc_rb_named(rb, tc_rb_get(item, "name"))) {
			zval *call_id = tc_rb_get(item, "call_id");

			if (!(stored = tc_rb_stored(rb, tc_rb_get(item, "arguments")))) {
				break;
			}
			tc_rb_add(&rb->turn, item);
			object_init(&answer);
			add_property_string(&answer, "type", "function_call_output");
			if (call_id) {
				add_property_zval(&answer, "call_id", call_id);
			}
			add_property_str(&answer, "output", stored);
			add_next_index_zval(&rb->answers, &answer);
		}
	} ZEND_HASH_FOREACH_END();
}

/* Anthropic and Gemini: once the turn had read-back calls, the model's
 * message {"role": role, key: kept} and one user message {"role": "user",
 * key: answers}. Releases kept and answers. */
static void tc_rb_messages(tc_rb *rb, const char *role, const char *key, zval *kept, zval *answers)
{
	zval turn, user;

	if (rb->calls && !rb->threw) {
		object_init(&turn);
		add_property_string(&turn, "role", role);
		add_property_zval(&turn, key, kept);
		add_next_index_zval(&rb->turn, &turn);
		object_init(&user);
		add_property_string(&user, "role", "user");
		add_property_zval(&user, key, answers);
		add_next_index_zval(&rb->answers, &user);
	}
	zval_ptr_dtor(kept);
	zval_ptr_dtor(answers);
}

/* Anthropic: the assistant message again without other tools' tool_use
 * blocks, then one user message of tool_result blocks. */
static void tc_rb_anthropic(tc_rb *rb, zval *response)
{
	zval *content = tc_rb_list(response, "content"), *block, kept, results, result;
	zend_string *stored;

	if (!content) {
		return;
	}
	array_init(&kept);
	array_init(&results);
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(content), block) {
		zval *id;

		if (!tc_rb_is(tc_rb_get(block, "type"), "tool_use")) {
			tc_rb_add(&kept, block);
			continue;
		}
		if (!tc_rb_named(rb, tc_rb_get(block, "name"))) {
			continue;
		}
		if (!(stored = tc_rb_stored(rb, tc_rb_get(block, "input")))) {
			break;
		}
		tc_rb_add(&kept, block);
		object_init(&result);
		add_property_string(&result, "type", "tool_result");
		if ((id = tc_rb_get(block, "id"))) {
			add_property_zval(&result, "tool_use_id", id);
		}
		add_property_str(&result, "content", stored);
		add_next_index_zval(&results, &result);
	} ZEND_HASH_FOREACH_END();
	tc_rb_messages(rb, "assistant", "content", &kept, &results);
}

/* Gemini: candidates[0].content again without other tools' functionCall
 * parts, then one user content of functionResponse parts. */
static void tc_rb_gemini(tc_rb *rb, zval *response)
{
	zval *content = tc_rb_get(tc_rb_first(tc_rb_list(response, "candidates")), "content");
	zval *parts = tc_rb_list(content, "parts"), *part, kept, answers, fr, body, wrap;
	zend_string *stored;

	if (!parts) {
		return;
	}
	array_init(&kept);
	array_init(&answers);
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(parts), part) {
		zval *call = tc_rb_get(part, "functionCall"), *id;

		if (!call) {
			tc_rb_add(&kept, part);
			continue;
		}
		if (!tc_rb_named(rb, tc_rb_get(call, "name"))) {
			continue;
		}
		if (!(stored = tc_rb_stored(rb, tc_rb_get(call, "args")))) {
			break;
		}
		tc_rb_add(&kept, part);
		object_init(&body);
		add_property_str(&body, "output", stored);
		object_init(&fr);
		if ((id = tc_rb_get(call, "id"))) {
			add_property_zval(&fr, "id", id);
		}
		add_property_str(&fr, "name", zend_string_copy(rb->name));
		add_property_zval(&fr, "response", &body);
		zval_ptr_dtor(&body);
		object_init(&wrap);
		add_property_zval(&wrap, "functionResponse", &fr);
		zval_ptr_dtor(&fr);
		add_next_index_zval(&answers, &wrap);
	} ZEND_HASH_FOREACH_END();
	tc_rb_messages(rb, "model", "parts", &kept, &answers);
}

/* ---- writing the next request ---- */

/* Appends the JSON of each element of list to buf, comma-separated. */
static void tc_rb_encode_list(smart_str *buf, zval *list)
{
	php_json_error_code saved = JSON_G(error_code);
	zval *item;
	bool first = 1;

	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(list), item) {
		if (!first) {
			smart_str_appendc(buf, ',');
		}
		first = 0;
		php_json_encode_ex(buf, item, TC_RB_JSON, TC_JSON_DEPTH);
	} ZEND_HASH_FOREACH_END();
	JSON_G(error_code) = saved;
}

/* Where the next request differs from the one that asked: its history
 * member and, in Responses, its previous_response_id. */
typedef struct _tc_rb_target {
	tc_jobject  obj;
	tc_jmember *history;
	tc_jmember *previous; /* a string value, or NULL */
} tc_rb_target;

/* Finds the member key of request (an object text) and, with responses,
 * a string previous_response_id; false (nothing to free) when request is
 * no object text with one key each or that member is not there. */
static bool tc_rb_target_find(tc_rb_target *t, zend_string *request, const char *key, bool responses)
{
	zend_string *name;
	zval decoded;
	bool object;

	if (!tc_request_decode(&decoded, ZSTR_VAL(request), ZSTR_LEN(request), 0, TC_JSON_DEPTH)) {
		return 0;
	}
	object = Z_TYPE(decoded) == IS_OBJECT;
	zval_ptr_dtor(&decoded);
	if (!object || !tc_jtext_scan(request, &t->obj)) {
		return 0;
	}
	name = zend_string_init(key, strlen(key), 0);
	t->history = tc_jtext_find(&t->obj, name, 0);
	zend_string_release(name);
	t->previous = NULL;
	if (responses) {
		name = zend_string_init(ZEND_STRL("previous_response_id"), 0);
		t->previous = tc_jtext_find(&t->obj, name, 0);
		zend_string_release(name);
		if (t->previous && ZSTR_VAL(request)[t->previous->value_start] != '"') {
			t->previous = NULL;
		}
	}
	if (!t->history || (ZSTR_VAL(request)[t->history->value_start] != '['
			&& !(responses && ZSTR_VAL(request)[t->history->value_start] == '"'))) {
		tc_jtext_dtor(&t->obj);
		return 0;
	}
	return 1;
}

/*
 * request with the turn and its answers appended to its history: the bytes
 * of everything else kept. A Responses input given as a string becomes the
 * user message it stands for. With previous_response_id (the server keeps
 * the history), the input is the answers alone and the id the response's.
 */
static zend_string *tc_rb_splice(zend_string *request, tc_rb_target *t, tc_rb *rb, zval *response_id)
{
	const char *s = ZSTR_VAL(request);
	smart_str add = {0};
	tc_jedit edits[2];
	uint32_t n = 0, i;
	zend_string *next;

	if (t->previous && response_id) {
		smart_str prev = {0};

		smart_str_appendc(&add, '[');
		tc_rb_encode_list(&add, &rb->answers);
		smart_str_appendc(&add, ']');
		php_json_encode_ex(&prev, response_id, TC_RB_JSON, 1);
		smart_str_0(&prev);
		edits[n++] = (tc_jedit) {t->previous->value_start, t->previous->value_end, smart_str_extract(&prev)};
		edits[n++] = (tc_jedit) {t->history->value_start, t->history->value_end, smart_str_extract(&add)};
	} else if (s[t->history->value_start] == '[') {
		size_t close = t->history->value_end - 1;

		if (tc_json_skip_space(s, ZSTR_LEN(request), t->history->value_start + 1) != close) {
			smart_str_appendc(&add, ',');
		}
		tc_rb_encode_list(&add, &rb->turn);
		smart_str_appendc(&add, ',');
		tc_rb_encode_list(&add, &rb->answers);
		edits[n++] = (tc_jedit) {close, close, smart_str_extract(&add)};
	} else {
		smart_str_appends(&add, "[{\"role\":\"user\",\"content\":");
		smart_str_appendl(&add, s + t->history->value_start, t->history->value_end - t->history->value_start);
		smart_str_appends(&add, "},");
		tc_rb_encode_list(&add, &rb->turn);
		smart_str_appendc(&add, ',');
		tc_rb_encode_list(&add, &rb->answers);
		smart_str_appendc(&add, ']');
		edits[n++] = (tc_jedit) {t->history->value_start, t->history->value_end, smart_str_extract(&add)};
	}
	next = tc_jtext_apply(request, edits, n);
	for (i = 0; i < n; i++) {
		zend_string_release(edits[i].str);
	}
	return next;
}

zend_string *tc_readback_next(zend_string *request, zend_string *response,
	const tc_callable *lookup, zend_string *name, bool *threw)
{
	void (*turn)(tc_rb *, zval *) = NULL;
	tc_rb rb = {0};
	tc_rb_target target;
	zval decoded, *response_id = NULL;
	const char *key = "messages";
	zend_string *next = NULL;

	*threw = 0;
	if (!tc_request_decode(&decoded, ZSTR_VAL(response), ZSTR_LEN(response), 0, TC_JSON_DEPTH)) {
		return NULL;
	}
	if (tc_rb_list(&decoded, "choices")) {
		turn = tc_rb_chat;
	} else if (tc_rb_list(&decoded, "output")) {
		key = "input";
		turn = tc_rb_responses;
		response_id = tc_rb_get(&decoded, "id");
		if (response_id && Z_TYPE_P(response_id) != IS_STRING) {
			response_id = NULL;
		}
	} else if (tc_rb_list(&decoded, "candidates")) {
		key = "contents";
		turn = tc_rb_gemini;
	} else if (tc_rb_list(&decoded, "content")) {
		turn = tc_rb_anthropic;
	}
	/* the request is checked before the store is asked */
	if (turn && tc_rb_target_find(&target, request, key, turn == tc_rb_responses)) {
		rb.name = name;
		rb.lookup = lookup;
		array_init(&rb.turn);
		array_init(&rb.answers);
		turn(&rb, &decoded);
		if (rb.threw) {
			*threw = 1;
		} else if (rb.calls) {
			next = tc_rb_splice(request, &target, &rb, response_id);
		}
		zval_ptr_dtor(&rb.turn);
		zval_ptr_dtor(&rb.answers);
		tc_jtext_dtor(&target.obj);
	}
	zval_ptr_dtor(&decoded);
	return next;
}
