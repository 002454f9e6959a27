# SPDX-License-Identifier: GPL-2.0
# kaesbench-test: module=loaded check=latest,6.12,arm64-6.12
# kaesbench doctor's ESP part: what an SA made now gets for each ESP
# transform, and why not a faster one. On a normal boot rfc4106's chain
# is the CPU's, nothing is stale, and the doctor leaves the registered
# instances as it found them (as root, and without CAP_NET_ADMIN, where
# it says n/a for what it cannot have built). Then a stale instance, seqiv
# over rfc4106 over the generic parts at a high priority, registered
# through crypto_user as an administrator's tool could: the doctor names
# it, the better driver and the fix, and after the fix the CPU's chain is
# what an SA gets again. Last, what the kernel does itself: an instance
# built over the generic parts while $CPU_BLK_MODULE was out goes when
# it is loaded. Every instance made here is unregistered after, by a trap
# too, and the CPU's modules are loaded again.

CU=kaesbench-cryptouser
RFC4106='rfc4106(gcm(aes))'
STALE="seqiv(rfc4106($(soft_gcm)))"

. /tests/doctor-lib.sh

# instances: the template instances registered, one a line.
instances() {
	awk '/^driver/ { print $3 }' /proc/crypto | grep '(' | sort -u
}

# esp_doctor [USER]: kaesbench doctor --quick --json, as USER if given,
# into /tmp/esp.json, its ESP part and findings printed for the log.
esp_doctor() {
	if [ $# -gt 0 ]; then
		su -s /bin/sh "$1" -c "kaesbench doctor --quick --json" \
			>/tmp/esp.json
	else
		kaesbench doctor --quick --json >/tmp/esp.json
	fi
	rc=$?
	jq -r '.esp.reason // empty | "ESP: n/a: \(.)"' /tmp/esp.json
	jq -r '.esp.transforms[] | "\(.transform) -> \(.selected) (\(.priority)) on \(.built_on) (\(.engine), \(.built_on_priority)); finding \(.finding), better \(.better); reason \(.reason)"' \
		/tmp/esp.json
	jq -r '.findings[] | select(.id | test("ESP")) |
		"[\(.severity)] \(.id)\n  \(.summary)",
		(.evidence[] | "  evidence: \(.)"), (.fix // empty | "  fix: \(.)")' \
		/tmp/esp.json
	[ "$rc" -le 1 ] || fail "doctor exited $rc"
}

# esp_line JQ_CONDITION [JQ_OPTION...]: rfc4106's line meets it.
esp_line() {
	cond=$1
	shift
	jq -e --arg t "$RFC4106" "$@" \
		"any(.esp.transforms[]; .transform == \$t and ($cond))" \
		/tmp/esp.json >/dev/null
}

# esp_finding ID [JQ_CONDITION [JQ_OPTION...]]: in esp_doctor's document.
esp_finding() { finding_in /tmp/esp.json "$@"; }

# esp_cleanup: unregister every instance registered since BEFORE
# (/tmp/esp-instances.before), the top of each chain first; and the
# CPU's modules loaded.
esp_cleanup() {
	# shellcheck disable=SC2086 # a word list
	modprobe -a $CPU_BLK_UNLOAD
	for _ in 1 2 3 4 5 6; do
		instances | grep -vxF -f /tmp/esp-instances.before >/tmp/esp-left
		[ -s /tmp/esp-left ] || return 0
		while read -r d; do
			$CU del "$d" >/dev/null
		done </tmp/esp-left
	done
	echo "left registered:"
	cat /tmp/esp-left
	return 1
}

esp_unchanged() {
	instances >/tmp/esp-instances.after
	diff /tmp/esp-instances.before /tmp/esp-instances.after ||
		fail "the doctor left the registered instances changed"
}

esp_normal() {
	instances >/tmp/esp-instances.before
	esp_doctor
	# shellcheck disable=SC2016 # $cpu is jq's
	esp_line '(.selected | startswith("seqiv(" + $cpu)) and
		.finding == null and .engine == "AES instructions"' \
		--arg cpu "$CPU_RFC4106" ||
		fail "rfc4106's chain is not the CPU's ($CPU_RFC4106), or has a finding"
	jq -e '(.esp.transforms | length) == 4 and
		all(.esp.transforms[]; .selected != null)' /tmp/esp.json \
		>/dev/null || fail "not every transform's chain is named"
	! esp_finding KB-ESP-STALE-INSTANCE || fail "a stale instance on a normal boot"
	! esp_finding "$CPU_FINDING-ESP-GENERIC" || fail "generic AES on a normal boot"
	esp_unchanged
	kaesbench doctor --quick >/tmp/esp.txt
	sed -n '/^ESP, what an SA made now gets:/,/^$/p' /tmp/esp.txt
	grep -qF "  $RFC4106 -> seqiv($CPU_RFC4106" /tmp/esp.txt ||
		fail "the text does not name rfc4106's chain"
}

# Without CAP_NET_ADMIN the doctor cannot have a chain built: n/a for
# those none is registered of, not a failure; nothing registered.
esp_unprivileged() {
	instances >/tmp/esp-instances.before
	esp_doctor nobody
	jq -e 'all(.esp.transforms[]; .selected != null or
		(.reason | contains("needs CAP_NET_ADMIN")))' /tmp/esp.json \
		>/dev/null || fail "an unprivileged doctor does not say why"
	jq -e 'any(.esp.transforms[]; .selected == null)' /tmp/esp.json \
		>/dev/null || fail "a chain named that needed building"
	esp_unchanged
}

esp_stale() {
	instances >/tmp/esp-instances.before
	trap 'esp_cleanup' EXIT
	echo "the stale instance: $STALE at 10000"
	$CU new "$STALE" 10000 || fail "cannot register $STALE"
	esp_doctor
	# For the schema (tests/vm/verdict.sh): the ESP part with a finding.
	echo "kaesbench-results-json: begin doctor-esp"
	jq -c . /tmp/esp.json || fail "doctor --json is not JSON"
	echo "kaesbench-results-json: end"
	# shellcheck disable=SC2016 # $t, $s, $cpu and $g are jq's
	esp_finding KB-ESP-STALE-INSTANCE \
		'(.evidence | any(startswith("\($t): an SA made now gets \($s) (priority 10000, registered before"))) and
		 (.evidence | any(startswith("\($t): \($cpu)"))) and
		 (.fix | startswith("kaesbench priority \u0027rfc4106(\($g))\u0027 "))' \
		--arg t "$RFC4106" --arg s "$STALE" --arg cpu "$CPU_RFC4106" \
		--arg g "$(soft_gcm)" ||
		fail "the stale instance, the better driver or the fix is not named"
	esp_finding "$CPU_FINDING-ESP-GENERIC" ||
		fail "generic AES under ESP is not reported"
	# shellcheck disable=SC2016 # $s and $cpu are jq's
	esp_line '.selected == $s and .finding == "KB-ESP-STALE-INSTANCE" and
		(.better | startswith($cpu))' --arg s "$STALE" \
		--arg cpu "$CPU_RFC4106" || fail "rfc4106's line does not say so"
	# The fix, as printed: the command before its explanation.
	fix=$(jq -r '.findings[] | select(.id == "KB-ESP-STALE-INSTANCE") |
		.fix | sub(" \\((the better driver|a priority set).*$"; "")' \
		/tmp/esp.json)
	echo "running the fix: $fix"
	eval "$fix" || fail "the fix failed"
	! has_driver "$STALE" || fail "the fix left $STALE registered"
	esp_doctor
	# shellcheck disable=SC2016 # $cpu is jq's
	esp_line '(.selected | startswith("seqiv(" + $cpu)) and .finding == null' \
		--arg cpu "$CPU_RFC4106" || fail "after the fix, not the CPU's chain"
	! esp_finding KB-ESP-STALE-INSTANCE || fail "still stale after the fix"
	esp_cleanup || fail "instances left"
	trap - EXIT
}

# unload_cpu_blk: the CPU's block modes unloaded; just loaded, they are in
# use until their self-tests end: retried for up to 20 s.
unload_cpu_blk() {
	for m in $CPU_BLK_UNLOAD; do
		grep -q "^$m " /proc/modules || continue
		i=0
		while ! rmmod "$m" 2>/dev/null; do
			i=$((i + 1))
			[ $i -le 100 ] || return 1
			sleep 0.2
		done
	done
}

# The kernel unregisters the instances built on a driver when a driver of
# the same name and no lower priority registers: a chain built over the
# generic parts while the CPU's module was out goes when it is loaded.
esp_module_loaded_after() {
	instances >/tmp/esp-instances.before
	trap 'esp_cleanup' EXIT
	unload_cpu_blk || fail "$CPU_BLK_UNLOAD stays in use"
	$CU new "$STALE" || fail "cannot register $STALE"
	# shellcheck disable=SC2086 # a word list
	modprobe -a $CPU_BLK_UNLOAD || fail "cannot load $CPU_BLK_UNLOAD"
	# shellcheck disable=SC2016 # expanded by eval, each time
	until_within 60 "$STALE unregistered" eval '! has_driver "$STALE"'
	esp_doctor
	# shellcheck disable=SC2016 # $cpu is jq's
	esp_line '(.selected | startswith("seqiv(" + $cpu)) and .finding == null' \
		--arg cpu "$CPU_RFC4106" || fail "not the CPU's chain"
	esp_cleanup || fail "instances left"
	trap - EXIT
}

ktap_test "doctor ESP: a normal boot: rfc4106's chain is the CPU's, nothing stale, nothing left" \
	esp_normal
ktap_test "doctor ESP: without CAP_NET_ADMIN: n/a where a chain needs building, nothing left" \
	esp_unprivileged
KTAP_TIMEOUT=240 ktap_test "doctor ESP: a stale instance over the generic parts: named with the better driver and the fix, which works" \
	esp_stale
KTAP_TIMEOUT=240 ktap_test "doctor ESP: a generic chain made while $CPU_BLK_MODULE was out goes when it loads" \
	esp_module_loaded_after
