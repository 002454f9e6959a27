#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make run's decisions, on this host, with nothing loaded or installed:
# scripts/module-support.sh against fake /proc and /sys trees, one per
# reason a kernel cannot load kaesbench.ko and two that can;
# scripts/headers.sh and scripts/run.sh with fake apt-get, dpkg-query, id,
# uname, make, insmod, rmmod and sudo first on PATH, which record what they
# are asked and install, build or load nothing. Ends with
# "run: N passed, N failed". Needs no root, no headers, no module support.

set -u

top=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
log=$tmp/log
bin=$tmp/bin
# shellcheck source=tests/packaging/lib.sh
. "$top/tests/packaging/lib.sh"
release=6.1.0-99-amd64
headers=linux-headers-$release
image=linux-image-$release
# scripts/logged.sh's logs, away from the tree's .cache/logs.
KAESBENCH_LOGS=$tmp/logs
export KAESBENCH_LOGS

# fail EXPECTED: the check fails, showing what the script under test
# printed and what was expected (check runs each test in a subshell).
fail() {
	cat "$log"
	echo "expected: $*"
	exit 1
}

# The shims. Each records its arguments in $tmp/calls, one line per call.
shim() {
	printf '#!/bin/sh\necho "%s $*" >>"%s/calls"\n%s\n' "$1" "$tmp" "$2" \
		>"$bin/$1"
	chmod +x "$bin/$1"
}
mkdir -p "$bin"
shim uname "[ \"\$1\" = -r ] && exec echo $release; exec $(command -v uname) \"\$@\""
shim id "[ \"\$1\" = -u ] && exec echo \"\$FAKE_UID\"; exec $(command -v id) \"\$@\""
# dpkg-query -W -f='${Status}' PACKAGE: installed when in $FAKE_INSTALLED.
# shellcheck disable=SC2016 # expanded by the shim
shim dpkg-query 'for pkg; do :; done
case " $FAKE_INSTALLED " in
*" $pkg "*) printf "install ok installed" ;;
*) echo "dpkg-query: no packages found matching $pkg" >&2; exit 1 ;;
esac'
# apt-get -s prints $tmp/simulation, or, while $tmp/stale is there and
# update has not run, fails as stale lists do; apt-get install chatters as
# apt does and makes the build tree a headers package would, or, while
# $tmp/broken is there, fails as a broken mirror does.
shim apt-get "case \" \$* \" in
*' update '*) rm -f $tmp/stale ;;
*' -s '*)
	if [ -e $tmp/stale ]; then
		echo 'E: Unable to locate package $headers'
		exit 100
	fi
	cat $tmp/simulation ;;
*' install '*)
	echo 'W: Download is performed unsandboxed as root'
	if [ -e $tmp/broken ]; then
		echo 'E: Failed to fetch $headers  404  Not Found'
		exit 100
	fi
	mkdir -p $tmp/modules/$release/build
	touch $tmp/modules/$release/build/Makefile ;;
esac"
# make chatters as kbuild does, and fails: nothing is built.
shim make "echo 'warning: the compiler differs from the one used to build the kernel'; exit 1"
for tool in insmod rmmod sudo; do
	shim "$tool" 'exit 1'
done

# A safe simulation: what Debian 12 lists for its headers.
safe_simulation() {
	cat >"$tmp/simulation" <<-EOF
		NOTE: This is only a simulation!
		Inst linux-headers-6.1.0-99-common (6.1.999-1 Debian:12 [all])
		Inst linux-kbuild-6.1 (6.1.999-1 Debian:12 [amd64])
		Inst $headers (6.1.999-1 Debian:12 [amd64])
		Conf $headers (6.1.999-1 Debian:12 [amd64])
	EOF
}

# machine UID INSTALLED...: a fresh machine without headers, whose user
# has UID and whose dpkg has INSTALLED, and a safe simulation.
machine() {
	FAKE_UID=$1
	shift
	FAKE_INSTALLED="$*"
	export FAKE_UID FAKE_INSTALLED
	rm -rf "$tmp/modules" "$tmp/calls" "$tmp/stale" "$tmp/broken" \
		"$KAESBENCH_LOGS"
	mkdir -p "$tmp/modules"
	: >"$tmp/calls"
	safe_simulation
}

# headers: scripts/headers.sh with the shims, its output in $log.
headers() {
	PATH=$bin:$PATH KAESBENCH_LIB_MODULES=$tmp/modules \
		"$top/scripts/headers.sh" >"$log" 2>&1
}

# installed: a real (not simulated) apt-get install ran.
installed() {
	grep '^apt-get ' "$tmp/calls" | grep -v -- ' -s ' | grep -q ' install '
}

# untouched: no install ran and no build tree appeared.
untouched() {
	! installed || fail "no apt-get install"
	[ ! -e "$tmp/modules/$release" ] || fail "no build tree made"
}

not_root_prints_the_line() {
	machine 1000 "$image"
	headers && fail "exit 1"
	grep -qx "  apt-get install -y --no-install-recommends $headers" "$log" ||
		fail "the apt-get line"
	grep -q "As root, run:" "$log" || fail "As root, run:"
	untouched
}

root_refuses_without_image() {
	machine 0
	headers && fail "exit 1"
	grep -q "$image is not installed (dpkg)" "$log" || fail "the reason"
	grep -q "pull in a kernel image" "$log" || fail "the image named"
	untouched
}

root_refuses_an_image_in_the_simulation() {
	machine 0 "$image"
	echo "Inst linux-image-6.1.0-100-amd64 (6.1.999-1 Debian:12 [amd64])" \
		>>"$tmp/simulation"
	headers && fail "exit 1"
	grep -q "installing $headers would also install linux-image-6.1.0-100-amd64" \
		"$log" || fail "the image named"
	untouched
}

root_installs_when_safe() {
	machine 0 "$image"
	headers || fail "exit 0"
	grep -qx "apt-get install -y -q --no-install-recommends $headers" \
		"$tmp/calls" || fail "apt-get install of $headers alone"
	grep -q "^apt-get -s .*install $headers$" "$tmp/calls" ||
		fail "a simulation first"
}

# Quiet: apt's chatter in the log, a line of kaesbench's on the terminal.
root_installs_quietly() {
	machine 0 "$image"
	headers || fail "exit 0"
	[ "$(cat "$log")" = "kaesbench: installing $headers" ] ||
		fail "one line: kaesbench: installing $headers"
	grep -q "unsandboxed" "$KAESBENCH_LOGS/apt.log" ||
		fail "apt's output in $KAESBENCH_LOGS/apt.log"
}

root_install_fails_showing_the_log() {
	machine 0 "$image"
	: >"$tmp/broken"
	headers && fail "exit 1"
	grep -q "failed (exit 100); the log is $KAESBENCH_LOGS/apt.log, its last lines:" \
		"$log" || fail "the log's path"
	grep -q "^  E: Failed to fetch $headers" "$log" || fail "apt's error"
}

root_updates_stale_lists() {
	machine 0 "$image"
	: >"$tmp/stale"
	headers || fail "exit 0"
	grep -qx "apt-get update -q" "$tmp/calls" || fail "apt-get update"
	installed || fail "apt-get install after the update"
}

not_root_stale_lists_refused() {
	machine 1000 "$image"
	: >"$tmp/stale"
	headers && fail "exit 1"
	grep -q "E: Unable to locate package $headers" "$log" ||
		fail "apt's error"
	! grep -q "apt-get update" "$tmp/calls" || fail "no apt-get update"
	untouched
}

present_headers_left_alone() {
	machine 0
	mkdir -p "$tmp/modules/$release/build"
	touch "$tmp/modules/$release/build/Makefile"
	headers || fail "exit 0"
	! grep -q '^apt-get\|^dpkg-query' "$tmp/calls" || fail "no apt-get, no dpkg"
	[ ! -s "$log" ] || fail "nothing printed"
}

# kernel_tree NAME: fake /proc and /sys in $tmp/NAME of a kernel that can load
# unsigned modules.
kernel_tree() {
	root=$tmp/$1
	rm -rf "$root"
	mkdir -p "$root/proc/sys/kernel" "$root/proc/self" \
		"$root/sys/kernel/security" "$root/sys/module/module/parameters"
	: >"$root/proc/modules"
	echo 0 >"$root/proc/sys/kernel/modules_disabled"
	printf 'Name:\tsh\nCapBnd:\t000001ffffffffff\n' >"$root/proc/self/status"
	echo "[none] integrity confidentiality" >"$root/sys/kernel/security/lockdown"
	echo N >"$root/sys/module/module/parameters/sig_enforce"
}

# support STATUS LINE: module-support.sh on $root exits STATUS and prints
# exactly LINE.
support() {
	KAESBENCH_PROC=$root/proc KAESBENCH_SYS=$root/sys \
		"$top/scripts/module-support.sh" >"$log" 2>&1
	rc=$?
	[ "$rc" -eq "$1" ] || fail "exit $1, not $rc"
	[ "$(cat "$log")" = "$2" ] || fail "$2"
}

loads() {
	kernel_tree loads
	support 0 "the running kernel can load unsigned modules"
}

loads_without_optional_files() {
	kernel_tree optional
	rm -r "$root/proc/sys" "$root/proc/self" "$root/sys/kernel" "$root/sys/module"
	support 0 "the running kernel can load unsigned modules"
}

no_proc_modules() {
	kernel_tree nomodules
	rm "$root/proc/modules"
	support 1 "no module support (no $root/proc/modules)"
}

modules_disabled() {
	kernel_tree disabled
	echo 1 >"$root/proc/sys/kernel/modules_disabled"
	support 1 "module loading is disabled ($root/proc/sys/kernel/modules_disabled is 1)"
}

no_cap_sys_module() {
	kernel_tree container
	# Docker's default bounding set.
	printf 'Name:\tsh\nCapBnd:\t00000000a80425fb\n' >"$root/proc/self/status"
	support 1 "nothing here may load modules: CAP_SYS_MODULE is not in the capability bounding set ($root/proc/self/status; a container?)"
}

lockdown() {
	kernel_tree "lockdown-$1"
	echo "$2" >"$root/sys/kernel/security/lockdown"
	support 1 "kernel lockdown ($1) refuses unsigned modules ($root/sys/kernel/security/lockdown)"
}

sig_enforced() {
	kernel_tree sigenforce
	echo Y >"$root/sys/module/module/parameters/sig_enforce"
	support 1 "module signatures are enforced ($root/sys/module/module/parameters/sig_enforce is Y): kaesbench.ko is unsigned"
}

# make_run: scripts/run.sh with the shims on the trees of $root, its output
# in $log. The shims stop it before anything is built or booted: make fails,
# and a non-root deps.sh lacking packages exits first.
make_run() {
	PATH=$bin:$PATH KAESBENCH_LIB_MODULES=$tmp/modules \
		KAESBENCH_PROC=$root/proc KAESBENCH_SYS=$root/sys \
		"$top/scripts/run.sh" "$@" >"$log" 2>&1
}

run_native_needs_headers() {
	kernel_tree loads
	machine 1000 "$image"
	make_run && fail "exit 1"
	grep -qx "  apt-get install -y --no-install-recommends $headers" "$log" ||
		fail "the headers' apt-get line"
	! grep -q "VM" "$log" || fail "no VM"
	! grep -q '^make ' "$tmp/calls" || fail "nothing built"
	untouched
}

run_build_fails_showing_the_log() {
	kernel_tree loads
	machine 0 "$image"
	mkdir -p "$tmp/modules/$release/build"
	touch "$tmp/modules/$release/build/Makefile"
	make_run && fail "exit 1"
	grep -q "^kaesbench: 'make -s module tool' failed (exit 1); the log is $KAESBENCH_LOGS/build.log" \
		"$log" || fail "the build log's path"
	grep -q "^  warning: the compiler differs" "$log" || fail "its last lines"
	[ "$(grep -c "compiler differs" "$log")" -eq 1 ] ||
		fail "kbuild's output once, from the log, not as it ran"
}

run_falls_back_saying_why() {
	kernel_tree sigenforce
	echo Y >"$root/sys/module/module/parameters/sig_enforce"
	machine 1000 "$image"
	make_run && fail "exit 1 (the shims stop it)"
	[ "$(head -n 1 "$log")" = "kaesbench: the running kernel ($release) cannot load kaesbench.ko: module signatures are enforced ($root/sys/module/module/parameters/sig_enforce is Y): kaesbench.ko is unsigned; running it in a VM booting Debian's 6.12 kernel instead, whose figures are emulated (qemu TCG), not this machine's." ] ||
		fail "the reason and emulation, in one line"
	! grep -q "$headers" "$log" || fail "no headers wanted"
	untouched
}

check "module support: a kernel that loads unsigned modules" loads
check "module support: files a kernel may lack do not count against it" \
	loads_without_optional_files
check "module support: no /proc/modules" no_proc_modules
check "module support: kernel.modules_disabled=1" modules_disabled
check "module support: no CAP_SYS_MODULE in the bounding set" no_cap_sys_module
check "module support: lockdown=integrity" \
	lockdown integrity "none [integrity] confidentiality"
check "module support: lockdown=confidentiality" \
	lockdown confidentiality "none integrity [confidentiality]"
check "module support: module.sig_enforce=Y" sig_enforced
check "headers: present, nothing asked of apt" present_headers_left_alone
check "headers: not root, missing: the apt-get line, nothing installed" \
	not_root_prints_the_line
check "headers: root, the kernel's image not installed: refused" \
	root_refuses_without_image
check "headers: root, the simulation installs an image: refused" \
	root_refuses_an_image_in_the_simulation
check "headers: root, safe: apt-get install $headers" root_installs_when_safe
check "headers: root, safe: apt's output in the log, one line on the terminal" \
	root_installs_quietly
check "headers: root, apt fails: the log's path and its last lines, exit 1" \
	root_install_fails_showing_the_log
check "headers: root, stale lists: updated, then installed" \
	root_updates_stale_lists
check "headers: not root, stale lists: apt's error, nothing run" \
	not_root_stale_lists_refused
# make run ARCH=arm64 on this (x86) machine: an arm64 VM, whatever the
# running kernel could load; as non-root, the apt-get line names the cross
# compiler and qemu-system-arm, and nothing is built.
run_arch_arm64() {
	kernel_tree loads
	machine 1000 "$image"
	make_run --arch arm64 && fail "exit 1 (not root, packages missing)"
	[ "$(head -n 1 "$log")" = "kaesbench: an arm64 VM booting Debian 12's 6.12 kernel for arm64, whose figures are emulated (qemu TCG), not this machine's." ] ||
		fail "the arm64 VM, in one line"
	grep -q "^  apt-get update && apt-get install -y --no-install-recommends .*gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-system-arm" \
		"$log" || fail "the arm64 packages' apt-get line"
	! grep -q "$headers" "$log" || fail "no headers wanted"
	! grep -q '^make ' "$tmp/calls" || fail "nothing built"
	untouched
}

run_arch_unknown() {
	kernel_tree loads
	make_run --arch sparc64 && fail "exit 2"
	grep -qx "kaesbench: --arch sparc64: the rig boots amd64 and arm64" \
		"$log" || fail "the architectures it boots"
	[ ! -e "$tmp/calls" ] || ! grep -q '^\(apt-get\|make\) ' "$tmp/calls" ||
		fail "nothing installed or built"
}

check "make run: modules load, headers missing: the headers, not a VM" \
	run_native_needs_headers
check "make run: the build fails: its log's path and last lines, exit 1" \
	run_build_fails_showing_the_log
check "make run: modules cannot load: a VM, the reason in one line" \
	run_falls_back_saying_why
check "make run ARCH=arm64: an arm64 VM, its packages named" run_arch_arm64
check "make run --arch of an architecture the rig lacks: exit 2" \
	run_arch_unknown

checks_done run
