<?php

declare(strict_types=1);

/**
 * Builders of histories in the provider formats of SPEC Part 4 (openai,
 * openai-responses, anthropic, gemini) for tests/formats/, and readers that
 * list a history's calls and results the way Part 4's table says where they
 * live, so that a test can check pairs, ids and payloads after a pass.
 *
 * Written from the providers' wire formats and the SPEC's table only; it
 * knows nothing of how the extension reads them. Namespace of its own, so
 * that it can be required beside the other helpers of tests/lib/.
 */

namespace ToolCompact\Tests\Formats;

const FORMATS = ['openai', 'openai-responses', 'anthropic', 'gemini'];

/** A user turn with text. */
function user(string $format, string $text): array
{
    return $format === 'gemini'
        ? ['role' => 'user', 'parts' => [['text' => $text]]]
        : ['role' => 'user', 'content' => $text];
}

/** A call as the builders take it: id (null: none, gemini only), tool name, arguments. */
function call(?string $id, string $name, array|string $arguments): array
{
    return [$id, $name, $arguments];
}

/** A result as the builders take it: id of its call (null: none, gemini only), tool name, payload. */
function res(?string $id, string $name, mixed $payload): array
{
    return [$id, $name, $payload];
}

/**
 * The entries of an assistant turn making $calls (each from call()), with
 * $text said before them when given. Arguments given as an array are
 * json_encode()d where the format carries a JSON text (openai,
 * openai-responses; [] as {}), and given as they are where it carries an
 * object.
 *
 * @return list<array> one entry, or in openai-responses one item per call
 *                     (and one message item for the text)
 */
function calls(string $format, array $calls, ?string $text = null): array
{
    $json = static fn ($a) => is_string($a) ? $a : ($a === [] ? '{}' : json_encode($a));
    switch ($format) {
        case 'openai':
            $list = [];
            foreach ($calls as [$id, $name, $args]) {
                $list[] = ['id' => $id, 'type' => 'function', 'function' => ['name' => $name, 'arguments' => $json($args)]];
            }
            return [['role' => 'assistant', 'content' => $text, 'tool_calls' => $list]];
        case 'openai-responses':
            $items = $text === null ? [] : [[
                'type' => 'message', 'role' => 'assistant', 'id' => 'msg_' . md5($text),
                'content' => [['type' => 'output_text', 'text' => $text, 'annotations' => []]],
            ]];
            foreach ($calls as [$id, $name, $args]) {
                $items[] = ['type' => 'function_call', 'id' => 'fc_' . $id, 'call_id' => $id, 'name' => $name,
                    'arguments' => $json($args), 'status' => 'completed'];
            }
            return $items;
        case 'anthropic':
            $blocks = $text === null ? [] : [['type' => 'text', 'text' => $text]];
            foreach ($calls as [$id, $name, $args]) {
                $blocks[] = ['type' => 'tool_use', 'id' => $id, 'name' => $name, 'input' => $args];
            }
            return [['role' => 'assistant', 'content' => $blocks]];
        case 'gemini':
            $parts = $text === null ? [] : [['text' => $text]];
            foreach ($calls as [$id, $name, $args]) {
                $parts[] = ['functionCall' => ($id === null ? [] : ['id' => $id]) + ['name' => $name, 'args' => $args]];
            }
            return [['role' => 'model', 'parts' => $parts]];
    }
    throw new \LogicException("unknown format $format");
}

/**
 * The entries answering calls with $results (each from res()), payloads as
 * given: openai one tool message per result, openai-responses one
 * function_call_output item per result, anthropic one user message holding
 * every tool_result block, gemini one user entry holding every
 * functionResponse part.
 *
 * @return list<array>
 */
function results(string $format, array $results): array
{
    switch ($format) {
        case 'openai':
            $entries = [];
            foreach ($results as [$id, , $payload]) {
                $entries[] = ['role' => 'tool', 'tool_call_id' => $id, 'content' => $payload];
            }
            return $entries;
        case 'openai-responses':
            $items = [];
            foreach ($results as [$id, , $payload]) {
                $items[] = ['type' => 'function_call_output', 'call_id' => $id, 'output' => $payload];
            }
            return $items;
        case 'anthropic':
            $blocks = [];
            foreach ($results as [$id, , $payload]) {
                $blocks[] = ['type' => 'tool_result', 'tool_use_id' => $id, 'content' => $payload];
            }
            return [['role' => 'user', 'content' => $blocks]];
        case 'gemini':
            $parts = [];
            foreach ($results as [$id, $name, $payload]) {
                $parts[] = ['functionResponse' => ($id === null ? [] : ['id' => $id]) + ['name' => $name, 'response' => $payload]];
            }
            return [['role' => 'user', 'parts' => $parts]];
    }
    throw new \LogicException("unknown format $format");
}

/** The entries of the lists given, in order, renumbered from 0. */
function history(array ...$lists): array
{
    return array_merge(...$lists);
}

/**
 * A result payload that is a list of parts with a text part per string
 * given and an image part per null, in the part types of $format (SPEC Part
 * 4: `text` in openai and anthropic, `input_text` in openai-responses).
 */
function parts(string $format, ?string ...$texts): array
{
    $parts = [];
    foreach ($texts as $text) {
        $parts[] = match ($format) {
            'openai' => $text === null
                ? ['type' => 'image_url', 'image_url' => ['url' => 'data:image/png;base64,' . base64_encode(str_repeat("\x89PNG", 60))]]
                : ['type' => 'text', 'text' => $text],
            'openai-responses' => $text === null
                ? ['type' => 'input_image', 'image_url' => 'data:image/png;base64,' . base64_encode(str_repeat("\x89PNG", 60)), 'detail' => 'auto']
                : ['type' => 'input_text', 'text' => $text],
            'anthropic' => $text === null
                ? ['type' => 'image', 'source' => ['type' => 'base64', 'media_type' => 'image/png', 'data' => base64_encode(str_repeat("\x89PNG", 60))]]
                : ['type' => 'text', 'text' => $text],
        };
    }
    return $parts;
}

/** The text placeholder of SPEC Part 4 for an omitted string. */
function placeholder(string $text): string
{
    return '[omitted] ' . strlen($text) . ' bytes, sha256=' . hash('sha256', json_encode($text));
}

/**
 * The text part that takes the place of an omitted media part (SPEC Part 4,
 * "Media parts"): its media type, the bytes and sha256 of the part's JSON.
 */
function media_placeholder(string $format, string $mediaType, mixed $part): array
{
    $json = json_encode($part);
    $text = '[omitted ' . $mediaType . ', ' . strlen($json) . ' bytes, sha256=' . hash('sha256', $json) . ']';
    if ($format === 'gemini') {
        return ['text' => $text]; // a Gemini text part
    }
    return ['type' => $format === 'openai-responses' ? 'input_text' : 'text', 'text' => $text];
}

/** One omittedFields entry of SPEC Part 1 for a value. */
function omitted(mixed $value): array
{
    $json = json_encode($value);
    return ['bytes' => is_string($value) ? strlen($value) : strlen($json), 'sha256' => hash('sha256', $json)];
}

/** A field of an SDK object or an array block, null when absent (an uninitialised typed property too). */
function field(mixed $block, string $key): mixed
{
    if (is_array($block)) {
        return $block[$key] ?? null;
    }
    if (is_object($block)) {
        $vars = get_object_vars($block); // public, initialised only
        return $vars[$key] ?? null;
    }
    return null;
}

/**
 * The calls and results of a history of $format, in history order, as SPEC
 * Part 4's table places them: each `['entry' => key of the entry, 'call' =>
 * bool, 'id' => ?string, 'name' => ?string, 'payload' => mixed]` (name null
 * for results of formats that name none). Blocks that are SDK objects are
 * read through their public properties.
 *
 * @return list<array>
 */
function items(string $format, array $history): array
{
    $items = [];
    $add = static function ($entry, bool $call, $id, $name, $payload) use (&$items) {
        $items[] = ['entry' => $entry, 'call' => $call, 'id' => $id, 'name' => $name, 'payload' => $payload];
    };
    foreach ($history as $key => $entry) {
        if (!is_array($entry)) {
            continue;
        }
        switch ($format) {
            case 'openai':
                if (is_array($entry['tool_calls'] ?? null)) {
                    foreach ($entry['tool_calls'] as $tc) {
                        if (is_array($tc) && is_array($tc['function'] ?? null)) {
                            $add($key, true, $tc['id'] ?? null, $tc['function']['name'] ?? null, $tc['function']['arguments'] ?? null);
                        }
                    }
                }
                if (($entry['role'] ?? null) === 'tool') {
                    $add($key, false, $entry['tool_call_id'] ?? null, null, $entry['content'] ?? null);
                }
                break;
            case 'openai-responses':
                if (($entry['type'] ?? null) === 'function_call') {
                    $add($key, true, $entry['call_id'] ?? null, $entry['name'] ?? null, $entry['arguments'] ?? null);
                } elseif (($entry['type'] ?? null) === 'function_call_output') {
                    $add($key, false, $entry['call_id'] ?? null, null, $entry['output'] ?? null);
                }
                break;
            case 'anthropic':
                foreach (is_array($entry['content'] ?? null) ? $entry['content'] : [] as $block) {
                    if (field($block, 'type') === 'tool_use') {
                        $add($key, true, field($block, 'id'), field($block, 'name'), field($block, 'input'));
                    } elseif (field($block, 'type') === 'tool_result') {
                        $add($key, false, is_object($block) ? field($block, 'toolUseID') : field($block, 'tool_use_id'), null, field($block, 'content'));
                    }
                }
                break;
            case 'gemini':
                foreach (is_array($entry['parts'] ?? null) ? $entry['parts'] : [] as $part) {
                    if (is_array($part['functionCall'] ?? null)) {
                        $add($key, true, $part['functionCall']['id'] ?? null, $part['functionCall']['name'] ?? null, $part['functionCall']['args'] ?? null);
                    } elseif (is_array($part['functionResponse'] ?? null)) {
                        $add($key, false, $part['functionResponse']['id'] ?? null, $part['functionResponse']['name'] ?? null, $part['functionResponse']['response'] ?? null);
                    }
                }
                break;
        }
    }
    return $items;
}

/** "call id name@entry" / "result id@entry" lines of items(): what must never change. */
function pairs(string $format, array $history): string
{
    $lines = [];
    foreach (items($format, $history) as $item) {
        $lines[] = ($item['call'] ? 'call ' : 'result ') . var_export($item['id'], true)
            . ' ' . var_export($item['name'], true) . ' @' . $item['entry'];
    }
    return implode("\n", $lines);
}

/**
 * For each entry of $out: "KEY same" when it is === the input's entry, else
 * "KEY changed" and var_export() of the new entry. The keys of both must be
 * the same, in the same order.
 */
function show_changes(array $in, array $out): void
{
    if (array_keys($in) !== array_keys($out)) {
        echo "KEYS DIFFER: ", json_encode(array_keys($in)), ' => ', json_encode(array_keys($out)), "\n";
        return;
    }
    foreach ($in as $key => $entry) {
        if ($out[$key] === $entry) {
            echo "$key same\n";
        } else {
            echo "$key changed\n", var_export($out[$key], true), "\n";
        }
    }
}

/**
 * The problems of $out's payloads with the providers' rules (SPEC Part 4
 * "What never changes"): an `arguments` that is not a string of JSON
 * decoding to an object; an `input`, `args` or `response` that is not an
 * array encoding to a JSON object. One line each, or nothing.
 */
function payload_problems(string $format, array $out): array
{
    $problems = [];
    foreach (items($format, $out) as $item) {
        $where = ($item['call'] ? 'call ' : 'result ') . var_export($item['id'], true) . " @{$item['entry']}";
        $payload = $item['payload'];
        $objectKind = $format === 'gemini' || ($format === 'anthropic' && $item['call']);
        if ($objectKind) {
            if (!is_array($payload) || ($payload !== [] && !str_starts_with((string) json_encode($payload), '{'))) {
                $problems[] = "$where: not an object: " . var_export($payload, true);
            }
        } elseif ($item['call']) {
            if (!is_string($payload) || !(json_decode($payload) instanceof \stdClass)) {
                $problems[] = "$where: arguments not a JSON object text: " . var_export($payload, true);
            }
        }
    }
    return $problems;
}

/**
 * Where $b differs from $a, one line each, arrays compared key by key and
 * SDK-like objects property by property (public ones): `~ PATH` a value that
 * differs (objects of another class, types or scalars), `+ PATH` a key only
 * $b has, `- PATH` a key only $a has, `order PATH` the same keys in another
 * order. PATH joins the keys with dots. Equal values give nothing.
 *
 * @return list<string>
 */
function diff_paths(mixed $a, mixed $b, string $path = ''): array
{
    if ($a === $b) {
        return [];
    }
    $container = static fn ($v) => is_array($v) || (is_object($v) && !$v instanceof \Closure);
    if (!$container($a) || !$container($b) || is_array($a) !== is_array($b)
        || (is_object($a) && $a::class !== $b::class)) {
        return ["~ $path"];
    }
    $va = is_array($a) ? $a : get_object_vars($a);
    $vb = is_array($b) ? $b : get_object_vars($b);
    $lines = [];
    $prefix = $path === '' ? '' : "$path.";
    foreach ($va as $k => $v) {
        if (!array_key_exists($k, $vb)) {
            $lines[] = "- $prefix$k";
        } else {
            array_push($lines, ...diff_paths($v, $vb[$k], "$prefix$k"));
        }
    }
    foreach ($vb as $k => $v) {
        if (!array_key_exists($k, $va)) {
            $lines[] = "+ $prefix$k";
        }
    }
    $common = static fn ($x, $y) => array_values(array_intersect(array_map('strval', array_keys($x)), array_map('strval', array_keys($y))));
    if ($common($va, $vb) !== $common($vb, $va)) {
        $lines[] = "order $path";
    }
    if ($lines === [] && is_object($a)) {
        $lines[] = "~ $path (another object, equal public properties)";
    }
    return $lines;
}

/**
 * A small history of $format in which, with toolIdentifierFields read =>
 * [path] and the default thresholds, four fields are omitted: the older
 * read's argument `note` (150 bytes) and result member `content` (300
 * bytes; a JSON text, in gemini an object), the older list's argument `dir`
 * (150 bytes) and result text part 0 (150 bytes, beside an image and a
 * short text; in gemini an object's member `files`). The newer read's text
 * result (300 bytes) and the newer list stay.
 */
function sample_history(string $format): array
{
    $g = $format === 'gemini';
    $x = str_repeat('x', 300);
    $l = str_repeat("src/a.php\n", 15);
    return history(
        [user($format, 'go')],
        calls($format, [call('r1', 'read', ['path' => 'a.php', 'note' => str_repeat('n', 150)])]),
        results($format, [res('r1', 'read', $g ? ['content' => $x, 'size' => 300] : json_encode(['content' => $x, 'size' => 300]))]),
        calls($format, [call('r2', 'read', ['path' => 'a.php'])]),
        results($format, [res('r2', 'read', $g ? ['output' => str_repeat('y', 300)] : str_repeat('y', 300))]),
        calls($format, [call('l1', 'list', ['dir' => str_repeat('d/', 75)])]),
        results($format, [res('l1', 'list', $g ? ['files' => $l, 'note' => 'short'] : parts($format, $l, null, 'short'))]),
        calls($format, [call('l2', 'list', ['dir' => '.'])]),
        results($format, [res('l2', 'list', $g ? ['files' => 'ok'] : 'ok')]),
    );
}

/** The parameters sample_history() is made for. */
const SAMPLE_PARAMS = ['toolIdentifierFields' => ['read' => ['path']]];
