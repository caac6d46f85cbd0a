/*
 * ToolCompact\Http\CompactingClient, a PSR-18 client that compacts the
 * request bodies of LLM APIs on their way out (docs/SPEC.md Part 7).
 *
 * Made on first use by the class lookup hook of tc_bind.c, from PHP source,
 * when Psr\Http\Client\ClientInterface can be loaded; without it the class
 * does not exist.
 */
#ifndef TC_CLIENT_H
#define TC_CLIENT_H

#include "php.h"

#define TC_PSR18_INTERFACE "Psr\\Http\\Client\\ClientInterface"

/* The class name in lower case, as the engine passes lc_name to the hook. */
#define TC_CLIENT_LC "toolcompact\\http\\compactingclient"

/* Declares the class and returns it; NULL (maybe with an exception thrown)
 * when the PSR-18 interface cannot be loaded or the class cannot be made. */
zend_class_entry *tc_client_bind(zend_string *lc_name);

#endif
