#!/usr/bin/env bash
# Builds toolcompact and runs its whole PHPT suite on PHP builds other than
# the system's PHP 8.2 (which .ci/run tests):
#
#   8.4             PHP 8.4 of Debian 13 (trixie), in a chroot
#   8.5             PHP 8.5 of Debian's experimental suite, in a sid chroot
#   debug           PHP 8.2 built here from Debian's source tarball with
#                   --enable-debug --enable-zts (engine assertions, thread-safe
#                   build), installed under a prefix of its own
#   debug-valgrind  the same build, the suite under valgrind (run-tests.php -m)
#   all             the four, in that order (the default)
#
# Usage (as root, on Debian):
#   bash .ci/versions.sh [--logs DIR] [--setup-only] [--rebuild] [LEG...]
#
#   --logs DIR    where each leg leaves DIR/versions-LEG.log (the extension's
#                 build, then run-tests.php's output) and DIR/versions-LEG.dir,
#                 a link to the copy the suite ran in (the .diff and .out files
#                 of failed tests are there); default $TOOLCOMPACT_CI_CACHE/logs
#   --setup-only  set up what is missing (chroot, PHP build) and stop
#   --rebuild     make the set-up of the legs named again from scratch (a
#                 newer trixie, sid or experimental, say)
#
# What is set up is kept in the cache directory and reused as long as it is
# complete (a stamp file written at the end of each set-up; a half-made one is
# made again): only the first run waits for debootstrap and the PHP build.
# Each run builds the extension afresh in a copy of the repository (tracked
# files and new ones git does not ignore, as they are in the work tree), with
# ../shared beside it when the repository has it (the tests run without it;
# with it, a few of them take its transcripts as well).
#
# Environment:
#   TOOLCOMPACT_CI_CACHE    the cache (default /var/cache/toolcompact-ci)
#   TOOLCOMPACT_CI_MIRROR   the Debian mirror (default: the first URIs: of
#                           /etc/apt/sources.list.d/debian.sources)
#   TOOLCOMPACT_TESTS       what run-tests.php runs (default: tests), e.g.
#                           "tests/api tests/hostile/some_test.phpt"
#   TOOLCOMPACT_FUZZ_CASES  the fuzz PHPTs' cases (tests/lib/fuzz.php); default
#                           2 000, as in .ci/run's legs after the README's
#                           (300 under valgrind)
#   VALGRIND_OPTS           for debug-valgrind; default as in .ci/run's
#                           valgrind leg (bin/toolcompact and redis-server
#                           children not traced); a 64 MB main stack is
#                           always asked for, as the debug legs' ulimit -s
#
# Prints one line per step with its time. Exit status: 0 when every leg's
# suite passed, 1 when a suite failed or the extension did not build, 2 when
# a set-up failed (its log's end is printed).
set -uo pipefail
export LC_ALL=C DEBIAN_FRONTEND=noninteractive NO_INTERACTION=1

root=$(cd "$(dirname "$0")/.." && pwd)
cache=${TOOLCOMPACT_CI_CACHE:-/var/cache/toolcompact-ci}
logs=
setup_only=0 rebuild=0 legs=()
# Debian's source of PHP 8.2 for the debug build (pool/main/p/php8.2/ on the mirror).
php_debug_version=8.2.29
# The debug build's extensions: those the tests and bin/toolcompact use, and
# those Debian's PHP has built in or in php8.2-common (json, hash, pcre,
# random, spl, reflection and standard are always there).
php_debug_configure="--enable-debug --enable-zts --disable-all --disable-cgi --disable-phpdbg
	--enable-mbstring --with-openssl --enable-filter --enable-opcache --enable-pcntl
	--enable-posix --enable-ctype --enable-tokenizer"
chroot_path=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin

usage() { sed -n '2,/^set -uo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'; }
while [ $# -gt 0 ]; do
	case $1 in
		--logs) logs=${2:?--logs needs a directory}; shift ;;
		--logs=*) logs=${1#--logs=} ;;
		--setup-only) setup_only=1 ;;
		--rebuild) rebuild=1 ;;
		-h|--help) usage; exit 0 ;;
		all) legs+=(8.4 8.5 debug debug-valgrind) ;;
		8.4|8.5|debug|debug-valgrind) legs+=("$1") ;;
		*) echo "unknown argument: $1 (see --help)" >&2; exit 2 ;;
	esac
	shift
done
[ ${#legs[@]} -gt 0 ] || legs=(8.4 8.5 debug debug-valgrind)
[ "$(id -u)" = 0 ] || { echo "versions.sh needs root (debootstrap, chroot, mount, apt-get)" >&2; exit 2; }
mkdir -p "$cache" && cache=$(cd "$cache" && pwd -P) || exit 2
logs=${logs:-$cache/logs}
mkdir -p "$logs" && logs=$(cd "$logs" && pwd -P) || exit 2

say() { printf 'versions.sh: %s\n' "$*"; }
# Wall time since mark, and the CPU time (user and system) of the commands
# run since then, which depends less on what else the machine runs (set-ups
# and builds).
mark() { t0=$SECONDS cpu0=$(cpu_ticks); }
# (the waited-for children's user and system time of this shell, in clock ticks)
cpu_ticks() { sed 's/.*) //' "/proc/$$/stat" | awk '{ print $14 + $15 }'; }
took() { echo "$((SECONDS - t0))s, CPU $((($(cpu_ticks) - cpu0) / $(getconf CLK_TCK)))s"; }

# The Debian mirror this machine uses: its main archive, not the security one.
mirror() {
	if [ -n "${TOOLCOMPACT_CI_MIRROR:-}" ]; then echo "${TOOLCOMPACT_CI_MIRROR%/}"; return; fi
	local m
	m=$(awk '$1 == "URIs:" { for (i = 2; i <= NF; i++) if ($i !~ /security/) { print $i; exit } }' \
		/etc/apt/sources.list.d/debian.sources 2>/dev/null)
	[ -n "$m" ] || m=$(awk '$1 == "deb" && $0 !~ /security/ { for (i = 2; i <= NF; i++) if ($i ~ /:\/\//) { print $i; exit } }' \
		/etc/apt/sources.list 2>/dev/null)
	[ -n "$m" ] || { echo "no Debian mirror found in /etc/apt/sources.list.d/debian.sources" >&2; return 1; }
	echo "${m%/}"
}

# Mount points at or under $1, deepest first.
mounts_under() {
	findmnt -rn -o TARGET | awk -v d="$1" '$0 == d || index($0, d "/") == 1' | sort -r
}
unmount_under() {
	local m
	mounts_under "$1" | while IFS= read -r m; do umount "$m" 2>/dev/null || umount -l "$m"; done
}
# Removes a directory tree of the cache, never through a mount point.
remove_tree() {
	[ -e "$1" ] || return 0
	unmount_under "$1"
	if [ -n "$(mounts_under "$1")" ]; then echo "still mounted under $1: not removed" >&2; return 1; fi
	rm -rf --one-file-system "$1"
}
mounted=()
cleanup() {
	local m
	for m in "${mounted[@]}"; do unmount_under "$m"; done
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

# Installs those of the Debian packages $@ that this machine does not have.
host_install() {
	local p missing=()
	for p; do
		dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q ' installed$' || missing+=("$p")
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	echo "installing on this machine: ${missing[*]}"
	local apt=(apt-get -q -y -o DPkg::Lock::Timeout=600)
	"${apt[@]}" install --no-install-recommends "${missing[@]}" \
		|| { "${apt[@]}" update && "${apt[@]}" install --no-install-recommends "${missing[@]}"; }
}

# A copy of the repository as it is in the work tree (tracked files and new
# ones that git does not ignore; a plain copy without build output when this
# is not a git work tree) in $1/toolcompact, and ../shared, when there is
# one, in $1/shared.
copy_sources() {
	local dest=$1
	remove_tree "$dest/toolcompact" && remove_tree "$dest/shared" || return 1
	mkdir -p "$dest/toolcompact" || return 1
	if git -C "$root" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
		(cd "$root" && git ls-files -z --cached --others --exclude-standard |
			while IFS= read -r -d '' f; do [ -f "$f" ] && printf '%s\0' "$f"; done |
			xargs -0 -r cp --parents -p -t "$dest/toolcompact") || return 1
	else
		cp -a "$root/." "$dest/toolcompact/" \
			&& (cd "$dest/toolcompact" && { make distclean || true; phpize --clean || true; } >/dev/null 2>&1)
	fi
	[ -d "$root/../shared" ] || return 0
	mkdir -p "$dest/shared" && cp -a "$root/../shared/." "$dest/shared/"
}

# The test SDKs (tests/sdk/vendor, which git ignores) when .ci/run or the
# README's test command installed them: the real-client and CompactingClient
# tests then run on this leg's PHP too. The debug build under valgrind goes
# without them (its suite is the slowest leg; the release build's valgrind
# leg runs them).
copy_test_sdks() {
	[ -d "$root/tests/sdk/vendor" ] || return 0
	cp -a "$root/tests/sdk/vendor" "$1/toolcompact/tests/sdk/"
}

# Runs $@ in chroot $chroot with a clean environment.
in_chroot() {
	chroot "$chroot" /usr/bin/env -i PATH=$chroot_path HOME=/root LC_ALL=C \
		DEBIAN_FRONTEND=noninteractive NO_INTERACTION=1 "$@"
}
mount_proc() {
	mountpoint -q "$chroot/proc" && return 0
	mount -t proc proc "$chroot/proc" && mounted+=("$chroot/proc")
}

# What leg $1's chroot holds: its suite, then the packages installed in it.
chroot_recipe() {
	case $1 in
		8.4) echo "trixie php8.4-dev php8.4-cli php8.4-mbstring php8.4-opcache php8.4-redis php8.4-igbinary redis-server" ;;
		# (opcache is built in from 8.5 on; no phpredis is built for 8.5 yet)
		8.5) echo "sid php-common php8.5-dev php8.5-cli php8.5-mbstring" ;;
	esac | sed 's/$/ libssl-dev pkg-config make gcc libc6-dev autoconf/'
}
# The chroot of leg $1 (8.4 or 8.5) in $chroot, made from scratch.
setup_chroot() {
	local leg=$1 suite packages mirror recipe
	recipe=$(chroot_recipe "$leg")
	suite=${recipe%% *} packages=${recipe#* }
	mirror=$(mirror) || return 1
	# debootstrap's part has a stamp of its own: a change in the packages, or
	# an install that failed, does not take the base system again.
	if [ "$(cat "$chroot/.toolcompact-debootstrapped" 2>/dev/null)" != "$suite $mirror" ]; then
		host_install debootstrap debian-archive-keyring || return 1
		remove_tree "$chroot" || return 1
		echo "debootstrap --variant=minbase $suite $chroot $mirror"
		debootstrap --variant=minbase "$suite" "$chroot" "$mirror" || return 1
		echo "$suite $mirror" >"$chroot/.toolcompact-debootstrapped"
	fi
	rm -f "$chroot/.toolcompact-ready"
	mount_proc || return 1
	if [ "$leg" = 8.5 ]; then
		# PHP 8.5 is in experimental only: its packages (php8.5-*) are taken
		# from there, everything else from sid (with -t experimental, apt
		# took perl, libc6-dev and more from experimental too and found no
		# solution), php-common included. Its Release file may be past its
		# Valid-Until on a snapshot mirror.
		echo "deb $mirror experimental main" >"$chroot/etc/apt/sources.list.d/experimental.list"
		echo 'Acquire::Check-Valid-Until "false";' >"$chroot/etc/apt/apt.conf.d/90toolcompact"
		printf 'Package: php8.5*\nPin: release n=experimental\nPin-Priority: 500\n' \
			>"$chroot/etc/apt/preferences.d/toolcompact-php8.5"
	fi
	in_chroot apt-get -q update || return 1
	# shellcheck disable=SC2086
	in_chroot apt-get -q -y --no-install-recommends install $packages || return 1
	in_chroot apt-get clean
	echo "$recipe" >"$chroot/.toolcompact-ready"
}

debug_recipe() { echo "php $php_debug_version: ./configure" $php_debug_configure; }
# The debug ZTS PHP in $php_prefix, built from scratch.
setup_debug() {
	local src mirror configure
	configure=$(echo $php_debug_configure)
	mirror=$(mirror) || return 1
	host_install curl xz-utils ca-certificates make gcc libc6-dev autoconf bison re2c pkg-config \
		libonig-dev libssl-dev || return 1
	src=$cache/php-src
	remove_tree "$php_prefix" && remove_tree "$src" && mkdir -p "$src" || return 1
	echo "fetching $mirror/pool/main/p/php8.2/php8.2_$php_debug_version.orig.tar.xz"
	curl -fsSL "$mirror/pool/main/p/php8.2/php8.2_$php_debug_version.orig.tar.xz" | tar -xJ -C "$src" --strip-components=1 \
		|| return 1
	echo "./configure --prefix=$php_prefix $configure"
	# shellcheck disable=SC2086
	(cd "$src" && ./configure --prefix="$php_prefix" $configure && make -j"$(nproc)" && make install) || return 1
	"$php_prefix/bin/php" -n -v || return 1
	remove_tree "$src"
	debug_recipe >"$php_prefix/.toolcompact-ready"
}

# Ends what the suite of leg $1 left running: run-tests.php gives up on a test
# that times out but leaves its PHP process running (and a redis-server the
# test started), which on a busy machine slowed every test after it.
kill_leftovers() {
	local p pids=()
	for p in /proc/[0-9]*; do
		case $1 in
			8.4|8.5) [ "$(readlink "$p/root" 2>/dev/null)" = "$chroot" ] ;;
			*) tr '\0' ' ' 2>/dev/null <"$p/cmdline" | grep -qF "$work/toolcompact/" ;;
		esac && pids+=("${p#/proc/}")
	done
	[ ${#pids[@]} -gt 0 ] || return 0
	say "$1: ending ${#pids[@]} processes the suite left running: ${pids[*]}"
	kill "${pids[@]}" 2>/dev/null; sleep 2; kill -9 "${pids[@]}" 2>/dev/null
	return 0
}

# The extension's build and the suite, for leg $1, into $log.
build_and_test() {
	# --show-slow: run-tests.php lists the tests that took over 10 s (over
	# 30 s under valgrind), the five slowest of which are shown at the end.
	local leg=$1 tests=${TOOLCOMPACT_TESTS:-tests} flags="-j2 --show-slow 10000" rc
	# The fuzz PHPTs' cases: 2 000 (as .ci/run's legs after the README's),
	# or 300 under valgrind, unless TOOLCOMPACT_FUZZ_CASES says.
	local fuzz=${TOOLCOMPACT_FUZZ_CASES:-2000}
	[ "$leg" = debug-valgrind ] && fuzz=${TOOLCOMPACT_FUZZ_CASES:-300}
	[ "$leg" = debug-valgrind ] && flags="-m -j2 --show-slow 30000"
	mark
	case $leg in
		8.4|8.5)
			copy_sources "$chroot/build" || return 1
			copy_test_sdks "$chroot/build" || return 1
			mount_proc || return 1
			in_chroot bash -c 'cd /build/toolcompact && phpize && ./configure --enable-toolcompact && make -j2' \
				>>"$log" 2>&1
			rc=$? ;;
		debug|debug-valgrind)
			copy_sources "$work" || return 1
			[ "$leg" = debug-valgrind ] || copy_test_sdks "$work" || return 1
			(cd "$work/toolcompact" && "$php_prefix/bin/phpize" \
				&& ./configure --with-php-config="$php_prefix/bin/php-config" --enable-toolcompact && make -j2) \
				>>"$log" 2>&1
			rc=$? ;;
	esac
	if [ $rc -ne 0 ]; then
		say "$leg: the extension did not build ($(took)); its first errors and the end of $log:"
		grep -E -m 10 'error:|Error [0-9]' "$log"
		tail -n 5 "$log"
		return 1
	fi
	say "$leg: extension built in $(took)"
	mark
	case $leg in
		8.4|8.5)
			in_chroot TOOLCOMPACT_FUZZ_CASES="$fuzz" TC_TESTS="$flags $tests" \
				bash -c 'cd /build/toolcompact && make test TESTS="$TC_TESTS"' >>"$log" 2>&1 ;;
		# A debug PHP (-O0) takes about 1.6 KB of C stack a level in
		# serialize() and the like: the fuzz cases nested 5 000 deep, which
		# tests/lib/fuzz.php serializes, overflow the usual 8 MB (a crash
		# in PHP's var.c, with the extension or without it). 64 MB holds them
		# (the two tests nesting 100 000 deep skip on debug builds).
		debug)
			(ulimit -s $((64 * 1024)); export TOOLCOMPACT_FUZZ_CASES=$fuzz
				cd "$work/toolcompact" && make test TESTS="$flags $tests") >>"$log" 2>&1 ;;
		debug-valgrind)
			host_install valgrind >>"$log" 2>&1
			# (valgrind gives the program at most 16 MB of stack unless told)
			(ulimit -s $((64 * 1024)); export TOOLCOMPACT_FUZZ_CASES=$fuzz \
				VALGRIND_OPTS="--main-stacksize=$((64 << 20)) ${VALGRIND_OPTS-"--trace-children-skip-by-arg=*bin/toolcompact,*mock_llm_router.php,*/examples/*.php --trace-children-skip=*/redis-server"}"
				cd "$work/toolcompact" && make test TESTS="$flags $tests") >>"$log" 2>&1 ;;
	esac
	# (wall time only: run-tests.php does not wait for its workers, whose
	# CPU time is then counted nowhere)
	say "$leg: suite ran in $((SECONDS - t0))s"
	kill_leftovers "$leg"
	sed -e 's/\x1b\[[0-9;]*m//g' -e 's/.*\r//' "$log" | grep -E '^Tests (passed|failed|leaked|borked|warned|skipped) *:' \
		| sed "s/^/versions.sh: $leg: /"
	sed -e 's/\x1b\[[0-9;]*m//g' -e 's/.*\r//' "$log" | grep -E '^\([0-9.]+ s\) ' | head -n 5 \
		| sed -e 's/^\(([0-9.]* s)\) .*\[\(.*\)\]$/\1 \2/' -e "s/^/versions.sh: $leg: slow: /"
	# passed only with a summary and no failure of any kind
	sed -e 's/.*\r//' "$log" | grep -qE '^Tests passed *:' \
		&& ! sed -e 's/\x1b\[[0-9;]*m//g' -e 's/.*\r//' "$log" | grep -qE '^Tests (failed|leaked|borked|warned) *: *[1-9]'
}

# The whole run is one function, read before it starts: an edit of this file
# while it runs (a set-up takes minutes) does not change what it does.
main() {
	local leg resource dir stamp recipe setup setup_log log
	status=0 rebuilt=
	for leg in "${legs[@]}"; do
		chroot= php_prefix= work=
		case $leg in
			8.4|8.5) resource=chroot-$leg; chroot=$cache/chroot-$leg; dir=$chroot/build/toolcompact ;;
			debug|debug-valgrind) resource=php-debug; php_prefix=$cache/php-$php_debug_version-debug-zts
				work=$cache/work/$leg; dir=$work/toolcompact ;;
		esac
		# Runs at the same time (a developer's and CI's) share a set-up but
		# never while it is made, and one at a time runs a leg in its copy:
		# a shared lock on the set-up, exclusive while making it, and an
		# exclusive one on the leg.
		exec 9>"$cache/.lock-$resource"
		flock -s -n 9 || { say "$leg: waiting while another run of versions.sh makes $resource"; flock -s 9; }
		mark
		setup_log=$logs/versions-$resource-setup.log
		case $leg in
			8.4|8.5) stamp=$chroot/.toolcompact-ready; recipe=$(chroot_recipe "$leg"); setup=(setup_chroot "$leg") ;;
			*) stamp=$php_prefix/.toolcompact-ready; recipe=$(debug_recipe); setup=(setup_debug) ;;
		esac
		# A set-up is complete when its stamp says it was made as this script makes it.
		# --rebuild: made again once in this run.
		if [ $rebuild -eq 1 ] && [[ " $rebuilt " != *" $resource "* ]]; then
			rm -f "$stamp" "$(dirname "$stamp")/.toolcompact-debootstrapped"; rebuilt="$rebuilt $resource"
		fi
		if [ "$(cat "$stamp" 2>/dev/null)" != "$recipe" ]; then
			flock -n 9 || { say "$leg: waiting for other runs of versions.sh on $resource"; flock 9; }
		fi
		if [ "$(cat "$stamp" 2>/dev/null)" = "$recipe" ]; then
			say "$leg: set-up reused ($(dirname "$stamp"))"
		else
			say "$leg: setting up $(dirname "$stamp") (log: $setup_log)"
			if ! "${setup[@]}" >"$setup_log" 2>&1; then
				say "$leg: SET-UP FAILED after $(took); the end of $setup_log:"
				tail -n 40 "$setup_log"
				[ -n "${chroot:-}" ] && unmount_under "$chroot"
				status=2; exec 9>&-; continue
			fi
			say "$leg: set up in $(took)"
		fi
		flock -s 9
		exec 8>"$cache/.lock-leg-$leg"
		flock -n 8 || { say "$leg: waiting for another run of versions.sh on this leg"; flock 8; }
		if [ $setup_only -eq 0 ]; then
			log=$logs/versions-$leg.log
			: >"$log"
			ln -sfn "$dir" "$logs/versions-$leg.dir"
			build_and_test "$leg" || { [ $status -eq 0 ] && status=1; }
			say "$leg: log $log, run in $dir"
		fi
		case $leg in 8.4|8.5) unmount_under "$chroot" ;; esac
		exec 8>&- 9>&-
	done
	return $status
}
main
exit
