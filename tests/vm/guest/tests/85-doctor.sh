# SPDX-License-Identifier: GPL-2.0
# kaesbench-test: module=loaded check=latest,6.12,arm64-6.12
# kaesbench doctor and kaesbench priority: the CPU's block modes
# (aesni_intel, aes_ce_blk) unloaded, then blacklisted, then loaded again;
# AF_ALG's state; kaesbench priority's refusals (its doctor findings:
# 84-doctor-priority.sh); the doctor without privilege. Each case puts
# back what it changed, so that the files after this one find the drivers
# as load_drivers left them.

. /tests/doctor-lib.sh

# Back to what load_drivers left: the CPU's block modes loaded ($CPU_BLK_MODULE:
# aesni_intel, aes_ce_blk), no blacklist.
cpu_back() {
	rm -f /etc/modprobe.d/kaesbench-test.conf
	# shellcheck disable=SC2086 # a word list
	modprobe -a $CPU_BLK_UNLOAD
}

# Just loaded, the module is in use until the crypto manager's self-tests
# of its implementations end: retry for up to 20 s.
unload_cpu() {
	for m in $CPU_BLK_UNLOAD; do
		grep -q "^$m " /proc/modules || continue
		i=0
		while ! rmmod "$m" 2>/dev/null; do
			i=$((i + 1))
			if [ $i -gt 100 ]; then
				lsmod
				cpu_back
				fail "$m stays in use: cannot unload it"
			fi
			sleep 0.2
		done
	done
}

cpu_unloaded() {
	unload_cpu
	doctor_json --quick
	finding "$CPU_FINDING-MODULE-NOT-LOADED" \
		'(.summary | contains($m)) and
		 (.fix | startswith("modprobe " + $m)) and
		 .severity == "warning"' --arg m "$CPU_BLK_MODULE" ||
		{ cpu_back; fail "the missing module and its fix are not named"; }
	cpu_back
}

cpu_blacklisted() {
	mkdir -p /etc/modprobe.d
	echo "blacklist $CPU_BLK_MODULE" >/etc/modprobe.d/kaesbench-test.conf
	unload_cpu
	doctor_json --quick
	finding "$CPU_FINDING-MODULE-BLACKLISTED" \
		'(.evidence | any(startswith("/etc/modprobe.d/kaesbench-test.conf:1: blacklist " + $m))) and
		 (.fix | contains("modprobe " + $m))' --arg m "$CPU_BLK_MODULE" ||
		{ cpu_back; fail "the blacklist is not found"; }
	! finding "$CPU_FINDING-MODULE-NOT-LOADED" ||
		{ cpu_back; fail "blamed on loading, not on the blacklist"; }
	cpu_back
}

# The other architecture's findings never appear.
cpu_in_use() {
	doctor_json --quick
	finding "$CPU_FINDING-IN-USE" \
		'.evidence | any(startswith("cbc(aes) -> " + $cpu))' --arg cpu "$CPU_CBC" ||
		fail "$CPU_AES_NAME in use is not reported"
	! jq -e --arg p "$CPU_FINDING-" --arg in "$CPU_FINDING-IN-USE" \
		'any(.findings[]; .id | startswith($p) and . != $in)' \
		/tmp/doctor.json >/dev/null ||
		fail "a $CPU_FINDING warning with $CPU_BLK_MODULE loaded"
	no_foreign_findings /tmp/doctor.json
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
ktap_test "doctor: $CPU_BLK_MODULE unloaded: names the module and the fix" \
	cpu_unloaded
ktap_test "doctor: $CPU_BLK_MODULE blacklisted: names the blacklist" \
	cpu_blacklisted
ktap_test "doctor: $CPU_BLK_MODULE loaded: reports $CPU_AES_NAME in use, nothing of another architecture" \
	cpu_in_use
ktap_test "priority: refusals say why (permission, driver, crypto_user)" \
	priority_refusals
ktap_test "doctor without CAP_SYS_ADMIN: says which checks could not run" \
	unprivileged_doctor
