#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# kaesbench kselftest: the module answers, lists the AES implementations of
# the crypto API, verifies aes, cbc, ctr, xts and gcm against the generic
# reference and measures them; KTAP on stdout, throughput as diagnostic
# lines ("# throughput: ALGORITHM DRIVER SIZE B MB/s").
#
# Needs the kaesbench tool on PATH and its module installed (modprobe
# kaesbench) or named by KAESBENCH_MODULE=/path/to/kaesbench.ko. Leaves the
# module loaded or not, as it found it. The deeper suite (every driver,
# refusals, cancellation, faults) is tests/vm in kaesbench's tree.

dir=$(cd "$(dirname "$0")" && pwd)
# An installed kselftest tree has kselftest/ beside this directory; the
# Makefile exports KSFT_DIR when run from elsewhere.
# shellcheck source=/dev/null
. "${KSFT_DIR:-$dir/..}/kselftest/ktap_helpers.sh"

ALGORITHMS="aes cbc(aes) ctr(aes) xts(aes) gcm(aes)"
# Short samples: the figures are for the record, nothing is timed.
RUN_OPTS="-b 64,1024,8192 -t 50 -r 3 -w 10"
VERIFY_CASES=64

ktap_print_header

[ "$(id -u)" -eq 0 ] || {
	ktap_skip_all "kaesbench needs root (loading the module, CAP_SYS_ADMIN)"
	exit "$KSFT_SKIP"
}
command -v kaesbench >/dev/null || {
	ktap_skip_all "the kaesbench tool is not installed (make install)"
	exit "$KSFT_SKIP"
}

loaded_before=no
[ -d /sys/module/kaesbench ] && loaded_before=yes
if [ $loaded_before = no ]; then
	if [ -n "${KAESBENCH_MODULE:-}" ]; then
		insmod "$KAESBENCH_MODULE"
	else
		modprobe kaesbench
	fi || {
		ktap_skip_all "the kaesbench module is not installed (make install, dkms)"
		exit "$KSFT_SKIP"
	}
fi

# Two tests for the list, then a verification and a run per algorithm.
ktap_set_plan $((2 + 2 * $(echo "$ALGORITHMS" | wc -w)))
ktap_print_msg "kernel $(uname -r), $(kaesbench --version)"

list=$(mktemp)
out=$(mktemp)
trap 'rm -f "$list" "$out"' EXIT

# The tool's output, as diagnostic lines.
diag() {
	sed 's/^/# /' "$1"
}

if kaesbench list --dump >"$list" 2>"$out" && [ -s "$list" ]; then
	ktap_print_msg "$(wc -l <"$list") AES implementations"
	ktap_test_pass "kaesbench list"
else
	diag "$out"
	ktap_test_fail "kaesbench list"
fi

# Every listed driver is one of /proc/crypto's, but the library paths
# (lib:NAME), which the AES library's callers call without the crypto API.
unknown=$(cut -f 2 "$list" | grep -v '^lib:' | while read -r driver; do
	grep -q "^driver *: $driver\$" /proc/crypto || echo "$driver"
done)
if [ -s "$list" ] && [ -z "$unknown" ]; then
	ktap_test_pass "every listed implementation is in /proc/crypto"
else
	ktap_print_msg "not in /proc/crypto: $unknown"
	ktap_test_fail "every listed implementation is in /proc/crypto"
fi

# registered ALGORITHM: the crypto API has an implementation of it.
registered() {
	cut -f 1 "$list" | grep -qxF "$1"
}

for alg in $ALGORITHMS; do
	if ! registered "$alg"; then
		ktap_test_skip "verify $alg: not registered"
	elif kaesbench verify -a "$alg" --cases $VERIFY_CASES >"$out" 2>&1; then
		diag "$out"
		ktap_test_pass "verify $alg"
	else
		diag "$out"
		ktap_test_fail "verify $alg"
	fi
done

# throughput ALGORITHM: one diagnostic line per size of the run's table,
# whose figures may carry a mark (a wide spread, say), left out here.
throughput() {
	awk -v alg="$1" '
		/ encrypt with / { driver = $4 }
		/^ *[0-9]+ +[0-9.]+[^ ]* / && driver != "" {
			mbps = $2
			sub(/[^0-9.].*/, "", mbps)
			print "# throughput: " alg " " driver " " $1 " B " mbps " MB/s"
			n++
		}
		END { exit n == 0 }' "$out"
}

for alg in $ALGORITHMS; do
	if ! registered "$alg"; then
		ktap_test_skip "run $alg: not registered"
		continue
	fi
	# shellcheck disable=SC2086 # a word list
	if kaesbench run -a "$alg" $RUN_OPTS >"$out" 2>&1 && throughput "$alg"; then
		ktap_test_pass "run $alg"
	else
		diag "$out"
		ktap_test_fail "run $alg"
	fi
done

if [ $loaded_before = no ]; then
	rmmod kaesbench || ktap_print_msg "could not unload kaesbench"
fi
ktap_finished
