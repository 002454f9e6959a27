# SPDX-License-Identifier: GPL-2.0
# kaesbench-test: module=loaded
# --context softirq: the requests of a run or a verification are submitted
# with bottom halves disabled, as ESP's receive path submits them, and
# each sample counts the submissions, those made where SIMD was unusable
# and those that did not complete at once. The faulty driver counts the
# submissions it got with bottom halves disabled: all of a softirq run's,
# none of a thread run's.

FAULTY=kaesbench_faulty_cbc_aes
FAULTY_PARAMS=/sys/module/kaesbench_faulty/parameters

# context_json CONTEXT FILE OPTION...: a run in CONTEXT, its JSON in FILE.
context_json() {
	ctx=$1
	file=$2
	shift 2
	kaesbench run --context "$ctx" --json "$@" >"$file" 2>/tmp/context.err
	rc=$?
	cat /tmp/context.err
	[ "$rc" -eq 0 ] || fail "the $ctx run exited $rc"
	jq -r --arg c "$ctx" '.runs[] | "\($c): \(.driver) \(.state), context \(.context)",
		(.samples[] | "  \(.size) B: \(.ops) ops, \(.submitted) submitted, SIMD unusable \(.no_simd), deferred \(.deferred)")' \
		"$file"
	jq -e --arg c "$ctx" 'all(.runs[]; .state == "ended" and .context == $c)' \
		"$file" >/dev/null || fail "not ended in $ctx context"
	# Every submission completes within its sample: the last ones are
	# waited for and counted.
	jq -e 'all(.runs[].samples[]; .submitted > 0 and .submitted == .ops and
		.no_simd >= 0 and .no_simd <= .submitted and
		.deferred >= 0 and .deferred <= .submitted)' "$file" >/dev/null ||
		fail "the $ctx samples' counts do not add up"
}

# The CPU's gcm(aes) in both contexts, side by side: what issue 33 asks to
# be shown, the fallback counts included.
gcm_both_contexts() {
	for ctx in thread softirq; do
		context_json "$ctx" "/tmp/context-$ctx.json" -d "$CPU_GCM" \
			-b 1420,4096 -t 100 -r 3 || return 1
	done
	kaesbench run -d "$CPU_GCM" -b 1420,4096 -t 100 -r 3 \
		--context softirq 2>&1 | grep -v '^#' | head -n 20
}
ktap_test "the CPU's gcm(aes) measured in thread and softirq context, with the SIMD and deferred counts" \
	gcm_both_contexts

faulty_load() {
	grep -q '^kaesbench_faulty ' /proc/modules ||
		insmod /opt/kaesbench/kaesbench_faulty.ko ||
		fail "insmod kaesbench_faulty failed"
}

# The driver sees what the context says: every request of a softirq run
# (its verification's and the measured ones) came with bottom halves
# disabled, none of a thread run's. It is asynchronous: every submission
# is deferred.
faulty_sees_context() {
	faulty_load
	before=$(cat $FAULTY_PARAMS/bh_off)
	context_json softirq /tmp/context-faulty.json -d $FAULTY -b 64,4096 \
		-t 50 -r 2 -w 0 --depth 4 || return 1
	got=$(($(cat $FAULTY_PARAMS/bh_off) - before))
	measured=$(jq '[.runs[0].samples[].submitted] | add' /tmp/context-faulty.json)
	echo "softirq run: the driver got $got with bottom halves disabled; $measured measured"
	[ "$got" -gt "$measured" ] ||
		fail "the driver got $got requests with bottom halves disabled, fewer than the $measured measured and the verification's"
	jq -e 'all(.runs[0].samples[]; .deferred == .submitted)' \
		/tmp/context-faulty.json >/dev/null ||
		fail "an asynchronous driver's submissions not all deferred"
	before=$(cat $FAULTY_PARAMS/bh_off)
	context_json thread /tmp/context-faulty.json -d $FAULTY -b 64,4096 \
		-t 50 -r 2 -w 0 --depth 4 || return 1
	got=$(($(cat $FAULTY_PARAMS/bh_off) - before))
	echo "thread run: the driver got $got with bottom halves disabled"
	[ "$got" -eq 0 ] || fail "a thread run submitted $got with bottom halves disabled"
}
ktap_test "a softirq run's requests reach the driver with bottom halves disabled, a thread run's do not" \
	faulty_sees_context

# A verification in softirq context: at depth 8, every case's requests
# with bottom halves disabled, all passed; the JSON says the context.
verify_softirq() {
	faulty_load
	before=$(cat $FAULTY_PARAMS/bh_off)
	kaesbench verify -d $FAULTY --depth 8 --context softirq --json \
		>/tmp/context-verify.json 2>/tmp/context.err
	rc=$?
	cat /tmp/context.err
	got=$(($(cat $FAULTY_PARAMS/bh_off) - before))
	jq -c '.verifications[0] | {result, context, cases}' /tmp/context-verify.json
	[ "$rc" -eq 0 ] || fail "verify --context softirq exited $rc"
	jq -e '.verifications[0] | .result == "pass" and .context == "softirq"' \
		/tmp/context-verify.json >/dev/null || fail "not passed in softirq context"
	cases=$(jq '.verifications[0].cases' /tmp/context-verify.json)
	echo "$cases cases; the driver got $got requests with bottom halves disabled"
	# An encryption and a decryption each.
	[ "$got" -ge $((2 * cases)) ] || fail "$got with bottom halves disabled for $cases cases"
	unload kaesbench_faulty || fail "kaesbench_faulty stays loaded"
}
ktap_test "verify --context softirq: every case's requests with bottom halves disabled, passed" \
	verify_softirq

bad_context() {
	expect_failure 2 "context" kaesbench run -d "$CPU_GCM" --context hardirq &&
		expect_failure 2 "context" kaesbench verify -d "$CPU_GCM" --context ""
}
ktap_test "--context with an unknown word: refused, exit 2" bad_context
