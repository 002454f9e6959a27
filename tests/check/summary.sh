#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make check's summary, from what its stages left in DIR
# (tests/check/stage.sh): each failed stage's log, named, and its last
# lines; then one line per stage, "NAME: ok|FAILED (T s)", in the order
# given; the VM stages' per-series lines (tests/vm/rig.sh check writes
# them to DIR/TARGET.summary); the wall time since tests/check/prepare.sh
# began; and "check: N passed, N failed". Fails if a stage did.
#
# A stage counts as its own "LABEL: N passed, N failed" lines where it
# prints them (each VM series prints two, the tests' own and the
# cpu-blacklisted boot's), as one test otherwise; a stage that failed
# with none of its counts failed counts one failure more.
#
# usage: tests/check/summary.sh DIR TARGET...

set -u

dir=$1
shift
passed=0
failed=0
lines=

for target; do
	log=$dir/$target.log
	if ! { [ -r "$dir/$target.result" ] &&
		read -r rc secs name <"$dir/$target.result"; }; then
		# The stage never ran to its end (its recipe could not start).
		rc=1 secs=0 name=$target
	fi
	counts=$(sed -n 's/^[^ ]*: \([0-9]*\) passed, \([0-9]*\) failed.*/\1 \2/p' \
		"$log" 2>/dev/null |
		awk '{ p += $1; f += $2 } END { if (NR) print p, f }')
	if [ -n "$counts" ]; then
		passed=$((passed + ${counts% *}))
		failed=$((failed + ${counts#* }))
		[ "$rc" -ne 0 ] && [ "${counts#* }" -eq 0 ] && failed=$((failed + 1))
	elif [ "$rc" -eq 0 ]; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
	fi
	if [ "$rc" -eq 0 ]; then
		result=ok
	else
		result=FAILED
		if [ -r "$log" ]; then
			echo "### $name: FAILED, $log ends:"
			tail -n 15 "$log" | sed 's/^/    /'
		else
			echo "### $name: FAILED, never ran (no $log)"
		fi
	fi
	lines="$lines$name: $result ($secs s)
"
done

echo "### summary"
printf '%s' "$lines"
for target; do
	[ -r "$dir/$target.summary" ] && cat "$dir/$target.summary"
done
echo "wall time: $(($(date +%s) - $(cat "$dir/started"))) s"
echo "check: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
