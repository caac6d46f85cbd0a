/*
 * Reading a provider's history (SPEC Part 4): each format's reader finds,
 * entry by entry, the calls and results and where their payloads live;
 * tc_fview.c makes the walk's view of them and writes the walk's changes
 * back, tc_frestore.c restores them.
 */
#ifndef TC_FREAD_H
#define TC_FREAD_H

#include "php.h"

#include "../engine/tc_params.h"
#include "tc_jtext.h"
#include "tc_node.h"

/* What a payload is (SPEC Part 4, "A payload is one of"). */
typedef enum _tc_pl_kind {
	TC_PL_NONE,   /* left as it is */
	TC_PL_OBJECT, /* an array: compacted as Part 1 says */
	TC_PL_JSON,   /* a JSON text: its decoded array is compacted, the text edited */
	TC_PL_TEXT,   /* a text: one field */
	TC_PL_PARTS,  /* a list of parts: each text part a field */
	TC_PL_PENDING /* a string that may be a JSON text, not decoded yet (the
	               * view is the string, which the walk leaves alone) */
} tc_pl_kind;

/* A call or a result. */
typedef struct _tc_fitem {
	bool         call;
	zend_string *id;      /* owned; NULL: none (the item takes no part) */
	zend_string *given;   /* owned: the id the entry gives (NULL: none); id is
	                       * this one but in gemini (tc_gemini_pair()) */
	uint32_t     part;    /* gemini: its part's 0-based position */
	zend_string *name;    /* owned; NULL: the name of the call with this id */
	zval        *payload; /* &held, or NULL: none */
	zval         held;    /* the payload, dereferenced, held while the pass runs */
	tc_path      path;    /* from the entry to the payload */
	tc_pl_kind   kind;    /* set by tc_fread_kinds() */
	zval         view;    /* the payload as the walk sees it (owned); UNDEF for NONE */
	zval         whole;   /* a JSON text never edited: its decoded array, which
	                       * the estimate counts in place of the view (owned);
	                       * else UNDEF */
	tc_jmember  *members; /* JSON: the text's members, when its decoding gave
	                       * them (owned; member_count of them), else NULL */
	uint32_t     member_count;
} tc_fitem;

/* An entry of the history. */
typedef struct _tc_fentry {
	zval        *entry;    /* &held, or its record's (lent) */
	zval         held;     /* the entry, dereferenced, held while the pass runs
	                        * (UNDEF when lent: its record holds it) */
	zend_string *key;      /* its key in the history (NULL: index) */
	zend_ulong   index;
	zend_string *role;     /* borrowed, or NULL */
	zval         content;  /* the texts the estimate counts beside the payloads
	                        * (SPEC Part 4, "Estimate"): a string, an array of
	                        * strings, or UNDEF for none (held) */
	bool         has_text; /* it holds text beside its results */
	uint32_t     first, count; /* its own items in tc_freader.items */
	tc_fitem    *items;        /* its count items once read: the reader's own,
	                            * or its cache record's (lent for this read) */
	struct _tc_fcached *cached; /* its record in the cache (tc_fcache.h), or NULL */
	HashTable   *message;      /* its message in the view (tc_fview.c) */
	bool         own_message;  /* that message was made for this read and
	                            * kept by no cache record (tc_fview.c) */
	bool         from_cache;   /* its items are the cache's copies */
} tc_fentry;

typedef struct _tc_freader {
	tc_format  format;
	tc_fentry *entries;
	uint32_t   entry_count;
	tc_fitem  *items;
	uint32_t   item_count, item_size;
	HashTable  pending;   /* gemini: tool name => ids of calls not answered yet */
	uint32_t   undecoded; /* the first entry with a TC_PL_PENDING payload
	                       * (entry_count: none) */
	bool       lending;   /* the cache is lent to this read (tc_fcache_begin()) */
	zend_string *placeholder; /* the pass's template (borrowed; NULL: none) */
} tc_freader;

/* Reads every entry of history (borrowed; it must outlive the reader) in
 * format: entries, items, the tool name of each result (from its call), and
 * each payload's kind and view; with cache, through the cache of entries
 * (tc_fcache.h) where it can. With lazy params (borrowed, else NULL), a
 * string that may be a JSON text is left TC_PL_PENDING unless it is the
 * arguments of a tool with identifier fields (its group needs them). A
 * text that placeholder (borrowed; NULL: none) writes is a placeholder as
 * the default one is; with a placeholder the cache is not used (a view
 * depends on it). */
void tc_fread(tc_freader *r, tc_format format, HashTable *history, const tc_params *lazy, bool cache,
		zend_string *placeholder);

/* Decodes a TC_PL_PENDING payload of r: its kind and view become what
 * eager reading would have made of it. */
void tc_fread_settle(tc_freader *r, tc_fitem *item);
void tc_freader_dtor(tc_freader *r);

/* Adds an item of entry e: id, name and payload (NULL: none) are copied.
 * Returns it (valid until the next item is added). */
tc_fitem *tc_fread_add(tc_freader *r, tc_fentry *e, bool call, zend_string *id, zend_string *name, zval *payload,
		const tc_path *path);

/* Gemini: does part (an array) hold a response, as tc_gemini_read() reads
 * one (functionResponse, or the REST API's function_response, an array)? */
bool tc_gemini_holds_response(zval *part);

/* Gemini: adds to the view of a result item whose payload is an object
 * the media parts with inline data (tc_fmedia.h) of entry's parts that
 * follow its response, up to the next part holding a response: each under
 * its key in parts, unless the response has a member with that key (SPEC
 * Part 4, "Media parts"). */
void tc_gemini_media(tc_fitem *item, zval *entry);

/* Gemini: gives every call and response its id for the walk, pairing by id,
 * else by name and order (tc_gemini.c). */
void tc_gemini_pair(tc_freader *r);

/* The readers of the formats (tc_openai.c, tc_responses.c, tc_anthropic.c,
 * tc_gemini.c), for an entry that is an array (its role read): add its
 * items and set has_text. position is e's 0-based place in the history. */
void tc_openai_read(tc_freader *r, tc_fentry *e, uint32_t position);
void tc_responses_read(tc_freader *r, tc_fentry *e, uint32_t position);
void tc_anthropic_read(tc_freader *r, tc_fentry *e, uint32_t position);
void tc_gemini_read(tc_freader *r, tc_fentry *e, uint32_t position);

/* Is a result's array payload in format a list of parts, and the type of
 * a text part? */
bool tc_format_has_parts(tc_format format);
tc_fkey tc_format_part_type(tc_format format);

/* MINIT, after tc_node_startup(). (tc_ftold.c) */
void tc_ftold_startup(void);

/* Which format does one entry tell (SPEC Part 4, "Choosing the format")?
 * TC_FORMAT_AUTO: none. (tc_ftold.c) */
tc_format tc_format_told(zval *entry);

/* Does entry have the shape a format is told by, whatever an earlier rule
 * tells? (tc_ftold.c) */
bool tc_format_shaped(zval *entry, tc_format format);

/* Is entry one no format reads where it is (SPEC Part 4, "A history it
 * cannot read"): an Anthropic SDK object as a message, or, in_collection (an
 * object history), an entry that tells a provider format? (tc_ftold.c) */
bool tc_format_unreadable(zval *entry, bool in_collection);

/* Does any of entries (an array history's, or an object history's items)
 * hold one? (tc_ftold.c) */
bool tc_format_holds_unreadable(HashTable *entries, bool in_collection);

#endif
