# SPDX-License-Identifier: GPL-2.0
# kaesbench-test: module=loaded check=latest
# A driver that misbehaves on demand (tests/modules/kaesbench_faulty.c):
# kaesbench reports each fault and keeps working. Also the CPU accounting:
# a busy CPU against a sleeping driver. After the files that measure every
# cbc(aes): this one registers one more (priority 1).

FAULTY=kaesbench_faulty_cbc_aes
FAULTY_PARAMS=/sys/module/kaesbench_faulty/parameters
FAULTY_RUN="-d $FAULTY -b 64,4096 -t 20 -r 2 -w 0"

set_fault() {
	echo "$1" >"$FAULTY_PARAMS/fault" || fail "cannot set fault $1"
}

faulty_count() {
	cat "$FAULTY_PARAMS/$1"
}

# faulty_json OPTION...: a run of the faulty driver, its JSON in
# /tmp/faulty.json (jq reads it once the run is over: started alongside,
# it would be counted in the CPU figures) and its exit status in $rc.
faulty_json() {
	# shellcheck disable=SC2086 # $FAULTY_RUN is a word list
	kaesbench run $FAULTY_RUN --json "$@" >/tmp/faulty.json 2>/tmp/faulty.err
	rc=$?
	cat /tmp/faulty.err
}

# figures_ok: /tmp/faulty.json holds a run that ended well, with every
# sample of both sizes, and, unless --no-verify, a verification passed.
figures_ok() {
	[ "$rc" -eq 0 ] || fail "the run exited $rc"
	jq -r '.runs[0] | "\(.state) \(.status), verified: \(.verified.cases) cases",
		(.summary[] | "\(.size) B: \(.ops_per_s_median) ops/s, CPU \(.cpu_percent) %")' \
		/tmp/faulty.json
	jq -e '.runs[0] | .state == "ended" and .status == 0' \
		/tmp/faulty.json >/dev/null || fail "the run did not end well"
	# A failed verification would have made the run "invalid".
	jq -e '.runs[0] | .no_verify or (.verified.cases > 0 and
		.verified.case == null)' \
		/tmp/faulty.json >/dev/null || fail "not verified"
	jq -e '.runs[0].samples | length == 4 and all(.ops > 0 and
		.bytes == .ops * .size)' /tmp/faulty.json >/dev/null ||
		fail "a sample is missing or empty"
}

faulty_loads() {
	insmod /opt/kaesbench/kaesbench_faulty.ko || fail "insmod failed"
	grep -A 10 "^driver *: $FAULTY\$" /proc/crypto >/tmp/faulty.proc
	cat /tmp/faulty.proc
	grep -q '^selftest *: passed' /tmp/faulty.proc || fail "self-tests not passed"
	grep -q '^async *: yes' /tmp/faulty.proc || fail "not asynchronous"
	selected=$(kaesbench list --dump |
		awk -F '\t' -v d="$FAULTY" '$2 == d { print $10 }')
	[ "$selected" = no ] || fail "selected for cbc(aes): '$selected'"
	[ "$(faulty_count fault)" = none ] || fail "a fault is on at load"
}
ktap_test "the faulty driver loads, passes the self-tests, is not selected" \
	faulty_loads

fault_none() {
	set_fault none
	faulty_json --depth 8
	figures_ok
}
ktap_test "fault none: figures, verified, at depth 8" fault_none

# The faulty driver ciphers in a kworker while the measuring thread waits:
# the busy time of all CPUs counts that work, the thread's own CPU does not.
# Busy time is sampled on ticks, which a vCPU descheduled by a loaded host
# misses (8 % busy for a kworker ciphering flat out seen under a host load
# of 10): measured again, three times at most, until the figures are a
# measurement's at all.
offthread_accounting() {
	set_fault none
	for try in 1 2 3; do
		kaesbench run -d "$FAULTY" -b 4096 --depth 8 -t 500 -r 2 -w 0 \
			--no-verify --json >/tmp/faulty-kworker.json ||
			fail "the run failed"
		jq -r '.runs[0].summary[] | "\(.size) B: CPU \(.cpu_percent) %, measuring thread \(.thread_cpu_percent) % (try '"$try"')"' \
			/tmp/faulty-kworker.json
		! jq -e '.runs[0].summary[0] | .cpu_percent >= 50' \
			/tmp/faulty-kworker.json >/dev/null || break
	done
	jq -e '.runs[0].summary[0] | .cpu_percent >= 50 and
		.thread_cpu_percent < .cpu_percent / 2' \
		/tmp/faulty-kworker.json >/dev/null ||
		fail "work done in a kworker is not counted as busy time"
}
ktap_test "CPU accounting counts a kworker's work, not only the measuring thread's" \
	offthread_accounting

# fault_error MODE: the error is reported, with its errno, by a run and by
# a verification; the next run works.
fault_error() {
	set_fault "$1"
	faulty_json --depth 8 --no-verify
	jq -r '.runs[0] | "\(.state) \(.status): \(.message)"' /tmp/faulty.json
	[ "$rc" -eq 1 ] || fail "the run exited $rc, expected 1"
	jq -e '.runs[0] | .status == -5 and
		(.message | test("request failed \\(-5\\)"))' \
		/tmp/faulty.json >/dev/null || fail "no -EIO reported"
	jq -e '.runs[0].samples | length == 0' /tmp/faulty.json >/dev/null ||
		fail "figures shown"
	expect_failure 1 "^FAIL .*$FAULTY" \
		kaesbench verify -d "$FAULTY" --cases 4 || return 1
	echo "$out" | grep -q "encryption of .* failed (-5)" ||
		fail "the verification does not give the errno"
	set_fault none
	faulty_json --depth 8
	figures_ok
}
ktap_test "fault error (completed with -EIO): reported; next run works" \
	fault_error error
ktap_test "fault error-now (submission returns -EIO): reported; next run works" \
	fault_error error-now

# Through AF_ALG too, at depth 8 (an operation socket and a thread per
# request in flight), a failed request is an error with its errno, never
# figures, and the lanes stop instead of hanging.
afalg_fault_error() {
	afalg_testable || return "$KSFT_SKIP"
	set_fault error
	kaesbench run -d "$FAULTY" --paths afalg --depth 8 -b 4096 -t 20 -r 2 \
		-w 0 --json >/tmp/faulty.json 2>/tmp/faulty.err
	rc=$?
	set_fault none
	cat /tmp/faulty.err
	jq -r '.runs[] | "\(.path) depth \(.depth): \(.state) \(.status): \(.message)"' \
		/tmp/faulty.json
	# 7.2 on: AF_ALG binds no asynchronous driver; n/a, saying why.
	if afalg_software_only; then
		[ "$rc" -eq 0 ] || fail "the run exited $rc, expected 0 (n/a)"
		jq -e --arg d "$FAULTY" '[.runs[] | .state == "unavailable" and
			(.message | startswith("AF_ALG cannot bind \($d) (bind: ENOENT, No such file or directory, although it is registered: Linux ") and
			 contains("synchronous software implementations only, and \($d) is asynchronous"))] |
			length == 2 and all' /tmp/faulty.json >/dev/null ||
			fail "not n/a with bind's ENOENT and the kernel's reason"
		return 0
	fi
	[ "$rc" -eq 1 ] || fail "the run exited $rc, expected 1"
	jq -e '[.runs[] | .depth == 8 and .state == "ended" and .status == -5 and
		(.message | test("failed at 4096 bytes: Input/output error")) and
		(.samples | length == 0)] | length == 2 and all' \
		/tmp/faulty.json >/dev/null || fail "the failure is not reported as one"
}
ktap_test "AF_ALG at depth 8, fault error: reported with its errno, no figures (7.2 on: n/a, bind's ENOENT and why)" \
	afalg_fault_error

fault_late() {
	echo 50 >"$FAULTY_PARAMS/delay_ms" || fail "cannot set delay_ms"
	set_fault late
	kaesbench run -d "$FAULTY" -b 4096 -t 500 -r 1 -w 0 --depth 4 \
		--no-verify --json >/tmp/faulty-late.json || fail "the run failed"
	set_fault none
	jq -r '.runs[0].summary[] |
		"\(.ops_per_s_median) ops/s, CPU \(.cpu_percent) %"' \
		/tmp/faulty-late.json
	jq -e '.runs[0] | .status == 0 and (.samples | length == 1) and
		.samples[0].ops > 0' /tmp/faulty-late.json >/dev/null ||
		fail "no figures"
	# All CPUs' busy time, 100 = one CPU: a driver that polled would
	# keep one busy. The guest's own timers and completions cost 0 to
	# 8 % here under TCG, and up to 22 % (arm64 6.12) while another VM
	# shares the host, as in make check's two lanes.
	jq -e '.runs[0].summary[0].cpu_percent < 40' /tmp/faulty-late.json \
		>/dev/null || fail "the CPUs were busy while the driver slept"
}
ktap_test "fault late (50 ms): figures; the CPUs idle meanwhile (< 40 %)" \
	fault_late

# Busy time is sampled on ticks: under TCG on a loaded host a vCPU that
# the host deschedules misses some (76-108 % seen for one busy CPU, 52 %
# under a host load of 10 on 2 CPUs, when the sleeping driver's timers
# and completions cost 14 %). So the order is asserted, with a margin of
# two: a driver that polled would cost as much as the busy CPU.
cpu_accounting() {
	kaesbench run -d "$SOFT_AES" -b 4096 -t 500 -r 2 -w 0 --no-verify \
		--json >/tmp/sync.json || fail "the run failed"
	sync=$(jq '.runs[0].summary[0].cpu_percent' /tmp/sync.json)
	late=$(jq '.runs[0].summary[0].cpu_percent' /tmp/faulty-late.json) ||
		fail "no figures from fault late"
	echo "busy CPU: $SOFT_AES $sync %, $FAULTY sleeping $late %"
	jq -n -e "$sync >= 30 and $sync <= 150" >/dev/null ||
		fail "a synchronous implementation is not one CPU busy"
	jq -n -e "$late < $sync / 2" >/dev/null ||
		fail "a sleeping driver costs as much as a busy CPU"
}
ktap_test "CPU accounting: a synchronous run is one CPU busy, a sleeping driver far less" \
	cpu_accounting

fault_reorder() {
	before=$(faulty_count reordered)
	set_fault reorder
	faulty_json --depth 8
	set_fault none
	figures_ok
	echo "completions out of order: $(($(faulty_count reordered) - before))"
	[ "$(faulty_count reordered)" -gt "$before" ] || fail "nothing reordered"
}
ktap_test "fault reorder: figures, verified; completions came newest first" \
	fault_reorder

fault_backlog() {
	before=$(faulty_count backlogged)
	set_fault backlog
	faulty_json --depth 8
	set_fault none
	figures_ok
	echo "-EBUSY: $(($(faulty_count backlogged) - before)), then -EINPROGRESS: $(faulty_count notified) of $(faulty_count backlogged) since load"
	[ "$(faulty_count backlogged)" -gt "$before" ] || fail "nothing backlogged"
	[ "$(faulty_count notified)" -eq "$(faulty_count backlogged)" ] ||
		fail "a backlogged request was not told when it left the backlog"
}
ktap_test "fault backlog (-EBUSY beyond 2 queued): figures, verified" \
	fault_backlog

# wrong_under_load [FAULT]: the faulty driver flips a byte of every 5th
# request submitted while 4 or more are queued (with FAULT: reorder, also
# completing newest first). One case at a time it is never wrong, and
# verify passes; at depth 8 it is caught, the first wrong case named with
# its depth, and the counts of wrong requests are exactly what the driver
# flipped.
wrong_under_load() {
	set_fault "${1:-none}"
	echo 5 >"$FAULTY_PARAMS/corrupt_depth"
	echo 5 >"$FAULTY_PARAMS/corrupt_every"
	trap 'echo 0 >"$FAULTY_PARAMS/corrupt_every"; set_fault none' EXIT
	before=$(faulty_count corrupted)
	kaesbench verify -d $FAULTY --cases 256 --seed 7 >/tmp/load.out 2>&1 ||
		fail "wrong one request at a time: $(cat /tmp/load.out)"
	grep '^PASS' /tmp/load.out
	[ "$(faulty_count corrupted)" -eq "$before" ] ||
		fail "flipped at depth 1"
	reordered=$(faulty_count reordered)
	kaesbench verify -d $FAULTY --cases 256 --seed 7 --depth 8 --json \
		>/tmp/load.json 2>&1
	rc=$?
	kaesbench verify -d $FAULTY --cases 256 --seed 7 --depth 8 \
		>/tmp/load.out 2>&1
	cat /tmp/load.out
	flipped=$(($(faulty_count corrupted) - before))
	echo "flipped by the driver in the two runs: $flipped; reordered: $(($(faulty_count reordered) - reordered))"
	[ "$rc" -eq 1 ] || fail "verify --depth 8 exited $rc, expected 1"
	grep -q "^FAIL .*$FAULTY" /tmp/load.out || fail "no FAIL row"
	grep -Eq "case [0-9]+: (en|de)cryption output differs .*, at depth 8\$" \
		/tmp/load.out || fail "the failure does not say its depth"
	grep -q "reproduce: .* --depth 8\$" /tmp/load.out ||
		fail "the reproduction is not at depth 8"
	jq -e '.verifications[0] | .result == "fail" and .depth == 8 and
		.requests_wrong > 0 and .requests > .requests_wrong' \
		/tmp/load.json >/dev/null || fail "the JSON does not say so"
	wrong=$(jq '.verifications[0].requests_wrong' /tmp/load.json)
	shown=$(sed -n 's/^ *requests: [0-9]* checked at depth 8, \([0-9]*\) wrong, 0 failed$/\1/p' \
		/tmp/load.out)
	[ -n "$shown" ] || fail "no count of wrong requests"
	# Which requests are flipped depends on timing; each one is a case
	# found wrong, and the count misses none.
	[ $((wrong + shown)) -eq "$flipped" ] ||
		fail "$wrong and $shown wrong; the driver flipped $flipped"
	if [ "${1:-}" = reorder ]; then
		[ "$(faulty_count reordered)" -gt "$reordered" ] ||
			fail "nothing completed out of order"
	fi
}
ktap_test "right alone, wrong under load: verify passes, verify --depth 8 catches it with the count" \
	wrong_under_load
ktap_test "the same completing out of order: caught by verify --depth 8" \
	wrong_under_load reorder

# A run verifies first at its own depth: the same driver, right one request
# at a time, is measured at depth 1; at depth 8 its quick verification
# catches it, and the run shows no figures.
run_depth_catches() {
	echo 5 >"$FAULTY_PARAMS/corrupt_depth"
	echo 5 >"$FAULTY_PARAMS/corrupt_every"
	trap 'echo 0 >"$FAULTY_PARAMS/corrupt_every"' EXIT
	faulty_json
	figures_ok
	expect_failure 1 \
		"verification failed: case [0-9]*: .*, at depth 8" \
		kaesbench run -d $FAULTY -b 64,4096 -t 20 -r 2 -w 0 --depth 8 ||
		return 1
	echo "$out" | grep -q 'ops/s\|MB/s' && fail "figures shown"
	faulty_json --depth 8
	[ "$rc" -eq 1 ] || fail "the JSON run exited $rc, expected 1"
	jq -e '.runs[0] | .state == "invalid" and .depth == 8 and
		(.samples // [] | length == 0)' /tmp/faulty.json >/dev/null ||
		fail "the JSON does not say invalid at depth 8 without samples"
}
ktap_test "a run at depth 8 verifies at depth 8: the driver wrong under load shows no figures" \
	run_depth_catches

# On CPUs at once: at depth 4 one CPU never has 5 requests queued, and
# verify passes; on both CPUs at once 8 are in flight, and it is caught,
# the CPU named, every wrong request counted; a run on both at depth 4
# verifies the same way first and measures nothing.
wrong_on_cpus() {
	echo 5 >"$FAULTY_PARAMS/corrupt_depth"
	echo 5 >"$FAULTY_PARAMS/corrupt_every"
	trap 'echo 0 >"$FAULTY_PARAMS/corrupt_every"' EXIT
	cpus=$(cat /sys/devices/system/cpu/online)
	kaesbench verify -d $FAULTY --cases 256 --seed 7 --depth 4 \
		>/tmp/load.out 2>&1 ||
		fail "wrong at depth 4 on one CPU: $(cat /tmp/load.out)"
	grep '^PASS' /tmp/load.out
	before=$(faulty_count corrupted)
	kaesbench verify -d $FAULTY --cases 256 --seed 7 --depth 4 --cpus all \
		--json >/tmp/load.json 2>&1
	expect_failure 1 "^FAIL .* on 2 CPUs\$" \
		kaesbench verify -d $FAULTY --cases 256 --seed 7 --depth 4 \
		--cpus all || return 1
	flipped=$(($(faulty_count corrupted) - before))
	echo "$out" | grep -Eq "case [0-9]+: .*, at depth 4, on CPU [0-9]+\$" ||
		fail "the failure does not name its CPU"
	echo "$out" | grep -q "reproduce: .* --depth 4 --cpus $cpus\$" ||
		fail "the reproduction is not on CPUs $cpus"
	shown=$(echo "$out" | sed -n "s/^ *requests: [0-9]* checked at depth 4 on CPUs $cpus, \([0-9]*\) wrong, 0 failed\$/\1/p")
	[ -n "$shown" ] || fail "no count of wrong requests on CPUs $cpus"
	jq -e --arg cpus "$cpus" '.verifications[0] | .result == "fail" and
		.cpus == $cpus and .case.cpu != null and .requests_wrong > 0' \
		/tmp/load.json >/dev/null || fail "the JSON does not say so"
	wrong=$(jq '.verifications[0].requests_wrong' /tmp/load.json)
	echo "wrong: $wrong and $shown; flipped by the driver: $flipped"
	[ $((wrong + shown)) -eq "$flipped" ] ||
		fail "$wrong and $shown wrong; the driver flipped $flipped"
	expect_failure 1 \
		"verification failed: case [0-9]*: .*, at depth 4, on CPU [0-9]" \
		kaesbench run -d $FAULTY -b 64 -t 20 -r 1 -w 0 --depth 4 \
		--cpus all || return 1
}
ktap_test "right on one CPU at depth 4, wrong on two at once: verify --cpus all and run --cpus all catch it, naming the CPU" \
	wrong_on_cpus

# The measured requests are checked too: a driver right through the
# verification and wrong from its 200th request under load on, every
# one, is caught while measured at depth 8: exit 1, no figures, the JSON
# invalid with the counts; --check-every 0 measures it, and says the
# measured requests were not checked. A run's verification submits 192
# requests at most (KAESBENCH_QUICK_CASES, 96, an encryption and a
# decryption each), so it never sees a wrong one, however many of them
# are under load (about 72 here; a threshold of 150 was once reached on
# a loaded CI machine); the measurement submits some 2 400 under TCG
# (0.3 s, 2 sizes, 2 samples), a tenth of which would still do.
run_checks_measured() {
	measured="-d $FAULTY -b 64,4096 -t 300 -r 2 -w 0 --depth 8"
	echo 5 >"$FAULTY_PARAMS/corrupt_depth"
	echo 1 >"$FAULTY_PARAMS/corrupt_every"
	trap 'echo 0 >"$FAULTY_PARAMS/corrupt_every"; echo 0 >"$FAULTY_PARAMS/corrupt_after"' EXIT
	echo 200 >"$FAULTY_PARAMS/corrupt_after"
	# shellcheck disable=SC2086 # $measured is a word list
	expect_failure 1 \
		"a measured request was wrong: a measured [0-9]*-byte request came back wrong from byte" \
		kaesbench run $measured || return 1
	echo "$out" | grep -q 'MB/s' && fail "figures shown"
	echo 200 >"$FAULTY_PARAMS/corrupt_after"
	# shellcheck disable=SC2086 # $measured is a word list
	kaesbench run $measured --json >/tmp/faulty.json 2>/tmp/faulty.err
	rc=$?
	[ "$rc" -eq 1 ] || fail "the JSON run exited $rc, expected 1"
	jq -c '.runs[0] | {state, check_every, measured_checked, measured_wrong, samples: (.samples | length)}' \
		/tmp/faulty.json
	jq -e '.runs[0] | .state == "invalid" and .check_every == 32 and
		.measured_wrong >= 1 and .measured_checked >= .measured_wrong and
		(.samples | length) == 0 and (.summary | length) == 0' \
		/tmp/faulty.json >/dev/null ||
		fail "the JSON does not say invalid, with the counts and no samples"
	echo 200 >"$FAULTY_PARAMS/corrupt_after"
	# shellcheck disable=SC2086 # $measured is a word list
	kaesbench run $measured --check-every 0 >/tmp/faulty.out 2>&1 ||
		fail "--check-every 0 failed: $(cat /tmp/faulty.out)"
	cat /tmp/faulty.out
	grep -q '^measured requests not checked (--check-every 0)$' \
		/tmp/faulty.out || fail "not said that nothing measured was checked"
}
ktap_test "a driver wrong only after its verification is caught while measured (1 in 32 checked); --check-every 0 measures it" \
	run_checks_measured

# The soak (verify --time) at depth 8 against the same driver: it goes on
# past the first wrong round, counts every wrong request, and shows the
# first wrong round with the seed and depth that reproduce it.
soak_catches() {
	echo 5 >"$FAULTY_PARAMS/corrupt_depth"
	echo 5 >"$FAULTY_PARAMS/corrupt_every"
	trap 'echo 0 >"$FAULTY_PARAMS/corrupt_every"' EXIT
	before=$(faulty_count corrupted)
	start=$(cut -d ' ' -f 1 /proc/uptime)
	kaesbench verify -d $FAULTY --time 30s --depth 8 >/tmp/soak.out 2>&1
	rc=$?
	took=$(awk -v s="$start" '{ printf "%d", $1 - s }' /proc/uptime)
	cat /tmp/soak.out
	flipped=$(($(faulty_count corrupted) - before))
	echo "exit $rc after $took s; the driver flipped $flipped"
	[ "$rc" -eq 1 ] || fail "exit $rc, expected 1"
	[ "$took" -ge 30 ] || fail "ended before its time"
	[ "$took" -le $((60 * KTAP_SLOWDOWN)) ] || fail "ran far past its time"
	line=$(grep '^FAIL .* rounds: ' /tmp/soak.out) || fail "no FAIL line"
	rounds=$(echo "$line" | sed -n 's/.*, \([0-9]*\) rounds:.*/\1/p')
	wrong=$(echo "$line" | sed -n 's/.* \([0-9]*\) wrong,.*/\1/p')
	[ "$rounds" -gt 1 ] || fail "the soak stopped at its first wrong round"
	[ "$wrong" -eq "$flipped" ] ||
		fail "$wrong wrong counted, the driver flipped $flipped"
	grep -q "^the first round that went wrong:" /tmp/soak.out ||
		fail "the first wrong round is not shown"
	grep -q "reproduce: kaesbench verify -d $FAULTY --seed [0-9]* --cases [0-9]* --depth 8\$" \
		/tmp/soak.out || fail "no reproduction at depth 8"
}
ktap_test "a 30 s soak at depth 8 catches the driver wrong under load, with every wrong request counted" \
	soak_catches

# Ctrl-C ends a soak with its summary so far, exit 130; a right driver
# soaked passes.
soak_interrupted() {
	kaesbench verify -d $FAULTY --time 2s --depth 4 --json >/tmp/soak.json ||
		fail "a right driver's soak failed: $(jq -c . /tmp/soak.json)"
	jq -e '.verifications[0] | .result == "pass" and .soak.rounds > 0 and
		.soak.requests > 0 and .soak.requests_wrong == 0' /tmp/soak.json \
		>/dev/null || fail "the JSON does not say it passed"
	jq -c '.verifications[0].soak' /tmp/soak.json
	kaesbench verify -d $FAULTY --time 10m >/tmp/soak.out 2>&1 &
	pid=$!
	sleep 3
	kill -INT "$pid"
	wait "$pid"
	rc=$?
	cat /tmp/soak.out
	[ "$rc" -eq 130 ] || fail "exit $rc, expected 130"
	grep -q '^STOP .* rounds: ' /tmp/soak.out || fail "no summary"
	grep -q 'interrupted: the counts so far' /tmp/soak.out ||
		fail "not said to be interrupted"
}
ktap_test "a soak: a right driver passes; Ctrl-C ends it with the summary so far, exit 130" \
	soak_interrupted

# The same driver as a gcm(aes) AEAD, kaesbench_faulty loaded again with
# modes=cbc,ctr,gcm, and gcm's template over its ctr(aes): right, each
# passes a verification at depth 8 (the AEAD the crypto manager's
# self-tests too); every request submitted under load flipped (an AEAD's
# tag when encrypting; when decrypting its plaintext, reported a
# success), verify --depth 8 catches each.
FAULTY_GCM=kaesbench_faulty_gcm_aes

# gcm_verify DRIVER: a verification of DRIVER at depth 8, its output in $out.
gcm_verify() {
	out=$(kaesbench verify -d "$1" --cases 64 --seed 7 --depth 8 2>&1)
}

faulty_gcm() {
	unload kaesbench_faulty || fail "kaesbench_faulty stays loaded"
	insmod /opt/kaesbench/kaesbench_faulty.ko modes=cbc,ctr,gcm ||
		fail "insmod modes=cbc,ctr,gcm failed"
	grep -A 10 "^driver *: $FAULTY_GCM\$" /proc/crypto >/tmp/faulty.proc
	cat /tmp/faulty.proc
	grep -q '^selftest *: passed' /tmp/faulty.proc || fail "self-tests not passed"
	grep -q '^type *: aead' /tmp/faulty.proc || fail "not an AEAD"
	grep -q '^async *: yes' /tmp/faulty.proc || fail "not asynchronous"
	over_ctr="gcm_base(kaesbench_faulty_ctr_aes,$(soft_ghash))"
	for d in $FAULTY_GCM "$over_ctr"; do
		gcm_verify "$d" || fail "right, yet not verified: $out"
		echo "$out" | grep "^PASS"
	done
	echo 4 >"$FAULTY_PARAMS/corrupt_depth"
	echo 1 >"$FAULTY_PARAMS/corrupt_every"
	trap 'echo 0 >"$FAULTY_PARAMS/corrupt_every"' EXIT
	for d in $FAULTY_GCM "$over_ctr"; do
		before=$(faulty_count corrupted)
		gcm_verify "$d"
		rc=$?
		echo "$out" | grep -E "^FAIL|case [0-9]+:"
		echo "flipped by the driver: $(($(faulty_count corrupted) - before))"
		[ "$rc" -eq 1 ] || fail "verify of $d exited $rc, expected 1"
		echo "$out" | grep -qF "FAIL" || fail "no FAIL row for $d"
		echo "$out" | grep -Eq "case [0-9]+: .*, at depth 8\$" ||
			fail "the failure of $d does not say its depth"
		[ "$(faulty_count corrupted)" -gt "$before" ] ||
			fail "the driver flipped nothing"
	done
}
ktap_test "gcm(aes) as an AEAD and under gcm's template over ctr(aes): right, both verified; wrong under load, verify --depth 8 catches both" \
	faulty_gcm

# Requests never completed, given up: 98*-given-up-*.sh, order=last, since
# from the first of them kaesbench stays loaded until reboot. They load
# this driver again, in copies.
grep -q '^kaesbench_faulty ' /proc/modules && unload kaesbench_faulty
