#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The long fuzzing run, for before a release: tests/vm/guest/tests/92-storms.sh
# with COUNT / 200 stops and 93-fuzz.sh with COUNT messages as root, alone
# in one VM, judged as the suite is (verdict.sh: a failed test or any
# kernel report in the console fails).
#
# usage: tests/vm/fuzz.sh [COUNT [SERIES]]   (default 1000000 on 6.12)
#
# Expects the tool and the test tools built (make tool test-tools).

set -eu

top=$(cd "$(dirname "$0")/../.." && pwd)
cache=${KAESBENCH_CACHE:-$top/.cache}
count=${1:-1000000}
series=${2:-6.12}
# 100 000 messages take about 20 s under TCG, 1 000 stops some 140 s:
# room for a busy host.
timeout=$((count / 1000 + 300))
stops=$((count / 200))
export KAESBENCH_VM_TIMEOUT=$((timeout + stops / 2 + 600))

"$top/tests/vm/rig.sh" exec "$series" "FUZZ_COUNT=$count FUZZ_TIMEOUT=$timeout
STORM_STOPS=$stops
. /tests/lib.sh
load_drivers
. /tests/tests/92-storms.sh
. /tests/tests/93-fuzz.sh
ktap_finish
echo \"# taint: \$(cat /proc/sys/kernel/tainted)\"
[ \$ktap_fail -eq 0 ] && echo '# kaesbench-vm: success'" || true
kver=$("$top/tests/vm/kernel.sh" release "$series")
"$top/tests/vm/verdict.sh" "$cache/logs/exec-$kver" "fuzz $kver"
