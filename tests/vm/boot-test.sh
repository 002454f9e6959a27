#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Tests tests/vm/boot.sh's watchdog with a stand-in for qemu: a boot whose
# kernel starts /init is booted once; one that hangs before /init is ended
# and booted once more, and that second boot's outcome is the boot's; two
# hangs fail, naming the bound, with the first console kept. No VM; a few
# seconds (without the watchdog, the hanging cases run into the boot's
# bound, 30 s here, and fail).
#
# usage: tests/vm/boot-test.sh   prints "boot watchdog: N passed, N failed"

set -u

boot=$(cd "$(dirname "$0")" && pwd)/boot.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0

# The stand-in: qemu-system-x86_64 in a directory of its own, first on
# PATH. Each call is counted; the first $STUB_HANGS calls hang (as a
# kernel stuck before /init: a console line, then nothing), the others
# boot: the kernel's line, a one-test suite's KTAP on the output port.
mkdir "$work/bin"
cat >"$work/bin/qemu-system-x86_64" <<'STUB'
#!/bin/sh
echo x >>"$STUB_CALLS"
console=
output=
while [ $# -gt 0 ]; do
	case $1 in
	-serial)
		if [ -z "$console" ]; then console=${2#file:}; else output=${2#file:}; fi
		shift
		;;
	esac
	shift
done
if [ "$(wc -l <"$STUB_CALLS")" -le "$STUB_HANGS" ]; then
	echo "[    1.000000] hpet0: at MMIO 0xfed00000" >>"$console"
	exec sleep 600
fi
echo "[    2.700000] Run /init as init process" >>"$console"
printf 'KTAP version 1\n1..1\nok 1 stand-in\n' >>"$output"
exit 0
STUB
chmod +x "$work/bin/qemu-system-x86_64"
: >"$work/vmlinuz"
: >"$work/initramfs"

# case NAME HANGS WANT_RC WANT_CALLS: a boot whose stand-in hangs HANGS
# times; boot.sh must exit WANT_RC after WANT_CALLS boots. (The log
# directory is named by HANGS: boot.sh takes paths without blanks.)
case_() {
	name=$1
	logs=$work/hangs-$2
	mkdir -p "$logs"
	: >"$work/calls"
	rc=0
	STUB_CALLS=$work/calls STUB_HANGS=$2 PATH="$work/bin:$PATH" \
		KAESBENCH_VM_INIT_BOUND=2 KAESBENCH_VM_TIMEOUT=30 \
		"$boot" "$work/vmlinuz" "$work/initramfs" "$logs" \
		>"$logs/stdout" 2>"$logs/stderr" || rc=$?
	calls=$(wc -l <"$work/calls")
	why=
	[ "$rc" -eq "$3" ] || why="exit $rc, not $3"
	[ "$calls" -eq "$4" ] || why="$why; $calls boots, not $4"
	case $2 in
	0)
		[ ! -e "$logs/console.hung.log" ] || why="$why; a hung console kept"
		! grep -q 'second boot' "$logs/output.log" ||
			why="$why; said it booted twice"
		;;
	1)
		grep -q 'hpet0' "$logs/console.hung.log" 2>/dev/null ||
			why="$why; the hung boot's console not kept"
		grep -q '^# boot.sh: the second boot: .* within 2 s' \
			"$logs/output.log" || why="$why; the second boot not said"
		grep -q '^ok 1 stand-in' "$logs/output.log" ||
			why="$why; the second boot's KTAP missing"
		;;
	*)
		grep -q 'did not start /init within 2 s, twice' "$logs/stderr" ||
			why="$why; the two hangs not said"
		;;
	esac
	if [ -z "$why" ]; then
		passed=$((passed + 1))
		echo "ok - $name"
	else
		failed=$((failed + 1))
		echo "not ok - $name: ${why#; }"
		sed 's/^/# /' "$logs/stderr" "$logs/output.log"
	fi
	# No stand-in left running.
	if pgrep -f "$work/bin/qemu" >/dev/null; then
		failed=$((failed + 1))
		echo "not ok - $name: a stand-in left running"
		pkill -f "$work/bin/qemu"
	fi
}

case_ "a boot that starts /init is booted once" 0 0 1
case_ "a boot that hangs before /init is booted once more" 1 0 2
case_ "two boots that hang before /init fail" 2 1 2

echo "boot watchdog: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
