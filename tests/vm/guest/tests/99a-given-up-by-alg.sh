# SPDX-License-Identifier: GPL-2.0
# kaesbench-test: module=loaded boot=own check=none
# A request by algorithm whose driver hangs in setkey: the worker is lost
# (KAESBENCH_SETUP_TIMEOUT_MS, 90 s, in setting up), and what is given up
# is the driver the crypto API handed out, not the algorithm name asked
# for. The same request is then refused by that driver's name, before a
# key is set: a given-up driver gets no second request by another name.
# The kernel log, the refusal and the tool's note say not to unbind or
# reset the device behind it, and to reboot.
#
# It pins kaesbench until reboot and uses the faulty driver at a priority
# that makes it what cbc(aes) gets: it needs a boot where nothing was given
# up yet (98e-given-up-eighth.sh gives up the eighth implementation, after
# which every run is refused): boot=own, a boot of its own. It waits out
# the 90 s setup timeout, and 98b to 98e prove the giving up itself in
# make check: make check-full's only (check=none).

BYALG_PARAMS=/sys/module/kaesbench_faulty/parameters
BYALG_DRIVER=kaesbench_faulty_cbc_aes
BYALG_ADVICE="do not unbind or reset the device behind it (module kaesbench_faulty); reboot"

byalg_restore() {
	[ -e $BYALG_PARAMS/setkey_hang_ms ] &&
		echo 0 >$BYALG_PARAMS/setkey_hang_ms
}

given_up_by_alg() {
	if kaesbench_pinned; then
		echo "kaesbench gave requests up already in this boot: it needs a boot of its own"
		exit "$KSFT_SKIP"
	fi
	grep -q '^kaesbench ' /proc/modules ||
		insmod /opt/kaesbench/kaesbench.ko || fail "insmod kaesbench failed"
	if grep -q '^kaesbench_faulty ' /proc/modules; then
		unload kaesbench_faulty || fail "kaesbench_faulty stays loaded"
	fi
	insmod /opt/kaesbench/kaesbench_faulty.ko priority=5000 ||
		fail "insmod kaesbench_faulty priority=5000 failed"
	trap byalg_restore EXIT
	echo 120000 >$BYALG_PARAMS/setkey_hang_ms ||
		fail "cannot set setkey_hang_ms"
	kaesbench run -a 'cbc(aes)' -b 16 -t 10 -r 1 -w 0 --no-verify \
		>/tmp/byalg.out 2>&1
	rc=$?
	echo "exit $rc, $(cat $BYALG_PARAMS/wedged) setkey blocked"
	cat /tmp/byalg.out
	byalg_restore
	[ "$rc" -ne 0 ] || fail "the run did not fail"
	grep -qF "a synchronous call to $BYALG_DRIVER did not return within 90000 ms" \
		/tmp/byalg.out || fail "the lost call is not named by its driver"
	line="kaesbench: a synchronous call to $BYALG_DRIVER never completed: kaesbench stays loaded until reboot"
	dmesg | grep -F "$line" || fail "no '$line' in the kernel log"
	dmesg | grep -F "$line" | grep -qF "; $BYALG_ADVICE" ||
		fail "the kernel log does not say '$BYALG_ADVICE'"
	# Once let go, the lost worker frees what it had and exits.
	i=0
	until [ "$(cat $BYALG_PARAMS/wedged)" -eq 0 ] &&
		! cat /proc/[0-9]*/comm 2>/dev/null | grep -q '^kaesbench/'; do
		i=$((i + 1))
		[ $i -le $((100 * KTAP_SLOWDOWN)) ] || fail "the lost worker stays"
		sleep 0.1
	done
	# The same request: refused by the driver's name, not sent to it.
	refusal="a request to $BYALG_DRIVER never completed: kaesbench stays loaded until reboot; $BYALG_ADVICE"
	kaesbench run -a 'cbc(aes)' -b 16 -t 10 -r 1 -w 0 --no-verify \
		>/tmp/byalg.out 2>&1 && fail "the same request ran: $(cat /tmp/byalg.out)"
	cat /tmp/byalg.out
	grep -qF "$refusal" /tmp/byalg.out ||
		fail "the same request is not refused by the driver's name"
	kaesbench verify -a 'cbc(aes)' --cases 4 >/tmp/byalg.out 2>&1 &&
		fail "a verification by algorithm ran"
	grep -F "$refusal" /tmp/byalg.out ||
		fail "a verification by algorithm is not refused by the driver's name"
	kaesbench run -d "$BYALG_DRIVER" -b 16 -t 10 -r 1 -w 0 --no-verify \
		>/tmp/byalg.out 2>&1 && fail "a run by driver name ran"
	grep -qF "$refusal" /tmp/byalg.out ||
		fail "a run by driver name is not refused"
	# Whoever runs the tool next is told, whatever they run.
	kaesbench run -d "$SOFT_AES" -b 16 -t 10 -r 1 -w 0 >/tmp/byalg.out 2>&1 ||
		fail "$SOFT_AES does not run: $(cat /tmp/byalg.out)"
	grep -F "kaesbench: note: $refusal" /tmp/byalg.out ||
		fail "no note saying '$BYALG_ADVICE'"
	out=$(rmmod kaesbench 2>&1) && fail "rmmod kaesbench worked"
	echo "rmmod kaesbench: $out"
}

KTAP_TIMEOUT=300 ktap_test "by algorithm, setkey hangs: given up as the driver handed out; the same request refused by its name, with what not to do" \
	given_up_by_alg
