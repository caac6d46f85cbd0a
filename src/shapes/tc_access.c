#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "zend_exceptions.h"
#include "zend_interfaces.h"
#include "zend_objects.h"
#include "zend_objects_API.h"

#include "../../php_toolcompact.h"
#include "tc_access.h"

zend_string *tc_keys[TC_K__COUNT];

static const char *const tc_key_names[TC_K__COUNT] = {
	"role", "content", "toolCalls", "toolResults", "id", "toolName", "arguments", "result",
	"_tool_compaction", "thresholdBytes", "omittedFields", "bytes", "sha256",
	"[omitted]", "tool", "estimate",
};

void tc_access_startup(void)
{
	int i;

	for (i = 0; i < TC_K__COUNT; i++) {
		tc_keys[i] = zend_string_init_interned(tc_key_names[i], strlen(tc_key_names[i]), 1);
	}
}

/* ---- objects: read and made through the engine's object API ---- */

/*
 * Objects are read and written as PHP code would: through the object's
 * handlers under the scope of the property's declaring class (EG(fake_scope),
 * as zend_read_property_ex() and zend_update_property_ex() set it), so that
 * readonly, private(set), property hooks, types and lazy objects are the
 * engine's business. Reading a lazy object initializes it, as reading one of
 * its properties in PHP does. Magic methods are never reached: only declared
 * properties and existing dynamic ones are read.
 */

/* The declared public instance property of each item field, or NULL (then
 * the field is looked for among the object's dynamic properties). */
typedef struct _tc_shape {
	zend_property_info *prop[TC_F__ITEM_FIELDS];
} tc_shape;

static void tc_shape_dtor(zval *zv)
{
	efree(Z_PTR_P(zv));
}

/* The public, non-static declared property name of ce, or NULL. */
static zend_property_info *tc_public_prop(zend_class_entry *ce, zend_string *name)
{
	zend_property_info *prop = zend_hash_find_ptr(&ce->properties_info, name);

	if (!prop || !(prop->flags & ZEND_ACC_PUBLIC) || (prop->flags & ZEND_ACC_STATIC)) {
		return NULL;
	}
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

/* Is prop a property with hooks (PHP 8.4), whose reads may run user code? */
static zend_always_inline bool tc_prop_hooked(const zend_property_info *prop)
{
#if PHP_VERSION_ID >= 80400
	return prop->hooks != NULL;
#else
	(void) prop;
	return 0;
#endif
}

/* Is prop a virtual property (PHP 8.4: hooks, no value of its own)? */
static zend_always_inline bool tc_prop_virtual(const zend_property_info *prop)
{
#if PHP_VERSION_ID >= 80400
	return (prop->flags & ZEND_ACC_VIRTUAL) != 0;
#else
	(void) prop;
	return 0;
#endif
}

/*
 * Reads the declared property name of obj as code of scope reads it, when
 * it has a value (has_property(ZEND_PROPERTY_EXISTS), as property_exists()
 * asks: no __isset(), and no __get() for an unset or uninitialized one),
 * then read_property. Returns the value (borrowed from obj, or *rv when a
 * hook made it) or NULL when it has none or the read threw (the exception
 * left to the caller).
 */
static zval *tc_obj_read_declared(zend_class_entry *scope, zend_object *obj, zend_string *name, zval *rv)
{
	zend_class_entry *old_scope = EG(fake_scope);
	zval *value = NULL;

	EG(fake_scope) = scope;
	if (obj->handlers->has_property(obj, name, ZEND_PROPERTY_EXISTS, NULL) && !EG(exception)) {
		value = obj->handlers->read_property(obj, name, BP_VAR_IS, NULL, rv);
	}
	EG(fake_scope) = old_scope;
	if (!value) {
		return NULL;
	}
	if (EG(exception)) {
		if (value == rv) {
			zval_ptr_dtor(rv);
		}
		return NULL;
	}
	/* a silent read of an uninitialized property gives the engine's own
	 * uninitialized zval */
	return value == &EG(uninitialized_zval) || Z_TYPE_P(value) == IS_UNDEF ? NULL : value;
}

/* Writes value (borrowed) into property name of obj as code of scope does
 * (zend_update_property_ex(): hooks, readonly and private(set) as the engine
 * has them). Returns false when the engine refused (exception cleared). */
static bool tc_obj_write(zend_class_entry *scope, zend_object *obj, zend_string *name, zval *value)
{
	ZVAL_DEREF(value);
	zend_update_property_ex(scope, obj, name, value);
	if (EG(exception)) {
		tc_clear_exception();
		return 0;
	}
	return 1;
}

/* The dynamic properties of obj (get_properties handler), or NULL. */
static HashTable *tc_obj_dynamic_table(zend_object *obj)
{
	HashTable *props = obj->handlers->get_properties(obj);

	if (EG(exception)) {
		tc_clear_exception();
		return NULL;
	}
	return props;
}

/* A dynamic property's value, or NULL. Borrowed from obj. */
static zval *tc_obj_dynamic(zend_object *obj, zend_string *name)
{
	HashTable *props = tc_obj_dynamic_table(obj);
	zval *value = props ? zend_hash_find(props, name) : NULL;

	return value && Z_TYPE_P(value) != IS_INDIRECT ? value : NULL;
}

/* The public property prop (declared, or dynamic when NULL) name of obj, or
 * NULL when it has none. Borrowed from obj: a value only a hook makes is
 * not read here (NULL). */
static zval *tc_obj_read_public(zend_object *obj, zend_property_info *prop, zend_string *name)
{
	zval rv, *value;

	if (!prop) {
		return tc_obj_dynamic(obj, name);
	}
	if (tc_prop_hooked(prop)) {
		return NULL; /* its value is what a hook returns: not borrowed */
	}
	value = tc_obj_read_declared(prop->ce, obj, name, &rv);
	if (value == &rv) {
		zval_ptr_dtor(&rv);
		return NULL;
	}
	tc_clear_exception();
	return value;
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
	return obj->handlers == &std_object_handlers && obj->ce->create_object == NULL
		&& !(obj->ce->ce_flags & ZEND_ACC_ENUM);
}

zval *tc_item_get_raw(zval *item, tc_field f)
{
	zend_object *obj;

	if (Z_TYPE_P(item) == IS_ARRAY) {
		/* (the key's hash is known: it is interned) */
		return zend_hash_find_known_hash(Z_ARRVAL_P(item), tc_keys[f]);
	}
	obj = Z_OBJ_P(item);
	return tc_obj_read_public(obj, tc_shape_of(obj->ce)->prop[f], tc_keys[f]);
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

/* Can a property of type prop->type hold value in place of old (NULL: none)?
 * Objects are only replaced by objects of the same class. */
static bool tc_prop_accepts(zend_property_info *prop, zval *old, zval *value)
{
	if (!prop || !ZEND_TYPE_IS_SET(prop->type)) {
		return 1;
	}
	if (Z_TYPE_P(value) == IS_OBJECT) {
		if (!old) {
			return 0;
		}
		ZVAL_DEREF(old);
		return Z_TYPE_P(old) == IS_OBJECT && Z_OBJCE_P(old) == Z_OBJCE_P(value);
	}
	return ZEND_TYPE_CONTAINS_CODE(prop->type, Z_TYPE_P(value));
}

/* One new value for a copy: the property (declared, or dynamic when prop is
 * NULL) name gets value (borrowed). */
typedef struct _tc_override {
	zend_property_info *prop;
	zend_string        *name;
	zval               *value;
} tc_override;

/* Copies the declared property prop (named name) of src into dst, both of
 * prop's class: read and written in the scope of its declaring class, a PHP
 * reference copied as its value. One without a value (uninitialized or
 * unset) is unset in the copy, a virtual one (hooks only) is not copied. */
static bool tc_obj_copy_declared(zend_object *dst, zend_object *src, zend_property_info *prop, zend_string *name)
{
	zval rv, *value;
	bool ok;

	if ((prop->flags & ZEND_ACC_STATIC) || tc_prop_virtual(prop)) {
		return 1;
	}
	value = tc_obj_read_declared(prop->ce, src, name, &rv);
	if (!value) {
		zend_class_entry *old_scope = EG(fake_scope);

		if (EG(exception) || tc_prop_hooked(prop)) {
			return !EG(exception);
		}
		/* unset in the copy too, as a class with __get() unsets properties
		 * for it to answer (the fresh copy's property is uninitialized or
		 * has its default: no __unset() runs) */
		EG(fake_scope) = prop->ce;
		dst->handlers->unset_property(dst, name, NULL);
		EG(fake_scope) = old_scope;
		return !EG(exception);
	}
	ok = tc_obj_write(prop->ce, dst, name, value);
	if (value == &rv) {
		zval_ptr_dtor(&rv);
	}
	return ok;
}

/* Is prop one of the n overridden properties? */
static bool tc_overridden(const tc_override *over, uint32_t n, const zend_property_info *prop)
{
	uint32_t i;

	for (i = 0; i < n; i++) {
		if (over[i].prop == prop) {
			return 1;
		}
	}
	return 0;
}

/*
 * Makes *copy a new object of src's class without running its constructor
 * or __clone (as ReflectionClass::newInstanceWithoutConstructor() and then
 * assignments in each declaring class would): object_init_ex(), then the n
 * overrides written, then every other declared property (those of the class
 * as Reflection lists them, and private ones of parent classes that it
 * hides) copied, then the dynamic properties. The overrides come first so
 * that a readonly property is initialized once, with the new value. Cloning
 * (clone_obj) was not used: it runs __clone and a cloned readonly property
 * cannot be written again. Returns false, *copy undefined, when the engine
 * refuses a write or user code throws (cleared).
 */
static bool tc_obj_copy(zval *copy, zend_object *src, const tc_override *over, uint32_t n)
{
	zend_class_entry *ce = src->ce, *parent;
	zend_property_info *prop;
	zend_string *key;
	zend_ulong index;
	zval *value;
	HashTable *props, *dst_props = NULL;
	zend_object *dst;
	uint32_t i;

	if (object_init_ex(copy, ce) != SUCCESS) {
		tc_clear_exception();
		ZVAL_UNDEF(copy);
		return 0;
	}
	dst = Z_OBJ_P(copy);
	for (i = 0; i < n; i++) {
		if (over[i].prop && !tc_obj_write(over[i].prop->ce, dst, over[i].name, over[i].value)) {
			goto failed;
		}
	}
	ZEND_HASH_FOREACH_STR_KEY_PTR(&ce->properties_info, key, prop) {
		if (!tc_overridden(over, n, prop) && !tc_obj_copy_declared(dst, src, prop, key)) {
			goto failed;
		}
	} ZEND_HASH_FOREACH_END();
	for (parent = ce->parent; parent; parent = parent->parent) {
		ZEND_HASH_FOREACH_STR_KEY_PTR(&parent->properties_info, key, prop) {
			zend_property_info *seen = zend_hash_find_ptr(&ce->properties_info, key);

			/* a private property of a parent that the class redeclares */
			if (prop->ce == parent && (prop->flags & ZEND_ACC_PRIVATE) && (!seen || seen->ce != parent)
					&& !tc_obj_copy_declared(dst, src, prop, key)) {
				goto failed;
			}
		} ZEND_HASH_FOREACH_END();
	}
	if (!(props = tc_obj_dynamic_table(src))) {
		goto done;
	}
	/* dynamic properties go into the copy's table (get_properties) as they
	 * are: a write would raise the dynamic-property deprecation */
	ZEND_HASH_FOREACH_KEY_VAL(props, index, key, value) {
		zval item;

		if (Z_TYPE_P(value) == IS_INDIRECT) {
			continue; /* a declared property, copied above */
		}
		ZVAL_COPY_DEREF(&item, value);
		for (i = 0; i < n; i++) {
			if (!over[i].prop && key && zend_string_equals(key, over[i].name)) {
				zval_ptr_dtor(&item);
				ZVAL_COPY(&item, over[i].value);
			}
		}
		if (!dst_props && !(dst_props = tc_obj_dynamic_table(dst))) {
			zval_ptr_dtor(&item);
			goto failed;
		}
		tc_hash_update_key(dst_props, key, index, &item);
	} ZEND_HASH_FOREACH_END();
done:
	return 1;
failed:
	tc_clear_exception();
	zval_ptr_dtor(copy);
	ZVAL_UNDEF(copy);
	return 0;
}

/* Sets *over to write value (borrowed) into the public property name of obj
 * (declared, or an existing dynamic one). Returns false when obj has no such
 * property or its type refuses value. */
static bool tc_override_of(tc_override *over, zend_object *obj, zend_property_info *prop, zend_string *name, zval *value)
{
	zval rv, *old = NULL;
	bool ok;

	if (!prop) {
		if (!tc_obj_dynamic(obj, name)) {
			return 0;
		}
	} else if (ZEND_TYPE_IS_SET(prop->type) && Z_TYPE_P(value) == IS_OBJECT) {
		old = tc_obj_read_declared(prop->ce, obj, name, &rv);
	}
	ok = !EG(exception) && tc_prop_accepts(prop, old, value);
	tc_clear_exception();
	if (old == &rv) {
		zval_ptr_dtor(&rv);
	}
	over->prop = prop;
	over->name = name;
	over->value = value;
	return ok;
}

bool tc_item_copy(zval *copy, zval *item)
{
	if (Z_TYPE_P(item) == IS_ARRAY) {
		ZVAL_ARR(copy, zend_array_dup(Z_ARRVAL_P(item)));
		return 1;
	}
	return tc_obj_copy(copy, Z_OBJ_P(item), NULL, 0);
}

/* Sets the public property name (declared prop, or dynamic when NULL) of
 * copy, an object the caller owns, to value (taken over on success). A
 * readonly property already initialized is not written again: *copy is
 * replaced by a new copy of it that has value from the start. */
static bool tc_obj_set(zval *copy, zend_property_info *prop, zend_string *name, zval *value)
{
	zend_object *obj = Z_OBJ_P(copy);
	tc_override over;
	zval fresh;

	if (!tc_override_of(&over, obj, prop, name, value)) {
		return 0;
	}
	if (!prop) {
		HashTable *props = tc_obj_dynamic_table(obj);

		if (!props) {
			return 0;
		}
		zend_hash_update(props, name, value); /* the copy's own table */
		return 1;
	}
	if (!(prop->flags & ZEND_ACC_READONLY)) {
		if (!tc_obj_write(prop->ce, obj, name, value)) {
			return 0;
		}
	} else {
		if (!tc_obj_copy(&fresh, obj, &over, 1)) {
			return 0;
		}
		zval_ptr_dtor(copy);
		ZVAL_COPY_VALUE(copy, &fresh);
	}
	zval_ptr_dtor(value);
	return 1;
}

bool tc_item_copy_set(zval *copy, zval *item, tc_field f, zval *value)
{
	zend_object *obj;
	tc_override over;

	if (Z_TYPE_P(item) == IS_ARRAY) {
		tc_swap swap;

		tc_swap_field(&swap, f, value);
		ZVAL_ARR(copy, tc_array_copy_swapping(Z_ARRVAL_P(item), &swap, 1));
		return 1;
	}
	obj = Z_OBJ_P(item);
	if (!tc_override_of(&over, obj, tc_shape_of(obj->ce)->prop[f], tc_keys[f], value)
			|| !tc_obj_copy(copy, obj, &over, 1)) {
		return 0;
	}
	zval_ptr_dtor(value);
	return 1;
}

bool tc_item_set(zval *copy, tc_field f, zval *value)
{
	if (Z_TYPE_P(copy) == IS_ARRAY) {
		tc_hash_replace_key(Z_ARRVAL_P(copy), tc_keys[f], 0, value);
		return 1;
	}
	return tc_obj_set(copy, tc_shape_of(Z_OBJCE_P(copy))->prop[f], tc_keys[f], value);
}

zval *tc_obj_prop(zval *object, zend_string *name)
{
	zend_object *obj = Z_OBJ_P(object);

	return tc_obj_read_public(obj, tc_public_prop(obj->ce, name), name);
}

bool tc_obj_prop_set(zval *copy, zend_string *name, zval *value)
{
	return tc_obj_set(copy, tc_public_prop(Z_OBJCE_P(copy), name), name, value);
}

bool tc_obj_copy_set(zval *copy, zval *object, zend_string *name, zval *value)
{
	zend_object *obj = Z_OBJ_P(object);
	tc_override over;

	if (!tc_override_of(&over, obj, tc_public_prop(obj->ce, name), name, value)
			|| !tc_obj_copy(copy, obj, &over, 1)) {
		return 0;
	}
	zval_ptr_dtor(value);
	return 1;
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
	access->view = 0;
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
