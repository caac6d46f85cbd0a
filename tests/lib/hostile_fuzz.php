<?php

declare(strict_types=1);

/**
 * The hostile-user-code fuzzer (tests/fuzz/hostile_user_code_fuzz.phpt).
 *
 * Each seed builds a small history in one format (adachsoft arrays, arrays
 * with collection lists, DTO objects in an array or in a collection, openai,
 * openai-responses, anthropic, anthropic SDK objects, gemini), gives every
 * callback parameter a callable of a random form (closure, method, __call and
 * __callStatic trampolines, function name, invokable, fake closure) and picks
 * one site where user code turns hostile: tokenCounter, onOmit, summarize,
 * restore's lookup, a collection's getIterator or constructor, a
 * JsonSerializable or a Stringable in a payload. There it throws, returns a
 * wrong type, retypes, grows or empties PHP references held into the history
 * and the params, mutates the collection being walked, frees its own callable,
 * or calls toolcompact_compact() / toolcompact_restore() again on the same data.
 *
 * The oracle (hf_check()): nothing but an exception of tokenCounter, onOmit or
 * lookup reaches the caller, and theirs always do; no warning; the input is
 * unchanged unless the hostile code changed it; the output has the input's
 * shape and count (fewer with a window); and when no hostile code ran,
 * restore(compact($h)) with the values onOmit stored gives $h back.
 *
 * Long runs: php -d extension=modules/toolcompact.so tests/lib/hostile_fuzz.php
 * --cases N [--seed S] [--trace] [--sites] [--avoid=trampolines,SITE,...]
 * (--trace: each case to standard error before it runs, to find the one behind
 * a crash; --sites: how often each site was reached and turned hostile;
 * --avoid: no trampoline callables, or no hostility at those sites, to get
 * past a known crash).
 */

namespace ToolCompact\Tests;

require_once __DIR__ . '/convert.php';

use Random\Engine\Mt19937;
use Random\Randomizer;

/** What hostile code throws; its message is the site. */
final class HostileStop extends \RuntimeException
{
}

/** A message DTO of the object shape (untyped, so that anything can be written into it). */
#[\AllowDynamicProperties]
final class HfMessage
{
    public function __construct(public mixed $role, public mixed $content, public mixed $toolCalls, public mixed $toolResults)
    {
    }
}

#[\AllowDynamicProperties]
final class HfCall
{
    public function __construct(public mixed $id, public mixed $toolName, public mixed $arguments)
    {
    }
}

#[\AllowDynamicProperties]
final class HfResult
{
    public function __construct(public mixed $id, public mixed $toolName, public mixed $result)
    {
    }
}

/** A collection whose iterator and constructor are hostility sites. */
#[\AllowDynamicProperties]
final class HfList implements \IteratorAggregate, \Countable
{
    public mixed $items = []; // untyped: hostile code writes anything into it

    public function __construct(iterable $items = [])
    {
        Hostility::site('collectionCtor', $this);
        foreach ($items as $item) {
            $this->items[] = $item;
        }
    }

    #[\ReturnTypeWillChange] // so that a hostile wrong type reaches the engine
    public function getIterator()
    {
        $returned = Hostility::site('getIterator', $this);
        if ($returned !== null) {
            return $returned; // a wrong type: the engine throws
        }
        $items = is_array($this->items) ? $this->items : [];
        return Hostility::$now?->generator ? $this->walk($items) : new \ArrayIterator($items);
    }

    /** Yields the items and turns hostile between them. */
    private function walk(array $items): \Generator
    {
        foreach ($items as $key => $item) {
            yield $key => $item;
            Hostility::site('getIterator', $this);
        }
    }

    public function count(): int
    {
        return is_array($this->items) ? \count($this->items) : 0;
    }
}

/** A payload value: user code run when the value is JSON-encoded. */
final class HfJson implements \JsonSerializable
{
    public function __construct(private string $text)
    {
    }

    public function jsonSerialize(): mixed
    {
        return Hostility::site('jsonSerialize', $this) ?? ['text' => $this->text];
    }
}

/** A Stringable in a payload, an id or a name: turns hostile if cast. */
final class HfString
{
    public function __toString(): string
    {
        $returned = Hostility::site('toString', $this);
        return is_string($returned) ? $returned : 'c1';
    }
}

/** Callables of every form, all answered by Hostility::callback(). */
final class HfCallee
{
    public function __call(string $name, array $args): mixed
    {
        return Hostility::callback(substr($name, strpos($name, '_') + 1), $args);
    }

    public static function __callStatic(string $name, array $args): mixed
    {
        return Hostility::callback(substr($name, strpos($name, '_') + 1), $args);
    }

    public function tokenCounter(mixed ...$args): mixed
    {
        return Hostility::callback('tokenCounter', $args);
    }

    public function onOmit(mixed ...$args): mixed
    {
        return Hostility::callback('onOmit', $args);
    }

    public static function summarize(mixed ...$args): mixed
    {
        return Hostility::callback('summarize', $args);
    }

    public static function lookup(mixed ...$args): mixed
    {
        return Hostility::callback('lookup', $args);
    }
}

final class HfInvokable
{
    public function __construct(private string $site)
    {
    }

    public function __invoke(mixed ...$args): mixed
    {
        return Hostility::callback($this->site, $args);
    }
}

function hf_tokenCounter(mixed ...$args): mixed
{
    return Hostility::callback('tokenCounter', $args);
}

function hf_onOmit(mixed ...$args): mixed
{
    return Hostility::callback('onOmit', $args);
}

function hf_summarize(mixed ...$args): mixed
{
    return Hostility::callback('summarize', $args);
}

function hf_lookup(mixed ...$args): mixed
{
    return Hostility::callback('lookup', $args);
}

/**
 * The hostile code of one case: the site, what it does there, and what it
 * did (fired, mutated, threw). Callbacks and sites do their plain job
 * (count tokens, store, summarize, look up) unless they turn hostile; they
 * never turn hostile inside a call they made themselves (depth).
 */
final class Hostility
{
    public const PROPAGATING = ['tokenCounter', 'onOmit', 'lookup'];
    public const ACTIONS = ['throw', 'wrong', 'retype', 'retype', 'grow', 'grow', 'unset', 'unset', 'self', 'reenter', 'release', 'gc', 'retype+reenter'];

    public static ?self $now = null;
    /** site => [reached, fired] over a run */
    public static array $stats = [];
    /** The last case's history, params, output and restored output, to look into a failure. */
    public static array $last = [];
    /** What a long run leaves out, to get past a known crash: "trampolines", or sites. */
    public static array $avoid = [];

    public int $fired = 0;
    public bool $mutated = false;
    /** Sites whose hostile code threw at depth 0. */
    public array $threw = [];
    public array $store = [];
    public int $depth = 0;
    /** PHP references into the history (and params); the hostile code writes through them. */
    public array $refs = [];
    /** What each reference holds: the key of its slot, "message" for an entry of the history. */
    public array $kinds = [];
    /** The message objects of the history, whose property tables the hostile code grows. */
    public array $objects = [];
    /** The data a re-entered call works on, and its params. */
    public mixed $data = null;
    public array $params = [];
    public bool $generator;
    private int $countdown;
    private bool $always;

    public function __construct(public string $site, public string $action, private Randomizer $rng)
    {
        $this->generator = $rng->getInt(0, 1) === 1;
        $this->countdown = $rng->getInt(1, 3);
        $this->always = $rng->getInt(0, 1) === 0;
    }

    /** A callback's answer: its plain job, or the hostile code's. */
    public static function callback(string $site, array $args): mixed
    {
        $h = self::$now;
        $plain = match ($site) {
            'tokenCounter' => is_string($args[0] ?? null) ? intdiv(strlen($args[0]) + 3, 4) : 0,
            'onOmit' => $h?->keep($args),
            'summarize' => 'a summary of ' . (is_array($args[0] ?? null) ? count($args[0]) : '?') . ' messages',
            'lookup' => $h?->store[$args[0] ?? ''] ?? null,
            default => null,
        };
        $hostile = $h?->turn($site, $args);
        return $hostile === null ? $plain : $hostile[0];
    }

    /** At a site of user code other than a callback: null, or the value hostile code returns instead. */
    public static function site(string $site, object $self): mixed
    {
        $hostile = self::$now?->turn($site, [$self]);
        return $hostile === null ? null : $hostile[0];
    }

    private function keep(array $args): null
    {
        if (is_string($args[0] ?? null) && is_string($args[1] ?? null)) {
            $this->store[$args[0]] = $args[1];
        }
        return null;
    }

    /** null when the site stays plain, else [what to return]. */
    private function turn(string $site, array $args): ?array
    {
        self::$stats[$site][0] = (self::$stats[$site][0] ?? 0) + 1;
        if ($this->depth > 0 || $site !== $this->site || (--$this->countdown > 0) || ($this->countdown < 0 && !$this->always)) {
            return null;
        }
        self::$stats[$site][1] = (self::$stats[$site][1] ?? 0) + 1;
        $this->fired++;
        $self = is_object($args[0] ?? null) ? $args[0] : null;
        foreach (explode('+', $this->action) as $action) {
            $returned = $this->act($action, $site, $self);
        }
        return $returned;
    }

    private function act(string $action, string $site, ?object $self): ?array
    {
        switch ($action) {
            case 'throw':
                $this->threw[] = $site;
                throw new HostileStop($site);
            case 'wrong':
                return [$this->junk()];
            case 'retype':
            case 'grow':
            case 'unset':
                $this->writeThroughReference($action);
                if ($action === 'grow' && $this->objects !== []) {
                    $this->growObjects(null);
                }
                return null;
            case 'self':
                $this->mutateObject($self);
                return null;
            case 'reenter':
                $this->reenter();
                return null;
            case 'release':
                // the callable being run, and its params, let go of
                foreach (array_keys($this->params) as $key) {
                    $this->params[$key] = null;
                }
                $this->writeThroughReference('retype');
                gc_collect_cycles();
                return null;
            default:
                gc_collect_cycles();
                return null;
        }
    }

    private function junk(): mixed
    {
        return match ($this->rng->getInt(0, 11)) {
            0 => null,
            1 => 'a string',
            2 => 1.5,
            3 => [],
            4 => new \stdClass(),
            5 => -1,
            6 => PHP_INT_MAX,
            7 => true,
            8 => '12',
            9 => ['role' => 'user', 'content' => 'junk'],
            10 => $this->quietly(static fn () => new HfList([1, 2])),
            default => str_repeat('j', 300),
        };
    }

    /** Writes through some of the references held into the history (all of them, now and then). */
    private function writeThroughReference(string $how): void
    {
        $count = count($this->refs);
        if ($count === 0) {
            return;
        }
        $this->mutated = true;
        $kind = $this->pick($this->kinds);
        $chosen = match ($this->rng->getInt(0, 2)) {
            0 => range(0, $count - 1),
            1 => array_keys($this->kinds, $kind, true), // every message, every meta, ...
            default => [$this->rng->getInt(0, $count - 1), $this->rng->getInt(0, $count - 1)],
        };
        foreach ($chosen as $i) {
            $target = &$this->refs[$i];
            if ($how === 'retype' || !is_array($target)) {
                $target = $this->junk();
            } elseif ($how === 'grow') {
                for ($k = 0; $k < 40; $k++) {
                    $target["grown$k"] = str_repeat('g', $k * 7);
                }
            } elseif (count($target) > 0) {
                $keys = array_keys($target);
                $key = in_array('toolResults', $keys, true) ? $this->pick(['toolResults', 'toolCalls'])
                    : $keys[$this->rng->getInt(0, count($keys) - 1)];
                unset($target[$key]);
            }
            unset($target);
        }
    }

    /** $make() without turning hostile inside it. */
    private function quietly(callable $make): mixed
    {
        $this->depth++;
        try {
            return $make();
        } finally {
            $this->depth--;
        }
    }

    private function pick(array $list): mixed
    {
        return $list[$this->rng->getInt(0, count($list) - 1)];
    }

    /** Changes the object whose user code runs (a collection, a payload value), or a reference. */
    private function mutateObject(?object $self): void
    {
        $this->mutated = true;
        if (!$self instanceof HfList) {
            $this->writeThroughReference('grow');
            return;
        }
        switch ($this->rng->getInt(0, 3)) {
            case 0:
                $self->items = [];
                break;
            case 1:
                array_shift($self->items);
                break;
            case 2:
                $self->items[] = $this->junk();
                break;
            default:
                $this->growObjects($self);
        }
    }

    /** Property tables that grow: of $self and of every message object. */
    private function growObjects(?object $self): void
    {
        $this->mutated = true;
        foreach ([$self ?? new \stdClass(), ...$this->objects] as $object) {
            for ($k = 0; $k < 40 && is_object($object); $k++) { // (a message the hostile code retyped is left)
                $object->{"grown$k"} = $k;
            }
        }
    }

    /** toolcompact_compact(), toolcompact_restore() and toolcompact_format() again, on the same data. */
    private function reenter(): void
    {
        $this->depth++;
        try {
            try {
                $out = toolcompact_compact($this->data, $this->params, $report);
            } catch (\TypeError|\ValueError $e) {
                // the params the hostile code retyped through its references: an option of
                // ours that became wrong throws, before any work (SPEC Part 3)
                if (!$this->mutated || !str_starts_with($e->getMessage(), 'toolcompact_compact(): Option "')) {
                    throw $e;
                }
                return;
            }
            toolcompact_restore($out, [HfCallee::class, 'lookup']);
            toolcompact_restore($this->data, static fn (string $sha256): ?string => null);
            toolcompact_format($this->data);
        } finally {
            $this->depth--;
        }
    }
}

/** Picks from the case's engine. */
final class HfRandom
{
    public function __construct(public Randomizer $rng)
    {
    }

    public function int(int $min, int $max): int
    {
        return $this->rng->getInt($min, $max);
    }

    public function chance(int $percent): bool
    {
        return $this->rng->getInt(0, 99) < $percent;
    }

    public function pick(array $list): mixed
    {
        return $list[array_keys($list)[$this->rng->getInt(0, count($list) - 1)]];
    }

    public function text(int $length): string
    {
        $piece = $this->pick(['abc def ', "line\n  indented   x\n\n\n", 'zażółć 日本 ', '{"k": [1, 2]} ', "tab\there ", '0123456789']);
        $text = str_repeat($piece, intdiv($length, strlen($piece)) + 1);
        while ($length > 0 && (ord($text[$length]) & 0xC0) === 0x80) {
            $length--; // cut where a character starts: valid UTF-8
        }
        return substr($text, 0, $length) . ($length > 0 ? '.' : '');
    }
}

/** A small adachsoft history of plain arrays: repeated reads, parallel calls, now and then a duplicate id or an existing meta. */
function hf_base(HfRandom $r): array
{
    $history = [];
    if ($r->chance(50)) {
        $history[] = ['role' => 'system', 'content' => 'You are an agent.', 'toolCalls' => [], 'toolResults' => []];
    }
    $id = 0;
    for ($turn = $r->int(1, 4); $turn > 0; $turn--) {
        $history[] = ['role' => 'user', 'content' => $r->text($r->int(0, 40)), 'toolCalls' => [], 'toolResults' => []];
        $calls = $results = [];
        for ($n = $r->int(1, 3); $n > 0; $n--) {
            $callId = $calls !== [] && $r->chance(10) ? $calls[0]['id'] : 'c' . ++$id;
            $tool = $r->pick(['read', 'read', 'bash', 'write']);
            $arguments = ['path' => $r->pick(['a.php', 'b.php']), 'content' => $r->text($r->pick([0, 50, 150, 400]))];
            $result = ['output' => $r->text($r->pick([10, 120, 600])), 'ok' => $r->chance(80)];
            if ($r->chance(5)) {
                $result['_tool_compaction'] = $r->pick([7, 'x', ['omittedFields' => []], ['thresholdBytes' => 5]]);
            }
            $calls[] = ['id' => $callId, 'toolName' => $tool, 'arguments' => $arguments];
            $results[] = ['id' => $callId, 'toolName' => $tool, 'result' => $result];
        }
        $history[] = ['role' => 'assistant', 'content' => $r->pick([null, '', 'calling']), 'toolCalls' => $calls, 'toolResults' => []];
        $history[] = ['role' => 'tool', 'content' => 'done', 'toolCalls' => [], 'toolResults' => $results];
    }
    $history[] = ['role' => 'assistant', 'content' => 'finished', 'toolCalls' => [], 'toolResults' => []];
    return $history;
}

/** $base (adachsoft arrays) in $format. */
function hf_in_format(array $base, string $format): array|object
{
    $lists = static fn (array $message, bool $objects) => [
        new HfList($objects ? array_map(static fn (array $c) => new HfCall($c['id'], $c['toolName'], $c['arguments']), $message['toolCalls']) : $message['toolCalls']),
        new HfList($objects ? array_map(static fn (array $c) => new HfResult($c['id'], $c['toolName'], $c['result']), $message['toolResults']) : $message['toolResults']),
    ];
    switch ($format) {
        case 'adachsoft':
            return $base;
        case 'adachsoft-lists': // arrays whose call and result lists are collections
            foreach ($base as $k => $message) {
                [$base[$k]['toolCalls'], $base[$k]['toolResults']] = $lists($message, false);
            }
            return $base;
        case 'dto-array': // objects where arrays are expected
        case 'dto':
            $messages = [];
            foreach ($base as $message) {
                [$calls, $results] = $lists($message, true);
                $messages[] = new HfMessage($message['role'], $message['content'], $calls, $results);
            }
            return $format === 'dto' ? new HfList($messages) : $messages;
        case 'dto-std': // plain objects: their properties are dynamic, in a table that grows
            $messages = [];
            foreach ($base as $message) {
                $message['toolCalls'] = new HfList(array_map(static fn (array $c) => (object) $c, $message['toolCalls']));
                $message['toolResults'] = new HfList(array_map(static fn (array $c) => (object) $c, $message['toolResults']));
                $messages[] = (object) $message;
            }
            return new HfList($messages);
        case 'anthropic-sdk':
            return convert_history_sdk(convert_history($base, 'anthropic'));
        default:
            return convert_history($base, $format, ['geminiIds' => $base[0]['role'] !== 'system']);
    }
}

/** Puts hostile values into the payloads of $base (jsonSerialize and toString sites). */
function hf_plant(array $base, HfRandom $r, string $site, bool $ids): array
{
    foreach ($base as $k => $message) {
        foreach (['toolCalls' => 'arguments', 'toolResults' => 'result'] as $list => $payload) {
            foreach ($message[$list] as $i => $entry) {
                if ($r->chance(40)) {
                    $base[$k][$list][$i][$payload][$r->pick(['extra', 'output', 'content'])] =
                        $site === 'jsonSerialize' ? new HfJson($r->text(200)) : [new HfString(), 'x' => new HfString()];
                }
                if ($ids && $site === 'toString' && $r->chance(10)) {
                    $base[$k][$list][$i][$r->pick(['id', 'toolName'])] = new HfString();
                }
            }
        }
    }
    return $base;
}

/** Paths (lists of [is object, key]) to every slot in $value, up to $depth levels. */
function hf_paths(mixed $value, int $depth, array $path = []): array
{
    $paths = [];
    if (is_array($value)) {
        $slots = $value;
    } elseif ($value instanceof HfMessage || $value instanceof HfCall || $value instanceof HfResult || $value instanceof HfList || $value instanceof \stdClass) {
        $slots = get_object_vars($value);
    } else {
        return [];
    }
    foreach ($slots as $key => $child) {
        $here = [...$path, [is_object($value), $key]];
        $paths[] = $here;
        if ($depth > 1) {
            array_push($paths, ...hf_paths($child, $depth - 1, $here));
        }
    }
    return $paths;
}

/**
 * Makes slots of $value PHP references held by $h: $count random ones, and
 * most of the time every message, list, payload and meta too.
 */
function hf_hold_references(mixed &$value, int $count, HfRandom $r, Hostility $h): void
{
    $paths = hf_paths($value, 7);
    if ($paths === []) {
        return;
    }
    $chosen = [];
    for (; $count > 0; $count--) {
        $chosen[] = $r->pick($paths);
    }
    if ($r->chance(70)) {
        array_push($chosen, ...array_filter($paths, static fn (array $p) => count($p) === 1 || in_array(end($p)[1],
            ['_tool_compaction', 'toolCalls', 'toolResults', 'items', 'content', 'result', 'arguments', 'omittedFields',
                'input', 'args', 'response', 'output', 'parts', 'tool_calls', 'function'], true)));
    }
    foreach ($chosen as $path) {
        $slot = &$value;
        foreach ($path as [$isObject, $key]) {
            if ($isObject) {
                if (!is_object($slot)) {
                    continue 2;
                }
                $slot = &$slot->$key;
            } else {
                if (!is_array($slot) || !array_key_exists($key, $slot)) {
                    continue 2;
                }
                $slot = &$slot[$key];
            }
        }
        $h->refs[] = &$slot;
        $h->kinds[] = count($path) === 1 ? 'message' : (string) end($path)[1];
        unset($slot);
    }
}

/** A callable of a random form that Hostility::callback() answers for $site. */
function hf_callable(string $site, HfRandom $r): callable
{
    $form = $r->int(0, 7);
    if (in_array($form, [2, 3, 6, 7], true) && in_array('trampolines', Hostility::$avoid, true)) {
        $form = 0;
    }
    return match ($form) {
        0 => static fn (mixed ...$args): mixed => Hostility::callback($site, $args),
        1 => [new HfCallee(), $site],                              // a method
        2 => [new HfCallee(), 'via_' . $site],                     // __call
        3 => [HfCallee::class, 'via_' . $site],                    // __callStatic
        4 => 'ToolCompact\Tests\hf_' . $site,
        5 => new HfInvokable($site),
        6 => \Closure::fromCallable([new HfCallee(), 'via_' . $site]), // a closure of __call
        default => HfCallee::class . '::via_' . $site,              // __callStatic by name
    };
}

/** The form of a callable of hf_callable(), for the report of a case. */
function hf_form(callable $callable): string
{
    return match (true) {
        $callable instanceof \Closure => str_contains((new \ReflectionFunction($callable))->getName(), 'via_') ? 'closure of __call' : 'closure',
        is_string($callable) => str_contains($callable, '::') ? '__callStatic by name' : 'function',
        is_object($callable) => '__invoke',
        is_object($callable[0]) && !str_starts_with($callable[1], 'via_') => 'method',
        default => is_object($callable[0]) ? '__call' : '__callStatic',
    };
}

/**
 * A deep, identity-free text of $value (arrays and objects by content, in
 * order; references read through); what "unchanged" and "given back" compare.
 */
function hf_fingerprint(mixed $value, int $depth = 0): string
{
    if ($depth > 40) {
        return '...';
    }
    if (is_array($value)) {
        $out = '[';
        foreach ($value as $k => $v) {
            $out .= var_export($k, true) . '=>' . hf_fingerprint($v, $depth + 1) . ',';
        }
        return $out . ']';
    }
    if ($value instanceof \Closure || $value instanceof HfJson || $value instanceof HfString) {
        return $value::class;
    }
    if (is_object($value)) {
        return $value::class . hf_fingerprint(get_mangled_object_vars($value), $depth + 1);
    }
    return is_float($value) ? 'd' . bin2hex(pack('E', $value)) : var_export($value, true);
}

/** The number of messages, counted without turning hostile. */
function hf_count(mixed $history): int
{
    if (Hostility::$now) {
        Hostility::$now->depth++;
    }
    try {
        return is_array($history) ? count($history) : ($history instanceof \Traversable ? iterator_count($history) : -1);
    } finally {
        if (Hostility::$now) {
            Hostility::$now->depth--;
        }
    }
}

/**
 * Runs case $seed; returns what went wrong (empty when every guarantee held).
 * The site and action are in the first line of a failure.
 */
function hf_check(int $seed, bool $trace = false): array
{
    $r = new HfRandom(new Randomizer(new Mt19937($seed)));
    $format = $r->pick(['adachsoft', 'adachsoft-lists', 'dto', 'dto', 'dto-std', 'dto-std', 'dto-array', 'openai', 'openai-responses', 'anthropic', 'anthropic-sdk', 'gemini']);
    if ($format === 'anthropic-sdk' && !class_exists(\Anthropic\Messages\ToolUseBlockParam::class)) {
        $format = 'anthropic';
    }
    $sites = ['none', 'tokenCounter', 'onOmit', 'summarize', 'lookup', 'jsonSerialize', 'toString'];
    if (in_array($format, ['dto', 'dto-std'], true)) {
        array_push($sites, 'getIterator', 'getIterator', 'getIterator', 'collectionCtor');
    }
    $site = $r->pick($sites);
    if (in_array($site, Hostility::$avoid, true)) {
        $site = 'none';
    }
    $h = new Hostility($site, $r->pick(Hostility::ACTIONS), $r->rng);

    $base = hf_base($r);
    $plain = $site !== 'jsonSerialize' && $site !== 'toString';
    if (!$plain) {
        $base = hf_plant($base, $r, $site, $format !== 'anthropic-sdk');
    }
    $history = hf_in_format($base, $format);

    $params = [];
    foreach (['outputTrimBytes' => [0, 150], 'inputTrimBytes' => [0, 150], 'keepLatestPerGroup' => [1, 3],
        'keepRecentMessages' => [0, 3], 'previewBytes' => [0, 30], 'targetTokens' => [1, 3000], 'minSavedBytes' => [0, 300]] as $key => [$min, $max]) {
        if ($r->chance($key === 'targetTokens' ? 40 : 20)) {
            $params[$key] = $r->int($min, $max);
        }
    }
    if ($r->chance(20)) {
        $params['toolIdentifierFields'] = ['read' => ['path'], 'write' => ['path']];
    }
    if ($r->chance(10)) {
        $params['trigger'] = ['tokens' => $r->int(0, 2000)];
    }
    if ($r->chance(10)) {
        $params['collapseWhitespace'] = true;
    }
    if ($r->chance(15)) {
        $params['format'] = $r->pick(['auto', 'adachsoft', 'openai', 'anthropic', 'gemini', 'openai-responses']);
    }
    $window = $site === 'summarize' || $r->chance(25);
    if ($window) {
        $params[$r->chance(70) ? 'maxMessages' : 'maxTokensWindow'] = $r->int(1, 12);
        $params['keepFirstUser'] = $r->chance(50);
        $params['summarize'] = hf_callable('summarize', $r);
    }
    if ($site === 'tokenCounter' || $r->chance(50)) {
        $params['tokenCounter'] = hf_callable('tokenCounter', $r);
    }
    $params['onOmit'] = hf_callable('onOmit', $r);
    $lookup = hf_callable('lookup', $r);
    $forms = [];
    foreach (['tokenCounter', 'onOmit', 'summarize'] as $key) {
        if (isset($params[$key])) {
            $forms[] = "$key " . hf_form($params[$key]);
        }
    }
    $forms[] = 'lookup ' . hf_form($lookup);
    $described = "format $format, site $site, action {$h->action}; " . implode(', ', $forms);
    if ($trace) {
        fwrite(STDERR, "seed $seed: $described\n");
    }

    // PHP references into the history, and to the callables in the params
    if ($site !== 'none' && $site !== 'lookup' || $r->chance(30)) {
        hf_hold_references($history, $r->int(1, 4), $r, $h);
    }
    if ($r->chance(30)) {
        foreach (array_keys($params) as $key) {
            $h->refs[] = &$params[$key];
            $h->kinds[] = 'params';
        }
    }
    $h->data = $history;
    $h->params = $params;
    if ($history instanceof HfList) {
        $h->objects = array_filter($history->items, 'is_object');
    }

    $problems = [];
    $raised = [];
    set_error_handler(static function (int $level, string $message) use (&$raised): bool {
        $raised[] = $message;
        return true;
    });
    Hostility::$now = $h;
    try {
        $before = hf_fingerprint($history);
        $count = hf_count($history);
        $thrown = null;
        try {
            $out = toolcompact_compact($history, $params, $report);
        } catch (\Throwable $e) {
            $thrown = $e;
        }
        hf_check_call('compact', $h, $thrown, $problems);
        if (!$h->mutated && hf_fingerprint($history) !== $before) {
            $problems[] = 'compact modified its input';
        }
        if ($thrown !== null) {
            return $problems;
        }
        if (!is_array($report)) {
            $problems[] = 'no report';
        }
        if (is_array($history) !== is_array($out) || (is_object($history) && $out::class !== $history::class)) {
            $problems[] = 'compact returned ' . get_debug_type($out) . ' for ' . get_debug_type($history);
        } elseif (!$h->mutated || is_array($history)) {
            $outCount = hf_count($out);
            if ($window ? $outCount < 1 || $outCount > $count : $outCount !== $count) {
                $problems[] = "compact returned $outCount messages of $count";
            }
        }

        // restore, with lookup's hostility and references into what it reads
        $firedInCompact = $h->fired;
        $h->data = $out;
        if ($site === 'lookup') {
            hf_hold_references($out, $r->int(1, 4), $r, $h);
        }
        $mutatedBefore = $h->mutated;
        $h->mutated = false;
        $outBefore = hf_fingerprint($out);
        $thrown = null;
        try {
            $back = toolcompact_restore($out, $lookup);
        } catch (\Throwable $e) {
            $thrown = $e;
        }
        hf_check_call('restore', $h, $thrown, $problems);
        if (!$h->mutated && hf_fingerprint($out) !== $outBefore) {
            $problems[] = 'restore modified its input';
        }
        if ($thrown === null && !$h->mutated && hf_count($back) !== hf_count($out)) {
            $problems[] = 'restore returned ' . hf_count($back) . ' messages of ' . hf_count($out);
        }
        // the format, the collection iterated again as the pass iterates it
        $mutatedBefore = $mutatedBefore || $h->mutated;
        $h->mutated = false;
        $thrown = null;
        try {
            $format = toolcompact_format($history);
        } catch (\Throwable $e) {
            $thrown = $e;
        }
        hf_check_call('format', $h, $thrown, $problems);
        if ($thrown === null && !$h->mutated && !$mutatedBefore && $h->fired === 0) {
            $unread = in_array($report['reason'] ?? null, ['notAList', 'unreadable'], true);
            if ($unread ? $format !== null : $format === null && ($report['format'] ?? null) === 'adachsoft') {
                $problems[] = 'format ' . var_export($format, true) . ' for a history compacted with reason '
                    . ($report['reason'] ?? 'null') . ', format ' . ($report['format'] ?? 'null');
            }
        }
        Hostility::$last = [$history, $params, $out, $back ?? null];
        if ($thrown === null && $h->fired === 0 && !$mutatedBefore && $firedInCompact === 0 && $plain && !$window
            && !isset($params['collapseWhitespace']) && hf_fingerprint($back) !== $before) {
            $problems[] = 'restore(compact($h)) is not $h' . (str_contains($before, '_tool_compaction') ? ' (the input had a meta)' : '');
        }
    } finally {
        Hostility::$now = null;
        restore_error_handler();
    }
    foreach (array_unique($raised) as $message) {
        $problems[] = "raised: $message";
    }
    if ($problems !== []) {
        array_unshift($problems, "$described; hostile code ran {$h->fired} times");
    }
    return $problems;
}

/** The exception rules of a call: what a propagating site threw reaches the caller; nothing else does. */
function hf_check_call(string $call, Hostility $h, ?\Throwable $thrown, array &$problems): void
{
    $propagating = array_values(array_intersect($h->threw, Hostility::PROPAGATING));
    $h->threw = [];
    if ($thrown === null) {
        if ($propagating !== []) {
            $problems[] = "$call swallowed the exception of {$propagating[0]}";
        }
    } elseif (!$thrown instanceof HostileStop || !in_array($thrown->getMessage(), Hostility::PROPAGATING, true)) {
        $problems[] = "$call threw " . $thrown::class . ': ' . $thrown->getMessage();
    }
}

/** Runs $count cases from seed $first; returns the failing ones, seed => problems. */
function hf_run(int $first, int $count, bool $trace = false): array
{
    $failing = [];
    for ($seed = $first; $seed < $first + $count; $seed++) {
        $problems = hf_check($seed, $trace);
        if ($problems !== []) {
            $failing[$seed] = $problems;
        }
    }
    return $failing;
}

/**
 * The PHPT: TOOLCOMPACT_FUZZ_CASES cases when set, 300 under valgrind
 * (run-tests.php -m sets USE_ZEND_ALLOC=0), else 10000. Prints at most 20
 * failing cases with their seeds, then "ok" or the number failing.
 */
function hf_phpt(): void
{
    $total = match (true) {
        getenv('TOOLCOMPACT_FUZZ_CASES') !== false => max(0, (int) getenv('TOOLCOMPACT_FUZZ_CASES')),
        getenv('USE_ZEND_ALLOC') === '0' => 300,
        default => 10000,
    };
    $failing = hf_run(1, $total);
    foreach (array_slice($failing, 0, 20, true) as $seed => $problems) {
        echo "seed $seed:\n  ", implode("\n  ", $problems), "\n";
    }
    echo $failing === [] ? "ok\n" : count($failing) . " failing\n";
}

if (PHP_SAPI === 'cli' && realpath($_SERVER['SCRIPT_FILENAME'] ?? '') === __FILE__) {
    $options = getopt('', ['cases:', 'seed:', 'trace', 'sites', 'sdk:', 'avoid:']);
    Hostility::$avoid = explode(',', $options['avoid'] ?? '');
    $sdk = $options['sdk'] ?? dirname(__DIR__) . '/sdk/vendor/autoload.php';
    if (is_file($sdk)) {
        require $sdk;
    }
    $failing = hf_run((int) ($options['seed'] ?? 1), (int) ($options['cases'] ?? 1000), isset($options['trace']));
    foreach ($failing as $seed => $problems) {
        echo "seed $seed:\n  ", implode("\n  ", $problems), "\n";
    }
    if (isset($options['sites'])) {
        ksort(Hostility::$stats);
        foreach (Hostility::$stats as $site => [$reached, $fired]) {
            printf("%-16s reached %7d, hostile %6d\n", $site, $reached, $fired ?? 0);
        }
    }
    echo count($failing), " failing\n";
    exit($failing === [] ? 0 : 1);
}
