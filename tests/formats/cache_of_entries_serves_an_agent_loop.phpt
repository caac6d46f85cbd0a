--TEST--
cache of provider entries: an agent loop (the same entry arrays each call, one more entry each time) gets at every call, in every cached format, the output and onOmit records of a call with the cache off; from the third call on the memo serves the view (hits), and toolcompact.memo_entries=0 turns both off
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
foreach (['openai', 'openai-responses', 'anthropic'] as $format) {
    $history = convert_history($transcript, $format);
    ini_set('toolcompact.memo_entries', '16384');
    $hitsBefore = toolcompact_memo_info()['hits'];
    $cached = $loop($history);
    $hits = toolcompact_memo_info()['hits'] - $hitsBefore;
    ini_set('toolcompact.memo_entries', '0');
    $plain = $loop($history);
    printf("%s: %d of %d calls differ, memo hits: %s\n", $format, count(array_diff_assoc($cached, $plain)), count($plain),
        $hits > 0 ? 'yes' : 'none');
}
ini_set('toolcompact.memo_entries', '0');
var_dump(toolcompact_memo_info()['entries']);
?>
--EXPECTF--
openai: 0 of %d calls differ, memo hits: yes
openai-responses: 0 of %d calls differ, memo hits: yes
anthropic: 0 of %d calls differ, memo hits: yes
int(0)
