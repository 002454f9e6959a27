# SPDX-License-Identifier: GPL-2.0
# kaesbench-test: module=loaded check=latest,6.12
# OpenSSL's own kTLS as the kernel's real client: `openssl s_server -ktls`
# serving a file with sendfile() and `openssl s_client -ktls` fetching it
# over loopback, in a namespace of this file's own, with AES-128-GCM in
# TLS 1.3 and 1.2. What it proves: the records went through the kernel
# (the namespace's /proc/net/tls_stat counted software kTLS sockets both
# ways, the server's sendfile() went to a kTLS socket), the client got the
# file whole (sha256), and a connection's transforms got one gcm(aes)
# driver (the one whose reference count rose, by one a direction a
# socket), the highest-priority usable one: what a socket made now gets,
# and what `kaesbench tls` names.
#
# Starts from: kaesbench loaded, tls loaded or not. Leaves: no process,
# namespace or file of its own, the tls module as found (unloaded again
# where this file loaded it and nothing uses it), no transform of its
# connections. Skips where the kernel has no kTLS or the series' userland
# no OpenSSL built with it: Debian 12's 3.0 is built without, so the rig
# puts Debian sid's 3.6 in /opt/openssl on the amd64 VMs whose kernel has
# the tls module (tests/vm/initramfs.sh). No time is asserted: the waits
# are bounds; make bench-tls times the transfer.

KT_DIR=/tmp/ktls-openssl
KT_NS=kb-ktls-openssl
KT_PORT=4433
KT_FILE_BYTES=$((4 << 20))
# AES-128-GCM in each version, as OpenSSL names it.
KT_TLS13="-tls1_3 -ciphersuites TLS_AES_128_GCM_SHA256"
KT_TLS12="-tls1_2 -cipher ECDHE-ECDSA-AES128-GCM-SHA256"

# ktls_openssl: the first openssl here whose s_server has -ktls (sid's in
# /opt/openssl, then the VM's own); fails where none has.
ktls_openssl() {
	for candidate in /opt/openssl/bin/openssl openssl; do
		command -v "$candidate" >/dev/null 2>&1 || continue
		"$candidate" s_server -help 2>&1 | grep -q '^ *-ktls ' ||
			continue
		echo "$candidate"
		return 0
	done
	return 1
}

# ktls_missing: why OpenSSL's kTLS cannot be tried here, if it cannot.
ktls_missing() {
	[ -e /proc/net/tls_stat ] || modprobe -n -q tls ||
		{ echo "kernel has no kTLS (CONFIG_TLS off, no tls module)"; return 0; }
	ktls_openssl >/dev/null ||
		{ echo "no OpenSSL built with kTLS in this series' userland (Debian 12's 3.0 is built without; sid's is in /opt/openssl on amd64 VMs only)"; return 0; }
	return 1
}

# skip_unless_ktls: in a test, skip it saying why where ktls_missing does.
skip_unless_ktls() {
	reason=$(ktls_missing) || return 0
	echo "$reason"
	exit "$KSFT_SKIP"
}

# kt_openssl ARGS...: the kTLS-capable openssl in the namespace, with the
# file's configuration (the VM has no /usr/lib/ssl/openssl.cnf).
kt_openssl() {
	OPENSSL_CONF=$KT_DIR/openssl.cnf ip netns exec $KT_NS "$KT_OPENSSL" "$@"
}

# tls_stat NAME: the namespace's kTLS counter NAME.
tls_stat() {
	ip netns exec $KT_NS cat /proc/net/tls_stat |
		awk -v n="$1" '$1 == n { print $2; found = 1 }
			END { if (!found) print 0 }'
}

# show_tls_stat: the namespace's kTLS counters that are not 0, one line.
show_tls_stat() {
	echo "tls_stat: $(ip netns exec $KT_NS cat /proc/net/tls_stat |
		awk '$2 != 0 { printf "%s %s ", $1, $2 }')"
}

# proc_crypto: /proc/crypto as read at once; a driver registered or gone
# meanwhile leaves a record cut short, which the readers below skip.
proc_crypto() {
	cat /proc/crypto 2>/dev/null
	echo
}

# gcm_refcnts: every gcm(aes) driver and its reference count, one a line.
gcm_refcnts() {
	proc_crypto | awk '/^name/ { n = $3 } /^driver/ { d = $3 }
		/^refcnt/ { r = $3 }
		/^$/ { if (n == "gcm(aes)" && d != "" && r != "") print d, r
			n = d = r = "" }'
}

# highest_gcm: the usable gcm(aes) driver of the highest priority, the
# first listed among equals as the kernel's lookup takes it: an AEAD, not
# internal, its self-test passed.
highest_gcm() {
	proc_crypto | awk '/^name/ { n = $3 } /^driver/ { d = $3 }
		/^priority/ { p = $3 } /^type/ { t = $3 } /^internal/ { i = $3 }
		/^selftest/ { s = $3 }
		/^$/ { if (n == "gcm(aes)" && t == "aead" && i != "yes" &&
			s == "passed" && (best == "" || p + 0 > top)) {
				best = d
				top = p + 0
			}
			n = d = p = t = i = s = "" }
		END { print best }'
}

# refcnt_rises BEFORE: each gcm(aes) driver whose reference count rose
# since BEFORE (gcm_refcnts then), "DRIVER N" a line; one registered since
# (an instance the lookup made) started at 1, its registration's.
refcnt_rises() {
	gcm_refcnts | awk -v before="$1" 'BEGIN {
			n = split(before, lines, "\n")
			for (k = 1; k <= n; k++) {
				split(lines[k], f, " ")
				was[f[1]] = f[2]
			}
		}
		{ w = ($1 in was) ? was[$1] : 1; if ($2 > w) print $1, $2 - w }'
}

# kt_pids: this file's openssl processes (their command lines name its
# certificate, $KT_DIR/cert.pem); one that exits while this reads is left
# out. One grep for them all (two processes a file took 4.5 s under TCG), its
# pattern one that does not match its own command line.
kt_pids() {
	grep -l '/tmp/[k]tls-openssl/cert\.pem' /proc/[0-9]*/cmdline 2>/dev/null |
		sed 's|^/proc/\([0-9]*\)/cmdline$|\1|'
}

# gone PID: the process has ended.
gone() {
	! kill -0 "$1" 2>/dev/null
}

# listening: the server listens on $KT_PORT in the namespace (LISTEN is
# state 0A in /proc/net/tcp).
listening() {
	port=$(printf '%04X' $KT_PORT)
	ip netns exec $KT_NS cat /proc/net/tcp |
		awk -v p=":$port" '$2 ~ p "$" && $4 == "0A" { found = 1 }
			END { exit !found }'
}

# kt_setup: the directory (a configuration, a P-256 certificate, quick
# to make under TCG, and the file served), the namespace with its
# loopback up, and the tls module loaded.
kt_setup() {
	mkdir -p "$KT_DIR" || fail "cannot make $KT_DIR"
	modprobe tls || fail "modprobe tls failed"
	ip netns add $KT_NS && ip -n $KT_NS link set lo up ||
		fail "namespace $KT_NS not made"
	[ -e "$KT_DIR/cert.pem" ] || {
		printf '[req]\ndistinguished_name = dn\nprompt = no\n[dn]\n' \
			>"$KT_DIR/openssl.cnf"
		kt_openssl req -x509 -config "$KT_DIR/openssl.cnf" \
			-newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes \
			-subj /CN=kaesbench-ktls -days 2 \
			-keyout "$KT_DIR/key.pem" -out "$KT_DIR/cert.pem" \
			>/dev/null 2>&1 || fail "openssl could not make a certificate"
	}
	[ -e "$KT_DIR/file.bin" ] ||
		head -c $KT_FILE_BYTES /dev/urandom >"$KT_DIR/file.bin" ||
		fail "cannot write the file to serve"
}

# kt_server ARGS...: s_server in the namespace on $KT_PORT for one
# connection, kTLS on, the file's certificate, in $KT_DIR (what -WWW
# serves), its output in server.out and server.err; waits until it
# listens. Sets server, its process.
kt_server() {
	(cd "$KT_DIR" && exec </dev/null && kt_openssl s_server \
		-accept 127.0.0.1:$KT_PORT -naccept 1 -ktls \
		-cert "$KT_DIR/cert.pem" -key "$KT_DIR/key.pem" "$@" \
		>"$KT_DIR/server.out" 2>"$KT_DIR/server.err") &
	server=$!
	until_within 60 "the server listening" listening
}

# kt_client INPUT ARGS...: s_client in the namespace to the server, kTLS
# on, INPUT its standard input, what it receives in client.out and its
# messages in client.err. Sets client, its process.
kt_client() {
	input=$1
	shift
	kt_openssl s_client -connect 127.0.0.1:$KT_PORT -ktls \
		-CAfile "$KT_DIR/cert.pem" "$@" <"$input" \
		>"$KT_DIR/client.out" 2>"$KT_DIR/client.err" &
	client=$!
}

# kt_stop: this file's openssl processes ended (SIGTERM, then SIGKILL)
# and its namespace gone; files, module and /run/netns stay for the
# next test (nothing_left takes them).
kt_stop() {
	pids=$(kt_pids)
	# shellcheck disable=SC2086 # a word list
	[ -z "$pids" ] || kill $pids 2>/dev/null
	i=0
	while [ -n "$(kt_pids)" ] && [ $i -lt $((100 * KTAP_SLOWDOWN)) ]; do
		i=$((i + 1))
		sleep 0.1
	done
	pids=$(kt_pids)
	# shellcheck disable=SC2086
	[ -z "$pids" ] || kill -9 $pids 2>/dev/null
	ip netns del $KT_NS 2>/dev/null
	return 0
}

# on_exit: a test's way out: what the ends said where it failed, then the
# processes and the namespace.
on_exit() {
	rc=$?
	if [ $rc -ne 0 ]; then
		for f in server.out server.err client.err; do
			[ -s "$KT_DIR/$f" ] || continue
			echo "--- $f (end)"
			tail -n 15 "$KT_DIR/$f"
		done
	fi
	kt_stop
}

# kt_cleanup: kt_stop, then the files, /run/netns (where ip made it) and
# the tls module (where this file loaded it and nothing uses it). Safe to
# run twice, and after a test's shell was killed.
kt_cleanup() {
	kt_stop
	if [ "$KT_RUN_NETNS" = absent ] && [ -d /run/netns ] &&
		[ -z "$(ls -A /run/netns)" ]; then
		while grep -q ' /run/netns ' /proc/mounts; do
			umount /run/netns || break
		done
		rmdir /run/netns
	fi
	rm -rf "$KT_DIR"
	# A closed socket lets go of the module in the kernel's own time.
	if [ "$KT_MODULE" = unloaded ]; then
		i=0
		while grep -q '^tls ' /proc/modules &&
			! modprobe -r tls 2>/dev/null &&
			[ $i -lt $((100 * KTAP_SLOWDOWN)) ]; do
			i=$((i + 1))
			sleep 0.1
		done
	fi
}

# As found, before the tests: the module, /run/netns, the reference counts.
KT_MODULE=unloaded
grep -q '^tls ' /proc/modules && KT_MODULE=loaded
[ -e /proc/net/tls_stat ] && ! grep -q '^tls ' /proc/modules &&
	KT_MODULE=builtin
KT_RUN_NETNS=absent
[ -d /run/netns ] && KT_RUN_NETNS=present
KT_BEFORE=$(gcm_refcnts)
KT_OPENSSL=$(ktls_openssl)

openssl_with_ktls() {
	skip_unless_ktls
	echo "$KT_OPENSSL: $("$KT_OPENSSL" version)"
	echo "the tls module: $KT_MODULE"
	"$KT_OPENSSL" s_client -help 2>&1 | grep -q '^ *-ktls ' ||
		fail "its s_client has no -ktls"
}
ktap_test "ktls-openssl: an OpenSSL built with kTLS runs here (s_server and s_client -ktls)" \
	openssl_with_ktls

# transfer NAME VERSION_ARGS SERVER_ARGS: the file through s_server -WWW
# with SERVER_ARGS (sendfile) to s_client, both kTLS, in VERSION_ARGS;
# the file whole, the server's sendfile() on kTLS, the namespace's
# counters: one software kTLS socket each way at each end (sid's OpenSSL
# 3.6 receives TLS 1.3 on kTLS too), no record refused.
transfer() {
	skip_unless_ktls
	trap on_exit EXIT
	kt_setup
	# shellcheck disable=SC2086 # word lists
	kt_server $2 $3 -WWW
	printf 'GET /file.bin HTTP/1.0\r\n\r\n' >"$KT_DIR/request"
	# shellcheck disable=SC2086
	kt_client "$KT_DIR/request" $2 -quiet
	until_within 60 "the client's end" gone "$client"
	until_within 60 "the server's end" gone "$server"
	wait "$client" || fail "s_client exited $?"
	grep -E 'KTLS SENDFILE|sendfile|Warning' "$KT_DIR/server.err"
	grep -q "KTLS SENDFILE 'file.bin' OK" "$KT_DIR/server.err" ||
		fail "the server did not sendfile() on a kTLS socket"
	# What came: the HTTP header s_server wrote, then the file.
	got=$(wc -c <"$KT_DIR/client.out")
	head -n 1 "$KT_DIR/client.out" | grep -q '^HTTP/1.0 200 ok' ||
		fail "no 200 answer: $(head -c 200 "$KT_DIR/client.out")"
	sent=$(sha256sum <"$KT_DIR/file.bin" | cut -d ' ' -f 1)
	received=$(tail -c $KT_FILE_BYTES "$KT_DIR/client.out" |
		sha256sum | cut -d ' ' -f 1)
	echo "$1: $got bytes received, the file's $KT_FILE_BYTES with" \
		"$((got - KT_FILE_BYTES)) of header; sha256 $received"
	[ "$got" -gt $KT_FILE_BYTES ] && [ "$received" = "$sent" ] ||
		fail "the file did not come whole (sha256 sent $sent)"
	show_tls_stat
	tx=$(tls_stat TlsTxSw)
	rx=$(tls_stat TlsRxSw)
	# The namespace is this test's: its counters began at 0.
	[ "$tx" -eq 2 ] || fail "TlsTxSw $tx: not one socket sending on kTLS at each end"
	[ "$rx" -eq 2 ] || fail "TlsRxSw $rx: not one socket receiving on kTLS at each end"
	[ "$(tls_stat TlsDecryptError)" -eq 0 ] || fail "records refused"
}
KTAP_TIMEOUT=180 ktap_test \
	"ktls-openssl: TLS 1.3 AES-128-GCM: a file through s_server -ktls -sendfile to s_client -ktls, whole; both ends on software kTLS both ways" \
	transfer "TLS 1.3" "$KT_TLS13" -sendfile
KTAP_TIMEOUT=180 ktap_test \
	"ktls-openssl: TLS 1.2 AES-128-GCM: the same with -zerocopy_sendfile" \
	transfer "TLS 1.2" "$KT_TLS12" "-sendfile -zerocopy_sendfile"

# kt_up: both ends have kTLS both ways (the namespace's current sockets).
kt_up() {
	[ "$(tls_stat TlsCurrTxSw)" -ge 2 ] && [ "$(tls_stat TlsCurrRxSw)" -ge 2 ]
}

# A connection held up (s_server -rev waits for a line the client never
# sends), the reference counts read while it is: one driver's rose by the
# kTLS directions open, the highest-priority gcm(aes). Recorded in
# $KT_DIR/driver for the test after.
held_connection() {
	skip_unless_ktls
	trap on_exit EXIT
	kt_setup
	before=$(gcm_refcnts)
	# shellcheck disable=SC2086 # a word list
	kt_server $KT_TLS13 -rev
	# shellcheck disable=SC2086
	kt_client /dev/null $KT_TLS13 -ign_eof
	until_within 60 "kTLS both ways at both ends" kt_up
	show_tls_stat
	directions=$(($(tls_stat TlsCurrTxSw) + $(tls_stat TlsCurrRxSw)))
	rises=$(refcnt_rises "$before")
	highest=$(highest_gcm)
	echo "gcm(aes) reference counts risen: $(echo "$rises" | tr '\n' ' ')"
	echo "highest-priority gcm(aes): $highest"
	[ -n "$rises" ] && [ "$(echo "$rises" | wc -l)" -eq 1 ] ||
		fail "not one driver's count rose: '$rises'"
	driver=${rises%% *}
	rise=${rises#* }
	echo "the connection's $directions kTLS directions got: $driver" \
		"(refcount +$rise)"
	[ "$rise" -eq "$directions" ] ||
		fail "a rise of $rise for $directions kTLS directions"
	[ "$driver" = "$highest" ] ||
		fail "the sockets got $driver, not the highest-priority $highest"
	echo "$driver" >"$KT_DIR/driver"
}
KTAP_TIMEOUT=180 ktap_test \
	"ktls-openssl: a TLS 1.3 connection held up: its transforms on one gcm(aes), the highest-priority one, by one a direction" \
	held_connection

# What `kaesbench tls` says a socket made now gets: the JSON document's
# top-level "selected" driver, or its selected implementation's.
kaesbench_predicted() {
	kaesbench tls -c aes-128-gcm -v 1.3 -b 16384 -t 200 -r 1 \
		--no-ceiling --json >"$KT_DIR/tls.json" 2>"$KT_DIR/tls.err" ||
		{ cat "$KT_DIR/tls.err"; return 1; }
	jq -r '(.selected | strings) //
		([.tls[]? | select(.selected == true) | .driver][0]) // empty' \
		"$KT_DIR/tls.json"
}

named_by_kaesbench() {
	skip_unless_ktls
	if ! kaesbench tls --help >/dev/null 2>&1; then
		echo "kaesbench tls not built yet"
		exit "$KSFT_SKIP"
	fi
	[ -s "$KT_DIR/driver" ] ||
		fail "the held connection's driver is not known (its test failed)"
	got=$(cat "$KT_DIR/driver")
	predicted=$(kaesbench_predicted) || fail "kaesbench tls failed"
	echo "kaesbench tls: a socket made now gets ${predicted:-nothing};" \
		"OpenSSL's connection got $got"
	[ -n "$predicted" ] || fail "kaesbench tls named no selected driver"
	[ "$predicted" = "$got" ] ||
		fail "OpenSSL's sockets got $got; kaesbench tls said $predicted"
}
ktap_test "ktls-openssl: that gcm(aes) is the one kaesbench tls names" \
	named_by_kaesbench

# none_risen: no gcm(aes) driver's reference count above $KT_BEFORE's.
none_risen() {
	[ -z "$(refcnt_rises "$KT_BEFORE")" ]
}

nothing_left() {
	skip_unless_ktls
	kt_cleanup
	[ -z "$(kt_pids)" ] || fail "openssl still runs: $(kt_pids)"
	! ip netns list 2>/dev/null | awk '{ print $1 }' | grep -qx $KT_NS ||
		fail "namespace $KT_NS left"
	[ ! -e "$KT_DIR" ] || fail "$KT_DIR left"
	[ "$KT_RUN_NETNS" = present ] || [ ! -e /run/netns ] ||
		fail "/run/netns left"
	if [ "$KT_MODULE" = unloaded ]; then
		! grep -q '^tls ' /proc/modules || fail "the tls module left loaded"
	fi
	echo "the tls module: $KT_MODULE before, $(grep -q '^tls ' /proc/modules &&
		echo loaded || echo unloaded) now"
	until_within 60 "the gcm(aes) reference counts back" none_risen
	echo "gcm(aes) reference counts as before: $(echo "$KT_BEFORE" | tr '\n' ' ')"
}
ktap_test "ktls-openssl: nothing left (processes, namespace, files, the tls module as found, transforms)" \
	nothing_left
