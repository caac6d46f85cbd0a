#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"

#include "../digest/tc_sha256.h"
#include "../json/tc_json.h"
#include "tc_retrieval.h"

#define TC_RETRIEVAL_DESCRIPTION \
	"Reads back the whole of a tool call's input or output that was left out of this conversation to " \
	"save space: where a field says [omitted], the sha256 beside it (in _tool_compaction, or after " \
	"sha256= in the text) names the original. Returns the original as JSON."
#define TC_RETRIEVAL_PARAMETER \
	"The 64 hex digits of the sha256 given for the omitted field."

tc_format tc_retrieval_format(zend_string *name)
{
	tc_format f = tc_format_by_name(name);

	return f == TC_FORMAT_ADACHSOFT ? TC_FORMAT_AUTO : f; /* it has no tool format */
}

static zend_always_inline bool tc_ascii_letter(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static zend_always_inline bool tc_ascii_hex(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

bool tc_retrieval_name_ok(zend_string *name)
{
	size_t i;

	if (ZSTR_LEN(name) < 1 || ZSTR_LEN(name) > 64 || !tc_ascii_letter(ZSTR_VAL(name)[0])) {
		return 0;
	}
	for (i = 1; i < ZSTR_LEN(name); i++) {
		char c = ZSTR_VAL(name)[i];

		if (!tc_ascii_letter(c) && !(c >= '0' && c <= '9') && c != '-') {
			return 0;
		}
	}
	return 1;
}

/* The JSON schema of the one parameter, with the type names format uses
 * (Gemini's schema spells its types in capitals and has no
 * additionalProperties). */
static void tc_retrieval_schema(zval *out, tc_format format)
{
	bool gemini = format == TC_FORMAT_GEMINI;
	zval properties, sha256, required;

	array_init(&sha256);
	add_assoc_string(&sha256, "type", gemini ? "STRING" : "string");
	add_assoc_string(&sha256, "description", TC_RETRIEVAL_PARAMETER);
	array_init(&properties);
	add_assoc_zval(&properties, "sha256", &sha256);
	array_init(&required);
	add_next_index_string(&required, "sha256");

	array_init(out);
	add_assoc_string(out, "type", gemini ? "OBJECT" : "object");
	add_assoc_zval(out, "properties", &properties);
	add_assoc_zval(out, "required", &required);
	if (!gemini) {
		add_assoc_bool(out, "additionalProperties", 0);
	}
}

void tc_retrieval_tool(zval *out, tc_format format, zend_string *name)
{
	zval schema, function, declarations;
	/* one reference, which the one branch taken hands to the definition */
	zend_string *tool = name ? zend_string_copy(name) : ZSTR_INIT_LITERAL(TC_RETRIEVAL_NAME, 0);

	tc_retrieval_schema(&schema, format);
	array_init(out);
	switch (format) {
		case TC_FORMAT_OPENAI:
			/* {type, function: {name, description, parameters, strict}} */
			array_init(&function);
			add_assoc_str(&function, "name", tool);
			add_assoc_string(&function, "description", TC_RETRIEVAL_DESCRIPTION);
			add_assoc_zval(&function, "parameters", &schema);
			add_assoc_bool(&function, "strict", 1);
			add_assoc_string(out, "type", "function");
			add_assoc_zval(out, "function", &function);
			break;
		case TC_FORMAT_RESPONSES:
			add_assoc_string(out, "type", "function");
			add_assoc_str(out, "name", tool);
			add_assoc_string(out, "description", TC_RETRIEVAL_DESCRIPTION);
			add_assoc_zval(out, "parameters", &schema);
			add_assoc_bool(out, "strict", 1);
			break;
		case TC_FORMAT_ANTHROPIC:
			add_assoc_str(out, "name", tool);
			add_assoc_string(out, "description", TC_RETRIEVAL_DESCRIPTION);
			add_assoc_zval(out, "input_schema", &schema);
			break;
		default:
			/* gemini: a tool of one function declaration */
			array_init(&function);
			add_assoc_str(&function, "name", tool);
			add_assoc_string(&function, "description", TC_RETRIEVAL_DESCRIPTION);
			add_assoc_zval(&function, "parameters", &schema);
			array_init(&declarations);
			add_next_index_zval(&declarations, &function);
			add_assoc_zval(out, "functionDeclarations", &declarations);
			break;
	}
}

zend_string *tc_retrieval_sha256(zend_string *sha256)
{
	const char *p = ZSTR_VAL(sha256), *end = p + ZSTR_LEN(sha256);
	zend_string *out;
	size_t i;

	while (p < end && tc_json_space(*p)) {
		p++;
	}
	while (end > p && tc_json_space(end[-1])) {
		end--;
	}
	if (end - p != TC_SHA256_HEX_LEN) {
		return NULL;
	}
	for (i = 0; i < TC_SHA256_HEX_LEN; i++) {
		if (!tc_ascii_hex(p[i])) {
			return NULL;
		}
	}
	out = zend_string_init(p, TC_SHA256_HEX_LEN, 0);
	zend_str_tolower(ZSTR_VAL(out), ZSTR_LEN(out));
	return out;
}
