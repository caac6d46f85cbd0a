--TEST--
omitted fields: bytes and sha256 equal json_encode()'s on many generated values (escapes, UTF-8, floats, nesting, objects)
--EXTENSIONS--
toolcompact
--FILE--
<?php
/*
 * Differential over seeded generated values: with outputTrimBytes 0, a field
 * is omitted exactly when its size is > 0 and json_encode() succeeds, and
 * then its meta entry is ['bytes' => size, 'sha256' => sha256 of
 * json_encode()], size being the string length, the JSON length of an array,
 * or the length of (string) of a scalar (SPEC Part 1, "Compacting a payload").
 * The expectation is computed here with json_encode() and hash() under each
 * serialize_precision; a JsonSerializable must run exactly as often as
 * json_encode() of the field runs it.
 */
final class Counted implements JsonSerializable
{
    public static int $calls = 0;
    public function __construct(private mixed $value) {}
    public function jsonSerialize(): mixed { self::$calls++; return $this->value; }
}
final class Thrower implements JsonSerializable
{
    public function jsonSerialize(): mixed { Counted::$calls++; throw new RuntimeException('no'); }
}
enum Suit: string { case Hearts = 'H/♥'; }

$rng = new Random\Randomizer(new Random\Engine\Mt19937(20240611));
$int = fn (int $a, int $b) => $rng->getInt($a, $b);
$pick = fn (array $a) => $a[$rng->getInt(0, count($a) - 1)];

$specials = ['"', '\\', '/', "\n", "\r", "\t", "\x08", "\x0c", "\x00", "\x01", "\x1f", "\x7f", ' ', '<', '>', '&', "'"];
$utf8 = ['é', 'ß', '€', '—', "\u{2028}", "\u{2029}", "\u{7FF}", "\u{800}", "\u{D7FF}", "\u{E000}", "\u{FFFF}", "\u{10000}", '😀', "\u{10FFFF}", '中文'];
$invalid = ["\x80", "\xbf", "\xc0\x80", "\xc1\xbf", "\xc2", "\xc3\x28", "\xe0\x80\x80", "\xe0\x9f\xbf", "\xed\xa0\x80", "\xed\xbf\xbf",
    "\xe2\x82", "\xf0\x80\x80\x80", "\xf0\x8f\xbf\xbf", "\xf4\x90\x80\x80", "\xf5\x80\x80\x80", "\xf8\x88\x80\x80\x80", "\xff", "\xfe", "\xf0\x9f\x98"];

$string = function (int $max, bool $allowInvalid) use ($int, $pick, $rng, $specials, $utf8, $invalid): string {
    $target = $int(0, $max);
    $s = '';
    while (strlen($s) < $target) {
        $r = $int(0, 99);
        $s .= match (true) {
            $r < 45 => substr(str_repeat('The quick brown fox 0123456789 jumps. ', 8), $int(0, 40), $int(0, 60)),
            $r < 75 => $pick($specials),
            $r < 92 => $pick($utf8),
            $r < 97 => $rng->getBytes($int(1, 8)),
            default => $allowInvalid ? $pick($invalid) : 'x',
        };
    }
    if ($allowInvalid && $int(0, 9) === 0) {
        $s .= $pick($invalid); // invalid at the very end, often cut short
    }
    return $s;
};
$float = fn () => $pick([0.1, -0.0, 0.0, 1.0, 1.5, -2.25, 1e100, 1.0e-7, 123456789012345678.0, M_PI, 1 / 3, 7.0E-10,
    PHP_FLOAT_EPSILON, PHP_FLOAT_MAX, PHP_FLOAT_MIN, $int(-1000000, 1000000) / 7]);
$scalar = fn () => match ($int(0, 9)) {
    0 => null, 1 => true, 2 => false,
    3 => $pick([0, -1, 42, PHP_INT_MAX, PHP_INT_MIN, $int(-1000000, 1000000)]),
    4, 5 => $float(),
    default => $string(40, $int(0, 15) === 0),
};
$array = function (int $depth) use (&$array, $int, $pick, $string, $scalar): array {
    $n = $int(0, 6);
    $a = [];
    $shape = $int(0, 3);
    for ($i = 0; $i < $n; $i++) {
        $value = $depth > 0 && $int(0, 3) === 0 ? $array($depth - 1) : $scalar();
        match ($shape) {
            0 => $a[] = $value,                                        // a list
            1 => $a[$string(12, $int(0, 20) === 0)] = $value,          // string keys (some not UTF-8)
            2 => $a[$pick([-5, 0, 1, 3, 99, PHP_INT_MAX, PHP_INT_MIN, $i])] = $value, // integer keys
            default => $a[$int(0, 1) ? $i : "k$i"] = $value,           // mixed
        };
    }
    if ($n > 2 && $int(0, 5) === 0) {
        unset($a[array_key_first($a)]);                                // a list with a hole
    }
    return $a;
};
$nested = function (int $levels, mixed $leaf): array {
    $a = [$leaf];
    for ($i = 1; $i < $levels; $i++) {
        $a = [$a];
    }
    return $a;
};

$values = [];
for ($i = 0; $i < 260; $i++) {
    $values[] = $string($pick([20, 200, 3000]), $int(0, 6) === 0);
}
// around the hashing buffer, and, in arrays (sized by counting their JSON),
// around the 255 blocks of 16 bytes that a count of escapes adds up at once
foreach ([4079, 4080, 4096, 8191, 8192, 8193, 16384, 20000] as $len) {
    $values[] = str_repeat('/', $len);
    $values[] = [str_repeat('/', $len), str_repeat("\"\\\n", intdiv($len, 3))];
    $values[] = str_repeat('a', $len - 1) . '"';
    $values[] = str_repeat('é', intdiv($len, 2));
    $values[] = str_repeat("ab\ncd/😀", intdiv($len, 9));
}
for ($i = 0; $i < 200; $i++) {
    $values[] = $array(3);
}
for ($i = 0; $i < 60; $i++) {
    $values[] = $scalar();
}
$values[] = ['big' => str_repeat("line \"q\" / \\ \t é 😀\n", 900), 'list' => range(1, 300), 'f' => [0.1, 1e100]];
$values[] = [NAN];
$values[] = ['a' => 1, 'b' => [INF]];
$values[] = NAN;
$values[] = INF;
$values[] = ['ok', fopen('php://memory', 'r')];                       // a resource: unsupported
$values[] = $nested(512, 'deep');
$values[] = $nested(513, 'too deep');
$values[] = $nested(511, ['x' => new Counted(1)]);
$values[] = $nested(600, new Counted(2));
$recursive = ['r' => 1];
$recursive['self'] = &$recursive;
$values[] = $recursive;
$shared = str_repeat('shared/', 30);
$ref = ['v' => $shared];
$ref['alias'] = &$ref['v'];
$values[] = $ref;                                                     // references are read through
$values[] = [new stdClass()];
$values[] = ['o' => (object) ['a' => 'b/c', 'n' => [1, 2]]];
$values[] = ['j' => new Counted(['x' => "é\n"]), 'k' => new Counted(NAN)];
$values[] = ['s' => "\xff", 'j' => new Counted('never called')];    // the encoder stops first
$values[] = ["\xff" => 1, 'j' => new Counted('called: a bad key does not stop it')];
$values[] = [NAN, new Counted('called: NAN does not stop it')];
$values[] = ['t' => new Thrower()];
$values[] = [Suit::Hearts];
$values[] = new Counted('a top-level object is size 0');

/* Whether arrays nest deeper than $limit levels in $v (recursion does). */
function too_deep(mixed $v, int $limit): bool
{
    if (!is_array($v)) {
        return false;
    }
    if ($limit === 0) {
        return true;
    }
    foreach ($v as $child) {
        if (too_deep($child, $limit - 1)) {
            return true;
        }
    }
    return false;
}

/*
 * The expected entry of one field, with how often json_encode() ran user code.
 * Objects are size 0 and an array nested deeper than 512 levels is a failure
 * without being encoded (README, "Payloads"): json_encode() is not run on them.
 */
function expected(mixed $v, int &$calls): ?array
{
    if (is_object($v) || too_deep($v, 512)) {
        return null;
    }
    $before = Counted::$calls;
    try {
        $json = json_encode($v);
    } catch (Throwable) {
        $json = false;
    }
    $calls += Counted::$calls - $before;
    $size = match (true) {
        is_string($v) => strlen($v),
        is_array($v) => $json === false ? 0 : strlen($json),
        is_object($v), is_resource($v) => 0,
        // (string) gives NAN, INF, -INF; PHP 8.5 warns when NAN is cast
        is_float($v) && is_nan($v) => 3,
        is_float($v) && is_infinite($v) => $v > 0 ? 3 : 4,
        default => strlen((string) $v),
    };
    return $size > 0 && $json !== false ? ['bytes' => $size, 'sha256' => hash('sha256', $json)] : null;
}

$history = [];
foreach ($values as $i => $v) {
    $history[] = ['role' => 'tool', 'content' => null, 'toolCalls' => [],
        'toolResults' => [['id' => "r$i", 'toolName' => 'x', 'result' => ['f' => $v]]]];
}
$history[] = ['role' => 'tool', 'content' => null, 'toolCalls' => [], 'toolResults' => [['id' => 'last', 'toolName' => 'x', 'result' => []]]];

$checked = ['omitted' => 0, 'kept' => 0, 'json' => 0];
$errors = [];
foreach ([-1, 17, 5, 1, 0] as $precision) {
    ini_set('serialize_precision', (string) $precision);
    ini_set('precision', (string) ($precision === -1 ? 14 : max($precision, 1)));
    $expectedCalls = 0;
    $expected = [];
    foreach ($values as $i => $v) {
        $expected[$i] = expected($v, $expectedCalls);
    }
    json_decode('{');
    Counted::$calls = 0;
    $out = toolcompact_compact($history, ['outputTrimBytes' => 0]);
    if (json_last_error() !== JSON_ERROR_SYNTAX) {
        $errors[] = "serialize_precision $precision: json_last_error changed";
    }
    if (Counted::$calls !== $expectedCalls) {
        $errors[] = "serialize_precision $precision: jsonSerialize ran " . Counted::$calls . " times, json_encode() runs it $expectedCalls times";
    }
    foreach ($values as $i => $v) {
        $result = $out[$i]['toolResults'][0]['result'];
        $meta = $result['_tool_compaction'] ?? null;
        if ($expected[$i] === null) {
            $checked['kept']++;
            if ($meta !== null) {
                $errors[] = "serialize_precision $precision, value $i: omitted, json_encode() gives " . var_export(json_encode($v), true);
            }
            continue;
        }
        $checked['omitted']++;
        if ($result['f'] !== '[omitted]' || ($meta['omittedFields']['f'] ?? null) !== $expected[$i]) {
            $errors[] = "serialize_precision $precision, value $i: got " . json_encode($meta) . ', expected ' . json_encode($expected[$i]);
        }
    }
}
// the JSON handed to onOmit is json_encode()'s, byte for byte (onOmit is an
// option of ours: a value whose "[omitted]" and meta would not be shorter
// stays, SPEC Part 4, as does a payload too deep to measure; one of more than
// 300 bytes is always offered)
foreach ([-1, 5] as $precision) {
    ini_set('serialize_precision', (string) $precision);
    $given = [];
    toolcompact_compact($history, ['outputTrimBytes' => 0, 'onOmit' => function (string $sha256, string $json, array $where) use (&$given): void {
        $given[(int) substr($where['callId'], 1)] = [$sha256, $json];
    }]);
    foreach ($values as $i => $v) {
        if (!isset($given[$i]) || is_object($v)) {
            try {
                $long = !is_object($v) && !too_deep($v, 511) && strlen((string) json_encode($v)) > 300;
            } catch (Throwable) {
                $long = false;
            }
            if ($long) {
                $errors[] = "serialize_precision $precision, value $i: not offered to onOmit";
            }
            continue;
        }
        $checked['json']++;
        $json = json_encode($v);
        if ($given[$i] !== [hash('sha256', (string) $json), $json]) {
            $errors[] = "serialize_precision $precision, value $i: onOmit got " . strlen($given[$i][1]) . ' bytes starting ' . var_export(substr($given[$i][1], 0, 40), true)
                . ', json_encode() gives ' . strlen((string) $json) . ' starting ' . var_export(substr((string) $json, 0, 40), true);
        }
    }
}
echo implode("\n", array_slice($errors, 0, 10)), $errors ? "\n" : '';
printf("%d errors; %d omitted and %d kept checks\n", count($errors), $checked['omitted'], $checked['kept']);
var_dump($checked['json'] > 200);
var_dump($checked['omitted'] > 1500, $checked['kept'] > 200);
?>
--EXPECTF--
0 errors; %d omitted and %d kept checks
bool(true)
bool(true)
bool(true)
