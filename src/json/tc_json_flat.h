/*
 * The AVX-512 string run of tc_json_flat.c, in its own file so that it is
 * compiled for the instruction set it needs and chosen at run time
 * (TC_JSON_AVX512: toolcompact.escaper=auto on a CPU with AVX-512 VBMI2).
 * Internal to tc_json_flat*.c and tc_json_escape.c.
 */
#ifndef TC_JSON_FLAT_H
#define TC_JSON_FLAT_H

#include "php.h"

/* x86-64 with GCC or Clang */
#if defined(__GNUC__) && defined(__x86_64__)
# define TC_JSON_VBMI2 1
#endif

#ifdef TC_JSON_VBMI2
/*
 * Decodes the inside of a JSON string token from s (len bytes left) into d,
 * 64 bytes at a time, while a whole block is left: plain bytes are copied
 * and two-byte escapes (\" \\ \/ \b \f \n \r \t) decoded. Stops before the
 * first byte it leaves to its caller: '"' that ends the string, a byte
 * below 0x20 or above 0x7f, or an escape of another kind. Returns the bytes
 * read, the bytes written in *written (never more). Stores whole blocks: it
 * may write up to 64 bytes past what it wrote, never beyond d + len.
 */
size_t tc_json_unescape_vbmi2(const unsigned char *s, size_t len, char *d, size_t *written);
#endif

#endif
