# SPDX-License-Identifier: GPL-2.0
# kaesbench-test: module=loaded order=last check=latest,6.12,6.1
# kaesbench ovpn: OpenVPN's data channel in the kernel (ovpn) between two
# namespaces. Each implementation's key slots are proved (the driver's
# reference count rising by two per slot: ovpn allocates gcm(aes) for
# each direction), checked against the generic parts both ways, its keys
# rotated under traffic, measured; a wrong one is caught both ways;
# nothing is left behind, its process group SIGKILLed too; bad input is
# refused; a kernel without ovpn says n/a.

. /tests/ipsec-lib.sh

OVPN_LAYERS='gcm\(aes\)|ctr\(aes\)'

has_ovpn() {
	modprobe -q ovpn 2>/dev/null
}
need_ovpn() {
	has_ovpn || { echo "this kernel has no ovpn"; exit "$KSFT_SKIP"; }
}

# ovpn_valid FILE: every implementation valid, its 8 key slots proved
# (+2 each), the differential clean, the keys swapped under traffic with
# none wrong, figures where they should be.
ovpn_valid() {
	jq -e '.ovpn | length > 0' "$1" >/dev/null || fail "no implementation"
	jq -e 'all(.ovpn[]; .state == "valid")' "$1" >/dev/null ||
		fail "not all valid: $(jq -c '[.ovpn[] | {driver, state, message}]' "$1")"
	# Lanes 0, 1, 2 a slot each end, and lane 0's next keys: 8.
	jq -e 'all(.ovpn[]; (.key_slots | length) == 8 and
		all(.key_slots[]; .proved and .refcnt_delta == 2))' "$1" \
		>/dev/null || fail "a key slot not proved by +2"
	jq -e 'all(.ovpn[].differential[]; .ran and .sent > 0 and
		.received == .sent and .not_decrypted == 0)' "$1" >/dev/null ||
		fail "the differential is not clean"
	jq -e 'all(.ovpn[]; .rotation.swapped and .rotation.wrong == 0 and
		.rotation.received > 0)' "$1" >/dev/null ||
		fail "the keys were not swapped cleanly under traffic"
	jq -e 'all(.ovpn[].points[]; .tunnel.packets_per_s > 0 and
		.plain.packets_per_s > 0 and .tunnel.wrong == 0)' "$1" \
		>/dev/null || fail "a point without traffic"
}

# The gcm(aes) a key made now gets: the registered one of the highest
# priority, as /proc/crypto lists them (larvals and internal ones left
# out), the first of equals.
best_gcm() {
	awk '/^name/ { n = $3 } /^driver/ { d = $3 } /^priority/ { p = $3 }
		/^internal/ { i = $3 }
		/^$/ { if (n == "gcm(aes)" && i != "yes" && p > best) { best = p; b = d }
			n = d = i = ""; p = -1 }
		END { print b }' /proc/crypto
}

selected_valid() {
	need_ovpn
	machine_state >/tmp/state.before
	best=$(best_gcm)
	kaesbench ovpn $QUICK --json >/tmp/ovpn.json
	rc=$?
	print_document ovpn-selected /tmp/ovpn.json
	[ "$rc" -eq 0 ] || fail "exit $rc"
	ovpn_valid /tmp/ovpn.json
	jq -e '.ovpn | length == 1 and .[0].selected and .[0].key_bits == 256 and
		.[0].cipher == "AES-256-GCM" and .[0].transport == "udp"' \
		/tmp/ovpn.json >/dev/null || fail "not the selected AES-256-GCM"
	jq -e '.ovpn[0].points | length == 2 and
		all(.[]; .ceiling.packets_per_s > 0 and .share > 0)' \
		/tmp/ovpn.json >/dev/null || fail "no crypto-only ceiling"
	got=$(jq -r '.ovpn[0].driver' /tmp/ovpn.json)
	echo "a key made now gets $got; /proc/crypto's best gcm(aes): $best"
	[ "$got" = "$best" ] || fail "not the highest-priority gcm(aes)"
	unchanged "$OVPN_LAYERS"
}
ktap_test "ovpn: the selected gcm(aes) proved, checked, rotated, measured, nothing left" \
	selected_valid

all_impls() {
	need_ovpn
	machine_state >/tmp/state.before
	kaesbench ovpn --all-impls --imix -k 128 -t 200 -r 1 --no-ceiling \
		--json >/tmp/ovpn.json
	rc=$?
	print_document ovpn-all /tmp/ovpn.json
	jq -r '.ovpn[] | "\(.driver) \(.state) \(.message // "")"' /tmp/ovpn.json
	[ "$rc" -eq 0 ] || fail "exit $rc"
	ovpn_valid /tmp/ovpn.json
	jq -e '[.ovpn[] | select(.reference)] | length == 1' /tmp/ovpn.json \
		>/dev/null || fail "the reference not among them"
	jq -e '[.ovpn[] | select(.selected)] | length == 1' /tmp/ovpn.json \
		>/dev/null || fail "the selected one not among them"
	# An engine with ctr(aes) only serves ovpn through gcm's template:
	# the CPU's ctr(aes) under it is one of them.
	jq -e 'any(.ovpn[]; .driver | test("^gcm_base\\(ctr-aes-"))' \
		/tmp/ovpn.json >/dev/null || fail "no gcm_base() on a ctr(aes) driver"
	unchanged "$OVPN_LAYERS"
}
ktap_test "ovpn: --all-impls --imix, chains on ctr(aes) drivers too, every one valid" \
	all_impls

tcp_valid() {
	need_ovpn
	machine_state >/tmp/state.before
	kaesbench ovpn --transport tcp -k 128 $QUICK --no-ceiling --json \
		>/tmp/ovpn.json
	rc=$?
	print_document ovpn-tcp /tmp/ovpn.json
	[ "$rc" -eq 0 ] || fail "exit $rc"
	ovpn_valid /tmp/ovpn.json
	jq -e '.ovpn[0].transport == "tcp" and .ovpn[0].cipher == "AES-128-GCM"' \
		/tmp/ovpn.json >/dev/null || fail "not AES-128-GCM over TCP"
	unchanged "$OVPN_LAYERS"
}
ktap_test "ovpn: over TCP, as OpenVPN's proto tcp: proved, checked, rotated, nothing left" \
	tcp_valid

faulty_caught() {
	need_ovpn
	insmod /opt/kaesbench/kaesbench_faulty.ko modes=cbc,ctr,gcm corrupt_every=1 \
		corrupt_depth=0 || fail "kaesbench_faulty did not load"
	machine_state >/tmp/state.before
	kaesbench ovpn -d kaesbench_faulty_gcm_aes $QUICK --no-ceiling --json \
		>/tmp/ovpn.json
	rc=$?
	print_document ovpn-faulty /tmp/ovpn.json
	jq -c '.ovpn[0] | {state, message, differential}' /tmp/ovpn.json
	[ "$rc" -eq 1 ] || fail "exit $rc, not 1"
	jq -e '.ovpn[0].state == "invalid"' /tmp/ovpn.json >/dev/null ||
		fail "not invalid"
	# Each way: its tags fail the reference's decryption; what it
	# decrypts of the reference's datagrams arrives wrong, or not at all.
	jq -e '.ovpn[0].differential | (.[0].not_decrypted > 0) and
		(.[1].wrong + .[1].lost + .[1].not_decrypted > 0)' /tmp/ovpn.json \
		>/dev/null || fail "not caught both ways"
	unchanged "$OVPN_LAYERS"
	unload kaesbench_faulty || fail "kaesbench_faulty stays loaded"
}
ktap_test "ovpn: a wrong gcm(aes) caught both ways, invalid, exit 1" \
	faulty_caught

bad_input() {
	need_ovpn
	machine_state >/tmp/state.before
	kaesbench ovpn -k 100 >/dev/null 2>/tmp/ovpn.err
	rc=$?
	head -1 /tmp/ovpn.err
	[ "$rc" -eq 2 ] || fail "-k 100: exit $rc, not 2"
	kaesbench ovpn -d "$(soft_aes)" $QUICK >/dev/null 2>/tmp/ovpn.err
	rc=$?
	head -3 /tmp/ovpn.err
	[ "$rc" -eq 2 ] || fail "a cipher as -d: exit $rc, not 2"
	grep -q 'is no\|neither gcm(aes)' /tmp/ovpn.err ||
		fail "no reason why it is not one"
	grep -q '^  ' /tmp/ovpn.err || fail "no list of implementations"
	$SETPRIV --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all \
		kaesbench ovpn $QUICK >/dev/null 2>/tmp/ovpn.err
	rc=$?
	cat /tmp/ovpn.err
	[ "$rc" -eq 1 ] || fail "not root: exit $rc, not 1"
	grep -q 'CAP_NET_ADMIN.*nothing was made' /tmp/ovpn.err ||
		fail "the capabilities not named"
	unchanged "$OVPN_LAYERS"
}
ktap_test "ovpn: bad input and missing privileges refused, exit 2 or 1, nothing made" \
	bad_input

# The whole process group SIGKILLed mid-run (timeout -s KILL, a service
# stop): the guard, in a session of its own, deletes the interfaces and
# puts back any priority raised; the namespaces go with kaesbench.
group_killed() {
	need_ovpn
	machine_state >/tmp/state.before
	setsid kaesbench ovpn --all-impls $QUICK --no-ceiling \
		>/tmp/ovpn.out 2>&1 &
	pid=$!
	sleep 6
	kill -KILL "-$pid" 2>/dev/null || kill -KILL "$pid"
	wait "$pid"
	echo "killed: exit $?"
	wait_gone
	cat /tmp/ovpn.out
	unchanged "$OVPN_LAYERS"
	no_record_left
}
ktap_test "ovpn: its process group SIGKILLed mid-run: no interface, namespace, priority or instance left" \
	group_killed

not_there() {
	has_ovpn && { echo "this kernel has ovpn"; exit "$KSFT_SKIP"; }
	machine_state >/tmp/state.before
	kaesbench ovpn $QUICK >/tmp/ovpn.out 2>/tmp/ovpn.err
	rc=$?
	sed 's/^/# /' /tmp/ovpn.err
	[ "$rc" -eq 1 ] || fail "exit $rc, not 1"
	grep -q '^kaesbench ovpn: n/a: .*6\.16' /tmp/ovpn.err ||
		fail "no n/a naming Linux 6.16"
	unchanged "$OVPN_LAYERS"
}
ktap_test "ovpn: a kernel without it: n/a with the reason, exit 1, nothing made" \
	not_there
