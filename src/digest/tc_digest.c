#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"

#include "../../php_toolcompact.h"
#include "../json/tc_json.h"
#include "tc_digest.h"
#include "tc_sha256.h"
#include "tc_sha256_blocks.h"

void tc_digest_startup(void)
{
	tc_sha256_blocks_startup();
}

const char *tc_digest_pairs_name(void)
{
	return tc_sha256_blocks_native() ? "SHA extensions" : "none (one at a time)";
}

bool tc_digest_pairs_of_setting(const zend_string *value, zend_long *setting)
{
	if (!zend_string_equals_literal(value, "0") && !zend_string_equals_literal(value, "1")) {
		return 0;
	}
	*setting = ZSTR_VAL(value)[0] == '1';
	return 1;
}

void tc_digest_init(tc_digest *d, bool batched)
{
	tc_sha256_pair_init(&d->pair);
	d->batched = batched && tc_sha256_pair_enabled(TOOLCOMPACT_G(sha256_pairs));
	d->pair.optimistic = d->batched;
}

zend_string *tc_digest_add(tc_digest *d, zval *value, zend_string *json)
{
	zend_string *hex = zend_string_alloc(TC_SHA256_HEX_LEN, 0);

	if (!json && d->batched && Z_TYPE_P(value) == IS_STRING && tc_sha256_pair_takes(&d->pair, Z_STR_P(value))) {
		/* the digest is written into hex by tc_digest_finish() at the latest */
		return tc_sha256_pair_add(&d->pair, Z_STR_P(value), hex);
	}
	if (!tc_json_sha256(value, json, ZSTR_VAL(hex))) {
		zend_string_efree(hex);
		return NULL;
	}
	return hex;
}

bool tc_digest_settle(tc_digest *d)
{
	return !d || !d->batched || tc_sha256_pair_settle(&d->pair);
}

bool tc_digest_finish(tc_digest *d)
{
	tc_sha256_pair_finish(&d->pair);
	return !d->pair.failed;
}

void tc_digest_recheck(tc_digest *d)
{
	d->pair.optimistic = 0;
	d->pair.failed = 0;
}
