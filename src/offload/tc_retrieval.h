/*
 * The tool a model calls to read an omitted payload back (README,
 * "Reading omitted payloads back"): its definition in each provider's
 * format, and the checked read from the store.
 */
#ifndef TC_RETRIEVAL_H
#define TC_RETRIEVAL_H

#include "php.h"

#include "../engine/tc_params.h"

/* The format a retrieval tool can be defined in, by name (openai,
 * openai-responses, anthropic, gemini); TC_FORMAT_AUTO for any other. */
tc_format tc_retrieval_format(zend_string *name);

/* The tool's name when none is given. */
#define TC_RETRIEVAL_NAME "read_omitted"

/* What tc_retrieval_name_ok() asks of a name, in an argument error's words. */
#define TC_RETRIEVAL_NAME_RULE "must be 1 to 64 letters, digits, underscores or dashes, starting with a letter or an underscore"

/* Is name a tool name every provider takes: 1 to 64 letters, digits,
 * underscores or dashes, starting with a letter or an underscore? */
bool tc_retrieval_name_ok(zend_string *name);

/* The definition of the tool name (borrowed; NULL: read_omitted) in format,
 * an element of the request's tools list, into *out (a new array). */
void tc_retrieval_tool(zval *out, tc_format format, zend_string *name);

/* The 64 lower-case hex digits sha256 (as a model sends it: any case,
 * whitespace around) stands for, as a new string; NULL when it is not
 * one. */
zend_string *tc_retrieval_sha256(zend_string *sha256);

#endif
