# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
#
# What the benchmarks share: the statistics of their tables, and one boot of
# a VM (6.12 unless told) running a guest script. Sourced, not run.

# awk functions for space-separated lists of figures: sort, median and
# spread ((max - min) / median). Put in front of a table's awk program.
# shellcheck disable=SC2034 # used by the scripts that source this
BENCH_AWK_STATS='
function sort(list, v,    n, i, j, t) {
	n = split(list, v, " ")
	for (i = 2; i <= n; i++)
		for (j = i; j > 1 && v[j - 1] + 0 > v[j] + 0; j--) {
			t = v[j]; v[j] = v[j - 1]; v[j - 1] = t
		}
	return n
}
function median(list,    v, n) {
	n = sort(list, v)
	return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
}
function spread(list,    v, n) { n = sort(list, v); return (v[n] - v[1]) / median(list) }
'

# bench_boot TITLE [SERIES]: builds the tool, boots the VM of the rig's
# SERIES (default 6.12) once with the output of the caller's guest() as its
# script, streams what it prints and keeps it in $log (removed at exit).
# Sets $rc, the script's exit status, and $wall, the seconds the boot took.
bench_boot() {
	make -s tool test-tools
	start=$(date +%s)
	log=$(mktemp)
	rcfile=$(mktemp)
	trap 'rm -f "$log" "$rcfile"' EXIT
	echo "$1"
	{
		rc=0
		tests/vm/rig.sh exec "${2:-6.12}" "$(guest)" || rc=$?
		echo $rc >"$rcfile"
	} | tee "$log"
	rc=$(cat "$rcfile")
	wall=$(($(date +%s) - start))
}
