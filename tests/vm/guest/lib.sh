# SPDX-License-Identifier: GPL-2.0
#
# Helpers for the in-VM tests: KTAP output (kselftest format) and the
# driver set-up every test expects.

# busybox's shell runs its own applets before anything on PATH, but the
# tests need kmod's: busybox insmod retries failed inits (tcrypt runs twice)
# and busybox depmod leaves kmod's binary indexes stale.
insmod() { /sbin/insmod "$@"; }
rmmod() { /sbin/rmmod "$@"; }
modprobe() { /sbin/modprobe "$@"; }
depmod() { /sbin/depmod "$@"; }
lsmod() { /sbin/lsmod "$@"; }
modinfo() { /sbin/modinfo "$@"; }
# And iproute2's ip: busybox's has no xfrm, netns nor -br.
ip() { /sbin/ip "$@"; }

KSFT_SKIP=4
ktap_count=0
ktap_pass=0
ktap_fail=0
ktap_skip=0

# How many times slower than a Debian kernel this one runs (the rig's
# debug kernel), written by the host (tests/vm/boot.sh).
KTAP_SLOWDOWN=$(cat /etc/kaesbench-vm.slowdown 2>/dev/null || echo 1)

# ktap_test DESCRIPTION COMMAND [ARG...]
# Runs COMMAND in a subshell, bounded by $KTAP_TIMEOUT seconds (120) times
# $KTAP_SLOWDOWN; its output and how long it took become diagnostic
# lines. Exit 0 passes, 4 skips, else fails.
ktap_test() {
	desc=$1
	shift
	ktap_count=$((ktap_count + 1))
	limit=$((${KTAP_TIMEOUT:-120} * KTAP_SLOWDOWN))
	began=$(cut -d ' ' -f 1 /proc/uptime)
	("$@") >/tmp/ktap.out 2>&1 &
	pid=$!
	(sleep "$limit" && kill -9 "$pid" 2>/dev/null &&
		echo "timed out after $limit s" >>/tmp/ktap.out) &
	watchdog=$!
	wait "$pid"
	rc=$?
	kill "$watchdog" 2>/dev/null
	wait "$watchdog" 2>/dev/null
	sed 's/^/# /' /tmp/ktap.out
	# Where the suite's time goes (make check has a bound).
	awk -v began="$began" '{ printf "# took %.1f s\n", $1 - began }' \
		/proc/uptime
	ktap_report "$rc" "$desc"
}

# ktap_report STATUS DESCRIPTION: the result line of test number
# $ktap_count; exit status 0 passes, 4 skips, else fails. Where
# $KTAP_COUNTS names a file (run-one), the counts go there too, so that
# the next file's numbers follow on even if this file's shell ends early.
ktap_report() {
	case $1 in
	0)
		echo "ok $ktap_count $2"
		ktap_pass=$((ktap_pass + 1))
		;;
	"$KSFT_SKIP")
		echo "ok $ktap_count $2 # SKIP"
		ktap_skip=$((ktap_skip + 1))
		;;
	*)
		echo "not ok $ktap_count $2"
		ktap_fail=$((ktap_fail + 1))
		;;
	esac
	[ -z "${KTAP_COUNTS:-}" ] ||
		echo "$ktap_count $ktap_pass $ktap_fail $ktap_skip" >"$KTAP_COUNTS"
}

ktap_finish() {
	echo "1..$ktap_count"
	echo "# Totals: pass:$ktap_pass fail:$ktap_fail xfail:0 xpass:0 skip:$ktap_skip error:0"
}

fail() {
	echo "$*"
	exit 1
}

# Centiseconds since boot: busybox date has no %N.
now_cs() {
	awk '{ printf "%d\n", $1 * 100 }' /proc/uptime
}

# until_within SECONDS WHAT COMMAND...: polls COMMAND every 0.1 s for up
# to SECONDS (times the kernel's slowdown), then fails saying WHAT did not
# happen: a bound for a stuck kernel, not a timing.
until_within() {
	limit=$(($1 * KTAP_SLOWDOWN))
	what=$2
	shift 2
	i=0
	until "$@"; do
		i=$((i + 1))
		[ $i -gt $((limit * 10)) ] && fail "$what: not within $limit s"
		sleep 0.1
	done
}

# The machine's architecture, and the modules of its CPU's AES
# implementations: AES-NI (and VAES) on x86; on arm64 the Crypto
# Extensions' cipher, modes and CCM, the NEON and bit-sliced NEON modes,
# and the PMULL GHASH under GCM.
# The tests name the CPU's implementations through the variables below
# (CPU_CBC, ...): every test runs on both architectures.
# shellcheck disable=SC2034 # for the tests
case $(uname -m) in
aarch64)
	ARCH=arm64
	CPU_AES_MODULES="aes_ce_cipher aes_ce_blk aes_ce_ccm aes_neon_blk aes_neon_bs ghash_ce"
	CPU_AES_NAME="the Crypto Extensions"
	CPU_CIPHER=aes-ce
	CPU_CBC=cbc-aes-ce
	CPU_CTR=ctr-aes-ce
	CPU_XTS=xts-aes-ce
	CPU_GCM=gcm-aes-ce
	CPU_RFC4106=rfc4106-gcm-aes-ce
	# Which module registers which: the block modes, the single-block
	# cipher, GCM (PMULL's GHASH with the CE cipher).
	CPU_BLK_MODULE=aes_ce_blk
	CPU_CIPHER_MODULE=aes_ce_cipher
	CPU_GCM_MODULE=ghash_ce
	# What unloads the block modes (aes_ce_ccm uses aes_ce_blk), in
	# order, and the doctor's findings about them.
	CPU_BLK_UNLOAD="aes_ce_ccm aes_ce_blk"
	CPU_FINDING=KB-ARMCE
	;;
*)
	ARCH=x86
	CPU_AES_MODULES=aesni_intel
	CPU_AES_NAME=AES-NI
	# 7.x registers no aes-aesni: its "aes" is the AES library's.
	CPU_CIPHER=aes-aesni
	CPU_CBC=cbc-aes-aesni
	CPU_CTR=ctr-aes-aesni
	CPU_XTS=xts-aes-aesni
	CPU_GCM=generic-gcm-aesni
	CPU_RFC4106=rfc4106-gcm-aesni
	CPU_BLK_MODULE=aesni_intel
	CPU_CIPHER_MODULE=aesni_intel
	CPU_GCM_MODULE=aesni_intel
	CPU_BLK_UNLOAD=aesni_intel
	CPU_FINDING=KB-AESNI
	;;
esac

# resolve_cpu_names: what only the loaded drivers say. The CPU's
# rfc4106(gcm(aes)) is its own where it registers one (rfc4106-gcm-aesni,
# rfc4106-gcm-aes-ce), else the template over its gcm: Debian's arm64 6.1
# ghash_ce registers gcm-aes-ce alone. Called by run-tests once the
# drivers are loaded, and by run-one in each file's shell.
resolve_cpu_names() {
	has_driver "$CPU_RFC4106" || CPU_RFC4106="rfc4106($CPU_GCM)"
	echo "# the CPU's rfc4106(gcm(aes)): $CPU_RFC4106"
}

# kaesbench_pinned: kaesbench gave requests up in this boot (98*-given-up-*,
# 99a-given-up-by-alg.sh): it stays loaded until reboot, and so do the
# drivers it gave them to.
kaesbench_pinned() {
	dmesg | grep -q 'kaesbench stays loaded until reboot'
}

# no_foreign_findings DOCTOR_JSON: the doctor's findings say nothing of
# another architecture's AES (x86's AES-NI and VAES, arm64's Crypto
# Extensions).
no_foreign_findings() {
	foreign="KB-AESNI- KB-VAES- KB-OPENSSL-AESNI KB-OPENSSL-VAES KB-OPENSSL-NO-AESNI"
	[ "$ARCH" = x86 ] && foreign="KB-ARMCE- KB-OPENSSL-ARMV8 KB-OPENSSL-NO-ARMV8"
	for prefix in $foreign; do
		! jq -e --arg p "$prefix" 'any(.findings[]; .id | startswith($p))' \
			"$1" >/dev/null || fail "a $prefix finding on $ARCH"
	done
}

# The crypto drivers under test. QEMU's virtio-crypto backend lacks RSA raw
# padding, so the RSA self-test of virtio_crypto fails with one WARN when it
# loads; only after that does any WARN panic the kernel (the host allows
# exactly that one report).
# A kernel with CONFIG_DMA_API_DEBUG (the rig's debug kernel) checks what
# devices are given through the DMA API. Where virtio-crypto uses it too
# (KAESBENCH_VM_DMA_API=1, tests/vm/boot.sh), its own self-tests map
# overlapping lines while the drivers load, before kaesbench is: the
# errors until then are counted, not reported, and the count is kept
# (/tmp/dma-api.base); from then on every error is reported, a WARN that
# panics (99-debug-kernel.sh also compares the count at the end). debugfs
# is mounted here, once a boot, for that and for the files that read it.
DMA_API=/sys/kernel/debug/dma-api
load_drivers() {
	grep -q ' /sys/kernel/debug ' /proc/mounts ||
		mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
	[ -d "$DMA_API" ] && echo 0 >"$DMA_API/num_errors"
	# shellcheck disable=SC2086 # a word list
	modprobe -a virtio_pci virtio_crypto $CPU_AES_MODULES \
		algif_skcipher algif_aead crypto_user
	# 7.2 has no cryptd (CONFIG_CRYPTO_CRYPTD is not set there).
	modprobe -q cryptd || true
	# Registered, then self-tested (20 s and more on the debug kernel
	# under a loaded host): until then it is not handed out, and its
	# self-test's mappings are the kernel's, not kaesbench's.
	i=0
	while ! awk '/^driver/ { d = $3 } /^selftest/ && d == "virtio_crypto_aes_cbc" &&
		$3 == "passed" { found = 1 } END { exit !found }' /proc/crypto; do
		i=$((i + 1))
		if [ $i -gt $((600 * KTAP_SLOWDOWN)) ]; then
			echo "# virtio_crypto_aes_cbc has not passed its self-test"
			break
		fi
		sleep 0.1
	done
	if [ -d "$DMA_API" ]; then
		cat "$DMA_API/error_count" >/tmp/dma-api.base
		echo "# DMA API errors while the drivers loaded: $(cat /tmp/dma-api.base)"
		echo 1 >"$DMA_API/all_errors"
	fi
	echo 1 >/proc/sys/kernel/panic_on_warn
}

# unload MODULE: rmmod, retried for up to 5 s while the module is in use:
# a job's thread holds kaesbench, and the transforms it frees their
# drivers' modules, until it has exited, just after the job's end message.
unload() {
	i=0
	until rmmod "$1" 2>/tmp/unload.err; do
		i=$((i + 1))
		if [ $i -gt 50 ] || ! grep -q "in use" /tmp/unload.err; then
			cat /tmp/unload.err
			return 1
		fi
		sleep 0.1
	done
}

# expect_failure EXIT_CODE PATTERN COMMAND [ARG...]
# COMMAND must exit with EXIT_CODE and print a line matching PATTERN.
expect_failure() {
	want=$1
	pattern=$2
	shift 2
	out=$("$@" 2>&1)
	rc=$?
	echo "$out"
	[ "$rc" -eq "$want" ] || fail "'$*' exited $rc, expected $want"
	echo "$out" | grep -q -- "$pattern" ||
		fail "'$*' did not print '$pattern'"
}

# The software parts this kernel has, found at run time: Debian 12's
# kernels (6.1, 6.12) have aes-generic and ghash-generic; 7.x has neither,
# its "aes" cipher is aes-lib (the AES library, module "kernel") and its
# GHASH the library's. Tests name what they measure through these and say
# in their output what they used.

# has_driver DRIVER: /proc/crypto lists DRIVER.
has_driver() {
	grep -q "^driver *: $1\$" /proc/crypto
}

# soft_aes: the kernel's software single-block AES cipher: aes-generic
# where it exists, else aes-lib.
soft_aes() {
	for d in aes-generic aes-lib; do
		has_driver "$d" && { echo "$d"; return 0; }
	done
	echo "no software AES cipher (neither aes-generic nor aes-lib)" >&2
	return 1
}

# soft_ghash: the driver of the software GHASH: ghash-generic where it
# exists (a module loaded on demand before 7.x), else ghash-lib.
soft_ghash() {
	has_driver ghash-generic || modprobe -q crypto-ghash-generic 2>/dev/null
	for d in ghash-generic ghash-lib; do
		has_driver "$d" && { echo "$d"; return 0; }
	done
	# 7.x registers ghash-lib with the gcm template: name it all the same.
	echo ghash-lib
}

# aes_ciphers: every single-block AES cipher ("aes", type cipher), one a
# line: aes-generic and aes-aesni on 6.x, aes-lib on 7.x.
aes_ciphers() {
	awk '/^name/ { n = $3 } /^driver/ { d = $3 } /^type/ { t = $3 }
		/^$/ { if (n == "aes" && t == "cipher") print d; n = d = t = "" }' \
		/proc/crypto
}

# The names the tests use; each test's output says which it got.
SOFT_AES=$(soft_aes)
# cbc and gcm_base template instances over the software cipher.
# shellcheck disable=SC2034 # for the tests
SOFT_CBC="cbc($SOFT_AES)"
soft_gcm() {
	echo "gcm_base(ctr($SOFT_AES),$(soft_ghash))"
}

# hex_string STRING: STRING and its NUL as a kaesbench-nlprobe payload.
hex_string() {
	printf '%s\0' "$1" | od -An -tx1 | tr -d ' \n'
}

# afalg_software_only: this kernel's AF_ALG offers synchronous software
# implementations only (Linux 7.2 on: deprecated, its binds leave out
# asynchronous and kernel-driver-only drivers, so virtio_crypto's fail
# with ENOENT; its zero-copy path copies what is spliced).
afalg_software_only() {
	uname -r | awk -F '[.-]' '{ exit !($1 > 7 || ($1 == 7 && $2 >= 2)) }'
}

# afalg_testable: whether AF_ALG can be exercised here at all. libkcapi
# 1.4.0 cannot parse a release without a patch level (Debian
# experimental's 7.3-amd64) and refuses every handle; kaesbench says so in
# each AF_ALG cell, and the tests that need AF_ALG's figures skip, saying
# why. Asked once a boot.
LIBKCAPI_STATE=/tmp/libkcapi-refuses
afalg_testable() {
	if [ ! -e $LIBKCAPI_STATE ]; then
		kaesbench run -a 'cbc(aes)' --paths afalg -b 16 -t 10 -r 1 -w 0 \
			--json 2>/dev/null | jq -r '.runs[0].message // ""' \
			>$LIBKCAPI_STATE
	fi
	grep -q "cannot parse this kernel's release" $LIBKCAPI_STATE || return 0
	echo "AF_ALG cannot be tried here: $(cat $LIBKCAPI_STATE)"
	return 1
}

# Memory cgroups (47-memory.sh, 22-list-stall.sh): what kaesbench charges
# to the process that asked.
CGROOT=/sys/fs/cgroup

# cg_ready: cgroup2 mounted with the memory controller for its children.
cg_ready() {
	grep -q " $CGROOT cgroup2 " /proc/mounts ||
		mount -t cgroup2 none $CGROOT || fail "cannot mount cgroup2"
	grep -qw memory $CGROOT/cgroup.subtree_control ||
		echo +memory >$CGROOT/cgroup.subtree_control ||
		fail "no memory controller"
}

# cg_new NAME [MAX]: a fresh cgroup, with memory.max MAX.
cg_new() {
	rmdir "$CGROOT/$1" 2>/dev/null
	mkdir "$CGROOT/$1" || fail "cannot create cgroup $1"
	[ -z "${2:-}" ] || echo "$2" >"$CGROOT/$1/memory.max" ||
		fail "cannot set memory.max of $1"
}

# cg_run NAME COMMAND...: COMMAND in cgroup NAME.
cg_run() {
	cg=$CGROOT/$1
	shift
	sh -c 'echo $$ >"$0/cgroup.procs" && exec "$@"' "$cg" "$@"
}

# print_document NAME FILE: FILE's JSON, one line, between the markers
# tests/results/validate.py looks for: tests/vm/verdict.sh validates
# every such document against the schema on the host.
print_document() {
	echo "kaesbench-results-json: begin $1"
	jq -c . "$2" || fail "$2 is not JSON"
	echo "kaesbench-results-json: end"
}
