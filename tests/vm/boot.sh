#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Boots one kernel of the rig under qemu and streams what the VM reports.
#
# usage: tests/vm/boot.sh [-A ARCH] [-m test|run] [-a ARGS] VMLINUZ INITRAMFS LOGDIR
#   -A ARCH  amd64 (default: qemu-system-x86_64, the PC) or arm64
#            (qemu-system-aarch64, the virt board)
#   -m test  run the in-VM suite (default); its KTAP streams to stdout
#   -m run   run "kaesbench ARGS" and stream its output
#   -s SUITE with -m test, the guest's tests/vm/guest/SUITE/*.sh instead
#            of the suite (tests/); cpu-blacklisted: the CPU's AES modules
#            refused by the kernel command line
#   -t FILES with -m test, only these files of the suite, in this order
#            (names without .sh, blank-separated, as guest/plan.sh boots
#            prints them); default: the suite's shared boot
#   -k ARGS  more kernel command line (module_blacklist=...), after
#            KAESBENCH_VM_CMDLINE's (the series', tests/vm/rig.sh)
#
# LOGDIR gets console.log (the kernel's console) and output.log (the
# suite's KTAP or the tool's output); tests/vm/verdict.sh judges them.
# KAESBENCH_VM_SLOWDOWN (default 1) says how many times slower than a
# Debian kernel this one runs (the debug kernel: KASAN and lockdep): it
# scales the boot's bound and, inside, every test's KTAP_TIMEOUT.
# KAESBENCH_VM_TIMEOUT (seconds, default 2100 times the slowdown) bounds
# the boot. KAESBENCH_VM_INIT_BOUND (seconds, default 300 times the
# slowdown) bounds the kernel's way to /init: a boot that has not started
# it by then is ended and booted once more (boot_once below).
# KAESBENCH_VM_ACCEL (default tcg,thread=multi): KVM does not boot normal
# guests on every machine, so it is opt-in.
# KAESBENCH_VM_DMA_API=1: virtio-crypto with iommu_platform=on, so that
# its buffers go through the DMA API (which CONFIG_DMA_API_DEBUG checks);
# without it virtio hands the device guest-physical addresses directly.
# Off by default: on the debug kernel virtio_crypto's own self-tests then
# map overlapping lines, before kaesbench is loaded; kaesbench's buffers
# are checked through kaesbench_faulty's dma_map (62-dma-mappings.sh).
# KAESBENCH_VM_SMP (default 2): the VM's CPUs; 17 let 45-scaling.sh reach
# the module's limit of 1024 requests in flight (CPUs x depth 64).

set -eu

mode=test
args=
arch=amd64
suite=tests
tests=
cmdline=${KAESBENCH_VM_CMDLINE:-}
while getopts A:m:a:s:t:k: opt; do
	case $opt in
	A) arch=$OPTARG ;;
	s) suite=$OPTARG ;;
	t) tests=$OPTARG ;;
	k) cmdline="${cmdline:+$cmdline }$OPTARG" ;;
	m) mode=$OPTARG ;;
	a) args=$OPTARG ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 3 ] || { echo "usage: $0 [-A ARCH] [-m test|run] [-s SUITE] [-t FILES] [-k ARGS] [-a ARGS] VMLINUZ INITRAMFS LOGDIR" >&2; exit 2; }
vmlinuz=$1
initramfs=$2
logdir=$3

slowdown=${KAESBENCH_VM_SLOWDOWN:-1}
case $slowdown in
'' | *[!0-9]* | 0*)
	echo "boot.sh: KAESBENCH_VM_SLOWDOWN must be a positive integer" >&2
	exit 2
	;;
esac
# make check's lanes run 1300 to 1500 s of suite a boot under TCG on a
# loaded host (6.12's ran out at 1507 s once): the bound is for a wedged
# VM, not a timing goal, and leaves them room.
vm_timeout=${KAESBENCH_VM_TIMEOUT:-$((2100 * slowdown))}
dma_api=
[ "${KAESBENCH_VM_DMA_API:-0}" = 1 ] && dma_api=yes

mkdir -p "$logdir"
console=$logdir/console.log
output=$logdir/output.log

# The machine, and where the kernel's console and the VM's output (the
# suite's KTAP, the tool's) go: the PC's two serial ports; on the virt
# board its one UART and a virtio console (hvc0; the guest's init loads
# virtio_console where it is a module, as in Debian's arm64 6.1). Pointer
# authentication's QARMA is slow under TCG: pauth-impdef makes the same
# instructions cheap.
case $arch in
amd64)
	qemu="qemu-system-x86_64"
	qemu_package="qemu-system-x86"
	machine="-cpu max"
	serial_console=ttyS0
	vm_output=/dev/ttyS1
	output_device="-serial file:$output"
	;;
arm64)
	qemu="qemu-system-aarch64"
	qemu_package="qemu-system-arm"
	machine="-M virt,gic-version=3 -cpu max,pauth-impdef=on"
	serial_console=ttyAMA0
	vm_output=/dev/hvc0
	output_device="-device virtio-serial-pci -chardev file,id=out,path=$output
		-device virtconsole,chardev=out"
	;;
*)
	echo "boot.sh: unknown architecture '$arch' (amd64, arm64)" >&2
	exit 2
	;;
esac
command -v "$qemu" >/dev/null || {
	echo "boot.sh: no $qemu (apt-get install $qemu_package)" >&2
	exit 1
}

# The mode travels in a second archive appended to the initramfs: the
# kernel unpacks concatenated archives in order.
overlay=$(mktemp -d)
trap 'rm -rf "$overlay"' EXIT
mkdir -p "$overlay/root/etc"
echo "$mode" >"$overlay/root/etc/kaesbench-vm.mode"
echo "$vm_output" >"$overlay/root/etc/kaesbench-vm.output"
echo "$suite" >"$overlay/root/etc/kaesbench-vm.suite"
[ -z "$tests" ] || echo "$tests" >"$overlay/root/etc/kaesbench-vm.tests"
printf '%s\n' "$args" >"$overlay/root/etc/kaesbench-vm.args"
echo "$slowdown" >"$overlay/root/etc/kaesbench-vm.slowdown"
(cd "$overlay/root" && find . | cpio -o -H newc --quiet -R 0:0) |
	gzip -1 >"$overlay/conf.cpio.gz"
cat "$initramfs" "$overlay/conf.cpio.gz" >"$overlay/initramfs"

# boot_once: one boot, its console and output in LOGDIR, its exit status
# qemu's (124 or 137: the bound ran out). A watchdog ends a boot whose
# kernel has not started /init after $init_bound s (it takes 3 to 6 s
# under TCG): 7.3-rc once hung under TCG at 1 s (hpet) for 17 minutes,
# which the boot's own bound would have waited out and then failed.
# Nothing of kaesbench, or of the suite, has run before /init; that boot
# is told apart by $hung, and booted once more.
init_bound=${KAESBENCH_VM_INIT_BOUND:-$((300 * slowdown))}
case $init_bound in
'' | *[!0-9]*)
	echo "boot.sh: KAESBENCH_VM_INIT_BOUND must be a number of seconds" >&2
	exit 2
	;;
esac
hung=$logdir/.hung-before-init
boot_once() {
	: >"$console"
	: >"$output"
	rm -f "$hung"
	# shellcheck disable=SC2086 # word lists
	timeout --kill-after=10 "$vm_timeout" \
		"$qemu" $machine \
		-accel "${KAESBENCH_VM_ACCEL:-tcg,thread=multi}" \
		-smp "${KAESBENCH_VM_SMP:-2}" -m 2G \
		-nodefaults -display none -no-reboot \
		-kernel "$vmlinuz" -initrd "$overlay/initramfs" \
		-append "console=$serial_console loglevel=7 panic=-1 oops=panic softlockup_panic=1 rdinit=/init${cmdline:+ $cmdline}" \
		-object cryptodev-backend-builtin,id=cd0 \
		-device "virtio-crypto-pci,cryptodev=cd0${dma_api:+,iommu_platform=on}" \
		-serial "file:$console" $output_device 2>"$logdir/qemu.log" &
	qemu_pid=$!

	# The kernel says "Run /init as init process" at KERN_INFO
	# (loglevel=7 shows it) in every series the rig boots.
	(
		i=0
		while kill -0 "$qemu_pid" 2>/dev/null; do
			grep -q 'Run /init' "$console" 2>/dev/null && exit 0
			if [ $i -ge "$init_bound" ]; then
				: >"$hung"
				kill "$qemu_pid"
				exit 0
			fi
			sleep 1
			i=$((i + 1))
		done
	) &
	watchdog=$!

	# sed -u: a pipe must not hold the stream back in a buffer.
	tail -n +1 -F --pid="$qemu_pid" "$output" 2>/dev/null | sed -u 's/\r$//' &
	tailer=$!
	boot_rc=0
	wait "$qemu_pid" || boot_rc=$?
	wait "$tailer" 2>/dev/null || true
	wait "$watchdog" 2>/dev/null || true
	tr -d '\r' <"$output" >"$output.tmp" && mv "$output.tmp" "$output"
	return "$boot_rc"
}

rc=0
rm -f "$logdir/console.hung.log"
boot_once || rc=$?
if [ -e "$hung" ]; then
	# Kept for whoever wants to see where it stopped.
	mv "$console" "$logdir/console.hung.log"
	echo "# boot.sh: the kernel did not start /init within $init_bound s (its console's last line: $(tail -n 1 "$logdir/console.hung.log" | tr -d '\r')); booting it once more" >&2
	rc=0
	boot_once || rc=$?
	if [ -e "$hung" ]; then
		rm -f "$hung"
		echo "# boot.sh: the kernel did not start /init within $init_bound s, twice; see $console" >>"$output"
		echo "boot.sh: the kernel did not start /init within $init_bound s, twice; see $console" >&2
		exit 1
	fi
	echo "# boot.sh: the second boot: the first one's kernel did not start /init within $init_bound s (console.hung.log)" >>"$output"
fi
if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
	echo "# boot.sh: the VM did not finish within $vm_timeout s" >>"$output"
elif [ $rc -ne 0 ]; then
	# QEMU's own messages (its backend's notes among them) are kept
	# out of the output; they matter when QEMU fails.
	echo "boot.sh: qemu exited $rc; see $logdir/qemu.log:" >&2
	tail -n 5 "$logdir/qemu.log" >&2
fi
exit $rc
