#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# kaesbench's OpenSSL path against `openssl speed`, on this host (no VM, no
# module needed): aes-128-cbc, aes-128-ctr and aes-128-gcm at openssl
# speed's six sizes. Both run alternately, round after round; per mode and
# size the table shows the median MB/s of each and the ratio
# kaesbench / openssl speed. See Documentation/bench.rst.
#
# usage: tests/bench/openssl.sh
#   KAESBENCH_BENCH_ROUNDS  rounds (default 5, at least 3)
#   KAESBENCH               the tool (default user/kaesbench, built if missing)
#
# Exits non-zero only when something failed to run; a ratio off 1 is
# reported, not judged.

set -eu

top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
# shellcheck source=tests/bench/lib.sh
. tests/bench/lib.sh

rounds=${KAESBENCH_BENCH_ROUNDS:-5}
# openssl speed times whole seconds; kaesbench takes one sample of the
# same length per size and round.
sec=1
ms=$((sec * 1000))
# openssl speed's own lengths_list[].
sizes="16 64 256 1024 8192 16384"
sizes_csv=$(echo "$sizes" | tr ' ' ',')
modes="cbc ctr gcm"
# openssl speed -aead puts 13 bytes of AAD into every GCM message.
aad=13
# The goal: kaesbench within 2 % of openssl speed from this size on.
goal_size=1024
goal=0.02

kb=${KAESBENCH:-user/kaesbench}
[ -x "$kb" ] || make -s -C user

ossl_cmd() { # MODE SIZE
	case $1 in
	gcm) aead=" -aead" ;;
	*) aead= ;;
	esac
	echo "openssl speed -elapsed -mr$aead -evp aes-128-$1 -bytes $2 -seconds $sec"
}
kb_cmd="$kb --paths openssl -b $sizes_csv -t $ms -r 1 --aad $aad --json"

# run_openssl MODE SIZE ROUND: one raw line, from "+R:COUNT:NAME:SECONDS"
# (which -mr prints on standard error, the "+F:" lines on standard output).
run_openssl() {
	cmd=$(ossl_cmd "$1" "$2")
	if ! $cmd >"$tmp/os.out" 2>&1; then
		echo "# FAILED: $cmd"
		sed 's/^/#   /' "$tmp/os.out"
		status=1
		return
	fi
	awk -F: -v mode="$1" -v size="$2" -v round="$3" '
	/^\+R:/ {
		printf "raw openssl %s round %d size %d ops %d bytes %.0f time_s %.6f MB/s %.4f\n",
			mode, round, size, $2, $2 * size, $4, $2 * size / $4 / 1e6
		got++
	}
	END { if (got != 1) { print "# FAILED: no +R: line"; exit 1 } }
	' "$tmp/os.out" || { sed 's/^/#   /' "$tmp/os.out"; status=1; }
}

# run_kaesbench ROUND: one raw line per mode and size, from the sweep's
# JSON (one member a line; path and algorithm come before the samples).
run_kaesbench() {
	if ! $kb_cmd >"$tmp/kb.json" 2>"$tmp/kb.err"; then
		echo "# FAILED: $kb_cmd"
		sed 's/^/#   /' "$tmp/kb.err"
		status=1
		return
	fi
	[ "$1" -ne 1 ] || sed 's/^/# kaesbench: /' "$tmp/kb.err"
	awk -v round="$1" -v nsizes="$(echo "$sizes" | wc -w)" -v modes="$modes" '
	BEGIN { n = split(modes, m, " "); for (i = 1; i <= n; i++) want[m[i] "(aes)"] = m[i] }
	function val(line) { sub(/^[^:]*:/, "", line); gsub(/[",]/, "", line); return line }
	/"path":/ { path = val($0) }
	/"algorithm":/ { alg = val($0); mode = path == "openssl" && alg in want ? want[alg] : "" }
	/"state":/ && mode != "" && val($0) != "ended" {
		print "# FAILED: kaesbench " mode ": " val($0); bad = 1
	}
	/"measured":/ && mode != "" && round == 1 {
		line = $0; sub(/^[^:]*: *"/, "", line); sub(/",?$/, "", line)
		print "# kaesbench measured: " line
	}
	mode == "" { next }
	/"size":/ { size = val($0) }
	/"ops":/ { ops = val($0) }
	/"bytes":/ { bytes = val($0) }
	/"wall_ns":/ {
		printf "raw kaesbench %s round %d size %d ops %d bytes %.0f time_s %.6f MB/s %.4f\n",
			mode, round, size, ops, bytes, val($0) / 1e9, bytes * 1000 / val($0)
		got[mode]++
	}
	END {
		for (i = 1; i <= n; i++)
			if (got[m[i]] != nsizes) {
				print "# FAILED: kaesbench sent " (got[m[i]] + 0) " of " nsizes " samples for " m[i]
				bad = 1
			}
		exit bad + 0
	}
	' "$tmp/kb.json" || status=1
}

busy() {
	if pgrep -x qemu-system-x86_64 >/dev/null 2>&1; then
		echo "# WARNING: a qemu-system-x86_64 is running $1: it competes for the CPUs"
	fi
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
log=$tmp/log
status=0
start=$(date +%s)
{
	echo "# bench-openssl: openssl speed and kaesbench alternately, $rounds rounds, on this host"
	echo "# $(openssl version); $(nproc) CPUs; $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)"
	busy "at the start"
	r=1
	while [ $r -le "$rounds" ]; do
		t0=$(date +%s)
		for mode in $modes; do
			for size in $sizes; do
				run_openssl "$mode" "$size" $r
			done
		done
		t1=$(date +%s)
		run_kaesbench $r
		t2=$(date +%s)
		echo "# round $r: openssl speed $((t1 - t0)) s, kaesbench $((t2 - t1)) s"
		r=$((r + 1))
	done
	busy "at the end"
} | tee "$log"
grep -q '^# FAILED' "$log" && status=1
wall=$(($(date +%s) - start))

echo
echo "commands, on this host; $rounds rounds of, per mode and size, openssl speed,"
echo "then one kaesbench sweep (all five algorithms; only cbc, ctr and gcm are read):"
for mode in $modes; do
	echo "  $(ossl_cmd "$mode" SIZE)"
done
echo "    SIZE in $sizes"
echo "  $kb_cmd"
echo

awk -v rounds="$rounds" -v sizes="$sizes" -v modes="$modes" -v goal="$goal" \
	-v goal_size="$goal_size" "$BENCH_AWK_STATS"'
/^raw / {
	key = $2 SUBSEP $3 SUBSEP $7
	mbps[key] = mbps[key] " " $15
	cnt[key]++
}
END {
	nm = split(modes, m, " "); ns = split(sizes, s, " ")
	printf "%-4s %6s %13s %15s %6s %11s\n", "mode", "size", "openssl MB/s",
		"kaesbench MB/s", "ratio", "spread o/k"
	missing = 0
	for (i = 1; i <= nm; i++) {
		met[i] = 1; ngoal[i] = 0; worst[i] = 0
		for (j = 1; j <= ns; j++) {
			ko = "openssl" SUBSEP m[i] SUBSEP s[j]
			kk = "kaesbench" SUBSEP m[i] SUBSEP s[j]
			if (!cnt[ko] || !cnt[kk]) {
				printf "%-4s %6d %13s %15s %6s\n", m[i], s[j], "-", "-", "-"
				missing = 1; met[i] = 0
				continue
			}
			if (cnt[ko] != rounds || cnt[kk] != rounds) missing = 1
			o = median(mbps[ko]); k = median(mbps[kk]); r = k / o
			printf "%-4s %6d %13.1f %15.1f %6.3f %5.1f%%/%.1f%%\n", m[i], s[j],
				o, k, r, 100 * spread(mbps[ko]), 100 * spread(mbps[kk])
			if (s[j] + 0 >= goal_size) {
				d = r > 1 ? r - 1 : 1 - r
				if (d > worst[i]) worst[i] = d
				if (d > goal) met[i] = 0
				ngoal[i]++
			}
		}
	}
	print ""
	print "MB/s = 10^6 bytes/s, median over the rounds; ratio = kaesbench / openssl"
	print "speed of the medians; spread o/k = (max - min) / median over the rounds,"
	print "openssl speed / kaesbench."
	print ""
	for (i = 1; i <= nm; i++)
		printf "%s: |ratio - 1| <= %.0f%% at sizes >= %d: %s (largest deviation %.1f%%)%s\n",
			m[i], 100 * goal, goal_size, met[i] && ngoal[i] ? "yes" : "no", 100 * worst[i],
			m[i] == "gcm" ? "; not like for like" : ""
	print ""
	print "gcm: openssl speed -aead (3.0) sets the key and the IV for every message"
	print "(EVP_CipherInit_ex(ctx, NULL, NULL, key, iv, -1): key schedule and GHASH"
	print "table each time), kaesbench only the IV; its figure is therefore higher,"
	print "most at small sizes. See Documentation/bench.rst."
	if (missing)
		print "INCOMPLETE: some rounds or sizes have no figures; see the raw lines above."
	exit missing
}
' "$log" || status=1
echo "bench wall time: $wall s"
exit "$status"
