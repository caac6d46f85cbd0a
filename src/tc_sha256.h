/*
 * SHA-256 for the omitted-field meta: OpenSSL's libcrypto when the build
 * found it, PHP's own hash extension otherwise.
 */
#ifndef TC_SHA256_H
#define TC_SHA256_H

#include <stddef.h>

#define TC_SHA256_HEX_LEN 64

/*
 * Writes the lower-case hex SHA-256 of the len bytes at data into hex,
 * which must have room for TC_SHA256_HEX_LEN + 1 bytes (NUL-terminated).
 * data is borrowed. Cannot fail.
 */
void tc_sha256_hex(const char *data, size_t len, char *hex);

/* Names the backend in use (OpenSSL's own version string, or "PHP hash
 * extension"); a static string, never freed. */
const char *tc_sha256_backend(void);

#endif
