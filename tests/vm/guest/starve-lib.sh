# SPDX-License-Identifier: GPL-2.0
#
# What the starvation files (48-starved-worker.sh, 48a-starved-for-good.sh)
# share: CPU 1 taken from every normal task by a SCHED_FIFO spinner, with
# real-time throttling off, the fair server off where it can be (amd64;
# arm64's 6.12 may WARN on the write, 98d-given-up-queued.sh says) and
# ksoftirqd/1 above the spinner (timers and RCU's softirqs, or CPU 1
# stalls); starve_restore puts all of it back, as a trap does.

STARVE_FAIR=/sys/kernel/debug/sched/fair_server/cpu1/runtime

# starve_preconditions: two CPUs (else the test skips, saying so), and
# kaesbench loaded.
starve_preconditions() {
	[ "$(grep -c ^processor /proc/cpuinfo)" -ge 2 ] || {
		echo "needs 2 CPUs"
		exit "$KSFT_SKIP"
	}
	grep -q '^kaesbench ' /proc/modules ||
		insmod /opt/kaesbench/kaesbench.ko || fail "insmod kaesbench failed"
}

# starve_thread NAME: the pid of the kernel thread of that name, if any.
starve_thread() {
	grep -lx "$1" /proc/[0-9]*/comm 2>/dev/null | head -n 1 | cut -d / -f 3
}

starve_no_threads() {
	! cat /proc/[0-9]*/comm 2>/dev/null | grep -q '^kaesbench/'
}

# starve_cpu1_ready: everything but the spinner; says what the fair
# server is left as.
starve_cpu1_ready() {
	cat /proc/sys/kernel/sched_rt_runtime_us >/tmp/starve.rt
	echo -1 >/proc/sys/kernel/sched_rt_runtime_us ||
		fail "cannot turn real-time throttling off"
	if [ -e $STARVE_FAIR ] && [ "$(uname -m)" = x86_64 ]; then
		cat $STARVE_FAIR >/tmp/starve.fair
		echo 0 >$STARVE_FAIR || fail "cannot turn the fair server off"
		echo "fair server of CPU 1 off (was $(cat /tmp/starve.fair) ns)"
	elif [ -e $STARVE_FAIR ]; then
		echo "fair server of CPU 1 left on ($(uname -m)): it gives normal tasks 50 ms a second"
	else
		echo "no fair server ($(uname -r))"
	fi
	softirqd=$(starve_thread ksoftirqd/1)
	chrt -f -p 70 "$softirqd" || fail "cannot make ksoftirqd/1 real-time"
}

# starve_restore: the spinner ($hog) ended, and CPU 1 as found.
starve_restore() {
	[ -n "${hog:-}" ] && kill "$hog" 2>/dev/null
	[ -n "${hog:-}" ] && wait "$hog" 2>/dev/null
	hog=
	[ -e /tmp/starve.rt ] &&
		cat /tmp/starve.rt >/proc/sys/kernel/sched_rt_runtime_us
	[ -e /tmp/starve.fair ] && cat /tmp/starve.fair >$STARVE_FAIR
	rm -f /tmp/starve.rt /tmp/starve.fair
	[ -n "${softirqd:-}" ] && chrt -o -p 0 "$softirqd"
}
