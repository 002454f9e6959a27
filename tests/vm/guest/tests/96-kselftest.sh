# SPDX-License-Identifier: GPL-2.0
# kaesbench-test: module=loaded check=6.12
# The kselftest target (tests/kselftest), installed as a CI fleet installs
# it (scripts/kselftest-install.sh: the kernel's selftests Makefile, into
# /opt/kselftest) and run as kselftest's runner runs it: from its own
# directory, bounded by its settings' timeout. Its KTAP must be sound.

KSFT=/opt/kselftest

# ktap_sound FILE: a version line, a plan 1..N, N results numbered in
# order, no failure, totals that add up.
ktap_sound() {
	awk '
	NR == 1 && !/^TAP version 13$/ { print "no version line"; bad = 1 }
	/^1\.\.[0-9]+/ { split($1, p, /\.\./); plan = p[2] }
	/^(not )?ok [0-9]+ / {
		n++
		num = $1 == "ok" ? $2 : $3
		if (num != n) { print "result " num " out of order"; bad = 1 }
		if ($1 == "not") { print "failed: " $0; bad = 1 }
	}
	/^# Totals: / { totals = $0 }
	/^# throughput: / { figures++ }
	END {
		if (plan == "" || plan != n) { print "plan " plan ", results " n; bad = 1 }
		if (totals == "") { print "no totals"; bad = 1 }
		if (!figures) { print "no throughput line"; bad = 1 }
		exit bad
	}' "$1"
}

kselftest_runs() {
	[ -x $KSFT/kaesbench/kaesbench.sh ] || {
		echo "no kselftest install: the host lacks linux-source"
		exit "$KSFT_SKIP"
	}
	timeout=$(sed -n 's/^timeout=//p' $KSFT/kaesbench/settings)
	(cd $KSFT/kaesbench && timeout "$timeout" ./kaesbench.sh) \
		>/tmp/ksft.out 2>&1
	rc=$?
	cat /tmp/ksft.out
	[ $rc -eq 0 ] || fail "kaesbench.sh exited $rc"
	ktap_sound /tmp/ksft.out || fail "its KTAP is not sound"
}

KTAP_TIMEOUT=600 ktap_test "the kselftest passes and its KTAP is sound" \
	kselftest_runs
