# SPDX-License-Identifier: GPL-2.0
# kaesbench-test: module=loaded check=latest
# kaesbench doctor on priorities: a slow offload engine raised over the
# CPU for cbc(aes) through crypto_user (below its crossover, losing at
# low depths), then the CPU's cbc(aes) lowered below a slower
# implementation (the faster named, with its priority command). Each
# case puts back what it changed. What it proves is the doctor's reading
# of its measurements, which no kernel changes, and it measures for
# minutes under TCG: make check runs it on the newest kernel only.

. /tests/doctor-lib.sh

# driver_selected DRIVER: the crypto API hands DRIVER out. A listing
# whose resolution ran out of time (a loaded host under TCG: 500 ms for
# every name) says "unknown" (null): listed again until it knows.
driver_selected() {
	until_within 60 "a listing that knows whether $1 is selected" \
		selection_known "$1"
	jq -e --arg d "$1" 'any(.implementations[];
		.driver == $d and .selected)' /tmp/listing.json >/dev/null
}

selection_known() {
	kaesbench list --json >/tmp/listing.json &&
		jq -e --arg d "$1" 'any(.implementations[];
			.driver == $d and .selected != null)' \
			/tmp/listing.json >/dev/null
}

# A slow offload engine raised over cbc(aes): kaesbench_faulty completing
# each request a jiffy or more late, asynchronously, as an engine would;
# so slow at every depth that the CPU wins beyond any noise. Not
# virtio-crypto: how it fares against the CPU is up to the emulator (on
# 7.2 under TCG it nearly matches cbc-aes-aesni at 1424 B).
SLOW_ENGINE=kaesbench_faulty_cbc_aes

# crossover_named: the doctor found the slow engine below its crossover,
# and the command that sets its priority back.
crossover_named() {
	finding KB-OFFLOAD-BELOW-CROSSOVER \
		'(.summary | startswith("cbc(aes) goes to the offload engine \($e)")) and
		 (.evidence | any(startswith("crossover: "))) and
		 (.fix | startswith("kaesbench priority \($e) "))' \
		--arg e "$SLOW_ENGINE"
}

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
	doctor_until_called crossover_named
	kaesbench priority "$SLOW_ENGINE" "$was" >/dev/null ||
		fail "cannot restore the priority"
	[ "$(driver_priority "$SLOW_ENGINE")" = "$was" ] ||
		fail "priority not restored"
	! driver_selected "$SLOW_ENGINE" || fail "$SLOW_ENGINE still selected"
	echo none >/sys/module/kaesbench_faulty/parameters/fault
	unload kaesbench_faulty || fail "kaesbench_faulty stays loaded"
	if too_unsteady_to_call crossover_named; then
		return "$KSFT_SKIP"
	fi
	crossover_named || fail "the offload below its crossover is not reported"
	finding KB-OFFLOAD-LOSES-AT-DEPTH \
		'(.summary | startswith("cbc(aes) goes to the offload engine \($e), but at 1424 B")) and
		 (.summary | test("faster at depth 1[, ]")) and
		 (.evidence | any(startswith("\($e) by depth at 1424 B"))) and
		 (.fix | test("kaesbench priority [^ ]+ 10001"))' \
		--arg e "$SLOW_ENGINE" ||
		fail "the offload losing at low depths is not reported"
}

# The CPU's cbc(aes) (cbc-aes-aesni, cbc-aes-ce) and virtio-crypto lowered
# to 1: the crypto API hands out a slower implementation, on x86
# cbc(ecb(aes-aesni)) on 6.12 (lskcipher, priority 300), cbc(aes-generic)
# on 6.1, or a cbc instance over the AES library's aes-lib on 7.x (which
# has no aes-generic); on arm64 the bit-sliced NEON cbc-aes-neonbs. The doctor must
# name a faster one and the command that selects it; which one depends on
# TCG's figures on 6.12, where cbc(aes-generic) runs as fast as
# cbc-aes-aesni.
# faster_named SELECTED: the doctor named a faster cbc(aes) than SELECTED,
# and the command that makes the crypto API hand it out.
faster_named() {
	# shellcheck disable=SC2016 # $sel is jq's
	finding KB-FASTER-NOT-SELECTED \
		'(.summary | startswith("cbc(aes): ") and
			contains("than \($sel), which the crypto API hands out")) and
		 (.fix | test("^kaesbench priority [^ ]+ [0-9]+ ")) and
		 ((.fix | split(" "))[2] as $named | $named != $sel and
			($named == $cpu or $named == $soft or
			 $named == "cbc-aes-lib" or
			 $named == "cbc(ecb(\($softaes)))"))' \
		--arg sel "$1" --arg cpu "$CPU_CBC" --arg soft "$SOFT_CBC" --arg softaes "$SOFT_AES"
}

# cbc_too_unsteady: the doctor called no difference of cbc(aes), its
# samples spreading more than the difference (KB-SAMPLES-TOO-FEW).
cbc_too_unsteady() {
	finding KB-SAMPLES-TOO-FEW '.evidence | any(startswith("cbc(aes) "))'
}

# doctor_until_called CALLED...: doctor_json, and again, three times at
# most, while the command CALLED... fails and the doctor says cbc(aes)
# spread too much to call: it calls no difference its samples' spread
# covers (KB-SAMPLES-TOO-FEW), and under TCG on a loaded host the CPU's
# cbc(aes) has spread 23 to 80 MB/s.
doctor_until_called() {
	tries=1
	doctor_json
	while [ $tries -lt 3 ] && ! "$@" && cbc_too_unsteady; do
		tries=$((tries + 1))
		echo "cbc(aes) too unsteady for the doctor to call: measured again ($tries)"
		doctor_json
	done
}

# too_unsteady_to_call CALLED...: after doctor_until_called, CALLED...
# still fails and cbc(aes) is still too unsteady: not calling it is the
# doctor's right answer (7.2 under a host load of 10), nothing to assert.
too_unsteady_to_call() {
	! "$@" && cbc_too_unsteady || return 1
	echo "cbc(aes) too unsteady in $tries measurements: not called, as it should not be"
}

faster_not_selected() {
	was_cpu=$(driver_priority $CPU_CBC)
	was_virtio=$(driver_priority $VIRTIO)
	if [ -z "$was_cpu" ] || [ -z "$was_virtio" ]; then
		fail "no $CPU_CBC or $VIRTIO"
	fi
	# 6.1 has no other cbc(aes) until someone asks for the template.
	echo "the template instance over the software cipher: $SOFT_CBC"
	kaesbench run -d "$SOFT_CBC" -b 16 -t 10 -r 1 >/dev/null ||
		fail "cannot instantiate $SOFT_CBC"
	trap 'kaesbench priority $CPU_CBC $was_cpu >/dev/null
		kaesbench priority $VIRTIO $was_virtio >/dev/null' EXIT
	kaesbench priority $CPU_CBC 1 >/dev/null || fail "priority failed"
	kaesbench priority $VIRTIO 1 >/dev/null || fail "priority failed"
	sel=$(kaesbench list --json | jq -r '.implementations[] |
		select(.algorithm == "cbc(aes)" and .selected) | .driver')
	echo "cbc(aes) selected: $sel"
	# 7.3 registers cbc-aes-lib (110), over the AES mode library.
	case $sel in
	"cbc(ecb(aes-aesni))" | cbc-aes-neonbs | "$SOFT_CBC" | "cbc(ecb($SOFT_AES))" | \
		cbc-aes-lib) ;;
	*) fail "unexpected selection: $sel" ;;
	esac
	doctor_until_called faster_named "$sel"
	kaesbench priority $CPU_CBC "$was_cpu" >/dev/null ||
		fail "cannot restore the priority"
	kaesbench priority $VIRTIO "$was_virtio" >/dev/null ||
		fail "cannot restore the priority"
	trap - EXIT
	[ "$(driver_priority $CPU_CBC)" = "$was_cpu" ] ||
		fail "priority not restored"
	if too_unsteady_to_call faster_named "$sel"; then
		return "$KSFT_SKIP"
	fi
	faster_named "$sel" ||
		fail "the faster implementation and its command are not named"
	# On 6.1 generic C is half as fast as AES-NI even under TCG.
	if [ "$sel" = "cbc(aes-generic)" ]; then
		finding KB-FASTER-NOT-SELECTED \
			'.fix | startswith("kaesbench priority " + $cpu + " ")' --arg cpu "$CPU_CBC" ||
			fail "${CPU_CBC} is not the one named"
	fi
}

KTAP_TIMEOUT=300 ktap_test "doctor: a slow offload engine raised over cbc(aes): below its crossover, losing at low depths" \
	offload_below_crossover
KTAP_TIMEOUT=300 ktap_test "doctor: ${CPU_CBC} lowered below a slower cbc(aes): names it and its priority command" \
	faster_not_selected
