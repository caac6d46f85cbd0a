#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "tc_sha256.h"

#ifdef TOOLCOMPACT_HAVE_OPENSSL
# include <openssl/crypto.h>
#endif

#ifdef __SSE2__
# include <emmintrin.h>

/* The 32 hex digits of the 16 bytes of v: each byte's two nibbles side by
 * side (high first), then '0' + n, and 'a' - 10 + n for n above 9. */
static inline void tc_hex16(__m128i v, char *hex)
{
	const __m128i low = _mm_set1_epi8(0x0f), nine = _mm_set1_epi8(9);
	__m128i hi = _mm_and_si128(_mm_srli_epi16(v, 4), low), lo = _mm_and_si128(v, low);
	__m128i n[2];
	int k;

	n[0] = _mm_unpacklo_epi8(hi, lo);
	n[1] = _mm_unpackhi_epi8(hi, lo);
	for (k = 0; k < 2; k++) {
		__m128i letter = _mm_and_si128(_mm_cmpgt_epi8(n[k], nine), _mm_set1_epi8('a' - '0' - 10));

		_mm_storeu_si128((__m128i *) (hex + 16 * k), _mm_add_epi8(_mm_add_epi8(n[k], _mm_set1_epi8('0')), letter));
	}
}
#endif

/* Writes the lower-case hex of the 32 bytes of a digest (borrowed) into hex
 * (TC_SHA256_HEX_LEN + 1 bytes, NUL-terminated). */
static void tc_sha256_digest_hex(const unsigned char *digest, char *hex)
{
#ifdef __SSE2__
	tc_hex16(_mm_loadu_si128((const __m128i *) digest), hex);
	tc_hex16(_mm_loadu_si128((const __m128i *) (digest + 16)), hex + 32);
#else
	static const char digits[] = "0123456789abcdef";
	int i;

	for (i = 0; i < 32; i++) {
		hex[2 * i] = digits[digest[i] >> 4];
		hex[2 * i + 1] = digits[digest[i] & 0x0f];
	}
#endif
	hex[TC_SHA256_HEX_LEN] = '\0';
}

void tc_sha256_hex(const char *data, size_t len, char *hex)
{
	tc_sha256_ctx ctx;

	tc_sha256_init(&ctx);
	tc_sha256_update(&ctx, data, len);
	tc_sha256_final_hex(&ctx, hex);
}

#ifdef TOOLCOMPACT_HAVE_OPENSSL

# ifdef TC_SHA256_LOW_LEVEL

void tc_sha256_init(tc_sha256_ctx *ctx)
{
	SHA256_Init(&ctx->c);
}

void tc_sha256_update(tc_sha256_ctx *ctx, const char *data, size_t len)
{
	SHA256_Update(&ctx->c, data, len);
}

void tc_sha256_final_hex(tc_sha256_ctx *ctx, char *hex)
{
	unsigned char digest[SHA256_DIGEST_LENGTH];

	SHA256_Final(digest, &ctx->c);
	tc_sha256_digest_hex(digest, hex);
}

# else

void tc_sha256_init(tc_sha256_ctx *ctx)
{
	ctx->c = EVP_MD_CTX_new();
	EVP_DigestInit_ex(ctx->c, EVP_sha256(), NULL);
}

void tc_sha256_update(tc_sha256_ctx *ctx, const char *data, size_t len)
{
	EVP_DigestUpdate(ctx->c, data, len);
}

void tc_sha256_final_hex(tc_sha256_ctx *ctx, char *hex)
{
	unsigned char digest[EVP_MAX_MD_SIZE];
	unsigned int digest_len = 0;

	EVP_DigestFinal_ex(ctx->c, digest, &digest_len);
	EVP_MD_CTX_free(ctx->c);
	ctx->c = NULL;
	tc_sha256_digest_hex(digest, hex);
}

# endif

const char *tc_sha256_backend(void)
{
	/* the library actually loaded, e.g. "OpenSSL 3.0.19 27 Jan 2026" */
	return OpenSSL_version(OPENSSL_VERSION);
}

#else

void tc_sha256_init(tc_sha256_ctx *ctx)
{
	PHP_SHA256Init(&ctx->c);
}

void tc_sha256_update(tc_sha256_ctx *ctx, const char *data, size_t len)
{
	PHP_SHA256Update(&ctx->c, (const unsigned char *) data, len);
}

void tc_sha256_final_hex(tc_sha256_ctx *ctx, char *hex)
{
	unsigned char digest[32];

	PHP_SHA256Final(digest, &ctx->c);
	tc_sha256_digest_hex(digest, hex);
}

const char *tc_sha256_backend(void)
{
	return "PHP hash extension";
}

#endif
