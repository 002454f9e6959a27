# SPDX-License-Identifier: GPL-2.0
# kaesbench-test: module=loaded order=last
# kaesbench ipsec on a machine that is not only its own: one at a time (a
# second waits its turn, or fails with --no-wait or past --wait, in run's
# words and exit status), and no priority raised while another user holds
# an SA of the transform (an IKE rekey meanwhile would get kaesbench's
# chain): that implementation is not measured, saying why, unless
# --force-raise. Starts as 64-ipsec leaves the machine, and leaves it so:
# no kaesbench running, its lock file gone, this file's own namespace and
# SA gone, every priority as it was.
#
# Last (order=last), after 64-ipsec: an SA's state freed late keeps esp4
# and the CPU's AES module in use, which the files that unload them
# (85-doctor, 87-doctor-esp) must not meet.
#
# Nothing here bounds a time: the run that holds the turn is stopped
# (SIGSTOP) while the others meet it, and what is asserted is who waited
# for whom and how each ended.

# shellcheck disable=SC2086 # $QUICK is a word list
QUICK="-a aes128gcm16 -b 64 -t 100 -r 1 --no-ceiling"
TURN_LOCK=/run/kaesbench/path.lock
ESP_NAME='seqiv(rfc4106(gcm(aes)))'
# The other user's SA: rfc4106(gcm(aes)) with a 128-bit key and its salt.
OTHER_KEY=0x000102030405060708090a0b0c0d0e0f10111213

# holds_turn PID: PID holds an flock (the turn's, the only one it takes).
holds_turn() {
	awk -v pid="$1" '$2 == "FLOCK" && $5 == pid { found = 1 }
		END { exit !found }' /proc/locks
}

# priorities: every driver's priority, as 64-ipsec's machine_state reads it.
priorities() {
	awk '/^name/ { n = $3 } /^driver/ { d = $3 } /^priority/ { print d, n, $3 }' \
		/proc/crypto | sort
}

# esp_refcnts: the drivers of ESP's rfc4106 name and their reference counts.
esp_refcnts() {
	awk -v name="$ESP_NAME" '/^name/ { n = $3 } /^driver/ { d = $3 }
		/^refcnt/ && n == name { print d, $3 }' /proc/crypto
}

# esp_held: another user holds a transform of ESP's name (a count past
# its registration's one).
esp_held() {
	esp_refcnts | awk '$2 > 1 { found = 1 } END { exit !found }'
}

esp_not_held() {
	! esp_held
}

# priorities_kept: every driver registered before has its priority still.
priorities_kept() {
	priorities >/tmp/priorities.after
	awk 'NR == FNR { was[$1] = $3; next }
		($1 in was) && was[$1] != $3 { print "priority changed:", $1, was[$1], "->", $3; bad = 1 }
		END { exit bad }' /tmp/priorities.before /tmp/priorities.after
}

# first_start: a kaesbench ipsec that takes the turn, then is stopped
# holding it (SIGSTOP) until first_go.
first_start() {
	kaesbench ipsec $QUICK --json >/tmp/first.json 2>/tmp/first.err &
	first=$!
	until_within 60 "the first kaesbench ipsec took its turn" \
		holds_turn "$first"
	kill -STOP "$first"
}

first_go() {
	[ -n "${first:-}" ] || return 0
	kill -CONT "$first" 2>/dev/null
	wait "$first"
	first_rc=$?
	first=
}

# turns_left_nothing: every kaesbench gone, the turn's file with them.
turns_left_nothing() {
	until_within 30 "kaesbench and its guard gone" \
		sh -c '! grep -qx kaesbench /proc/[0-9]*/comm 2>/dev/null'
	[ ! -e "$TURN_LOCK" ] || fail "$TURN_LOCK left behind"
}

# Behind a run in progress: --no-wait fails at once, --wait 1 after it,
# as run's do (exit 1, "another ... is in progress", "waited N s for ...,
# still in progress"); a waiter's Ctrl-C ends it (130). None of them
# takes the turn, and the first ends as it would have.
turns_refused() {
	trap first_go EXIT
	first_start
	expect_failure 1 "kaesbench ipsec: another ipsec run is in progress (pid $first, kaesbench): Device or resource busy" \
		kaesbench ipsec $QUICK --no-wait || return 1
	expect_failure 1 "kaesbench ipsec: waited [0-9]* s for ipsec run (pid $first, kaesbench), still in progress: Device or resource busy" \
		kaesbench ipsec $QUICK --wait 1 || return 1
	kaesbench ipsec $QUICK >/dev/null 2>/tmp/waiter.err &
	waiter=$!
	until_within 60 "the waiter said whose turn it waits for" \
		grep -q "^kaesbench: waiting for ipsec run of pid $first (kaesbench): " \
		/tmp/waiter.err
	! holds_turn "$waiter" || fail "the waiter holds a turn"
	kill -INT "$waiter"
	wait "$waiter"
	rc=$?
	cat /tmp/waiter.err
	[ "$rc" -eq 130 ] || fail "the waiter exited $rc after SIGINT, not 130"
	holds_turn "$first" || fail "the first lost its turn"
	first_go
	cat /tmp/first.err
	[ "$first_rc" -eq 0 ] || fail "the first exited $first_rc"
	turns_left_nothing
}
ktap_test "ipsec: behind another, --no-wait and a --wait run out fail with exit 1 in run's words, Ctrl-C 130" \
	turns_refused

# Behind a run in progress, a second one (default: until it ends) says
# whose turn it waits for, holds none while it does, and starts once the
# first has ended: both valid.
turns_waited() {
	trap first_go EXIT
	first_start
	kaesbench ipsec $QUICK --json >/tmp/second.json 2>/tmp/second.err &
	second=$!
	until_within 60 "the second said whose turn it waits for" \
		grep -q "^kaesbench: waiting for ipsec run of pid $first (kaesbench): " \
		/tmp/second.err
	! holds_turn "$second" || fail "the second holds a turn while waiting"
	[ ! -s /tmp/second.json ] || fail "the second printed results while waiting"
	first_go
	wait "$second"
	rc=$?
	cat /tmp/first.err /tmp/second.err
	[ "$first_rc" -eq 0 ] || fail "the first exited $first_rc"
	[ "$rc" -eq 0 ] || fail "the second exited $rc"
	print_document ipsec-second /tmp/second.json
	for f in /tmp/first.json /tmp/second.json; do
		jq -e '.ipsec | length == 1 and all(.[]; .state == "valid")' \
			"$f" >/dev/null || fail "$f: not one valid implementation"
	done
	turns_left_nothing
}
ktap_test "ipsec: behind another, a second waits its turn, saying whose, and both are valid" \
	turns_waited

# other_start: an SA of another user, in a namespace of this file's own
# held by a sleeping shell, as an IKE daemon's SA would be.
other_start() {
	unshare -n sh -c "/sbin/ip xfrm state add src 10.65.0.1 dst 10.65.0.2 proto esp spi 0x6565 mode tunnel aead 'rfc4106(gcm(aes))' $OTHER_KEY 128 && exec sleep 3600" &
	other=$!
	until_within 30 "the other user's SA got a transform" esp_held
	esp_refcnts
}

# other_stop: its SA deleted before its namespace goes (a namespace torn
# down with an SA in it kept the SA's transform on 7.2), and its transform
# freed.
other_stop() {
	[ -n "${other:-}" ] || return 0
	nsenter -n -t "$other" /sbin/ip xfrm state flush
	kill "$other"
	wait "$other" 2>/dev/null
	other=
	until_within 30 "the other user's transform freed" esp_not_held
}

# The reference's chain, which is not the selected one: what the SA of
# the other user got must be raised over it.
raise_refused() {
	trap other_stop EXIT
	priorities >/tmp/priorities.before
	other_start
	driver=$(soft_gcm)
	kaesbench ipsec -a aes128gcm16 -d "$driver" -b 64 -t 100 -r 1 \
		--no-ceiling --json >/tmp/refused.json 2>/tmp/refused.err
	rc=$?
	cat /tmp/refused.err
	print_document ipsec-refused /tmp/refused.json
	jq -r '.ipsec[] | "\(.driver) \(.state) \(.message)"' /tmp/refused.json
	[ "$rc" -eq 1 ] || fail "exit $rc, not 1"
	jq -e --arg n "$ESP_NAME" '.ipsec | length == 1 and .[0].state == "failed" and
		(.[0].message | startswith("another user holds 1 transform of " + $n)) and
		(.[0].message | contains("priority would hand it to any SA made meanwhile; not measured; --force-raise to accept that")) and
		(.[0].sas | length == 0) and (.[0].points | length == 0)' \
		/tmp/refused.json >/dev/null || fail "not refused with the reason"
	esp_held || fail "the other user's SA lost its transform"
	priorities_kept || fail "a priority changed"
	# With --force-raise: measured, saying what it does.
	kaesbench ipsec -a aes128gcm16 -d "$driver" -b 64 -t 100 -r 1 \
		--no-ceiling --force-raise --json >/tmp/forced.json \
		2>/tmp/forced.err
	rc=$?
	cat /tmp/forced.err
	print_document ipsec-forced /tmp/forced.json
	[ "$rc" -eq 0 ] || fail "--force-raise: exit $rc, not 0"
	grep -q "another user holds 1 transform of .*all the same (--force-raise)" \
		/tmp/forced.err || fail "--force-raise did not say what it accepted"
	jq -e '.ipsec[0].state == "valid" and
		any(.ipsec[0].sas[]; .priority_raised != null) and
		all(.ipsec[0].sas[]; .proved)' /tmp/forced.json >/dev/null ||
		fail "--force-raise: not measured with its SAs raised and proved"
	other_stop
	turns_left_nothing
}
ktap_test "ipsec: another user's SA of the transform: no raise, not measured, exit 1, priorities unchanged; --force-raise measures" \
	raise_refused

# Bad input: exit 2 before the turn is asked for.
turns_bad_wait() {
	for w in -1 abc 1.5 86401 ''; do
		expect_failure 2 "kaesbench ipsec: --wait: \"$w\" is not a number of seconds" \
			kaesbench ipsec --wait "$w" || return 1
	done
	[ ! -e "$TURN_LOCK" ] || fail "$TURN_LOCK made"
}
ktap_test "ipsec: --wait negative, not a number or past a day: exit 2" \
	turns_bad_wait
