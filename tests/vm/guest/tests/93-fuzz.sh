# SPDX-License-Identifier: GPL-2.0
# kaesbench-test: module=loaded check=6.12
# The netlink fuzzer (tests/tools/kaesbench-fuzz): FUZZ_COUNT mutated
# requests as root, then FUZZ_NOBODY_COUNT as nobody while root's 25 s
# sample runs on a synchronous SIMD implementation (the soft lockup
# watchdog, 20 s, panics the VM if that sample hogs a CPU). Afterwards the module
# must still list, run and verify, with reference counts and memory back
# at their baseline (memory.sh says what that sees). `make fuzz` runs this
# file alone with a larger FUZZ_COUNT.

. /tests/memory.sh

FUZZ_SEED=${FUZZ_SEED:-$(date +%s)}
# 100 000 messages take about 20 s under TCG.
FUZZ_COUNT=${FUZZ_COUNT:-100000}
FUZZ_NOBODY_COUNT=${FUZZ_NOBODY_COUNT:-50000}
# Seconds for the root part: make fuzz raises it with the count.
FUZZ_TIMEOUT=${FUZZ_TIMEOUT:-300}
# Unreclaimable slab may grow by this much: see memory.sh.
FUZZ_SLAB_TOLERANCE_KB=1024

fuzz_setup() {
	grep -q '^kaesbench ' /proc/modules ||
		insmod /opt/kaesbench/kaesbench.ko || fail "insmod failed"
	kaesbench-fuzz -w || fail "warm-up failed"
	mem_snapshot /tmp/fuzz.before
}

fuzz_as_root() {
	kaesbench-fuzz -s "$FUZZ_SEED" -n "$FUZZ_COUNT" >/tmp/fuzz.out 2>&1
	rc=$?
	cat /tmp/fuzz.out
	[ $rc -eq 0 ] || fail "the fuzzer failed"
	grep -q "^sent: $FUZZ_COUNT " /tmp/fuzz.out || fail "not everything sent"
}

fuzz_as_nobody() {
	# The root fuzzer's last job may still be stopping: its requests in
	# flight get up to a second (KAESBENCH_STOP_GRACE_MS).
	i=0
	until kaesbench run -d "$SOFT_AES" -b 16 -t 1 -r 1 -w 0 --no-verify \
		>/dev/null 2>&1; do
		i=$((i + 1))
		[ $i -gt $((50 * KTAP_SLOWDOWN)) ] && fail "no run could start 5 s after the fuzzer"
		sleep 0.1
	done
	kaesbench run -d ${CPU_CBC} -b 16384 -t 25000 -r 1 -w 0 \
		--no-verify --json >/tmp/long.json 2>&1 &
	pid=$!
	sleep 2
	kaesbench-fuzz -u 65534 -s "$((FUZZ_SEED + 1))" \
		-n "$FUZZ_NOBODY_COUNT" >/tmp/fuzz.out 2>&1
	rc=$?
	cat /tmp/fuzz.out
	[ $rc -eq 0 ] || fail "the fuzzer failed"
	grep -q '^jobs: 0 started' /tmp/fuzz.out ||
		fail "nobody started a run or verification"
	grep -q 'EPERM (1): [1-9]' /tmp/fuzz.out ||
		fail "nothing was refused for lack of privileges"
	wait $pid || { cat /tmp/long.json; fail "root's 25 s run failed"; }
	jq -e '.runs[0].samples | length == 1 and .[0].ops > 0' \
		/tmp/long.json >/dev/null ||
		fail "root's 25 s sample is missing"
	echo "root's 25 s sample: $(jq -r '.runs[0].summary[0].mbps_median' \
		/tmp/long.json) MB/s"
}

fuzz_still_works() {
	[ "$(kaesbench list --dump | wc -l)" -gt 0 ] || fail "nothing listed"
	kaesbench run -d ${CPU_CBC} -b 16,4096 -t 20 -r 2 -w 0 --json \
		>/tmp/run.json || fail "the run failed"
	jq -e '.runs[0].samples | length == 4 and all(.ops > 0)' /tmp/run.json \
		>/dev/null || fail "figures missing"
	jq -e '.runs[0].verified | .cases > 0 and .case == null' \
		/tmp/run.json >/dev/null || fail "the run's verification failed"
	kaesbench verify -d ${CPU_GCM} --cases 32 || fail "verify failed"
}

ktap_test "fuzzer: the module loaded, warmed up, a baseline taken" fuzz_setup
KTAP_TIMEOUT=$FUZZ_TIMEOUT ktap_test \
	"$FUZZ_COUNT mutated requests as root (seed $FUZZ_SEED)" fuzz_as_root
KTAP_TIMEOUT=150 ktap_test \
	"$FUZZ_NOBODY_COUNT as nobody, refused, during root's 25 s sample of ${CPU_CBC}" \
	fuzz_as_nobody
ktap_test "after fuzzing the module lists, runs and verifies" fuzz_still_works
ktap_test "after fuzzing: use count 0, counts and memory at the baseline, rmmod works" \
	mem_nothing_left /tmp/fuzz.before "$FUZZ_SLAB_TOLERANCE_KB"
