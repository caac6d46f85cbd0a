--TEST--
Memo: an agent loop (the same message arrays each call, one more message each time) gets at every call the reference's output and report
--EXTENSIONS--
toolcompact
--FILE--
<?php
require __DIR__ . '/../lib/reference.php';
require __DIR__ . '/../lib/generator.php';
require __DIR__ . '/../lib/part2.php';
require __DIR__ . '/../lib/compare.php';

use function ToolCompact\Tests\generate_history;
use function ToolCompact\Tests\generate_params;
use function ToolCompact\Tests\generate_part2_params;
use function ToolCompact\Tests\plain;
use function ToolCompact\Tests\reference_compact;

$seeds = (int) (getenv('TOOLCOMPACT_MEMO_SEEDS') ?: 40);
$differences = 0;
$calls = 0;
$note = static function (string $what) use (&$differences): void {
    if (++$differences <= 10) {
        echo $what, "\n";
    }
};

for ($seed = 1; $seed <= $seeds; $seed++) {
    $history = generate_history($seed, 30);
    // Part 1 and Part 2 parameters; every third seed keeps a tokenCounter,
    // which the memo must step aside for.
    $params = generate_part2_params($seed, generate_params($seed));
    if ($seed % 3 !== 0) {
        unset($params['tokenCounter']);
    }
    for ($k = 1; $k <= count($history); $k++) {
        $messages = array_slice($history, 0, $k, true); // the same message arrays
        $withReport = ($seed + $k) % 4 === 0;
        $native = $withReport ? toolcompact_compact($messages, $params, $nativeReport) : toolcompact_compact($messages, $params);
        $reference = $withReport ? reference_compact($messages, $params, $referenceReport) : reference_compact($messages, $params);
        $calls++;
        if (serialize(plain($native)) !== serialize(plain($reference))) {
            $note("seed $seed, $k messages: output differs");
        }
        if ($withReport && $nativeReport !== $referenceReport) {
            $note("seed $seed, $k messages: report differs");
        }
    }
}
$info = toolcompact_memo_info();
echo "$calls calls, $differences differences\n";
var_dump($info['hits'] > $calls, $info['entries'] > 0);
?>
--EXPECTF--
%d calls, 0 differences
bool(true)
bool(true)
