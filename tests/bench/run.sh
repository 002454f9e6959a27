#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make bench: kaesbench against the kernel's own tcrypt speed test, in one
# boot of a VM running Debian's 6.12 kernel, for the same driver, sizes and
# requests in flight. Both run alternately, round after round; per size the
# table shows the median MB/s of each and the ratio kaesbench / tcrypt.
# See Documentation/bench.rst.
#
# usage: tests/bench/run.sh
#   KAESBENCH_BENCH_ROUNDS  rounds (default 7, at least 3)
#
# Exits non-zero only when something failed to run; a ratio below 1 is
# reported, not judged.

set -eu

top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
# shellcheck source=tests/bench/lib.sh
. tests/bench/lib.sh

rounds=${KAESBENCH_BENCH_ROUNDS:-7}
# tcrypt times whole seconds (sec=1 is its shortest timed run); kaesbench
# takes one sample of the same length per size and round.
sec=1
ms=$((sec * 1000))
# tcrypt's block_sizes[] less 1420, which is no multiple of the AES block:
# tcrypt would round it up to 1424, kaesbench refuses it for cbc.
sizes="16 64 128 256 1024 4096"
sizes_csv=$(echo "$sizes" | tr ' ' ',')

# The cases: driver, tcrypt's num_mb, kaesbench's depth option.
cases="cbc-aes-aesni:1:
virtio_crypto_aes_cbc:8:--depth 8"

tcrypt_cmd() { # DRIVER NUM_MB
	echo "/sbin/modprobe tcrypt mode=600 alg=$1 klen=16 sec=$sec num_mb=$2"
}
kaesbench_cmd() { # DRIVER DEPTH_OPTION [MS]
	echo "kaesbench run -d $1 -b $sizes_csv -t ${3:-$ms} -r 1${2:+ $2} --json"
}
# The warm-up, discarded: tcrypt's cycle mode (a dozen requests per size)
# and a short kaesbench run, so that round 1 does not pay for what a fresh
# boot and fresh code cost under TCG.
warmup_cmds() { # DRIVER NUM_MB DEPTH_OPTION
	tcrypt_cmd "$1" "$2" | sed 's/ sec=[0-9]*/ sec=0/'
	kaesbench_cmd "$1" "$3" 200
}

# The guest's script: variables first, then the fixed body.
guest() {
	printf 'rounds=%s\nsizes="%s"\nwarm=\n' "$rounds" "$sizes"
	echo "$cases" | {
		n=0
		while IFS=: read -r drv mb depth; do
			n=$((n + 1))
			printf "drv_%d='%s'\n" $n "$drv"
			printf "tc_%d='%s'\n" $n "$(tcrypt_cmd "$drv" "$mb")"
			printf "kb_%d='%s'\n" $n "$(kaesbench_cmd "$drv" "$depth")"
			warmup_cmds "$drv" "$mb" "$depth" | sed "s/.*/warm=\"\${warm}&;\"/"
		done
		echo "ncases=$n"
	}
	cat <<'EOF'
echo "# kernel $(uname -r), $(grep -c '^processor' /proc/cpuinfo) CPUs"
status=0

# wanted SIZE: whether the table has a row for SIZE.
wanted() {
	for s in $sizes; do [ "$s" = "$1" ] && return 0; done
	return 1
}

# tcrypt's init runs the test and always fails with -EAGAIN so that the
# module never stays loaded: that error is its success.
run_tcrypt() { # CASE ROUND
	eval "drv=\$drv_$1 cmd=\$tc_$1"
	dmesg -c >/dev/null
	$cmd >/tmp/tc.err 2>&1
	dmesg -c >/tmp/tc.log
	if ! grep -q 'Resource temporarily unavailable' /tmp/tc.err; then
		echo "# FAILED: $cmd"
		sed 's/^/#   /' /tmp/tc.err /tmp/tc.log
		status=1
		return
	fi
	# "tcrypt: testing speed of multibuffer ALG (DRIVER) encryption", then
	# "tcrypt: test N (128 bit key, B byte blocks): O operations in S
	# seconds (Y bytes)" per size; the decryption half is ignored.
	awk -v drv="$drv" -v round="$2" -v sizes="$sizes" '
	BEGIN { n = split(sizes, w, " "); for (i = 1; i <= n; i++) want[w[i]] = 1 }
	/testing speed of/ {
		enc = / encryption$/
		if (enc && index($0, "(" drv ") encryption") == 0) {
			print "# FAILED: tcrypt measured another driver: " $0
			bad = 1
		}
		next
	}
	enc && / byte blocks\): .* operations in / {
		for (i = 1; i <= NF; i++)
			if ($i == "blocks):") break
		size = $(i - 2); ops = $(i + 1); secs = $(i + 4)
		bytes = $(i + 6); gsub(/[()]/, "", bytes)
		if (!(size in want)) next
		printf "raw tcrypt %s round %d size %d ops %d bytes %.0f time_s %d MB/s %.4f\n",
			drv, round, size, ops, bytes, secs, bytes / secs / 1e6
		got++
	}
	END { if (bad || got != n) { if (!bad) print "# FAILED: tcrypt printed " (got + 0) " of " n " sizes"; exit 1 } }
	' /tmp/tc.log || { sed 's/^/#   /' /tmp/tc.log; status=1; }
}

run_kaesbench() { # CASE ROUND
	eval "drv=\$drv_$1 cmd=\$kb_$1"
	if ! $cmd >/tmp/kb.json 2>/tmp/kb.err; then
		echo "# FAILED: $cmd"
		sed 's/^/#   /' /tmp/kb.err /tmp/kb.json
		status=1
		return
	fi
	# The JSON is printed one member a line; each sample has size, ops,
	# bytes and wall_ns (the summary has no wall_ns).
	awk -v drv="$drv" -v round="$2" -v sizes="$sizes" '
	BEGIN { n = split(sizes, w, " ") }
	function val(line) { sub(/^[^:]*:/, "", line); gsub(/[",]/, "", line); return line }
	/"driver":/ && val($0) != drv { print "# FAILED: kaesbench measured " val($0); bad = 1 }
	/"depth":/ { depth = val($0) }
	/"state":/ { state = val($0) }
	/"size":/ { size = val($0) }
	/"ops":/ { ops = val($0) }
	/"bytes":/ { bytes = val($0) }
	/"wall_ns":/ {
		printf "raw kaesbench %s round %d size %d ops %d bytes %.0f time_s %.6f MB/s %.4f depth %s\n",
			drv, round, size, ops, bytes, val($0) / 1e9, bytes * 1000 / val($0), depth
		got++
	}
	END {
		if (state != "ended") { print "# FAILED: kaesbench run " state; bad = 1 }
		if (got != n) { print "# FAILED: kaesbench sent " (got + 0) " of " n " samples"; bad = 1 }
		exit bad + 0
	}
	' /tmp/kb.json || status=1
}

echo "# warm-up, discarded"
(IFS=';'; for w in $warm; do (IFS=' '; $w >/dev/null 2>&1); done)
dmesg -c >/dev/null

r=1
while [ $r -le "$rounds" ]; do
	c=1
	while [ $c -le $ncases ]; do
		t0=$(cut -d' ' -f1 /proc/uptime)
		run_tcrypt $c $r
		t1=$(cut -d' ' -f1 /proc/uptime)
		run_kaesbench $c $r
		t2=$(cut -d' ' -f1 /proc/uptime)
		eval "echo \"# round $r: \$drv_$c: tcrypt $t0-$t1 s, kaesbench $t1-$t2 s (uptime)\""
		c=$((c + 1))
	done
	r=$((r + 1))
done
exit $status
EOF
}

bench_boot "# make bench: tcrypt and kaesbench alternately, $rounds rounds, one VM boot (6.12)"

echo
echo "commands, in the guest; first a warm-up, discarded:"
echo "$cases" | while IFS=: read -r drv mb depth; do
	warmup_cmds "$drv" "$mb" "$depth" | sed 's/^/  /'
done
echo "then $rounds rounds of, per driver, tcrypt then kaesbench:"
echo "$cases" | while IFS=: read -r drv mb depth; do
	echo "  $(tcrypt_cmd "$drv" "$mb")"
	echo "  $(kaesbench_cmd "$drv" "$depth")"
done
echo

# Per driver and size: the median MB/s of each side over the rounds and
# their ratio; the best round of each and their ratio; the spread of each.
awk -v rounds="$rounds" -v sizes="$sizes" -v noisy=0.20 -v slack=0.97 \
	-v cases="$(echo "$cases" | cut -d: -f1 | tr '\n' ' ')" "$BENCH_AWK_STATS"'
function best(list,    v, n) { n = sort(list, v); return v[n] }
/^raw / {
	key = $2 SUBSEP $3 SUBSEP $7
	mbps[key] = mbps[key] " " $15
	cnt[key]++
}
END {
	nd = split(cases, d, " "); ns = split(sizes, s, " ")
	printf "%-22s %5s %12s %15s %6s %6s %11s\n", "driver", "size", "tcrypt MB/s",
		"kaesbench MB/s", "ratio", "best", "spread t/k"
	missing = 0
	for (i = 1; i <= nd; i++) {
		nok[i] = nlow[i] = nnoisy[i] = 0; logsum[i] = logbest[i] = 0; low[i] = ""
		for (j = 1; j <= ns; j++) {
			kt = "tcrypt" SUBSEP d[i] SUBSEP s[j]
			kk = "kaesbench" SUBSEP d[i] SUBSEP s[j]
			if (!cnt[kt] || !cnt[kk]) {
				printf "%-22s %5d %12s %15s %6s %6s\n", d[i], s[j], "-", "-", "-", "-"
				missing = 1
				continue
			}
			if (cnt[kt] != rounds || cnt[kk] != rounds) missing = 1
			t = median(mbps[kt]); k = median(mbps[kk]); r = k / t
			rb = best(mbps[kk]) / best(mbps[kt])
			st = spread(mbps[kt]); sk = spread(mbps[kk])
			noise = st > noisy || sk > noisy
			printf "%-22s %5d %12.4g %15.4g %5.2f%s %6.2f %5.0f%%/%.0f%%\n", d[i], s[j],
				t, k, r, noise ? "~" : " ", rb, 100 * st, 100 * sk
			n[i]++; logsum[i] += log(r); logbest[i] += log(rb)
			if (r >= slack) nok[i]++
			else {
				low[i] = low[i] " " s[j]
				if (noise) nnoisy[i]++
			}
		}
	}
	print ""
	print "MB/s = 10^6 bytes/s, median over the rounds; ratio = kaesbench / tcrypt of the"
	print "medians; best = the same of each side'"'"'s best round; spread t/k = (max - min) /"
	printf "median over the rounds, tcrypt / kaesbench; ~ = a spread above %d%%.\n", 100 * noisy
	print ""
	for (i = 1; i <= nd; i++) {
		if (!n[i]) { printf "%s: no figures\n", d[i]; continue }
		printf "%s: ratio >= %.2f at %d of %d sizes; geometric mean %.2f (best: %.2f)\n",
			d[i], slack, nok[i], n[i], exp(logsum[i] / n[i]), exp(logbest[i] / n[i])
		if (low[i] != "")
			printf "  below at%s B (%d of them noisy)\n", low[i], nnoisy[i]
		anylow = anylow || low[i] != ""
	}
	if (anylow) {
		print "Where kaesbench is below tcrypt: read the spread first; under TCG a round can"
		print "lose most of its throughput to the host (see Documentation/bench.rst). tcrypt"
		print "also divides by its nominal seconds while its jiffies loop ends up to one"
		print "batch of requests later, kaesbench by the CLOCK_MONOTONIC time it measured."
	}
	if (missing)
		print "INCOMPLETE: some rounds or sizes have no figures; see the raw lines above."
	exit missing
}
' "$log" || { [ "$rc" -ne 0 ] || rc=1; }
echo "bench wall time: $wall s (VM boot included)"
exit "$rc"
