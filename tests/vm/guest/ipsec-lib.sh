# SPDX-License-Identifier: GPL-2.0
# What the kaesbench ipsec files share (64-ipsec.sh, 66-ipsec-kills.sh):
# the quick run's options, the layers a run may register, the machine's
# state a run must leave as found, a document's validity, the wait for
# kaesbench and its guard to be gone, and for every SA's state freed.

# shellcheck disable=SC2086 # $QUICK is a word list
SETPRIV=/usr/bin/setpriv
FAULTY=kb_faulty_cbc
# Quick: two sizes, one short measurement each.
QUICK="-b 64,1500 -t 200 -r 1"

# The algorithm names a run of each transform may register instances of
# (its layers, as ipsec/esp.c's kb_esp_layer() has them): another name's
# instance registered meanwhile is someone else's (kaesbench.ko registers
# HMACs for its own reference), and not the run's to remove.
RFC4106_LAYERS='seqiv\(rfc4106\(gcm\(aes\)\)\)|rfc4106\(gcm\(aes\)\)|gcm\(aes\)|ctr\(aes\)'
CBC_LAYERS='echainiv\(authenc\(hmac\(sha256\),cbc\(aes\)\)\)|authenc\(hmac\(sha256\),cbc\(aes\)\)|cbc\(aes\)|hmac\(sha256\)|ctr\(aes\)'

# machine_state [after LAYERS]: the machine's state that a run must leave
# as it found it: the priorities of the drivers registered before, the
# template instances of the run's LAYERS registered since (a run
# unregisters those it made; modules the kernel loaded on demand, such as
# crypto_null for the IV generators, stay, as after any first use), the
# initial namespace's links, SAs and policies, the namespaces alive.
machine_state() {
	awk '/^name/ { n = $3 } /^driver/ { d = $3 } /^priority/ { print d, n, $3 }' \
		/proc/crypto | sort >/tmp/priorities.now
	if [ "${1:-}" = after ]; then
		# busybox has no join(1).
		awk 'NR == FNR { was[$1] = $3; next }
			($1 in was) && was[$1] != $3 {
				print "priority changed:", $1, was[$1], "->", $3
			}' /tmp/priorities.before /tmp/priorities.now
		awk -v layers="^($2)$" 'NR == FNR { was[$1] = 1; next }
			!($1 in was) && $1 ~ /\(/ && $2 ~ layers { print "left:", $1 }' \
			/tmp/priorities.before /tmp/priorities.now
	else
		cp /tmp/priorities.now /tmp/priorities.before
	fi
	ip -o link show | awk '{ print $2 }'
	ip xfrm state
	ip xfrm policy
	# The namespaces alive: a process that exits while this reads has no
	# link left to read, and is left out (ls -l printed its path instead,
	# and a shell ending at that moment failed CI as "the machine changed").
	for link in /proc/[0-9]*/ns/net; do
		readlink "$link" 2>/dev/null
	done | sort -u
}

# unchanged LAYERS: the machine is as machine_state found it before.
unchanged() {
	machine_state after "$1" >/tmp/state.after
	diff /tmp/state.before /tmp/state.after || fail "the machine changed"
}

# json_valid FILE: every implementation valid, every SA proved, both
# halves of the differential clean, figures where they should be.
json_valid() {
	jq -e '.ipsec | length > 0' "$1" >/dev/null || fail "no implementation"
	jq -e 'all(.ipsec[]; .state == "valid")' "$1" >/dev/null ||
		fail "not all valid: $(jq -c '[.ipsec[] | {driver, state, message}]' "$1")"
	jq -e 'all(.ipsec[].sas[]; .proved and .refcnt_delta == 1)' "$1" \
		>/dev/null || fail "an SA not proved"
	# Lane 0 both ways, lanes 1 and 2 one way: 8 SAs.
	jq -e 'all(.ipsec[]; (.sas | length) == 8)' "$1" >/dev/null ||
		fail "not 8 SAs an implementation"
	jq -e 'all(.ipsec[].differential[]; .ran and .sent > 0 and
		.received == .sent and .integrity_failed == 0 and
		.xfrm_in_state_proto_error == 0)' "$1" >/dev/null ||
		fail "the differential is not clean"
	jq -e 'all(.ipsec[].points[]; .tunnel.packets_per_s > 0 and
		.plain.packets_per_s > 0 and .tunnel.wrong == 0)' "$1" \
		>/dev/null || fail "a point without traffic"
}

# no_record_left: no run's record of its changes is left under /run.
no_record_left() {
	! ls /run/kaesbench/undo-* 2>/dev/null ||
		fail "a record left: $(cat /run/kaesbench/undo-*)"
}

# wait_gone: kaesbench and its guard have exited.
wait_gone() {
	until_within 30 "kaesbench and its guard gone" \
		sh -c '! grep -qx kaesbench /proc/[0-9]*/comm 2>/dev/null'

}

# Every SA's state freed once the runs (SIGINT and SIGKILL included) are
# over: esp4 counts one reference per state, and is used by none within
# 20 s (it takes an RCU grace period and the state GC's work, under a
# second here). On 7.2, datagrams UDP had deferred freeing to the
# sender's CPU held a state for minutes after a SIGINT, until kaesbench
# had every CPU free them (path/traffic.c, kb_traffic_free_deferred()).
esp4_users() { awk '$1 == "esp4" { print $3 }' /proc/modules; }
states_freed() {
	[ -n "$(esp4_users)" ] ||
		{ echo "# esp4 is not a module here"; return "$KSFT_SKIP"; }
	i=0
	while [ "$(esp4_users)" != 0 ] && [ $i -lt 200 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	echo "esp4 used by $(esp4_users) after $((i / 10)) s"
	[ "$(esp4_users)" = 0 ] ||
		fail "an SA's state is still referenced: esp4 used by $(esp4_users)"
}
