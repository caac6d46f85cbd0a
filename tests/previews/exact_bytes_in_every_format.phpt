--TEST--
Previews (SPEC Part 6): the exact preview of an omitted string - head cut back and tail moved forward to a UTF-8 character start, the marker naming the bytes cut and the sha256 of json_encode() of the whole string - in every format and payload kind (object field, JSON text member written as its JSON string, text, text part); meta and onOmit as without previews
--EXTENSIONS--
toolcompact
--INI--
; valgrind reports PCRE's JIT code (preg_*() in the helpers) as reading uninitialised memory
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/helpers.inc';
use function ToolCompact\Tests\Previews\{pair, payloads, show, recorder, meta_of, sha};
use const ToolCompact\Tests\Previews\ALL_FORMATS;

// Byte layouts (0-based positions; default outputTrimBytes / inputTrimBytes 100, so each is omitted,
// long enough for the preview and the meta to be shorter, SPEC Part 4):
// s1: a b c d | é 4-5 | x 6..495 | 日 496-498 | 本 499-501            B = 502
// s2: a b | 😀 2-5 | y 6..495 | 😀 496-499 | z z 500-501              B = 502
// s3: (日本) x 90, a character starting every 3 bytes                B = 540
// s4: x | é at 1,3,..,499                                            B = 501
// s5: 😀 0-3 | 😀 4-7 | y 8..497 | 😀 498-501                         B = 502
// s6: abcde | z x 490 | vwxyz                                        B = 500
$s1 = "abcd\u{e9}" . str_repeat('x', 490) . "\u{65e5}\u{672c}";
$s2 = "ab\u{1F600}" . str_repeat('y', 490) . "\u{1F600}zz";
$s3 = str_repeat("\u{65e5}\u{672c}", 90);
$s4 = 'x' . str_repeat("\u{e9}", 250);
$s5 = "\u{1F600}\u{1F600}" . str_repeat('y', 490) . "\u{1F600}";
$s6 = 'abcde' . str_repeat('z', 490) . 'vwxyz';
$labels = [sha($s1) => 'H1', sha($s2) => 'H2', sha($s3) => 'H3', sha($s4) => 'H4', sha($s5) => 'H5', sha($s6) => 'H6',
    sha('done') => 'Hdone'];

echo "A. the cut rule, on an adachsoft result field\n";
// Rule: h = largest position <= previewBytes (and <= B) where a character starts (or B);
//       t = smallest position >= h and >= B - previewTail where a character starts (or B);
//       preview = s[0,h) . "\n[omitted] {t-h} bytes, sha256={H}\n" . s[t,B)
$cases = [
    // 5 is inside é (4-5): h = 4; B-5 = 497 is inside 日 (496-498): t = 499 (本)
    ['s1', $s1, ['previewBytes' => 5, 'previewTail' => 5]],
    // 5 is inside 😀 (2-5): h = 2; 497 inside 😀 (496-499): t = 500
    ['s2', $s2, ['previewBytes' => 5, 'previewTail' => 5]],
    // previewBytes only (previewTail absent): 11 is the last byte of the 4th character (9-11): h = 9; t = B
    ['s3', $s3, ['previewBytes' => 11]],
    // previewTail only (previewBytes absent): h = 0; B-7 = 494 is inside é (493-494): t = 495, tail three é
    ['s4', $s4, ['previewTail' => 7]],
    // 6 is inside the 2nd 😀 (4-7): h = 4; B-2 = 500 inside the last 😀: t moves to B, empty tail
    ['s5', $s5, ['previewBytes' => 6, 'previewTail' => 2]],
    // ASCII: cuts exactly at previewBytes and B - previewTail
    ['s6', $s6, ['previewBytes' => 5, 'previewTail' => 5]],
];
foreach ($cases as [$name, $s, $p]) {
    $h = pair('adachsoft', ['path' => 'p'], ['out' => $s, 'n' => 1]);
    $out = toolcompact_compact($h, $p);
    $result = payloads('adachsoft', $out)[1];
    echo "$name ", json_encode($p), ': ', show($result['out'], $labels), "\n";
    echo '   shorter than s: ', var_export(strlen($result['out']) < strlen($s), true),
        ', meta ', show($result['_tool_compaction'], $labels), "\n";
}

echo "\nB. every format and payload kind, previewBytes 5, previewTail 5\n";
// s1 is the older result's string, s2 the older call's argument `body`.
$p = ['previewBytes' => 5, 'previewTail' => 5];
$args = ['path' => 'p', 'body' => $s2];
// a JSON text result whose members are written as json_encode() writes them (so no whole-text
// record), with whitespace around them that must stay byte for byte
$jsonText = '{ "path": "p", "content": ' . json_encode($s1) . ', "n": 1 }';
$variants = [
    'adachsoft' => ['object' => ['out' => $s1, 'n' => 1]],
    'openai' => ['text' => $s1, 'json' => $jsonText, 'parts' => [['type' => 'text', 'text' => $s1], ['type' => 'text', 'text' => 'short']]],
    'openai-responses' => ['text' => $s1, 'json' => $jsonText, 'parts' => [['type' => 'input_text', 'text' => $s1], ['type' => 'input_text', 'text' => 'short']]],
    'anthropic' => ['text' => $s1, 'parts' => [['type' => 'text', 'text' => $s1], ['type' => 'text', 'text' => 'short']]],
    'gemini' => ['object' => ['out' => $s1, 'n' => 1]],
];
foreach ($variants as $f => $results) {
    echo "$f\n";
    $first = true;
    foreach ($results as $kind => $result) {
        $h = pair($f, $args, $result);
        $store = $log = $plainStore = $plainLog = [];
        $out = toolcompact_compact($h, $p + ['onOmit' => recorder($store, $log, $labels), 'format' => $f], $report);
        $plain = toolcompact_compact($h, ['onOmit' => recorder($plainStore, $plainLog, $labels), 'format' => $f]);
        [$a, $r] = payloads($f, $out);
        if ($first) {
            // a JSON text argument: only the member's value changes, to json_encode() of the preview
            echo '  arguments: ', show($a, $labels, is_string($a)), "\n";
        }
        echo "  result $kind: ", show($r, $labels, is_string($r) && $kind === 'json'), "\n";
        if ($f === 'adachsoft') {
            // Part 1's tool message placeholder is no text payload: it is not previewed
            echo '  tool message content: ', $out[2]['content'], "\n";
        }
        // the meta entries (bytes, sha256 of the whole string) and every onOmit call as without previews
        $metas = array_map(meta_of(...), payloads($f, $out));
        $plainMetas = array_map(meta_of(...), payloads($f, $plain));
        echo '    meta as without previews: ', var_export($metas === $plainMetas, true),
            ', onOmit as without previews: ', var_export($log === $plainLog && $store === $plainStore, true),
            ", fieldsOmitted {$report['fieldsOmitted']}\n";
        if ($first) {
            foreach ($log as $line) {
                echo "    onOmit $line\n";
            }
        }
        $first = false;
    }
}
?>
--EXPECT--
A. the cut rule, on an adachsoft result field
s1 {"previewBytes":5,"previewTail":5}: "abcd\n[omitted] 495 bytes, sha256={H1}\n本"
   shorter than s: true, meta {"thresholdBytes":100,"omittedFields":{"out":{"bytes":502,"sha256":"{H1}"}}}
s2 {"previewBytes":5,"previewTail":5}: "ab\n[omitted] 498 bytes, sha256={H2}\nzz"
   shorter than s: true, meta {"thresholdBytes":100,"omittedFields":{"out":{"bytes":502,"sha256":"{H2}"}}}
s3 {"previewBytes":11}: "日本日\n[omitted] 531 bytes, sha256={H3}\n"
   shorter than s: true, meta {"thresholdBytes":100,"omittedFields":{"out":{"bytes":540,"sha256":"{H3}"}}}
s4 {"previewTail":7}: "\n[omitted] 495 bytes, sha256={H4}\nééé"
   shorter than s: true, meta {"thresholdBytes":100,"omittedFields":{"out":{"bytes":501,"sha256":"{H4}"}}}
s5 {"previewBytes":6,"previewTail":2}: "😀\n[omitted] 498 bytes, sha256={H5}\n"
   shorter than s: true, meta {"thresholdBytes":100,"omittedFields":{"out":{"bytes":502,"sha256":"{H5}"}}}
s6 {"previewBytes":5,"previewTail":5}: "abcde\n[omitted] 490 bytes, sha256={H6}\nvwxyz"
   shorter than s: true, meta {"thresholdBytes":100,"omittedFields":{"out":{"bytes":500,"sha256":"{H6}"}}}

B. every format and payload kind, previewBytes 5, previewTail 5
adachsoft
  arguments: {"path":"p","body":"ab\n[omitted] 498 bytes, sha256={H2}\nzz","_tool_compaction":{"thresholdBytes":100,"omittedFields":{"body":{"bytes":502,"sha256":"{H2}"}}}}
  result object: {"out":"abcd\n[omitted] 495 bytes, sha256={H1}\n本","n":1,"_tool_compaction":{"thresholdBytes":100,"omittedFields":{"out":{"bytes":502,"sha256":"{H1}"}},"content":{"bytes":4,"sha256":"{Hdone}"}}}
  tool message content: [tool_compaction] Tool result compacted for tool=read, callId=c1. Large fields omitted.
    meta as without previews: true, onOmit as without previews: true, fieldsOmitted 2
    onOmit 'out' result @2 c1 read sha=H1 json=514 ok=true
    onOmit 'content' content @2 c1 read sha=Hdone json=6 ok=true
    onOmit 'body' arguments @1 c1 read sha=H2 json=520 ok=true
openai
  arguments: {"path":"p","body":"ab\n[omitted] 498 bytes, sha256={H2}\nzz","_tool_compaction":{"thresholdBytes":100,"omittedFields":{"body":{"bytes":502,"sha256":"{H2}"}}}}
  result text: "abcd\n[omitted] 495 bytes, sha256={H1}\n本"
    meta as without previews: true, onOmit as without previews: true, fieldsOmitted 2
    onOmit 0 result @2 c1 read sha=H1 json=514 ok=true
    onOmit 'body' arguments @1 c1 read sha=H2 json=520 ok=true
  result json: { "path": "p", "content": "abcd\n[omitted] 495 bytes, sha256={H1}\n\u672c", "n": 1,"_tool_compaction":{"thresholdBytes":100,"omittedFields":{"content":{"bytes":502,"sha256":"{H1}"}}} }
    meta as without previews: true, onOmit as without previews: true, fieldsOmitted 2
  result parts: [{"type":"text","text":"abcd\n[omitted] 495 bytes, sha256={H1}\n本"},{"type":"text","text":"short"}]
    meta as without previews: true, onOmit as without previews: true, fieldsOmitted 2
openai-responses
  arguments: {"path":"p","body":"ab\n[omitted] 498 bytes, sha256={H2}\nzz","_tool_compaction":{"thresholdBytes":100,"omittedFields":{"body":{"bytes":502,"sha256":"{H2}"}}}}
  result text: "abcd\n[omitted] 495 bytes, sha256={H1}\n本"
    meta as without previews: true, onOmit as without previews: true, fieldsOmitted 2
    onOmit 0 result @2 c1 read sha=H1 json=514 ok=true
    onOmit 'body' arguments @1 c1 read sha=H2 json=520 ok=true
  result json: { "path": "p", "content": "abcd\n[omitted] 495 bytes, sha256={H1}\n\u672c", "n": 1,"_tool_compaction":{"thresholdBytes":100,"omittedFields":{"content":{"bytes":502,"sha256":"{H1}"}}} }
    meta as without previews: true, onOmit as without previews: true, fieldsOmitted 2
  result parts: [{"type":"input_text","text":"abcd\n[omitted] 495 bytes, sha256={H1}\n本"},{"type":"input_text","text":"short"}]
    meta as without previews: true, onOmit as without previews: true, fieldsOmitted 2
anthropic
  arguments: {"path":"p","body":"ab\n[omitted] 498 bytes, sha256={H2}\nzz","_tool_compaction":{"thresholdBytes":100,"omittedFields":{"body":{"bytes":502,"sha256":"{H2}"}}}}
  result text: "abcd\n[omitted] 495 bytes, sha256={H1}\n本"
    meta as without previews: true, onOmit as without previews: true, fieldsOmitted 2
    onOmit 0 result @2 c1 read sha=H1 json=514 ok=true
    onOmit 'body' arguments @1 c1 read sha=H2 json=520 ok=true
  result parts: [{"type":"text","text":"abcd\n[omitted] 495 bytes, sha256={H1}\n本"},{"type":"text","text":"short"}]
    meta as without previews: true, onOmit as without previews: true, fieldsOmitted 2
gemini
  arguments: {"path":"p","body":"ab\n[omitted] 498 bytes, sha256={H2}\nzz","_tool_compaction":{"thresholdBytes":100,"omittedFields":{"body":{"bytes":502,"sha256":"{H2}"}}}}
  result object: {"out":"abcd\n[omitted] 495 bytes, sha256={H1}\n本","n":1,"_tool_compaction":{"thresholdBytes":100,"omittedFields":{"out":{"bytes":502,"sha256":"{H1}"}}}}
    meta as without previews: true, onOmit as without previews: true, fieldsOmitted 2
    onOmit 'out' result @2 c1 read sha=H1 json=514 ok=true
    onOmit 'body' arguments @1 c1 read sha=H2 json=520 ok=true
