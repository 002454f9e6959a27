# SPDX-License-Identifier: GPL-2.0
# kaesbench-test: module=loaded check=6.12
# Storms (tests/tools/kaesbench-storm): runs stopped at random moments by
# cancel, closed socket, Ctrl-C and kill -9; rmmod during runs (refused:
# a job's thread holds the module) and after them; insmod and rmmod
# cycles; concurrent clients. Synchronous (aes-generic, aes-lib on 7.x;
# the CPU's cbc), asynchronous at depth 8 (virtio_crypto_aes_cbc) and aead
# (the CPU's gcm and rfc4106) implementations take turns. Then
# nothing may be left: module use count 0, rmmod works, reference counts
# and memory back to their baseline (memory.sh says what that sees).
#
# A copy of the module in the modules tree (90-lifecycle.sh's, should it
# have failed before taking it out) is taken out, so that only the storms
# load it.

. /tests/memory.sh

STORM_SEED=${STORM_SEED:-$(date +%s)}
# make check: 250 stops, 35 s under TCG on 6.x, 105 s on 7.2, whose
# stops after the tool is killed take longer; make fuzz runs more.
STORM_STOPS=${STORM_STOPS:-250}
STORM_UNLOADS=${STORM_UNLOADS:-50}
STORM_EARLY_UNLOADS=${STORM_EARLY_UNLOADS:-30}
STORM_CYCLES=${STORM_CYCLES:-100}
STORM_CLIENTS=8
STORM_SECONDS=${STORM_SECONDS:-15}
# The longest a stop may take, until the next run can start: the kernel
# stops a run within 100 ms, and waits up to 1 s more for requests in
# flight (kaesbench.h); TCG on a shared host stretches that, so the VM
# allows 3 s (Documentation/testing.rst). On 7.2, whose stops after the
# tool is killed took longest, two make check runs of 2026-12-04 with the
# fuzz harnesses rebuilt beside the VMs saw 2.7 s and 2.3 s (the next
# longest 2.1 to 2.6 s), all in a set-up slowed by modprobe runs for the
# missing aes-generic; asked once at load since, 101 ms at most in 120
# (design.rst). A wedged stop never ends.
STORM_BOUND_MS=3000
STORM_SPECS=$SOFT_AES,${CPU_CBC},virtio_crypto_aes_cbc:8,${CPU_GCM},${CPU_RFC4106}
STORM_MODULE=/opt/kaesbench/kaesbench.ko
# Unreclaimable slab may grow by this much: see memory.sh.
STORM_SLAB_TOLERANCE_KB=1024

storm_setup() {
	rm -f "/lib/modules/$(uname -r)/extra/kaesbench.ko" && depmod ||
		fail "cannot uninstall the module"
	grep -q '^kaesbench ' /proc/modules || insmod "$STORM_MODULE" ||
		fail "insmod failed"
	# What the storms instantiate (references, helpers), before the
	# baseline: a verification of each.
	for spec in $(echo "$STORM_SPECS" | tr , ' '); do
		kaesbench verify -d "${spec%%:*}" --cases 4 >/dev/null ||
			fail "verification of ${spec%%:*} failed"
	done
	mem_snapshot /tmp/storm.before
	echo "seed $STORM_SEED"
}

storm_stops() {
	kaesbench-storm stop -n "$STORM_STOPS" -d "$STORM_SPECS" \
		-b "$STORM_BOUND_MS" -s "$STORM_SEED"
}

storm_unloads() {
	kaesbench-storm unload -n "$STORM_UNLOADS" -d "$STORM_SPECS" \
		-k "$STORM_MODULE" -s "$STORM_SEED"
}

# rmmod straight after a start, before the job's thread first runs: the
# job holds the module from its start, so that rmmod is refused too, and
# the job, once stopped, still ends and frees what it holds. Real-time
# spinners on the other CPUs keep the thread off them, and the storm runs
# above them on CPU 0, so it happens nearly every time rather than once in
# a few hundred.
storm_early_unloads() {
	# Under PREEMPT_RT the spinners starve more than the job's thread:
	# interrupts are handled in threads at FIFO 50, RCU's threads run at
	# FIFO 1 and softirqs in ksoftirqd, so CPU 1 stops serving them and
	# rmmod's grace periods wait for the spinners' end (make
	# check-next, 2026-12-05: timed out, and the files after it behind
	# it); 98d skips for the same reason. What this case proves does not
	# depend on the preemption model.
	if uname -v | grep -q PREEMPT_RT; then
		echo "PREEMPT_RT: real-time spinners starve the kernel's interrupt, RCU and softirq threads, not just the job's"
		exit "$KSFT_SKIP"
	fi
	spinners=
	for cpu in $(seq 1 $(($(grep -c ^processor /proc/cpuinfo) - 1))); do
		# Bounded: a test that times out must not leave them spinning.
		chrt -f 50 taskset -c "$cpu" timeout 90 sh -c 'while :; do :; done' &
		spinners="$spinners $!"
	done
	chrt -f 60 taskset -c 0 kaesbench-storm unload \
		-n "$STORM_EARLY_UNLOADS" -d "$STORM_SPECS" -k "$STORM_MODULE" \
		-s "$STORM_SEED"
	status=$?
	# shellcheck disable=SC2086 # a list of pids
	[ -z "$spinners" ] || kill $spinners
	return $status
}

storm_cycles() {
	kaesbench-storm cycle -n "$STORM_CYCLES" -k "$STORM_MODULE"
}

storm_clients() {
	kaesbench-storm hammer -c "$STORM_CLIENTS" -t "$STORM_SECONDS" \
		-d "$STORM_SPECS" -s "$STORM_SEED"
}

ktap_test "storms: the module loaded, a baseline taken" storm_setup
# 1 000 stops took 141 s: a bound well over that.
KTAP_TIMEOUT=$((STORM_STOPS / 4 + 140)) ktap_test \
	"$STORM_STOPS runs stopped at random moments (cancel, close, Ctrl-C, kill -9), each within $STORM_BOUND_MS ms" \
	storm_stops
ktap_test "$STORM_UNLOADS rmmod during runs: refused, the run goes on; once it is stopped, rmmod works" \
	storm_unloads
ktap_test "$STORM_EARLY_UNLOADS rmmod before a started job's thread first runs: refused too; stopped, the job ends" \
	storm_early_unloads
ktap_test "$STORM_CYCLES insmod/rmmod cycles" storm_cycles
ktap_test "$STORM_CLIENTS clients list, run and cancel at once for $STORM_SECONDS s" \
	storm_clients
ktap_test "after the storms: use count 0, counts and memory at the baseline, rmmod works" \
	mem_nothing_left /tmp/storm.before "$STORM_SLAB_TOLERANCE_KB"
