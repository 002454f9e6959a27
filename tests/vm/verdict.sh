#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Judges one boot of the in-VM suite from the logs boot.sh wrote.
#
# usage: tests/vm/verdict.sh [-n] LOGDIR LABEL
#   -n  a suite that prints no results JSON (cpu-blacklisted): none is
#       looked for, nor a sweep to plot
#
# Fails on any "not ok", on a missing plan or a plan that does not match
# the results, on a missing success marker (a VM that died or timed out),
# on any kernel report in the console (Oops, BUG, WARN, lockdep, KASAN,
# UBSAN, kmemleak, DEBUG_OBJECTS, sleeping in atomic context, stalls,
# panics), on any taint other than out-of-tree and unsigned module, and on
# a results JSON document (75-results.sh prints them between marker lines)
# that Documentation/kaesbench-results.schema.json refuses, or on none at
# all; where gnuplot is installed, on a sweep document that kaesbench plot
# cannot draw with its selected implementation. One report is allowed: the WARN of virtio_crypto's RSA self-test,
# which QEMU's builtin backend cannot pass.
# Prints "LABEL: N passed, N failed, N skipped" last, with the first line
# of each problem in brackets after it when there are any.

set -u

top=$(cd "$(dirname "$0")/../.." && pwd)
documents=yes
if [ "${1:-}" = -n ]; then
	documents=
	shift
fi
logdir=$1
label=$2
ktap=$logdir/output.log
console=$logdir/console.log
problems=

# Each problem in full above the summary, and its first line (cut to 160
# characters) in it: CI may keep the summary lines only.
problem() {
	echo "# $label: $*"
	headline=$(echo "$*" | head -n 1 | cut -c 1-160)
	problems="${problems:+$problems | }$headline"
}

pass=$(grep -c '^ok [0-9]* [^#]*$' "$ktap")
skip=$(grep -c '^ok [0-9]* .*# SKIP' "$ktap")
fail=$(grep -c '^not ok ' "$ktap")
plan=$(sed -n 's/^1\.\.\([0-9]*\)$/\1/p' "$ktap" | tail -n 1)

[ "$fail" -eq 0 ] || problem "$fail test(s) failed:" \
	"$(sed -n 's/^not ok //p' "$ktap" | tr '\n' ';')"
if [ -z "$plan" ]; then
	problem "no KTAP plan: the suite did not finish"
elif [ "$plan" -ne $((pass + skip + fail)) ]; then
	problem "plan says $plan tests, $((pass + skip + fail)) reported"
fi
grep -q '^# kaesbench-vm: success$' "$ktap" ||
	[ "$fail" -ne 0 ] || problem "no success marker"

# Kernel reports, less the one allowed WARN block (cut here ... end trace).
allowed_warn=0
reports=$(tr -d '\r' <"$console" | awk '
	/-+\[ cut here \]-+/ { inblock = 1; block = ""; next }
	inblock {
		block = block $0 "\n"
		if ($0 ~ /---\[ end trace/) {
			inblock = 0
			if (block ~ /virtio-crypto-rsa/ && !allowed++)
				next
			printf "%s", block
		}
		next
	}
	{ print }
	END { if (inblock) printf "%s", block }' |
	grep -E 'Oops|BUG:|kernel BUG|WARNING:|KASAN|UBSAN|kmemleak: [0-9]+ new suspected|unreferenced object|circular locking|recursive locking|inconsistent lock state|lock inversion|lock held|suspicious RCU usage|sleeping function called|ODEBUG:|INFO: task .* blocked|rcu.*(stall|detected)|soft lockup|hard LOCKUP|Kernel panic|general protection fault|Call Trace:')
[ -z "$reports" ] || problem "kernel reports:
$(echo "$reports" | head -20)"
tr -d '\r' <"$console" | grep -q 'cut here' &&
	tr -d '\r' <"$console" | grep -q 'virtio-crypto-rsa' && allowed_warn=1

# Taint: O (4096) out-of-tree and E (8192) unsigned are expected, W (512)
# only with the allowed WARN.
taint=$(sed -n 's/^# taint: \([0-9]*\)$/\1/p' "$ktap" | tail -n 1)
if [ -n "$taint" ]; then
	allowed=$((4096 | 8192))
	[ $allowed_warn -eq 1 ] && allowed=$((allowed | 512))
	[ $((taint & ~allowed)) -eq 0 ] ||
		problem "unexpected kernel taint $taint"
elif [ -n "$plan" ]; then
	problem "the suite did not report the kernel taint"
fi

# The VM's JSON, validated here: the guest has no python3-jsonschema.
if [ -n "$documents" ]; then
	schema=$("${PYTHON:-/usr/bin/python3}" \
		"$top/tests/results/validate.py" --ktap "$ktap" 2>&1)
	schema_rc=$?
	echo "$schema" | sed "s/^/# $label: results JSON /"
	[ $schema_rc -eq 0 ] ||
		problem "the schema refused results JSON (above)"
fi

# The sweep the VM measured, drawn here where gnuplot is (make check
# installs gnuplot-nox): a plot that fails, or does not single out the
# implementation the crypto API selected, fails the verdict. Kept as
# LOGDIR/plot-LABEL.svg.
if [ -n "$documents" ] && command -v gnuplot >/dev/null &&
	[ $schema_rc -eq 0 ]; then
	sweep=$logdir/sweep.json
	plot=$logdir/plot-$label.svg
	awk '$0 == "# kaesbench-results-json: begin sweep" { doc = 1; next }
		doc && $0 == "# kaesbench-results-json: end" { exit }
		doc { sub(/^# /, ""); print }' "$ktap" >"$sweep"
	rm -f "$plot"
	if [ ! -s "$sweep" ]; then
		problem "no sweep document to plot"
	elif ! out=$("$top/user/kaesbench" plot -o "$plot" "$sweep" 2>&1); then
		problem "kaesbench plot of the sweep failed: $out"
	elif [ ! -s "$plot" ] || ! grep -q 'selected)' "$plot"; then
		problem "$plot is empty or names no selected implementation"
	else
		echo "# $label: sweep plotted: $plot"
	fi
fi

echo "$label: $pass passed, $fail failed, $skip skipped${problems:+ [$problems]}"
[ -z "$problems" ]
