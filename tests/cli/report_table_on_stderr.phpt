--TEST--
--report prints a table to stderr (parameters, counts, bytes and estimated tokens before/after, time) while the JSON still goes to stdout
--EXTENSIONS--
toolcompact
--FILE--
<?php
namespace ToolCompact\Tests;
require __DIR__ . '/../lib/cli.php';

$history = cli_history();
[$code, $out, $err] = run_cli(['--report'], cli_history_json());
var_dump($code, $out === cli_expected($history));
echo $err;
// The byte counts are those of the messages list as the CLI writes it; tokens are bytes / 4 rounded up.
$before = strlen(json_encode($history, CLI_JSON_FLAGS));
$after = strlen(json_encode(toolcompact_compact($history), CLI_JSON_FLAGS));
echo $before, ' ', $after, ' ', intdiv($before + 3, 4), ' ', intdiv($after + 3, 4), "\n";

echo "--- with flags, from a file\n";
$file = cli_temp_file(cli_history_json());
[$code, $out, $err] = run_cli([
    '--exclude', 'bash', '--exclude', 'x', '--identify', 'read_file=path,offset', '--identify', 'write_file=path',
    '--input-trim', '0', '--output-trim', '1000', '--report', '-o', '-', $file,
]);
unlink($file);
var_dump($code);
echo $err;

echo "--- an already compacted history: nothing new\n";
[$code, , $err] = run_cli(['--report'], json_encode(toolcompact_compact($history), CLI_JSON_FLAGS));
var_dump($code);
echo $err;
?>
--EXPECTF--
int(0)
bool(true)
input                standard input
input / output trim  100 / 100 bytes
excluded tools       none
identifier fields    none
format               adachsoft
messages             15
tool calls           6
tool results         6
messages changed     3
calls compacted      1
results compacted    2
fields omitted       3
bytes before         6,116
bytes after          4,720
saved                1,396 bytes (22.8%)
est. tokens before   1,529
est. tokens after    1,180
time                 %f ms
6116 4720 1529 1180
--- with flags, from a file
int(0)
input                %stc-cli-%s
input / output trim  0 / 1000 bytes
excluded tools       bash, x
identifier fields    read_file(path, offset), write_file(path)
format               adachsoft
messages             15
tool calls           6
tool results         6
messages changed     2
calls compacted      1
results compacted    1
fields omitted       2
bytes before         6,116
bytes after          5,358
saved                758 bytes (12.4%)
est. tokens before   1,529
est. tokens after    1,340
time                 %f ms
--- an already compacted history: nothing new
int(0)
input                standard input
input / output trim  100 / 100 bytes
excluded tools       none
identifier fields    none
format               adachsoft
messages             15
tool calls           6
tool results         6
messages changed     0
calls compacted      0
results compacted    0
fields omitted       0
bytes before         4,720
bytes after          4,720
saved                0 bytes (0.0%)
est. tokens before   1,180
est. tokens after    1,180
time                 %f ms
