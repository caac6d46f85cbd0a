#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "tc_sha256.h"

#ifdef TOOLCOMPACT_HAVE_OPENSSL
# include <openssl/evp.h>
# include <openssl/crypto.h>
#else
# include "php.h"
# include "ext/hash/php_hash.h"
# include "ext/hash/php_hash_sha.h"
#endif

static void tc_hex(const unsigned char *digest, char *hex)
{
	static const char digits[] = "0123456789abcdef";
	int i;

	for (i = 0; i < 32; i++) {
		hex[2 * i] = digits[digest[i] >> 4];
		hex[2 * i + 1] = digits[digest[i] & 0x0f];
	}
	hex[TC_SHA256_HEX_LEN] = '\0';
}

#ifdef TOOLCOMPACT_HAVE_OPENSSL

void tc_sha256_hex(const char *data, size_t len, char *hex)
{
	unsigned char digest[EVP_MAX_MD_SIZE];
	unsigned int digest_len = 0;

	EVP_Digest(data, len, digest, &digest_len, EVP_sha256(), NULL);
	tc_hex(digest, hex);
}

const char *tc_sha256_backend(void)
{
	/* the library actually loaded, e.g. "OpenSSL 3.0.19 27 Jan 2026" */
	return OpenSSL_version(OPENSSL_VERSION);
}

#else

void tc_sha256_hex(const char *data, size_t len, char *hex)
{
	PHP_SHA256_CTX ctx;
	unsigned char digest[32];

	PHP_SHA256Init(&ctx);
	PHP_SHA256Update(&ctx, (const unsigned char *) data, len);
	PHP_SHA256Final(digest, &ctx);
	tc_hex(digest, hex);
}

const char *tc_sha256_backend(void)
{
	return "PHP hash extension";
}

#endif
