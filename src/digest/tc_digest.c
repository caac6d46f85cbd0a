#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"

#include "../json/tc_json.h"
#include "tc_digest.h"
#include "tc_sha256.h"

zend_string *tc_digest_of(zval *value, zend_string *json)
{
	zend_string *hex = zend_string_alloc(TC_SHA256_HEX_LEN, 0);

	if (!tc_json_sha256(value, json, ZSTR_VAL(hex))) {
		zend_string_efree(hex);
		return NULL;
	}
	return hex;
}
