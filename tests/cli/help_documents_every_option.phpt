--TEST--
--help / -h print the usage to stdout and exit 0: every option (restore --store DIR too), the input shapes, the JSON flags, the report and the exit codes; the README's command-line section has a row for every option
--EXTENSIONS--
toolcompact
--INI--
; valgrind reports PCRE's JIT code reading the script's source (preg_match_all below) as
; uninitialised: the compiled pattern is plain code without its debug information
pcre.jit=0
--FILE--
<?php
namespace ToolCompact\Tests;
require __DIR__ . '/../lib/cli.php';

[$code, $help, $err] = run_cli(['--help']);
var_dump($code, $err);
[$code, $short] = run_cli(['-h']);
var_dump($code, $short === $help);

$mentions = [
    'Usage: toolcompact [OPTIONS] [FILE]', '"messages"', '"-"',
    '--params FILE', '--input-trim N', '--output-trim N', '--exclude TOOL', '--identify TOOL=F,G',
    '--format NAME', '--store DIR', 'restore --store DIR', '"contents"', '"input"', 'openai-responses', 'anthropic', 'gemini',
    '-o, --output FILE', '--pretty', '--report', '--version', '-h, --help', '"--"',
    'inputTrimBytes', 'outputTrimBytes', 'excludedTools', 'toolIdentifierFields', 'default 100',
    'JSON_UNESCAPED_SLASHES', 'JSON_UNESCAPED_UNICODE', 'JSON_PRESERVE_ZERO_FRACTION',
    'bytes / 4, rounded up', 'Exit status: 0', '1 when', '2 on',
];
foreach ($mentions as $text) {
    if (!str_contains($help, $text)) {
        echo "missing: $text\n";
    }
}
// Lines fit a terminal.
var_dump(max(array_map('strlen', explode("\n", $help))) <= 80);

// The source of the option parser names no option that --help leaves out.
preg_match_all("/case '(-[-a-z]+)':/", file_get_contents(cli_script()), $m);
foreach ($m[1] as $option) {
    if (!str_contains($help, $option)) {
        echo "undocumented: $option\n";
    }
}
var_dump(count($m[1]));

// The README's command-line section has a row for every option too.
$readme = file_get_contents(dirname(cli_script(), 2) . '/README.md');
$section = substr($readme, strpos($readme, '## The command line'));
$section = substr($section, 0, strpos($section, "\n## ", 1) ?: strlen($section));
foreach ($m[1] as $option) {
    if (!str_contains($section, "`$option")) {
        echo "not in the README: $option\n";
    }
}
echo str_contains($section, 'restore --store DIR') ? "README: restore\n" : "README: no restore\n";
?>
--EXPECT--
int(0)
string(0) ""
int(0)
bool(true)
bool(true)
int(14)
README: restore
