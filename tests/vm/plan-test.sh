#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Tests what tests/vm/guest/plan.sh says make check runs where: every
# in-VM file's check= names only series make check knows (a misspelt one
# would drop the file from make check without a word), a file without the
# key runs on latest and 6.12, check=none on none, check=all on every one;
# and on made-up files, the same rules. No VM; a second.
#
# usage: tests/vm/plan-test.sh SERIES...   make check's series (CHECK_SERIES)
#                                          prints "plan: N passed, N failed"

set -u

top=$(cd "$(dirname "$0")/../.." && pwd)
plan=$top/tests/vm/guest/plan.sh
suite=$top/tests/vm/guest/tests
passed=0
failed=0

check() {
	if [ "$1" = "$2" ]; then
		echo "ok - $3"
		passed=$((passed + 1))
	else
		echo "not ok - $3: '$1', not '$2'"
		failed=$((failed + 1))
	fi
}

known=" $* all none "
bad=
for file in "$suite"/*.sh; do
	for series in $(sh "$plan" header "$file" check | tr ',' ' '); do
		case $known in
		*" $series "*) ;;
		*) bad="$bad $(basename "$file"):$series" ;;
		esac
	done
done
check "$bad" "" "every check= names a series of make check's ($*), all or none"

for series in "$@"; do
	n=$(sh "$plan" check "$suite" "$series" | tr ',' '\n' | grep -c .)
	[ "$n" -gt 0 ] && r=some || r=none
	check "$r" some "make check runs some files on $series ($n)"
done

made=$(mktemp -d)
trap 'rm -rf "$made"' EXIT
printf '# SPDX-License-Identifier: GPL-2.0\n# kaesbench-test: module=loaded\n' \
	>"$made/10-default.sh"
printf '# SPDX-License-Identifier: GPL-2.0\n# kaesbench-test: check=none\n' \
	>"$made/20-none.sh"
printf '# SPDX-License-Identifier: GPL-2.0\n# kaesbench-test: check=all boot=own\n' \
	>"$made/30-all.sh"
printf '# SPDX-License-Identifier: GPL-2.0\n# kaesbench-test: check=6.1,arm64-6.12\n' \
	>"$made/40-some.sh"
printf '# SPDX-License-Identifier: GPL-2.0\n# no header\n' >"$made/50-bare.sh"
check "$(sh "$plan" check "$made" latest)" 10-default,30-all,50-bare \
	"latest: the default, all and no header"
check "$(sh "$plan" check "$made" 6.12)" 10-default,30-all,50-bare \
	"6.12: the default, all and no header"
check "$(sh "$plan" check "$made" 6.1)" 30-all,40-some "6.1: all and the one naming it"
check "$(sh "$plan" check "$made" arm64-6.12)" 30-all,40-some \
	"arm64-6.12: all and the one naming it, not a prefix of another"
check "$(sh "$plan" check "$made" arm64)" 30-all "a series named by no file: all only"

echo "plan: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
