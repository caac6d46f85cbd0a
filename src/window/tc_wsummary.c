#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_exceptions.h"
#include "zend_smart_str.h"

#include "../../php_toolcompact.h"
#include "../formats/tc_fread.h"
#include "tc_wfacts.h"

/* How the text of a summary message begins (SPEC Part 6); the number of
 * dropped messages and the summary follow. */
#define TC_SUMMARY_PREFIX "[tool_compaction] Summary of "

/* An empty list of the kind the list field f of the message model holds:
 * an empty collection of its class, else an empty array. */
static bool tc_wsummary_empty_list(zval *out, zval *model, tc_field f)
{
	zval *list = tc_item_get(model, f), items;

	if (list && Z_TYPE_P(list) == IS_OBJECT) {
		array_init(&items);
		return tc_list_make(out, list, &items);
	}
	ZVAL_EMPTY_ARRAY(out);
	return 1;
}

/* Sets field f of the message copy to value (taken over, or let go of when
 * the message cannot hold it); returns whether it took it. */
static bool tc_wsummary_set(zval *message, tc_field f, zval *value)
{
	if (!tc_item_set(message, f, value)) {
		zval_ptr_dtor(value);
		return 0;
	}
	return 1;
}

/* A message of the adachsoft object shape: a copy of model (the oldest
 * dropped message) with role user, content text and empty lists. */
static bool tc_wsummary_object(zval *message, zval *model, zend_string *text)
{
	zval value;
	static const tc_field lists[] = { TC_F_TOOL_CALLS, TC_F_TOOL_RESULTS };
	size_t i;

	if (!tc_item_readable(model) || Z_TYPE_P(model) != IS_OBJECT || !tc_item_copy(message, model)) {
		return 0;
	}
	ZVAL_STRING(&value, "user");
	if (!tc_wsummary_set(message, TC_F_ROLE, &value)) {
		goto failed;
	}
	ZVAL_STR_COPY(&value, text);
	if (!tc_wsummary_set(message, TC_F_CONTENT, &value)) {
		goto failed;
	}
	for (i = 0; i < sizeof(lists) / sizeof(lists[0]); i++) {
		if (tc_item_get(model, lists[i])
				&& (!tc_wsummary_empty_list(&value, model, lists[i]) || !tc_wsummary_set(message, lists[i], &value))) {
			goto failed;
		}
	}
	return 1;
failed:
	zval_ptr_dtor(message);
	ZVAL_UNDEF(message);
	return 0;
}

/* The user message of format whose text is text (borrowed); model: the
 * oldest dropped message of an object history, else NULL. */
static bool tc_wsummary_text(zval *message, tc_format format, zend_string *text, zval *model)
{
	zval parts, part, empty;

	if (model) {
		return tc_wsummary_object(message, model, text);
	}
	array_init_size(message, 4);
	if (format == TC_FORMAT_RESPONSES) {
		add_assoc_string_ex(message, ZEND_STRL("type"), "message");
	}
	add_assoc_string_ex(message, ZEND_STRL("role"), "user");
	if (format == TC_FORMAT_GEMINI) {
		array_init_size(&part, 1);
		add_assoc_str_ex(&part, ZEND_STRL("text"), zend_string_copy(text));
		array_init_size(&parts, 1);
		zend_hash_next_index_insert_new(Z_ARRVAL(parts), &part);
		add_assoc_zval_ex(message, ZEND_STRL("parts"), &parts);
		return 1;
	}
	add_assoc_str_ex(message, ZEND_STRL("content"), zend_string_copy(text));
	if (format == TC_FORMAT_ADACHSOFT) {
		ZVAL_EMPTY_ARRAY(&empty);
		add_assoc_zval_ex(message, ZEND_STRL("toolCalls"), &empty);
		ZVAL_EMPTY_ARRAY(&empty);
		add_assoc_zval_ex(message, ZEND_STRL("toolResults"), &empty);
	}
	return 1;
}

/* Can what summarize returned stand as a message of the history: an array
 * that tells no other format in an array history, an object of the class
 * of model (the oldest dropped message) in an object history? */
static bool tc_wsummary_fits(zval *returned, tc_format format, zval *model)
{
	tc_format told;

	if (model) {
		return Z_TYPE_P(returned) == IS_OBJECT && Z_TYPE_P(model) == IS_OBJECT
			&& Z_OBJCE_P(returned) == Z_OBJCE_P(model);
	}
	if (Z_TYPE_P(returned) != IS_ARRAY) {
		return 0;
	}
	told = tc_format_told(returned);
	return told == TC_FORMAT_AUTO || told == format;
}

/* The pending exception of summarize cleared, its class and message into
 * *error (an array; left alone for exit(), which stays pending). */
static void tc_wsummary_error(zval *error)
{
	zend_object *ex = EG(exception);
	zval rv, *message;

	if (!ex || zend_is_unwind_exit(ex) || zend_is_graceful_exit(ex)) {
		return;
	}
	GC_ADDREF(ex); /* held: reading its message may run its code */
	zend_clear_exception();
	array_init_size(error, 2);
	add_assoc_str_ex(error, ZEND_STRL("class"), zend_string_copy(ex->ce->name));
	message = zend_read_property_ex(zend_get_exception_base(ex), ex, ZSTR_KNOWN(ZEND_STR_MESSAGE), 1, &rv);
	if (Z_TYPE_P(message) == IS_STRING) {
		add_assoc_str_ex(error, ZEND_STRL("message"), zend_string_copy(Z_STR_P(message)));
	} else {
		add_assoc_str_ex(error, ZEND_STRL("message"), ZSTR_EMPTY_ALLOC());
	}
	if (message == &rv) {
		zval_ptr_dtor(&rv);
	}
	tc_clear_exception();
	OBJ_RELEASE(ex);
}

bool tc_wsummary(zval *message, tc_format format, const tc_params *params, zval *gone, zval *first, zval *error)
{
	zval returned;
	bool made = 0;

	ZVAL_UNDEF(&returned);
	if (tc_callable_call(&params->summarize, &returned, 1, gone) == FAILURE) {
		tc_wsummary_error(error);
		return 0;
	}
	if (Z_TYPE(returned) == IS_STRING) {
		smart_str text = {0};

		smart_str_appends(&text, TC_SUMMARY_PREFIX);
		smart_str_append_long(&text, zend_hash_num_elements(Z_ARRVAL_P(gone)));
		smart_str_appends(&text, " earlier messages:\n");
		smart_str_append(&text, Z_STR(returned));
		smart_str_0(&text);
		made = tc_wsummary_text(message, format, text.s, first);
		smart_str_free(&text);
	} else if ((Z_TYPE(returned) == IS_ARRAY || Z_TYPE(returned) == IS_OBJECT) && tc_wsummary_fits(&returned, format, first)) {
		ZVAL_COPY(message, &returned);
		made = 1;
	}
	zval_ptr_dtor(&returned);
	return made;
}
