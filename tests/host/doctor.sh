#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# kaesbench doctor on this host, natively: no module or AF_ALG needed.
# OPENSSL_ia32cap masking AES-NI must be found and named, with its cost,
# masking VAES judged by its measured cost (on arm64, OPENSSL_armcap
# leaving out AES); no other architecture's finding may appear;
# the checks that cannot run here must each say why. Ends with
# "host: N passed, N failed". Needs user/kaesbench built, and jq.

set -u

top=$(cd "$(dirname "$0")/../.." && pwd)
kb=$top/user/kaesbench
passed=0
failed=0
out=$(mktemp)
trap 'rm -f "$out"' EXIT

# check DESCRIPTION COMMAND...: COMMAND must succeed.
check() {
	desc=$1
	shift
	if "$@"; then
		echo "ok - $desc"
		passed=$((passed + 1))
	else
		echo "not ok - $desc"
		sed 's/^/# /' "$out"
		failed=$((failed + 1))
	fi
}

# finding ID: the JSON in $out has finding ID.
finding() {
	jq -e --arg id "$1" 'any(.findings[]; .id == $id)' "$out" >/dev/null
}

masked_aesni_named() {
	OPENSSL_ia32cap='~0x200000000000000' "$kb" doctor --json >"$out"
	rc=$?
	[ "$rc" -eq 1 ] || { echo "exit $rc, expected 1" >>"$out"; return 1; }
	jq -e '.findings[] | select(.id == "KB-OPENSSL-AESNI-MASKED") |
		(.summary | test("OPENSSL_ia32cap=~0x200000000000000 masks AES-NI"))
		and (.evidence | any(test("measured cost: AES-128-GCM at 1420 B")))
		and (.severity == "warning")' "$out" >/dev/null
}

# Masking VAES costs only where OpenSSL has VAES code for AES-GCM (not
# 3.0): the severity must follow the measured ranges, whichever they are.
masked_vaes_judged() {
	OPENSSL_ia32cap=':~0x60000000000' "$kb" doctor --json >"$out"
	jq -e '.findings[] | select(.id == "KB-OPENSSL-VAES-MASKED") |
		[.evidence[] | capture("as masked \\((?<mmin>[0-9.e+]+) to (?<mmax>[0-9.e+]+)\\).* without OPENSSL_ia32cap \\((?<umin>[0-9.e+]+) to (?<umax>[0-9.e+]+)\\)")] as $c |
		($c | length) == 2 and
		.severity == (if any($c[]; (.umin | tonumber) > (.mmax | tonumber))
			then "warning" else "info" end) and
		(.severity == "warning" or (.summary | contains("no measurable cost")))' \
		"$out" >/dev/null
}

unmasked_not_flagged() {
	env -u OPENSSL_ia32cap "$kb" doctor --json --quick >"$out"
	! finding KB-OPENSSL-AESNI-MASKED && finding KB-OPENSSL-AESNI-IN-USE
}

# other_arch_absent PREFIX...: no finding's id starts with any PREFIX,
# with OpenSSL's variable masking AES so that its findings are there too.
other_arch_absent() {
	OPENSSL_ia32cap='~0x200000000000000' OPENSSL_armcap=0x1 \
		"$kb" doctor --json --quick >"$out"
	for prefix in "$@"; do
		! jq -e --arg p "$prefix" \
			'any(.findings[]; .id | startswith($p))' "$out" \
			>/dev/null || { echo "a $prefix finding" >>"$out"; return 1; }
	done
}

masked_armv8_aes_named() {
	OPENSSL_armcap=0x1 "$kb" doctor --json --quick >"$out"
	jq -e '.findings[] | select(.id == "KB-OPENSSL-ARMV8-AES-MASKED") |
		(.summary | test("OPENSSL_armcap=0x1 masks AES, PMULL"))
		and (.fix | startswith("unset OPENSSL_armcap"))
		and (.severity == "warning")' "$out" >/dev/null
}

missing_paths_said() {
	"$kb" doctor --quick >"$out"
	grep -q '^not checked: measured checks: --quick$' "$out" || return 1
	# Without the module, the selection is inferred, and says so.
	if ! grep -q '^kaesbench ' /proc/modules 2>/dev/null; then
		grep -q '^not checked: the crypto API.s own selection: the kaesbench module is not loaded' "$out"
	fi
}

usage_exits_2() {
	"$kb" doctor --no-such-option >"$out" 2>&1
	[ $? -eq 2 ] || return 1
	"$kb" priority virtio_crypto_aes_cbc >"$out" 2>&1
	[ $? -eq 2 ] || return 1
	"$kb" priority virtio_crypto_aes_cbc -5 >"$out" 2>&1
	[ $? -eq 2 ]
}

if grep -qw aes /proc/cpuinfo && [ "$(uname -m)" = x86_64 ]; then
	check "OPENSSL_ia32cap masking AES-NI is found, named and costed" \
		masked_aesni_named
	if grep -qw vaes /proc/cpuinfo && grep -qw vpclmulqdq /proc/cpuinfo; then
		check "OPENSSL_ia32cap masking VAES: a warning only at a measured cost" \
			masked_vaes_judged
	else
		echo "ok - OPENSSL_ia32cap masking VAES # SKIP: no VAES"
	fi
	check "without the variable, OpenSSL is reported using AES-NI" \
		unmasked_not_flagged
else
	echo "ok - OPENSSL_ia32cap checks # SKIP: no x86 CPU with AES-NI"
fi
case $(uname -m) in
x86_64 | i?86)
	check "on x86, no arm64 finding" other_arch_absent KB-ARMCE- \
		KB-OPENSSL-ARMV8- KB-OPENSSL-NO-ARMV8-
	;;
aarch64)
	check "on arm64, no x86 finding" other_arch_absent KB-AESNI- \
		KB-VAES- KB-OPENSSL-AESNI- KB-OPENSSL-VAES- KB-OPENSSL-NO-AESNI
	if grep -qw aes /proc/cpuinfo; then
		check "OPENSSL_armcap leaving out AES is found and named" \
			masked_armv8_aes_named
	else
		echo "ok - OPENSSL_armcap checks # SKIP: no ARMv8 AES"
	fi
	;;
esac
check "each check that cannot run says why" missing_paths_said
check "usage errors exit 2" usage_exits_2

echo "host: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
