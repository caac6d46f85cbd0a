#!/usr/bin/env bash
# CI leg for servers: the extension built in this clone (modules/
# toolcompact.so) in PHP-FPM behind nginx, under load, with workers recycled
# and a graceful reload in the middle.
#
#   bash .ci/server.sh [-d KEY=VALUE]...
#
# Each -d KEY=VALUE goes into the php.ini of the leg's php-fpm (e.g.
# -d toolcompact.hash_thread=0). Installs php8.2-fpm, nginx, wrk and curl if
# missing; starts its own php-fpm (one pool of 4 workers, pm static,
# pm.max_requests 50) and nginx on loopback (bench/server/lib.sh: own
# configs in a temp dir, nothing of the system's touched) and stops them
# at the end, whatever happens. Then, for LOAD_SECONDS (20) seconds, wrk
# loads the two endpoints of the server benchmark at once (A: one
# compaction of the shipped transcript a request; B: a 30-turn agent loop
# a request), 8 connections each, with a SIGUSR2 (graceful reload) to the
# FPM master half-way; a few requests to the userland variants and a few
# after the reload. It fails on:
#   - any answer that is not a 200, a socket error or a timeout;
#   - any body that is not the digest of the userland reference's output;
#   - a line of the FPM log telling of a crash or a PHP error (signal,
#     SIGSEGV, "exited on", core dumped, PHP Fatal error/Warning/Notice...);
#   - an FPM worker (or the master) with more than one thread, read from
#     /proc/PID/status every 20 ms while the load runs;
#   - the reload not taking place, or too few requests made.
# Ends with "server leg: ok" or the reasons it failed; status 0 or 1.
# KEEP=1 keeps the temp dir (configs, logs, wrk output).
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD
. bench/server/lib.sh

ini=()
while [ $# -gt 0 ]; do
	case $1 in
	-d) ini+=("${2:?-d needs KEY=VALUE}"); shift 2 ;;
	-d*) ini+=("${1#-d}"); shift ;;
	*) echo "usage: bash .ci/server.sh [-d KEY=VALUE]..." >&2; exit 2 ;;
	esac
done
LOAD_SECONDS=${LOAD_SECONDS:-20}
ext=$root/modules/toolcompact.so
[ -f "$ext" ] || { echo "no $ext: build the extension first"; exit 1; }

dir=$(mktemp -d "${TMPDIR:-/tmp}/toolcompact-ci-server.XXXXXX")
monitor=
mkfifo "$dir/never"
cleanup() {
	[ -z "$monitor" ] || { kill "$monitor" 2>/dev/null; wait "$monitor" 2>/dev/null; }
	srv_stop
	[ -n "${KEEP:-}" ] || rm -rf "$dir"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

problems=()
fail() { problems+=("$*"); echo "FAIL: $*"; }

srv_install || { echo "could not install php8.2-fpm, nginx, wrk"; exit 1; }
srv_init "$dir"
srv_prepare examples/transcripts/django__django-16502.json || exit 1
srv_php_ini "$ext" "${ini[@]}"
srv_fpm_global
srv_fpm_pool ci 4 50
srv_start_fpm || exit 1
srv_start_nginx || exit 1
master=$SRV_FPM_PID
echo "php-fpm $master (4 workers, pm.max_requests 50), nginx on 127.0.0.1:$SRV_PORT; php.ini extra: ${ini[*]:-none}"

# checks one request with curl: status 200 and the body the digest
curl_check() { # ENDPOINT QUERY WHAT
	local got code
	got=$(curl -s --max-time 60 -w '\n%{http_code}' "$(srv_url ci "$1" "$2")")
	code=${got##*$'\n'} got=${got%$'\n'*}
	[ "$code" = 200 ] && [ "$got" = "$(srv_expect "$1")" ] || fail "$3: HTTP $code, body '${got:0:80}'"
}
for e in a b; do curl_check "$e" impl=user "userland variant of endpoint $e"; done

# threads of the master and each worker, every 20 ms, while the load runs:
# a line "PID THREADS" for each process seen with more than one (read with
# builtins only: a fork per process and sample would load the 2 CPUs)
(
	threads_of() { local k v; n=; while read -r k v; do [ "$k" = Threads: ] && { n=$v; return; }; done <"/proc/$1/status"; } 2>/dev/null
	while :; do
		kids=() # (the file has no newline: read fills kids and returns 1)
		read -r -a kids <"/proc/$master/task/$master/children" 2>/dev/null
		for pid in "$master" "${kids[@]}"; do
			threads_of "$pid"
			[ -n "$n" ] && [ "$n" -gt 1 ] && echo "$pid $n"
		done
		read -r -t 0.02 <>"$dir/never" 2>/dev/null
	done >"$dir/threads"
) &
monitor=$!

for e in a b; do
	wrk -t1 -c8 -d"${LOAD_SECONDS}s" --timeout 30s --latency -s bench/server/check.lua \
		"$(srv_url ci "$e")" -- "$(srv_expect "$e")" >"$dir/wrk-$e.txt" 2>&1 &
	eval "load_$e=\$!"
done
sleep $((LOAD_SECONDS / 2))
kill -USR2 "$master" && echo "SIGUSR2 to the FPM master after $((LOAD_SECONDS / 2)) s"
wait "$load_a"; wait "$load_b"
kill "$monitor" 2>/dev/null; wait "$monitor" 2>/dev/null; monitor=

kill -0 "$master" 2>/dev/null || fail "the FPM master $master is gone after the reload"
grep -q 'Reloading in progress' "$dir/fpm.log" || fail "the FPM log shows no reload"
for e in a b; do curl_check "$e" "" "endpoint $e after the reload"; done

for e in a b; do
	r=$(sed -n 's/^RESULT //p' "$dir/wrk-$e.txt")
	if [ -z "$r" ]; then fail "endpoint $e: wrk gave no result"; cat "$dir/wrk-$e.txt"; continue; fi
	declare -A w=()
	for kv in $r; do w[${kv%%=*}]=${kv#*=}; done
	echo "endpoint $e: ${w[requests]} requests, ${w[ok]} right, ${w[bad]} wrong bodies, ${w[non200]} non-200, ${w[errors]} socket errors/timeouts, ${w[rps]} req/s, p99 $((w[p99_us] / 1000)) ms"
	[ "${w[requests]}" -ge 500 ] || fail "endpoint $e: only ${w[requests]} requests"
	[ "${w[bad]}" -eq 0 ] || fail "endpoint $e: ${w[bad]} answers with a wrong digest ($(sed -n 's/^FIRST_BAD //p' "$dir/wrk-$e.txt"))"
	[ "${w[non200]}" -eq 0 ] || fail "endpoint $e: ${w[non200]} answers not 200 ($(sed -n 's/^FIRST_BAD //p' "$dir/wrk-$e.txt"))"
	[ "${w[errors]}" -eq 0 ] || fail "endpoint $e: ${w[errors]} socket errors or timeouts"
	unset w
done
recycled=$(grep -c 'exited with code 0' "$dir/fpm.log")
echo "workers recycled or reloaded: $recycled"
[ "$recycled" -ge 10 ] || fail "only $recycled workers exited normally: were they recycled (pm.max_requests)?"

if [ -s "$dir/threads" ]; then
	fail "processes with more than one thread: $(sort -u -k1,2 "$dir/threads" | head -n 5 | tr '\n' ';')"
fi
crash='signal|SIGSEGV|SIGBUS|SIGABRT|exited on|core dumped|PHP (Fatal error|Warning|Notice|Deprecated)|Fatal error|zend_mm_heap|ERROR:'
if grep -E "$crash" "$dir/fpm.log" >"$dir/crash"; then
	fail "the FPM log tells of crashes or PHP errors:"; head -n 20 "$dir/crash"
fi
if [ -s "$dir/nginx/error.log" ]; then
	fail "nginx logged errors:"; head -n 10 "$dir/nginx/error.log"
fi

if [ ${#problems[@]} -eq 0 ]; then echo "server leg: ok"; exit 0; fi
echo "server leg: FAILED (${#problems[@]} problems)"
exit 1
