--TEST--
toolcompact_retrieve(): the stored JSON when its SHA-256 is the one asked for (asked in upper case or with whitespace around: the lookup gets 64 lower-case digits); null when the lookup has nothing, returns another string or a non-string, or when the sha256 is not 64 hex digits (the lookup is not called); what the lookup throws reaches the caller; wrong types throw TypeError
--EXTENSIONS--
toolcompact
--FILE--
<?php
$json = json_encode(['content' => str_repeat('line', 40), 'size' => 160]);
$sha = hash('sha256', $json);
$asked = [];
$lookup = function (string $sha256) use (&$asked, $sha, $json): mixed {
    $asked[] = $sha256;
    return $sha256 === $sha ? $json : null;
};
var_dump(toolcompact_retrieve($sha, $lookup) === $json);
var_dump(toolcompact_retrieve(" \t" . strtoupper($sha) . "\n", $lookup) === $json);
var_dump($asked === [$sha, $sha]);
var_dump(toolcompact_retrieve(hash('sha256', 'other'), $lookup));
foreach (['tampered' => $json . ' ', 'false' => false, 'int' => 1, 'array' => [$json], 'stringable' => new class($json) {
    public function __construct(private string $j) {}
    public function __toString(): string { return $this->j; }
}] as $what => $returned) {
    echo $what, ': ';
    var_dump(toolcompact_retrieve($sha, fn () => $returned));
}
$asked = [];
foreach (['', substr($sha, 1), $sha . '0', 'g' . substr($sha, 1), "sha256=$sha", substr($sha, 0, 32) . ' ' . substr($sha, 33)] as $bad) {
    var_dump(toolcompact_retrieve($bad, $lookup));
}
var_dump($asked === []);
try {
    toolcompact_retrieve($sha, fn () => throw new RuntimeException('store down'));
} catch (RuntimeException $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
foreach ([fn () => toolcompact_retrieve([], $lookup), fn () => toolcompact_retrieve($sha, 'no_such_function')] as $f) {
    try {
        $f();
    } catch (TypeError $e) {
        echo $e->getMessage(), "\n";
    }
}
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
NULL
tampered: NULL
false: NULL
int: NULL
array: NULL
stringable: NULL
NULL
NULL
NULL
NULL
NULL
NULL
bool(true)
RuntimeException: store down
toolcompact_retrieve(): Argument #1 ($sha256) must be of type string, array given
toolcompact_retrieve(): Argument #2 ($lookup) must be a valid callback, function "no_such_function" not found or invalid function name
