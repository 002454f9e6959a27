# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
#
# What the host-side packaging checks and tests/host/run.sh share:
# numbered "ok"/"not ok" lines, a command's output shown only when it
# fails, and the closing count that make check adds up. Sourced, not
# run.

checks_passed=0
checks_failed=0

# check DESCRIPTION COMMAND [ARG...]
check() {
	desc=$1
	shift
	if out=$("$@" 2>&1); then
		checks_passed=$((checks_passed + 1))
		echo "ok $((checks_passed + checks_failed)) $desc"
	else
		checks_failed=$((checks_failed + 1))
		echo "not ok $((checks_passed + checks_failed)) $desc"
		printf '%s\n' "$out" | sed 's/^/# /'
	fi
}

# checks_done LABEL: the closing line; fails if a check did.
checks_done() {
	echo "$1: $checks_passed passed, $checks_failed failed"
	[ "$checks_failed" -eq 0 ]
}
