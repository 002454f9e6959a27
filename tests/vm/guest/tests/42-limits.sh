# SPDX-License-Identifier: GPL-2.0
# kaesbench-test: module=loaded
# Limits of a run: the overall duration cap (KAESBENCH_MAX_RUN_MS), checked
# before anything starts; and a tool that reads its results slowly, whose
# receive buffer fills up: the kernel waits for room rather than fail the
# run, so every sample gets there.

# An attribute payload for kaesbench-nlprobe: __u32 values, host order.
hex_u32s() {
	for v; do
		printf '%08x' "$v" | sed 's/\(..\)\(..\)\(..\)\(..\)/\4\3\2\1/'
	done
}

hex_str() {
	printf '%s\0' "$1" | od -An -tx1 | tr -d ' \n'
}

# limits_probe SIZES SAMPLE_MS SAMPLES WARMUP_MS [OPTION...]: a run request
# of the software cipher ($SOFT_AES) by kaesbench-nlprobe (the tool might refuse it first).
limits_probe() {
	sizes=$1
	ms=$2
	samples=$3
	warmup=$4
	shift 4
	# shellcheck disable=SC2086 # $sizes is a word list
	kaesbench-nlprobe "$@" 1 4:"$(hex_str "$SOFT_AES")" \
		8:"$(hex_u32s $sizes)" 9="$ms" 10="$samples" 11="$warmup" 29:
}

# A run that ends as soon as its socket closes, once it started: the next
# one may have to wait for that.
limits_idle() {
	i=0
	until kaesbench run -d "$SOFT_AES" -b 16 -t 10 -r 1 -w 0 >/dev/null 2>&1; do
		i=$((i + 1))
		[ $i -gt 30 ] && fail "no run could start 3 s after the last"
		sleep 0.1
	done
}

# over_an_hour SIZES SAMPLE_MS SAMPLES WARMUP_MS: refused with a reason of
# its own, not as busy; the machine idle again whatever happened (a run
# accepted stops as the probe closes its socket).
over_an_hour() {
	expect_failure 1 "extack: " limits_probe "$@"
	rc=$?
	limits_idle
	[ $rc -eq 0 ] || return 1
	! echo "$out" | grep -q "in progress" || fail "refused as busy"
}

# sizes x (warm-up + samples x sample time), over an hour: refused by the
# request itself, with a reason, before any job starts; exactly an hour
# is not refused.
duration_capped() {
	echo "requests of $SOFT_AES"
	status=0
	# 1 x (0 + 1000 x 3601 ms)
	over_an_hour 16 3601 1000 0 || status=1
	# 2 x (1000 + 1000 x 1800 ms)
	over_an_hour "16 64" 1800 1000 1000 || status=1
	# 32 x (60000 + 1000 x 60000 ms): the largest the policy lets through
	over_an_hour "$(seq -s ' ' 16 16 512)" 60000 1000 60000 || status=1
	# 1 x (0 + 1000 x 3600 ms): accepted; closing the socket stops it.
	out=$(limits_probe 16 3600 1000 0 2>&1)
	rc=$?
	echo "$out"
	[ "$rc" -eq 0 ] || { echo "a run of exactly an hour refused"; status=1; }
	limits_idle
	return $status
}
ktap_test "a run over an hour in total is refused before it starts; an hour is not" \
	duration_capped

# backpressure CPUS SAMPLES: a run of the software cipher on every CPU of CPUS (a
# list; empty: one thread, unbound), 1 ms samples, read by a socket with
# the smallest receive buffer that sleeps 5 ms before each read and sets
# NETLINK_NO_ENOBUFS: every sample arrives, and the run ends well.
backpressure() {
	cpus=$1
	samples=$2
	ncpus=$(echo "$cpus" | wc -w)
	set --
	[ "$ncpus" -gt 0 ] || ncpus=1
	# shellcheck disable=SC2086 # $cpus is a word list
	[ -z "$cpus" ] || set -- 30:"$(hex_u32s $cpus)"
	# Bounded: a lost end leaves the probe waiting for it.
	timeout 60 kaesbench-nlprobe -N -b 1 -s 5 -e 3 1 \
		4:"$(hex_str "$SOFT_AES")" 8:"$(hex_u32s 16)" 9=1 \
		10="$samples" 11=0 29: "$@" >/tmp/slow.out 2>&1
	rc=$?
	got=$(grep -c '^msg 2$' /tmp/slow.out)
	echo "$SOFT_AES, exit $rc: $got samples of $((ncpus * samples)); the end:"
	awk '/^msg 3$/ { f = 1 } f' /tmp/slow.out
	grep -q '^msg 3$' /tmp/slow.out || fail "no end of the run within 60 s"
	[ "$rc" -eq 0 ] || fail "kaesbench-nlprobe exited $rc"
	awk '/^msg 3$/ { f = 1 } f && $1 == 15 { exit $2 != 0 }' /tmp/slow.out ||
		fail "the run did not end with status 0"
	[ "$got" -eq $((ncpus * samples)) ] || fail "samples lost"
}

slow_reader() {
	backpressure "" 100 &&
		backpressure "$(seq -s ' ' 0 $(($(grep -c ^processor /proc/cpuinfo) - 1)))" 200
}
ktap_test "a slow reader with a full receive buffer gets every sample and the end, of one thread and of every CPU" \
	slow_reader

# On many CPUs, every sample comes once per CPU at the same moment: the
# tool's own socket must take them all (the issue: above about 150 CPUs,
# one receive buffer's worth is less than one sample's messages).
many_cpus_samples() {
	n=$(grep -c ^processor /proc/cpuinfo)
	[ "$n" -ge 17 ] || {
		echo "needs 17 CPUs, has $n: KAESBENCH_VM_SMP=17 boots them"
		exit "$KSFT_SKIP"
	}
	kaesbench run -d "$SOFT_AES" --cpus all -b 16 -t 1 -r 1000 -w 0 \
		--no-verify --json >/tmp/many.json || fail "the run failed"
	jq -r '.runs[0] | "\(.state) \(.status): \(.samples | length) samples"' \
		/tmp/many.json
	jq -e --argjson n "$n" '.runs[0] | .status == 0 and
		(.samples | length == $n * 1000)' /tmp/many.json >/dev/null ||
		fail "samples lost"
	backpressure "$(seq -s ' ' 0 $((n - 1)))" 100
}
ktap_test "every CPU's samples of a --cpus all run arrive, by the tool and by a slow reader" \
	many_cpus_samples
