# SPDX-License-Identifier: GPL-2.0
# kaesbench-test: module=loaded order=last check=6.1
# Given up (given-up-lib.sh): a request a driver never completes, during a
# run and during a verification, each to a copy of the faulty driver of its
# own; then, with requests held, rmmod is refused, and leaving the fault
# completes them into the memory kaesbench left.

# shellcheck disable=SC2034 # rc, took and held are given_up_run's
. /tests/given-up-lib.sh

# Switched on during a sample: every slot ends up held, the oldest waited for.
never_run() {
	gu_setup
	held=$(gu_count held)
	gu_set_fault none
	kaesbench run -d "$GU_NEVER_RUN" -b 4096 -t 30000 -r 1 -w 0 --depth 4 \
		--no-verify >/tmp/faulty.out 2>&1 &
	pid=$!
	sleep 1
	gu_set_fault never
	start=$(now_cs)
	gu_waited "$pid" /tmp/faulty.out
	given_up_run
	gu_pinned "$GU_NEVER_RUN"
}

never_verify() {
	gu_setup
	held=$(gu_count held)
	gu_set_fault never
	start=$(now_cs)
	out=$(kaesbench verify -d "$GU_NEVER_VERIFY" --cases 4 2>&1)
	rc=$?
	took=$(($(now_cs) - start))
	given_up_run
	gu_pinned "$GU_NEVER_VERIFY" "a verification request"
}

# The driver completes what it held into the memory kaesbench left it,
# transforms included, while rmmod is refused: no use after free, and no
# call into kaesbench's code, which crypto_req_done() does not need.
never_released() {
	gu_setup
	[ "$(gu_count held)" -gt 0 ] || fail "the driver holds nothing"
	out=$(rmmod kaesbench 2>&1) && fail "rmmod worked with requests held"
	echo "$out"
	gu_set_fault none
	until_within 5 "the held requests completing" gu_none_held
	held=$(gu_count held)
	echo "held after leaving never: $held"
	kaesbench run -d "$GU_FAULTY" --depth 8 -b 64,4096 -t 20 -r 2 -w 0 \
		--json >/tmp/faulty.json 2>/tmp/faulty.err ||
		fail "the next run failed: $(cat /tmp/faulty.err)"
	jq -e '.runs[0] | .state == "ended" and .status == 0 and
		(.samples | length == 4)' /tmp/faulty.json >/dev/null ||
		fail "no figures from the next run"
	gu_no_reports
}

ktap_test "fault never, during a run: given up after 10 s, kaesbench pinned" \
	never_run
ktap_test "fault never, verify: given up after 10 s, kaesbench pinned" \
	never_verify
ktap_test "rmmod refused with requests held; leaving never completes them" \
	never_released
