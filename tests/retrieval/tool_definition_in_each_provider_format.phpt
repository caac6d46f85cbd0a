--TEST--
toolcompact_retrieval_tool(): the read-back tool as one element of the request's tools list in each provider's format (OpenAI Chat {type, function}, Responses flat with strict, Anthropic input_schema, Gemini a tool of one function declaration with the schema's types in capitals), one required string parameter sha256, the name given or read_omitted
--EXTENSIONS--
toolcompact
--FILE--
<?php
$description = "Reads back the whole of a tool call's input or output that was left out of this conversation to save space:"
    . " where a field says [omitted], the sha256 beside it (in _tool_compaction, or after sha256= in the text) names the original."
    . " Returns the original as JSON.";
$parameter = 'The 64 hex digits of the sha256 given for the omitted field.';
$schema = fn (string $object, string $string, bool $closed) => ['type' => $object,
    'properties' => ['sha256' => ['type' => $string, 'description' => $parameter]], 'required' => ['sha256']]
    + ($closed ? ['additionalProperties' => false] : []);

$expected = [
    'openai' => ['type' => 'function', 'function' => ['name' => 'read_omitted', 'description' => $description,
        'parameters' => $schema('object', 'string', true), 'strict' => true]],
    'openai-responses' => ['type' => 'function', 'name' => 'read_omitted', 'description' => $description,
        'parameters' => $schema('object', 'string', true), 'strict' => true],
    'anthropic' => ['name' => 'read_omitted', 'description' => $description, 'input_schema' => $schema('object', 'string', true)],
    'gemini' => ['functionDeclarations' => [['name' => 'read_omitted', 'description' => $description,
        'parameters' => $schema('OBJECT', 'STRING', false)]]],
];
var_dump(toolcompact_retrieval_tool() === $expected['openai']);
foreach ($expected as $format => $tool) {
    echo $format, ': ', toolcompact_retrieval_tool($format) === $tool ? 'as expected' : json_encode(toolcompact_retrieval_tool($format)), "\n";
}
$named = toolcompact_retrieval_tool('anthropic', 'Fetch_stored-1');
echo $named['name'], "\n";
echo toolcompact_retrieval_tool('gemini', '_x')['functionDeclarations'][0]['name'], "\n";
echo strlen(toolcompact_retrieval_tool('openai', str_repeat('a', 64))['function']['name']), "\n";
?>
--EXPECT--
bool(true)
openai: as expected
openai-responses: as expected
anthropic: as expected
gemini: as expected
Fetch_stored-1
_x
64
