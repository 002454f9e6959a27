#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Which test files run in which boot, from the header line each file of
# the in-VM suite states its needs in, after its SPDX line:
#
#   # kaesbench-test: module=loaded|unloaded|any [order=last] [boot=own]
#
#   module=    kaesbench loaded or not when the file starts (any: as the
#              files before left it); no test module (tests/modules) is
#              loaded, unless kaesbench gave requests up and pins itself
#              and them until reboot. Without a header: module=loaded.
#   order=last the file leaves kaesbench pinned, or checks what the others
#              left: it runs after the files without it, in name order.
#   boot=own   the file needs a boot where nothing ran before it: it gets
#              a boot of its own.
#   check=SERIES,...|all|none
#              the series make check runs the file on (tests/check.mk's
#              names: latest, 6.12, 6.1, arm64-6.12); all: every one;
#              none: make check-full's only. Without it: latest,6.12, the
#              newest kernel and Debian 12's. make check-full and make
#              check-next run every file on every series.
#
# Runs on the host (tests/vm/rig.sh) and in the guest (run-tests, run-one).
#
# usage: plan.sh boots DIR [NAME,...]  the boots: one line each, its files
#                                      (names without .sh) in run order;
#                                      NAMEs (NN-name, NN-name.sh, NN or
#                                      name)
#                                      select files, run in the order given
#                                      but for order=last and boot=own;
#                                      one unknown: exit 2, with the names
#        plan.sh header FILE KEY       the value of KEY in FILE's header
#        plan.sh check DIR SERIES      the files make check runs on SERIES,
#                                      comma-separated, in name order

set -eu

# header FILE KEY: the value of KEY in FILE's header line, or KEY's default.
header() {
	value=$(sed -n 's/^# kaesbench-test: *//p' "$1" | head -n 1 |
		tr ' ' '\n' | sed -n "s/^$2=//p")
	case $2 in
	module) echo "${value:-loaded}" ;;
	check) echo "${value:-latest,6.12}" ;;
	*) echo "$value" ;;
	esac
}

names() {
	for f in "$dir"/*.sh; do
		basename "$f" .sh
	done
}

# resolve NAME: the file NAME means: NN-name, NN-name.sh, or the number or
# the name after it where one file alone has it.
resolve() {
	name=${1%.sh}
	if [ -f "$dir/$name.sh" ]; then
		echo "$name"
		return
	fi
	# By its number alone (99a), or by the name after it (verify).
	if echo "$name" | grep -qx '[0-9][0-9]*[a-z]*'; then
		pattern="$name-.*"
	else
		pattern="[0-9][0-9]*[a-z]*-$name"
	fi
	found=$(names | grep -x "$pattern" || true)
	if [ -n "$found" ] && [ "$(echo "$found" | wc -l)" -eq 1 ]; then
		echo "$found"
		return
	fi
	{
		if [ -n "$found" ]; then
			echo "plan.sh: test '$1' is ambiguous:" "$(echo "$found" | tr '\n' ' ')"
		else
			echo "plan.sh: no test '$1' in $dir; the tests:"
		fi
		names | sed 's/^/  /'
	} >&2
	exit 2
}

boots() {
	dir=$1
	if [ -n "${2:-}" ]; then
		chosen=
		for name in $(echo "$2" | tr ',' ' '); do
			chosen="$chosen $(resolve "$name")"
		done
	else
		chosen=$(names)
	fi
	first=
	last=
	own=
	for name in $chosen; do
		file=$dir/$name.sh
		if [ "$(header "$file" boot)" = own ]; then
			own="$own $name"
		elif [ "$(header "$file" order)" = last ]; then
			last="$last $name"
		else
			first="$first $name"
		fi
	done
	last=$(for name in $last; do echo "$name"; done | sort)
	shared=$(for name in $first $last; do echo "$name"; done | tr '\n' ' ')
	[ -z "$shared" ] || echo "${shared% }"
	for name in $own; do
		echo "$name"
	done
}

# check DIR SERIES: the files whose check= names SERIES, or all.
check() {
	dir=$1
	for name in $(names); do
		case ",$(header "$dir/$name.sh" check)," in
		*",$2,"* | ,all,) echo "$name" ;;
		esac
	done | paste -sd ,
}

case "${1:-}" in
check)
	[ $# -eq 3 ] || exit 2
	check "$2" "$3"
	;;
boots)
	[ $# -ge 2 ] && [ $# -le 3 ] || exit 2
	boots "$2" "${3:-}"
	;;
header)
	[ $# -eq 3 ] || exit 2
	header "$2" "$3"
	;;
*)
	echo "usage: $0 boots DIR [NAME,...] | header FILE KEY | check DIR SERIES" >&2
	exit 2
	;;
esac
