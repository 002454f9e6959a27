#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# kaesbench's AF_ALG path against `cryptsetup benchmark`, in one boot of a
# VM running Debian's 6.12 kernel: cbc(aes) with a 128-bit key, through
# AF_ALG, on the driver the kernel hands out for cbc(aes). Both run
# alternately, round after round; the table shows the median MB/s of each
# and the ratio kaesbench / cryptsetup. See Documentation/bench.rst.
#
# usage: tests/bench/afalg.sh
#   KAESBENCH_BENCH_ROUNDS  rounds (default 5, at least 3)
#
# Needs cryptsetup in the rig's initramfs (tests/vm/initramfs.sh installs
# it when the host has it: Debian package cryptsetup-bin). Exits non-zero
# only when something failed to run; a ratio below 1 is reported, not
# judged.

set -eu

top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
# shellcheck source=tests/bench/lib.sh
. tests/bench/lib.sh

rounds=${KAESBENCH_BENCH_ROUNDS:-5}
# cryptsetup's chunk per sendmsg()/read() (CIPHER_BLOCK_BYTES) and the
# largest request kaesbench's AF_ALG path takes: the same 64 KiB.
size=65536
cs_cmd="cryptsetup benchmark -c aes-cbc -s 128"
kb_cmd="kaesbench --paths afalg -b $size -t 1000 -r 1 --json"
kb_warm="kaesbench --paths afalg -b $size -t 200 -r 1 --json"

if ! command -v cryptsetup >/dev/null; then
	echo "bench-afalg: cryptsetup is not installed on the host, so not in the" \
		"VM (apt-get install cryptsetup-bin)" >&2
	exit 1
fi

# The guest's script: variables first, then the fixed body.
guest() {
	printf "rounds=%s\nsize=%s\ncs_cmd='%s'\nkb_cmd='%s'\nkb_warm='%s'\n" \
		"$rounds" "$size" "$cs_cmd" "$kb_cmd" "$kb_warm"
	cat <<'EOF'
echo "# kernel $(uname -r), $(grep -c '^processor' /proc/cpuinfo) CPUs"
status=0
if ! command -v cryptsetup >/dev/null; then
	echo "# FAILED: no cryptsetup in the initramfs (see tests/vm/initramfs.sh)"
	exit 1
fi
echo "# cbc(aes) as the kernel hands it out: $(kaesbench list --dump |
	awk -F '\t' '$1 == "cbc(aes)" && $10 == "yes" { print $2 " (priority " $4 ")" }')"

# cryptsetup prints "aes-cbc 128b 123.4 MiB/s 125.6 MiB/s" (encryption,
# decryption, MiB = 2^20 bytes); only encryption is kept.
run_cryptsetup() { # ROUND
	if ! $cs_cmd >/tmp/cs.out 2>&1; then
		echo "# FAILED: $cs_cmd"
		sed 's/^/#   /' /tmp/cs.out
		status=1
		return
	fi
	awk -v round="$1" '
	$1 == "aes-cbc" && $2 == "128b" && $4 == "MiB/s" {
		printf "raw cryptsetup round %d MiB/s %.2f MB/s %.4f\n", round, $3, $3 * 1.048576
		got++
	}
	END { if (got != 1) { print "# FAILED: no aes-cbc line"; exit 1 } }
	' /tmp/cs.out || { sed 's/^/#   /' /tmp/cs.out; status=1; }
}

# kaesbench's JSON, one member a line: path, algorithm and driver come
# before the samples; only cbc(aes) is kept.
run_kaesbench() { # ROUND
	if ! $kb_cmd >/tmp/kb.json 2>/tmp/kb.err; then
		echo "# FAILED: $kb_cmd"
		sed 's/^/#   /' /tmp/kb.err
		status=1
		return
	fi
	awk -v round="$1" -v want="$size" '
	function val(line) { sub(/^[^:]*:/, "", line); gsub(/[",]/, "", line); return line }
	/"path":/ { path = val($0) }
	/"algorithm":/ { keep = val($0) == "cbc(aes)" && path ~ /^afalg-/ }
	!keep { next }
	/"driver":/ { drv = val($0) }
	/"state":/ && val($0) != "ended" { print "# FAILED: kaesbench " path ": " val($0); bad = 1 }
	/"size":/ { size = val($0) }
	/"ops":/ { ops = val($0) }
	/"bytes":/ { bytes = val($0) }
	/"wall_ns":/ {
		if (size != want) next
		printf "raw %s round %d driver %s ops %d bytes %.0f time_s %.6f MB/s %.4f\n",
			path, round, drv, ops, bytes, val($0) / 1e9, bytes * 1000 / val($0)
		got[path]++
	}
	END {
		if (got["afalg-sendmsg"] != 1 || got["afalg-vmsplice"] != 1) {
			print "# FAILED: kaesbench sent no cbc(aes) sample at " want " B"; bad = 1
		}
		exit bad + 0
	}
	' /tmp/kb.json || { sed 's/^/#   /' /tmp/kb.err; status=1; }
}

echo "# warm-up, discarded"
$cs_cmd >/dev/null 2>&1
$kb_warm >/dev/null 2>&1

r=1
while [ $r -le "$rounds" ]; do
	t0=$(cut -d' ' -f1 /proc/uptime)
	run_cryptsetup $r
	t1=$(cut -d' ' -f1 /proc/uptime)
	run_kaesbench $r
	t2=$(cut -d' ' -f1 /proc/uptime)
	echo "# round $r: cryptsetup $t0-$t1 s, kaesbench $t1-$t2 s (uptime)"
	r=$((r + 1))
done
exit $status
EOF
}

bench_boot "# bench-afalg: cryptsetup and kaesbench alternately, $rounds rounds, one VM boot (6.12)"

echo
echo "commands, in the guest; first one of each, discarded (kaesbench with -t 200),"
echo "then $rounds rounds of:"
echo "  $cs_cmd"
echo "  $kb_cmd"
echo

awk -v rounds="$rounds" -v size="$size" "$BENCH_AWK_STATS"'
/^raw cryptsetup / { mb["cryptsetup"] = mb["cryptsetup"] " " $8; cnt["cryptsetup"]++ }
/^raw afalg-/ { mb[$2] = mb[$2] " " $14; cnt[$2]++; drv = $6 }
END {
	if (!cnt["cryptsetup"]) { print "INCOMPLETE: no cryptsetup figures"; exit 1 }
	c = median(mb["cryptsetup"])
	printf "%-36s %9s %6s %7s\n", "cbc(aes), 128-bit key, encrypt", "MB/s", "ratio", "spread"
	printf "%-36s %9.1f %6s %6.1f%%\n", "cryptsetup benchmark (1 MiB buffer)", c, "", 100 * spread(mb["cryptsetup"])
	n = split("afalg-sendmsg afalg-vmsplice", p, " ")
	missing = 0
	for (i = 1; i <= n; i++) {
		name = sprintf("kaesbench %s, %d B", p[i], size)
		if (!cnt[p[i]]) { printf "%-36s %9s\n", name, "-"; missing = 1; continue }
		if (cnt[p[i]] != rounds) missing = 1
		k = median(mb[p[i]])
		printf "%-36s %9.1f %6.3f %6.1f%%\n", name, k, k / c, 100 * spread(mb[p[i]])
	}
	print ""
	print "MB/s = 10^6 bytes/s (cryptsetup'"'"'s MiB/s times 1.048576), median over the"
	print "rounds; ratio = kaesbench / cryptsetup; spread = (max - min) / median."
	printf "AF_ALG sockets bound to: kaesbench %s, cryptsetup cbc(aes); the\n", drv
	print "driver the kernel hands out for cbc(aes) is printed above."
	if (cnt["afalg-sendmsg"])
		printf "kaesbench AF_ALG copy %s cryptsetup (the like-for-like row: both sendmsg + read)\n",
			(median(mb["afalg-sendmsg"]) >= c ? "is not slower than" : "is SLOWER than")
	if (missing)
		print "INCOMPLETE: some rounds have no figures; see the raw lines above."
	exit missing
}
' "$log" || { [ "$rc" -ne 0 ] || rc=1; }
echo "bench wall time: $wall s (VM boot included)"
exit "$rc"
