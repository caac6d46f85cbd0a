/*
 * Escaping a string as json_encode() does with default flags, without
 * building the encoding: counted (tc_json_escape_extra()) or written in
 * pieces into a caller's buffer (tc_json_escape_run()), so that a digest
 * can take the bytes as they come.
 */
#ifndef TC_JSON_ESCAPE_H
#define TC_JSON_ESCAPE_H

#include "php.h"

/* How far past its limit tc_json_escape_run() may write: 16 two-byte
 * escapes (32), one 16-byte store past them, and the longest escape (a
 * surrogate pair, 12 bytes); or two 64-byte stores of 32 escaped bytes each
 * and, 126 bytes on, the longest escape; or, for a block of 64 bytes of
 * non-ASCII text, eight 64-byte stores of up to 48 bytes each, the last
 * one 336 bytes on (32 bytes with AVX2: 32 8-byte stores, the last one
 * 186 bytes on). */
#define TC_JSON_ESCAPE_SLACK 400

/* The ways tc_json_escape_run() can go, slowest first: byte by byte; 16
 * bytes at a time with SSE2 where nothing needs escaping; blocks of 16
 * (SSSE3), 32 (AVX2) or 64 bytes (AVX-512 VBMI and VBMI2) escaped without
 * a branch per escape. */
typedef enum _tc_escaper {
	TC_ESCAPER_BYTES,
	TC_ESCAPER_SSE2,
	TC_ESCAPER_SSSE3,
	TC_ESCAPER_AVX2,
	TC_ESCAPER_AVX512,
	TC_ESCAPER__COUNT
} tc_escaper;

/* MINIT: chooses the fastest escaper this build and CPU have, up to cap
 * (toolcompact.escaper; TC_ESCAPER_AVX512: the fastest of all), and
 * returns it. Not thread-safe: before any request. */
tc_escaper tc_json_escape_startup(tc_escaper cap);

/* The name of an escaper, as toolcompact.escaper spells it (static). */
const char *tc_json_escaper_name(tc_escaper escaper);

/* The escaper tc_json_escape_startup() chose. */
tc_escaper tc_json_escaper_in_use(void);

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
