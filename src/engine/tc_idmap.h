/*
 * The call index of a pass (tc_walk.c): call id => the group number of the
 * newest call with that id, and whether the calls with that id stay intact.
 *
 * Open addressing with linear probing in a power-of-two table of 16-byte
 * slots, kept at most three quarters full. The table's memory comes from
 * its user (tc_walker_alloc(): the walker's room for a short history), who
 * also grows it (tc_idmap_full(), tc_idmap_move()). The ids are borrowed:
 * the summaries that hold them outlive the index.
 */
#ifndef TC_IDMAP_H
#define TC_IDMAP_H

#include "php.h"

typedef struct _tc_idmap_slot {
	zend_string *id;    /* NULL: a free slot */
	uint32_t     tag;   /* the id's hash, but bit 0: the calls with the id
	                     * stay intact (protected); bit 1: they are among
	                     * the most recent calls (keepRecentToolUses) */
	uint32_t     group;
} tc_idmap_slot;

typedef struct _tc_idmap {
	tc_idmap_slot *slots; /* NULL: no table yet */
	uint32_t       mask;  /* slots - 1 */
	uint32_t       shift; /* 64 - log2(slots) */
	uint32_t       used;
} tc_idmap;

#define TC_IDMAP_TAG(h) ((uint32_t) (h) & ~(uint32_t) 3)

/* The largest table (as zend_hash's HT_MAX_SIZE on 64-bit platforms). */
#define TC_IDMAP_MAX_SIZE ((uint32_t) 1 << 30)

/* Is the slot of a protected id? */
#define TC_IDMAP_PROTECTED(slot) ((slot)->tag & 1)

/* Protects the id of slot. */
#define TC_IDMAP_PROTECT(slot) ((slot)->tag |= 1)

/* Is the slot of an id among the most recent calls', and marks it so. */
#define TC_IDMAP_RECENT(slot) ((slot)->tag & 2)
#define TC_IDMAP_MARK_RECENT(slot) ((slot)->tag |= 2)

/* The slots of a table for at least count ids. */
static zend_always_inline uint32_t tc_idmap_size_for(size_t count)
{
	uint32_t size = 16;

	while ((size_t) size / 4 * 3 < count && size < TC_IDMAP_MAX_SIZE) {
		size *= 2;
	}
	return size;
}

/* Gives the empty map its table: size (a power of two) zeroed slots. */
static zend_always_inline void tc_idmap_init(tc_idmap *map, tc_idmap_slot *slots, uint32_t size)
{
	uint32_t n;

	memset(slots, 0, (size_t) size * sizeof(tc_idmap_slot));
	map->slots = slots;
	map->mask = size - 1;
	for (map->shift = 64, n = size; n > 1; n >>= 1) {
		map->shift--;
	}
	map->used = 0;
}

/* Must the table grow before one more id is added? */
static zend_always_inline bool tc_idmap_full(const tc_idmap *map)
{
	return (size_t) map->used + 1 > (size_t) (map->mask + 1) / 4 * 3;
}

/* The slot of id, or the free slot where it would go. */
static zend_always_inline tc_idmap_slot *tc_idmap_slot_of(const tc_idmap *map, zend_string *id)
{
	zend_ulong h = zend_string_hash_val(id);
	/* (ids that differ in their last character, as call_1, call_2, have
	 * hashes next to each other: the home slot is taken from the top bits
	 * of a multiplication by 2^64 / phi, which spreads them) */
	uint32_t tag = TC_IDMAP_TAG(h), i = (uint32_t) (((uint64_t) h * UINT64_C(0x9E3779B97F4A7C15)) >> map->shift);
	tc_idmap_slot *slot;

	for (;; i = (i + 1) & map->mask) {
		slot = &map->slots[i];
		if (!slot->id || (TC_IDMAP_TAG(slot->tag) == tag
				&& (slot->id == id || zend_string_equal_content(slot->id, id)))) {
			return slot;
		}
	}
}

/* The slot of id, or NULL when it is not in the map. */
static zend_always_inline tc_idmap_slot *tc_idmap_find(const tc_idmap *map, zend_string *id)
{
	tc_idmap_slot *slot;

	if (!map->slots) {
		return NULL;
	}
	slot = tc_idmap_slot_of(map, id);
	return slot->id ? slot : NULL;
}

/* Sets the group of id (borrowed), adding it; the table must not be full
 * (tc_idmap_full()). */
static zend_always_inline void tc_idmap_set(tc_idmap *map, zend_string *id, uint32_t group)
{
	tc_idmap_slot *slot = tc_idmap_slot_of(map, id);

	if (!slot->id) {
		slot->id = id;
		slot->tag = TC_IDMAP_TAG(ZSTR_H(id));
		map->used++;
	}
	slot->group = group;
}

/* Moves the ids of map into a table of size (a power of two, larger)
 * slots; the old table is the caller's to release. */
static zend_always_inline void tc_idmap_move(tc_idmap *map, tc_idmap_slot *slots, uint32_t size)
{
	tc_idmap old = *map;
	uint32_t i;

	tc_idmap_init(map, slots, size);
	for (i = 0; i <= old.mask; i++) {
		if (old.slots[i].id) {
			*tc_idmap_slot_of(map, old.slots[i].id) = old.slots[i];
			map->used++;
		}
	}
}

#endif
