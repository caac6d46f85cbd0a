#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"

#include "../engine/tc_estimate.h"
#include "../formats/tc_fview.h"
#include "tc_wfacts.h"

static void tc_wspan_dtor(zval *zv)
{
	efree(Z_PTR_P(zv));
}

/* Notes message i: its role (borrowed, or NULL) and whether it holds a
 * result; a system message, and the first user turn, are pinned as asked. */
static void tc_wfacts_message(tc_wfacts *f, const tc_params *params, uint32_t i, zend_string *role, bool has_result)
{
	bool user = role && zend_string_equals_literal(role, "user");

	f->user[i] = user;
	f->pinned[i] = params->keep_system && role
		&& (zend_string_equals_literal(role, "system") || zend_string_equals_literal(role, "developer"));
	if (user && !has_result && !f->first_user_seen) {
		f->first_user_seen = 1;
		f->pinned[i] |= params->keep_first_user;
	}
}

/* Notes that message i holds an item of span. */
static void tc_wspan_note(tc_wfacts *f, tc_wspan *span, uint32_t i)
{
	span->hi = i;
	if (f->pinned[i]) {
		span->pinned = 1;
	} else if (span->lo == UINT32_MAX) {
		span->lo = i;
	}
}

/* A new pair, without messages yet. */
static tc_wspan *tc_wspan_new(tc_wfacts *f)
{
	tc_wspan fresh = { UINT32_MAX, 0, 0, NULL };

	return zend_hash_next_index_insert_mem(&f->spans, &fresh, sizeof(fresh));
}

/* What an item of an id is to the pairs. */
typedef enum _tc_wrole {
	TC_WID_ANY,    /* adachsoft: every item of the id is one pair */
	TC_WID_CALL,   /* a call: starts a pair */
	TC_WID_RESULT  /* a result: joins the pair of the nearest call before
	                * it that no result answers yet, else of the newest call */
} tc_wrole;

/* The pairs of one id while the messages are read. */
typedef struct _tc_wid {
	tc_wspan *open;      /* the nearest unanswered call's pair (older ones down its chain), or NULL */
	tc_wspan *last;      /* the newest pair of the id, or NULL */
	tc_wspan *answered;  /* the pair its result at message result_at joined */
	uint32_t  call_at, result_at; /* the messages of its newest call and result (UINT32_MAX: none) */
} tc_wid;

static void tc_wid_dtor(zval *zv)
{
	efree(Z_PTR_P(zv));
}

/* The pair a result of id p at message i joins. */
static tc_wspan *tc_wid_result(tc_wfacts *f, tc_wid *p, uint32_t i)
{
	if (p->result_at == i) {
		return p->answered; /* a message's results of one id are one */
	}
	if (p->open) {
		p->answered = p->open;
		p->open = p->open->older;
	} else {
		p->answered = p->last ? p->last : (p->last = tc_wspan_new(f));
	}
	p->result_at = i;
	return p->answered;
}

/* Notes that message i holds a call or result (role) with id (borrowed). */
static void tc_wfacts_id(tc_wfacts *f, uint32_t i, zend_string *id, tc_wrole role)
{
	tc_wid *p = zend_hash_find_ptr(&f->ids, id);
	tc_wspan *span;

	if (!p) {
		tc_wid fresh = { NULL, NULL, NULL, UINT32_MAX, UINT32_MAX };

		p = zend_hash_add_mem(&f->ids, id, &fresh, sizeof(fresh));
	}
	if (role == TC_WID_RESULT) {
		span = tc_wid_result(f, p, i);
	} else if (p->last && (role == TC_WID_ANY || p->call_at == i)) {
		span = p->last; /* (a message's calls of one id are one) */
	} else {
		span = tc_wspan_new(f);
		span->older = p->open;
		p->open = p->last = span;
		p->call_at = i;
	}
	tc_wspan_note(f, span, i);
}

/* Notes that message i goes with message from (from <= i): both are kept
 * or dropped together. */
static void tc_wfacts_link(tc_wfacts *f, uint32_t from, uint32_t i)
{
	tc_wspan *span = zend_hash_index_find_ptr(&f->links, from);

	if (!span) {
		span = tc_wspan_new(f);
		zend_hash_index_add_new_ptr(&f->links, from, span);
		tc_wspan_note(f, span, from);
	}
	tc_wspan_note(f, span, i);
}

/* Notes the ids of the items of list (a toolCalls or toolResults field, or
 * UNDEF) of an adachsoft message i; returns whether it had one. */
static bool tc_wfacts_list_ids(tc_wfacts *f, tc_access *access, uint32_t i, zval *list, bool note)
{
	HashTable *items = tc_list_items(access, list);
	zval *item;
	zend_string *id;
	bool any = 0;

	if (!items) {
		return 0;
	}
	ZEND_HASH_FOREACH_VAL(items, item) {
		ZVAL_DEREF(item);
		if (tc_access_readable(access, item) && (id = tc_item_get_str(item, TC_F_ID))) {
			any = 1;
			if (note) {
				tc_wfacts_id(f, i, id, TC_WID_ANY);
			}
		}
	} ZEND_HASH_FOREACH_END();
	return any;
}

/* The string under key of an array entry, or NULL. Borrowed. */
static zend_string *tc_wfacts_str(zval *entry, const char *key, size_t len)
{
	zval *value = Z_TYPE_P(entry) == IS_ARRAY ? zend_hash_str_find_deref(Z_ARRVAL_P(entry), key, len) : NULL;

	return value && Z_TYPE_P(value) == IS_STRING ? Z_STR_P(value) : NULL;
}

/* Does str end with the len bytes of tail? */
static bool tc_wfacts_ends_with(zend_string *str, const char *tail, size_t len)
{
	return ZSTR_LEN(str) >= len && !memcmp(ZSTR_VAL(str) + ZSTR_LEN(str) - len, tail, len);
}

#define TC_WSTR(entry, key) tc_wfacts_str(entry, key, sizeof(key) - 1)
#define TC_WIS(str, literal) ((str) && zend_string_equals_literal(str, literal))

/* What a provider pairs beyond its reader's calls and results, noted entry
 * by entry (SPEC Part 6, "What counts"). */
typedef struct _tc_wpairs {
	uint32_t  turn;   /* openai-responses: the first reasoning item of the
	                   * model's current turn (UINT32_MAX: none) */
	uint32_t *asked;  /* openai: assistant messages with a legacy
	                   * function_call no role function message answers yet */
	uint32_t  asked_count;
} tc_wpairs;

/* An openai-responses item i (role borrowed, or NULL): every item with a
 * call_id (any *_call and its output), a local_shell_call_output by its id,
 * an MCP approval and its request; and the model's items of a turn from its
 * first reasoning item on, up to the next item the client sends (a message
 * not the assistant's, a *_call_output, an mcp_approval_response). */
static void tc_wpairs_responses(tc_wpairs *p, tc_wfacts *f, zval *entry, zend_string *role, uint32_t i)
{
	zend_string *type = TC_WSTR(entry, "type"), *id;
	bool approval = TC_WIS(type, "mcp_approval_response");

	if ((id = TC_WSTR(entry, "call_id"))
			|| (TC_WIS(type, "local_shell_call_output") && (id = TC_WSTR(entry, "id")))
			|| (TC_WIS(type, "mcp_approval_request") && (id = TC_WSTR(entry, "id")))
			|| (approval && (id = TC_WSTR(entry, "approval_request_id")))) {
		/* an output or an approval answers, any other item asks */
		tc_wfacts_id(f, i, id, approval || (type && tc_wfacts_ends_with(type, ZEND_STRL("_output")))
			? TC_WID_RESULT : TC_WID_CALL);
	}
	if (role ? !zend_string_equals_literal(role, "assistant")
			: type && (approval || tc_wfacts_ends_with(type, ZEND_STRL("_call_output")))) {
		p->turn = UINT32_MAX;
		return;
	}
	if (p->turn == UINT32_MAX && TC_WIS(type, "reasoning")) {
		p->turn = i;
	}
	if (p->turn != UINT32_MAX) {
		tc_wfacts_link(f, p->turn, i);
	}
}

/* A legacy Chat Completions function call (an openai message i, or an
 * adachsoft array, role borrowed or NULL): an assistant message with a
 * function_call goes with the next role function message, which answers
 * the nearest such message not answered yet. */
static void tc_wpairs_legacy(tc_wpairs *p, tc_wfacts *f, zval *entry, zend_string *role, uint32_t i)
{
	zval *legacy;

	if (TC_WIS(role, "function")) {
		if (p->asked_count) {
			tc_wfacts_link(f, p->asked[--p->asked_count], i);
		}
	} else if (TC_WIS(role, "assistant") && Z_TYPE_P(entry) == IS_ARRAY
			&& (legacy = zend_hash_str_find_deref(Z_ARRVAL_P(entry), ZEND_STRL("function_call")))
			&& Z_TYPE_P(legacy) == IS_ARRAY) {
		p->asked[p->asked_count++] = i;
	}
}

/* An openai message i (role borrowed, or NULL): every tool_calls entry of
 * an assistant message with an id (not only those with a function), and
 * tc_wpairs_legacy(). */
static void tc_wpairs_openai(tc_wpairs *p, tc_wfacts *f, zval *entry, zend_string *role, uint32_t i)
{
	zval *calls, *call;
	zend_string *id;

	tc_wpairs_legacy(p, f, entry, role, i);
	if (!TC_WIS(role, "assistant") || Z_TYPE_P(entry) != IS_ARRAY
			|| !(calls = zend_hash_str_find_deref(Z_ARRVAL_P(entry), ZEND_STRL("tool_calls")))
			|| Z_TYPE_P(calls) != IS_ARRAY) {
		return;
	}
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(calls), call) {
		ZVAL_DEREF(call);
		if ((id = tc_wfacts_str(call, ZEND_STRL("id")))) {
			tc_wfacts_id(f, i, id, TC_WID_CALL);
		}
	} ZEND_HASH_FOREACH_END();
}

/* A copy of field f of a readable message (UNDEF: none) that holds its
 * value while user code runs. */
static void tc_wfacts_field(zval *copy, zval *message, tc_field f)
{
	zval *value = tc_item_get(message, f);

	if (value) {
		ZVAL_COPY(copy, value);
	} else {
		ZVAL_UNDEF(copy);
	}
}

static zend_result tc_wfacts_adachsoft(tc_wfacts *f, tc_wpairs *pairs, tc_access *access, HashTable *messages,
		const tc_params *params, bool tokens)
{
	zend_string *role;
	zval *entry, held, *message = &held, results, calls;
	uint32_t i = 0;
	bool has_result;
	zend_result result = SUCCESS;

	ZEND_HASH_FOREACH_VAL(messages, entry) {
		/* the message is held while user code runs: a JsonSerializable
		 * or an iterator may retype the reference that holds it */
		ZVAL_DEREF(entry);
		ZVAL_COPY(&held, entry);
		if (tc_access_readable(access, message)) {
			/* both lists are held and read before the role: a collection's
			 * getIterator() may change or free what the message holds */
			tc_wfacts_field(&results, message, TC_F_TOOL_RESULTS);
			tc_wfacts_field(&calls, message, TC_F_TOOL_CALLS);
			has_result = tc_wfacts_list_ids(f, access, i, &results, 0);
			tc_list_items(access, &calls);
			role = tc_item_get_str(message, TC_F_ROLE);
			tc_wfacts_message(f, params, i, role, has_result);
			tc_wfacts_list_ids(f, access, i, &calls, 1);
			tc_wfacts_list_ids(f, access, i, &results, 1);
			if (pairs->asked) {
				tc_wpairs_legacy(pairs, f, message, role, i);
			}
			zval_ptr_dtor(&results);
			zval_ptr_dtor(&calls);
			if (tokens) {
				tc_size size = {0, 0};

				result = tc_estimate_message(access, params, message, 1, &size);
				f->tokens[i] = size.tokens;
			}
		}
		zval_ptr_dtor(&held);
		if (result == FAILURE) {
			break;
		}
		i++;
	} ZEND_HASH_FOREACH_END();
	return result;
}

/* A provider's history: its reader's roles and given ids (Gemini's the walk's where none is given),
 * the pairs of tc_wpairs, and the estimate of its view's messages, as the
 * pass's report counts. */
static zend_result tc_wfacts_provider(tc_wfacts *f, tc_wpairs *pairs, tc_format format, tc_access *access,
		zval *history, const tc_params *params, bool tokens)
{
	tc_fview v;
	zend_result result = SUCCESS;
	uint32_t i, j;

	tc_fview_init(&v, format, history, params, !tokens, 0);
	access->view = 1; /* its messages are the view's (until the end) */
	for (i = 0; i < v.reader.entry_count && i < f->count; i++) {
		tc_fentry *e = &v.reader.entries[i];
		bool has_result = 0;

		for (j = 0; j < e->count; j++) {
			has_result |= !e->items[j].call && e->items[j].id;
		}
		tc_wfacts_message(f, params, i, e->role, has_result);
		for (j = 0; j < e->count; j++) {
			/* the id the entry gives (gemini: the walk's, when it gives none) */
			if (e->items[j].given || e->items[j].id) {
				tc_wfacts_id(f, i, e->items[j].given ? e->items[j].given : e->items[j].id,
					e->items[j].call ? TC_WID_CALL : TC_WID_RESULT);
			}
		}
		if (format == TC_FORMAT_RESPONSES) {
			tc_wpairs_responses(pairs, f, e->entry, e->role, i);
		} else if (format == TC_FORMAT_OPENAI) {
			tc_wpairs_openai(pairs, f, e->entry, e->role, i);
		}
		if (tokens) {
			tc_size size = {0, 0};
			zval *message = zend_hash_index_find(Z_ARRVAL(v.view), i);

			if ((result = tc_estimate_message(access, params, message, 1, &size)) == FAILURE) {
				break;
			}
			f->tokens[i] = size.tokens;
		}
	}
	access->view = 0;
	tc_fview_dtor(&v);
	return result;
}

zend_result tc_wfacts_read(tc_wfacts *f, tc_format format, tc_access *access, zval *history, HashTable *messages,
		const tc_params *params, bool tokens)
{
	tc_wpairs pairs = { UINT32_MAX, NULL, 0 };
	zend_result result;

	f->count = zend_hash_num_elements(messages);
	f->tokens = tokens ? ecalloc(f->count + 1, sizeof(zend_long)) : NULL;
	f->pinned = ecalloc(f->count + 1, sizeof(bool));
	f->user = ecalloc(f->count + 1, sizeof(bool));
	f->first_user_seen = 0;
	zend_hash_init(&f->spans, 8, NULL, tc_wspan_dtor, 0);
	zend_hash_init(&f->ids, 8, NULL, tc_wid_dtor, 0);
	zend_hash_init(&f->links, 8, NULL, NULL, 0);
	/* legacy function calls: openai, and an array history read as
	 * adachsoft (one with no other call, Part 4) */
	if (format == TC_FORMAT_OPENAI || (format == TC_FORMAT_ADACHSOFT && access->arrays_only)) {
		pairs.asked = safe_emalloc(f->count + 1, sizeof(uint32_t), 0);
	}
	if (format == TC_FORMAT_ADACHSOFT) {
		result = tc_wfacts_adachsoft(f, &pairs, access, messages, params, tokens);
	} else {
		result = tc_wfacts_provider(f, &pairs, format, access, history, params, tokens);
	}
	if (pairs.asked) {
		efree(pairs.asked);
	}
	zend_hash_destroy(&f->ids);
	zend_hash_destroy(&f->links);
	return result;
}

void tc_wfacts_dtor(tc_wfacts *f)
{
	if (f->tokens) {
		efree(f->tokens);
	}
	efree(f->pinned);
	efree(f->user);
	zend_hash_destroy(&f->spans);
}
