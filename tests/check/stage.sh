#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# One stage of make check (tests/check.mk): runs COMMAND with its output
# in DIR/TARGET.log, records the stage's name, exit status and seconds in
# DIR/TARGET.result for the summary (tests/check/summary.sh), then prints
# the log under a "### NAME" line.
#
# usage: tests/check/stage.sh [-k] DIR TARGET NAME COMMAND [ARG...]
#   -k: exit 0 whatever the outcome (make check: the stages ordered after
#       this one still run, and the summary says what failed); without it
#       (a stage run alone) the stage's own exit status

set -u

keep_going=
if [ "$1" = -k ]; then
	keep_going=1
	shift
fi
dir=$1
target=$2
name=$3
shift 3
log=$dir/$target.log

# The stage's own makes run as they would alone: not with check.mk's
# -j and -k, nor as its sub-makes.
unset MAKEFLAGS MFLAGS MAKELEVEL
mkdir -p "$dir"
began=$(date +%s)
"$@" >"$log" 2>&1
rc=$?
echo "$rc $(($(date +%s) - began)) $name" >"$dir/$target.result"
echo "### $name"
cat "$log"
[ -n "$keep_going" ] || exit "$rc"
