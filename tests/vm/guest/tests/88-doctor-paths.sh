# SPDX-License-Identifier: GPL-2.0
# kaesbench-test: module=loaded check=latest,6.12
# kaesbench doctor's and kaesbench list's paths: whether this kernel has
# ESP and ovpn, and WireGuard said to be no AES path. Where the kernel has
# ovpn (latest), the doctor says present and names the gcm(aes) driver a
# key made now gets, /proc/crypto's best; a stale gcm(aes) instance raised
# above it is named (KB-OVPN-STALE-INSTANCE), and an engine offering
# ctr(aes) without gcm(aes) (kaesbench_faulty, modes=ctr) is an info
# (KB-OVPN-CTR-ONLY-ENGINE). Where it has none (6.12), the doctor and the
# list say absent and why. kTLS (tls a module on both): present where
# /proc/net/tls_stat is there, else available, the doctor loading nothing;
# what a socket's gcm(aes) gets (/proc/crypto's best) and its ccm(aes)
# (built to look and unregistered, or n/a without CAP_NET_ADMIN); the
# stale instance named for kTLS too (KB-TLS-STALE-INSTANCE); an engine's
# asynchronous gcm(aes) (kaesbench_faulty, modes=gcm, priority 5000) is an
# info that TLS 1.3 receive waits for each record (KB-TLS-13-RX-SYNC); no
# interface of the VM offers kTLS offload, and the section says so. Each
# leaves the machine as found: no priority changed, no gcm(aes), ccm(aes),
# ctr(aes) or cbcmac(aes) instance left, no namespace or link, the tls
# module as it was; what a case registers itself goes by a trap too.

. /tests/doctor-lib.sh
. /tests/ipsec-lib.sh

CU=kaesbench-cryptouser
LAYERS='gcm\(aes\)|ctr\(aes\)|ccm\(aes\)|cbcmac\(aes\)'
ENGINE_CTR=kaesbench_faulty_ctr_aes
ENGINE_GCM=kaesbench_faulty_gcm_aes

# kernel_has_ovpn: its module is in this kernel's tree (not loaded here).
kernel_has_ovpn() {
	find "/lib/modules/$(uname -r)" -name 'ovpn.ko*' 2>/dev/null | grep -q .
}

# best_of NAME: the registered NAME of the highest priority, as
# /proc/crypto lists them (internal ones left out); "" when none is.
best_of() {
	awk -v want="$1" '/^name/ { n = $3 } /^driver/ { d = $3 }
		/^priority/ { p = $3 } /^internal/ { i = $3 }
		/^$/ { if (n == want && i != "yes" && p > best) { best = p; b = d }
			n = d = i = ""; p = -1 }
		END { print b }' /proc/crypto
}

best_gcm() {
	best_of 'gcm(aes)'
}

# tls_presence: what the doctor should say of kTLS here: tls is a module
# of every series' kernel, loaded where /proc/net/tls_stat is there.
tls_presence() {
	if [ -e /proc/net/tls_stat ]; then echo present; else echo available; fi
}

# paths_doctor [USER]: kaesbench doctor --quick --json, as USER if given,
# into /tmp/paths.json; its paths part and ovpn's and kTLS's findings for
# the log.
paths_doctor() {
	if [ $# -gt 0 ]; then
		su -s /bin/sh "$1" -c "kaesbench doctor --quick --json" \
			>/tmp/paths.json
	else
		kaesbench doctor --quick --json >/tmp/paths.json
	fi
	rc=$?
	jq -c '.paths' /tmp/paths.json
	jq -r '.findings[] | select(.id | test("OVPN|TLS")) |
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

# tls_socket_is I ALLOC DRIVER SUITES [USER]: the doctor's socket line I
# (0: gcm(aes), 1: ccm(aes)) says that a socket gets DRIVER, registered
# before; DRIVER "": none was, and the doctor had the kernel build one to
# look as for a first socket (its template's instance), or, as USER
# nobody, says that this needs CAP_NET_ADMIN.
tls_socket_is() {
	# shellcheck disable=SC2016 # $a, $d and $s are jq's
	if [ -n "$3" ]; then
		paths_has '.paths.tls.sockets[$i] | .allocates == $a and
			.selected == $d and .registered_before and
			.finding == null and .suites == ($s | split(" "))' \
			--argjson i "$1" --arg a "$2" --arg d "$3" --arg s "$4"
	elif [ "${5:-}" = nobody ]; then
		paths_has '.paths.tls.sockets[$i] | .allocates == $a and
			.selected == null and (.reason | contains("CAP_NET_ADMIN"))' \
			--argjson i "$1" --arg a "$2"
	else
		paths_has '.paths.tls.sockets[$i] | .allocates == $a and
			(.selected | test("_base\\(")) and
			.registered_before == false and .built_on != null and
			.suites == ($s | split(" "))' \
			--argjson i "$1" --arg a "$2" --arg s "$4"
	fi || fail "a socket's $2 is not ${3:-what a first one gets}"
}

# paths_tls_sockets GCM CCM [USER]: both lines, as tls_socket_is says.
paths_tls_sockets() {
	tls_socket_is 0 'gcm(aes)' "$1" 'aes-128-gcm aes-256-gcm' "${3:-}"
	tls_socket_is 1 'ccm(aes)' "$2" 'aes-128-ccm' "${3:-}"
}

paths_tls() {
	machine_state >/tmp/state.before
	want=$(tls_presence)
	gcm=$(best_gcm)
	ccm=$(best_of 'ccm(aes)')
	echo "kTLS: $want; /proc/crypto's best gcm(aes): $gcm, ccm(aes): ${ccm:-none}"
	paths_doctor
	# shellcheck disable=SC2016 # $p is jq's
	paths_has '.paths.tls.presence == $p and
		(.paths.tls.reason | startswith("module tls: "))' --arg p "$want" ||
		fail "kTLS not said to be $want"
	[ "$(tls_presence)" = "$want" ] || fail "the doctor loaded or unloaded tls"
	paths_tls_sockets "$gcm" "$ccm"
	! finding_in /tmp/paths.json KB-TLS-STALE-INSTANCE ||
		fail "a stale instance on a normal boot"
	! finding_in /tmp/paths.json KB-TLS-13-RX-SYNC ||
		fail "an engine's info with no engine registered"
	paths_has '.paths.tls.offload | .offering == 0 and .seen >= 1 and
		.interfaces == [] and .reason == null' ||
		fail "an interface of the VM is said to offer kTLS offload"
	unchanged "$LAYERS"
	kaesbench doctor --quick >/tmp/paths.txt
	sed -n '/^  kTLS/,/^  WireGuard/p' /tmp/paths.txt
	for line in "^  kTLS: $want: module tls: " \
		'^  kTLS, what a socket made now gets:$' '^    gcm(aes) -> ' \
		'^    ccm(aes) -> ' \
		'^  kTLS, NIC offload: no interface here offers kTLS offload'; do
		grep -q "$line" /tmp/paths.txt ||
			fail "the doctor's text has no line $line"
	done
	unchanged "$LAYERS"
	# list: presence and offload only, nothing registered to look.
	kaesbench list >/tmp/list.txt || fail "kaesbench list failed"
	sed -n '/^  kTLS/,/^  WireGuard/p' /tmp/list.txt
	for line in "^  kTLS: $want: " '^  kTLS, NIC offload: no interface here'; do
		grep -q "$line" /tmp/list.txt ||
			fail "kaesbench list's text has no line $line"
	done
	! grep -q 'what a socket made now gets' /tmp/list.txt ||
		fail "kaesbench list asked what a socket gets"
	kaesbench list --json >/tmp/list.json || fail "kaesbench list --json failed"
	jq -c '.paths.tls' /tmp/list.json
	# shellcheck disable=SC2016 # $p is jq's
	jq -e --arg p "$want" '.paths.tls | .presence == $p and
		.sockets == null and .offload.offering == 0' /tmp/list.json \
		>/dev/null || fail "list --json's tls member is wrong"
	[ "$(tls_presence)" = "$want" ] || fail "kaesbench list loaded tls"
	unchanged "$LAYERS"
}

# Without privilege: what is registered read, the rest said why.
paths_tls_unprivileged() {
	machine_state >/tmp/state.before
	want=$(tls_presence)
	gcm=$(best_gcm)
	ccm=$(best_of 'ccm(aes)')
	paths_doctor nobody
	# shellcheck disable=SC2016 # $p is jq's
	paths_has '.paths.tls.presence == $p and .paths.tls.offload.seen >= 1' \
		--arg p "$want" || fail "an unprivileged doctor's kTLS line is wrong"
	paths_tls_sockets "$gcm" "$ccm" nobody
	[ "$(tls_presence)" = "$want" ] || fail "the doctor loaded or unloaded tls"
	unchanged "$LAYERS"
}

# An engine's asynchronous gcm(aes), the best: TLS 1.3 receive waits.
paths_tls_async() {
	machine_state >/tmp/state.before
	trap 'rmmod kaesbench_faulty 2>/dev/null' EXIT
	insmod /opt/kaesbench/kaesbench_faulty.ko modes=gcm priority=5000 ||
		fail "insmod failed"
	paths_doctor
	# shellcheck disable=SC2016 # $d is jq's
	paths_has '.paths.tls.sockets[0] | .selected == $d and
		.engine == "offload"' --arg d "$ENGINE_GCM" ||
		fail "a socket's gcm(aes) is not $ENGINE_GCM"
	# shellcheck disable=SC2016 # $d is jq's
	finding_in /tmp/paths.json KB-TLS-13-RX-SYNC \
		'.severity == "info" and
		 (.summary | startswith("TLS 1.3 receive waits for each record")) and
		 (.fix | contains("kaesbench tls -c aes-128-gcm -v 1.3 -d \($d)"))' \
		--arg d "$ENGINE_GCM" || fail "KB-TLS-13-RX-SYNC missing, or its fix"
	rmmod kaesbench_faulty || fail "rmmod failed"
	trap - EXIT
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

# A stale gcm(aes) under ovpn's keys where the kernel has ovpn, and under
# kTLS's sockets on every series.
paths_stale() {
	machine_state >/tmp/state.before
	trap 'stale_cleanup' EXIT
	stale=$(soft_gcm)
	keep_ctr=
	has_driver "ctr($SOFT_AES)" && keep_ctr=1
	echo "the stale instance: $stale at 10000"
	$CU new "$stale" 10000 || fail "cannot register $stale"
	paths_doctor
	if kernel_has_ovpn; then
		# shellcheck disable=SC2016 # $s is jq's
		paths_has '.paths.ovpn.key.selected == $s and
			.paths.ovpn.key.finding == "KB-OVPN-STALE-INSTANCE"' \
			--arg s "$stale" || fail "the key's line does not name it"
		finding_in /tmp/paths.json KB-OVPN-STALE-INSTANCE \
			'(.fix | startswith("kaesbench priority ")) and
			 (.evidence | any(contains("a key made now gets")))' ||
			fail "KB-OVPN-STALE-INSTANCE, its evidence or fix missing"
	fi
	# shellcheck disable=SC2016 # $s is jq's
	paths_has '.paths.tls.sockets[0].selected == $s and
		.paths.tls.sockets[0].finding == "KB-TLS-STALE-INSTANCE"' \
		--arg s "$stale" || fail "the socket's line does not name it"
	finding_in /tmp/paths.json KB-TLS-STALE-INSTANCE \
		'(.fix | startswith("kaesbench priority ")) and
		 (.evidence | any(contains("a socket made now gets")))' ||
		fail "KB-TLS-STALE-INSTANCE, its evidence or fix missing"
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
ktap_test "doctor paths: kTLS present or loadable, a socket's gcm(aes) and ccm(aes), no offload here, nothing loaded or left" \
	paths_tls
ktap_test "doctor paths: kTLS without privilege, what is registered read, nothing loaded" \
	paths_tls_unprivileged
KTAP_TIMEOUT=240 ktap_test "doctor paths: a stale gcm(aes) instance under ovpn and kTLS named, with its fix" \
	paths_stale
KTAP_TIMEOUT=240 ktap_test "doctor paths: an engine's asynchronous gcm(aes): TLS 1.3 receive waits for each record" \
	paths_tls_async
KTAP_TIMEOUT=240 ktap_test "doctor paths: an engine's ctr(aes) without gcm(aes) is an info" \
	paths_ctr_only
