#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Runs a preparation step of make run or make check (apt, kbuild) with its
# output appended to a log under .cache/logs/, so that the terminal shows
# kaesbench's own output. On failure it prints the log's path and its last
# lines, and exits with the step's status. KAESBENCH_VERBOSE=1 lets the
# output through instead; KAESBENCH_LOGS names another directory for the
# logs (the host tests').
#
# usage: scripts/logged.sh LOG COMMAND [ARG...]
#   LOG  a file name under .cache/logs/ (apt.log, build.log)

set -u

[ $# -ge 2 ] || {
	echo "usage: $0 LOG COMMAND [ARG...]" >&2
	exit 2
}
if [ "${KAESBENCH_VERBOSE:-0}" = 1 ]; then
	shift
	exec "$@"
fi
logs=${KAESBENCH_LOGS:-$(cd "$(dirname "$0")/.." && pwd)/.cache/logs}
mkdir -p "$logs" || exit 1
log=$logs/$1
shift
{
	echo "### $(date -u '+%F %T') $*"
	"$@"
} >>"$log" 2>&1
rc=$?
if [ "$rc" -ne 0 ]; then
	echo "kaesbench: '$*' failed (exit $rc); the log is $log, its last lines:" >&2
	tail -n 15 "$log" | sed 's/^/  /' >&2
fi
exit "$rc"
