# SPDX-License-Identifier: GPL-2.0
# kaesbench-test: module=loaded order=last
# kaesbench ipsec killed at the worst moment, a priority raised to make an
# SA: SIGKILL of kaesbench (its guard puts everything back), of its whole
# process group (the guard, in a session of its own, is spared), of its
# whole cgroup, the guard too (the next run, whatever its command, puts
# back what the record under /run/kaesbench says); and killed while
# measuring. Each leaves the machine as found, and every SA's state is
# freed after. Split from 64-ipsec.sh, which make check runs on every
# series: what this proves is the tool's guard and record, which no
# kernel changes, on the newest kernel and Debian 12's (the default).
#
# Last (order=last), after 64-ipsec.sh, for the reason it gives.

. /tests/ipsec-lib.sh

# shellcheck disable=SC2086 # $QUICK and $raise are word lists

ESP_RFC4106='seqiv(rfc4106(gcm(aes)))'

# await_raise PID: polls /proc/crypto, one awk reading it over and over,
# until a priority kaesbench raised is seen, and prints it ("DRIVER
# RAISED_TO BUILT_ON ITS_PRIORITY"): a driver of ESP's name above the
# driver it is built on, whose priority an IV generator's instance has as
# the kernel makes it. The raise lasts as long as one SA takes to make:
# it is told as soon as its entry is read, against the priorities of the
# pass before (the drivers built on come after their instances, and are
# never raised). Fails once PID has ended without one.
await_raise() {
	awk -v esp="$ESP_RFC4106" -v stat="/proc/$1/stat" 'BEGIN {
		for (pass = 0; ; pass++) {
			# Each entry once read whole; a larval (priority -1,
			# a driver being made or tested) is left out.
			while ((getline line < "/proc/crypto") > 0) {
				split(line, f, " ")
				if (f[1] == "name")
					n = f[3]
				else if (f[1] == "driver")
					d = f[3]
				else if (f[1] == "priority")
					p = f[3]
				else if (f[1] == "type")
					t = f[3]
				else if (line == "" && t != "larval") {
					prio[d] = p
					inner = d
					sub(/^[^(]*\(/, "", inner)
					sub(/\)$/, "", inner)
					if (n == esp && (inner in prio) &&
					    p + 0 > prio[inner] + 0) {
						print d, p, inner, prio[inner]
						exit 0
					}
				}
				if (line == "")
					n = d = p = t = ""
			}
			close("/proc/crypto")
			# Gone, or a zombie: its state after "(comm)".
			if (pass && (getline line < stat) <= 0)
				exit 1
			close(stat)
			sub(/^.*\) /, "", line)
			if (pass && line ~ /^Z/)
				exit 1
		}
	}'
}

# raised_now: a raise there now, as await_raise prints it, or fails.
raised_now() { await_raise 0; }

# kill_at_raise PID KILLER: when await_raise sees a raise, stops PID
# (kaesbench; its guard, told nothing meanwhile, changes nothing), and if
# the raise is still there, runs KILLER (a function); else lets PID go on
# and waits for the next. Says which raise it killed at. Fails if PID
# ended without a raise seen.
kill_at_raise() {
	while raise=$(await_raise "$1"); do
		kill -STOP "$1"
		if [ "$(raised_now | cut -d ' ' -f 1,2)" = \
			"$(echo "$raise" | cut -d ' ' -f 1,2)" ]; then
			set -- $raise "$2"
			echo "killed at a raise: $1 at priority $2, above $3's $4"
			"$5"
			return 0
		fi
		kill -CONT "$1"
	done
	return 1
}

# esp_refs: each driver of ESP's name and its reference count.
esp_refs() {
	awk -v esp="$ESP_RFC4106" '/^name/ { n = $3 } /^driver/ { d = $3 }
		/^refcnt/ && n == esp { print d, $3 }' /proc/crypto | sort
}

# refs_back: no driver of ESP's name held more than in /tmp/sa.refs
# (one, its registration's, if it was not registered then).
refs_back() {
	esp_refs | awk 'FILENAME != "-" { was[$1] = $2; next }
		$2 > (($1 in was) ? was[$1] : 1) { bad = 1 } END { exit bad }' \
		/tmp/sa.refs -
}

# sa_gets: the driver an ESP SA that iproute2 makes now gets, as a
# strongSwan would make it: in a namespace of its own, with the kernel's
# choice; read from the reference counts in /proc/crypto (the SA holds one
# more on it, and on no other of ESP's name). The SA goes with the
# namespace, and its transform is waited for.
sa_gets() {
	esp_refs >/tmp/sa.refs
	unshare -n sh -c '/sbin/ip xfrm state add src 10.213.9.1 \
		dst 10.213.9.2 proto esp spi 0x4242 mode tunnel \
		aead "rfc4106(gcm(aes))" \
		0x0102030405060708090a0b0c0d0e0f1011121314 128 &&
		cat /proc/crypto' >/tmp/sa.crypto || fail "iproute2 made no SA"
	awk -v esp="$ESP_RFC4106" '/^name/ { n = $3 } /^driver/ { d = $3 }
		/^refcnt/ && n == esp { print d, $3 }' /tmp/sa.crypto |
		awk 'FILENAME != "-" { was[$1] = $2; next }
			$2 - (($1 in was) ? was[$1] : 1) == 1 { print $1 }' \
			/tmp/sa.refs - >/tmp/sa.got
	[ "$(wc -l </tmp/sa.got)" -eq 1 ] || {
		awk -v esp="$ESP_RFC4106" '/^name/ { n = $3 } /^driver/ { d = $3 }
			/^refcnt/ && n == esp { print d, $3 }' /tmp/sa.crypto
		cat /tmp/sa.refs
		fail "not one driver's count rose by one: $(cat /tmp/sa.got)"
	}
	until_within 30 "the SA's transform freed" refs_back
	cat /tmp/sa.got
}

# priority_of DRIVER: its priority in /proc/crypto, or "unregistered".
priority_of() {
	awk -v d="$1" '/^driver/ { x = $3 } /^priority/ && x == d { p = $3 }
		END { print (p == "" ? "unregistered" : p) }' /proc/crypto
}

# The runs killed at a raise run in a cgroup of their own (KILL_CG), for
# cgroup.kill. They are not throttled with cpu.max: on Linux 7.2 under
# TCG, switching the CFS bandwidth static key on and off (cpu.max set,
# then "max") panicked the kernel (int3 in update_curr() while the key's
# code was patched). A raise lasts as long as one SA takes to make, so a
# run may end without one seen: it is tried again (at_raise).
KILL_CG=kb-ipsec
make_kill_cgroup() {
	grep -q " $CGROOT cgroup2 " /proc/mounts ||
		mount -t cgroup2 none $CGROOT || fail "cannot mount cgroup2"
	cg_new $KILL_CG
}
drop_cgroup() {
	until_within 30 "the cgroup emptied" \
		grep -q "populated 0" "$CGROOT/$KILL_CG/cgroup.events"
	rmdir "$CGROOT/$KILL_CG"
}

# The run killed: every implementation, in KILL_CG. Started
# as one command, so that PID is kaesbench's (cg_run is a function: in
# the background it would be a shell of its own, kaesbench its child).
start_run() {
	sh -c 'echo $$ >"$0" && exec "$@"' "$CGROOT/$KILL_CG/cgroup.procs" \
		kaesbench ipsec --all-impls -a aes128gcm16 $QUICK --no-ceiling \
		>/tmp/ipsec.out 2>&1 &
	pid=$!
}
# The same, in a process group and session of its own, as a service
# manager or timeout(1) starts it: busybox's setsid runs it in place where
# the shell's job is no group leader (a shell without job control).
start_setsid() {
	sh -c 'echo $$ >"$0" && exec "$@"' "$CGROOT/$KILL_CG/cgroup.procs" \
		setsid kaesbench ipsec --all-impls -a aes128gcm16 $QUICK \
		--no-ceiling >/tmp/ipsec.out 2>&1 &
	pid=$!
	until_within 60 "kaesbench started" \
		grep -qx kaesbench "/proc/$pid/comm"
	pgid=$(sed 's/^.*) //' "/proc/$pid/stat" | cut -d ' ' -f 3)
	[ "$pgid" = "$pid" ] || fail "kaesbench is not its group's leader"
}

# at_raise START KILLER: runs START (it sets pid) and kills at a raise
# (kill_at_raise); a run that ended without a raise seen is tried again,
# four times. A raise lasts as long as making one SA takes: where five
# runs went by without one seen (arm64 under TCG, whose emulation is the
# slowest, once the runs were no longer slowed with cpu.max, which
# panicked 7.2's kernel), the test skips, saying so, the machine as
# found: nothing was killed.
at_raise() {
	for try in 1 2 3 4 5; do
		"$1"
		kill_at_raise "$pid" "$2" && return 0
		wait "$pid"
		wait_gone
		echo "# run $try ended without a raise seen"
	done
	echo "no raise seen in 5 runs on $(uname -m) $(uname -r): not tested here"
	exit "$KSFT_SKIP"
}

# as_before DRIVER: the machine as machine_state found it, no record
# left, and an SA made now gets DRIVER, as before the run.
as_before() {
	unchanged "$RFC4106_LAYERS"
	no_record_left
	after=$(sa_gets) || fail "$after"
	echo "after: an SA made now gets $after"
	[ "$after" = "$1" ] || fail "the SA got $after, not $1"
}

kill_kaesbench() { kill -KILL "$pid"; }
kill_group() { kill -KILL "-$pid"; }
kill_cgroup() { echo 1 >"$CGROOT/$KILL_CG/cgroup.kill"; }

sigkill_leaves_nothing() {
	machine_state >/tmp/state.before
	# Killed at the worst moment: a priority raised to make an SA.
	make_kill_cgroup
	at_raise start_run kill_kaesbench
	wait "$pid"
	rc=$?
	cat /tmp/ipsec.out
	[ "$rc" -eq 137 ] || fail "not killed: exit $rc"
	wait_gone
	drop_cgroup
	grep -q "priority set back" /tmp/ipsec.out ||
		fail "the guard did not say it set a priority back"
	unchanged "$RFC4106_LAYERS"
	# Killed while measuring.
	kaesbench ipsec -a aes128gcm16 -t 5000 -r 3 >/dev/null 2>&1 &
	pid=$!
	sleep 5
	kill -KILL "$pid"
	wait "$pid"
	wait_gone
	unchanged "$RFC4106_LAYERS"
}
ktap_test "ipsec: SIGKILL, a priority raised or measuring, leaves nothing behind" \
	sigkill_leaves_nothing

# The whole process group SIGKILLed at the moment a priority is raised
# (timeout -s KILL, a service stop): the guard, in a session of its own,
# is spared and puts everything back.
group_kill_spares_guard() {
	before=$(sa_gets) || fail "$before"
	echo "before: an SA made now gets $before"
	machine_state >/tmp/state.before
	make_kill_cgroup
	at_raise start_setsid kill_group
	wait "$pid"
	rc=$?
	[ "$rc" -eq 137 ] || fail "not killed: exit $rc"
	wait_gone
	drop_cgroup
	cat /tmp/ipsec.out
	grep -q "priority set back" /tmp/ipsec.out ||
		fail "the guard did not say it set a priority back"
	set -- $raise
	echo "after: $1 at priority $(priority_of "$1") (the driver it is built on: $4)"
	as_before "$before"
}
ktap_test "ipsec: its process group SIGKILLed at a priority raised: the guard puts it back" \
	group_kill_spares_guard

# The whole cgroup killed at the moment a priority is raised (a container
# stopped, the OOM killer's group kill), the guard with it: the raise and
# the instances stay, until the next kaesbench run, whatever its command,
# undoes them from the run's record under /run/kaesbench, saying so.
cgroup_kill_undone_next_run() {
	make_kill_cgroup
	[ -e "$CGROOT/$KILL_CG/cgroup.kill" ] || {
		rmdir "$CGROOT/$KILL_CG"
		echo "# no cgroup.kill (before Linux 5.14)"
		return "$KSFT_SKIP"
	}
	before=$(sa_gets) || fail "$before"
	echo "before: an SA made now gets $before"
	machine_state >/tmp/state.before
	at_raise start_run kill_cgroup
	wait "$pid"
	rc=$?
	drop_cgroup
	cat /tmp/ipsec.out
	[ "$rc" -eq 137 ] || fail "not killed: exit $rc"
	# Nothing put back: the guard is gone too.
	left=$(raised_now) || fail "the raise did not outlive the guard"
	echo "after the kill: $left"
	machine_state after "$RFC4106_LAYERS" | grep -E '^(priority changed|left):'
	kaesbench list >/dev/null 2>/tmp/list.err
	rc=$?
	cat /tmp/list.err
	[ "$rc" -eq 0 ] || fail "list: exit $rc"
	grep -q "a run killed earlier (pid $pid) left .*'s priority raised to [0-9]*: set back to [0-9]*" \
		/tmp/list.err || fail "the next run did not say it set a priority back"
	grep -q "a run killed earlier (pid $pid) left instance .* registered: unregistered" \
		/tmp/list.err || fail "the next run did not say it unregistered instances"
	set -- $raise
	echo "after the next run: $1 $(priority_of "$1")"
	as_before "$before"
	# Said once: the record is gone.
	! kaesbench list 2>&1 >/dev/null | grep "a run killed earlier" ||
		fail "said again"
}
ktap_test "ipsec: its cgroup killed at a priority raised, the guard too: the next run puts it back" \
	cgroup_kill_undone_next_run

ktap_test "ipsec: every SA's state freed after the kills" states_freed
