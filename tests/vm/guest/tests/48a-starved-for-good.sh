# SPDX-License-Identifier: GPL-2.0
# kaesbench-test: module=loaded check=none
# A measuring thread that never gets its CPU back (a real-time task hogging
# it for good, an isolated CPU) does not keep its job and the module for
# ever: after KAESBENCH_STARVED_MAX_MS (60 s) of waiting the job goes on
# without it and ends, saying which CPU and why; its driver is not blamed
# (nothing given up, the implementation still served), and kaesbench
# stays loaded only until the thread gets its CPU and exits. make
# check-full runs it (75 s under TCG; check=none in its header).
#
# Starts from: kaesbench loaded. Leaves the same, real-time throttling,
# the fair server and ksoftirqd/1 as found.

. /tests/starve-lib.sh

STARVED_MAX_S=60

sfg_gone() {
	! kill -0 "$1" 2>/dev/null
}

starved_for_good() {
	starve_preconditions
	marked=$(dmesg | wc -l)
	# Three samples of 60 s (the longest a sample may be): the spinner
	# starts 2 s into the first.
	taskset -c 0 kaesbench run -d "$SOFT_AES" --cpus 1 -b 16 -t 60000 \
		-r 3 -w 0 --no-verify >/tmp/sfg.out 2>&1 &
	pid=$!
	i=0
	until grep -qx kaesbench/cpu1 /proc/[0-9]*/comm 2>/dev/null; do
		i=$((i + 1))
		[ $i -le $((600 * KTAP_SLOWDOWN)) ] ||
			fail "no thread of the run on CPU 1: $(cat /tmp/sfg.out)"
		sleep 0.1
	done
	sleep 2
	trap starve_restore EXIT
	starve_cpu1_ready
	taskset -c 1 chrt -f 50 sh -c 'while :; do :; done' &
	hog=$!
	# From CPU 0 (this shell may be on CPU 1, behind the spinner).
	taskset -c 0 sh -c "i=0; while kill -0 $pid 2>/dev/null &&
		[ \$i -lt $(((STARVED_MAX_S + 30) * KTAP_SLOWDOWN)) ]; do
		sleep 1; i=\$((i + 1)); done"
	sfg_gone "$pid" || fail "the run still waits for its starved thread"
	wait "$pid"
	rc=$?
	taskset -c 0 cat /tmp/sfg.out
	# Still starved: the thread is there, and so is the module.
	taskset -c 0 sh -c 'grep -qx kaesbench/cpu1 /proc/[0-9]*/comm 2>/dev/null' ||
		fail "the starved thread is gone before it got its CPU"
	taskset -c 0 rmmod kaesbench 2>/tmp/sfg.rmmod &&
		fail "kaesbench unloaded under its starved thread"
	starve_restore
	[ "$rc" -ne 0 ] || fail "the run succeeded without its thread"
	grep -q "its thread on CPU 1 did not get its CPU within ${STARVED_MAX_S}000 ms" \
		/tmp/sfg.out || fail "the run does not say why it ended"
	dmesg | tail -n +"$((marked + 1))" | grep -F 'kaesbench' >/tmp/sfg.dmesg
	cat /tmp/sfg.dmesg
	grep -q "on CPU 1 has waited ${STARVED_MAX_S}000 ms for its CPU" /tmp/sfg.dmesg ||
		fail "the kernel log does not say it"
	grep -E 'never completed|did not return' /tmp/sfg.dmesg &&
		fail "its driver was blamed"
	until_within 30 "the starved thread's exit" starve_no_threads
	kaesbench list | grep -F " $SOFT_AES " | grep -q given-up &&
		fail "$SOFT_AES listed as given up"
	kaesbench run -d "$SOFT_AES" -b 16 -t 10 -r 1 -w 0 >/tmp/sfg.out 2>&1 ||
		fail "$SOFT_AES is not served: $(cat /tmp/sfg.out)"
	unload kaesbench || fail "kaesbench stays loaded after its thread ran"
	echo "rmmod kaesbench: unloaded once the thread ran"
	insmod /opt/kaesbench/kaesbench.ko || fail "insmod kaesbench failed"
}

ktap_test "a measuring thread starved for good: the job ends after 60 s without it, saying why, its driver not blamed; rmmod works once it runs" \
	starved_for_good
