# SPDX-License-Identifier: GPL-2.0
# kaesbench-test: module=unloaded
# A boot whose kernel command line refuses the CPU's AES modules
# (module_blacklist=: aesni_intel on x86; the Crypto Extensions' aes_ce_*
# and ghash_ce on arm64), as a distribution or an administrator may
# leave it: the kernel hands out other implementations, and the doctor
# says that the CPU's are missing, why (the command line, quoted), and
# how to get them back; nothing of another architecture appears.

# The modules the host blacklisted, from the command line itself.
BLACKLISTED=$(tr ' ' '\n' </proc/cmdline |
	sed -n 's/^module_blacklist=//p' | tr ',' ' ')

blacklisted_refused() {
	load_drivers
	[ -n "$BLACKLISTED" ] || fail "no module_blacklist= on the command line"
	echo "blacklisted: $BLACKLISTED"
	for m in $BLACKLISTED; do
		! grep -q "^$m " /proc/modules || fail "$m is loaded"
		! modprobe "$m" 2>/dev/null || fail "modprobe $m succeeded"
	done
	insmod /opt/kaesbench/kaesbench.ko || fail "insmod kaesbench failed"
}

# cbc(aes) goes to another implementation: not the CPU's.
others_selected() {
	kaesbench list >/tmp/list || fail "list failed"
	cat /tmp/list
	! grep -q -- "$CPU_CBC" /tmp/list || fail "$CPU_CBC is listed"
	sel=$(kaesbench list --json | jq -r '.implementations[] |
		select(.algorithm == "cbc(aes)" and .selected) | .driver')
	[ -n "$sel" ] || fail "no cbc(aes) selected"
	echo "cbc(aes) selected: $sel"
	kaesbench run -d "$sel" -b 16,4096 -t 10 -r 1 -w 0 ||
		fail "a run of $sel failed"
}

doctor_names_blacklist() {
	kaesbench doctor --json --quick >/tmp/doctor.json
	rc=$?
	jq -r '.findings[] | "[\(.severity)] \(.id)\n  \(.summary)",
		(.evidence[] | "  evidence: \(.)"),
		(.fix // empty | "  fix: \(.)")' /tmp/doctor.json
	[ "$rc" -le 1 ] || fail "doctor exited $rc"
	jq -e --arg id "$CPU_FINDING-MODULE-BLACKLISTED" \
		--arg m "$CPU_BLK_MODULE" 'any(.findings[]; .id == $id and
			.severity == "warning" and
			(.evidence | any(startswith("kernel command line: ") and
				contains("module_blacklist=") and contains($m))) and
			(.fix | startswith("remove module_blacklist=") and contains($m)))' /tmp/doctor.json >/dev/null ||
		fail "$CPU_FINDING-MODULE-BLACKLISTED does not name the command line's blacklist of $CPU_BLK_MODULE and the fix"
	! jq -e --arg id "$CPU_FINDING-IN-USE" 'any(.findings[]; .id == $id)' \
		/tmp/doctor.json >/dev/null ||
		fail "$CPU_AES_NAME reported in use"
	no_foreign_findings /tmp/doctor.json
}

ktap_test "the CPU's AES modules, blacklisted on the command line, are refused" \
	blacklisted_refused
ktap_test "cbc(aes) goes to another implementation, which runs" others_selected
ktap_test "doctor: $CPU_FINDING-MODULE-BLACKLISTED quotes the command line and the fix; nothing of another architecture" \
	doctor_names_blacklist
