/*
 * Compacting one payload (SPEC.md Part 1, "Compacting a payload"): the
 * arguments of a call or the result of a tool result.
 */
#ifndef TC_PAYLOAD_H
#define TC_PAYLOAD_H

#include "php.h"

#include "tc_params.h"

/*
 * Compacts payload (borrowed, never modified) with threshold, leaving alone
 * the fields named in keep (NULL: none; the tool's identifier fields for
 * arguments). When at least one field was omitted, writes the new payload
 * into *out (owned by the caller) and returns the number of fields omitted;
 * returns 0 and leaves *out undefined when nothing changes (a payload that
 * is not an array never changes).
 *
 * When jsons is not NULL and fields were omitted, *jsons becomes an array
 * (owned by the caller) of omitted key => the JSON that was hashed, for
 * onOmit; it is left undefined otherwise.
 */
uint32_t tc_payload_compact(zval *out, zval *payload, zend_long threshold, const tc_id_fields *keep, zval *jsons);

/*
 * Makes *entry (owned by the caller) the meta entry of one omitted value:
 * ['bytes' => size, 'sha256' => hex], taking over the reference to hex.
 */
void tc_payload_entry(zval *entry, size_t size, zend_string *hex);

#endif
