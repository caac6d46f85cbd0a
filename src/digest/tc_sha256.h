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

/*
 * Streaming: init, any number of updates, then final. The context lives on
 * the caller's stack and holds no other resource, so a stream that is
 * abandoned needs no clean-up (with OpenSSL built without its pre-3.0 API
 * the context owns an EVP_MD_CTX: every init must be followed by final).
 */
#ifdef TOOLCOMPACT_HAVE_OPENSSL
# ifndef OPENSSL_API_COMPAT
/* SHA256_Init()/_Update()/_Final() (deprecated, not removed, in OpenSSL 3):
 * no per-digest allocation nor algorithm fetch, which EVP costs on every
 * field, and the same SHA-NI/AVX code. */
#  define OPENSSL_API_COMPAT 10101
# endif
# include <openssl/opensslconf.h>
# include <openssl/sha.h>
# include <openssl/evp.h>
# ifndef OPENSSL_NO_DEPRECATED_3_0
#  define TC_SHA256_LOW_LEVEL 1
typedef struct { SHA256_CTX c; } tc_sha256_ctx;
# else
typedef struct { EVP_MD_CTX *c; } tc_sha256_ctx;
# endif
#else
# include "php.h"
# include "ext/hash/php_hash.h"
# include "ext/hash/php_hash_sha.h"
typedef struct { PHP_SHA256_CTX c; } tc_sha256_ctx;
#endif

void tc_sha256_init(tc_sha256_ctx *ctx);
void tc_sha256_update(tc_sha256_ctx *ctx, const char *data, size_t len);
/* Writes the hex digest (TC_SHA256_HEX_LEN + 1 bytes, NUL-terminated). */
void tc_sha256_final_hex(tc_sha256_ctx *ctx, char *hex);

/* Names the backend in use (OpenSSL's own version string, or "PHP hash
 * extension"); a static string, never freed. */
const char *tc_sha256_backend(void);

#endif
