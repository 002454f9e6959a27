# SPDX-License-Identifier: GPL-2.0
# kaesbench-test: module=loaded order=last check=6.12
# Given up (given-up-lib.sh): a synchronous driver call that does not
# return, while nothing else of the machine waits for it.

. /tests/given-up-lib.sh

gu_some_wedged() {
	[ "$(gu_count wedged)" -gt 0 ]
}

# genl_churn N: opens and closes N generic netlink sockets, one after the
# other (a family lookup and a list each), writing a line for each done.
genl_churn() {
	: >/tmp/churn.done
	i=0
	while [ $i -lt "$1" ]; do
		kaesbench-nlprobe -d 0 >/dev/null 2>&1
		echo $i >>/tmp/churn.done
		i=$((i + 1))
	done
}

churned() {
	[ "$(wc -l </tmp/churn.done)" -ge "$1" ]
}

# A driver call that does not return: the job's thread waits for its
# worker with bounded waits, gives the call up after 10 s, and nothing
# else of the machine waits for it: rmmod is refused at once, generic
# netlink sockets open and close. Switched off, the call returns and its
# thread exits. Each problem is noted, and the call let go, before the
# verdict: what blocks on the wedged call is part of the report.
wedged_call() {
	gu_setup
	trap 'gu_set_fault none' EXIT
	problems=
	gu_set_fault none
	kaesbench run -d "$GU_WEDGE" -b 4096 -t 30000 -r 1 -w 0 --no-verify \
		>/tmp/wedge.out 2>&1 &
	pid=$!
	sleep 1
	gu_set_fault wedge
	until_within 5 "a call wedged" gu_some_wedged
	start=$(now_cs)
	gu_threads
	genl_churn 20 &
	churn=$!
	rmmod kaesbench >/tmp/wedge-rmmod.out 2>&1 &
	unload=$!
	sleep "$KTAP_SLOWDOWN"
	if ! gu_gone "$unload"; then
		problems="$problems; rmmod did not return within $KTAP_SLOWDOWN s"
	elif wait "$unload"; then
		problems="$problems; rmmod worked with a call wedged"
	fi
	cat /tmp/wedge-rmmod.out
	i=0
	until churned 20 || [ $i -gt $((100 * KTAP_SLOWDOWN)) ]; do
		i=$((i + 1))
		sleep 0.1
	done
	echo "$(wc -l </tmp/churn.done) of 20 generic netlink sockets opened and closed in $(($(now_cs) - start))0 ms"
	if churned 20; then
		wait "$churn"
	else
		problems="$problems; generic netlink sockets hang"
	fi
	i=0
	until gu_gone "$pid" || [ $i -gt $((200 * KTAP_SLOWDOWN)) ]; do
		i=$((i + 1))
		sleep 0.1
	done
	if gu_gone "$pid"; then
		wait "$pid"
		rc=$?
		echo "the run: exit $rc after $(($(now_cs) - start))0 ms, $(gu_count wedged) call wedged"
		cat /tmp/wedge.out
		[ "$rc" -eq 1 ] || problems="$problems; exit status $rc, expected 1"
		grep -qF "a synchronous call to $GU_WEDGE did not return within 10000 ms" \
			/tmp/wedge.out ||
			problems="$problems; no message about the synchronous call"
		[ "$(gu_count wedged)" -gt 0 ] ||
			problems="$problems; the call is not wedged any more"
	else
		problems="$problems; the run did not end within 20 s of the wedged call"
	fi
	if [ -n "$problems" ]; then
		echo "threads: $(gu_threads | tr '\n' ' ')"
		gu_set_fault none
		sleep 2
		echo "after letting the call go: rmmod $(gu_gone "$unload" && echo returned || echo "still blocked"), $(wc -l </tmp/churn.done) of 20 sockets, threads: $(gu_threads | tr '\n' ' ')"
		fail "${problems#; }"
	fi
	gu_pinned "$GU_WEDGE" "a synchronous call"
	echo "threads, with the call still wedged: $(gu_threads | tr '\n' ' ')"
	gu_set_fault none
	until_within 5 "the wedged thread exiting" gu_no_threads
	gu_no_reports
}

ktap_test "a wedged driver call: given up after 10 s; rmmod refused and genl sockets work meanwhile" \
	wedged_call
