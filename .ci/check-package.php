<?php
/*
 * Checks the release metadata against the repository:
 *
 *  - package.xml (PECL package 2.0) lists exactly the tracked files a release
 *    needs, each once, with the role the rules below give it, and nothing that
 *    does not exist;
 *  - the versions in package.xml and composer.json (when it has one) equal
 *    PHP_TOOLCOMPACT_VERSION in php_toolcompact.h, the single source;
 *  - composer.json is a PIE package of the extension, and every configure
 *    option that composer.json or package.xml offers exists in config.m4.
 *
 *   php .ci/check-package.php          check; exit 1 and a list of problems
 *   php .ci/check-package.php --write  rewrite package.xml's file list and
 *                                      version from the repository, then check
 *
 * Needs git (the tracked files) and SimpleXML.
 */

declare(strict_types=1);

chdir(dirname(__DIR__));

/* Tracked files that do not belong in a release, and why. Everything else that
 * git tracks must be listed in package.xml. */
const NOT_RELEASED = [
    '.ci/' => 'CI scripts',
    '.github/' => 'repository hosting settings',
    '.gitignore' => 'git settings',
    '.gitattributes' => 'git settings',
    'bench/' => 'benchmarks, for development',
    'composer.json' => 'read by PIE and Packagist from the repository, not from a PECL archive',
    'package.xml' => 'the manifest itself; `pecl package` adds it to the archive',
];

/* Files under a NOT_RELEASED folder that a release needs all the same, and why. */
const RELEASED_ANYWAY = [
    'bench/train.php' => 'the training run of make pgo (Makefile.frag)',
    'bench/history.php' => 'the histories bench/train.php generates',
];

/** The PECL role of a released file. */
function role_of(string $path): string
{
    return match (true) {
        str_starts_with($path, 'tests/') => 'test',
        str_starts_with($path, 'bin/') => 'script',
        str_starts_with($path, 'examples/'), str_ends_with($path, '.md'), $path === 'LICENSE' => 'doc',
        default => 'src',
    };
}

/** Why $path is not released, or null when it is. */
function not_released(string $path): ?string
{
    if (isset(RELEASED_ANYWAY[$path])) {
        return null;
    }
    foreach (NOT_RELEASED as $rule => $reason) {
        if ($path === $rule || (str_ends_with($rule, '/') && str_starts_with($path, $rule))) {
            return $reason;
        }
    }
    return null;
}

/** @return list<string> */
function tracked_files(): array
{
    exec('git ls-files -z 2>&1', $lines, $status);
    if ($status !== 0) {
        fwrite(STDERR, "check-package: git ls-files failed: " . implode("\n", $lines) . "\n");
        exit(1);
    }
    $files = array_values(array_filter(explode("\0", implode("\n", $lines)), 'strlen'));
    sort($files, SORT_STRING);
    return $files;
}

function header_version(): string
{
    $header = (string) file_get_contents('php_toolcompact.h');
    if (preg_match_all('/^#define\s+PHP_TOOLCOMPACT_VERSION\s+"([^"]+)"\s*$/m', $header, $m) !== 1) {
        fwrite(STDERR, "check-package: php_toolcompact.h must define PHP_TOOLCOMPACT_VERSION exactly once\n");
        exit(1);
    }
    return $m[1][0];
}

/** The configure options config.m4 declares, as they are written on the command line. */
function configure_options(): array
{
    $m4 = (string) file_get_contents('config.m4');
    $options = [];
    preg_match_all('/PHP_ARG_(ENABLE|WITH)\(\s*\[?([a-z0-9_-]+)\]?/', $m4, $m, PREG_SET_ORDER);
    foreach ($m as [, $kind, $name]) {
        $options = [...$options, ...($kind === 'ENABLE' ? ["enable-$name", "disable-$name"] : ["with-$name", "without-$name"])];
    }
    return $options;
}

/** The <contents> block that lists $files. */
function contents_xml(array $files): string
{
    $xml = " <contents>\n  <dir name=\"/\">\n";
    foreach ($files as $file) {
        $xml .= sprintf("   <file name=\"%s\" role=\"%s\"/>\n", htmlspecialchars($file, ENT_XML1), role_of($file));
    }
    return $xml . "  </dir>\n </contents>";
}

$problems = [];
$version = header_version();
$files = array_values(array_filter(tracked_files(), static fn (string $f): bool => not_released($f) === null));

if (in_array('--write', $argv, true)) {
    $xml = (string) file_get_contents('package.xml');
    $xml = preg_replace('~ <contents>.*?</contents>~s', contents_xml($files), $xml, 1, $n1);
    $xml = preg_replace('~(<version>\s*<release>)[^<]*(</release>\s*<api>)[^<]*(</api>)~', "\${1}$version\${2}$version\${3}", $xml, 1, $n2);
    if ($n1 !== 1 || $n2 !== 1) {
        fwrite(STDERR, "check-package: package.xml has no <contents> or <version> block to rewrite\n");
        exit(1);
    }
    file_put_contents('package.xml', $xml);
    echo "package.xml: file list and version rewritten\n";
}

/* package.xml */
if (!extension_loaded('simplexml')) {
    fwrite(STDERR, "check-package: needs PHP's SimpleXML extension (php-xml)\n");
    exit(1);
}
libxml_use_internal_errors(true);
$package = simplexml_load_file('package.xml');
if ($package === false) {
    $problems[] = 'package.xml is not well-formed XML: ' . trim(libxml_get_errors()[0]->message ?? '');
} else {
    $package->registerXPathNamespace('p', 'http://pear.php.net/dtd/package-2.0');
    $one = static fn (string $path): ?string => isset($package->xpath($path)[0]) ? trim((string) $package->xpath($path)[0]) : null;
    if (($package->getNamespaces()[''] ?? null) !== 'http://pear.php.net/dtd/package-2.0' || (string) $package['version'] !== '2.0') {
        $problems[] = 'package.xml is not in the PECL package 2.0 format';
    }
    foreach (['/p:package/p:name' => 'toolcompact', '/p:package/p:providesextension' => 'toolcompact',
        '/p:package/p:version/p:release' => $version, '/p:package/p:version/p:api' => $version] as $path => $want) {
        $got = $one($path);
        if ($got !== $want) {
            $problems[] = sprintf('package.xml %s is %s, expected "%s"%s', str_replace('p:', '', $path),
                $got === null ? 'missing' : "\"$got\"", $want,
                str_contains($path, 'version') ? ' (PHP_TOOLCOMPACT_VERSION in php_toolcompact.h; `php .ci/check-package.php --write` updates it)' : '');
        }
    }
    foreach ($package->xpath('//p:extsrcrelease/p:configureoption') as $option) {
        foreach (['name', 'prompt'] as $attribute) {
            if ((string) $option[$attribute] === '') {
                $problems[] = "package.xml: a <configureoption> has no $attribute";
            }
        }
        if (!in_array((string) $option['name'], configure_options(), true)) {
            $problems[] = "package.xml: configure option \"{$option['name']}\" is not declared in config.m4";
        }
    }

    // The listed files, with their full paths (nested <dir> elements add up).
    $listed = [];
    $walk = static function (SimpleXMLElement $dir, string $prefix) use (&$walk, &$listed, &$problems): void {
        foreach ($dir->children('http://pear.php.net/dtd/package-2.0') as $child) {
            $attributes = $child->attributes();
            $name = trim((string) $attributes['name'], '/');
            $path = $prefix === '' ? $name : ($name === '' ? $prefix : "$prefix/$name");
            if ($child->getName() === 'dir') {
                $walk($child, $path);
            } elseif ($child->getName() === 'file') {
                if (isset($listed[$path])) {
                    $problems[] = "package.xml lists $path twice";
                }
                $listed[$path] = (string) $attributes['role'];
            }
        }
    };
    $contents = $package->xpath('/p:package/p:contents')[0] ?? null;
    if ($contents === null) {
        $problems[] = 'package.xml has no <contents>';
    } else {
        $walk($contents, '');
    }
    $tracked = array_flip(tracked_files());
    foreach ($listed as $path => $role) {
        if (!is_file($path)) {
            $problems[] = "package.xml lists $path, which does not exist";
        } elseif (!isset($tracked[$path])) {
            $problems[] = "package.xml lists $path, which git does not track";
        } elseif (not_released($path) !== null) {
            $problems[] = "package.xml lists $path, which is not part of a release: " . not_released($path);
        } elseif ($role !== role_of($path)) {
            $problems[] = "package.xml gives $path the role \"$role\", expected \"" . role_of($path) . '"';
        }
    }
    foreach ($files as $path) {
        if (!isset($listed[$path])) {
            $problems[] = "$path is tracked but missing from package.xml: add it to <contents> (`php .ci/check-package.php --write` does), or to NOT_RELEASED in .ci/check-package.php with a reason";
        }
    }
}

/* composer.json */
$composer = json_decode((string) @file_get_contents('composer.json'), true);
if (!is_array($composer)) {
    $problems[] = 'composer.json is missing or not a JSON object';
} else {
    $expect = [
        'type' => 'php-ext',
        'license' => 'MIT',
    ];
    foreach ($expect as $key => $want) {
        if (($composer[$key] ?? null) !== $want) {
            $problems[] = "composer.json \"$key\" must be \"$want\"";
        }
    }
    if (($composer['php-ext']['extension-name'] ?? null) !== 'toolcompact') {
        $problems[] = 'composer.json php-ext.extension-name must be "toolcompact"';
    }
    if (!isset($composer['require']['php'])) {
        $problems[] = 'composer.json must require a PHP version';
    }
    if (array_key_exists('version', $composer) && $composer['version'] !== $version) {
        $problems[] = "composer.json version is \"{$composer['version']}\", expected \"$version\" (PHP_TOOLCOMPACT_VERSION)";
    }
    foreach ($composer['php-ext']['configure-options'] ?? [] as $option) {
        $name = $option['name'] ?? '';
        if (!in_array($name, configure_options(), true)) {
            $problems[] = "composer.json: configure option \"$name\" is not declared in config.m4";
        }
        if (($option['description'] ?? '') === '') {
            $problems[] = "composer.json: configure option \"$name\" has no description";
        }
    }
    $phpMin = $package === false ? '' : ($one('/p:package/p:dependencies/p:required/p:php/p:min') ?? null);
    if ($phpMin !== '' && preg_match('/^>=\s*(\d+\.\d+)$/', $composer['require']['php'] ?? '', $m)
        && ($phpMin === null || !str_starts_with($phpMin, $m[1] . '.'))) {
        $problems[] = "package.xml's minimum PHP (" . ($phpMin ?? 'none') . ") does not match composer.json's \"{$composer['require']['php']}\"";
    }
}

if ($problems !== []) {
    $shown = array_slice($problems, 0, 30);
    if (count($problems) > 30) {
        $shown[] = sprintf('... and %d more', count($problems) - 30);
    }
    fwrite(STDERR, implode("\n", array_map(static fn ($p) => "check-package: $p", $shown)) . "\n");
    exit(1);
}
printf("package.xml: %d files, version %s; composer.json: PIE package of extension toolcompact\n", count($files), $version);
