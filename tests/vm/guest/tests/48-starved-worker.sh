# SPDX-License-Identifier: GPL-2.0
# kaesbench-test: module=loaded check=6.12,6.1
# A worker that is runnable but does not get its CPU is late, not stuck: a
# real-time task hogging the CPU, with real-time throttling off, starves a
# synchronous implementation's measuring thread for 15 s, more than the
# 10 s a worker may be silent in a driver call. The worker is not lost:
# the run ends with its figures, nothing is given up, kaesbench still
# serves the implementation and unloads.
#
# From 6.12 the fair server gives normal tasks 50 ms of each second even
# under a real-time hog: turned off for the test where it can be (amd64;
# arm64's 6.12 may WARN on the write, 98d-given-up-queued.sh says), or the worker
# would show signs of life and the test prove nothing. The worker's CPU
# time over the hog is printed: what each kernel gave it.

. /tests/starve-lib.sh

# starve_runtime PID: its CPU time in ms (schedstat: ns on the CPU first).
starve_runtime() {
	awk '{ printf "%d\n", $1 / 1000000 }' "/proc/$1/schedstat" 2>/dev/null
}

starved_worker() {
	starve_preconditions
	marked=$(dmesg | wc -l)
	# The tool on CPU 0, the measuring thread bound to CPU 1; 25 s of
	# one sample, in which CPU 1 is taken from it for 15 s.
	taskset -c 0 kaesbench run -d "$SOFT_AES" --cpus 1 -b 16 -t 25000 \
		-r 1 -w 0 --no-verify >/tmp/starve.out 2>&1 &
	pid=$!
	i=0
	until worker=$(starve_thread kaesbench/cpu1) && [ -n "$worker" ]; do
		i=$((i + 1))
		[ $i -le $((300 * KTAP_SLOWDOWN)) ] || {
			cat /tmp/starve.out
			fail "no thread of the run on CPU 1"
		}
		sleep 0.1
	done
	sleep 2
	trap starve_restore EXIT
	starve_cpu1_ready
	before=$(starve_runtime "$worker")
	# timeout on CPU 0, a normal task: on CPU 1 it would wait behind
	# the spinner for good (the same real-time priority never preempts).
	taskset -c 0 timeout 15 taskset -c 1 chrt -f 50 \
		sh -c 'while :; do :; done' &
	hog=$!
	wait "$hog"
	hog=
	after=$(starve_runtime "$worker")
	starve_restore
	if [ -n "$after" ]; then
		echo "the worker's CPU time over the 15 s hog: $((after - before)) ms"
	else
		echo "the worker is gone"
	fi
	wait "$pid"
	rc=$?
	cat /tmp/starve.out
	[ "$rc" -eq 0 ] || fail "the run failed (exit $rc)"
	dmesg | tail -n +"$((marked + 1))" | grep -F 'kaesbench' |
		grep -E 'never completed|did not return' &&
		fail "a worker was given up"
	listed=$(kaesbench list | grep -F " $SOFT_AES ")
	echo "listed: $listed"
	echo "$listed" | grep -q given-up && fail "$SOFT_AES listed as given up"
	kaesbench run -d "$SOFT_AES" -b 16 -t 10 -r 1 -w 0 >/tmp/starve.out 2>&1 ||
		fail "$SOFT_AES is not served: $(cat /tmp/starve.out)"
	grep 'note:' /tmp/starve.out && fail "a notice after the run"
	i=0
	until starve_no_threads; do
		i=$((i + 1))
		[ $i -le $((100 * KTAP_SLOWDOWN)) ] || fail "the job's threads stay"
		sleep 0.1
	done
	rmmod kaesbench || fail "rmmod kaesbench failed"
	echo "rmmod kaesbench: unloaded"
	insmod /opt/kaesbench/kaesbench.ko || fail "insmod kaesbench failed"
}

ktap_test "a worker starved 15 s by a real-time hog on its CPU is not lost: the run ends, rmmod works" \
	starved_worker

GRACE_FAULTY=kaesbench_faulty_cbc_aes
GRACE_PARAMS=/sys/module/kaesbench_faulty/parameters

grace_held() {
	[ "$(cat $GRACE_PARAMS/held)" -ge 1 ]
}

grace_unload_faulty() {
	[ -d $GRACE_PARAMS ] || return 0
	echo none >$GRACE_PARAMS/fault
	unload kaesbench_faulty
}

# starve_cpu1_armed: CPU 1 ready to be taken (starve-lib.sh) by a spinner
# that waits, sleeping, for /tmp/starve.go.
starve_cpu1_armed() {
	rm -f /tmp/starve.go
	starve_cpu1_ready
	taskset -c 1 chrt -f 50 sh -c \
		'while [ ! -e /tmp/starve.go ]; do sleep 0.01; done; while :; do :; done' &
	hog=$!
}

# Ctrl-C while a request is in flight on an engine that holds it, then the
# measuring thread starved 5 s, then the engine completing the request. The
# stop's grace (1 s) is counted in the waits the thread made, not in wall
# time: the thread did not get its CPU, so it has not waited, and gives
# nothing up. (Counted in wall time, it woke 5 s after the stop, gave the
# request up at once, and a healthy driver was refused and kaesbench
# pinned until reboot.)
stop_grace_starved() {
	starve_preconditions
	insmod /opt/kaesbench/kaesbench_faulty.ko ||
		fail "cannot load kaesbench_faulty"
	marked=$(dmesg | wc -l)
	echo never >$GRACE_PARAMS/fault || fail "cannot set fault never"
	taskset -c 0 kaesbench run -d $GRACE_FAULTY --cpus 1 -b 16 -t 30000 \
		-r 1 -w 0 --no-verify >/tmp/grace.out 2>&1 &
	pid=$!
	until_within 60 "a request held by $GRACE_FAULTY" grace_held
	worker=$(starve_thread kaesbench/cpu1)
	[ -n "$worker" ] || fail "no measuring thread on CPU 1"
	trap starve_restore EXIT
	starve_cpu1_armed
	kill -INT "$pid"
	# The measuring thread sees the stop within a slice (20 ms) of the
	# job's, and waits on for the request: then it gets no CPU for 5 s,
	# and then waits 0.3 s more, its CPU back, before the engine
	# completes the request (in that time, counting in wall time, it gave
	# the request up). Of the grace, what passes before the spinner
	# starts and after it ends is counted: half a second. All from CPU 0,
	# which the spinner leaves alone.
	taskset -c 0 sh -c "sleep 0.2; touch /tmp/starve.go; sleep 5;
		kill $hog; sleep 0.3; echo none >$GRACE_PARAMS/fault" ||
		fail "cannot end the spinner and complete the request"
	wait "$hog"
	hog=
	starve_restore
	wait "$pid"
	rc=$?
	cat /tmp/grace.out
	[ "$rc" -eq 130 ] || fail "exit status $rc after Ctrl-C, expected 130"
	until_within 30 "the job's threads ending" starve_no_threads
	dmesg | tail -n +"$((marked + 1))" | grep -F 'kaesbench' |
		grep -E 'never completed|did not return' &&
		fail "a request was given up"
	kaesbench run -d $GRACE_FAULTY -b 16 -t 10 -r 1 -w 0 >/tmp/grace.out 2>&1 ||
		fail "$GRACE_FAULTY is not served: $(cat /tmp/grace.out)"
	grep 'note:' /tmp/grace.out && fail "a notice after the run"
	grace_unload_faulty || fail "cannot unload kaesbench_faulty"
	unload kaesbench || fail "rmmod kaesbench failed"
	echo "rmmod kaesbench: unloaded"
	insmod /opt/kaesbench/kaesbench.ko || fail "insmod kaesbench failed"
}

ktap_test "Ctrl-C with a request in flight, the measuring thread starved 5 s: the stop's grace counts its waits, nothing given up, the driver served, rmmod works" \
	stop_grace_starved
(grace_unload_faulty) >/dev/null 2>&1
