/*
 * UTF-8 as PHP's json encoder reads it (php_next_utf8_char(): shortest
 * form only, no surrogates, at most U+10FFFF): one character decoded for
 * the escaper (tc_json_escape.c) and the flat decoder (tc_json_flat.c).
 */
#ifndef TC_UTF8_H
#define TC_UTF8_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "zend_portability.h"

/*
 * Decodes the character at s (s[0] >= 0x80, len >= 1 bytes available).
 * Returns its length in bytes and its code point in *cp, or 0 when it is
 * not valid UTF-8.
 */
static zend_always_inline size_t tc_utf8_decode(const unsigned char *s, size_t len, uint32_t *cp)
{
	unsigned char c = s[0];

	if (c < 0xc2) {
		return 0;
	}
	if (c < 0xe0) {
		if (len < 2 || (s[1] & 0xc0) != 0x80) {
			return 0;
		}
		*cp = ((uint32_t) (c & 0x1f) << 6) | (s[1] & 0x3f);
		return 2;
	}
	if (c < 0xf0) {
		if (len < 3 || (s[1] & 0xc0) != 0x80 || (s[2] & 0xc0) != 0x80) {
			return 0;
		}
		*cp = ((uint32_t) (c & 0x0f) << 12) | ((uint32_t) (s[1] & 0x3f) << 6) | (s[2] & 0x3f);
		if (*cp < 0x800 || (*cp >= 0xd800 && *cp <= 0xdfff)) {
			return 0;
		}
		return 3;
	}
	if (c < 0xf5) {
		if (len < 4 || (s[1] & 0xc0) != 0x80 || (s[2] & 0xc0) != 0x80 || (s[3] & 0xc0) != 0x80) {
			return 0;
		}
		*cp = ((uint32_t) (c & 0x07) << 18) | ((uint32_t) (s[1] & 0x3f) << 12)
			| ((uint32_t) (s[2] & 0x3f) << 6) | (s[3] & 0x3f);
		if (*cp < 0x10000 || *cp > 0x10ffff) {
			return 0;
		}
		return 4;
	}
	return 0;
}

#endif
