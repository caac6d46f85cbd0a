/*
 * toolcompact: the tool_compaction conversation-context strategy as a PHP
 * extension. Licensed under the MIT licence (see LICENSE).
 */
#ifndef PHP_TOOLCOMPACT_H
#define PHP_TOOLCOMPACT_H

#include "php.h"
#include "zend_exceptions.h"

extern zend_module_entry toolcompact_module_entry;
#define phpext_toolcompact_ptr &toolcompact_module_entry

/* The single source of the extension's version (composer.json, package.xml
 * and phpinfo() follow it). */
#define PHP_TOOLCOMPACT_VERSION "0.1.0"

/* The strategy id of the Composer package this extension replaces. */
#define PHP_TOOLCOMPACT_STRATEGY_ID "tool_compaction"

#if defined(__GNUC__) && __GNUC__ >= 4
# define PHP_TOOLCOMPACT_API __attribute__ ((visibility("default")))
#elif defined(PHP_WIN32)
# define PHP_TOOLCOMPACT_API __declspec(dllexport)
#else
# define PHP_TOOLCOMPACT_API
#endif

ZEND_BEGIN_MODULE_GLOBALS(toolcompact)
	/* toolcompact.override: also answer to the Composer package's class names. */
	bool override;
	/* Per request: where the fields of each DTO class live (tc_access.c). */
	HashTable *shapes;
	/* Per request: the Composer strategy class is being made (tc_bind.c). */
	bool binding;
	/* toolcompact.memo_entries: messages the memo may hold (0: no memo). */
	zend_long memo_entries;
	/* toolcompact.format_cache: keep provider entries across calls
	 * (formats/tc_fcache.c; with the memo only). */
	bool format_cache;
	/* toolcompact.escaper: how JSON is escaped and decoded, as this CPU
	 * has the setting (a tc_json_way; tc_json_way_in_use()). */
	zend_long json_way;
	/* Per request: the memo of messages across calls (tc_memo.c). */
	struct _tc_memo *memo;
	/* Per request: provider entries read before, and the number of reads
	 * through them (formats/tc_fcache.c). */
	HashTable *fcache;
	zend_ulong fcache_reads;
	bool       fcache_busy; /* a read has the cache's items lent */
ZEND_END_MODULE_GLOBALS(toolcompact)

ZEND_EXTERN_MODULE_GLOBALS(toolcompact)
#define TOOLCOMPACT_G(v) ZEND_MODULE_GLOBALS_ACCESSOR(toolcompact, v)

#if defined(ZTS) && defined(COMPILE_DL_TOOLCOMPACT)
ZEND_TSRMLS_CACHE_EXTERN()
#endif

/*
 * Fail-open after user code threw: clears the pending exception, unless it
 * is exit() unwinding the script or a graceful exit (a fiber destroyed),
 * which stays pending and ends the script once control is back in PHP.
 */
static zend_always_inline void tc_clear_exception(void)
{
	zend_object *ex = EG(exception);

	if (ex && !zend_is_unwind_exit(ex) && !zend_is_graceful_exit(ex)) {
		zend_clear_exception();
	}
}

/*
 * Compacts a conversation history (the tool_compaction strategy).
 *
 * history: the messages, an array or a Traversable collection of message
 *          objects (borrowed, never modified).
 * params:  the strategy parameters as configured (borrowed, may be NULL for
 *          the defaults); bad values of the Composer package's four
 *          fall back to their defaults.
 * out:     receives the compacted history in the shape it was given; the
 *          caller owns it and must zval_ptr_dtor() it. Unchanged messages
 *          are shared with history.
 * report:  NULL, or receives an array describing the pass (owned by the
 *          caller) when SUCCESS is returned.
 *
 * Never fails for bad data inside the history (fail-open). Returns FAILURE
 * when history is neither an array nor an object (out left undefined), when
 * an option of ours has a wrong type or value (a TypeError or ValueError is
 * thrown, out left undefined, nothing else done), or when a configured callback (tokenCounter, onOmit) threw: the exception is
 * left pending and out is null. Other user code it runs (JsonSerializable,
 * a collection's iterator and constructor) has its exceptions cleared, but
 * for exit(), which stays pending (tc_clear_exception()).
 */
PHP_TOOLCOMPACT_API zend_result php_toolcompact_compact(zval *out, zval *history, HashTable *params, zval *report);

#endif /* PHP_TOOLCOMPACT_H */
