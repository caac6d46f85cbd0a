# Shell helpers of the server benchmark (bench/server.sh) and the CI leg
# (.ci/server.sh): a php-fpm and an nginx of their own, started from config
# files written into a temp dir, on a unix socket and a loopback port of
# their own, and stopped again. Nothing of the system's php-fpm or nginx
# (configs, services, logs) is read or touched: php-fpm runs with its own
# php.ini (-c) and no scan dir, nginx with -c, -p and -e.
#
# Source it, then: srv_install; srv_init DIR; srv_php_ini ...;
# srv_fpm_global ...; srv_fpm_pool ... (one per pool); srv_start_fpm;
# srv_nginx_start; ...; srv_stop (also from a trap).

SRV_APP=$(cd "$(dirname "${BASH_SOURCE[0]}")/app" && pwd)
SRV_PIDS=() # what we started, stopped in reverse order by srv_stop
SRV_DIR= SRV_PORT= SRV_FPM_PID= SRV_POOLS=() SRV_LOAD=

srv_log() { printf '%s\n' "$*" >&2; }

# Installs php8.2-fpm, nginx, wrk and curl from Debian's packages where
# missing. The packages' scripts would start the system's services where
# nothing forbids it: a policy-rc.d that forbids it is put in place for the
# install when there is none, and removed after.
srv_install() {
	local missing=() policy=
	command -v php-fpm8.2 >/dev/null || missing+=(php8.2-fpm)
	command -v nginx >/dev/null || missing+=(nginx)
	command -v wrk >/dev/null || missing+=(wrk)
	command -v curl >/dev/null || missing+=(curl)
	[ -f "$(php-config --extension-dir 2>/dev/null)/opcache.so" ] || missing+=(php8.2-opcache)
	[ ${#missing[@]} -eq 0 ] && return 0
	srv_log "installing ${missing[*]}"
	if [ ! -e /usr/sbin/policy-rc.d ]; then
		printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d && policy=1
	fi
	local rc=0
	{ DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}" \
		|| { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"; }; } \
		>"${TMPDIR:-/tmp}/toolcompact-server-apt.log" 2>&1 || rc=$?
	[ -z "$policy" ] || rm -f /usr/sbin/policy-rc.d
	if [ $rc -ne 0 ]; then
		tail -n 20 "${TMPDIR:-/tmp}/toolcompact-server-apt.log" >&2
		return $rc
	fi
}

# A free TCP port on 127.0.0.1 (the kernel's pick).
srv_free_port() {
	php -n -r '$s = stream_socket_server("tcp://127.0.0.1:0"); $n = stream_socket_get_name($s, false); echo substr($n, strrpos($n, ":") + 1);'
}

# srv_init DIR: the temp dir every file of ours goes to.
srv_init() {
	SRV_DIR=$1
	mkdir -p "$SRV_DIR/nginx" "$SRV_DIR/opcache"
	: >"$SRV_DIR/fpm.conf"
	SRV_POOLS=()
}

# srv_php_ini EXT [KEY=VALUE...]: the php.ini of our php-fpm: OPcache on,
# the extension at EXT, errors to the FPM log (through the pool's
# catch_workers_output), then each KEY=VALUE.
srv_php_ini() {
	local ext=$1; shift
	{
		echo "zend_extension=opcache"
		echo "opcache.enable=1"
		echo "opcache.memory_consumption=64"
		echo "opcache.validate_timestamps=0"
		echo "extension=$ext"
		echo "memory_limit=256M"
		echo "error_reporting=E_ALL"
		echo "display_errors=Off"
		echo "log_errors=On"
		echo "html_errors=Off"
		local kv
		for kv in "$@"; do echo "$kv"; done
	} >"$SRV_DIR/php.ini"
}

# srv_fpm_global: the [global] section (pid and log in SRV_DIR, in the
# foreground).
srv_fpm_global() {
	cat >>"$SRV_DIR/fpm.conf" <<-EOF
	[global]
	pid = $SRV_DIR/fpm.pid
	error_log = $SRV_DIR/fpm.log
	log_level = notice
	daemonize = no
	process_control_timeout = 20s
	EOF
}

# srv_fpm_pool NAME WORKERS MAX_REQUESTS [KEY=VALUE...]: a pool on the unix
# socket SRV_DIR/NAME.sock, pm static with WORKERS workers, each recycled
# after MAX_REQUESTS requests (0: never); each KEY=VALUE becomes a
# php_admin_value of the pool. Its URLs are /NAME/compact.php and
# /NAME/loop.php once nginx runs.
srv_fpm_pool() {
	local name=$1 workers=$2 max=$3 kv; shift 3
	{
		echo "[$name]"
		echo "listen = $SRV_DIR/$name.sock"
		echo "listen.backlog = 1024"
		echo "pm = static"
		echo "pm.max_children = $workers"
		echo "pm.max_requests = $max"
		echo "catch_workers_output = yes"
		echo "decorate_workers_output = no"
		echo "clear_env = yes"
		echo "env[TC_DATA] = $SRV_DIR/data.php"
		for kv in "$@"; do echo "php_admin_value[${kv%%=*}] = ${kv#*=}"; done
	} >>"$SRV_DIR/fpm.conf"
	SRV_POOLS+=("$name")
}

# Waits until FILE exists or $2 seconds pass.
srv_wait_for() {
	local i
	for ((i = 0; i < ${2:-10} * 10; i++)); do [ -e "$1" ] && return 0; sleep 0.1; done
	return 1
}

# Starts php-fpm8.2 (as root, -R: the workers run as root too, which keeps
# the config free of users) on SRV_DIR's php.ini and fpm.conf.
srv_start_fpm() {
	PHP_INI_SCAN_DIR= php-fpm8.2 -t -R -c "$SRV_DIR/php.ini" -y "$SRV_DIR/fpm.conf" >"$SRV_DIR/fpm-test.log" 2>&1 \
		|| { cat "$SRV_DIR/fpm-test.log" >&2; return 1; }
	PHP_INI_SCAN_DIR= php-fpm8.2 -F -R -c "$SRV_DIR/php.ini" -y "$SRV_DIR/fpm.conf" </dev/null >>"$SRV_DIR/fpm.out" 2>&1 &
	SRV_FPM_PID=$!
	SRV_PIDS+=("$SRV_FPM_PID")
	local pool
	for pool in "${SRV_POOLS[@]}"; do
		srv_wait_for "$SRV_DIR/$pool.sock" 10 || { srv_log "php-fpm did not open $pool.sock"; cat "$SRV_DIR/fpm.log" >&2; return 1; }
	done
}

# srv_start_nginx: nginx on 127.0.0.1:SRV_PORT (a free port), one worker,
# each pool's scripts under /POOL/.
srv_start_nginx() {
	SRV_PORT=$(srv_free_port)
	local n=$SRV_DIR/nginx pool
	{
		cat <<-EOF
		daemon off;
		master_process on;
		worker_processes 1;
		user root;
		pid $n/nginx.pid;
		error_log $n/error.log warn;
		events { worker_connections 1024; }
		http {
		    access_log off;
		    client_body_temp_path $n/client_body;
		    fastcgi_temp_path $n/fastcgi;
		    proxy_temp_path $n/proxy;
		    uwsgi_temp_path $n/uwsgi;
		    scgi_temp_path $n/scgi;
		    keepalive_requests 1000000;
		    keepalive_timeout 120s;
		    server {
		        listen 127.0.0.1:$SRV_PORT;
		        server_name localhost;
		        location = / { return 204; }
		EOF
		for pool in "${SRV_POOLS[@]}"; do
			cat <<-EOF
			        location ~ ^/$pool/(compact|loop)\.php\$ {
			            fastcgi_pass unix:$SRV_DIR/$pool.sock;
			            fastcgi_read_timeout 120s;
			            fastcgi_param SCRIPT_FILENAME $SRV_APP/\$1.php;
			            fastcgi_param SCRIPT_NAME /\$1.php;
			            fastcgi_param QUERY_STRING \$query_string;
			            fastcgi_param REQUEST_METHOD \$request_method;
			            fastcgi_param REQUEST_URI \$request_uri;
			            fastcgi_param SERVER_PROTOCOL \$server_protocol;
			            fastcgi_param GATEWAY_INTERFACE CGI/1.1;
			            fastcgi_param REMOTE_ADDR \$remote_addr;
			            fastcgi_param SERVER_ADDR \$server_addr;
			            fastcgi_param SERVER_PORT \$server_port;
			            fastcgi_param SERVER_NAME \$server_name;
			        }
			EOF
		done
		echo "    }"
		echo "}"
	} >"$n/nginx.conf"
	nginx -t -q -c "$n/nginx.conf" -p "$n" -e "$n/error.log" 2>"$n/test.log" || { cat "$n/test.log" >&2; return 1; }
	nginx -c "$n/nginx.conf" -p "$n" -e "$n/error.log" </dev/null >>"$n/out.log" 2>&1 &
	SRV_PIDS+=("$!")
	local i
	for ((i = 0; i < 100; i++)); do
		curl -s -o /dev/null "http://127.0.0.1:$SRV_PORT/" && return 0
		sleep 0.1
	done
	srv_log "nginx did not answer on 127.0.0.1:$SRV_PORT"; cat "$n/error.log" >&2
	return 1
}

# srv_url POOL ENDPOINT [QUERY]: ENDPOINT is a (compact.php) or b (loop.php).
srv_url() {
	local script=compact
	[ "$2" = b ] && script=loop
	echo "http://127.0.0.1:$SRV_PORT/$1/$script.php${3:+?$3}"
}

# srv_expect ENDPOINT: the digest ENDPOINT must answer (prepare.php's).
srv_expect() { cat "$SRV_DIR/digest-$1"; }

# srv_prepare TRANSCRIPT: data.php and the reference digests in SRV_DIR.
srv_prepare() {
	php -n -d memory_limit=1G "$SRV_APP/../prepare.php" "$1" "$SRV_DIR" >&2
}

# srv_wrk ARGS...: wrk in the background, waited for: a trapped signal
# (Ctrl-C) interrupts the wait at once, where bash would not run an INT
# trap after a foreground wrk that caught the SIGINT itself; srv_stop ends
# it.
srv_wrk() {
	wrk "$@" &
	SRV_LOAD=$!
	wait "$SRV_LOAD"
	local rc=$?
	SRV_LOAD=
	return $rc
}

# srv_workers: the pids of the FPM master's children (its workers).
srv_workers() {
	local pid
	for pid in $(cat "/proc/$SRV_FPM_PID/task/$SRV_FPM_PID/children" 2>/dev/null); do echo "$pid"; done
}

# srv_stop: stops what we started (TERM, then KILL after 20 s, the FPM
# workers too), newest first. Safe to call twice and from a trap.
srv_stop() {
	local i pid kids=() left
	[ -z "$SRV_LOAD" ] || kill -TERM "$SRV_LOAD" 2>/dev/null
	[ -z "$SRV_FPM_PID" ] || kids=($(srv_workers))
	for ((i = ${#SRV_PIDS[@]} - 1; i >= 0; i--)); do
		kill -TERM "${SRV_PIDS[i]}" 2>/dev/null
	done
	for ((i = 0; i < 200; i++)); do
		left=
		for pid in "${SRV_PIDS[@]}" "${kids[@]}"; do kill -0 "$pid" 2>/dev/null && left=1; done
		[ -z "$left" ] && break
		sleep 0.1
	done
	for pid in "${SRV_PIDS[@]}" "${kids[@]}"; do kill -KILL "$pid" 2>/dev/null; done
	for pid in "${SRV_PIDS[@]}"; do wait "$pid" 2>/dev/null; done
	SRV_PIDS=() SRV_FPM_PID=
	return 0
}
