# SPDX-License-Identifier: GPL-2.0
# kaesbench-test: module=loaded check=6.12,6.1
# A listing never holds up generic netlink, and an unprivileged one is
# bounded and charged to its caller.
#
# A privileged GET_IMPLS finds what the crypto API hands out by allocating
# transforms, which calls drivers' init_tfm: kaesbench_slowinit's sleeps
# 30 s. The listing's request holds genl's cb_lock; a family being
# registered waits for it, and every other generic netlink request of the
# machine behind that. The listing must answer at once, with the
# selections it could not find out marked unknown, and nobody's generic
# netlink call (another family's lookup, the family's registration) may
# take 2 s: the module waits for its resolver thread 0.5 s at most, a
# margin of four under TCG.
#
# Starts from: kaesbench loaded, the CPU's drivers loaded. Leaves the same:
# kaesbench_slowinit unloaded, its family gone, kaesbench's references as
# found, no listing held, no cgroup of its own.

LS_MODULE=kaesbench_slowinit

# Whether this kernel sends a dump's refusal in its start with its extack
# message: 6.12 and 7.2 do, 6.1 does not (seen: "extack: -").
ls_dump_start_extack() {
	release=$(uname -r)
	major=${release%%.*}
	minor=${release#*.}
	minor=${minor%%.*}
	[ "$major" -gt 6 ] || [ "$minor" -gt 1 ]
}
LS_PARAMS=/sys/module/$LS_MODULE/parameters
LS_DRIVER=kaesbench_slowinit_cbc_aes
# What an unprivileged listing may hold at once (KAESBENCH_MAX_LISTINGS).
LS_MAX_LISTINGS=256

ls_param() {
	cat "$LS_PARAMS/$1"
}

ls_sleeping() {
	[ "$(ls_param sleeping)" -gt 0 ]
}

ls_idle() {
	[ "$(ls_param sleeping)" -eq 0 ] &&
		[ "$(cat /sys/module/$LS_MODULE/refcnt)" -eq 0 ]
}

# The resolver threads hold a reference on kaesbench until they end.
ls_refs_back() {
	[ "$(cat /sys/module/kaesbench/refcnt)" -eq "$1" ]
}

# No sleep from now on, every sleeper woken, then unloaded.
ls_unload() {
	[ -d "$LS_PARAMS" ] || return 0
	echo 0 >"$LS_PARAMS/sleep_ms"
	echo 1 >"$LS_PARAMS/release"
	echo 0 >"$LS_PARAMS/family"
	until_within 30 "$LS_MODULE's transforms freed" ls_idle
	unload $LS_MODULE || fail "cannot unload $LS_MODULE"
}

# ls_quick_again REFS: no sleep from now on, the sleepers woken, and
# kaesbench's resolver threads ended (its references back to REFS).
ls_quick_again() {
	echo 0 >"$LS_PARAMS/sleep_ms"
	echo 1 >"$LS_PARAMS/release"
	until_within 30 "the driver's sleepers woken" ls_idle
	until_within 30 "kaesbench's resolver threads ended" ls_refs_back "$1"
}

# ls_as_found REFS: kaesbench_slowinit unloaded, kaesbench's references
# back to REFS.
ls_as_found() {
	ls_unload
	ls_refs_back "$1" || fail "kaesbench's references: $(cat \
		/sys/module/kaesbench/refcnt), $1 before"
}

# The selections of cbc(aes) in a `kaesbench list --json`, one a line:
# "DRIVER SELECTED SELECTED_SYNC", null where unknown.
# Library paths are never selected, and known not to be: left out.
ls_cbc_selections() {
	jq -r '.implementations[] | select(.algorithm == "cbc(aes)" and
		(.internal | not) and (.library_path | not)) |
		"\(.driver) \(.selected) \(.selected_sync)"' "$1"
}

list_stall() {
	refs=$(cat /sys/module/kaesbench/refcnt)
	insmod /opt/kaesbench/$LS_MODULE.ko || fail "cannot load $LS_MODULE"
	has_driver $LS_DRIVER || fail "$LS_DRIVER not registered"
	kaesbench-listprobe watch 12 >/tmp/ls-watch.out 2>&1 &
	watch=$!
	sleep 1
	began=$(now_cs)
	kaesbench list --json >/tmp/ls-list.json 2>/tmp/ls-list.err &
	list=$!
	until_within 20 "init_tfm of $LS_DRIVER called" ls_sleeping
	# A module registering a family meanwhile.
	reg_began=$(now_cs)
	echo 1 >"$LS_PARAMS/family" || fail "cannot register kb_slowinit"
	reg_took=$(($(now_cs) - reg_began))
	wait $list
	rc=$?
	list_took=$(($(now_cs) - began))
	wait $watch || fail "the generic netlink lookups failed: $(cat /tmp/ls-watch.out)"
	echo "list: exit $rc after $list_took cs; family registered in $reg_took cs"
	echo "lookups of another family meanwhile: $(cat /tmp/ls-watch.out)"
	echo "init_tfm calls that slept: $(ls_param slept), sleeping: $(ls_param sleeping)"
	cat /tmp/ls-list.err
	ls_cbc_selections /tmp/ls-list.json
	[ "$rc" -eq 0 ] || fail "kaesbench list exited $rc"
	[ "$list_took" -lt $((1000 * KTAP_SLOWDOWN)) ] ||
		fail "the listing waited for the driver"
	[ "$reg_took" -lt 200 ] || fail "registering a family took $reg_took cs"
	longest=$(awk '{ print $4 }' /tmp/ls-watch.out)
	[ "$longest" -lt 2000 ] || fail "a generic netlink lookup took $longest ms"
	# Unknown, never a mark that may be wrong.
	ls_cbc_selections /tmp/ls-list.json | grep -q "^$LS_DRIVER null null$" ||
		fail "$LS_DRIVER not listed with its selections unknown"
	! ls_cbc_selections /tmp/ls-list.json | grep -qv ' null null$' ||
		fail "a cbc(aes) implementation with a selection mark"
	kaesbench list | grep -q '^? = not known' ||
		fail "the table has no legend for the unknown mark"

	# Once the driver is quick again, the same listing finds it out.
	ls_quick_again "$refs"
	kaesbench list --json >/tmp/ls-list.json || fail "the second list failed"
	ls_cbc_selections /tmp/ls-list.json
	ls_cbc_selections /tmp/ls-list.json |
		grep -q "^$LS_DRIVER true true$" ||
		fail "$LS_DRIVER, quick now, is not what cbc(aes) gets"
	n=$(jq '[.implementations[] | select(.selected == null)] | length' \
		/tmp/ls-list.json)
	[ "$n" -eq 0 ] || fail "$n selections still unknown"
	ls_as_found "$refs"
}
ktap_test "a listing whose driver takes 30 s to set up: exit 0 at once, its selections unknown, no generic netlink call (a family's registration included) over 2 s" \
	list_stall
# Whatever failed above: the machine as found.
(ls_unload) >/dev/null 2>&1

ls_stuck_logged() {
	dmesg | grep -c "allocation of cbc(aes) has not returned from its driver"
}

# A driver whose init never returns (for the test: until released), and
# ten root listings in a row. The first listing's resolver thread walks
# into it and stays; the nine after it must not follow it there (they
# did, until KAESBENCH_MAX_RESOLVERS threads were stuck and every
# selection was unknown until reboot): one thread stuck, every listing
# complete, cbc(aes) unknown and why, every other name resolved, the
# kernel log saying it once. Released, the thread returns and kaesbench
# is as found.
list_stuck_remembered() {
	refs=$(cat /sys/module/kaesbench/refcnt)
	logged=$(ls_stuck_logged)
	insmod /opt/kaesbench/$LS_MODULE.ko sleep_ms=600000 ||
		fail "cannot load $LS_MODULE"
	has_driver $LS_DRIVER || fail "$LS_DRIVER not registered"
	for i in 1 2 3 4 5 6 7 8 9 10; do
		kaesbench list --json >/tmp/ls-stuck-$i.json 2>/tmp/ls-stuck-$i.err ||
			fail "listing $i exited $?: $(cat /tmp/ls-stuck-$i.err)"
	done
	echo "init_tfm calls sleeping after ten listings: $(ls_param sleeping)"
	cat /tmp/ls-stuck-10.err
	ls_cbc_selections /tmp/ls-stuck-10.json
	[ "$(ls_param sleeping)" -eq 1 ] ||
		fail "$(ls_param sleeping) threads stuck in $LS_DRIVER's init, not 1"
	for i in 2 3 4 5 6 7 8 9 10; do
		ls_cbc_selections /tmp/ls-stuck-$i.json |
			grep -q "^$LS_DRIVER null null$" ||
			fail "listing $i: $LS_DRIVER not listed with its selections unknown"
		grep -q "note: .*the allocation of cbc(aes) has not returned from its driver.*stays loaded until it returns" \
			/tmp/ls-stuck-$i.err ||
			fail "listing $i does not say which allocation has not returned"
		# Every other name found out: a stuck name costs that name only.
		n=$(jq '[.implementations[] | select(.selected == null and
			.algorithm != "cbc(aes)")] | length' /tmp/ls-stuck-$i.json)
		[ "$n" -eq 0 ] || fail "listing $i: $n other selections unknown"
	done
	[ "$(($(ls_stuck_logged) - logged))" -eq 1 ] ||
		fail "the kernel log says it $(($(ls_stuck_logged) - logged)) times, not once"
	ls_quick_again "$refs"
	dmesg | grep -F "allocation of cbc(aes) returned after" | tail -n 1
	kaesbench list --json >/tmp/ls-list.json 2>/tmp/ls-list.err ||
		fail "the listing after the release failed"
	! grep -q 'has not returned' /tmp/ls-list.err ||
		fail "the notice outlived the allocation"
	ls_as_found "$refs"
}
ktap_test "a driver's init that never returns, ten root listings: one thread stuck in it, every listing complete with cbc(aes) unknown and why, the kernel log saying it once" \
	list_stuck_remembered
(ls_unload) >/dev/null 2>&1

# ls_hold NAME MODE N: kaesbench-listprobe MODE N, as nobody, in a new
# cgroup NAME, until ls_drop NAME; once it holds what it was to, the
# cgroup's memory.current goes to /tmp/ls-NAME.mem.
ls_hold() {
	cg_new "$1"
	cg_run "$1" su -s /bin/sh nobody -c "kaesbench-listprobe $2 $3" \
		>"/tmp/ls-$1.out" 2>&1 &
	until_within 60 "kaesbench-listprobe $2 $3" grep -qs '^ready' "/tmp/ls-$1.out"
	cat "$CGROOT/$1/memory.current" >"/tmp/ls-$1.mem"
}

ls_drop() {
	cg=$CGROOT/$1
	[ -d "$cg" ] || return 0
	echo 1 >"$cg/cgroup.kill"
	until_within 30 "cgroup $1 emptied" sh -c "! grep -q . $cg/cgroup.procs"
	rmdir "$cg"
}

ls_nobody_lists() {
	su -s /bin/sh nobody -c "kaesbench list --dump" >/tmp/ls-nobody.out 2>&1
}

# 1 000 dumps never read, by nobody: KAESBENCH_MAX_LISTINGS are held, the
# rest refused with -EBUSY and why; what is held is charged to nobody's
# cgroup (each snapshot at least 348 bytes an implementation: two names
# of 128, a module name of 56, nine u32), against the same sockets
# without dumps; root lists meanwhile, nobody once they are closed.
list_bounded() {
	cg_ready
	ls_nobody_lists || fail "nobody cannot list: $(cat /tmp/ls-nobody.out)"
	listed=$(wc -l </tmp/ls-nobody.out)
	ls_hold kaesbench-sockets sockets $LS_MAX_LISTINGS
	alone=$(cat /tmp/ls-kaesbench-sockets.mem)
	ls_drop kaesbench-sockets
	ls_hold kaesbench-dumps hold 1000
	held=$(cat /tmp/ls-kaesbench-dumps.mem)
	cat /tmp/ls-kaesbench-dumps.out
	kaesbench list --dump >/dev/null || fail "root cannot list meanwhile"
	ls_nobody_lists
	nobody=$?
	cat /tmp/ls-nobody.out
	ls_drop kaesbench-dumps
	per=$(((held - alone) / LS_MAX_LISTINGS))
	echo "$LS_MAX_LISTINGS sockets: $alone bytes alone, $held with dumps of $listed implementations: $per bytes a dump"
	grep -q "^held $LS_MAX_LISTINGS refused $((1000 - LS_MAX_LISTINGS))$" \
		/tmp/ls-kaesbench-dumps.out ||
		fail "not $LS_MAX_LISTINGS listings held and the rest refused"
	[ "$nobody" -ne 0 ] || fail "nobody could list past the bound"
	if ls_dump_start_extack; then
		grep -q '^refused: -16 .*extack: .*too many listings in progress' \
			/tmp/ls-kaesbench-dumps.out ||
			fail "not refused with -EBUSY and why"
		grep -q "too many listings" /tmp/ls-nobody.out ||
			fail "nobody was not told why"
	else
		grep -q '^refused: -16 ' /tmp/ls-kaesbench-dumps.out ||
			fail "not refused with -EBUSY"
		grep -q "Device or resource busy" /tmp/ls-nobody.out ||
			fail "nobody was not told it is busy"
	fi
	[ "$per" -ge $((listed * 348 * 3 / 4)) ] ||
		fail "the snapshots were not charged to the caller's cgroup"
	ls_nobody_lists || fail "nobody cannot list once the dumps are closed"
}
ktap_test "1 000 unread unprivileged listings: $LS_MAX_LISTINGS held, charged to the caller's memory cgroup, the rest refused with -EBUSY" \
	list_bounded
(ls_drop kaesbench-sockets) >/dev/null 2>&1
(ls_drop kaesbench-dumps) >/dev/null 2>&1
