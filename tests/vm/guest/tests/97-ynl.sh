# SPDX-License-Identifier: GPL-2.0
# kaesbench-test: module=loaded check=latest
# The kernel's ynl CLI (tools/net/ynl/cli.py) talks to the module through
# Documentation/netlink/specs/kaesbench.yaml, and the module's own account
# of its commands and policies (nlctrl's getfamily and getpolicy) agrees
# with the spec. The rig packs python3, the CLI and the specs in /opt/ynl.

YNL=/opt/ynl
SPEC=$YNL/specs/kaesbench.yaml

ynl() {
	python3 $YNL/cli.py --no-schema --output-json "$@"
}

need_ynl() {
	[ -f $YNL/cli.py ] || {
		echo "no ynl CLI: the host lacks linux-source"
		exit "$KSFT_SKIP"
	}
}

ynl_dump_lists() {
	need_ynl
	ynl --spec $SPEC --dump get-impls >/tmp/ynl.json || fail "dump failed"
	# The library paths this kernel lacks are listed apart, not dumped.
	jq -r '.[].impl | select(.flags | index("absent") | not) |
		.["driver-name"]' /tmp/ynl.json | sort >/tmp/ynl.drivers
	kaesbench list --dump | cut -f 2 | sort >/tmp/list.drivers
	echo "$(wc -l </tmp/ynl.drivers) implementations"
	diff /tmp/list.drivers /tmp/ynl.drivers || fail "ynl and list differ"
	# Decoded by the spec's enum and flags.
	jq -c --arg d "$CPU_CBC" '.[].impl | select(.["driver-name"] == $d)' /tmp/ynl.json
	jq -e --arg d "$CPU_CBC" '.[].impl | select(.["driver-name"] == $d) |
		.type == "skcipher" and (.flags | index("selected"))' \
		/tmp/ynl.json >/dev/null || fail "type or flags not decoded"
}

# The verification goes on after the CLI has its ack and closes its
# socket, which stops it: wait until the module takes requests again.
wait_idle() {
	i=0
	until kaesbench verify -a aes --cases 1 >/dev/null 2>&1; do
		i=$((i + 1))
		[ $i -lt 50 ] || fail "the module stays busy"
		sleep 0.1
	done
}

# A job's request is only acknowledged: the job's first message and its
# end go to the socket after the ack, when the CLI is done with it. A
# request the module refuses by itself gets its reason in the extack.
ynl_do_verify() {
	need_ynl
	ynl --spec $SPEC --do verify --json \
		"{\"run-driver\": \"$CPU_CBC\", \"verify-cases\": 8, \"verify-seed\": 1}" \
		>/tmp/verify.json 2>&1 || fail "do verify failed: $(cat /tmp/verify.json)"
	echo "acknowledged: $(cat /tmp/verify.json)"
	wait_idle
	ynl --spec $SPEC --do run --json "{\"run-driver\": \"$CPU_CBC\"}" \
		>/tmp/run.out 2>&1 && fail "a run without sizes was accepted"
	grep -m 1 "a run needs sizes" /tmp/run.out ||
		fail "the refusal does not give its reason: $(cat /tmp/run.out)"
}

ynl_policy_agrees() {
	need_ynl
	nlctrl=$YNL/specs/nlctrl.yaml
	ynl --spec $nlctrl --do getfamily --json '{"family-name": "kaesbench"}' \
		>/tmp/family.json || fail "getfamily failed"
	ynl --spec $nlctrl --dump getpolicy --json '{"family-name": "kaesbench"}' \
		>/tmp/policy.json || fail "getpolicy failed"
	python3 /tests/ynl_policy.py $YNL $SPEC /tmp/family.json /tmp/policy.json
}

ktap_test "ynl CLI: dump get-impls lists what kaesbench list does" \
	ynl_dump_lists
ktap_test "ynl CLI: do verify is acknowledged, do run without sizes refused with the reason" \
	ynl_do_verify
ktap_test "the module's commands and policies are the spec's (nlctrl)" \
	ynl_policy_agrees
