#!/usr/bin/env bash
# The server benchmark: toolcompact_compact() in PHP-FPM behind nginx, under
# load from wrk, against the same endpoints compacting with the userland
# reference (tests/lib/reference.php) in the same server.
#
#   bash bench/server.sh [--quick] [--duration S] [--connections "4 16 64"]
#        [--workers N] [--ext PATH] [--ini KEY=VALUE]... [--label NAME]
#        [--variant NAME=KEY=VALUE[,KEY=VALUE...]]... [--rounds N]
#        [--csv FILE] [--transcript FILE] [--endpoints "a b"] [--keep]
#
# Installs php8.2-fpm, nginx and wrk from Debian's packages if missing (as
# root), then starts, in a temp dir of its own, one php-fpm (its own php.ini:
# OPcache on, the extension from --ext, default modules/toolcompact.so, each
# --ini setting; no system ini or conf.d) with a pool of --workers workers
# (pm static, default 4, pm.max_requests 0) for each variant: "user" for
# the userland one and one for each extension variant (below); and one nginx
# (its own config, -c and -p, one worker) on a free loopback port, and
# stops both at the end, on failure or on Ctrl-C. Nothing of the system's
# php-fpm or nginx is touched. Only one pool is loaded at a time.
#
# Endpoints (bench/server/app/), on a transcript of examples/transcripts/
# (default the shipped django__django-16502.json, 58 messages), compiled
# into a PHP file that OPcache keeps (each worker loads it once):
#   a: compact.php compacts the transcript once;
#   b: loop.php runs a 30-turn agent loop, the history growing by a turn
#      and compacted after each;
# each answers sha256(json_encode(output)), which must be the digest the
# userland reference gives (computed once before the runs; any other body,
# a non-200 answer, a socket error or a timeout fails the run), and the
# mean time per compaction measured inside the request (hrtime), in a
# header. The "user" pool serves ?impl=user, the endpoints compacting with
# reference_compact().
#
# Extension variants: "ext" (the php.ini's settings), "ext-nomemo" (the
# same with toolcompact.memo_entries=0), and for each --variant
# NAME=KEY=VALUE[,KEY=VALUE...] a pool NAME with those settings on top
# (php_admin_value) and its memo-off twin NAME-nomemo (none when the
# settings name memo_entries): so settings are compared within one run,
# minutes apart at most, on a machine whose load drifts. E.g.
#   --variant thread-off=toolcompact.hash_thread=0
#
# For each endpoint, round (--rounds, default 1) and concurrency, wrk (2
# threads, --latency, timeout 30 s) runs --duration seconds (default 20,
# --quick 3) against user and each variant in turn, after a warm-up of
# each; then prints req/s, p50, p99 and the mean time per compaction (the
# median over the rounds) with their ratios against user at the same
# concurrency (> 1: the extension better). Rows go to --csv FILE too
# (appended; label from --label, default the --ini settings). Exits 1 if
# any run had a wrong answer; the temp dir is then kept.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
here=$root/bench/server
. "$here/lib.sh"

status=1 duration=20 conns="4 16 64" workers=4 ext=$root/modules/toolcompact.so ini=() label= csv= keep= rounds=1 extra=()
transcript=$root/examples/transcripts/django__django-16502.json endpoints="a b"
usage() { sed -n '/^#   bash/,/^#        \[--csv/p' "$0" | sed 's/^# *//' >&2; exit 2; }
while [ $# -gt 0 ]; do
	case $1 in
	--quick) duration=3 ;;
	--duration) duration=${2:?}; shift ;;
	--connections) conns=${2:?}; shift ;;
	--workers) workers=${2:?}; shift ;;
	--ext) ext=${2:?}; shift ;;
	--ini) ini+=("${2:?}"); shift ;;
	--label) label=${2:?}; shift ;;
	--variant) extra+=("${2:?}"); shift ;;
	--rounds) rounds=${2:?}; shift ;;
	--csv) csv=${2:?}; shift ;;
	--transcript) transcript=${2:?}; shift ;;
	--endpoints) endpoints=${2:?}; shift ;;
	--keep) keep=1 ;;
	*) usage ;;
	esac
	shift
done
[ -f "$ext" ] || { echo "no extension at $ext (build it: phpize && ./configure && make, or pass --ext PATH)" >&2; exit 2; }
ext=$(cd "$(dirname "$ext")" && pwd)/$(basename "$ext")
[ -n "$label" ] || label=$(IFS=,; echo "${ini[*]:-defaults}")
label=${label//[[:space:]]/_}

dir=$(mktemp -d "${TMPDIR:-/tmp}/toolcompact-server.XXXXXX")
cleanup() {
	srv_stop
	if [ -n "$keep" ] || [ "${status:-0}" -ne 0 ]; then echo "(kept $dir)" >&2; else rm -rf "$dir"; fi
}
trap cleanup EXIT
trap 'echo "interrupted" >&2; exit 130' INT TERM HUP

srv_install || exit 1
srv_init "$dir"
srv_prepare "$transcript" || exit 1
srv_php_ini "$ext" "${ini[@]}"
srv_fpm_global
# the variants: "display name:pool:query"
variants=("user:user:impl=user" "ext:ext:" "ext-nomemo:extnomemo:")
srv_fpm_pool user "$workers" 0
srv_fpm_pool ext "$workers" 0
srv_fpm_pool extnomemo "$workers" 0 toolcompact.memo_entries=0
n=0
for v in "${extra[@]}"; do
	name=${v%%=*} settings=${v#*=} n=$((n + 1))
	[[ $name =~ ^[A-Za-z0-9._#+-]+$ ]] && [ "$settings" != "$v" ] || { echo "--variant NAME=KEY=VALUE[,KEY=VALUE...], not $v" >&2; exit 2; }
	IFS=, read -r -a kvs <<<"$settings"
	srv_fpm_pool "v$n" "$workers" 0 "${kvs[@]}"
	variants+=("$name:v$n:")
	if [[ $settings != *memo_entries* ]]; then
		srv_fpm_pool "v${n}nomemo" "$workers" 0 "${kvs[@]}" toolcompact.memo_entries=0
		variants+=("$name-nomemo:v${n}nomemo:")
	fi
	echo "variant $name: $settings"
done
srv_start_fpm || exit 1
srv_start_nginx || exit 1

settings=$(PHP_INI_SCAN_DIR= php -c "$dir/php.ini" -r 'foreach (ini_get_all("toolcompact") as $k => $v) echo "$k=", $v["local_value"], " ";')
echo "php-fpm $(php-fpm8.2 -v | head -n 1 | cut -d' ' -f2), nginx on 127.0.0.1:$SRV_PORT, $workers workers a pool (pm static), $(nproc) CPUs"
echo "extension $ext ($(PHP_INI_SCAN_DIR= php -c "$dir/php.ini" --ri toolcompact | sed -n 's/^Build => //p') build)"
echo "php.ini: $settings"
echo "runs of ${duration}s at ${conns// /, } connections, $rounds round(s); label $label"

results=$dir/results.tsv
: >"$results"
status=0
for endpoint in $endpoints; do
	expect=$(srv_expect "$endpoint")
	# a warm-up of each variant (OPcache, the workers, the hashing thread)
	for v in "${variants[@]}"; do
		IFS=: read -r name pool query <<<"$v"
		srv_wrk -t1 -c2 -d1s --timeout 30s -s "$here/check.lua" "$(srv_url "$pool" "$endpoint" "$query")" -- "$expect" >/dev/null 2>&1
	done
	for ((round = 1; round <= rounds; round++)); do
		for c in $conns; do
			for v in "${variants[@]}"; do
				IFS=: read -r name pool query <<<"$v"
				out=$dir/wrk-$endpoint-$round-$c-$name.txt
				srv_wrk -t2 -c"$c" -d"${duration}s" --timeout 30s --latency -s "$here/check.lua" \
					"$(srv_url "$pool" "$endpoint" "$query")" -- "$expect" >"$out" 2>&1
				php -n "$here/report.php" parse "$out" "$label" "$endpoint" "$c" "$name" "$round" >>"$results" || status=1
			done
		done
	done
done

php -n "$here/report.php" table "$results"
[ -z "$csv" ] || cat "$results" >>"$csv"
if [ -s "$dir/fpm.log" ] && grep -E 'PHP (Fatal|Warning|Notice)|signal|core dumped' "$dir/fpm.log" >&2; then
	echo "the FPM log has errors (above)" >&2; status=1
fi
[ $status -eq 0 ] || echo "FAILED: some runs had wrong answers (see above; wrk's output and the logs are in $dir)" >&2
exit $status
