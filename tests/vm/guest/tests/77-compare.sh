# SPDX-License-Identifier: GPL-2.0
# kaesbench-test: module=loaded check=6.12
# kaesbench compare on runs made here. The slowed run is a deliberately
# slowed implementation: the test driver kaesbench_faulty
# (tests/modules/kaesbench_faulty.c) measured as it is, then switched to
# completing every request a few milliseconds late. Same driver, same
# options: the rows' keys match, and the Mann-Whitney test on 7 samples a
# side must tell the two apart from TCG's noise. Asserted: the verdict and
# the exit status, never a figure.

COMPARE_RUN="-b 1024,16384 -t 20 -r 7 -w 5 --json"
FAULTY=kaesbench_faulty_cbc_aes
FAULTY_PARAMS=/sys/module/kaesbench_faulty/parameters

# compare_run FILE DRIVER [OPTIONS]: one run, saved as JSON, with OPTIONS
# (default $COMPARE_RUN).
compare_run() {
	# shellcheck disable=SC2086 # the options are a word list
	kaesbench run -d "$2" ${3:-$COMPARE_RUN} >"$1" 2>/tmp/compare.err ||
		{ cat /tmp/compare.err; fail "kaesbench run -d $2 failed"; }
}

# faulty_unload: the faulty driver back to normal and unloaded, whatever
# state a failed test left it in (80-faults.sh loads it afresh).
faulty_unload() {
	[ -d $FAULTY_PARAMS ] || return 0
	echo none >$FAULTY_PARAMS/fault
	rmmod kaesbench_faulty
}

# slowed_runs: /tmp/old.json of the faulty driver as it is, /tmp/new.json
# of the same driver completing each request 2 ms late (a jiffy or more).
# The runs are made in a subshell, so that the driver is unloaded after
# them even when one fails.
slowed_runs() {
	insmod /opt/kaesbench/kaesbench_faulty.ko || fail "insmod kaesbench_faulty failed"
	(
		compare_run /tmp/old.json $FAULTY
		{ echo 2 >$FAULTY_PARAMS/delay_ms && echo late >$FAULTY_PARAMS/fault; } ||
			fail "cannot slow the faulty driver"
		compare_run /tmp/new.json $FAULTY
	)
	rc=$?
	faulty_unload || fail "rmmod kaesbench_faulty failed"
	[ "$rc" -eq 0 ] || exit "$rc"
}

compare_regression() {
	slowed_runs
	kaesbench compare /tmp/old.json /tmp/new.json >/tmp/compare.out 2>&1
	rc=$?
	cat /tmp/compare.out
	[ "$rc" -eq 1 ] || fail "exit $rc, expected 1 (a significant regression)"
	grep -q "^  kernel  *$FAULTY .* REGRESSION\$" /tmp/compare.out ||
		fail "no REGRESSION row"
	grep -q '^compare: 2 regressions' /tmp/compare.out ||
		fail "not both sizes counted as regressions"
	# The same, for scripts.
	kaesbench compare --json /tmp/old.json /tmp/new.json >/tmp/compare.json
	[ $? -eq 1 ] || fail "--json: not exit 1"
	jq -e '.verdicts.regression == 2 and
	       ([.rows[] | select(.verdict == "regression") | .change_percent < -5]
		| all)' /tmp/compare.json >/dev/null ||
		fail "--json: regression rows not flagged"
}
ktap_test "compare: the faulty driver slowed (late, 2 ms) is a regression, exit 1" \
	compare_regression

compare_identical() {
	[ -s /tmp/old.json ] || compare_run /tmp/old.json ${CPU_CBC}
	kaesbench compare /tmp/old.json /tmp/old.json >/tmp/compare.out 2>&1
	rc=$?
	cat /tmp/compare.out
	[ "$rc" -eq 0 ] || fail "exit $rc, expected 0"
	grep -q '^compare: 0 regressions, 0 improvements, 0 within threshold, 2 no significant change' \
		/tmp/compare.out || fail "identical runs differ"
}
ktap_test "compare: a run against itself, no regression, exit 0" \
	compare_identical

# The same implementation with the same options, TCG's noise alone. Two
# runs made one after the other differ by whatever else the host did
# between them (make check runs its host stages beside the VM), which
# compare rightly reports; so one run's samples are dealt into two files,
# alternately for each size, and any drift falls on both alike. With 7
# samples a side the smallest p is 0.00058: at alpha 0.001 only a complete
# separation of the samples and a drop of more than 10 % would read as a
# regression.
compare_alternate_samples() {
	compare_run /tmp/aesni.json ${CPU_CBC} \
		"-b 1024,16384 -t 20 -r 14 -w 5 --json"
	for half in 0 1; do
		jq --argjson half $half '.runs |= map(.samples |=
			[group_by(.size)[] | to_entries[] |
			 select(.key % 2 == $half) | .value])' /tmp/aesni.json \
			>/tmp/aesni$half.json || fail "cannot deal the samples"
	done
	kaesbench compare --alpha 0.001 --threshold 10 /tmp/aesni0.json \
		/tmp/aesni1.json >/tmp/compare.out 2>&1
	rc=$?
	cat /tmp/compare.out
	[ "$rc" -eq 0 ] || fail "exit $rc, expected 0"
	if grep -q 'REGRESSION$' /tmp/compare.out; then
		fail "a REGRESSION row between the halves of one run"
	fi
	grep -q '^compare: 0 regressions, 0 improvements, 0 within threshold, 2 no significant change' \
		/tmp/compare.out || fail "no summary line, or rows not both tested"
	grep -q ' 7:7 ' /tmp/compare.out || fail "not 7 samples a side"
}
ktap_test "compare: one run's samples dealt alternately into two files, no regression at alpha 0.001, exit 0" \
	compare_alternate_samples

compare_other_algorithm() {
	[ -s /tmp/old.json ] || compare_run /tmp/old.json ${CPU_CBC}
	compare_run /tmp/ctr.json ${CPU_CTR}
	expect_failure 2 "different algorithms: OLD (/tmp/old.json) has cbc(aes), NEW (/tmp/ctr.json) has ctr(aes)" \
		kaesbench compare /tmp/old.json /tmp/ctr.json
}
ktap_test "compare: runs of different algorithms, exit 2" \
	compare_other_algorithm

compare_truncated() {
	[ -s /tmp/old.json ] || compare_run /tmp/old.json ${CPU_CBC}
	head -c 1000 /tmp/old.json >/tmp/cut.json
	expect_failure 2 "/tmp/cut.json: truncated JSON" \
		kaesbench compare /tmp/old.json /tmp/cut.json
}
ktap_test "compare: a truncated file, exit 2" compare_truncated

plot_without_gnuplot() {
	# No gnuplot in the VM: said before measuring anything.
	out=$(kaesbench run -d ${CPU_CBC} -b 1024 -t 20 -r 2 \
		--plot /tmp/p.svg 2>&1)
	rc=$?
	echo "$out"
	[ "$rc" -eq 1 ] || fail "exit $rc, expected 1"
	echo "$out" | grep -q "install the Debian package gnuplot-nox" ||
		fail "no word of the package"
	if echo "$out" | grep -q "MB/s"; then
		fail "measured anyway"
	fi
}
ktap_test "--plot without gnuplot: refused before measuring" \
	plot_without_gnuplot

# Should a test have been killed (its time limit) with the driver loaded.
faulty_unload >/dev/null 2>&1
