#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Can the running kernel load an unsigned out-of-tree module, as make run
# builds kaesbench.ko? Prints one line: why not, or that it can. Exit 0 when
# it can, 1 when it cannot.
#
# The reasons, checked in this order:
#   no module support (no /proc/modules)
#   module loading is disabled (/proc/sys/kernel/modules_disabled is 1)
#   nothing here may load modules: CAP_SYS_MODULE is not in the capability
#     bounding set (/proc/self/status; a container drops it)
#   kernel lockdown (integrity or confidentiality) refuses unsigned modules
#     (/sys/kernel/security/lockdown)
#   module signatures are enforced (/sys/module/module/parameters/sig_enforce
#     is Y): kaesbench.ko is unsigned
# A file missing after the first (an older kernel, no securityfs, a kernel
# without signature checking) does not count against loading.
#
# Test hooks: KAESBENCH_PROC and KAESBENCH_SYS (default /proc and /sys) name
# the trees read instead, so that tests can point it at fake ones.
#
# usage: scripts/module-support.sh

set -eu

proc=${KAESBENCH_PROC:-/proc}
sys=${KAESBENCH_SYS:-/sys}

# no REASON...: the kernel cannot load kaesbench.ko.
no() {
	echo "$*"
	exit 1
}

# The capability bounding set, in hex, of this process (and so of the
# root shell or sudo that would run insmod from it).
capbnd=$(sed -n 's/^CapBnd:[[:space:]]*\([0-9a-f]*\)$/\1/p' \
	"$proc/self/status" 2>/dev/null || true)
lockdown=$(cat "$sys/kernel/security/lockdown" 2>/dev/null || true)

[ -e "$proc/modules" ] ||
	no "no module support (no $proc/modules)"
[ "$(cat "$proc/sys/kernel/modules_disabled" 2>/dev/null || echo 0)" != 1 ] ||
	no "module loading is disabled ($proc/sys/kernel/modules_disabled is 1)"
# CAP_SYS_MODULE is bit 16: the fifth hex digit from the right, its bit 0.
if [ "${#capbnd}" -ge 5 ]; then
	digit=$(printf '%s\n' "$capbnd" | sed 's/.*\(.\)....$/\1/')
	[ $((0x$digit & 1)) -eq 1 ] ||
		no "nothing here may load modules: CAP_SYS_MODULE is not in the" \
			"capability bounding set ($proc/self/status; a container?)"
fi
case "$lockdown" in
*"[integrity]"* | *"[confidentiality]"*)
	mode=${lockdown#*[}
	no "kernel lockdown (${mode%%]*}) refuses unsigned modules" \
		"($sys/kernel/security/lockdown)"
	;;
esac
[ "$(cat "$sys/module/module/parameters/sig_enforce" 2>/dev/null || echo N)" != Y ] ||
	no "module signatures are enforced" \
		"($sys/module/module/parameters/sig_enforce is Y): kaesbench.ko is unsigned"
echo "the running kernel can load unsigned modules"
