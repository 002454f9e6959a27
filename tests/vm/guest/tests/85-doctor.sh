# SPDX-License-Identifier: GPL-2.0
# kaesbench doctor and kaesbench priority: aesni_intel unloaded, then
# blacklisted, then loaded again; virtio-crypto raised above the CPU for
# cbc(aes) through crypto_user, then cbc-aes-aesni lowered below a slower
# CPU implementation. Each case puts back what it changed, so
# that the files after this one find the drivers as load_drivers left them.

# doctor_json [OPTION...]: kaesbench doctor --json into /tmp/doctor.json,
# its findings printed as text for the log.
doctor_json() {
	kaesbench doctor --json "$@" >/tmp/doctor.json
	rc=$?
	jq -r '.findings[] | "[\(.severity)] \(.id)\n  \(.summary)",
		(.evidence[] | "  evidence: \(.)"),
		(.fix // empty | "  fix: \(.)")' /tmp/doctor.json
	jq -r '.not_checked[] | "not checked: \(.check): \(.reason)"' \
		/tmp/doctor.json
	[ "$rc" -le 1 ] || fail "doctor exited $rc"
}

# finding ID [JQ_CONDITION [JQ_OPTION...]]: the doctor found ID, and it
# meets the condition.
finding() {
	id=$1
	cond=${2:-true}
	shift
	[ $# -eq 0 ] || shift
	jq -e --arg id "$id" "$@" "any(.findings[]; .id == \$id and ($cond))" \
		/tmp/doctor.json >/dev/null
}

# Back to what load_drivers left: aesni_intel loaded, no blacklist.
aesni_back() {
	rm -f /etc/modprobe.d/kaesbench-test.conf
	grep -q '^aesni_intel ' /proc/modules || modprobe aesni_intel
}

# Just loaded, aesni_intel is in use until the crypto manager's self-tests
# of its implementations end: retry for up to 20 s.
unload_aesni() {
	i=0
	while ! rmmod aesni_intel 2>/dev/null; do
		i=$((i + 1))
		if [ $i -gt 100 ]; then
			lsmod
			aesni_back
			fail "aesni_intel stays in use: cannot unload it"
		fi
		sleep 0.2
	done
}

aesni_unloaded() {
	unload_aesni
	doctor_json --quick
	finding KB-AESNI-MODULE-NOT-LOADED \
		'(.summary | contains("aesni_intel")) and
		 (.fix | startswith("modprobe aesni_intel")) and
		 .severity == "warning"' ||
		{ aesni_back; fail "the missing module and its fix are not named"; }
	aesni_back
}

aesni_blacklisted() {
	mkdir -p /etc/modprobe.d
	echo "blacklist aesni_intel" >/etc/modprobe.d/kaesbench-test.conf
	unload_aesni
	doctor_json --quick
	finding KB-AESNI-MODULE-BLACKLISTED \
		'(.evidence | any(startswith("/etc/modprobe.d/kaesbench-test.conf:1: blacklist aesni_intel"))) and
		 (.fix | contains("modprobe aesni_intel"))' ||
		{ aesni_back; fail "the blacklist is not found"; }
	! finding KB-AESNI-MODULE-NOT-LOADED ||
		{ aesni_back; fail "blamed on loading, not on the blacklist"; }
	aesni_back
}

aesni_in_use() {
	doctor_json --quick
	finding KB-AESNI-IN-USE \
		'.evidence | any(startswith("cbc(aes) -> cbc-aes-aesni"))' ||
		fail "AES-NI in use is not reported"
	! jq -e 'any(.findings[]; .id | startswith("KB-AESNI-") and
		. != "KB-AESNI-IN-USE")' /tmp/doctor.json >/dev/null ||
		fail "a KB-AESNI warning with aesni_intel loaded"
}

VIRTIO=virtio_crypto_aes_cbc

driver_priority() {
	kaesbench list --json |
		jq -r --arg d "$1" '.implementations[] |
			select(.driver == $d) | .priority'
}

driver_selected() {
	kaesbench list --json |
		jq -e --arg d "$1" 'any(.implementations[];
			.driver == $d and .selected)' >/dev/null
}

# A slow offload engine raised over cbc(aes): kaesbench_faulty completing
# each request a jiffy or more late, asynchronously, as an engine would;
# so slow at every depth that the CPU wins beyond any noise. Not
# virtio-crypto: how it fares against the CPU is up to the emulator (on
# 7.2 under TCG it nearly matches cbc-aes-aesni at 1424 B).
SLOW_ENGINE=kaesbench_faulty_cbc_aes

offload_below_crossover() {
	grep -q '^kaesbench_faulty ' /proc/modules ||
		insmod /opt/kaesbench/kaesbench_faulty.ko ||
		fail "insmod kaesbench_faulty failed"
	echo late >/sys/module/kaesbench_faulty/parameters/fault
	echo 1 >/sys/module/kaesbench_faulty/parameters/delay_ms
	was=$(driver_priority "$SLOW_ENGINE")
	[ -n "$was" ] || fail "no $SLOW_ENGINE"
	kaesbench priority "$SLOW_ENGINE" 10000 || fail "priority failed"
	driver_selected "$SLOW_ENGINE" || { kaesbench priority "$SLOW_ENGINE" "$was";
		fail "$SLOW_ENGINE is not selected at priority 10000"; }
	doctor_json
	kaesbench priority "$SLOW_ENGINE" "$was" >/dev/null ||
		fail "cannot restore the priority"
	[ "$(driver_priority "$SLOW_ENGINE")" = "$was" ] ||
		fail "priority not restored"
	! driver_selected "$SLOW_ENGINE" || fail "$SLOW_ENGINE still selected"
	echo none >/sys/module/kaesbench_faulty/parameters/fault
	unload kaesbench_faulty || fail "kaesbench_faulty stays loaded"
	finding KB-OFFLOAD-BELOW-CROSSOVER \
		'(.summary | startswith("cbc(aes) goes to the offload engine \($e)")) and
		 (.evidence | any(startswith("crossover: "))) and
		 (.fix | startswith("kaesbench priority \($e) "))' \
		--arg e "$SLOW_ENGINE" ||
		fail "the offload below its crossover is not reported"
	finding KB-OFFLOAD-LOSES-AT-DEPTH \
		'(.summary | startswith("cbc(aes) goes to the offload engine \($e), but at 1424 B")) and
		 (.summary | test("faster at depth 1[, ]")) and
		 (.evidence | any(startswith("\($e) by depth at 1424 B"))) and
		 (.fix | test("kaesbench priority [^ ]+ 10001"))' \
		--arg e "$SLOW_ENGINE" ||
		fail "the offload losing at low depths is not reported"
}


AESNI_CBC=cbc-aes-aesni

# cbc-aes-aesni and virtio-crypto lowered to 1: the crypto API hands out
# a slower CPU implementation, cbc(ecb(aes-aesni)) on 6.12 (lskcipher,
# priority 300), cbc(aes-generic) on 6.1, or a cbc instance over the AES
# library's aes-lib on 7.x (which has no aes-generic). The doctor must
# name a faster one and the command that selects it; which one depends on
# TCG's figures on 6.12, where cbc(aes-generic) runs as fast as
# cbc-aes-aesni.
faster_not_selected() {
	was_aesni=$(driver_priority $AESNI_CBC)
	was_virtio=$(driver_priority $VIRTIO)
	if [ -z "$was_aesni" ] || [ -z "$was_virtio" ]; then
		fail "no $AESNI_CBC or $VIRTIO"
	fi
	# 6.1 has no other cbc(aes) until someone asks for the template.
	echo "the template instance over the software cipher: $SOFT_CBC"
	kaesbench run -d "$SOFT_CBC" -b 16 -t 10 -r 1 >/dev/null ||
		fail "cannot instantiate $SOFT_CBC"
	trap 'kaesbench priority $AESNI_CBC $was_aesni >/dev/null
		kaesbench priority $VIRTIO $was_virtio >/dev/null' EXIT
	kaesbench priority $AESNI_CBC 1 >/dev/null || fail "priority failed"
	kaesbench priority $VIRTIO 1 >/dev/null || fail "priority failed"
	sel=$(kaesbench list --json | jq -r '.implementations[] |
		select(.algorithm == "cbc(aes)" and .selected) | .driver')
	echo "cbc(aes) selected: $sel"
	case $sel in
	"cbc(ecb(aes-aesni))" | "$SOFT_CBC" | "cbc(ecb($SOFT_AES))") ;;
	*) fail "unexpected selection: $sel" ;;
	esac
	doctor_json
	kaesbench priority $AESNI_CBC "$was_aesni" >/dev/null ||
		fail "cannot restore the priority"
	kaesbench priority $VIRTIO "$was_virtio" >/dev/null ||
		fail "cannot restore the priority"
	trap - EXIT
	[ "$(driver_priority $AESNI_CBC)" = "$was_aesni" ] ||
		fail "priority not restored"
	# shellcheck disable=SC2016 # $sel is jq's
	finding KB-FASTER-NOT-SELECTED \
		'(.summary | startswith("cbc(aes): ") and
			contains("than \($sel), which the crypto API hands out")) and
		 (.fix | test("^kaesbench priority [^ ]+ [0-9]+ ")) and
		 ((.fix | split(" "))[2] as $named | $named != $sel and
			($named == "cbc-aes-aesni" or $named == $soft or
			 $named == "cbc(ecb(\($softaes)))"))' \
		--arg sel "$sel" --arg soft "$SOFT_CBC" --arg softaes "$SOFT_AES" ||
		fail "the faster implementation and its command are not named"
	# On 6.1 generic C is half as fast as AES-NI even under TCG.
	if [ "$sel" = "cbc(aes-generic)" ]; then
		finding KB-FASTER-NOT-SELECTED \
			'.fix | startswith("kaesbench priority cbc-aes-aesni ")' ||
			fail "cbc-aes-aesni is not the one named"
	fi
}

priority_refusals() {
	expect_failure 1 "needs CAP_NET_ADMIN" su -s /bin/sh nobody -c \
		"kaesbench priority $VIRTIO 10000"
	expect_failure 1 "no implementation has the driver name" \
		kaesbench priority no-such-driver 1
	expect_failure 2 "not a priority" kaesbench priority "$VIRTIO" -1
	# Without crypto_user, and unable to autoload it.
	rmmod crypto_user || fail "cannot unload crypto_user"
	mkdir -p /etc/modprobe.d
	echo "install crypto_user /bin/false" >/etc/modprobe.d/kaesbench-test.conf
	expect_failure 1 "modprobe crypto_user" kaesbench priority "$VIRTIO" 1
	rm -f /etc/modprobe.d/kaesbench-test.conf
	modprobe crypto_user || fail "cannot reload crypto_user"
}

unprivileged_doctor() {
	su -s /bin/sh nobody -c "kaesbench doctor --json" >/tmp/doctor.json
	jq -r '.not_checked[] | "not checked: \(.check): \(.reason)"' \
		/tmp/doctor.json
	jq -e 'any(.not_checked[]; .check == "measured kernel checks" and
		(.reason | contains("CAP_SYS_ADMIN")))' /tmp/doctor.json \
		>/dev/null || fail "the skipped measurement does not say why"
}

# AF_ALG on this kernel: from 7.2 deprecated and software only. The
# doctor says so, names the offload engines AF_ALG cannot reach, and no
# fix of any finding suggests anything on the AF_ALG side (loading an
# algif module, binding a driver) that cannot work there.
afalg_state() {
	doctor_json --quick
	if afalg_software_only; then
		finding KB-AFALG-SOFTWARE-ONLY \
			'(.summary | startswith("AF_ALG is deprecated on Linux \($rel)")) and
			 (.evidence | any(startswith("\($v) (cbc(aes), virtio_crypto): not offered to AF_ALG"))) and
			 (.fix | test("modprobe|algif") | not)' \
			--arg rel "$(uname -r)" --arg v "$VIRTIO" ||
			fail "AF_ALG's state on $(uname -r) is not reported"
		! jq -e 'any(.findings[]; (.fix // "") |
			test("algif|modprobe af_alg|AF_ALG to reach|through AF_ALG"))' \
			/tmp/doctor.json >/dev/null ||
			fail "a fix suggests AF_ALG where it cannot work"
	else
		! finding KB-AFALG-SOFTWARE-ONLY ||
			fail "AF_ALG said software only on $(uname -r)"
	fi
}

ktap_test "doctor: AF_ALG's state on this kernel (7.2 on: deprecated, software only)" \
	afalg_state
ktap_test "doctor: aesni_intel unloaded: names the module and the fix" \
	aesni_unloaded
ktap_test "doctor: aesni_intel blacklisted: names the blacklist" \
	aesni_blacklisted
ktap_test "doctor: aesni_intel loaded: reports AES-NI in use" aesni_in_use
KTAP_TIMEOUT=300 ktap_test "doctor: a slow offload engine raised over cbc(aes): below its crossover, losing at low depths" \
	offload_below_crossover
KTAP_TIMEOUT=300 ktap_test "doctor: cbc-aes-aesni lowered below a slower cbc(aes): names it and its priority command" \
	faster_not_selected
ktap_test "priority: refusals say why (permission, driver, crypto_user)" \
	priority_refusals
ktap_test "doctor without CAP_SYS_ADMIN: says which checks could not run" \
	unprivileged_doctor
