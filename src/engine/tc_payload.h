/*
 * Compacting one payload (SPEC.md Part 1, "Compacting a payload"): the
 * arguments of a call or the result of a tool result.
 */
#ifndef TC_PAYLOAD_H
#define TC_PAYLOAD_H

#include "php.h"

#include "tc_params.h"
#include "../digest/tc_sha256_pair.h"

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
 *
 * With pair (NULL: none) and without jsons, the digests of omitted strings
 * that the pair takes (tc_sha256_pair_takes()) are queued on pair
 * (borrowed): their sha256 strings in *out read as zeros until
 * tc_sha256_pair_finish() writes them, which the caller must call before
 * anything reads their digits, and *out is wrong if the pair fails. User code (a
 * JsonSerializable in an array field) runs only once the pair has settled
 * (tc_sha256_pair_settle()), and not at all in a pass whose pair failed.
 */
uint32_t tc_payload_compact(zval *out, zval *payload, zend_long threshold, const tc_id_fields *keep, zval *jsons,
		tc_sha256_pair *pair);

/*
 * Is it certain, from a look at its slot only, that tc_payload_compact()
 * with threshold will omit nothing of a payload, whatever user code runs
 * until then? payload is the raw slot of an item's payload field of an
 * array item (NULL: none), borrowed. True for no payload or one that is no
 * array, and for an array of nulls, booleans, integers and strings none of
 * which is larger than threshold; but never when the slot or a field is a
 * PHP reference, through which user code could change the payload (nothing
 * else can change an array the caller holds). False means "maybe": a
 * float (sized by the precision setting), a nested array or an object
 * inside is left to tc_payload_compact().
 */
bool tc_payload_fits(zval *payload, zend_long threshold);

/*
 * Makes *entry (owned by the caller) the meta entry of one omitted value:
 * ['bytes' => size, 'sha256' => hex], taking over the reference to hex.
 */
void tc_payload_entry(zval *entry, size_t size, zend_string *hex);

#endif
