/*
 * The digests of the values a pass omits: sha256 of the JSON of each, as
 * json_encode() makes it, in lower-case hex, one value at a time. The pass
 * asks for a digest here, unless json/tc_json.c streams a value's JSON
 * into the digest as it measures it; tc_sha256.h computes both.
 */
#ifndef TC_DIGEST_H
#define TC_DIGEST_H

#include "php.h"

/*
 * A new string (owned by the caller) with the digest of value (borrowed);
 * json is its JSON when the caller has it (borrowed; value is then not
 * read), else NULL. NULL when value has no JSON encoding. Without json, a
 * JsonSerializable inside value may run.
 */
zend_string *tc_digest_of(zval *value, zend_string *json);

#endif
