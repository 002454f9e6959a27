# SPDX-License-Identifier: GPL-2.0
# kaesbench-test: module=loaded check=latest
# OpenVPN itself on the kernel's data channel (ovpn, DCO): a TLS server and
# client, with certificates made here, in two namespaces joined by a veth
# pair, ping through the tunnel. What it proves: OpenVPN 2.7 connects with
# DCO, the traffic goes through the ovpn interface, and the keys it
# installed got one gcm(aes) driver (the one whose reference count rose:
# ovpn makes two transforms a key slot a peer), the highest-priority
# usable one, what a key made now gets. Everything made here (processes,
# namespaces, files, the module if it was not loaded) is gone at the end,
# by a trap too, and the keys' transforms with it.
#
# Skips where the kernel has no ovpn (Debian 12's 6.1 and 6.12) or the VM
# no OpenVPN 2.7 (tests/vm/initramfs.sh puts Debian sid's in the VMs of
# the kernels that have ovpn). No time is asserted: the waits are bounds.

OV_DIR=/tmp/openvpn-dco
OV_SERVER_NS=kb-ovpn-server
OV_CLIENT_NS=kb-ovpn-client
OV_DEV=kbovpn0
# The veth pair's addresses, and the tunnel's.
OV_SERVER_LINK=10.213.68.1
OV_CLIENT_LINK=10.213.68.2
OV_SERVER_TUN=10.213.69.1
OV_CLIENT_TUN=10.213.69.2
OV_PINGS=5

# ovpn_missing: why OpenVPN with DCO cannot be tried here, if it cannot.
ovpn_missing() {
	modprobe -n -q ovpn || { echo "kernel has no ovpn"; return 0; }
	openvpn --version 2>/dev/null | head -n 1 |
		grep -Eq '^OpenVPN (2\.([7-9]|[1-9][0-9])|[3-9][0-9]*)\.' ||
		{ echo "no OpenVPN 2.7 in this series' userland"; return 0; }
	return 1
}

# skip_unless_ovpn: in a test, skip it saying why where ovpn_missing does.
skip_unless_ovpn() {
	reason=$(ovpn_missing) || return 0
	echo "$reason"
	exit "$KSFT_SKIP"
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

# refcnt_rises: each gcm(aes) driver whose reference count rose since
# $OV_BEFORE (gcm_refcnts before OpenVPN started), "DRIVER N" a line. A
# driver registered since (a template instance the keys' lookup made)
# started at 1, its registration's.
refcnt_rises() {
	gcm_refcnts | awk -v before="$OV_BEFORE" 'BEGIN {
			n = split(before, lines, "\n")
			for (k = 1; k <= n; k++) {
				split(lines[k], f, " ")
				was[f[1]] = f[2]
			}
		}
		{ w = ($1 in was) ? was[$1] : 1; if ($2 > w) print $1, $2 - w }'
}

# none_risen: no gcm(aes) driver's reference count above $OV_BEFORE's.
none_risen() {
	[ -z "$(refcnt_rises)" ]
}

# openvpn_keys_driver: the gcm(aes) driver OpenVPN's keys got, where the
# reference count rose on one driver alone (while OpenVPN runs); fails
# otherwise. What kaesbench's prediction is to be compared with.
openvpn_keys_driver() {
	rises=$(refcnt_rises)
	[ -n "$rises" ] && [ "$(echo "$rises" | wc -l)" -eq 1 ] || return 1
	echo "${rises%% *}"
}

# ovpn_openssl ARGS...: this machine's openssl with the test's own
# configuration (the VM has no /usr/lib/ssl/openssl.cnf).
ovpn_openssl() {
	OPENSSL_CONF=$OV_DIR/openssl.cnf openssl "$@" 2>&1
}

# make_certificates: a CA, and a server's and a client's certificate it
# signed, on P-256 keys (quick to make under TCG).
make_certificates() {
	cat >"$OV_DIR/openssl.cnf" <<-EOF
		[req]
		distinguished_name = dn
		prompt = no
		[dn]
		[ca]
		basicConstraints = critical, CA:TRUE
		keyUsage = critical, keyCertSign, cRLSign
		subjectKeyIdentifier = hash
		[leaf]
		basicConstraints = CA:FALSE
	EOF
	ovpn_openssl req -x509 -config "$OV_DIR/openssl.cnf" -extensions ca \
		-newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes \
		-subj /CN=kaesbench-ovpn-ca -days 2 \
		-keyout "$OV_DIR/ca.key" -out "$OV_DIR/ca.crt" >/dev/null ||
		return 1
	serial=1
	for side in server client; do
		serial=$((serial + 1))
		ovpn_openssl req -new -config "$OV_DIR/openssl.cnf" \
			-newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes \
			-subj "/CN=kaesbench-ovpn-$side" \
			-keyout "$OV_DIR/$side.key" -out "$OV_DIR/$side.csr" \
			>/dev/null &&
			ovpn_openssl x509 -req -in "$OV_DIR/$side.csr" \
				-CA "$OV_DIR/ca.crt" -CAkey "$OV_DIR/ca.key" \
				-set_serial "$serial" -days 2 \
				-extfile "$OV_DIR/openssl.cnf" -extensions leaf \
				-out "$OV_DIR/$side.crt" >/dev/null || return 1
	done
}

# make_namespaces: the server's and the client's namespace, a veth pair
# between them.
make_namespaces() {
	ip netns add $OV_SERVER_NS && ip netns add $OV_CLIENT_NS &&
		ip -n $OV_SERVER_NS link add kbov-s type veth peer name kbov-c \
			netns $OV_CLIENT_NS &&
		ip -n $OV_SERVER_NS addr add $OV_SERVER_LINK/24 dev kbov-s &&
		ip -n $OV_CLIENT_NS addr add $OV_CLIENT_LINK/24 dev kbov-c &&
		ip -n $OV_SERVER_NS link set lo up &&
		ip -n $OV_CLIENT_NS link set lo up &&
		ip -n $OV_SERVER_NS link set kbov-s up &&
		ip -n $OV_CLIENT_NS link set kbov-c up
}

# start_openvpn SIDE NS ROLE LOCAL REMOTE TUN PEER_TUN: a p2p TLS peer as a
# daemon in NS, AES-256-GCM only, its log in $OV_DIR/SIDE.log. DCO is
# 2.7's default where the kernel has ovpn: nothing here asks for it.
start_openvpn() {
	cat >"$OV_DIR/$1.conf" <<-EOF
		dev $OV_DEV
		dev-type tun
		proto udp
		local $4
		lport 1194
		remote $5 1194
		$3
		dh none
		ca $OV_DIR/ca.crt
		cert $OV_DIR/$1.crt
		key $OV_DIR/$1.key
		ifconfig $6 $7
		cipher AES-256-GCM
		data-ciphers AES-256-GCM
		verb 4
		log $OV_DIR/$1.log
		daemon
	EOF
	ip netns exec "$2" openvpn --config "$OV_DIR/$1.conf"
}

# connected SIDE: its log says it reached the connected state.
connected() {
	grep -q 'Initialization Sequence Completed' "$OV_DIR/$1.log" 2>/dev/null
}

# link_packets NS: the ovpn interface's received and sent packets in NS.
link_packets() {
	ip -n "$1" -s -j link show dev $OV_DEV |
		jq -r '.[0].stats64 | "\(.rx.packets) \(.tx.packets)"'
}

# openvpn_pids: the processes this file's OpenVPN runs as (their command
# line names its configuration); a process that exits while this reads is
# left out.
openvpn_pids() {
	for cmdline in /proc/[0-9]*/cmdline; do
		{ tr '\0' ' ' <"$cmdline"; } 2>/dev/null |
			grep -q -- "--config $OV_DIR/" || continue
		pid=${cmdline#/proc/}
		echo "${pid%/cmdline}"
	done
}

# show_logs: the end of each OpenVPN's log, for a failure's diagnosis.
show_logs() {
	for side in server client; do
		[ -e "$OV_DIR/$side.log" ] || continue
		echo "--- $side.log (end)"
		tail -n 30 "$OV_DIR/$side.log"
	done
}

# on_exit: a test's way out: the logs where it failed, then the cleanup.
on_exit() {
	[ $? -eq 0 ] || show_logs
	ovpn_cleanup
}

# ovpn_cleanup: OpenVPN stopped (SIGTERM, then SIGKILL), the namespaces,
# /run/netns (where ip made it), the files and the module (where this
# file loaded it) gone. Safe to run twice, and after a test's shell was
# killed.
ovpn_cleanup() {
	pids=$(openvpn_pids)
	# shellcheck disable=SC2086 # a word list
	[ -z "$pids" ] || kill $pids 2>/dev/null
	i=0
	while [ -n "$(openvpn_pids)" ] && [ $i -lt $((300 * KTAP_SLOWDOWN)) ]; do
		i=$((i + 1))
		sleep 0.1
	done
	pids=$(openvpn_pids)
	# shellcheck disable=SC2086
	[ -z "$pids" ] || kill -9 $pids 2>/dev/null
	for ns in $OV_SERVER_NS $OV_CLIENT_NS; do
		ip netns del "$ns" 2>/dev/null
	done
	if [ "$OV_RUN_NETNS" = absent ] && [ -d /run/netns ] &&
		[ -z "$(ls -A /run/netns)" ]; then
		while grep -q ' /run/netns ' /proc/mounts; do
			umount /run/netns || break
		done
		rmdir /run/netns
	fi
	rm -rf "$OV_DIR"
	# A namespace's devices go in the kernel's own time: the module is
	# in use until then.
	if [ "$OV_MODULE" = unloaded ]; then
		i=0
		while grep -q '^ovpn ' /proc/modules &&
			! modprobe -r ovpn 2>/dev/null &&
			[ $i -lt $((300 * KTAP_SLOWDOWN)) ]; do
			i=$((i + 1))
			sleep 0.1
		done
	fi
}

# As found, before the tests: the module, /run/netns, the reference counts.
OV_MODULE=unloaded
grep -q '^ovpn ' /proc/modules && OV_MODULE=loaded
OV_RUN_NETNS=absent
[ -d /run/netns ] && OV_RUN_NETNS=present
OV_BEFORE=$(gcm_refcnts)

openvpn_version() {
	skip_unless_ovpn
	version=$(openvpn --version 2>&1)
	echo "$version" | grep -E '^(OpenVPN|library versions|DCO version)'
	echo "$version" | grep -q '^OpenVPN 2\.[7-9].*\[DCO\]' ||
		fail "not 2.7 with DCO"
}
ktap_test "openvpn: Debian sid's 2.7 runs here, with DCO support" \
	openvpn_version

tunnel_with_dco() {
	skip_unless_ovpn
	trap on_exit EXIT
	mkdir -p "$OV_DIR" || fail "cannot make $OV_DIR"
	modprobe ovpn || fail "modprobe ovpn failed"
	# What kaesbench says a key made now gets, asked before OpenVPN's
	# keys exist: its own run's transforms gone, the counts taken again.
	predicted=$(kaesbench ovpn -b 64 -t 100 -r 1 --no-ceiling --json |
		jq -r '.ovpn[] | select(.selected) | .driver')
	echo "kaesbench ovpn: a key made now gets ${predicted:-nothing}"
	[ -n "$predicted" ] || fail "kaesbench ovpn named no selected driver"
	OV_BEFORE=$(gcm_refcnts)
	make_certificates || fail "openssl could not make the certificates"
	make_namespaces || fail "the namespaces and their veth pair not made"
	start_openvpn server $OV_SERVER_NS tls-server $OV_SERVER_LINK \
		$OV_CLIENT_LINK $OV_SERVER_TUN $OV_CLIENT_TUN ||
		fail "the server did not start"
	start_openvpn client $OV_CLIENT_NS tls-client $OV_CLIENT_LINK \
		$OV_SERVER_LINK $OV_CLIENT_TUN $OV_SERVER_TUN ||
		fail "the client did not start"
	until_within 180 "the server connected" connected server
	until_within 180 "the client connected" connected client
	for side in server client; do
		echo "$side's DCO lines:"
		grep -E 'DCO (version|device)|ovpn-dco|data channel offload' \
			"$OV_DIR/$side.log" | sed 's/^[^ ]* [^ ]* [^ ]* /  /'
		! grep -q 'disabling data channel offload' "$OV_DIR/$side.log" ||
			fail "$side: DCO disabled"
		grep -q "DCO device $OV_DEV opened" "$OV_DIR/$side.log" ||
			fail "$side: no DCO device opened"
	done
	for ns in $OV_SERVER_NS $OV_CLIENT_NS; do
		kind=$(ip -n "$ns" -d -j link show dev $OV_DEV |
			jq -r '.[0].linkinfo.info_kind')
		echo "$ns: $OV_DEV is a link of kind $kind"
		[ "$kind" = ovpn ] || fail "$ns: $OV_DEV is not ovpn's"
	done

	before_s=$(link_packets $OV_SERVER_NS)
	before_c=$(link_packets $OV_CLIENT_NS)
	out=$(ip netns exec $OV_CLIENT_NS ping -c $OV_PINGS \
		-w $((60 * KTAP_SLOWDOWN)) $OV_SERVER_TUN 2>&1)
	echo "$out" | tail -n 2
	replies=$(echo "$out" | sed -n 's/.* \([0-9]*\) packets received.*/\1/p')
	[ "${replies:-0}" -gt 0 ] || fail "no ping through the tunnel"
	after_s=$(link_packets $OV_SERVER_NS)
	after_c=$(link_packets $OV_CLIENT_NS)
	echo "$OV_DEV packets (received sent): server $before_s -> $after_s," \
		"client $before_c -> $after_c; $replies replies"
	# shellcheck disable=SC2086 # two numbers each
	set -- $before_s $after_s $before_c $after_c
	[ $(($3 - $1)) -ge "$replies" ] && [ $(($4 - $2)) -ge "$replies" ] ||
		fail "the server's $OV_DEV did not carry the pings"
	[ $(($7 - $5)) -ge "$replies" ] && [ $(($8 - $6)) -ge "$replies" ] ||
		fail "the client's $OV_DEV did not carry the pings"

	rises=$(refcnt_rises)
	highest=$(highest_gcm)
	echo "gcm(aes) reference counts risen: $(echo "$rises" | tr '\n' ' ')"
	driver=$(openvpn_keys_driver) ||
		fail "not one driver's count rose: '$rises'"
	rise=${rises#* }
	echo "openvpn's keys got: $driver (refcount +$rise)"
	echo "highest-priority gcm(aes): $highest"
	# Two transforms a key slot, a slot at least on each side.
	[ $((rise % 2)) -eq 0 ] && [ "$rise" -ge 4 ] ||
		fail "a rise of $rise: not two transforms a key slot on each side"
	[ "$driver" = "$highest" ] ||
		fail "the keys got $driver, not the highest-priority $highest"
	[ "$driver" = "$predicted" ] ||
		fail "OpenVPN's keys got $driver; kaesbench ovpn said $predicted"
}
KTAP_TIMEOUT=600 ktap_test \
	"openvpn: TLS server and client connect with DCO, ping through ovpn, keys on the gcm(aes) kaesbench ovpn named, the highest-priority one" \
	tunnel_with_dco

nothing_left() {
	skip_unless_ovpn
	ovpn_cleanup
	[ -z "$(openvpn_pids)" ] || fail "OpenVPN still runs: $(openvpn_pids)"
	for ns in $OV_SERVER_NS $OV_CLIENT_NS; do
		! ip netns list 2>/dev/null | awk '{ print $1 }' | grep -qx "$ns" ||
			fail "namespace $ns left"
	done
	[ ! -e "$OV_DIR" ] || fail "$OV_DIR left"
	[ "$OV_RUN_NETNS" = present ] || [ ! -e /run/netns ] ||
		fail "/run/netns left"
	if [ "$OV_MODULE" = unloaded ]; then
		! grep -q '^ovpn ' /proc/modules || fail "the ovpn module left loaded"
	fi
	# The keys' transforms freed with their peers, in the kernel's time.
	until_within 60 "the gcm(aes) reference counts back" none_risen
	echo "gcm(aes) reference counts as before: $(echo "$OV_BEFORE" | tr '\n' ' ')"
}
ktap_test "openvpn: nothing left (processes, namespaces, files, module, keys' transforms)" \
	nothing_left
