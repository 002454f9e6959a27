# SPDX-License-Identifier: GPL-2.0
# kaesbench-test: module=loaded order=last check=latest,6.12,6.1,arm64-6.12
# kaesbench ipsec: real ESP SAs between two namespaces. Each implementation
# is proved (the SA's driver's reference count), checked against the
# generic parts both ways, and measured; a wrong one is caught; nothing is
# left behind, after SIGINT too (SIGKILL at the worst moments:
# 66-ipsec-kills.sh); bad input is refused.
#
# Last (order=last): on Debian's 7.2.13 an xfrm state of a torn-down
# namespace has once stayed referenced for minutes, keeping esp4 and the
# CPU's AES module in use, and the files that unload aesni_intel
# (85-doctor, 87-doctor-esp) failed behind it; a test at the file's end
# asserts that no state is left.

. /tests/ipsec-lib.sh

selected_rfc4106_valid() {
	machine_state >/tmp/state.before
	kaesbench ipsec -a aes128gcm16 $QUICK --json >/tmp/ipsec.json
	rc=$?
	print_document ipsec-rfc4106 /tmp/ipsec.json
	[ "$rc" -eq 0 ] || fail "exit $rc"
	jq -r '.ipsec[0].left_registered // empty' /tmp/ipsec.json
	json_valid /tmp/ipsec.json
	jq -e '.ipsec | length == 1 and .[0].selected and
		.[0].algorithm == "seqiv(rfc4106(gcm(aes)))" and .[0].key_bits == 128' \
		/tmp/ipsec.json >/dev/null || fail "not the selected rfc4106"
	jq -e '.ipsec[0].points | length == 2 and
		all(.[]; .ceiling.packets_per_s > 0 and .share > 0)' \
		/tmp/ipsec.json >/dev/null || fail "no crypto-only ceiling"
	# The CPU's AES: aesni, or the ARM Crypto Extensions.
	jq -r '.ipsec[0].driver' /tmp/ipsec.json
	jq -e --arg d "$CPU_RFC4106" '.ipsec[0].driver | contains($d)' \
		/tmp/ipsec.json >/dev/null || fail "not the CPU's $CPU_RFC4106"
	unchanged "$RFC4106_LAYERS"
}
ktap_test "ipsec: the selected rfc4106(gcm(aes)) proved, checked, measured, nothing left" \
	selected_rfc4106_valid

virtio_authenc_valid() {
	kaesbench ipsec -a aes128-sha256 -d virtio_crypto_aes_cbc --mode transport \
		$QUICK --json >/tmp/ipsec.json
	rc=$?
	print_document ipsec-virtio /tmp/ipsec.json
	[ "$rc" -eq 0 ] || fail "exit $rc"
	json_valid /tmp/ipsec.json
	jq -e '.ipsec[0].driver | test("^echainiv\\(authenc\\(.*,virtio_crypto_aes_cbc\\)\\)$")' \
		/tmp/ipsec.json >/dev/null || fail "not virtio-crypto's cbc"
	jq -e '.ipsec[0].mode == "transport"' /tmp/ipsec.json >/dev/null ||
		fail "not transport mode"
}
ktap_test "ipsec: virtio-crypto's asynchronous cbc under authenc, transport mode" \
	virtio_authenc_valid

all_impls_imix() {
	kaesbench ipsec --all-impls -a 'rfc4106(gcm(aes))' --imix -t 200 -r 1 \
		--json --no-ceiling >/tmp/ipsec.json
	rc=$?
	print_document ipsec-all-imix /tmp/ipsec.json
	jq -r '.ipsec[] | "\(.driver) \(.state) \(.message // "")"' \
		/tmp/ipsec.json
	[ "$rc" -eq 0 ] || fail "exit $rc"
	json_valid /tmp/ipsec.json
	jq -e '[.ipsec[] | select(.reference)] | length == 1' /tmp/ipsec.json \
		>/dev/null || fail "the reference not among them"
	jq -e '[.ipsec[] | select(.selected)] | length == 1' /tmp/ipsec.json \
		>/dev/null || fail "the selected one not among them"
	jq -e 'all(.ipsec[]; .points | length == 1 and .[0].imix != null)' \
		/tmp/ipsec.json >/dev/null || fail "no IMIX point"
	jq -e --arg d "$CPU_RFC4106" 'any(.ipsec[]; .driver | contains($d))' \
		/tmp/ipsec.json >/dev/null || fail "no $CPU_RFC4106 among them"
}
ktap_test "ipsec: --all-impls rfc4106(gcm(aes)) --imix, every one valid" \
	all_impls_imix

faulty_caught() {
	insmod /opt/kaesbench/kaesbench_faulty.ko corrupt_every=1 \
		driver_name="$FAULTY" ||
		fail "kaesbench_faulty did not load"
	machine_state >/tmp/state.before
	kaesbench ipsec -a aes128-sha256 -d "$FAULTY" $QUICK --json \
		>/tmp/ipsec.json
	rc=$?
	rmmod kaesbench_faulty
	print_document ipsec-faulty /tmp/ipsec.json
	jq -c '.ipsec[0] | {state, message, differential}' /tmp/ipsec.json
	[ "$rc" -eq 1 ] || fail "exit $rc, not 1"
	jq -e '.ipsec[0].state == "invalid"' /tmp/ipsec.json >/dev/null ||
		fail "not invalid"
	# Each way, wrong datagrams are dropped and counted by xfrm. authenc
	# is encrypt-then-MAC: a wrong cipher on the sending side is MACed as
	# it is, so the receiver's check passes and the wrong plaintext fails
	# ESP's trailer or the inner header instead.
	jq -e 'all(.ipsec[0].differential[]; .received < .sent and
		.xfrm_in_state_proto_error + .xfrm_in_other_errors +
		.integrity_failed > 0)' \
		/tmp/ipsec.json >/dev/null || fail "no dropped datagram counted"
	unchanged "$CBC_LAYERS"
}
ktap_test "ipsec: a wrong cbc(aes) under authenc caught both ways, invalid, exit 1" \
	faulty_caught

sigint_stops() {
	machine_state >/tmp/state.before
	kaesbench ipsec -a aes128gcm16 -t 5000 -r 3 --json >/tmp/ipsec.json \
		2>/dev/null &
	pid=$!
	sleep 5
	kill -INT "$pid"
	wait "$pid"
	rc=$?
	[ "$rc" -eq 130 ] || fail "exit $rc, not 130"
	wait_gone
	unchanged "$RFC4106_LAYERS"
}
ktap_test "ipsec: SIGINT stops it, exit 130, nothing left behind" sigint_stops

bad_input() {
	expect_failure 2 "is not an ESP transform" \
		kaesbench ipsec -a 'xts(aes)' &&
		expect_failure 2 "Implementations of rfc4106" \
			kaesbench ipsec -a 'rfc4106(gcm(aes))' -d "$CPU_CBC" &&
		expect_failure 2 "no implementation has the driver name" \
			kaesbench ipsec -d no-such-driver &&
		expect_failure 2 "a packet has 52 to 8900 bytes" \
			kaesbench ipsec -b 20 &&
		expect_failure 2 "not tunnel or transport" \
			kaesbench ipsec --mode beet &&
		expect_failure 1 "CAP_NET_ADMIN and CAP_SYS_ADMIN" \
			su -s /bin/sh nobody -c "kaesbench ipsec" &&
		expect_failure 1 "CAP_SYS_ADMIN" \
			$SETPRIV --inh-caps=-all --bounding-set=-sys_admin \
			kaesbench ipsec
}
ktap_test "ipsec: bad input and missing privileges refused, exit 2 or 1" bad_input

ktap_test "ipsec: every SA's state freed after the runs, SIGINT's too" \
	states_freed

# Without esp4 (its module hidden, once nothing uses it): n/a with the
# reason, exit 1, nothing made.
no_esp4() {
	ko=$(find "/lib/modules/$(uname -r)" -name 'esp4.ko*' | head -n 1)
	[ -n "$ko" ] || { echo "# esp4 is built in here"; return "$KSFT_SKIP"; }
	# Its users waited for above.
	if grep -q '^esp4 ' /proc/modules && ! rmmod esp4 2>/dev/null; then
		echo "# esp4 stays in use (xfrm states not freed): not tested"
		return "$KSFT_SKIP"
	fi
	machine_state >/tmp/state.before
	mv "$ko" "$ko.hidden"
	# In a subshell: a failure must not leave esp4 hidden.
	(expect_failure 1 "n/a: the kernel has no ESP for IPv4" \
		kaesbench ipsec -b 64 -t 100 -r 1)
	rc=$?
	mv "$ko.hidden" "$ko"
	[ "$rc" -eq 0 ] || fail "not refused as n/a"
	unchanged "$RFC4106_LAYERS"
}
ktap_test "ipsec: without esp4, n/a with the reason, exit 1, nothing left" no_esp4
