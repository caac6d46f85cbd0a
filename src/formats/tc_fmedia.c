/*
 * Media parts with inline data (SPEC Part 4, "Media parts"): Anthropic image
 * and document blocks with a base64 source, OpenAI Chat image_url parts with
 * a data: URL and file parts with file_data, Responses input_image parts
 * with a data: URL and input_file parts with file_data, Gemini parts with
 * inlineData (or the REST API's inline_data) holding a string data.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"

#include "tc_fmedia.h"
#include "tc_node.h"

#define TC_MEDIA_HEAD "[omitted "
#define TC_MEDIA_MIDDLE " bytes, sha256="
#define TC_MEDIA_SHA_LEN 64
#define TC_MEDIA_DEFAULT "application/octet-stream"

/* Is c a token character of a media type (RFC 6838's restricted names)? */
static bool tc_media_token_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
		|| strchr("!#$&^_.+-", c) != NULL;
}

/* The length of the type/subtype at the start of [p, end), or 0. */
static size_t tc_media_type_len(const char *p, const char *end)
{
	const char *start = p, *slash = NULL;

	for (; p < end && (tc_media_token_char(*p) || (*p == '/' && !slash)); p++) {
		if (*p == '/') {
			slash = p;
		}
	}
	return slash && slash > start && slash + 1 < p ? (size_t) (p - start) : 0;
}

/* A media type that is exactly a type/subtype, else the default. */
static zend_string *tc_media_type_or_default(const char *p, size_t len)
{
	if (len && tc_media_type_len(p, p + len) == len) {
		return zend_string_init(p, len, 0);
	}
	return zend_string_init(ZEND_STRL(TC_MEDIA_DEFAULT), 0);
}

/* The media type a data: URL names (before its ';' or ','). */
static zend_string *tc_media_of_data_url(zend_string *url)
{
	const char *p = ZSTR_VAL(url) + 5, *end = ZSTR_VAL(url) + ZSTR_LEN(url), *stop = p;

	while (stop < end && *stop != ';' && *stop != ',') {
		stop++;
	}
	return tc_media_type_or_default(p, (size_t) (stop - p));
}

static bool tc_is_data_url(zend_string *url)
{
	return url && ZSTR_LEN(url) >= 5 && strncasecmp(ZSTR_VAL(url), "data:", 5) == 0;
}

/* file_data: a data: URL names its type; bare base64 names none. */
static zend_string *tc_media_of_file_data(zend_string *data)
{
	return tc_is_data_url(data) ? tc_media_of_data_url(data) : zend_string_init(ZEND_STRL(TC_MEDIA_DEFAULT), 0);
}

static bool tc_media_found(zend_string **type, zend_string *found)
{
	if (type) {
		*type = found;
	} else {
		zend_string_release(found);
	}
	return 1;
}

static bool tc_media_anthropic(zval *part, zend_string **type)
{
	zval *source;
	zend_string *media;

	if (!tc_node_is(part, TC_FK_TYPE, TC_FV_IMAGE) && !tc_node_is(part, TC_FK_TYPE, TC_FV_DOCUMENT)) {
		return 0;
	}
	source = tc_node_get(part, TC_FK_SOURCE);
	if (!source || !tc_node_is(source, TC_FK_TYPE, TC_FV_BASE64) || !tc_node_str(source, TC_FK_DATA)) {
		return 0;
	}
	if (!type) {
		return 1;
	}
	media = tc_node_str(source, Z_TYPE_P(source) == IS_OBJECT ? TC_FK_MEDIA_TYPE_SDK : TC_FK_MEDIA_TYPE);
	*type = media ? tc_media_type_or_default(ZSTR_VAL(media), ZSTR_LEN(media))
		: zend_string_init(ZEND_STRL(TC_MEDIA_DEFAULT), 0);
	return 1;
}

static bool tc_media_openai(zval *part, zend_string **type)
{
	zval *inner;
	zend_string *str;

	if (Z_TYPE_P(part) != IS_ARRAY) {
		return 0;
	}
	if (tc_node_is(part, TC_FK_TYPE, TC_FK_IMAGE_URL)) {
		inner = tc_node_get(part, TC_FK_IMAGE_URL);
		str = inner && Z_TYPE_P(inner) == IS_ARRAY ? tc_node_str(inner, TC_FK_URL) : NULL;
		return tc_is_data_url(str) && tc_media_found(type, tc_media_of_data_url(str));
	}
	if (tc_node_is(part, TC_FK_TYPE, TC_FK_FILE)) {
		inner = tc_node_get(part, TC_FK_FILE);
		str = inner && Z_TYPE_P(inner) == IS_ARRAY ? tc_node_str(inner, TC_FK_FILE_DATA) : NULL;
		return str && tc_media_found(type, tc_media_of_file_data(str));
	}
	return 0;
}

static bool tc_media_responses(zval *part, zend_string **type)
{
	zend_string *str;

	if (Z_TYPE_P(part) != IS_ARRAY) {
		return 0;
	}
	if (tc_node_is(part, TC_FK_TYPE, TC_FV_INPUT_IMAGE)) {
		str = tc_node_str(part, TC_FK_IMAGE_URL);
		return tc_is_data_url(str) && tc_media_found(type, tc_media_of_data_url(str));
	}
	if (tc_node_is(part, TC_FK_TYPE, TC_FV_INPUT_FILE)) {
		str = tc_node_str(part, TC_FK_FILE_DATA);
		return str && tc_media_found(type, tc_media_of_file_data(str));
	}
	return 0;
}

static bool tc_media_gemini(zval *part, zend_string **type)
{
	zval *blob;
	zend_string *media;
	bool camel = 1;

	if (Z_TYPE_P(part) != IS_ARRAY || tc_node_get(part, TC_FK_FUNCTION_CALL) || tc_node_get(part, TC_FV_FUNCTION_CALL)
			|| tc_node_get(part, TC_FK_FUNCTION_RESPONSE) || tc_node_get(part, TC_FK_FUNCTION_RESPONSE_REST)) {
		return 0; /* (a call or a response is never a media part) */
	}
	if (!(blob = tc_node_get(part, TC_FK_INLINE_DATA)) || Z_TYPE_P(blob) != IS_ARRAY) {
		camel = 0;
		if (!(blob = tc_node_get(part, TC_FK_INLINE_DATA_REST)) || Z_TYPE_P(blob) != IS_ARRAY) {
			return 0;
		}
	}
	if (!tc_node_str(blob, TC_FK_DATA)) {
		return 0;
	}
	if (!type) {
		return 1;
	}
	media = tc_node_str(blob, camel ? TC_FK_MIME_TYPE : TC_FK_MIME_TYPE_REST);
	*type = media ? tc_media_type_or_default(ZSTR_VAL(media), ZSTR_LEN(media))
		: zend_string_init(ZEND_STRL(TC_MEDIA_DEFAULT), 0);
	return 1;
}

bool tc_media_part(zval *part, tc_format format, zend_string **type)
{
	switch (format) {
		case TC_FORMAT_ANTHROPIC:
			return tc_media_anthropic(part, type);
		case TC_FORMAT_OPENAI:
			return tc_media_openai(part, type);
		case TC_FORMAT_RESPONSES:
			return tc_media_responses(part, type);
		case TC_FORMAT_GEMINI:
			return tc_media_gemini(part, type);
		default:
			return 0;
	}
}

zend_string *tc_media_placeholder(zend_string *type, zend_long bytes, zend_string *sha)
{
	return zend_strpprintf(0, TC_MEDIA_HEAD "%s, " ZEND_LONG_FMT TC_MEDIA_MIDDLE "%s]", ZSTR_VAL(type), bytes,
		ZSTR_VAL(sha));
}

bool tc_media_placeholder_parse(zend_string *text, zend_string **sha)
{
	const char *p = ZSTR_VAL(text), *end = p + ZSTR_LEN(text), *digits;
	size_t len, i;

	if ((size_t) (end - p) < sizeof(TC_MEDIA_HEAD) - 1 || memcmp(p, TC_MEDIA_HEAD, sizeof(TC_MEDIA_HEAD) - 1) != 0) {
		return 0;
	}
	p += sizeof(TC_MEDIA_HEAD) - 1;
	if (!(len = tc_media_type_len(p, end)) || end - (p + len) < 2 || memcmp(p + len, ", ", 2) != 0) {
		return 0;
	}
	p += len + 2;
	for (digits = p; p < end && *p >= '0' && *p <= '9'; p++) {
	}
	if (p == digits || (size_t) (end - p) != sizeof(TC_MEDIA_MIDDLE) - 1 + TC_MEDIA_SHA_LEN + 1
			|| memcmp(p, TC_MEDIA_MIDDLE, sizeof(TC_MEDIA_MIDDLE) - 1) != 0 || end[-1] != ']') {
		return 0;
	}
	p += sizeof(TC_MEDIA_MIDDLE) - 1;
	for (i = 0; i < TC_MEDIA_SHA_LEN; i++) {
		if (!((p[i] >= '0' && p[i] <= '9') || (p[i] >= 'a' && p[i] <= 'f'))) {
			return 0;
		}
	}
	if (sha) {
		*sha = zend_string_init(p, TC_MEDIA_SHA_LEN, 0);
	}
	return 1;
}

void tc_media_text_part(zval *out, tc_format format, zend_string *text)
{
	if (format == TC_FORMAT_GEMINI) {
		array_init_size(out, 1);
		add_assoc_str_ex(out, ZEND_STRL("text"), text);
		return;
	}
	array_init_size(out, 2);
	add_assoc_str_ex(out, ZEND_STRL("type"),
		zend_string_copy(tc_fkeys[format == TC_FORMAT_RESPONSES ? TC_FV_INPUT_TEXT : TC_FV_TEXT_TYPE]));
	add_assoc_str_ex(out, ZEND_STRL("text"), text);
}
