#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make check's LAVA stage: Debian 12's lava-dispatcher (lava-run, in a
# root of its own: tests/lava/dispatcher.sh) runs the job template
# contrib/lava/qemu-job.yaml against a QEMU device, booting the rig's
# kernel and ramdisk of SERIES (tests/vm/rig.sh ramdisk) with the test
# definition contrib/lava/kaesbench.yaml taken by git from a snapshot of
# this tree. The device dictionary (kaesbench-qemu.jinja2) is rendered
# from lava-server's own qemu device type, as a server would. Three jobs
# (tests/lava/job.py): one that must pass, with the broken test driver's
# verification reported as failing; one whose device never boots; one
# whose kernel dies mid-run. tests/lava/results.py checks what lava-run
# recorded for each.
#
# usage: tests/lava/run.sh [SERIES]   (default 6.12; arm64-6.12 and
#                                     arm64-6.1 boot an arm64 device)
# Logs: $KAESBENCH_CACHE/logs/lava/SCENARIO.log (LAVA's own log).

set -eu

series=${1:-6.12}
top=$(cd "$(dirname "$0")/../.." && pwd)
cache=${KAESBENCH_CACHE:-$top/.cache}
lava=$top/tests/lava
logs=$cache/logs/lava
work=$cache/lava/work.$$
trap 'rm -rf "$work"' EXIT
mkdir -p "$work" "$logs"

in_root() {
	"$lava/dispatcher.sh" run "$@"
}

if ! "$lava/dispatcher.sh" root >/dev/null; then
	echo "lava: 0 passed, 1 failed (no dispatcher: see above)"
	exit 1
fi
# shellcheck disable=SC2016 # dpkg-query's format
echo "# lava-run: $(in_root dpkg-query -W -f '${Package} ${Version}' lava-dispatcher)"

if ! "$top/tests/vm/rig.sh" ramdisk "$series" "$work/boot" \
	>"$logs/ramdisk.log" 2>&1; then
	tail -n 20 "$logs/ramdisk.log"
	echo "lava: 0 passed, 1 failed (no $series ramdisk: $logs/ramdisk.log)"
	exit 1
fi
release=$(cat "$work/boot/release")
arch=$("$top/tests/vm/kernel.sh" arch "$release")
echo "# device: qemu ($arch), kernel $release"

# The test definition comes by git, as on a LAVA server: a repository of
# this tree as it is, committed changes or not.
mkdir -p "$work/repo"
git -C "$top" ls-files -z --cached --others --exclude-standard |
	(
		# A file deleted but not yet from the index is left out.
		cd "$top" || exit 1
		xargs -0 cp -p --parents -t "$work/repo" 2>/dev/null
	) || true
git -C "$work/repo" init -q
git -C "$work/repo" add -A
git -C "$work/repo" -c user.name=kaesbench -c user.email=kaesbench@localhost \
	commit -q -m "make check's tree"
revision=$(git -C "$work/repo" rev-parse HEAD)

passed=0
failed=0
n=0
for scenario in pass no-boot dies; do
	n=$((n + 1))
	job=$work/$scenario.yaml
	out=$work/$scenario
	in_root python3 "$lava/job.py" "$top/contrib/lava/qemu-job.yaml" \
		"$scenario" "$arch" "file://$work/boot/vmlinuz" \
		"file://$work/boot/ramdisk.cpio.gz" "$work/repo" "$revision" \
		"$release" "$job"
	in_root python3 "$lava/device.py" \
		"$("$lava/dispatcher.sh" device-types)" \
		"$lava/kaesbench-qemu.jinja2" "$job" "$work/device.yaml"
	echo "# lava-run: job $scenario"
	began=$(date +%s)
	# The job's own timeouts bound it; this bounds a dispatcher that
	# hangs.
	timeout --kill-after=30 2700 "$lava/dispatcher.sh" run lava-run \
		--job-id "$(($$ * 10 + n))" --output-dir "$out" \
		--device "$work/device.yaml" "$job" 2>"$logs/$scenario.log" || true
	echo "# took $(($(date +%s) - began)) s"
	if [ -f "$out/result.yaml" ] &&
		in_root python3 "$lava/results.py" "$scenario" \
			"$logs/$scenario.log" "$out/result.yaml" >"$work/checks"; then
		:
	fi
	if [ -s "$work/checks" ]; then
		cat "$work/checks"
		p=$(sed -n 's/^# lava-[a-z-]*: \([0-9]*\) passed.*/\1/p' "$work/checks")
		f=$(sed -n 's/^# lava-[a-z-]*: [0-9]* passed, \([0-9]*\) failed.*/\1/p' "$work/checks")
		passed=$((passed + ${p:-0}))
		failed=$((failed + ${f:-1}))
	else
		echo "not ok $scenario: lava-run left no result (see $logs/$scenario.log)"
		failed=$((failed + 1))
	fi
	rm -f "$work/checks"
done
echo "# LAVA's logs: $logs"
echo "lava: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
