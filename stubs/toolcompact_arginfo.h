/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: 6d559d315a138f6b3e4b818cc5c75ffdc986c1a4 */

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_toolcompact_compact, 0, 1, MAY_BE_ARRAY|MAY_BE_OBJECT)
	ZEND_ARG_TYPE_MASK(0, messages, MAY_BE_ARRAY|MAY_BE_OBJECT, NULL)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, params, IS_ARRAY, 0, "[]")
	ZEND_ARG_INFO_WITH_DEFAULT_VALUE(1, report, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_toolcompact_compact_request, 0, 1, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, body, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, params, IS_ARRAY, 0, "[]")
	ZEND_ARG_INFO_WITH_DEFAULT_VALUE(1, report, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_toolcompact_restore, 0, 2, MAY_BE_ARRAY|MAY_BE_OBJECT)
	ZEND_ARG_TYPE_MASK(0, messages, MAY_BE_ARRAY|MAY_BE_OBJECT, NULL)
	ZEND_ARG_TYPE_INFO(0, lookup, IS_CALLABLE, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, params, IS_ARRAY, 0, "[]")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_toolcompact_memo_info, 0, 0, IS_ARRAY, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_toolcompact_format, 0, 1, IS_STRING, 1)
	ZEND_ARG_TYPE_MASK(0, messages, MAY_BE_ARRAY|MAY_BE_OBJECT, NULL)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_toolcompact_retrieval_tool, 0, 0, IS_ARRAY, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, format, IS_STRING, 0, "\"openai\"")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, name, IS_STRING, 0, "\"read_omitted\"")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_toolcompact_retrieve, 0, 2, IS_STRING, 1)
	ZEND_ARG_TYPE_INFO(0, sha256, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, lookup, IS_CALLABLE, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_toolcompact_readback_next, 0, 3, IS_STRING, 1)
	ZEND_ARG_TYPE_INFO(0, request, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, response, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, lookup, IS_CALLABLE, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, name, IS_STRING, 0, "\"read_omitted\"")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_ToolCompact_ToolCompactionConversationContextStrategy_getId, 0, 0, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_class_ToolCompact_ToolCompactionConversationContextStrategy_compact, 0, 1, MAY_BE_ARRAY|MAY_BE_OBJECT)
	ZEND_ARG_TYPE_MASK(0, history, MAY_BE_ARRAY|MAY_BE_OBJECT, NULL)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, params, IS_ARRAY, 0, "[]")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_ToolCompact_ToolCompactionStrategyParams_resolve, 0, 1, IS_ARRAY, 0)
	ZEND_ARG_TYPE_INFO(0, params, IS_ARRAY, 0)
ZEND_END_ARG_INFO()


ZEND_FUNCTION(toolcompact_compact);
ZEND_FUNCTION(toolcompact_compact_request);
ZEND_FUNCTION(toolcompact_restore);
ZEND_FUNCTION(toolcompact_memo_info);
ZEND_FUNCTION(toolcompact_format);
ZEND_FUNCTION(toolcompact_retrieval_tool);
ZEND_FUNCTION(toolcompact_retrieve);
ZEND_FUNCTION(toolcompact_readback_next);
ZEND_METHOD(ToolCompact_ToolCompactionConversationContextStrategy, getId);
ZEND_METHOD(ToolCompact_ToolCompactionConversationContextStrategy, compact);
ZEND_METHOD(ToolCompact_ToolCompactionStrategyParams, resolve);


static const zend_function_entry ext_functions[] = {
	ZEND_FE(toolcompact_compact, arginfo_toolcompact_compact)
	ZEND_FE(toolcompact_compact_request, arginfo_toolcompact_compact_request)
	ZEND_FE(toolcompact_restore, arginfo_toolcompact_restore)
	ZEND_FE(toolcompact_memo_info, arginfo_toolcompact_memo_info)
	ZEND_FE(toolcompact_format, arginfo_toolcompact_format)
	ZEND_FE(toolcompact_retrieval_tool, arginfo_toolcompact_retrieval_tool)
	ZEND_FE(toolcompact_retrieve, arginfo_toolcompact_retrieve)
	ZEND_FE(toolcompact_readback_next, arginfo_toolcompact_readback_next)
	ZEND_FE_END
};


static const zend_function_entry class_ToolCompact_NativeStrategy_methods[] = {
	ZEND_FE_END
};


static const zend_function_entry class_ToolCompact_BindingException_methods[] = {
	ZEND_FE_END
};


static const zend_function_entry class_ToolCompact_ToolCompactionConversationContextStrategy_methods[] = {
	ZEND_ME(ToolCompact_ToolCompactionConversationContextStrategy, getId, arginfo_class_ToolCompact_ToolCompactionConversationContextStrategy_getId, ZEND_ACC_PUBLIC)
	ZEND_ME(ToolCompact_ToolCompactionConversationContextStrategy, compact, arginfo_class_ToolCompact_ToolCompactionConversationContextStrategy_compact, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_ToolCompact_ToolCompactionStrategyParams_methods[] = {
	ZEND_ME(ToolCompact_ToolCompactionStrategyParams, resolve, arginfo_class_ToolCompact_ToolCompactionStrategyParams_resolve, ZEND_ACC_PUBLIC|ZEND_ACC_STATIC)
	ZEND_FE_END
};

static zend_class_entry *register_class_ToolCompact_NativeStrategy(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "ToolCompact", "NativeStrategy", class_ToolCompact_NativeStrategy_methods);
	class_entry = zend_register_internal_interface(&ce);

	return class_entry;
}

static zend_class_entry *register_class_ToolCompact_BindingException(zend_class_entry *class_entry_LogicException)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "ToolCompact", "BindingException", class_ToolCompact_BindingException_methods);
	class_entry = zend_register_internal_class_ex(&ce, class_entry_LogicException);
	class_entry->ce_flags |= ZEND_ACC_FINAL;

	return class_entry;
}

static zend_class_entry *register_class_ToolCompact_ToolCompactionConversationContextStrategy(zend_class_entry *class_entry_ToolCompact_NativeStrategy)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "ToolCompact", "ToolCompactionConversationContextStrategy", class_ToolCompact_ToolCompactionConversationContextStrategy_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_FINAL;
	zend_class_implements(class_entry, 1, class_entry_ToolCompact_NativeStrategy);

	return class_entry;
}

static zend_class_entry *register_class_ToolCompact_ToolCompactionStrategyParams(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "ToolCompact", "ToolCompactionStrategyParams", class_ToolCompact_ToolCompactionStrategyParams_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_FINAL;

	zval const_STRATEGY_ID_value;
	zend_string *const_STRATEGY_ID_value_str = zend_string_init("tool_compaction", strlen("tool_compaction"), 1);
	ZVAL_STR(&const_STRATEGY_ID_value, const_STRATEGY_ID_value_str);
	zend_string *const_STRATEGY_ID_name = zend_string_init_interned("STRATEGY_ID", sizeof("STRATEGY_ID") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_STRATEGY_ID_name, &const_STRATEGY_ID_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_STRATEGY_ID_name);

	zval const_INPUT_TRIM_BYTES_value;
	zend_string *const_INPUT_TRIM_BYTES_value_str = zend_string_init("inputTrimBytes", strlen("inputTrimBytes"), 1);
	ZVAL_STR(&const_INPUT_TRIM_BYTES_value, const_INPUT_TRIM_BYTES_value_str);
	zend_string *const_INPUT_TRIM_BYTES_name = zend_string_init_interned("INPUT_TRIM_BYTES", sizeof("INPUT_TRIM_BYTES") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_INPUT_TRIM_BYTES_name, &const_INPUT_TRIM_BYTES_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_INPUT_TRIM_BYTES_name);

	zval const_OUTPUT_TRIM_BYTES_value;
	zend_string *const_OUTPUT_TRIM_BYTES_value_str = zend_string_init("outputTrimBytes", strlen("outputTrimBytes"), 1);
	ZVAL_STR(&const_OUTPUT_TRIM_BYTES_value, const_OUTPUT_TRIM_BYTES_value_str);
	zend_string *const_OUTPUT_TRIM_BYTES_name = zend_string_init_interned("OUTPUT_TRIM_BYTES", sizeof("OUTPUT_TRIM_BYTES") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OUTPUT_TRIM_BYTES_name, &const_OUTPUT_TRIM_BYTES_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OUTPUT_TRIM_BYTES_name);

	zval const_EXCLUDED_TOOLS_value;
	zend_string *const_EXCLUDED_TOOLS_value_str = zend_string_init("excludedTools", strlen("excludedTools"), 1);
	ZVAL_STR(&const_EXCLUDED_TOOLS_value, const_EXCLUDED_TOOLS_value_str);
	zend_string *const_EXCLUDED_TOOLS_name = zend_string_init_interned("EXCLUDED_TOOLS", sizeof("EXCLUDED_TOOLS") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_EXCLUDED_TOOLS_name, &const_EXCLUDED_TOOLS_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_EXCLUDED_TOOLS_name);

	zval const_TOOL_IDENTIFIER_FIELDS_value;
	zend_string *const_TOOL_IDENTIFIER_FIELDS_value_str = zend_string_init("toolIdentifierFields", strlen("toolIdentifierFields"), 1);
	ZVAL_STR(&const_TOOL_IDENTIFIER_FIELDS_value, const_TOOL_IDENTIFIER_FIELDS_value_str);
	zend_string *const_TOOL_IDENTIFIER_FIELDS_name = zend_string_init_interned("TOOL_IDENTIFIER_FIELDS", sizeof("TOOL_IDENTIFIER_FIELDS") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_TOOL_IDENTIFIER_FIELDS_name, &const_TOOL_IDENTIFIER_FIELDS_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_TOOL_IDENTIFIER_FIELDS_name);

	zval const_KEEP_LATEST_PER_GROUP_value;
	zend_string *const_KEEP_LATEST_PER_GROUP_value_str = zend_string_init("keepLatestPerGroup", strlen("keepLatestPerGroup"), 1);
	ZVAL_STR(&const_KEEP_LATEST_PER_GROUP_value, const_KEEP_LATEST_PER_GROUP_value_str);
	zend_string *const_KEEP_LATEST_PER_GROUP_name = zend_string_init_interned("KEEP_LATEST_PER_GROUP", sizeof("KEEP_LATEST_PER_GROUP") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_KEEP_LATEST_PER_GROUP_name, &const_KEEP_LATEST_PER_GROUP_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_KEEP_LATEST_PER_GROUP_name);

	zval const_KEEP_RECENT_MESSAGES_value;
	zend_string *const_KEEP_RECENT_MESSAGES_value_str = zend_string_init("keepRecentMessages", strlen("keepRecentMessages"), 1);
	ZVAL_STR(&const_KEEP_RECENT_MESSAGES_value, const_KEEP_RECENT_MESSAGES_value_str);
	zend_string *const_KEEP_RECENT_MESSAGES_name = zend_string_init_interned("KEEP_RECENT_MESSAGES", sizeof("KEEP_RECENT_MESSAGES") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_KEEP_RECENT_MESSAGES_name, &const_KEEP_RECENT_MESSAGES_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_KEEP_RECENT_MESSAGES_name);

	zval const_COMPACT_INPUTS_value;
	zend_string *const_COMPACT_INPUTS_value_str = zend_string_init("compactInputs", strlen("compactInputs"), 1);
	ZVAL_STR(&const_COMPACT_INPUTS_value, const_COMPACT_INPUTS_value_str);
	zend_string *const_COMPACT_INPUTS_name = zend_string_init_interned("COMPACT_INPUTS", sizeof("COMPACT_INPUTS") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_COMPACT_INPUTS_name, &const_COMPACT_INPUTS_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_COMPACT_INPUTS_name);

	zval const_COMPACT_OUTPUTS_value;
	zend_string *const_COMPACT_OUTPUTS_value_str = zend_string_init("compactOutputs", strlen("compactOutputs"), 1);
	ZVAL_STR(&const_COMPACT_OUTPUTS_value, const_COMPACT_OUTPUTS_value_str);
	zend_string *const_COMPACT_OUTPUTS_name = zend_string_init_interned("COMPACT_OUTPUTS", sizeof("COMPACT_OUTPUTS") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_COMPACT_OUTPUTS_name, &const_COMPACT_OUTPUTS_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_COMPACT_OUTPUTS_name);

	zval const_TRIGGER_value;
	zend_string *const_TRIGGER_value_str = zend_string_init("trigger", strlen("trigger"), 1);
	ZVAL_STR(&const_TRIGGER_value, const_TRIGGER_value_str);
	zend_string *const_TRIGGER_name = zend_string_init_interned("TRIGGER", sizeof("TRIGGER") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_TRIGGER_name, &const_TRIGGER_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_TRIGGER_name);

	zval const_MIN_SAVED_BYTES_value;
	zend_string *const_MIN_SAVED_BYTES_value_str = zend_string_init("minSavedBytes", strlen("minSavedBytes"), 1);
	ZVAL_STR(&const_MIN_SAVED_BYTES_value, const_MIN_SAVED_BYTES_value_str);
	zend_string *const_MIN_SAVED_BYTES_name = zend_string_init_interned("MIN_SAVED_BYTES", sizeof("MIN_SAVED_BYTES") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_MIN_SAVED_BYTES_name, &const_MIN_SAVED_BYTES_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_MIN_SAVED_BYTES_name);

	zval const_TOKEN_COUNTER_value;
	zend_string *const_TOKEN_COUNTER_value_str = zend_string_init("tokenCounter", strlen("tokenCounter"), 1);
	ZVAL_STR(&const_TOKEN_COUNTER_value, const_TOKEN_COUNTER_value_str);
	zend_string *const_TOKEN_COUNTER_name = zend_string_init_interned("TOKEN_COUNTER", sizeof("TOKEN_COUNTER") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_TOKEN_COUNTER_name, &const_TOKEN_COUNTER_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_TOKEN_COUNTER_name);

	zval const_ON_OMIT_value;
	zend_string *const_ON_OMIT_value_str = zend_string_init("onOmit", strlen("onOmit"), 1);
	ZVAL_STR(&const_ON_OMIT_value, const_ON_OMIT_value_str);
	zend_string *const_ON_OMIT_name = zend_string_init_interned("ON_OMIT", sizeof("ON_OMIT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_ON_OMIT_name, &const_ON_OMIT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_ON_OMIT_name);

	zval const_FORMAT_value;
	zend_string *const_FORMAT_value_str = zend_string_init("format", strlen("format"), 1);
	ZVAL_STR(&const_FORMAT_value, const_FORMAT_value_str);
	zend_string *const_FORMAT_name = zend_string_init_interned("FORMAT", sizeof("FORMAT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_FORMAT_name, &const_FORMAT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_FORMAT_name);

	zval const_MAX_MESSAGES_value;
	zend_string *const_MAX_MESSAGES_value_str = zend_string_init("maxMessages", strlen("maxMessages"), 1);
	ZVAL_STR(&const_MAX_MESSAGES_value, const_MAX_MESSAGES_value_str);
	zend_string *const_MAX_MESSAGES_name = zend_string_init_interned("MAX_MESSAGES", sizeof("MAX_MESSAGES") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_MAX_MESSAGES_name, &const_MAX_MESSAGES_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_MAX_MESSAGES_name);

	zval const_MAX_TOKENS_WINDOW_value;
	zend_string *const_MAX_TOKENS_WINDOW_value_str = zend_string_init("maxTokensWindow", strlen("maxTokensWindow"), 1);
	ZVAL_STR(&const_MAX_TOKENS_WINDOW_value, const_MAX_TOKENS_WINDOW_value_str);
	zend_string *const_MAX_TOKENS_WINDOW_name = zend_string_init_interned("MAX_TOKENS_WINDOW", sizeof("MAX_TOKENS_WINDOW") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_MAX_TOKENS_WINDOW_name, &const_MAX_TOKENS_WINDOW_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_MAX_TOKENS_WINDOW_name);

	zval const_KEEP_SYSTEM_value;
	zend_string *const_KEEP_SYSTEM_value_str = zend_string_init("keepSystem", strlen("keepSystem"), 1);
	ZVAL_STR(&const_KEEP_SYSTEM_value, const_KEEP_SYSTEM_value_str);
	zend_string *const_KEEP_SYSTEM_name = zend_string_init_interned("KEEP_SYSTEM", sizeof("KEEP_SYSTEM") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_KEEP_SYSTEM_name, &const_KEEP_SYSTEM_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_KEEP_SYSTEM_name);

	zval const_KEEP_FIRST_USER_value;
	zend_string *const_KEEP_FIRST_USER_value_str = zend_string_init("keepFirstUser", strlen("keepFirstUser"), 1);
	ZVAL_STR(&const_KEEP_FIRST_USER_value, const_KEEP_FIRST_USER_value_str);
	zend_string *const_KEEP_FIRST_USER_name = zend_string_init_interned("KEEP_FIRST_USER", sizeof("KEEP_FIRST_USER") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_KEEP_FIRST_USER_name, &const_KEEP_FIRST_USER_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_KEEP_FIRST_USER_name);

	zval const_SUMMARIZE_value;
	zend_string *const_SUMMARIZE_value_str = zend_string_init("summarize", strlen("summarize"), 1);
	ZVAL_STR(&const_SUMMARIZE_value, const_SUMMARIZE_value_str);
	zend_string *const_SUMMARIZE_name = zend_string_init_interned("SUMMARIZE", sizeof("SUMMARIZE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_SUMMARIZE_name, &const_SUMMARIZE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_SUMMARIZE_name);

	zval const_TARGET_TOKENS_value;
	zend_string *const_TARGET_TOKENS_value_str = zend_string_init("targetTokens", strlen("targetTokens"), 1);
	ZVAL_STR(&const_TARGET_TOKENS_value, const_TARGET_TOKENS_value_str);
	zend_string *const_TARGET_TOKENS_name = zend_string_init_interned("TARGET_TOKENS", sizeof("TARGET_TOKENS") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_TARGET_TOKENS_name, &const_TARGET_TOKENS_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_TARGET_TOKENS_name);

	zval const_PREVIEW_BYTES_value;
	zend_string *const_PREVIEW_BYTES_value_str = zend_string_init("previewBytes", strlen("previewBytes"), 1);
	ZVAL_STR(&const_PREVIEW_BYTES_value, const_PREVIEW_BYTES_value_str);
	zend_string *const_PREVIEW_BYTES_name = zend_string_init_interned("PREVIEW_BYTES", sizeof("PREVIEW_BYTES") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_PREVIEW_BYTES_name, &const_PREVIEW_BYTES_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_PREVIEW_BYTES_name);

	zval const_PREVIEW_TAIL_value;
	zend_string *const_PREVIEW_TAIL_value_str = zend_string_init("previewTail", strlen("previewTail"), 1);
	ZVAL_STR(&const_PREVIEW_TAIL_value, const_PREVIEW_TAIL_value_str);
	zend_string *const_PREVIEW_TAIL_name = zend_string_init_interned("PREVIEW_TAIL", sizeof("PREVIEW_TAIL") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_PREVIEW_TAIL_name, &const_PREVIEW_TAIL_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_PREVIEW_TAIL_name);

	zval const_COLLAPSE_WHITESPACE_value;
	zend_string *const_COLLAPSE_WHITESPACE_value_str = zend_string_init("collapseWhitespace", strlen("collapseWhitespace"), 1);
	ZVAL_STR(&const_COLLAPSE_WHITESPACE_value, const_COLLAPSE_WHITESPACE_value_str);
	zend_string *const_COLLAPSE_WHITESPACE_name = zend_string_init_interned("COLLAPSE_WHITESPACE", sizeof("COLLAPSE_WHITESPACE") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_COLLAPSE_WHITESPACE_name, &const_COLLAPSE_WHITESPACE_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_COLLAPSE_WHITESPACE_name);

	zval const_KEEP_RECENT_TOOL_USES_value;
	zend_string *const_KEEP_RECENT_TOOL_USES_value_str = zend_string_init("keepRecentToolUses", strlen("keepRecentToolUses"), 1);
	ZVAL_STR(&const_KEEP_RECENT_TOOL_USES_value, const_KEEP_RECENT_TOOL_USES_value_str);
	zend_string *const_KEEP_RECENT_TOOL_USES_name = zend_string_init_interned("KEEP_RECENT_TOOL_USES", sizeof("KEEP_RECENT_TOOL_USES") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_KEEP_RECENT_TOOL_USES_name, &const_KEEP_RECENT_TOOL_USES_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_KEEP_RECENT_TOOL_USES_name);

	zval const_KEEP_RECENT_TURNS_value;
	zend_string *const_KEEP_RECENT_TURNS_value_str = zend_string_init("keepRecentTurns", strlen("keepRecentTurns"), 1);
	ZVAL_STR(&const_KEEP_RECENT_TURNS_value, const_KEEP_RECENT_TURNS_value_str);
	zend_string *const_KEEP_RECENT_TURNS_name = zend_string_init_interned("KEEP_RECENT_TURNS", sizeof("KEEP_RECENT_TURNS") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_KEEP_RECENT_TURNS_name, &const_KEEP_RECENT_TURNS_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_KEEP_RECENT_TURNS_name);

	zval const_KEEP_RECENT_TOKENS_value;
	zend_string *const_KEEP_RECENT_TOKENS_value_str = zend_string_init("keepRecentTokens", strlen("keepRecentTokens"), 1);
	ZVAL_STR(&const_KEEP_RECENT_TOKENS_value, const_KEEP_RECENT_TOKENS_value_str);
	zend_string *const_KEEP_RECENT_TOKENS_name = zend_string_init_interned("KEEP_RECENT_TOKENS", sizeof("KEEP_RECENT_TOKENS") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_KEEP_RECENT_TOKENS_name, &const_KEEP_RECENT_TOKENS_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_KEEP_RECENT_TOKENS_name);

	zval const_CONTEXT_WINDOW_value;
	zend_string *const_CONTEXT_WINDOW_value_str = zend_string_init("contextWindow", strlen("contextWindow"), 1);
	ZVAL_STR(&const_CONTEXT_WINDOW_value, const_CONTEXT_WINDOW_value_str);
	zend_string *const_CONTEXT_WINDOW_name = zend_string_init_interned("CONTEXT_WINDOW", sizeof("CONTEXT_WINDOW") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_CONTEXT_WINDOW_name, &const_CONTEXT_WINDOW_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_CONTEXT_WINDOW_name);

	zval const_DEFAULT_INPUT_TRIM_BYTES_value;
	ZVAL_LONG(&const_DEFAULT_INPUT_TRIM_BYTES_value, 100);
	zend_string *const_DEFAULT_INPUT_TRIM_BYTES_name = zend_string_init_interned("DEFAULT_INPUT_TRIM_BYTES", sizeof("DEFAULT_INPUT_TRIM_BYTES") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_DEFAULT_INPUT_TRIM_BYTES_name, &const_DEFAULT_INPUT_TRIM_BYTES_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_DEFAULT_INPUT_TRIM_BYTES_name);

	zval const_DEFAULT_OUTPUT_TRIM_BYTES_value;
	ZVAL_LONG(&const_DEFAULT_OUTPUT_TRIM_BYTES_value, 100);
	zend_string *const_DEFAULT_OUTPUT_TRIM_BYTES_name = zend_string_init_interned("DEFAULT_OUTPUT_TRIM_BYTES", sizeof("DEFAULT_OUTPUT_TRIM_BYTES") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_DEFAULT_OUTPUT_TRIM_BYTES_name, &const_DEFAULT_OUTPUT_TRIM_BYTES_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_DEFAULT_OUTPUT_TRIM_BYTES_name);

	zval const_META_KEY_value;
	zend_string *const_META_KEY_value_str = zend_string_init("_tool_compaction", strlen("_tool_compaction"), 1);
	ZVAL_STR(&const_META_KEY_value, const_META_KEY_value_str);
	zend_string *const_META_KEY_name = zend_string_init_interned("META_KEY", sizeof("META_KEY") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_META_KEY_name, &const_META_KEY_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_META_KEY_name);

	zval const_OMITTED_value;
	zend_string *const_OMITTED_value_str = zend_string_init("[omitted]", strlen("[omitted]"), 1);
	ZVAL_STR(&const_OMITTED_value, const_OMITTED_value_str);
	zend_string *const_OMITTED_name = zend_string_init_interned("OMITTED", sizeof("OMITTED") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_OMITTED_name, &const_OMITTED_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_OMITTED_name);

	return class_entry;
}
