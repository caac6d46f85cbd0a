/*
 * A read-back round on the wire (SPEC Part 9, "Read-back rounds"): the
 * model's calls of the read-back tool in a provider's response, answered
 * from the store and appended to the request that asked.
 */
#ifndef TC_READBACK_H
#define TC_READBACK_H

#include "php.h"

#include "../engine/tc_params.h"

/*
 * The next request body when the model turn of response (a non-streaming
 * JSON response of OpenAI Chat, OpenAI Responses, Anthropic Messages or
 * Gemini) calls the tool name: request (the body that asked, as its caller
 * wrote it) with the turn, reduced to what the model may see again without
 * the other tools' answers, and one answer per read-back call appended to
 * its history. A new string; NULL when the turn calls no read-back tool or
 * either text cannot be read. *threw is set when lookup threw (NULL then).
 */
zend_string *tc_readback_next(zend_string *request, zend_string *response,
	const tc_callable *lookup, zend_string *name, bool *threw);

#endif
