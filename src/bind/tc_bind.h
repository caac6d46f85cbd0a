/*
 * The Composer package's strategy class name, answered by the extension.
 *
 * While toolcompact.override=On, the engine's class lookup (zend_autoload,
 * ahead of every userland autoloader) answers
 * AdachSoft\AiAgentContextToolCompaction\ToolCompactionConversationContextStrategy
 * with a class made on first use: it implements the application's SPI
 * interface when that can be loaded, with the interface's own method names,
 * parameter names and types, and delegates to toolcompact_compact().
 * The same hook answers ToolCompact\Http\CompactingClient (tc_client.h),
 * whatever the override.
 */
#ifndef TC_BIND_H
#define TC_BIND_H

#include "php.h"

#define TC_COMPOSER_STRATEGY_CLASS "AdachSoft\\AiAgentContextToolCompaction\\ToolCompactionConversationContextStrategy"
#define TC_SPI_INTERFACE "AdachSoft\\AiAgent\\Spi\\Conversation\\ConversationContextStrategyInterface"

/*
 * MINIT: puts the lookup hook in front of the current zend_autoload. It
 * answers ToolCompact\Http\CompactingClient (tc_client.h), and the Composer
 * strategy name when override (toolcompact.override) is on. exception_ce
 * (borrowed, persistent) is what a strategy that cannot be made throws.
 */
void tc_bind_startup(zend_class_entry *exception_ce, bool override);

/* Runs PHP source declaring a class, as eval()'d code where the lookup was
 * made; while opcache preloads, so that the class is preloaded too. */
void tc_bind_declare(const char *code, size_t len);

/* RSHUTDOWN: the class is no longer being made. A fatal error in an
 * autoloader run while it was made (a bailout) skipped the reset, and the
 * process's next requests would never bind the class again. */
void tc_bind_request_shutdown(void);

/* MSHUTDOWN: takes the hook out again (no-op if it was not put in). */
void tc_bind_shutdown(void);

#endif
