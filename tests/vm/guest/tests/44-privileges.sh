# SPDX-License-Identifier: GPL-2.0
# kaesbench-test: module=loaded check=latest,6.12,6.1
# Privileges. Unprivileged users may list (20-list.sh) but not start a run
# (40-run.sh), nor a verification, nor cancel any run; and nobody but the
# socket that started a run sees it: results are unicast to that socket,
# the family has no multicast group, and once that socket is closed the
# port it had gets nothing more, whoever binds it next.
#
# Running crypto work on the machine is not network administration: runs
# and verifications need CAP_SYS_ADMIN, and come from the initial network
# namespace only, whatever the capabilities; so does cancelling another
# socket's run. A container's CAP_NET_ADMIN, in its own network namespace
# or not, gets nothing but the list.

# util-linux's setpriv (busybox's cannot narrow the bounding set), by its
# path: busybox's shell runs its own applet of that name first.
SETPRIV=/usr/bin/setpriv

as_nobody() {
	su -s /bin/sh nobody -c "$*"
}

# An attribute payload for kaesbench-nlprobe: the string and its NUL.
hex_string() {
	printf '%s\0' "$1" | od -An -tx1 | tr -d ' \n'
}

nobody_cannot_verify() {
	expect_failure 1 "Operation not permitted" \
		as_nobody "kaesbench-nlprobe 5 4:$(hex_string ${CPU_CBC})" &&
		expect_failure 1 "extack: .*needs CAP_SYS_ADMIN" \
			as_nobody "kaesbench-nlprobe 5 4:$(hex_string ${CPU_CBC})"
}

nobody_cannot_cancel() {
	# Refused before the run id is looked at: nobody learns which exist.
	expect_failure 1 "Operation not permitted" as_nobody "kaesbench-nlprobe 4 3=1"
}

# Root's run of 15 samples of 200 ms, through kaesbench-nlprobe, which
# prints every message it gets.
others_see_nothing() {
	kaesbench-nlprobe -e 3 1 4:"$(hex_string ${CPU_CBC})" 8:00100000 \
		9=200 10=15 11=0 29: >/tmp/victim 2>&1 &
	pid=$!
	tries=0
	until id=$(awk '/^msg 1$/ { f = 1; next } f && $1 == 3 { print $2; exit }' \
		/tmp/victim 2>/dev/null) && [ -n "$id" ]; do
		tries=$((tries + 1))
		[ $tries -gt 100 ] && { kill "$pid"; cat /tmp/victim; fail "the run did not start"; }
		sleep 0.1
	done
	echo "root's run: $id"
	expect_failure 1 "Operation not permitted" \
		as_nobody "kaesbench-nlprobe 4 3=$id" || status=1
	# Cancelling another socket's run is not network administration.
	expect_failure 1 "Operation not permitted" \
		net_admin_only kaesbench-nlprobe 4 3="$id" || status=1
	as_nobody "kaesbench-eavesdrop -t 1500" >/tmp/nobody.out 2>&1 &
	nobody=$!
	kaesbench-eavesdrop -t 1500 >/tmp/root.out 2>&1 || status=1
	wait $nobody || status=1
	cat /tmp/nobody.out /tmp/root.out
	wait $pid || status=1
	samples=$(grep -c '^msg 2$' /tmp/victim)
	echo "the requesting socket got $samples samples and: $(tail -n 4 /tmp/victim | tr '\n' ' ')"
	[ "$samples" -eq 15 ] || fail "the run's own socket missed samples"
	awk '/^msg 3$/ { f = 1 } f && $1 == 15 { exit $2 != 0 }' /tmp/victim ||
		fail "the run did not end well"
	return ${status:-0}
}

# Without the guard, the stopping run's end reached the port's next owner
# about one time in three: ten tries.
closed_port_gets_nothing() {
	for i in 1 2 3 4 5; do
		for driver in ${CPU_CBC} virtio_crypto_aes_cbc; do
			kaesbench-eavesdrop -r $driver -u 65534 -t 300 ||
				fail "a message of the closed socket's run reached the port's next owner"
		done
	done
}

# net_admin_only COMMAND...: COMMAND as root with CAP_NET_ADMIN alone, as
# a container may have it: none inheritable and a bounding set of that
# one, so that the exec gives root nothing else.
net_admin_only() {
	$SETPRIV --inh-caps=-all --bounding-set=-all,+net_admin -- "$@"
}

# The effective capabilities net_admin_only gives.
net_admin_caps() {
	net_admin_only grep CapEff /proc/self/status | awk '{ print $2 }'
}

# refused_both PATTERN WRAPPER...: a run and a verification started by
# the tool through WRAPPER are refused with a message matching PATTERN.
refused_both() {
	pattern=$1
	shift
	expect_failure 1 "$pattern" "$@" kaesbench run -d ${CPU_CBC} -b 16 \
		-t 10 -r 1 -w 0 || return 1
	expect_failure 1 "$pattern" "$@" kaesbench verify -d ${CPU_CBC} \
		--cases 4
}

net_admin_needs_sys_admin() {
	caps=$(net_admin_caps)
	echo "capabilities: $caps"
	[ "$caps" = 0000000000001000 ] || fail "not CAP_NET_ADMIN alone"
	refused_both "needs CAP_SYS_ADMIN" net_admin_only || return 1
	# The kernel's own word for it.
	expect_failure 1 "extack: .*needs CAP_SYS_ADMIN" net_admin_only \
		kaesbench-nlprobe 5 4:"$(hex_string ${CPU_CBC})"
}

# The family may not be visible there at all: either way, the tool says
# that the module serves the initial network namespace only.
NETNS_ONLY="serves the initial network namespace only"

# The rig's debug kernel is built from tinyconfig: without CONFIG_NET_NS
# (before debug-base.config had it) unshare -n is EINVAL, and there is no
# other namespace to be refused from; without CONFIG_USER_NS no user
# namespace.
netns_or_skip() {
	unshare -n true 2>/dev/null && return 0
	echo "this kernel has no network namespaces (CONFIG_NET_NS)"
	exit "$KSFT_SKIP"
}

net_admin_in_netns() {
	netns_or_skip
	refused_both "$NETNS_ONLY" unshare -n "$SETPRIV" --inh-caps=-all \
		--bounding-set=-all,+net_admin --
}

root_in_netns() {
	netns_or_skip
	refused_both "$NETNS_ONLY" unshare -n || return 1
	out=$(unshare -n kaesbench-nlprobe 5 4:"$(hex_string ${CPU_CBC})")
	echo "$out"
	case $out in
	*"family kaesbench not found"* | *"extack: kaesbench $NETNS_ONLY"*) ;;
	*) fail "the kernel does not refuse it so" ;;
	esac
}

# A user namespace's root has every capability there, none here.
userns_root_refused() {
	as_nobody "unshare -r -n true" >/dev/null 2>&1 || {
		echo "this kernel has no user or network namespaces for nobody (CONFIG_USER_NS, CONFIG_NET_NS)"
		exit "$KSFT_SKIP"
	}
	out=$(as_nobody "unshare -r -n kaesbench run -d ${CPU_CBC} -b 16 -t 10 -r 1 -w 0" 2>&1)
	rc=$?
	echo "$out"
	[ "$rc" -ne 0 ] || fail "a user namespace's root started a run"
	echo "$out" | grep -qE "$NETNS_ONLY|needs CAP_SYS_ADMIN" ||
		fail "refused without the reason"
}

# Without CAP_SYS_ADMIN, the list comes from the registered algorithms
# alone (no transform allocated), the selection from their priorities.
nobody_lists() {
	as_nobody "kaesbench list --dump" >/tmp/nobody.list ||
		fail "nobody cannot list"
	kaesbench list --dump >/tmp/root.list || fail "root cannot list"
	echo "$(wc -l </tmp/nobody.list) implementations listed for nobody"
	cut -f 2 /tmp/nobody.list | sort >/tmp/nobody.drivers
	cut -f 2 /tmp/root.list | sort >/tmp/root.drivers
	diff /tmp/root.drivers /tmp/nobody.drivers ||
		fail "nobody's list is not root's"
	selected=$(awk -F '\t' '$1 == "cbc(aes)" && $10 == "yes" { print $2 }' \
		/tmp/nobody.list)
	echo "cbc(aes) selected for nobody: $selected"
	[ -n "$selected" ] || fail "nothing selected for cbc(aes)"
}

ktap_test "an unprivileged user cannot start a verification" \
	nobody_cannot_verify
ktap_test "CAP_NET_ADMIN alone starts neither a run nor a verification: needs CAP_SYS_ADMIN" \
	net_admin_needs_sys_admin
ktap_test "CAP_NET_ADMIN alone in another network namespace: refused, the initial one only" \
	net_admin_in_netns
ktap_test "root in another network namespace: refused, the initial one only" \
	root_in_netns
ktap_test "root of a user namespace (unshare -r -n) cannot start a run" \
	userns_root_refused
ktap_test "an unprivileged user lists every implementation, with a selection" \
	nobody_lists
ktap_test "an unprivileged user cannot cancel a run" nobody_cannot_cancel
ktap_test "another socket, root's or nobody's, sees nothing of a run; neither nobody nor CAP_NET_ADMIN can cancel it" \
	others_see_nothing
ktap_test "a closed socket's run sends nothing to the next owner of its port" \
	closed_port_gets_nothing
