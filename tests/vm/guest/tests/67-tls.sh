# SPDX-License-Identifier: GPL-2.0
# kaesbench-test: module=loaded order=last check=latest,6.12
# kaesbench tls: TLS records in the kernel (kTLS) over a TCP connection on
# the loopback of a namespace of its own. Each implementation's keys are
# proved (the driver's reference count rising by one a direction: net/tls
# allocates the suite's AEAD per direction per socket; the socket's ULP
# info and tls_stat read back), every record checked against OpenSSL's
# libcrypto both ways, TLS 1.3's key updated under traffic where the
# kernel can (6.14 on), measured beside plain TCP and userspace OpenSSL;
# a wrong one is caught; nothing is left behind, its process group
# SIGKILLed too; bad input is refused; a kernel without kTLS says n/a.

. /tests/ipsec-lib.sh

TLS_QUICK="-b 256,16384 -t 200 -r 1"
TLS_LAYERS='gcm\(aes\)|ccm\(aes\)|ctr\(aes\)|cbcmac\(aes\)'

has_tls() {
	modprobe -q tls 2>/dev/null || [ -e /proc/net/tls_stat ]
}
need_tls() {
	has_tls || { echo "this kernel has no kTLS"; exit "$KSFT_SKIP"; }
}

# Whether this kernel can update a kTLS socket's key (6.14 and later):
# the release that added tls_stat's rekey counters.
has_rekey() {
	grep -q '^TlsTxRekeyOk' /proc/net/tls_stat 2>/dev/null
}

# tls_valid FILE: every implementation valid, its 4 keys proved (+1 each,
# read back as software), the differential against OpenSSL clean, the
# key update done with none wrong or said not to be here, figures where
# they should be.
tls_valid() {
	jq -e '.tls | length > 0' "$1" >/dev/null || fail "no implementation"
	jq -e 'all(.tls[]; .state == "valid")' "$1" >/dev/null ||
		fail "not all valid: $(jq -c '[.tls[] | {driver, state, message}]' "$1")"
	# Lane 0's two directions, lane 1's sender, lane 2's receiver: 4.
	jq -e 'all(.tls[]; (.keys | length) == 4 and
		all(.keys[]; .proved and .refcnt_delta == 1 and
			(.read_back | test("^TLS_(TX|RX) sw, Tls(Tx|Rx)Sw \\+1$"))))' \
		"$1" >/dev/null ||
		fail "a key not proved: $(jq -c '[.tls[].keys[] | {driver, refcnt_delta, read_back}]' "$1")"
	jq -e 'all(.tls[].differential[]; .ran and .sent > 0 and
		.received == .sent and .decrypt_errors == 0 and
		.openssl_refused == 0)' "$1" >/dev/null ||
		fail "the differential is not clean"
	jq -e 'all(.tls[].differential[]; .encrypts == "OpenSSL'"'"'s libcrypto" or
		.decrypts == "OpenSSL'"'"'s libcrypto")' "$1" >/dev/null ||
		fail "OpenSSL is not the differential's other end"
	jq -e 'all(.tls[].points[]; .tunnel.packets_per_s > 0 and
		.plain.packets_per_s > 0 and .tunnel.wrong == 0 and
		.alongside.packets_per_s > 0 and .alongside.wrong == 0)' "$1" \
		>/dev/null || fail "a point without traffic"
}

# The key update: done with none wrong where the kernel can, else said.
key_update() {
	if [ "$2" = 1.3 ] && has_rekey; then
		jq -e 'all(.tls[]; .rotation.swapped and .rotation.wrong == 0 and
			.rotation.received > 0)' "$1" >/dev/null ||
			fail "the key not updated cleanly under traffic: $(jq -c '[.tls[].rotation]' "$1")"
		echo "key update: $(jq -c '.tls[0].rotation | {swapped, sent, received, wrong}' "$1")"
	else
		jq -e 'all(.tls[]; .rotation == null and
			(.rotation_not_here | length > 0))' "$1" >/dev/null ||
			fail "no key update, and not said why"
		echo "key update: $(jq -r '.tls[0].rotation_not_here' "$1")"
	fi
}

# The implementation, its proof, the differential's counts and the ratio
# of kTLS to userspace OpenSSL at each size, a line each.
show() {
	jq -r '.tls[] | "\(.driver) \(.state): keys +\([.keys[].refcnt_delta] | map(tostring) | join(",+")); differential \([.differential[] | "\(.sent) sent \(.received) right \(.decrypt_errors) refused by the kernel \(.openssl_refused) by OpenSSL"] | join("; ")); kTLS/OpenSSL \([.points[] | "\(.packet_bytes) B \((.tunnel.packets_per_s / .alongside.packets_per_s * 100 | round) / 100)x"] | join(", "))"' "$1"
}

best_of() {
	awk -v want="$1" '/^name/ { n = $3 } /^driver/ { d = $3 } /^priority/ { p = $3 }
		/^internal/ { i = $3 }
		/^$/ { if (n == want && i != "yes" && p > best) { best = p; b = d }
			n = d = i = ""; p = -1 }
		END { print b }' /proc/crypto
}

selected_valid() {
	need_tls
	machine_state >/tmp/state.before
	best=$(best_of 'gcm(aes)')
	kaesbench tls -b 256,16384 -t 300 -r 1 --json >/tmp/tls.json
	rc=$?
	print_document tls-selected /tmp/tls.json
	show /tmp/tls.json
	[ "$rc" -eq 0 ] || fail "exit $rc"
	tls_valid /tmp/tls.json
	key_update /tmp/tls.json 1.3
	jq -e '.tls | length == 1 and .[0].selected and
		.[0].cipher == "aes-128-gcm" and .[0].version == "1.3"' \
		/tmp/tls.json >/dev/null || fail "not the selected AES-128-GCM, TLS 1.3"
	jq -e '.tls[0].points | length == 2 and
		all(.[]; .ceiling.packets_per_s > 0 and .share > 0)' \
		/tmp/tls.json >/dev/null || fail "no crypto-only ceiling"
	got=$(jq -r '.tls[0].driver' /tmp/tls.json)
	echo "a socket made now gets $got; /proc/crypto's best gcm(aes): $best"
	[ "$got" = "$best" ] || fail "not the highest-priority gcm(aes)"
	unchanged "$TLS_LAYERS"
}
ktap_test "tls: the selected gcm(aes), TLS 1.3: keys proved, checked against OpenSSL, key updated, measured, nothing left" \
	selected_valid

all_gcm_13() {
	need_tls
	machine_state >/tmp/state.before
	kaesbench tls --all-impls -c aes-128-gcm -v 1.3 $TLS_QUICK --no-ceiling \
		--json >/tmp/tls.json
	rc=$?
	print_document tls-all-gcm /tmp/tls.json
	show /tmp/tls.json
	[ "$rc" -eq 0 ] || fail "exit $rc"
	tls_valid /tmp/tls.json
	key_update /tmp/tls.json 1.3
	jq -e '[.tls[] | select(.selected)] | length == 1' /tmp/tls.json \
		>/dev/null || fail "the selected one not among them"
	jq -e 'any(.tls[]; .driver | test("^gcm_base\\(ctr-aes-"))' \
		/tmp/tls.json >/dev/null || fail "no gcm_base() on a ctr(aes) driver"
	unchanged "$TLS_LAYERS"
}
ktap_test "tls: --all-impls AES-128-GCM TLS 1.3, chains on ctr(aes) drivers too, every one valid" \
	all_gcm_13

all_ccm_12() {
	need_tls
	machine_state >/tmp/state.before
	best=$(best_of 'ccm(aes)')
	kaesbench tls --all-impls -c aes-128-ccm -v 1.2 $TLS_QUICK --no-ceiling \
		--json >/tmp/tls.json
	rc=$?
	print_document tls-all-ccm /tmp/tls.json
	show /tmp/tls.json
	[ "$rc" -eq 0 ] || fail "exit $rc"
	tls_valid /tmp/tls.json
	key_update /tmp/tls.json 1.2
	jq -e 'all(.tls[]; .cipher == "aes-128-ccm" and .version == "1.2")' \
		/tmp/tls.json >/dev/null || fail "not AES-128-CCM, TLS 1.2"
	echo "/proc/crypto's best ccm(aes): ${best:-none registered}"
	unchanged "$TLS_LAYERS"
}
ktap_test "tls: --all-impls AES-128-CCM TLS 1.2, every one valid, no key update in 1.2" \
	all_ccm_12

sendfile_valid() {
	need_tls
	machine_state >/tmp/state.before
	kaesbench tls -c aes-256-gcm -v 1.2 --sendfile -b 16384 -t 200 -r 1 \
		--no-ceiling --json >/tmp/tls.json
	rc=$?
	print_document tls-sendfile /tmp/tls.json
	show /tmp/tls.json
	[ "$rc" -eq 0 ] || fail "exit $rc"
	tls_valid /tmp/tls.json
	jq -e '.tls[0].sendfile and .tls[0].cipher == "aes-256-gcm"' \
		/tmp/tls.json >/dev/null || fail "not AES-256-GCM with sendfile()"
	unchanged "$TLS_LAYERS"
}
ktap_test "tls: AES-256-GCM TLS 1.2 sent with sendfile(): proved, checked, nothing left" \
	sendfile_valid

faulty_caught() {
	need_tls
	insmod /opt/kaesbench/kaesbench_faulty.ko modes=cbc,ctr,gcm corrupt_every=1 \
		corrupt_depth=0 || fail "kaesbench_faulty did not load"
	machine_state >/tmp/state.before
	kaesbench tls -d kaesbench_faulty_gcm_aes -b 1024 -t 200 -r 1 --no-ceiling \
		--json >/tmp/tls.json
	rc=$?
	print_document tls-faulty /tmp/tls.json
	jq -c '.tls[0] | {state, message, differential}' /tmp/tls.json
	[ "$rc" -eq 1 ] || fail "exit $rc, not 1"
	jq -e '.tls[0].state == "invalid"' /tmp/tls.json >/dev/null ||
		fail "not invalid"
	# Each way: OpenSSL refuses its records; the kernel, decrypting with
	# it, refuses OpenSSL's or hands over wrong plaintext.
	jq -e '.tls[0].differential | (.[0].openssl_refused > 0) and
		(.[1].decrypt_errors + .[1].wrong + .[1].lost > 0)' /tmp/tls.json \
		>/dev/null || fail "not caught both ways"
	unchanged "$TLS_LAYERS"
	unload kaesbench_faulty || fail "kaesbench_faulty stays loaded"
}
ktap_test "tls: a wrong gcm(aes) caught by the differential against OpenSSL, invalid, exit 1" \
	faulty_caught

bad_input() {
	need_tls
	machine_state >/tmp/state.before
	for args in "-c aes-128-cbc" "-v 1.1" "-b 16385"; do
		kaesbench tls $args >/dev/null 2>/tmp/tls.err
		rc=$?
		head -1 /tmp/tls.err
		[ "$rc" -eq 2 ] || fail "$args: exit $rc, not 2"
	done
	grep -q 'aes-128-gcm aes-256-gcm aes-128-ccm' /tmp/tls.err ||
		kaesbench tls -c x 2>&1 | grep -q 'aes-128-gcm aes-256-gcm aes-128-ccm' ||
		fail "no list of suites"
	kaesbench tls -d "$(soft_aes)" $TLS_QUICK >/dev/null 2>/tmp/tls.err
	rc=$?
	head -3 /tmp/tls.err
	[ "$rc" -eq 2 ] || fail "a cipher as -d: exit $rc, not 2"
	grep -q '^  ' /tmp/tls.err || fail "no list of implementations"
	kaesbench tls -c aes-128-ccm -d "$(best_of 'gcm(aes)')" $TLS_QUICK \
		>/dev/null 2>/tmp/tls.err
	rc=$?
	head -1 /tmp/tls.err
	[ "$rc" -eq 2 ] || fail "a gcm(aes) driver for CCM: exit $rc, not 2"
	$SETPRIV --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all \
		kaesbench tls $TLS_QUICK >/dev/null 2>/tmp/tls.err
	rc=$?
	cat /tmp/tls.err
	[ "$rc" -eq 1 ] || fail "not root: exit $rc, not 1"
	grep -q 'CAP_NET_ADMIN.*nothing was made' /tmp/tls.err ||
		fail "the capabilities not named"
	unchanged "$TLS_LAYERS"
}
ktap_test "tls: bad input and missing privileges refused, exit 2 or 1, nothing made" \
	bad_input

# The whole process group SIGKILLed mid-run: the guard puts back any
# priority raised; the namespace and its sockets go with kaesbench.
group_killed() {
	need_tls
	machine_state >/tmp/state.before
	setsid kaesbench tls --all-impls $TLS_QUICK --no-ceiling \
		>/tmp/tls.out 2>&1 &
	pid=$!
	sleep 6
	kill -KILL "-$pid" 2>/dev/null || kill -KILL "$pid"
	wait "$pid"
	echo "killed: exit $?"
	wait_gone
	cat /tmp/tls.out
	unchanged "$TLS_LAYERS"
	no_record_left
}
ktap_test "tls: its process group SIGKILLed mid-run: no namespace, priority or instance left" \
	group_killed

# A kernel whose kTLS cannot be had: tls unloaded and the kernel's
# module loader pointed at a program that fails, for the moment, as on a
# kernel built without CONFIG_TLS. Skips where something holds tls.
not_there() {
	if grep -q '^tls ' /proc/modules && ! rmmod tls 2>/dev/null; then
		echo "tls is in use here"
		exit "$KSFT_SKIP"
	fi
	[ -e /proc/net/tls_stat ] && { echo "kTLS is built in"; exit "$KSFT_SKIP"; }
	loader=$(cat /proc/sys/kernel/modprobe)
	printf '#!/bin/sh\nexit 1\n' >/tmp/no-modules
	chmod +x /tmp/no-modules
	echo /tmp/no-modules >/proc/sys/kernel/modprobe
	machine_state >/tmp/state.before
	kaesbench tls $TLS_QUICK >/tmp/tls.out 2>/tmp/tls.err
	rc=$?
	echo "$loader" >/proc/sys/kernel/modprobe
	sed 's/^/# /' /tmp/tls.err
	[ "$rc" -eq 1 ] || fail "exit $rc, not 1"
	grep -q '^kaesbench tls: n/a: .*CONFIG_TLS' /tmp/tls.err ||
		fail "no n/a naming CONFIG_TLS"
	unchanged "$TLS_LAYERS"
}
ktap_test "tls: a kernel without kTLS: n/a with the reason, exit 1, nothing made" \
	not_there
