#!/usr/bin/env bash
# Runs what README.md shows, the way a reader would, in a scratch copy of the
# repository (tracked and new files; no build output):
#
#  - every ```sh block, in README order, each with `bash -e -o pipefail`, all
#    in the same directory (a later block may use what an earlier one built);
#  - every ```ini block is loaded as php.ini: the extension must load from it,
#    each toolcompact.* directive in it must exist, and it must name every
#    directive the extension has;
#  - the ```text block after <!-- ci:demo-output --> must equal the report of
#    the demo command on the shipped transcript, except its `time` line.
#
# Blocks that are not run here have a marker on the line before their fence:
#  <!-- ci:demo -->, <!-- ci:test -->  .ci/run runs them itself, in the
#      repository, and counts the test block's PHPT results;
#  <!-- ci:skip: REASON -->  cannot run in CI. Keep these few; today they are
#      `pie install` (needs the network, Packagist and the pie tool) and
#      `make install` (writes into the system PHP).
#
# Prints one line per block and exits non-zero when any fails.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
repo=$work/repo
blocks=$work/blocks
mkdir -p "$repo" "$blocks"

# The scratch copy.
(cd "$root" && git ls-files -z --cached --others --exclude-standard) |
	while IFS= read -r -d '' f; do
		[ -f "$root/$f" ] && mkdir -p "$repo/$(dirname "$f")" && cp -p "$root/$f" "$repo/$f"
	done

# Split README.md into blocks: NNN.LANG holds the text, NNN.line its first
# line number, NNN.mark the marker before it (if any).
awk -v dir="$blocks" '
	/^```/ && !open { open = 1; n++; base = sprintf("%s/%03d", dir, n)
		lang = substr($0, 4); if (lang == "") lang = "none"
		file = base "." lang; printf "" > file
		print NR + 1 > (base ".line"); close(base ".line")
		if (mark != "") { print mark > (base ".mark"); close(base ".mark") }
		next }
	/^```/ && open { open = 0; close(file); mark = ""; next }
	open { print > file; next }
	NF { mark = ($0 ~ /^<!-- ci:[a-z-]+(:.*)? -->$/) ? $0 : "" }
' "$root/README.md"

failed=0 ran=0
fail() { failed=$((failed + 1)); echo "  FAILED: $*"; }

for block in "$blocks"/*.sh; do
	[ -e "$block" ] || break
	base=${block%.sh}
	line=$(cat "$base.line")
	mark=$(cat "$base.mark" 2>/dev/null || true)
	case $mark in
	'<!-- ci:demo -->' | '<!-- ci:test -->') echo "  by .ci/run: README line $line"; continue ;;
	'<!-- ci:skip:'*) reason=${mark#<!-- ci:skip: }; echo "  skipped: README line $line: ${reason% -->}"; continue ;;
	'<!-- ci:'*) fail "README line $line: unknown marker $mark"; continue ;;
	esac
	ran=$((ran + 1))
	if (cd "$repo" && bash -e -o pipefail "$block") >"$base.log" 2>&1; then
		echo "  ok: README line $line: $(head -n 1 "$block" | cut -c1-100)"
	else
		fail "README line $line:"
		sed 's/^/    /' "$block"
		echo "  output:"
		tail -n 30 "$base.log" | sed 's/^/    /'
	fi
done
[ "$ran" -gt 0 ] || fail "no sh block of README.md was run"

# The php.ini blocks, with the module the blocks above built.
module_dir=$repo/modules
for block in "$blocks"/*.ini; do
	[ -e "$block" ] || break
	line=$(cat "${block%.ini}.line")
	if [ ! -f "$module_dir/toolcompact.so" ]; then
		fail "README line $line: no modules/toolcompact.so to load the php.ini block with (no README block built it)"
		continue
	fi
	if out=$(PHP_INI_SCAN_DIR= php -c "$block" -d extension_dir="$module_dir" -r '
		if (!extension_loaded("toolcompact")) { echo "the extension did not load\n"; exit(1); }
		$text = file_get_contents($argv[1]);
		$known = array_keys(ini_get_all("toolcompact"));
		$bad = 0;
		foreach ($known as $directive) {
			if (!preg_match("/^;?\s*" . preg_quote($directive, "/") . "\s*=/m", $text)) { echo "does not show $directive\n"; $bad = 1; }
		}
		preg_match_all("/^\s*(toolcompact\.[A-Za-z0-9_.]+)\s*=/m", $text, $m);
		foreach ($m[1] as $directive) {
			if (!in_array($directive, $known, true)) { echo "shows $directive, which the extension does not have\n"; $bad = 1; }
		}
		exit($bad);
	' "$block" 2>&1); then
		echo "  ok: README line $line: php.ini block loads the extension and shows every directive"
	else
		fail "README line $line: php.ini block: $out"
	fi
done

# The report shown under <!-- ci:demo-output --> against the real one.
shown=$(grep -l -x '<!-- ci:demo-output -->' "$blocks"/*.mark 2>/dev/null | head -n 1)
if [ -z "$shown" ]; then
	fail "README.md has no <!-- ci:demo-output --> block"
elif [ ! -f "$module_dir/toolcompact.so" ]; then
	fail "no modules/toolcompact.so to run the demo with"
else
	file=$(awk '$1 == "input" && NF == 2 {print $2; exit}' "${shown%.mark}.text")
	if diff <(grep -v '^time ' "${shown%.mark}.text") \
		<(cd "$repo" && php -d extension=modules/toolcompact.so bin/toolcompact --report -o /dev/null "$file" 2>&1 | grep -v '^time '); then
		echo "  ok: README line $(cat "${shown%.mark}.line"): the demo's report is the one shown"
	else
		fail "README line $(cat "${shown%.mark}.line"): the demo's report differs from the one shown (diff above: < README, > actual)"
	fi
fi

exit $((failed > 0))
