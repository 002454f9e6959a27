# SPDX-License-Identifier: GPL-2.0
# kaesbench doctor and kaesbench priority: aesni_intel unloaded, then
# blacklisted, then loaded again; virtio-crypto raised above the CPU for
# cbc(aes) through crypto_user. Each case puts back what it changed, so
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

# finding ID [JQ_CONDITION]: the doctor found ID, and it meets the condition.
finding() {
	jq -e --arg id "$1" "any(.findings[]; .id == \$id and (${2:-true}))" \
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

virtio_priority() {
	kaesbench list --json |
		jq -r --arg d "$VIRTIO" '.implementations[] |
			select(.driver == $d) | .priority'
}

virtio_selected() {
	kaesbench list --json |
		jq -e --arg d "$VIRTIO" 'any(.implementations[];
			.driver == $d and .selected)' >/dev/null
}

offload_below_crossover() {
	was=$(virtio_priority)
	[ -n "$was" ] || fail "no $VIRTIO"
	kaesbench priority "$VIRTIO" 10000 || fail "priority failed"
	virtio_selected || { kaesbench priority "$VIRTIO" "$was";
		fail "$VIRTIO is not selected at priority 10000"; }
	doctor_json
	kaesbench priority "$VIRTIO" "$was" >/dev/null ||
		fail "cannot restore the priority"
	[ "$(virtio_priority)" = "$was" ] || fail "priority not restored"
	! virtio_selected || fail "$VIRTIO still selected"
	finding KB-OFFLOAD-BELOW-CROSSOVER \
		'(.summary | startswith("cbc(aes) goes to the offload engine virtio_crypto_aes_cbc")) and
		 (.evidence | any(startswith("crossover: "))) and
		 (.fix | startswith("kaesbench priority virtio_crypto_aes_cbc "))' ||
		fail "the offload below its crossover is not reported"
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
		(.reason | contains("CAP_NET_ADMIN")))' /tmp/doctor.json \
		>/dev/null || fail "the skipped measurement does not say why"
}

ktap_test "doctor: aesni_intel unloaded: names the module and the fix" \
	aesni_unloaded
ktap_test "doctor: aesni_intel blacklisted: names the blacklist" \
	aesni_blacklisted
ktap_test "doctor: aesni_intel loaded: reports AES-NI in use" aesni_in_use
KTAP_TIMEOUT=300 ktap_test "doctor: virtio-crypto raised over cbc(aes): the offload is below its crossover" \
	offload_below_crossover
ktap_test "priority: refusals say why (permission, driver, crypto_user)" \
	priority_refusals
ktap_test "doctor without CAP_NET_ADMIN: says which checks could not run" \
	unprivileged_doctor
