#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# What checking the measured requests costs: cbc-aes-aesni and
# virtio_crypto_aes_cbc at 1024 and 16384 B, with --check-every 0 (none
# checked), the default (1 in 32) and 1 (every one), round after round in
# one boot of the 6.12 VM. Per driver, size and setting: the median MB/s
# over the rounds, and its ratio to the unchecked median. See
# Documentation/bench.rst.
#
# usage: tests/bench/check-cost.sh
#   KAESBENCH_BENCH_ROUNDS  rounds (default 7, at least 3)
#
# Exits non-zero only when something failed to run; a cost is reported,
# not judged.

set -eu

top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
# shellcheck source=tests/bench/lib.sh
. tests/bench/lib.sh

rounds=${KAESBENCH_BENCH_ROUNDS:-7}
sizes="1024 16384"
# Driver:depth; the settings of --check-every compared.
cases="cbc-aes-aesni:1 virtio_crypto_aes_cbc:8"
settings="0 32 1"

guest() {
	printf 'rounds=%s\nsizes="%s"\nsettings="%s"\ncases="%s"\n' \
		"$rounds" "$(echo "$sizes" | tr ' ' ',')" "$settings" "$cases"
	cat <<'EOF'
echo "# kernel $(uname -r), $(grep -c '^processor' /proc/cpuinfo) CPUs"
status=0

# One run; its samples as raw lines: driver, setting, round, size, MB/s.
run_one() { # DRIVER DEPTH SETTING ROUND
	if ! kaesbench run -d "$1" --depth "$2" -b "$sizes" -t 1000 -r 1 -w 100 \
		--check-every "$3" --json >/tmp/cc.json 2>/tmp/cc.err; then
		echo "# FAILED: $1 --check-every $3: $(cat /tmp/cc.err)"
		status=1
		return
	fi
	jq -r --arg d "$1" --arg c "$3" --arg r "$4" '.runs[0] |
		select(.state == "ended") | "checked \(.measured_checked // 0)",
		(.samples[] | "raw \($d) \($c) \($r) \(.size) \(.bytes * 1000 / .wall_ns)")' \
		/tmp/cc.json | awk -v d="$1" -v c="$3" '
		/^checked / { printf "# %s --check-every %s: %s requests checked\n", d, c, $2; next }
		{ print }'
}

echo "# warm-up, discarded"
for dc in $cases; do
	kaesbench run -d "${dc%:*}" --depth "${dc#*:}" -b "$sizes" -t 200 -r 1 \
		>/dev/null 2>&1
done
r=1
while [ $r -le "$rounds" ]; do
	for c in $settings; do
		for dc in $cases; do
			run_one "${dc%:*}" "${dc#*:}" "$c" "$r"
		done
	done
	r=$((r + 1))
done
exit $status
EOF
}

bench_boot "# make bench: the in-run check's cost, --check-every $settings alternately, $rounds rounds, one VM boot (6.12)"

echo
awk -v rounds="$rounds" -v sizes="$sizes" -v settings="$settings" \
	-v cases="$(echo "$cases" | sed 's/:[0-9]*//g')" "$BENCH_AWK_STATS"'
/^raw / { key = $2 SUBSEP $3 SUBSEP $5; mbps[key] = mbps[key] " " $6; cnt[key]++ }
END {
	nd = split(cases, d, " "); ns = split(sizes, s, " "); nc = split(settings, c, " ")
	printf "%-22s %6s", "driver", "size"
	for (k = 1; k <= nc; k++)
		printf " %14s", "every " c[k] " MB/s"
	for (k = 2; k <= nc; k++)
		printf " %9s", "/ every 0"
	print ""
	missing = 0
	for (i = 1; i <= nd; i++)
		for (j = 1; j <= ns; j++) {
			printf "%-22s %6d", d[i], s[j]
			for (k = 1; k <= nc; k++) {
				key = d[i] SUBSEP c[k] SUBSEP s[j]
				if (cnt[key] != rounds) missing = 1
				m[k] = cnt[key] ? median(mbps[key]) : 0
				if (m[k]) printf " %14.4g", m[k]; else printf " %14s", "-"
			}
			for (k = 2; k <= nc; k++)
				if (m[1] && m[k]) printf " %9.3f", m[k] / m[1]; else printf " %9s", "-"
			print ""
		}
	print ""
	print "MB/s = 10^6 bytes/s, median of the rounds (each a 1 s sample per size);"
	print "every N = --check-every N: one measured request in N compared with the"
	print "reference; 0 = none. / every 0 = that median over the unchecked one."
	if (missing)
		print "INCOMPLETE: some rounds have no figures; see the lines above."
	exit missing
}
' "$log" || { [ "$rc" -ne 0 ] || rc=1; }
echo "bench wall time: $wall s (VM boot included)"
exit "$rc"
