/*
 * Escaping a string as json_encode() does with default flags, without
 * building the encoding: counted (tc_json_escape_extra()) or written in
 * pieces into a caller's buffer (tc_json_escape_run()), so that a digest
 * can take the bytes as they come. The only way the rest of the extension
 * reaches the escaper.
 */
#ifndef TC_JSON_ESCAPE_H
#define TC_JSON_ESCAPE_H

#include "php.h"

/* How far past its limit tc_json_escape_run() may write: the two 16-byte
 * stores of a block that starts before it (the second at most 16 bytes
 * on), or an escape (at most 12 bytes) that does. */
#define TC_JSON_ESCAPE_SLACK 32

/* What toolcompact.escaper gives on this CPU, per request and thread: how
 * strings are escaped and counted here, and how flat object texts are
 * decoded (tc_json_flat.c). The setting names the way it asks for ("auto"
 * the last); a CPU without what it needs gets the next one down. */
typedef enum _tc_json_way {
	TC_JSON_BYTES,  /* "bytes": byte by byte */
	TC_JSON_SSSE3,  /* "ssse3": escaping in 16-byte blocks with SSSE3,
	                 * counting and decoding 16 bytes at a time with SSE2 */
	TC_JSON_AVX512, /* "auto": as "ssse3", but decoding 64 bytes at a time
	                 * with AVX-512 VBMI2, escapes included */
	TC_JSON__WAYS
} tc_json_way;

/* MINIT, before the INI entries are read: finds out what this build and
 * CPU have, and prepares the tables of the SSSE3 escaper. */
void tc_json_escape_startup(void);

/* The way the setting value (len bytes, any case) asks for, as this CPU has
 * it, into *way; false for a value that names none. */
bool tc_json_way_of_setting(const char *value, size_t len, zend_long *way);

/* The way of this request (toolcompact.escaper). */
tc_json_way tc_json_way_in_use(void);

/* Names of the escaper and of the decoder a way uses, for phpinfo() (static). */
const char *tc_json_escaper_name(tc_json_way way);
const char *tc_json_decoder_name(tc_json_way way);

/*
 * The JSON length of the len bytes at s minus len (what escaping adds, the
 * quotes not counted), or (size_t) -1 for invalid UTF-8. s is borrowed.
 */
size_t tc_json_escape_extra(const unsigned char *s, size_t len);

/*
 * Writes at dst the escaped bytes of s (len bytes, borrowed; not the
 * quotes) from byte *pos on, until all are written or dst reaches limit;
 * it may write up to TC_JSON_ESCAPE_SLACK bytes past limit. Advances *pos
 * past what it wrote and returns the new end of dst, or NULL for invalid
 * UTF-8 (what it wrote is then garbage). Allocates nothing.
 */
char *tc_json_escape_run(const unsigned char *s, size_t len, size_t *pos, char *dst, const char *limit);

#endif
