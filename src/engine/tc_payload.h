/*
 * Compacting one payload (SPEC.md Part 1, "Compacting a payload"): the
 * arguments of a call or the result of a tool result.
 */
#ifndef TC_PAYLOAD_H
#define TC_PAYLOAD_H

#include "php.h"

#include "tc_params.h"
#include "tc_preview.h"

/* What tc_payload_compact() did to one payload. */
typedef struct _tc_payload_counts {
	uint32_t omitted;   /* fields newly omitted */
	uint32_t previewed; /* of them, strings that became previews */
	uint32_t collapsed; /* kept strings whose whitespace was collapsed */
} tc_payload_counts;

/*
 * Compacts payload (borrowed, never modified) with threshold, leaving alone
 * the fields named in keep (NULL: none; the tool's identifier fields for
 * arguments) and shaping the new values as shaping (borrowed) asks: an
 * omitted string as its preview, a kept one with its whitespace collapsed
 * (SPEC Part 6). When anything changed, writes the new payload into *out
 * (owned by the caller) and returns true; returns false and leaves *out
 * undefined otherwise (a payload that is not an array never changes).
 * *counts receives what was done.
 *
 * When jsons is not NULL and fields were omitted, *jsons becomes an array
 * (owned by the caller) of omitted key => the JSON that was hashed, for
 * onOmit; it is left undefined otherwise. When whole is not NULL as well,
 * fields were omitted and the payload held a _tool_compaction member that
 * is not a valid meta or lists no field (the pass replaces or merges into
 * it), the whole payload as it was is recorded too (SPEC Part 4,
 * "Restoring"): its JSON goes into *whole (owned by the caller) and the
 * new meta gets text => ['bytes' => its length, 'sha256' => its hash];
 * *whole is NULL otherwise.
 *
 * May run user code: a JsonSerializable inside an array field is called
 * while the field is measured (the payload is held meanwhile).
 */
bool tc_payload_compact(zval *out, zval *payload, zend_long threshold, const tc_id_fields *keep,
		const tc_params *shaping, tc_payload_counts *counts, zval *jsons, zend_string **whole);

/*
 * Is the payload written (borrowed) shorter in JSON than the payload was
 * (borrowed), as json_encode() with JSON_PARTIAL_OUTPUT_ON_ERROR counts
 * (SPEC Part 4, "A compaction never makes a payload larger")? May run
 * user code (an object inside); when a JsonSerializable threw, the payload
 * is not shorter.
 */
bool tc_payload_shorter(zval *written, zval *was);

/*
 * Is it certain, from a look at its slot only, that tc_payload_compact()
 * with threshold (and collapse) will change nothing of a payload, whatever user code runs
 * until then? payload is the raw slot of an item's payload field of an
 * array item (NULL: none), borrowed. True for no payload or one that is no
 * array, and for an array of nulls, booleans, integers and strings none of
 * which is larger than threshold; but never when the slot or a field is a
 * PHP reference, through which user code could change the payload (nothing
 * else can change an array the caller holds). False means "maybe": a
 * float (sized by the precision setting), a nested array or an object
 * inside is left to tc_payload_compact().
 */
bool tc_payload_fits(zval *payload, zend_long threshold, bool collapse);

/*
 * Makes *entry (owned by the caller) the meta entry of one omitted value:
 * ['bytes' => size, 'sha256' => hex], taking over the reference to hex.
 */
void tc_payload_entry(zval *entry, size_t size, zend_string *hex);

/*
 * Adds to meta (an array the caller made) the record of the whole payload
 * (borrowed): text => ['bytes' => bytes, or the length of its JSON when
 * bytes is 0, 'sha256' => the digest of that JSON]. Returns the JSON (owned
 * by the caller), and the digest in *hex when hex is not NULL (borrowed
 * from meta); NULL when the payload cannot be encoded. May run user code
 * (a JsonSerializable inside the payload).
 */
zend_string *tc_payload_whole(zval *payload, size_t bytes, zval *meta, zend_string **hex);

#endif
