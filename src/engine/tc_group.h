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
#include "tc_sum.h"

/* Nesting depth of an identifier value beyond which it matches nothing. */
#define TC_GROUP_MAX_DEPTH 512

/* Empty group tables sized for about size groups; tc_groups_destroy()
 * frees them, tc_groups_clean() empties them for reuse. */
void tc_groups_init(tc_groups *groups, uint32_t size);
void tc_groups_clean(tc_groups *groups);
void tc_groups_destroy(tc_groups *groups);

/*
 * The number of the group of a call of tool with arguments args (NULL: all
 * identifier fields null) under fields (tool's identifier fields, NULL:
 * none), handing out a new number for a new group.
 * A tool without identifier fields is looked up by its name alone, without
 * building a key. Everything is borrowed; groups keeps what it adds.
 */
uint32_t tc_groups_number(tc_groups *groups, zend_string *tool, HashTable *args, const tc_id_fields *fields);

#endif
