# SPDX-License-Identifier: GPL-2.0
# kaesbench-test: module=loaded check=6.12
# Unloading, reloading and autoloading. Leaves the module loaded, and the
# modules tree as it found it.

# A --cpus run stopped while both CPUs' threads measure: the tool exits,
# the threads end and the module is free again, whichever way it stops.
# (kaesbench/cpuN measure, bound to their CPU; the job's thread is
# kaesbench/ID.)
CPUS_RUN="-d $SOFT_AES --cpus all -b 4096 -t 5000 -r 1 -w 0 --no-verify"

cpu_threads() {
	cat /proc/[0-9]*/comm 2>/dev/null | grep -c '^kaesbench/cpu'
}

use_count() {
	awk '$1 == "kaesbench" { print $3 }' /proc/modules
}

both_cpus_busy() { [ "$(cpu_threads)" -ge 2 ]; }
no_cpu_threads() { [ "$(cpu_threads)" -eq 0 ]; }
# Exited, not yet reaped: a zombie (Z) still answers kill -0.
tool_gone() {
	state=$(awk '{ print $3 }' "/proc/$pid/stat" 2>/dev/null)
	[ -z "$state" ] || [ "$state" = Z ]
}
module_free() { [ "$(use_count)" = 0 ]; }

# start_cpus_run: the run of CPU 0 alone first, then both at once.
start_cpus_run() {
	# shellcheck disable=SC2086 # $CPUS_RUN is a word list
	kaesbench run $CPUS_RUN >/tmp/cpus-stop.out 2>&1 &
	pid=$!
	until_within 30 "threads on both CPUs" both_cpus_busy
	grep -H '^kaesbench/' /proc/[0-9]*/comm 2>/dev/null
}

# stop_cpus_run SIGNAL EXPECTED_EXIT
stop_cpus_run() {
	start_cpus_run
	kill "-$1" "$pid"
	until_within 10 "the tool exiting after SIG$1" tool_gone
	wait "$pid"
	rc=$?
	cat /tmp/cpus-stop.out
	echo "exit $rc after SIG$1"
	[ "$rc" -eq "$2" ] || fail "exit status $rc, expected $2"
	until_within 10 "the CPU threads ending" no_cpu_threads
	until_within 10 "the module's use count back to 0" module_free
}
ktap_test "--cpus all stopped by Ctrl-C: the tool exits, the CPU threads end, the module is free" \
	stop_cpus_run INT 130
ktap_test "--cpus all, the tool killed (socket closed): the CPU threads end, the module is free" \
	stop_cpus_run KILL 137

# A job's thread holds the module while it lives: rmmod during a run is
# refused, "in use", and the run goes on; once the tool is stopped, the
# job ends within about a second, and rmmod works.
rmmod_cpus_run() {
	start_cpus_run
	out=$(rmmod kaesbench 2>&1) && fail "rmmod worked during a --cpus run"
	echo "$out"
	echo "$out" | grep -q "in use" || fail "rmmod does not say in use"
	sleep 1
	tool_gone && fail "the run did not go on after rmmod was refused"
	both_cpus_busy || fail "the CPU threads did not go on"
	kill -INT "$pid"
	until_within 10 "the tool exiting after SIGINT" tool_gone
	wait "$pid"
	echo "tool exited $?"
	until_within 10 "the CPU threads ending" no_cpu_threads
	until_within 10 "the module's use count back to 0" module_free
	rmmod kaesbench || fail "rmmod failed once the run was over"
	insmod /opt/kaesbench/kaesbench.ko || fail "reload failed"
	module_free || fail "use count $(use_count) after reload"
	kaesbench run -d "$SOFT_AES" --cpus all -b 64 -t 5 -r 1 -w 0 \
		>/dev/null || fail "no --cpus run after reload"
}
ktap_test "rmmod during a --cpus all run is refused, the run goes on; once stopped, rmmod works" \
	rmmod_cpus_run

module_unloads() {
	unload kaesbench || fail "rmmod failed"
	! grep -q '^kaesbench ' /proc/modules || fail "still loaded"
	expect_failure 1 "not loaded" kaesbench list
}

module_reloads() {
	insmod /opt/kaesbench/kaesbench.ko || fail "second insmod failed"
	kaesbench list >/dev/null || fail "list after reload failed"
	unload kaesbench || fail "second rmmod failed"
}

module_autoloads() {
	dir=/lib/modules/$(uname -r)/extra
	mkdir -p "$dir" && cp /opt/kaesbench/kaesbench.ko "$dir/" &&
		depmod || fail "cannot install the module"
	kaesbench list >/dev/null || fail "list did not autoload the module"
	grep -q '^kaesbench ' /proc/modules || fail "module not loaded"
	rm -f "$dir/kaesbench.ko" && depmod || fail "cannot uninstall the module"
}

ktap_test "rmmod works" module_unloads
ktap_test "a second insmod works" module_reloads
ktap_test "a family lookup autoloads the installed module" module_autoloads
