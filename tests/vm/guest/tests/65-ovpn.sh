# SPDX-License-Identifier: GPL-2.0
# kaesbench-test: module=loaded order=last check=latest,6.12
# kaesbench ovpn: OpenVPN's data channel in the kernel (ovpn) between two
# namespaces. Each implementation's key slots are proved (the driver's
# reference count rising by two per slot), checked against the generic
# parts both ways, and measured; a wrong one is caught; nothing is left
# behind; a kernel without ovpn says n/a.

. /tests/ipsec-lib.sh

OVPN_LAYERS='gcm\(aes\)|ctr\(aes\)'

has_ovpn() {
	modprobe -q ovpn 2>/dev/null
}

selected_valid() {
	has_ovpn || { echo "this kernel has no ovpn"; exit "$KSFT_SKIP"; }
	machine_state >/tmp/state.before
	kaesbench ovpn $QUICK >/tmp/ovpn.out 2>/tmp/ovpn.err
	rc=$?
	sed 's/^/# /' /tmp/ovpn.out /tmp/ovpn.err
	[ "$rc" -eq 0 ] || fail "exit $rc"
	unchanged "$OVPN_LAYERS"
}
ktap_test "ovpn: the selected gcm(aes) proved, checked, measured, nothing left" \
	selected_valid

all_impls() {
	has_ovpn || { echo "this kernel has no ovpn"; exit "$KSFT_SKIP"; }
	kaesbench ovpn --all-impls --imix -t 200 -r 1 --no-ceiling \
		>/tmp/ovpn.out 2>/tmp/ovpn.err
	rc=$?
	sed 's/^/# /' /tmp/ovpn.out /tmp/ovpn.err
	[ "$rc" -eq 0 ] || fail "exit $rc"
}
ktap_test "ovpn: --all-impls --imix, every one valid" all_impls

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
