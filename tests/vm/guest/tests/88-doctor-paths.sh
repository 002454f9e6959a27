# SPDX-License-Identifier: GPL-2.0
# kaesbench-test: module=loaded check=latest,6.12
# kaesbench doctor's and kaesbench list's paths: whether this kernel has
# ESP and ovpn, and WireGuard said to be no AES path. Where the kernel has
# ovpn (latest), the doctor says present and names the gcm(aes) driver a
# key made now gets, /proc/crypto's best; a stale gcm(aes) instance raised
# above it is named (KB-OVPN-STALE-INSTANCE), and an engine offering
# ctr(aes) without gcm(aes) (kaesbench_faulty, modes=ctr) is an info
# (KB-OVPN-CTR-ONLY-ENGINE). Where it has none (6.12), the doctor and the
# list say absent and why. Each leaves the machine as found: no priority
# changed, no gcm(aes) or ctr(aes) instance left, no namespace or link;
# what a case registers itself goes by a trap too.

. /tests/doctor-lib.sh
. /tests/ipsec-lib.sh

CU=kaesbench-cryptouser
LAYERS='gcm\(aes\)|ctr\(aes\)'
ENGINE_CTR=kaesbench_faulty_ctr_aes

# kernel_has_ovpn: its module is in this kernel's tree (not loaded here).
kernel_has_ovpn() {
	find "/lib/modules/$(uname -r)" -name 'ovpn.ko*' 2>/dev/null | grep -q .
}

# best_gcm: the registered gcm(aes) of the highest priority, as
# /proc/crypto lists them (internal ones left out).
best_gcm() {
	awk '/^name/ { n = $3 } /^driver/ { d = $3 } /^priority/ { p = $3 }
		/^internal/ { i = $3 }
		/^$/ { if (n == "gcm(aes)" && i != "yes" && p > best) { best = p; b = d }
			n = d = i = ""; p = -1 }
		END { print b }' /proc/crypto
}

# paths_doctor [USER]: kaesbench doctor --quick --json, as USER if given,
# into /tmp/paths.json; its paths part and ovpn's findings for the log.
paths_doctor() {
	if [ $# -gt 0 ]; then
		su -s /bin/sh "$1" -c "kaesbench doctor --quick --json" \
			>/tmp/paths.json
	else
		kaesbench doctor --quick --json >/tmp/paths.json
	fi
	rc=$?
	jq -c '.paths' /tmp/paths.json
	jq -r '.findings[] | select(.id | test("OVPN")) |
		"[\(.severity)] \(.id)\n  \(.summary)",
		(.evidence[] | "  evidence: \(.)"), (.fix // empty | "  fix: \(.)")' \
		/tmp/paths.json
	[ "$rc" -le 1 ] || fail "doctor exited $rc"
}

paths_has() {
	jq -e "$@" /tmp/paths.json >/dev/null
}

paths_normal() {
	machine_state >/tmp/state.before
	best=$(best_gcm)
	paths_doctor
	paths_has '.paths.esp.presence == "present" or
		.paths.esp.presence == "available"' || fail "ESP not there"
	paths_has '.paths.wireguard.aes == false and
		(.paths.wireguard.note | contains("no AES"))' ||
		fail "WireGuard not said to be no AES path"
	if kernel_has_ovpn; then
		echo "this kernel has ovpn; /proc/crypto's best gcm(aes): $best"
		paths_has '.paths.ovpn.presence == "present"' ||
			fail "ovpn not present"
		# shellcheck disable=SC2016 # $b is jq's
		paths_has '.paths.ovpn.key.selected == $b and
			.paths.ovpn.key.finding == null and
			.paths.ovpn.key.engine != null' --arg b "$best" ||
			fail "a key's driver is not $best, or has a finding"
		! finding_in /tmp/paths.json KB-OVPN-STALE-INSTANCE ||
			fail "a stale instance on a normal boot"
	else
		echo "this kernel has no ovpn"
		paths_has '.paths.ovpn.presence == "absent" and
			(.paths.ovpn.reason | contains("6.16")) and
			.paths.ovpn.key == null' ||
			fail "ovpn not said absent, or why not"
	fi
	unchanged "$LAYERS"
	kaesbench doctor --quick >/tmp/paths.txt
	sed -n '/^Paths:/,/^$/p' /tmp/paths.txt
	grep -q '^  WireGuard: not an AES path' /tmp/paths.txt ||
		fail "the text has no WireGuard line"
	kaesbench list >/tmp/list.txt || fail "kaesbench list failed"
	sed -n '/^Paths:/,$p' /tmp/list.txt
	if kernel_has_ovpn; then
		grep -Eq '^  ovpn: (present|available): ' /tmp/list.txt
	else
		grep -q '^  ovpn: absent: ' /tmp/list.txt
	fi || fail "kaesbench list's ovpn line is wrong"
	# --json: the same section as the document's paths member.
	kaesbench list --json >/tmp/list.json || fail "kaesbench list --json failed"
	jq -c '.paths | {esp, ovpn: .ovpn.presence, aes: .wireguard.aes}' \
		/tmp/list.json
	jq -e '(.implementations | length > 0) and .paths.wireguard.aes == false and
		(.paths.ovpn.presence | IN("present", "available", "absent", "unknown"))' \
		/tmp/list.json >/dev/null || fail "list --json has no paths member as documented"
	unchanged "$LAYERS"
}

# Without privilege: nothing asked that needs it, each said why.
paths_unprivileged() {
	machine_state >/tmp/state.before
	paths_doctor nobody
	paths_has '.paths.ovpn.presence == "absent" or
		(.paths.ovpn.reason | contains("CAP_SYS_ADMIN"))' ||
		fail "an unprivileged doctor does not say why it did not ask"
	unchanged "$LAYERS"
}

need_ovpn() {
	kernel_has_ovpn || { echo "this kernel has no ovpn"; exit "$KSFT_SKIP"; }
}

# stale_cleanup: what paths_stale and paths_ctr_only made, gone; the
# ctr instance only if it was not registered before.
stale_cleanup() {
	$CU del "$(soft_gcm)" >/dev/null 2>&1
	[ -n "${keep_ctr:-}" ] || $CU del "ctr($SOFT_AES)" >/dev/null 2>&1
	rmmod kaesbench_faulty 2>/dev/null
	return 0
}

paths_stale() {
	need_ovpn
	machine_state >/tmp/state.before
	trap 'stale_cleanup' EXIT
	stale=$(soft_gcm)
	keep_ctr=
	has_driver "ctr($SOFT_AES)" && keep_ctr=1
	echo "the stale instance: $stale at 10000"
	$CU new "$stale" 10000 || fail "cannot register $stale"
	paths_doctor
	# shellcheck disable=SC2016 # $s is jq's
	paths_has '.paths.ovpn.key.selected == $s and
		.paths.ovpn.key.finding == "KB-OVPN-STALE-INSTANCE"' \
		--arg s "$stale" || fail "the key's line does not name it"
	finding_in /tmp/paths.json KB-OVPN-STALE-INSTANCE \
		'(.fix | startswith("kaesbench priority ")) and
		 (.evidence | any(contains("a key made now gets")))' ||
		fail "KB-OVPN-STALE-INSTANCE, its evidence or fix missing"
	stale_cleanup
	trap - EXIT
	unchanged "$LAYERS"
}

paths_ctr_only() {
	need_ovpn
	machine_state >/tmp/state.before
	keep_ctr=1
	trap 'stale_cleanup' EXIT
	insmod /opt/kaesbench/kaesbench_faulty.ko modes=ctr ||
		fail "insmod failed"
	paths_doctor
	# shellcheck disable=SC2016 # $d is jq's
	finding_in /tmp/paths.json KB-OVPN-CTR-ONLY-ENGINE \
		'.severity == "info" and (.fix | contains("kaesbench ovpn -d \($d)"))' \
		--arg d "$ENGINE_CTR" || fail "the ctr-only engine is not named"
	rmmod kaesbench_faulty || fail "rmmod failed"
	trap - EXIT
	unchanged "$LAYERS"
}

ktap_test "doctor paths: ESP and ovpn present or not, a key's gcm(aes) the best, nothing left" \
	paths_normal
ktap_test "doctor paths: without privilege, says why, nothing left" \
	paths_unprivileged
KTAP_TIMEOUT=240 ktap_test "doctor paths: a stale gcm(aes) instance under ovpn named, with its fix" \
	paths_stale
KTAP_TIMEOUT=240 ktap_test "doctor paths: an engine's ctr(aes) without gcm(aes) is an info" \
	paths_ctr_only
