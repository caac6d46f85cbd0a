/*
 * Group keys (SPEC.md Part 1, "Group key"): a byte string that is equal for
 * two calls exactly when their tool names are equal and their configured
 * identifier values are identical (===).
 */
#ifndef TC_GROUP_H
#define TC_GROUP_H

#include "php.h"
#include "zend_smart_str.h"

#include "tc_params.h"

/* Nesting depth of an identifier value beyond which it matches nothing. */
#define TC_GROUP_MAX_DEPTH 512

/*
 * Writes the group key of a call of tool whose arguments are args into key
 * (reset first). args may be NULL (a result without its call, or arguments
 * that are not an array): every field then counts as null. fields may be
 * NULL (the tool has no identifier fields). Everything is borrowed.
 *
 * Returns false when the key matches nothing, not even itself (a NAN, or a
 * value nested too deeply or recursively): the call is a group of its own.
 */
bool tc_group_key(smart_str *key, zend_string *tool, HashTable *args, const tc_id_fields *fields);

#endif
