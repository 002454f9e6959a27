# SPDX-License-Identifier: GPL-2.0
# Privileges. Unprivileged users may list (20-list.sh) but not start a run
# (40-run.sh), nor a verification, nor cancel any run; and nobody but the
# socket that started a run sees it: results are unicast to that socket,
# the family has no multicast group, and once that socket is closed the
# port it had gets nothing more, whoever binds it next.

as_nobody() {
	su -s /bin/sh nobody -c "$*"
}

# An attribute payload for kaesbench-nlprobe: the string and its NUL.
hex_string() {
	printf '%s\0' "$1" | od -An -tx1 | tr -d ' \n'
}

nobody_cannot_verify() {
	expect_failure 1 "Operation not permitted" \
		as_nobody "kaesbench-nlprobe 5 4:$(hex_string cbc-aes-aesni)"
}

nobody_cannot_cancel() {
	# Refused before the run id is looked at: nobody learns which exist.
	expect_failure 1 "Operation not permitted" as_nobody "kaesbench-nlprobe 4 3=1"
}

# Root's run of 15 samples of 200 ms, through kaesbench-nlprobe, which
# prints every message it gets.
others_see_nothing() {
	kaesbench-nlprobe -e 3 1 4:"$(hex_string cbc-aes-aesni)" 8:00100000 \
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
		for driver in cbc-aes-aesni virtio_crypto_aes_cbc; do
			kaesbench-eavesdrop -r $driver -u 65534 -t 300 ||
				fail "a message of the closed socket's run reached the port's next owner"
		done
	done
}

ktap_test "an unprivileged user cannot start a verification" \
	nobody_cannot_verify
ktap_test "an unprivileged user cannot cancel a run" nobody_cannot_cancel
ktap_test "another socket, root's or nobody's, sees nothing of a run nor can nobody cancel it" \
	others_see_nothing
ktap_test "a closed socket's run sends nothing to the next owner of its port" \
	closed_port_gets_nothing
