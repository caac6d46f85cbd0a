--TEST--
toolcompact.escaper: set anywhere (ini_set() included, names in any case), the JSON escaper and decoder phpinfo() names follow it in the same process; an unknown value at run time warns and leaves the setting as it was
--EXTENSIONS--
toolcompact
--INI--
toolcompact.escaper=BYTES
--FILE--
<?php
function escaper_in_use(): string
{
    ob_start();
    (new ReflectionExtension('toolcompact'))->info();
    $info = ob_get_clean();
    preg_match('/^JSON escaper => (.*)$/m', $info, $escaper);
    preg_match('/^JSON decoder => (.*)$/m', $info, $decoder);
    return "$escaper[1], $decoder[1]";
}

var_dump(ini_get('toolcompact.escaper'), escaper_in_use());
var_dump(ini_set('toolcompact.escaper', 'ssse3'));
// SSSE3 (and SSE2 for decoding) where the CPU has it, byte by byte elsewhere
var_dump(in_array(escaper_in_use(), ['ssse3, sse2', 'bytes, bytes'], true));
var_dump(ini_set('toolcompact.escaper', 'auto'));
// the same, but decoding with AVX-512 where the CPU has it
var_dump(in_array(escaper_in_use(), ['ssse3, avx512', 'ssse3, sse2', 'bytes, bytes'], true));
var_dump(ini_set('toolcompact.escaper', 'bytes'), escaper_in_use());
set_error_handler(function (int $no, string $message): bool {
    echo $message, "\n";
    return true;
});
var_dump(ini_set('toolcompact.escaper', 'avx2'));
restore_error_handler();
var_dump(ini_get('toolcompact.escaper'), escaper_in_use());
ini_restore('toolcompact.escaper');
var_dump(ini_get('toolcompact.escaper'), escaper_in_use());
?>
--EXPECT--
string(5) "BYTES"
string(12) "bytes, bytes"
string(5) "BYTES"
bool(true)
string(5) "ssse3"
bool(true)
string(4) "auto"
string(12) "bytes, bytes"
ini_set(): toolcompact.escaper must be auto, ssse3 or bytes, "avx2" given; unchanged
bool(false)
string(5) "bytes"
string(12) "bytes, bytes"
string(5) "BYTES"
string(12) "bytes, bytes"
