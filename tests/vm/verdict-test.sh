#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Tests tests/vm/verdict.sh on made-up logs: a clean suite passes, the one
# allowed WARN and the debug kernel's start-up lines pass, every kind of
# kernel report the debug kernel prints fails; where gnuplot is installed,
# the sweep is plotted and a sweep that cannot be, or that shows no
# selected implementation, fails. No VM; a few seconds.
# The report lines are the first line of each report as 6.12 prints it.
#
# usage: tests/vm/verdict-test.sh   prints "verdict: N passed, N failed"

set -u

verdict=$(cd "$(dirname "$0")" && pwd)/verdict.sh
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
passed=0
failed=0

# The smallest results JSON the schema takes (the verdict wants one).
results='{"schema_version": 1, "kaesbench_version": "0.1.0",
 "protocol_version": 1, "implementations": [], "environment": {"time": null,
 "kernel": {"release": null, "version": null, "machine": null},
 "cpu": {"model": null, "cpus": null, "flags": null},
 "virtualization": {"detected": null, "cpuid_signature": null,
  "sys_vendor": null, "product_name": null}, "clocksource": null,
 "openssl": {"version": null, "cpu_settings": null, "capabilities": null},
 "module": {"error": "not loaded", "protocol_version": null, "version": null,
  "srcversion": null, "implementations": null}}}'

# A real run of a 6.12 VM stands for the sweep, which the verdict plots
# where gnuplot is installed.
sweep=$(jq -c . "$(dirname "$verdict")/../unit/data/run-6.12-cbc.json")

# judge WANT NAME CONSOLE_LINES [SWEEP]: a one-test suite that passed,
# with those console lines and that sweep document (default: $sweep, none
# if empty); WANT is pass or fail.
judge() {
	want=$1
	name=$2
	doc=${4-$sweep}
	{
		printf '%s\n' "KTAP version 1" \
			"# kaesbench-results-json: begin list"
		printf '%s\n' "$results" | sed 's/^/# /'
		printf '%s\n' "# kaesbench-results-json: end"
		[ -z "$doc" ] || printf '%s\n' \
			"# kaesbench-results-json: begin sweep" "# $doc" \
			"# kaesbench-results-json: end"
		printf '%s\n' "ok 1 something" "# taint: 0" "1..1" \
			"# kaesbench-vm: success"
	} >"$logs/output.log"
	printf '%s\n' "$3" >"$logs/console.log"
	if "$verdict" "$logs" test >"$logs/out" 2>&1; then got=pass; else got=fail; fi
	if [ "$got" = "$want" ]; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
		echo "verdict-test: $name: expected $want, got $got:"
		cat "$logs/out"
	fi
}

judge pass "clean boot" "Run /init as init process"
judge pass "debug kernel start-up lines" \
	"kasan: KernelAddressSanitizer initialized (generic)
rcu: 	RCU lockdep checking is enabled.
 memory used by lock dependency info: 6429 kB
kmemleak: Kernel memory leak detector initialized (mem pool available: 12003)"
judge pass "the one WARN of virtio-crypto's RSA self-test" \
	"------------[ cut here ]------------
alg: self-tests for rsa using virtio-crypto-rsa failed (rc=-22)
WARNING: CPU: 0 PID: 65 at crypto/testmgr.c:5928 alg_test+0x6c9/0xaa0
Call Trace:
---[ end trace 0000000000000000 ]---"

judge fail KASAN \
	"BUG: KASAN: slab-out-of-bounds in bugs_init+0x1be/0x1000 [kaesbench_bugs]"
judge fail "KASAN use-after-free" \
	"BUG: KASAN: slab-use-after-free in job_free+0x40/0x80 [kaesbench]"
judge fail "kmemleak scan" \
	"kmemleak: 1 new suspected memory leaks (see /sys/kernel/debug/kmemleak)"
judge fail "kmemleak object" "unreferenced object 0xff11000006c10800 (size 128):"
judge fail "lockdep circular" \
	"WARNING: possible circular locking dependency detected"
judge fail "lockdep inconsistent" "WARNING: inconsistent lock state"
judge fail "lockdep irq inversion" \
	"WARNING: possible irq lock inversion dependency detected"
judge fail "lockdep RCU" "WARNING: suspicious RCU usage"
judge fail UBSAN "UBSAN: shift-out-of-bounds in kmod/bench.c:29:2"
judge fail DEBUG_OBJECTS \
	"ODEBUG: free active (active state 0) object: 00000000a1b2c3d4 object type: timer_list hint: job_timeout+0x0/0x40 [kaesbench]"
judge fail "sleeping in atomic context" \
	"BUG: sleeping function called from invalid context at kernel/locking/mutex.c:585"
judge fail "scheduling while atomic" \
	"BUG: scheduling while atomic: insmod/118/0x00000002"
judge fail "hung task" "INFO: task kaesbench:120 blocked for more than 120 seconds."
judge fail "soft lockup" \
	"watchdog: BUG: soft lockup - CPU#0 stuck for 26s! [kaesbench-run:130]"
judge fail "RCU stall" "rcu: INFO: rcu_preempt detected stalls on CPUs/tasks:"
judge fail "a second WARN of the RSA self-test" \
	"------------[ cut here ]------------
alg: self-tests for rsa using virtio-crypto-rsa failed (rc=-22)
WARNING: CPU: 0 PID: 65 at crypto/testmgr.c:5928 alg_test+0x6c9/0xaa0
---[ end trace 0000000000000000 ]---
------------[ cut here ]------------
alg: self-tests for rsa using virtio-crypto-rsa failed (rc=-22)
WARNING: CPU: 0 PID: 66 at crypto/testmgr.c:5928 alg_test+0x6c9/0xaa0
---[ end trace 0000000000000000 ]---"

if command -v gnuplot >/dev/null; then
	judge pass "the sweep plotted" "" "$sweep"
	[ -s "$logs/plot-test.svg" ] || {
		failed=$((failed + 1))
		echo "verdict-test: no plot-test.svg"
	}
	judge fail "no sweep document to plot" "" ""
	judge fail "a sweep without a selected implementation" "" \
		"$(echo "$sweep" | jq -c '.runs[].selected = false')"
fi

echo "verdict: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
