#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"

#include "tc_estimate.h"
#include "../json/tc_json.h"

static zend_long tc_estimate_default_tokens(size_t bytes)
{
	return (zend_long) ((bytes + 3) / 4);
}

/* Adds the estimate of one value (its JSON encoding) to *size. The value is
 * held while a JsonSerializable inside it may run. */
static zend_result tc_estimate_value(const tc_params *params, zval *value, bool with_tokens, tc_size *size)
{
	zval held, arg, retval;
	zend_string *json;
	zend_result result = SUCCESS;
	size_t len;

	ZVAL_COPY_DEREF(&held, value);
	if (!(with_tokens && tc_callable_set(&params->token_counter))) {
		/* Only the length is needed: count it without encoding. */
		tc_json_result counted = tc_json_length(&held, &len);

		if (counted != TC_JSON_RESULT_SLOW) {
			tc_release_copy(&held);
			if (counted == TC_JSON_RESULT_OK) {
				size->bytes = tc_sum_add(size->bytes, (zend_long) len);
				size->tokens = tc_sum_add(size->tokens, with_tokens ? tc_estimate_default_tokens(len) : 0);
			}
			return SUCCESS;
		}
	}
	/* user code may run from here on */
	json = tc_json_encode(&held);
	tc_release_copy(&held);
	if (!json) {
		return SUCCESS;
	}
	size->bytes = tc_sum_add(size->bytes, (zend_long) ZSTR_LEN(json));
	if (with_tokens) {
		if (tc_callable_set(&params->token_counter)) {
			ZVAL_STR(&arg, json);
			ZVAL_UNDEF(&retval);
			if (tc_callable_call(&params->token_counter, &retval, 1, &arg) == FAILURE) {
				result = FAILURE;
			} else if (Z_TYPE(retval) == IS_LONG) {
				size->tokens = tc_sum_add(size->tokens, MAX(Z_LVAL(retval), 0));
			} else {
				size->tokens = tc_sum_add(size->tokens, tc_estimate_default_tokens(ZSTR_LEN(json)));
				zval_ptr_dtor(&retval);
			}
		} else {
			size->tokens = tc_sum_add(size->tokens, tc_estimate_default_tokens(ZSTR_LEN(json)));
		}
	}
	zend_string_release(json);
	return result;
}

/* Adds the estimate of field f of every readable item of list field lf (of
 * what a view's item has for the estimate in its place, when it has it). */
static zend_result tc_estimate_list(tc_access *access, const tc_params *params, zval *message, tc_field lf, tc_field f,
		bool with_tokens, tc_size *size)
{
	HashTable *items = tc_hold(tc_list_items(access, tc_item_get(message, lf)));
	zval *entry, item, *payload;
	zend_result result = SUCCESS;

	if (!items) {
		return SUCCESS;
	}
	ZEND_HASH_FOREACH_VAL(items, entry) {
		ZVAL_COPY_DEREF(&item, entry);
		if (!tc_access_readable(access, &item)) {
			payload = NULL;
		} else if (!access->view || Z_TYPE(item) != IS_ARRAY
				|| !(payload = zend_hash_find_known_hash(Z_ARRVAL(item), tc_keys[TC_K_VIEW_ESTIMATE]))) {
			payload = tc_item_get(&item, f);
		}
		if (payload && Z_TYPE_P(payload) == IS_ARRAY) {
			result = tc_estimate_value(params, payload, with_tokens, size);
		}
		tc_release_copy(&item);
		if (result == FAILURE) {
			break;
		}
	} ZEND_HASH_FOREACH_END();
	tc_release(items);
	return result;
}

/* Adds the estimate of each text of a view's content list (its own array
 * of strings, held while a tokenCounter runs). */
static zend_result tc_estimate_texts(const tc_params *params, zval *content, bool with_tokens, tc_size *size)
{
	zval held, *text;
	zend_result result = SUCCESS;

	ZVAL_COPY(&held, content);
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL(held), text) {
		if ((result = tc_estimate_value(params, text, with_tokens, size)) == FAILURE) {
			break;
		}
	} ZEND_HASH_FOREACH_END();
	zval_ptr_dtor(&held);
	return result;
}

zend_result tc_estimate_message(tc_access *access, const tc_params *params, zval *message, bool with_tokens,
		tc_size *size)
{
	zval *content;

	if (!tc_access_readable(access, message)) {
		return SUCCESS;
	}
	content = tc_item_get(message, TC_F_CONTENT);
	if (content && Z_TYPE_P(content) == IS_STRING
			&& tc_estimate_value(params, content, with_tokens, size) == FAILURE) {
		return FAILURE;
	}
	if (content && Z_TYPE_P(content) == IS_ARRAY && access->view
			&& tc_estimate_texts(params, content, with_tokens, size) == FAILURE) {
		return FAILURE;
	}
	if (tc_estimate_list(access, params, message, TC_F_TOOL_CALLS, TC_F_ARGUMENTS, with_tokens, size) == FAILURE) {
		return FAILURE;
	}
	return tc_estimate_list(access, params, message, TC_F_TOOL_RESULTS, TC_F_RESULT, with_tokens, size);
}

zend_result tc_estimate_payload(const tc_params *params, zval *payload, bool with_tokens, tc_size *size)
{
	return tc_estimate_value(params, payload, with_tokens, size);
}
