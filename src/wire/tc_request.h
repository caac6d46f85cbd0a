/*
 * Request bodies on the wire (SPEC Part 7, "Request bodies"): the history
 * member of a provider's JSON request body found by its bytes, compacted by
 * the pass, and written back with every other byte as it was.
 */
#ifndef TC_REQUEST_H
#define TC_REQUEST_H

#include "php.h"
#include "zend_smart_str.h"

#include "../engine/tc_params.h"
#include "../formats/tc_jtext.h"

/* The report's reasons for a body returned unread. */
#define TC_REQUEST_NOT_JSON      "notJson"
#define TC_REQUEST_NOT_OBJECT    "notAnObject"
#define TC_REQUEST_DUPLICATE_KEY "duplicateKey"
#define TC_REQUEST_NO_HISTORY    "noHistory"
#define TC_REQUEST_NOT_ENCODABLE "notEncodable"

/* A request body read: its members' spans and its history member. */
typedef struct _tc_request {
	zval        body;    /* the body with [] for the history's value,
	                      * json_decode()d as objects (owned) */
	zval        value;   /* the history, json_decode($text, true)d (owned) */
	HashTable   objects; /* the arrays in value that were objects in the
	                      * text (their addresses), when shaped */
	bool        shaped;
	tc_jobject  members; /* the body's top-level members, in text order */
	tc_jarrays  arrays;  /* the elements of the members' array values */
	tc_jmember *history; /* the history member, one of members */
	tc_jspan   *spans;   /* its elements (in arrays), count of them */
	uint32_t    count;
	/* what the member's name tells: TC_FORMAT_GEMINI (contents),
	 * TC_FORMAT_RESPONSES (input), TC_FORMAT_AUTO (messages: openai or
	 * anthropic, told by the entries) */
	tc_format   format;
} tc_request;

/* Reads text as a request body into *req. NULL on success (then
 * tc_request_dtor()), else the reason it is none (a TC_REQUEST_ string;
 * nothing to free): not JSON as json_decode() reads it, not an object, a
 * top-level key twice, or no history member whose value is an array (the
 * first of contents, input, messages). json_last_error() is left as it was. */
const char *tc_request_history(zend_string *text, tc_request *req);
void tc_request_dtor(tc_request *req);

/* Decodes the len bytes at s as json_decode() does (objects, or arrays with
 * assoc) at most depth deep into *out; false (*out undefined) when they
 * are no JSON. json_last_error() is left as it was. */
bool tc_request_decode(zval *out, const char *s, size_t len, bool assoc, zend_long depth);

/* The member name of a stdClass object (borrowed from it, dereferenced),
 * or NULL when it is no object or has none; rv is for the caller to
 * destroy. */
zval *tc_request_prop(zval *object, const char *name, size_t len, zval *rv);

/* The member of the body's top-level object named name, or NULL. */
tc_jmember *tc_request_member(tc_request *req, const char *name, size_t len);

/* Appends value's JSON to buf as a request body writes it:
 * JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION,
 * so that an empty object stays {} and 1.0 stays 1.0. False where
 * json_encode() would fail (a JsonSerializable's exception is cleared,
 * buf then holds a part); json_last_error() is left as it was. */
bool tc_request_encode(smart_str *buf, zval *value);

/* Does the decoded tools list (a stdClass or array value, borrowed) hold a
 * function named name in format's way of naming them (openai:
 * tools[].function.name; openai-responses, anthropic: tools[].name;
 * gemini: tools[].functionDeclarations[].name)? */
bool tc_request_has_tool(zval *tools, tc_format format, zend_string *name);

/*
 * toolcompact_compact_request(): *out (a new reference) is text with its
 * history compacted by php_toolcompact_compact() with params (borrowed,
 * NULL: none), and *report (NULL: none; owned by the caller) the pass's
 * report with the request's keys. With retrievalTool in params, that tool
 * is offered in the body's tools when the pass omitted anything. FAILURE,
 * *out and *report undefined, when an option of ours is wrong or a callback
 * threw (the exception left pending).
 */
zend_result tc_request_compact(zend_string **out, zend_string *text, HashTable *params, zval *report);

#endif
