#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_exceptions.h"
#include "zend_interfaces.h"
#include "zend_objects.h"
#include "zend_objects_API.h"
#if PHP_VERSION_ID >= 80400
# include "zend_lazy_objects.h"
#endif

#include "../../php_toolcompact.h"
#include "tc_access.h"

zend_string *tc_keys[TC_K__COUNT];

static const char *const tc_key_names[TC_K__COUNT] = {
	"role", "content", "toolCalls", "toolResults", "id", "toolName", "arguments", "result",
	"_tool_compaction", "thresholdBytes", "omittedFields", "bytes", "sha256",
	"[omitted]", "tool",
};

void tc_access_startup(void)
{
	int i;

	for (i = 0; i < TC_K__COUNT; i++) {
		tc_keys[i] = zend_string_init_interned(tc_key_names[i], strlen(tc_key_names[i]), 1);
	}
}

/* ---- objects: where each field lives in a class ---- */

/* The declared public instance property of each item field, or NULL (then
 * the field is looked for among the object's dynamic properties). */
typedef struct _tc_shape {
	zend_property_info *prop[TC_F__ITEM_FIELDS];
} tc_shape;

static void tc_shape_dtor(zval *zv)
{
	efree(Z_PTR_P(zv));
}

/* The public, non-static declared property name of ce whose value is its
 * slot, or NULL. */
static zend_property_info *tc_public_prop(zend_class_entry *ce, zend_string *name)
{
	zend_property_info *prop = zend_hash_find_ptr(&ce->properties_info, name);

	if (!prop || !(prop->flags & ZEND_ACC_PUBLIC) || (prop->flags & ZEND_ACC_STATIC)) {
		return NULL;
	}
#if PHP_VERSION_ID >= 80400
	if (prop->hooks) {
		return NULL; /* its value is not simply its slot */
	}
#endif
	return prop;
}

static const tc_shape *tc_shape_of(zend_class_entry *ce)
{
	HashTable *shapes = TOOLCOMPACT_G(shapes);
	tc_shape *shape;
	int f;

	if (!shapes) {
		ALLOC_HASHTABLE(shapes);
		zend_hash_init(shapes, 8, NULL, tc_shape_dtor, 0);
		TOOLCOMPACT_G(shapes) = shapes;
	} else if ((shape = zend_hash_index_find_ptr(shapes, (zend_ulong) (uintptr_t) ce))) {
		return shape;
	}
	shape = emalloc(sizeof(*shape));
	for (f = 0; f < TC_F__ITEM_FIELDS; f++) {
		shape->prop[f] = tc_public_prop(ce, tc_keys[f]);
	}
	zend_hash_index_add_new_ptr(shapes, (zend_ulong) (uintptr_t) ce, shape);
	return shape;
}

void tc_access_request_shutdown(void)
{
	if (TOOLCOMPACT_G(shapes)) {
		zend_hash_destroy(TOOLCOMPACT_G(shapes));
		FREE_HASHTABLE(TOOLCOMPACT_G(shapes));
		TOOLCOMPACT_G(shapes) = NULL;
	}
}

/* A dynamic property's slot, or NULL. */
static zval *tc_obj_dynamic(zend_object *obj, tc_field f)
{
	zval *value = obj->properties ? zend_hash_find(obj->properties, tc_keys[f]) : NULL;

	return value && Z_TYPE_P(value) != IS_INDIRECT ? value : NULL;
}

bool tc_item_readable(zval *item)
{
	zend_object *obj;

	if (Z_TYPE_P(item) == IS_ARRAY) {
		return 1;
	}
	if (Z_TYPE_P(item) != IS_OBJECT) {
		return 0;
	}
	obj = Z_OBJ_P(item);
#if PHP_VERSION_ID >= 80400
	if (zend_object_is_lazy(obj)) {
		return 0;
	}
#endif
	return obj->handlers == &std_object_handlers && obj->ce->create_object == NULL
		&& !(obj->ce->ce_flags & ZEND_ACC_ENUM);
}

zval *tc_item_get_raw(zval *item, tc_field f)
{
	zval *value;

	if (Z_TYPE_P(item) == IS_ARRAY) {
		/* (the key's hash is known: it is interned) */
		value = zend_hash_find_known_hash(Z_ARRVAL_P(item), tc_keys[f]);
	} else {
		zend_object *obj = Z_OBJ_P(item);
		zend_property_info *prop = tc_shape_of(obj->ce)->prop[f];

		value = prop ? OBJ_PROP(obj, prop->offset) : tc_obj_dynamic(obj, f);
		if (value && Z_TYPE_P(value) == IS_UNDEF) {
			value = NULL; /* an uninitialized typed property */
		}
	}
	return value;
}

HashTable *tc_array_copy_swapping(HashTable *ht, tc_swap *swaps, uint32_t n)
{
	HashTable *copy = zend_array_dup(ht);
	uint32_t i;

	for (i = 0; i < n; i++) {
		tc_hash_replace_key(copy, swaps[i].key, swaps[i].index, &swaps[i].value);
	}
	return copy;
}

void tc_item_copy(zval *copy, zval *item)
{
	zend_object *src, *dst;
	int i;

	if (Z_TYPE_P(item) == IS_ARRAY) {
		ZVAL_ARR(copy, zend_array_dup(Z_ARRVAL_P(item)));
		return;
	}
	/* A new object of the class, no constructor: every slot copied. */
	src = Z_OBJ_P(item);
	dst = zend_objects_new(src->ce);
	for (i = 0; i < src->ce->default_properties_count; i++) {
		zval *from = &src->properties_table[i], *to = &dst->properties_table[i];

		ZVAL_COPY_PROP(to, from);
		if (Z_ISREF_P(to) && ZEND_REF_HAS_TYPE_SOURCES(Z_REF_P(to))) {
			zend_property_info *prop = zend_get_property_info_for_slot(dst, to);

			if (ZEND_TYPE_IS_SET(prop->type)) {
				ZEND_REF_ADD_TYPE_SOURCE(Z_REF_P(to), prop);
			}
		}
	}
	if (src->properties) {
		HashTable *props = NULL;
		zend_string *key;
		zend_ulong index;
		zval *value;

		ZEND_HASH_FOREACH_KEY_VAL(src->properties, index, key, value) {
			if (Z_TYPE_P(value) == IS_INDIRECT) {
				continue; /* a declared property, copied above */
			}
			if (!props) {
				props = zend_std_get_properties(dst);
			}
			Z_TRY_ADDREF_P(value);
			tc_hash_update_key(props, key, index, value);
		} ZEND_HASH_FOREACH_END();
	}
	ZVAL_OBJ(copy, dst);
}

bool tc_item_copy_set(zval *copy, zval *item, tc_field f, zval *value)
{
	if (Z_TYPE_P(item) == IS_ARRAY) {
		tc_swap swap;

		tc_swap_field(&swap, f, value);
		ZVAL_ARR(copy, tc_array_copy_swapping(Z_ARRVAL_P(item), &swap, 1));
		return 1;
	}
	tc_item_copy(copy, item);
	if (!tc_item_set(copy, f, value)) {
		zval_ptr_dtor(copy);
		return 0;
	}
	return 1;
}

/* Can a property of type prop->type hold value in place of old? Objects are
 * only replaced by objects of the same class. */
static bool tc_prop_accepts(zend_property_info *prop, zval *old, zval *value)
{
	if (!ZEND_TYPE_IS_SET(prop->type)) {
		return 1;
	}
	if (Z_TYPE_P(value) == IS_OBJECT) {
		ZVAL_DEREF(old);
		return Z_TYPE_P(old) == IS_OBJECT && Z_OBJCE_P(old) == Z_OBJCE_P(value);
	}
	return ZEND_TYPE_CONTAINS_CODE(prop->type, Z_TYPE_P(value));
}

/* Writes value (taken over) into the slot of a copy's property (prop NULL:
 * dynamic), or returns false when its type refuses it. */
static bool tc_slot_set(zend_property_info *prop, zval *slot, zval *value)
{
	zval old;

	if (prop && !tc_prop_accepts(prop, slot, value)) {
		return 0;
	}
	/* The slot is the copy's own: a reference it shares with the original is
	 * let go of, never written through. */
	if (prop && Z_ISREF_P(slot) && ZEND_REF_HAS_TYPE_SOURCES(Z_REF_P(slot)) && ZEND_TYPE_IS_SET(prop->type)) {
		ZEND_REF_DEL_TYPE_SOURCE(Z_REF_P(slot), prop);
	}
	ZVAL_COPY_VALUE(&old, slot);
	ZVAL_COPY_VALUE(slot, value);
	zval_ptr_dtor(&old);
	return 1;
}

bool tc_item_set(zval *copy, tc_field f, zval *value)
{
	zend_object *obj;
	zend_property_info *prop;
	zval *slot;

	if (Z_TYPE_P(copy) == IS_ARRAY) {
		tc_hash_replace_key(Z_ARRVAL_P(copy), tc_keys[f], 0, value);
		return 1;
	}
	obj = Z_OBJ_P(copy);
	prop = tc_shape_of(obj->ce)->prop[f];
	slot = prop ? OBJ_PROP(obj, prop->offset) : tc_obj_dynamic(obj, f);
	return slot && tc_slot_set(prop, slot, value);
}

zval *tc_obj_prop(zval *object, zend_string *name)
{
	zend_object *obj = Z_OBJ_P(object);
	zend_property_info *prop = tc_public_prop(obj->ce, name);
	zval *value;

	if (prop) {
		value = OBJ_PROP(obj, prop->offset);
		return Z_TYPE_P(value) == IS_UNDEF ? NULL : value;
	}
	value = obj->properties ? zend_hash_find(obj->properties, name) : NULL;
	return value && Z_TYPE_P(value) != IS_INDIRECT ? value : NULL;
}

bool tc_obj_prop_set(zval *copy, zend_string *name, zval *value)
{
	zend_object *obj = Z_OBJ_P(copy);
	zend_property_info *prop = tc_public_prop(obj->ce, name);
	zval *slot = tc_obj_prop(copy, name);

	return slot && tc_slot_set(prop, slot, value);
}

/* ---- lists ---- */

/* A collection read by a pass: held, with its items. */
typedef struct _tc_read_list {
	zend_object *collection;
	HashTable   *items;
} tc_read_list;

static void tc_read_list_dtor(zval *zv)
{
	tc_read_list *read = Z_PTR_P(zv);

	if (read->items) {
		zend_array_release(read->items);
	}
	OBJ_RELEASE(read->collection);
	efree(read);
}

void tc_access_init(tc_access *access)
{
	zend_hash_init(&access->lists, 0, NULL, tc_read_list_dtor, 0);
	access->arrays_only = 0;
}

void tc_access_dtor(tc_access *access)
{
	zend_hash_destroy(&access->lists);
}

/* The items of a Traversable, in order and re-indexed; NULL when iterating
 * it throws (the exception is cleared). */
static HashTable *tc_list_read(zval *collection)
{
	zend_class_entry *ce = Z_OBJCE_P(collection);
	zend_object_iterator *it = ce->get_iterator(ce, collection, 0);
	HashTable *items = NULL;

	if (it && !EG(exception)) {
		items = zend_new_array(0);
		it->index = 0;
		if (it->funcs->rewind) {
			it->funcs->rewind(it);
		}
		while (!EG(exception) && it->funcs->valid(it) == SUCCESS) {
			zval *item = it->funcs->get_current_data(it);

			if (EG(exception) || !item) {
				break;
			}
			ZVAL_DEREF(item);
			Z_TRY_ADDREF_P(item);
			zend_hash_next_index_insert_new(items, item);
			it->index++;
			it->funcs->move_forward(it);
		}
	}
	if (it) {
		zend_iterator_dtor(it);
	}
	if (EG(exception)) {
		tc_clear_exception();
		if (items) {
			zend_array_release(items);
		}
		return NULL;
	}
	return items;
}

HashTable *tc_list_items(tc_access *access, zval *list)
{
	tc_read_list *read;
	zend_ulong handle;

	if (!list) {
		return NULL;
	}
	if (Z_TYPE_P(list) == IS_ARRAY) {
		return Z_ARRVAL_P(list);
	}
	if (access->arrays_only || Z_TYPE_P(list) != IS_OBJECT || !instanceof_function(Z_OBJCE_P(list), zend_ce_traversable)) {
		return NULL;
	}
	handle = Z_OBJ_HANDLE_P(list);
	read = zend_hash_index_find_ptr(&access->lists, handle);
	if (!read) {
		read = emalloc(sizeof(*read));
		read->collection = Z_OBJ_P(list);
		GC_ADDREF(read->collection);
		read->items = tc_list_read(list);
		zend_hash_index_add_new_ptr(&access->lists, handle, read);
	}
	return read->items;
}

bool tc_list_make(zval *out, zval *orig, zval *items)
{
	zend_class_entry *ce;
	zend_function *ctor;

	if (Z_TYPE_P(orig) == IS_ARRAY) {
		ZVAL_COPY_VALUE(out, items);
		return 1;
	}
	ce = Z_OBJCE_P(orig);
	ctor = ce->constructor;
	if (!ctor || object_init_ex(out, ce) != SUCCESS) {
		tc_clear_exception();
		zval_ptr_dtor(items);
		return 0;
	}
	if ((ctor->common.fn_flags & ZEND_ACC_VARIADIC) && ctor->common.num_args == 0) {
		uint32_t count = zend_hash_num_elements(Z_ARRVAL_P(items)), i = 0;
		zval *args = safe_emalloc(count, sizeof(zval), 0), *item;

		ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(items), item) {
			ZVAL_COPY_VALUE(&args[i++], item);
		} ZEND_HASH_FOREACH_END();
		zend_call_known_instance_method(ctor, Z_OBJ_P(out), NULL, count, args);
		efree(args);
	} else {
		zend_call_known_instance_method_with_1_params(ctor, Z_OBJ_P(out), NULL, items);
	}
	zval_ptr_dtor(items);
	if (EG(exception)) {
		tc_clear_exception();
		zval_ptr_dtor(out);
		return 0;
	}
	return 1;
}

/* tc_value_unchangeable() below depth levels of arrays. */
static bool tc_value_unchangeable_at(zval *value, int depth, int max_depth)
{
	zval *element;

	switch (Z_TYPE_P(value)) {
		case IS_ARRAY:
			if (GC_FLAGS(Z_ARRVAL_P(value)) & IS_ARRAY_IMMUTABLE) {
				return 1; /* an immutable array cannot hold those */
			}
			if (depth >= max_depth) {
				return 0;
			}
			ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(value), element) {
				if (!tc_value_unchangeable_at(element, depth + 1, max_depth)) {
					return 0;
				}
			} ZEND_HASH_FOREACH_END();
			return 1;
		case IS_OBJECT:
		case IS_REFERENCE:
		case IS_RESOURCE:
		case IS_INDIRECT:
			return 0;
		default:
			return 1;
	}
}

bool tc_value_unchangeable(zval *value, int max_depth)
{
	return tc_value_unchangeable_at(value, 0, max_depth);
}
