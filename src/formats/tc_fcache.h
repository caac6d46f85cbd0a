/*
 * What reading a provider's entries learned, kept across the calls of a
 * request (the formats' counterpart of the memo): an agent compacts the same
 * entry arrays again on every turn, and decoding their JSON texts is most of
 * a call's work. An entry is kept by the identity of its array, which the
 * cache holds (so it cannot change in place, and its address stays its own),
 * and only when nothing inside it can change (no reference, object or
 * resource). The first time an entry is met it is only noted; from the
 * second time on its items, their decoded payloads and its view message are
 * kept, so that the view of a history is made of the same arrays call after
 * call and the memo serves it too. It never changes an output.
 */
#ifndef TC_FCACHE_H
#define TC_FCACHE_H

#include "php.h"

#include "tc_fread.h"

/* One entry of the cache. */
typedef struct _tc_fcached {
	zval        entry;    /* the entry, held */
	tc_format   format;
	tc_format   told;     /* the format the entry tells (TC_FORMAT_AUTO: none) */
	zend_ulong  read;     /* the read that last lent out its items */
	bool        ready;    /* read, decoded and kept (else only met once) */
	zend_string *role;    /* borrowed from the entry */
	zval        content;  /* the entry's texts (tc_fentry) */
	bool        has_text;
	uint32_t    count;
	tc_fitem   *items;    /* copies, decoded */
	zval        message;  /* the view message made last (UNDEF: none) */
	zend_string **message_names; /* the id and tool name of each of its
	                              * message_count items, two by two (held) */
	uint32_t    message_count;
	/* The entry as last written back (tc_fview_write()) for the walk's
	 * message written_for (held: the memo gives the same array for the same
	 * decisions), with what its written form saved beyond the walk's. */
	zval        written_for; /* UNDEF: none */
	zval        written;     /* UNDEF: nothing changed in the entry */
	zend_long   saved[2];
	bool        saved_known; /* saved was measured, with tokens when saved_tokens */
	bool        saved_tokens;
	bool        unwritten;   /* a payload the walk changed was not written */
} tc_fcached;

/* Is the cache in use (toolcompact.memo_entries > 0 and
 * toolcompact.format_cache on)? */
bool tc_fcache_enabled(void);

/* Before a read: empties the cache when it is full, and lends it to the read
 * until tc_fcache_end() (its records stay where they are: the read holds
 * pointers to them and to their items). Returns the number of this read, or
 * 0 when another read has it lent (user code run by a pass compacts another
 * history): that read goes without the cache. */
zend_ulong tc_fcache_begin(void);
void tc_fcache_end(void);

/* tc_fcache_request_shutdown() unless a read has the cache lent. */
void tc_fcache_release_if_idle(void);

/* The record of entry (an array) for format, made (as met once, *created
 * set) when there is none and the cache has room; NULL when the entry was
 * kept for another format or there is no room. Borrowed from the cache. */
tc_fcached *tc_fcache_get(zval *entry, tc_format format, bool *created);

/* Keeps in record (met once before) the count items read from its entry
 * (copied, decoded), with the entry's role, content and has_text; does
 * nothing when something inside the entry could change, or when the record
 * is kept already (one array at several places of a history). Returns
 * whether it kept them. */
bool tc_fcache_fill(tc_fcached *record, const tc_fentry *e, const tc_fitem *items);

/* Keeps message (held) as the view message of e, the entry of record. */
void tc_fcache_keep_message(tc_fcached *record, const tc_fentry *e, zval *message);

/* Is the view message kept in record still the one of e: do its items have
 * the ids and tool names read now (a result's name is its call's, a Gemini
 * id depends on the entries before)? */
bool tc_fcache_message_still(const tc_fcached *record, const tc_fentry *e);

/* Copies a kept item into *out (new references). */
void tc_fitem_copy(tc_fitem *out, const tc_fitem *item);

/* The format entry (an array) tells, from its record when the cache has
 * one (SPEC Part 4, "Choosing the format"). */
tc_format tc_fcache_told(zval *entry);

/* Frees what an item holds. */
void tc_fitem_dtor(tc_fitem *item);

/* Frees the members an item's JSON text decoding gave, if any. */
void tc_fitem_forget_members(tc_fitem *item);

/* RSHUTDOWN, and when toolcompact.memo_entries is lowered to 0 or
 * toolcompact.format_cache turned off. */
void tc_fcache_request_shutdown(void);

#endif
