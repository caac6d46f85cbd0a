#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_smart_str.h"

#include "../json/tc_json.h"
#include "../engine/tc_preview.h"
#include "tc_jtext.h"

bool tc_jtext_may_be(zend_string *text)
{
	size_t i = tc_json_skip_space(ZSTR_VAL(text), ZSTR_LEN(text), 0);

	return i < ZSTR_LEN(text) && ZSTR_VAL(text)[i] == '{';
}

/* Longer runs of digits may be an integer PHP decodes as a float. */
#define TC_JTEXT_SAFE_DIGITS 18

bool tc_jtext_small(zend_string *text, zend_long threshold)
{
	const unsigned char *s = (const unsigned char *) ZSTR_VAL(text);
	size_t i, digits = 0;
	bool brace = 0;

	if (threshold < 0 || ZSTR_LEN(text) > (zend_ulong) threshold) {
		return 0;
	}
	for (i = 0; i < ZSTR_LEN(text); i++) {
		if (s[i] >= '0' && s[i] <= '9') {
			if (++digits > TC_JTEXT_SAFE_DIGITS) {
				return 0;
			}
			continue;
		}
		if (s[i] == '[' || (s[i] == '{' && brace) || (digits && (s[i] == '.' || s[i] == 'e' || s[i] == 'E'))) {
			return 0;
		}
		brace |= s[i] == '{';
		digits = 0;
	}
	return 1;
}

bool tc_jtext_decode(zend_string *text, zval *out, tc_jmember **members, uint32_t *count)
{
	*members = NULL;
	*count = 0;
	if (!tc_jtext_may_be(text)) {
		return 0;
	}
	if (tc_json_decode_flat(ZSTR_VAL(text), ZSTR_LEN(text), out, members, count)) {
		if (*count != zend_hash_num_elements(Z_ARRVAL_P(out)) && *members) {
			efree(*members); /* two equal keys */
			*members = NULL;
		}
		return 1;
	}
	if (!tc_json_decode(text, TC_JSON_DEPTH, out)) {
		return 0;
	}
	if (Z_TYPE_P(out) != IS_ARRAY) {
		zval_ptr_dtor(out);
		return 0;
	}
	return 1;
}

/* The offset just past the string token at s[i] (a '"') of a valid text
 * of len bytes (which has its end). */
static size_t tc_json_skip_string(const char *s, size_t len, size_t i)
{
	size_t end = tc_json_string_end(s, len, i);

	return end ? end : len;
}

/* The offset just past the value starting at s[i] (i < len) of a text of
 * len bytes; no byte past len is read, and in a text that is no JSON the
 * offset is of no use. */
static size_t tc_json_skip_value(const char *s, size_t len, size_t i)
{
	size_t depth = 0;

	if (s[i] == '"') {
		return tc_json_skip_string(s, len, i);
	}
	if (s[i] != '{' && s[i] != '[') {
		while (i < len && s[i] != ',' && s[i] != '}' && s[i] != ']' && !tc_json_space(s[i])) {
			i++;
		}
		return i;
	}
	do {
		if (s[i] == '"') {
			i = tc_json_skip_string(s, len, i);
			continue;
		}
		if (s[i] == '{' || s[i] == '[') {
			depth++;
		} else if (s[i] == '}' || s[i] == ']') {
			depth--;
		}
		i++;
	} while (depth && i < len);
	return i;
}

/* Appends the elements of the array at s[at] (a '[') to *spans (*count of
 * them, room for *size) and returns the offset just past it; 0 when a
 * value is empty (no JSON). */
static size_t tc_jtext_walk_array(const char *s, size_t len, size_t at, tc_jspan **spans, uint32_t *count, uint32_t *size)
{
	size_t i = tc_json_skip_space(s, len, at + 1), end;

	while (i < len && s[i] != ']') {
		if (*count == *size) {
			*size *= 2;
			*spans = safe_erealloc(*spans, *size, sizeof(tc_jspan), 0);
		}
		end = tc_json_skip_value(s, len, i);
		if (end == i) {
			return 0;
		}
		(*spans)[*count].start = i;
		(*spans)[(*count)++].end = end;
		i = tc_json_skip_space(s, len, end);
		if (i < len && s[i] == ',') {
			i = tc_json_skip_space(s, len, i + 1);
		}
	}
	return i < len ? i + 1 : len;
}

/* Adds the key of the string token s[start, end) to keys as member n;
 * false when the key is there already. */
static bool tc_jtext_key(HashTable *keys, const char *s, size_t start, size_t end, uint32_t n)
{
	zval key, number;
	bool added;

	if (memchr(s + start, '\\', end - start)) {
		/* decoded on its own: the decoder reads up to a NUL byte */
		zend_string *token = zend_string_init(s + start, end - start, 0);
		bool ok = tc_json_decode(token, TC_JSON_DEPTH, &key) && Z_TYPE(key) == IS_STRING;

		zend_string_release(token);
		if (!ok) {
			zval_ptr_dtor(&key);
			return 0;
		}
	} else {
		ZVAL_STRINGL(&key, s + start + 1, end - start - 2);
	}
	ZVAL_LONG(&number, n);
	added = !zend_symtable_exists(keys, Z_STR(key));
	if (added) {
		zend_symtable_update(keys, Z_STR(key), &number);
	}
	zval_ptr_dtor(&key);
	return added;
}

/* tc_jtext_scan(), and with arrays (NULL: not wanted) tc_jtext_scan_arrays(). */
static bool tc_jtext_walk(zend_string *text, tc_jobject *obj, tc_jarrays *arrays)
{
	const char *s = ZSTR_VAL(text);
	size_t len = ZSTR_LEN(text), i = tc_json_skip_space(s, len, 0), size = 8;
	uint32_t spans = 0, room = 8;

	if (i == len || s[i] != '{') {
		return 0;
	}
	obj->count = 0;
	obj->members = safe_emalloc(size, sizeof(tc_jmember), 0);
	zend_hash_init(&obj->keys, 8, NULL, NULL, 0);
	if (arrays) {
		arrays->spans = safe_emalloc(room, sizeof(tc_jspan), 0);
		arrays->first = safe_emalloc(size + 1, sizeof(uint32_t), 0);
	}
	i = tc_json_skip_space(s, len, i + 1); /* past '{' */
	while (i < len && s[i] == '"') {
		tc_jmember *m;
		size_t key_end = tc_json_string_end(s, len, i);

		if (obj->count == size) {
			size *= 2;
			obj->members = safe_erealloc(obj->members, size, sizeof(tc_jmember), 0);
			if (arrays) {
				arrays->first = safe_erealloc(arrays->first, size + 1, sizeof(uint32_t), 0);
			}
		}
		m = &obj->members[obj->count];
		m->key_start = i;
		if (!key_end || !tc_jtext_key(&obj->keys, s, i, key_end, obj->count)) {
			goto fail;
		}
		i = tc_json_skip_space(s, len, key_end);
		if (i == len || s[i] != ':') {
			goto fail;
		}
		m->value_start = tc_json_skip_space(s, len, i + 1);
		if (m->value_start == len) {
			goto fail;
		}
		if (arrays) {
			arrays->first[obj->count] = spans;
		}
		m->value_end = arrays && s[m->value_start] == '['
			? tc_jtext_walk_array(s, len, m->value_start, &arrays->spans, &spans, &room)
			: tc_json_skip_value(s, len, m->value_start);
		if (m->value_end <= m->value_start) {
			goto fail;
		}
		obj->count++;
		i = tc_json_skip_space(s, len, m->value_end);
		if (i < len && s[i] == ',') {
			i = tc_json_skip_space(s, len, i + 1);
		}
	}
	if (arrays) {
		arrays->first[obj->count] = spans;
	}
	return 1;
fail:
	if (arrays) {
		tc_jtext_arrays_dtor(arrays);
	}
	tc_jtext_dtor(obj);
	return 0;
}

bool tc_jtext_scan(zend_string *text, tc_jobject *obj)
{
	return tc_jtext_walk(text, obj, NULL);
}

bool tc_jtext_scan_arrays(zend_string *text, tc_jobject *obj, tc_jarrays *arrays)
{
	return tc_jtext_walk(text, obj, arrays);
}

void tc_jtext_arrays_dtor(tc_jarrays *arrays)
{
	efree(arrays->spans);
	efree(arrays->first);
}

void tc_jtext_known(tc_jobject *obj, const tc_jmember *members, uint32_t count, HashTable *decoded)
{
	zend_string *key;
	zend_ulong index;
	zval number;
	uint32_t n = 0;

	obj->count = count;
	obj->members = safe_emalloc(count, sizeof(tc_jmember), 0);
	memcpy(obj->members, members, count * sizeof(tc_jmember));
	zend_hash_init(&obj->keys, count, NULL, NULL, 0);
	ZEND_HASH_FOREACH_KEY(decoded, index, key) {
		ZVAL_LONG(&number, n++);
		if (key) {
			zend_hash_add_new(&obj->keys, key, &number);
		} else {
			zend_hash_index_add_new(&obj->keys, index, &number);
		}
	} ZEND_HASH_FOREACH_END();
}

void tc_jtext_dtor(tc_jobject *obj)
{
	efree(obj->members);
	zend_hash_destroy(&obj->keys);
}

tc_jmember *tc_jtext_find(tc_jobject *obj, zend_string *str_key, zend_ulong num_key)
{
	zval *n = str_key ? zend_hash_find(&obj->keys, str_key) : zend_hash_index_find(&obj->keys, num_key);

	return n ? &obj->members[Z_LVAL_P(n)] : NULL;
}

static int tc_jedit_compare(const void *a, const void *b)
{
	const tc_jedit *x = a, *y = b;

	return x->start < y->start ? -1 : x->start > y->start;
}

zend_string *tc_jtext_apply(zend_string *text, tc_jedit *edits, uint32_t n)
{
	smart_str out = {0};
	size_t at = 0;
	uint32_t i;

	qsort(edits, n, sizeof(tc_jedit), tc_jedit_compare);
	for (i = 0; i < n; i++) {
		smart_str_appendl(&out, ZSTR_VAL(text) + at, edits[i].start - at);
		smart_str_append(&out, edits[i].str);
		at = edits[i].end;
	}
	smart_str_appendl(&out, ZSTR_VAL(text) + at, ZSTR_LEN(text) - at);
	return smart_str_extract(&out);
}

#define TC_PH_HEAD "[omitted] "
#define TC_PH_MIDDLE " bytes, sha256="
#define TC_PH_SHA_LEN 64 /* tc_omitted_note() reads it */

zend_string *tc_placeholder_text(zend_long bytes, zend_string *sha)
{
	return zend_strpprintf(0, TC_PH_HEAD ZEND_LONG_FMT TC_PH_MIDDLE "%s", bytes, ZSTR_VAL(sha));
}

bool tc_placeholder_parse(zend_string *text, zend_string **sha)
{
	const char *end = ZSTR_VAL(text) + ZSTR_LEN(text), *digits;
	size_t bytes;

	if (tc_omitted_note(ZSTR_VAL(text), end, &bytes, &digits) != end) {
		return 0;
	}
	if (sha) {
		*sha = zend_string_init(digits, TC_PH_SHA_LEN, 0);
	}
	return 1;
}
