--TEST--
cache of provider entries: an agent loop (the same entry arrays each call, one more entry each time) gets at every call, in every format, the output and onOmit records of a call with the cache off; from the third call on the memo serves the view (hits), a bound smaller than the history changes nothing either, and toolcompact.memo_entries=0 turns both off
--EXTENSIONS--
toolcompact
--FILE--
<?php
namespace ToolCompact\Tests;
require __DIR__ . '/../lib/build.php';
require __DIR__ . '/../lib/convert.php';

$transcript = transcripts()['transcripts/django__django-16502.json'];
$params = [['toolIdentifierFields' => ['bash' => ['command']]], ['toolIdentifierFields' => ['bash' => ['command']], 'keepLatestPerGroup' => 2], ['toolIdentifierFields' => ['bash' => ['command']], 'keepRecentMessages' => 3]];
$loop = function (array $history) use ($params): array {
    $outputs = [];
    for ($n = 2; $n <= count($history); $n++) {
        $slice = array_slice($history, 0, $n);
        $p = $params[$n % 3];
        $records = [];
        $p['onOmit'] = function (string $sha, string $json, array $where) use (&$records): void { $records[] = [$sha, $json, $where]; };
        $outputs[] = serialize([toolcompact_compact($slice, $p, $report), $records, $report]);
    }
    // the agent loop again, without onOmit or a report: the memo serves it
    for ($n = 2; $n <= count($history); $n++) {
        $outputs[] = serialize(toolcompact_compact(array_slice($history, 0, $n), $params[$n % 3]));
    }
    return $outputs;
};
foreach (['openai' => [], 'openai-responses' => [], 'anthropic' => [], 'gemini' => [], 'gemini/no-ids' => ['geminiIds' => false]] as $format => $options) {
    $history = convert_history($transcript, explode('/', $format)[0], $options);
    ini_set('toolcompact.memo_entries', '16384');
    $hitsBefore = toolcompact_memo_info()['hits'];
    $cached = $loop($history);
    $hits = toolcompact_memo_info()['hits'] - $hitsBefore;
    ini_set('toolcompact.memo_entries', '0');
    $plain = $loop($history);
    printf("%s: %d of %d calls differ, memo hits: %s\n", $format, count(array_diff_assoc($cached, $plain)), count($plain),
        $hits > 0 ? 'yes' : 'none');
}
// a cache smaller than the history: full, emptied, filled again
$history = convert_history($transcript, 'openai');
ini_set('toolcompact.memo_entries', '7');
$small = $loop($history);
ini_set('toolcompact.memo_entries', '0');
printf("bound 7: %d calls differ\n", count(array_diff_assoc($small, $loop($history))));
var_dump(toolcompact_memo_info()['entries']);
?>
--EXPECTF--
openai: 0 of %d calls differ, memo hits: yes
openai-responses: 0 of %d calls differ, memo hits: yes
anthropic: 0 of %d calls differ, memo hits: yes
gemini: 0 of %d calls differ, memo hits: yes
gemini/no-ids: 0 of %d calls differ, memo hits: yes
bound 7: 0 calls differ
int(0)
