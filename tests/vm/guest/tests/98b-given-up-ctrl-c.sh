# SPDX-License-Identifier: GPL-2.0
# kaesbench-test: module=loaded order=last check=6.12
# Given up (given-up-lib.sh): a run stopped while a slow engine holds its
# requests; they are given up at the stop.

. /tests/given-up-lib.sh

# The requests of a run stopped while a slow engine holds 64 of 64 KiB
# each are given up 1 s after the stop, not after the 10 s timeout: the
# tool does not wait for them, the job ends, the next run starts, and they
# complete later, safely, into memory left to them and no larger than the
# run's.
ctrl_c_slow_engine() {
	gu_setup
	echo 5000 >"$GU_FAULTY_PARAMS/delay_ms" || fail "cannot set delay_ms"
	gu_set_fault late
	before=$(awk '$1 == "MemAvailable:" { print $2 }' /proc/meminfo)
	kaesbench run -d "$GU_CTRL_C" --depth 64 -b 65536 -t 30000 -r 1 -w 0 \
		--no-verify >/tmp/ctrl-c.out 2>&1 &
	pid=$!
	# Every request in flight, none completed: the first completes 5 s
	# after its submission.
	sleep 2
	start=$(now_cs)
	kill -INT "$pid"
	until_within 3 "the tool exiting after Ctrl-C" gu_gone "$pid"
	wait "$pid"
	rc=$?
	echo "exit $rc after $(($(now_cs) - start))0 ms"
	cat /tmp/ctrl-c.out
	[ "$rc" -eq 130 ] || fail "exit status $rc, expected 130"
	until_within 5 "the job's threads ending" gu_no_threads
	echo "the job ended $(($(now_cs) - start))0 ms after Ctrl-C"
	kaesbench run -d "$SOFT_AES" -b 16 -t 10 -r 1 -w 0 >/dev/null 2>&1 ||
		fail "another run refused once the job ended"
	gu_pinned "$GU_CTRL_C"
	dmesg | grep -F "to $GU_CTRL_C never" | sed -n 's/.*(\([0-9]*\) bytes left.*/\1/p' >/tmp/ctrl-c.left
	echo "left to the driver: $(cat /tmp/ctrl-c.left) bytes"
	# The completions, 5 s after each submission.
	sleep 5
	gu_set_fault none
	gu_no_reports
	after=$(awk '$1 == "MemAvailable:" { print $2 }' /proc/meminfo)
	echo "MemAvailable: $before kB before, $after kB after"
	# 64 requests of 64 KiB and what they need besides, with room.
	[ $((before - after)) -le 16384 ] ||
		fail "more than 16 MiB left behind"
}

ktap_test "Ctrl-C at depth 64 of 64 KiB on a slow engine: given up at the stop, not after 10 s; completed later, safely" \
	ctrl_c_slow_engine
