# SPDX-License-Identifier: GPL-2.0
# kaesbench-test: module=loaded
# A CPU taken offline during a --cpus run takes its thread's binding with
# it: the run must end, naming the CPU, rather than report another CPU's
# figures as its own; nothing is left behind, and the next run works.

HOTPLUG_CPU=/sys/devices/system/cpu/cpu1/online

# Waits up to 30 s for a thread named $1; 1 if it never came.
await_thread() {
	n=0
	while [ $n -lt 300 ]; do
		grep -qx "$1" /proc/[0-9]*/comm 2>/dev/null && return 0
		sleep 0.1
		n=$((n + 1))
	done
	return 1
}

cpu_offline_during_run() {
	[ -w $HOTPLUG_CPU ] || { echo "CPU 1 cannot go offline here"; exit "$KSFT_SKIP"; }
	# --cpus 0,1 measures CPU 0 alone first: CPU 1 gets its thread with
	# the run on both, which lasts 5 s, far longer than the wait below.
	echo "the software cipher: $SOFT_AES"
	kaesbench run -d "$SOFT_AES" --cpus 0,1 -b 1024 -t 200 -r 25 -w 0 \
		>/tmp/hotplug.out 2>&1 &
	pid=$!
	if ! await_thread kaesbench/cpu1; then
		kill "$pid"
		cat /tmp/hotplug.out
		fail "the run on both CPUs did not start"
	fi
	echo 0 >$HOTPLUG_CPU || fail "cannot take CPU 1 offline"
	wait "$pid"
	rc=$?
	echo 1 >$HOTPLUG_CPU || fail "cannot bring CPU 1 back"
	cat /tmp/hotplug.out
	[ "$rc" -eq 1 ] || fail "exit $rc, expected 1"
	grep -q "CPU 1 went offline during the run" /tmp/hotplug.out ||
		fail "the CPU was not named"
	if grep -qx 'kaesbench/cpu[0-9]*' /proc/[0-9]*/comm 2>/dev/null; then
		fail "a measuring thread is left"
	fi
	[ "$(cat /sys/module/kaesbench/refcnt)" -eq 0 ] ||
		fail "module use count $(cat /sys/module/kaesbench/refcnt)"
	kaesbench run -d "$SOFT_AES" --cpus all -b 1024 -t 20 -r 2 -w 0 \
		>/tmp/hotplug.out 2>&1 || { cat /tmp/hotplug.out; fail "the next run failed"; }
}
ktap_test "a CPU taken offline during a --cpus run: the run ends naming it" \
	cpu_offline_during_run
