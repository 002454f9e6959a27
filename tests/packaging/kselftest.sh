#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The kselftest target installs through the kernel's own selftests
# Makefile (scripts/kselftest-install.sh): the runner lists it, its settings
# and config come along, and on this host, where the module cannot be
# loaded, it skips as kselftest expects (exit 4, a "1..0 # SKIP" plan). The
# VM runs it for real (tests/vm/guest/tests/96-kselftest.sh).
#
# usage: tests/packaging/kselftest.sh

set -u

top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/packaging/lib.sh"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ksft=$work/kselftest

listed() {
	list=$("$ksft/run_kselftest.sh" -l)
	echo "$list"
	[ "$list" = "kaesbench:kaesbench.sh" ]
}

installed_files() {
	(cd "$ksft/kaesbench" && ls) &&
		[ -x "$ksft/kaesbench/kaesbench.sh" ] &&
		grep -q '^timeout=[0-9][0-9]*$' "$ksft/kaesbench/settings" &&
		grep -q '^CONFIG_CRYPTO_AES=y$' "$ksft/kaesbench/config" &&
		[ -r "$ksft/kselftest/ktap_helpers.sh" ]
}

# Without the module (this host cannot load modules, or has no kaesbench
# installed), with the tool built in user/ on PATH.
skips_without_module() {
	out=$(cd "$ksft/kaesbench" && PATH=$top/user:$PATH ./kaesbench.sh 2>&1)
	rc=$?
	echo "$out"
	if grep -q '^kaesbench ' /proc/modules 2>/dev/null; then
		[ $rc -eq 0 ]
	else
		[ $rc -eq 4 ] && echo "$out" | grep -q '^1\.\.0 # SKIP '
	fi
}

check "make TARGETS=kaesbench install, with the kernel's selftests Makefile" \
	"$top/scripts/kselftest-install.sh" "$ksft"
check "run_kselftest.sh lists kaesbench:kaesbench.sh" listed
check "the test, its settings (timeout) and config fragment are installed" \
	installed_files
check "without the module it skips, as kselftest expects" skips_without_module

checks_done "kselftest"
