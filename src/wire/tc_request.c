#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_exceptions.h"
#include "ext/json/php_json.h"

#include "../../php_toolcompact.h"
#include "../json/tc_json.h"
#include "../engine/tc_pass.h"
#include "../formats/tc_fjson.h"
#include "../formats/tc_fread.h"
#include "../offload/tc_retrieval.h"
#include "../window/tc_window.h"
#include "tc_request.h"

#define TC_REQUEST_FLAGS (PHP_JSON_UNESCAPED_SLASHES | PHP_JSON_UNESCAPED_UNICODE | PHP_JSON_PRESERVE_ZERO_FRACTION)

/* The history members, in the order they are looked for, and the format
 * each tells. */
static const struct {
	const char *name;
	size_t      len;
	tc_format   format;
} tc_request_members[] = {
	{ ZEND_STRL("contents"), TC_FORMAT_GEMINI },
	{ ZEND_STRL("input"), TC_FORMAT_RESPONSES },
	{ ZEND_STRL("messages"), TC_FORMAT_AUTO },
};

tc_jmember *tc_request_member(tc_request *req, const char *name, size_t len)
{
	zval *n = zend_hash_str_find(&req->members.keys, name, len);

	return n ? &req->members.members[Z_LVAL_P(n)] : NULL;
}

zval *tc_request_prop(zval *object, const char *name, size_t len, zval *rv)
{
	zend_string *key;
	zval *member;

	ZVAL_UNDEF(rv);
	if (Z_TYPE_P(object) != IS_OBJECT || Z_OBJCE_P(object) != zend_standard_class_def) {
		return NULL;
	}
	key = zend_string_init(name, len, 0);
	member = zend_read_property_ex(zend_standard_class_def, Z_OBJ_P(object), key, 1, rv);
	zend_string_release(key);
	if (member) {
		ZVAL_DEREF(member);
	}
	return member && Z_TYPE_P(member) != IS_NULL ? member : NULL;
}

bool tc_request_decode(zval *out, const char *s, size_t len, bool assoc, zend_long depth)
{
	php_json_error_code saved = JSON_G(error_code);
	/* a zend_string: the decoder reads up to its NUL byte */
	zend_string *copy = zend_string_init(s, len, 0);
	bool ok = php_json_decode_ex(out, ZSTR_VAL(copy), len, assoc ? PHP_JSON_OBJECT_AS_ARRAY : 0, depth) == SUCCESS;

	JSON_G(error_code) = saved;
	zend_string_release(copy);
	if (!ok) {
		zval_ptr_dtor(out);
		ZVAL_UNDEF(out);
	}
	return ok;
}

/* Why text, which has no history found by tc_jtext_scan_arrays(), is no
 * request body (a TC_REQUEST_ reason). */
static const char *tc_request_reason(zend_string *text)
{
	tc_jobject members;
	zval body;
	const char *reason = TC_REQUEST_NO_HISTORY;

	if (!tc_request_decode(&body, ZSTR_VAL(text), ZSTR_LEN(text), 0, TC_JSON_DEPTH)) {
		return TC_REQUEST_NOT_JSON;
	}
	if (Z_TYPE(body) != IS_OBJECT) {
		reason = TC_REQUEST_NOT_OBJECT;
	} else if (!tc_jtext_scan(text, &members)) {
		reason = TC_REQUEST_DUPLICATE_KEY;
	} else {
		tc_jtext_dtor(&members);
	}
	zval_ptr_dtor(&body);
	return reason;
}

/* Decodes req's history (arrays) and the rest of text (objects, [] for
 * the history): what json_decode() of the whole text reads, as text is JSON
 * when both parts are. */
static bool tc_request_parts(zend_string *text, tc_request *req)
{
	const char *s = ZSTR_VAL(text);
	size_t start = req->history->value_start, end = req->history->value_end;
	smart_str rest = {0};
	zval objects;
	bool ok;

	smart_str_alloc(&rest, ZSTR_LEN(text) - (end - start) + 2, 0);
	smart_str_appendl(&rest, s, start);
	smart_str_appendl(&rest, "[]", 2);
	smart_str_appendl(&rest, s + end, ZSTR_LEN(text) - end);
	ok = tc_request_decode(&req->body, ZSTR_VAL(rest.s), ZSTR_LEN(rest.s), 0, TC_JSON_DEPTH);
	smart_str_free(&rest);
	if (!ok) {
		return 0;
	}
	/* the history one level down, by our decoder when it can */
	zend_hash_init(&req->objects, 64, NULL, NULL, 0);
	req->shaped = tc_json_decode_nested(s + start, end - start, TC_JSON_DEPTH - 1, &req->value, &req->objects);
	if (!req->shaped && !tc_request_decode(&req->value, s + start, end - start, 1, TC_JSON_DEPTH - 1)) {
		zend_hash_destroy(&req->objects);
		zval_ptr_dtor(&req->body);
		return 0;
	}
	/* a key starting with a NUL byte: an array's key, no object's */
	if (zend_memnstr(s + start, "\"\\u0000", sizeof("\"\\u0000") - 1, s + end)) {
		ok = tc_request_decode(&objects, s + start, end - start, 0, TC_JSON_DEPTH - 1);
		zval_ptr_dtor(&objects);
		if (!ok) {
			zend_hash_destroy(&req->objects);
			zval_ptr_dtor(&req->value);
			zval_ptr_dtor(&req->body);
		}
	}
	return ok;
}

const char *tc_request_history(zend_string *text, tc_request *req)
{
	size_t i;

	if (!tc_jtext_scan_arrays(text, &req->members, &req->arrays)) {
		return tc_request_reason(text);
	}
	for (i = 0; i < sizeof(tc_request_members) / sizeof(tc_request_members[0]); i++) {
		req->history = tc_request_member(req, tc_request_members[i].name, tc_request_members[i].len);
		if (req->history && ZSTR_VAL(text)[req->history->value_start] == '[') {
			uint32_t n = req->history - req->members.members;

			req->spans = req->arrays.spans + req->arrays.first[n];
			req->count = req->arrays.first[n + 1] - req->arrays.first[n];
			req->format = tc_request_members[i].format;
			if (tc_request_parts(text, req)) {
				return NULL;
			}
			tc_jtext_arrays_dtor(&req->arrays);
			tc_jtext_dtor(&req->members);
			return TC_REQUEST_NOT_JSON;
		}
	}
	tc_jtext_arrays_dtor(&req->arrays);
	tc_jtext_dtor(&req->members);
	return tc_request_reason(text);
}

void tc_request_dtor(tc_request *req)
{
	zend_hash_destroy(&req->objects);
	zval_ptr_dtor(&req->value);
	tc_jtext_arrays_dtor(&req->arrays);
	tc_jtext_dtor(&req->members);
	zval_ptr_dtor(&req->body);
}

bool tc_request_encode(smart_str *buf, zval *value)
{
	php_json_error_code saved = JSON_G(error_code);
	bool ok = php_json_encode_ex(buf, value, TC_REQUEST_FLAGS, TC_JSON_DEPTH) == SUCCESS
		&& JSON_G(error_code) == PHP_JSON_ERROR_NONE && !EG(exception);

	JSON_G(error_code) = saved;
	tc_clear_exception(); /* a JsonSerializable's: bad data */
	return ok;
}

/* Is the member name of object (a stdClass) the string wanted? */
static bool tc_request_named(zval *object, const char *name, size_t len, zend_string *wanted)
{
	zval rv, *member = tc_request_prop(object, name, len, &rv);
	bool same = member && Z_TYPE_P(member) == IS_STRING && zend_string_equals(Z_STR_P(member), wanted);

	zval_ptr_dtor(&rv);
	return same;
}

/* Does a Gemini tool (borrowed) declare a function named name? */
static bool tc_request_declares(zval *tool, zend_string *name)
{
	static const struct { const char *s; size_t len; } lists[] = {
		{ ZEND_STRL("functionDeclarations") }, { ZEND_STRL("function_declarations") },
	};
	zval rv, *list, *entry;
	bool found = 0;
	size_t i;

	for (i = 0; !found && i < sizeof(lists) / sizeof(lists[0]); i++) {
		if ((list = tc_request_prop(tool, lists[i].s, lists[i].len, &rv)) && Z_TYPE_P(list) == IS_ARRAY) {
			ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(list), entry) {
				if ((found = tc_request_named(entry, ZEND_STRL("name"), name))) {
					break;
				}
			} ZEND_HASH_FOREACH_END();
		}
		zval_ptr_dtor(&rv);
	}
	return found;
}

bool tc_request_has_tool(zval *tools, tc_format format, zend_string *name)
{
	zval *tool, rv, *function;
	bool found = 0;

	if (Z_TYPE_P(tools) != IS_ARRAY) {
		return 0;
	}
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(tools), tool) {
		ZVAL_DEREF(tool);
		if (format == TC_FORMAT_GEMINI) {
			found = tc_request_declares(tool, name);
		} else if (format == TC_FORMAT_OPENAI) {
			function = tc_request_prop(tool, ZEND_STRL("function"), &rv);
			found = function && tc_request_named(function, ZEND_STRL("name"), name);
			zval_ptr_dtor(&rv);
		} else {
			found = tc_request_named(tool, ZEND_STRL("name"), name);
		}
		if (found) {
			break;
		}
	} ZEND_HASH_FOREACH_END();
	return found;
}

/* The history's elements (the decoded array's, borrowed) by their value:
 * a refcounted value's address => its position, the first of a value met
 * twice. */
static void tc_request_index(HashTable *by_value, HashTable *history)
{
	zval *entry, position;
	zend_ulong n = 0;

	zend_hash_init(by_value, zend_hash_num_elements(history), NULL, NULL, 0);
	ZEND_HASH_FOREACH_VAL(history, entry) {
		if (Z_REFCOUNTED_P(entry)) {
			ZVAL_LONG(&position, n);
			zend_hash_index_add(by_value, (zend_ulong) (uintptr_t) Z_COUNTED_P(entry), &position);
		}
		n++;
	} ZEND_HASH_FOREACH_END();
}

/* The position in the input of an element of the pass's output, when it
 * is one of the input's very values; else -1. */
static zend_long tc_request_position(HashTable *by_value, zval *entry)
{
	zval *found;

	ZVAL_DEREF(entry);
	if (!Z_REFCOUNTED_P(entry)) {
		return -1;
	}
	found = zend_hash_index_find(by_value, (zend_ulong) (uintptr_t) Z_COUNTED_P(entry));
	return found ? Z_LVAL_P(found) : -1;
}

/* *out: value (the pass's output where conv, NULL: none, stood in the
 * history) with each array that was an object in the text (req->objects)
 * and is list-shaped as a stdClass object, which json_encode() writes as
 * an object where it would write the array as a list ({} and {"0":1}); a
 * new reference to value when it holds none. Returns whether it held one. */
static bool tc_request_shape(zval *out, zval *value, zval *conv, HashTable *objects, uint32_t depth)
{
	zend_string *key;
	zend_ulong index;
	zval *member, *sub, copy;
	bool object, changed = 0;

	ZVAL_DEREF(value);
	if (conv) {
		ZVAL_DEREF(conv);
		conv = Z_TYPE_P(conv) == IS_ARRAY ? conv : NULL;
	}
	object = conv && Z_TYPE_P(value) == IS_ARRAY && zend_array_is_list(Z_ARRVAL_P(value))
		&& zend_hash_index_exists(objects, (zend_ulong) (uintptr_t) Z_ARR_P(conv));
	if (Z_TYPE_P(value) != IS_ARRAY || depth >= TC_JSON_DEPTH
		|| (!object && !zend_hash_num_elements(Z_ARRVAL_P(value)))) {
		ZVAL_COPY(out, value);
		return 0;
	}
	if (object) {
		object_init(out);
	} else {
		array_init_size(out, zend_hash_num_elements(Z_ARRVAL_P(value)));
	}
	ZEND_HASH_FOREACH_KEY_VAL(Z_ARRVAL_P(value), index, key, member) {
		sub = !conv ? NULL : key ? zend_symtable_find(Z_ARRVAL_P(conv), key) : zend_hash_index_find(Z_ARRVAL_P(conv), index);
		changed |= tc_request_shape(&copy, member, sub, objects, depth + 1);
		tc_fjson_put(out, object, key, index, &copy);
	} ZEND_HASH_FOREACH_END();
	if (!object && !changed) {
		zval_ptr_dtor(out);
		ZVAL_COPY(out, value);
	}
	return object || changed;
}

/* Appends the JSON of entry, the pass's output at position i, changed: as
 * toolcompact_compact() of the decoded objects writes it back, objects
 * where the history's entry i had them (tc_fjson_back_entry()). */
static bool tc_request_encode_changed(smart_str *buf, tc_request *req, zend_string *text, uint32_t i, zval *entry)
{
	zval orig, back, *conv = i < req->count ? zend_hash_index_find(Z_ARRVAL(req->value), i) : NULL;
	bool ok;

	ZVAL_UNDEF(&orig);
	if (req->shaped) {
		tc_request_shape(&back, entry, conv, &req->objects, 0);
		ok = tc_request_encode(buf, &back);
		zval_ptr_dtor(&back);
		return ok;
	}
	if (conv && Z_TYPE_P(entry) == IS_ARRAY) {
		/* an element of a body that decodes: it does too */
		tc_request_decode(&orig, ZSTR_VAL(text) + req->spans[i].start, req->spans[i].end - req->spans[i].start, 0,
			TC_JSON_DEPTH - 1);
	}
	tc_fjson_back_entry(&back, entry, Z_ISUNDEF(orig) ? NULL : &orig, conv);
	ok = tc_request_encode(buf, &back);
	zval_ptr_dtor(&back);
	zval_ptr_dtor(&orig);
	return ok;
}

/*
 * The edits writing result (the pass's output for req's history) into the
 * body: an element that is one of the input's values keeps its bytes, any
 * other is encoded. While each output element stands where its input did
 * (no window), only the changed elements are edited; else the array is
 * written anew. Appends to *edits (*n of them, room for the history's
 * count + 2); false when an element cannot be encoded.
 */
static bool tc_request_rewrite(tc_request *req, zend_string *text, zval *result, tc_jedit *edits, uint32_t *n)
{
	HashTable by_value;
	tc_jspan *spans = req->spans;
	uint32_t count = req->count, i = 0;
	zend_long at;
	zval *entry;
	bool in_place, ok = 1;
	smart_str buf = {0};

	tc_request_index(&by_value, Z_ARRVAL(req->value));
	in_place = zend_hash_num_elements(Z_ARRVAL_P(result)) == count;
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(result), entry) {
		at = tc_request_position(&by_value, entry);
		in_place = in_place && (at < 0 || (zend_ulong) at == i);
		i++;
	} ZEND_HASH_FOREACH_END();
	if (!in_place) {
		smart_str_appendc(&buf, '[');
	}
	i = 0;
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(result), entry) {
		at = tc_request_position(&by_value, entry);
		if (in_place) {
			if (at < 0) {
				if (!(ok = tc_request_encode_changed(&buf, req, text, i, entry))) {
					break;
				}
				edits[*n].start = spans[i].start;
				edits[*n].end = spans[i].end;
				edits[(*n)++].str = smart_str_extract(&buf);
			}
		} else {
			if (i) {
				smart_str_appendc(&buf, ',');
			}
			if (at >= 0) {
				smart_str_appendl(&buf, ZSTR_VAL(text) + spans[at].start, spans[at].end - spans[at].start);
			} else if (!(ok = tc_request_encode_changed(&buf, req, text, i, entry))) {
				break;
			}
		}
		i++;
	} ZEND_HASH_FOREACH_END();
	if (ok && !in_place) {
		smart_str_appendc(&buf, ']');
		edits[*n].start = req->history->value_start;
		edits[*n].end = req->history->value_end;
		edits[(*n)++].str = smart_str_extract(&buf);
	}
	smart_str_free(&buf);
	zend_hash_destroy(&by_value);
	return ok;
}

/* The edit that offers the read-back tool name in the body's tools, made in
 * format (one toolcompact_retrieval_tool() defines); false when the tools
 * hold it already or are no list. */
static bool tc_request_offer(tc_request *req, tc_format format, zend_string *name, tc_jedit *edit)
{
	tc_jmember *tools = tc_request_member(req, ZEND_STRL("tools"));
	zval definition, rv, *list = NULL;
	smart_str buf = {0};
	bool ok;

	edit->str = NULL;
	if (tools) {
		list = tc_request_prop(&req->body, ZEND_STRL("tools"), &rv);
		ok = list && Z_TYPE_P(list) == IS_ARRAY && !tc_request_has_tool(list, format, name);
		zval_ptr_dtor(&rv);
		if (!ok) {
			return 0;
		}
	}
	tc_retrieval_tool(&definition, format, name);
	if (!tools) {
		/* a new last member */
		edit->start = edit->end = req->members.members[req->members.count - 1].value_end;
		smart_str_appends(&buf, ",\"tools\":[");
	} else if (zend_hash_num_elements(Z_ARRVAL_P(list))) {
		/* after its last element, as the scan found them */
		uint32_t n = tools - req->members.members;

		edit->start = edit->end = req->arrays.spans[req->arrays.first[n + 1] - 1].end;
		smart_str_appendc(&buf, ',');
	} else {
		edit->start = tools->value_start + 1;
		edit->end = tools->value_end - 1;
	}
	ok = tc_request_encode(&buf, &definition); /* plain arrays: it cannot fail */
	zval_ptr_dtor(&definition);
	if (!tools) {
		smart_str_appendc(&buf, ']');
	}
	edit->str = smart_str_extract(&buf);
	return ok;
}

/* A report for a body not compacted, for reason: the pass's keys as for
 * a pass that did not run, with format null. */
static void tc_request_report_none(zval *report, const tc_params *params, const char *reason)
{
	tc_pass_report_none(report, params, reason);
	add_assoc_null_ex(report, ZEND_STRL("format"));
	if (params->target_tokens != TC_TRIGGER_UNSET) {
		add_assoc_bool_ex(report, ZEND_STRL("targetMet"), 1);
	}
	if (tc_params_has_window(params)) {
		tc_window_report_none(report);
	}
}

/* Does an entry of the array history tell a format (SPEC Part 4)? */
static bool tc_request_tells(zval *history)
{
	zval *entry;

	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(history), entry) {
		if (tc_format_told(entry) != TC_FORMAT_AUTO) {
			return 1;
		}
	} ZEND_HASH_FOREACH_END();
	return 0;
}

/* The caller's params, or a copy of them naming format (a new array in
 * *copy, else it stays undefined) when the caller names none. */
static HashTable *tc_request_params(HashTable *params, const tc_params *resolved, tc_format format, zval *copy)
{
	zval name;

	ZVAL_UNDEF(copy);
	if (resolved->format != TC_FORMAT_AUTO || format == TC_FORMAT_AUTO) {
		return params;
	}
	if (params) {
		ZVAL_ARR(copy, zend_array_dup(params));
	} else {
		array_init(copy);
	}
	ZVAL_STRING(&name, tc_format_names[format]);
	zend_hash_str_update(Z_ARRVAL_P(copy), ZEND_STRL("format"), &name);
	return Z_ARRVAL_P(copy);
}

/* Does an entry that is an object in text, read as its array, tell a
 * provider format (tc_fjson_wanted() of the objects)? */
static bool tc_request_wanted(tc_request *req, zend_string *text)
{
	zval *entry;
	uint32_t i = 0;

	ZEND_HASH_FOREACH_VAL(Z_ARRVAL(req->value), entry) {
		if (i < req->count && ZSTR_VAL(text)[req->spans[i].start] == '{') {
			tc_format told = tc_format_told(entry);

			if (told != TC_FORMAT_AUTO && told != TC_FORMAT_ADACHSOFT) {
				return 1;
			}
		}
		i++;
	} ZEND_HASH_FOREACH_END();
	return 0;
}

/*
 * The pass over req's history (its arrays) into *result, told the format
 * toolcompact_compact() of the decoded objects is: the member's (messages:
 * told by the entries) when an object entry tells a provider format; else,
 * as the entries are written back (tc_fjson.h), the one their entries tell
 * (adachsoft), or when none tells one, as no tool call is there to compact,
 * the member's (messages: openai), so that the window keeps system messages
 * and a summary is the provider's.
 */
static zend_result tc_request_pass(zval *result, tc_request *req, zend_string *text, HashTable *params,
	const tc_params *resolved, zval *pass)
{
	zval copy;
	tc_format told = req->format;
	zend_result status;

	if (!tc_request_wanted(req, text)) {
		if (tc_request_tells(&req->value)) {
			told = TC_FORMAT_AUTO;
		} else if (told == TC_FORMAT_AUTO) {
			told = TC_FORMAT_OPENAI;
		}
	}
	ZVAL_UNDEF(result);
	status = php_toolcompact_compact(result, &req->value, tc_request_params(params, resolved, told, &copy), pass);
	zval_ptr_dtor(&copy);
	return status;
}

/* Did the pass of report omit anything (a field, or a preview's middle)? */
static bool tc_request_omitted(zval *report)
{
	zval *n = zend_hash_str_find(Z_ARRVAL_P(report), ZEND_STRL("fieldsOmitted"));
	zval *previews = zend_hash_str_find(Z_ARRVAL_P(report), ZEND_STRL("fieldsPreviewed"));

	return (n && Z_TYPE_P(n) == IS_LONG && Z_LVAL_P(n) > 0)
		|| (previews && Z_TYPE_P(previews) == IS_LONG && Z_LVAL_P(previews) > 0);
}

/* The format the pass used, by report, when a read-back tool can be defined
 * in it; else TC_FORMAT_AUTO. */
static tc_format tc_request_used(zval *report)
{
	zval *name = zend_hash_str_find(Z_ARRVAL_P(report), ZEND_STRL("format"));

	return name && Z_TYPE_P(name) == IS_STRING ? tc_retrieval_format(Z_STR_P(name)) : TC_FORMAT_AUTO;
}

/* Compacts req's history into *out (text when nothing changes); *pass
 * receives the pass's report. */
static zend_result tc_request_run(zend_string **out, zend_string *text, tc_request *req, HashTable *params,
	const tc_params *resolved, zval *pass, bool *offered)
{
	zval result;
	tc_jedit *edits;
	uint32_t n = 0, i;
	tc_format used;
	bool ok;
	zend_result status;

	status = tc_request_pass(&result, req, text, params, resolved, pass);
	if (status == FAILURE) {
		zval_ptr_dtor(&result);
		return FAILURE;
	}
	edits = safe_emalloc(req->count + 2, sizeof(tc_jedit), 0);
	ok = Z_TYPE(result) == IS_ARRAY && tc_request_rewrite(req, text, &result, edits, &n);
	used = tc_request_used(pass);
	if (ok && resolved->retrieval_tool && used != TC_FORMAT_AUTO && tc_request_omitted(pass)) {
		*offered = tc_request_offer(req, used, resolved->retrieval_tool, &edits[n]);
		if (edits[n].str) {
			n++;
		}
	}
	*out = ok ? (n ? tc_jtext_apply(text, edits, n) : zend_string_copy(text)) : NULL;
	for (i = 0; i < n; i++) {
		zend_string_release(edits[i].str);
	}
	efree(edits);
	zval_ptr_dtor(&result);
	if (!ok) {
		zval_ptr_dtor(pass);
		tc_request_report_none(pass, resolved, TC_REQUEST_NOT_ENCODABLE);
		*offered = 0;
		*out = zend_string_copy(text);
		if (EG(exception)) {
			/* exit() in a JsonSerializable: it ends the script */
			zend_string_release(*out);
			zval_ptr_dtor(pass);
			return FAILURE;
		}
	}
	return SUCCESS;
}

zend_result tc_request_compact(zend_string **out, zend_string *text, HashTable *params, zval *report)
{
	tc_params resolved;
	tc_request req;
	const char *reason;
	zval pass;
	bool offered = 0;

	if (tc_params_init(&resolved, params) == FAILURE) {
		return FAILURE; /* a wrong option of ours: thrown before any work */
	}
	if ((reason = tc_request_history(text, &req))) {
		*out = zend_string_copy(text);
		tc_request_report_none(&pass, &resolved, reason);
	} else {
		zend_result status = tc_request_run(out, text, &req, params, &resolved, &pass, &offered);

		tc_request_dtor(&req);
		if (status == FAILURE) {
			tc_params_dtor(&resolved);
			return FAILURE;
		}
	}
	tc_params_dtor(&resolved);
	add_assoc_long_ex(&pass, ZEND_STRL("requestBytesBefore"), (zend_long) ZSTR_LEN(text));
	add_assoc_long_ex(&pass, ZEND_STRL("requestBytesAfter"), (zend_long) ZSTR_LEN(*out));
	add_assoc_bool_ex(&pass, ZEND_STRL("retrievalToolOffered"), offered);
	if (report) {
		ZVAL_COPY_VALUE(report, &pass);
	} else {
		zval_ptr_dtor(&pass);
	}
	return SUCCESS;
}
