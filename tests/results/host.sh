#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The results formats on this machine, without the module: the OpenSSL
# path runs anywhere, and the kernel and AF_ALG paths give rows that say
# why they are missing; the doctor's document; and, with libcrypto hidden,
# the OpenSSL path and the environment saying why OpenSSL is missing; an
# arm64 machine's environment (tests/unit/data/env-arm64-tcg.json). JSON
# documents are validated against
# Documentation/kaesbench-results.schema.json; a document broken on purpose
# must be refused, so that a validator that accepts anything fails here.
# Ends with "results: N passed, N failed" (a make check stage).
#
# usage: tests/results/host.sh   (after make tool)

set -u

top=$(cd "$(dirname "$0")/../.." && pwd)
kb=$top/user/kaesbench
validate="${PYTHON:-/usr/bin/python3} $top/tests/results/validate.py"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fast="-t 10 -r 2 -w 0"
passed=0
failed=0

# check DESCRIPTION COMMAND...: COMMAND's output shown only on failure;
# exit 4 is a skip, its last line the reason.
check() {
	desc=$1
	shift
	("$@") >"$tmp/log" 2>&1
	rc=$?
	if [ $rc -eq 0 ]; then
		passed=$((passed + 1))
		echo "ok - $desc"
	elif [ $rc -eq 4 ]; then
		echo "ok - $desc # SKIP $(tail -n 1 "$tmp/log")"
	else
		failed=$((failed + 1))
		echo "not ok - $desc"
		sed 's/^/# /' "$tmp/log"
	fi
}

run_json_valid() {
	# shellcheck disable=SC2086 # $fast is a word list
	"$kb" run -a 'cbc(aes)' --paths openssl -b 16,1024 $fast --json \
		>"$tmp/run.json" || return 1
	$validate "$tmp/run.json" || return 1
	jq -e '.runs[0].state == "ended" and (.runs[0].samples | length) == 4 and
		.environment.kernel.release != null' "$tmp/run.json"
}

# Without the module and AF_ALG (as on a build host), those rows say why.
sweep_json_valid() {
	# shellcheck disable=SC2086
	"$kb" -b 16,1420 -t 5 -r 1 -w 0 --json >"$tmp/sweep.json" || return 1
	$validate "$tmp/sweep.json" || return 1
	jq -e '[.runs[] | select(.path == "openssl")] | length == 5' \
		"$tmp/sweep.json" || return 1
	jq -e '[.runs[] | select(.state == "unavailable") | .message] |
		all(type == "string")' "$tmp/sweep.json"
}

broken_refused() {
	jq '.schema_version = 2' "$tmp/run.json" >"$tmp/bad1.json"
	jq 'del(.environment.cpu)' "$tmp/run.json" >"$tmp/bad2.json"
	jq 'del(.runs[0].samples[0].wall_ns)' "$tmp/run.json" >"$tmp/bad3.json"
	jq '.runs[0].state = "fine"' "$tmp/run.json" >"$tmp/bad4.json"
	# Additional members are allowed: the lead's samples grow.
	jq '.runs[0].samples[0].cpu = 1' "$tmp/run.json" >"$tmp/more.json"
	$validate "$tmp/more.json" || return 1
	for n in 1 2 3 4; do
		if $validate "$tmp/bad$n.json"; then
			echo "bad$n.json was accepted"
			return 1
		fi
	done
}

# ns_per_byte is there on every machine, cycles or not (arm64 has none);
# a document from before it (schema 1 all the same) stays valid, a
# negative figure is refused; --csv has it as its last figure.
ns_per_byte() {
	jq -e '[.runs[0].summary[] | .ns_per_byte] | length == 2 and
		all(type == "number" and . > 0)' "$tmp/run.json" || return 1
	jq 'del(.runs[].summary[].ns_per_byte)' "$tmp/run.json" \
		>"$tmp/old.json"
	$validate "$tmp/old.json" || return 1
	jq '.runs[0].summary[0].ns_per_byte = -1' "$tmp/run.json" \
		>"$tmp/bad6.json"
	if $validate "$tmp/bad6.json"; then
		echo "a negative ns_per_byte was accepted"
		return 1
	fi
	# shellcheck disable=SC2086
	"$kb" run -a 'cbc(aes)' --paths openssl -b 16,1024 $fast --csv \
		>"$tmp/run.csv" || return 1
	# Then the run's context: the kernel path's, empty for OpenSSL.
	head -n 1 "$tmp/run.csv" |
		grep -q ',cycles_per_byte,ns_per_byte,context$' || return 1
	awk -F, 'NR > 1 && (NF != 24 || !($23 > 0) || $24 != "") {
		print "row " NR ": " $0; exit 1 }' "$tmp/run.csv"
}

# arm64's environment, from the document test_environment makes of an arm64 TCG
# guest's /proc and /sys (tests/unit/data/env-arm64-tcg.json): arm64's own
# flags and OpenSSL's ARM capabilities are valid, and an arm64 document
# from before them (x86's flags, all false but aes; no capabilities, no
# device tree) stays valid. Flags of neither architecture, arm64's on an
# x86 machine, capabilities of neither, and a device tree missing a member
# are refused. This machine's document has x86's flags, as before.
arm64_environment() {
	doc=$top/tests/unit/data/env-arm64-tcg.json
	$validate "$doc" || return 1
	jq -e '.environment.kernel.machine == "aarch64" and
		.environment.virtualization.detected == "tcg" and
		(.environment.cpu.flags | has("aes") and has("pmull") and
			has("sve2") and (has("vaes") | not)) and
		(.environment.openssl.capabilities | has("aes") and
			has("pmull"))' "$doc" || return 1
	jq '.environment.cpu.model = null |
		.environment.cpu.flags = {aes: true, pclmulqdq: false,
			avx: false, avx2: false, vaes: false, vpclmulqdq: false,
			avx512f: false, avx512bw: false, avx512vl: false,
			hypervisor: false, constant_tsc: false} |
		.environment.virtualization.detected = "none" |
		.environment.virtualization |=
			del(.hypervisor_type, .devicetree) |
		.environment.openssl.capabilities = null' "$doc" \
		>"$tmp/arm64-old.json"
	$validate "$tmp/arm64-old.json" || return 1
	jq '.environment.cpu.flags = {aes: true, pmull: true}' "$doc" \
		>"$tmp/arm64-bad1.json"
	jq '.environment.kernel.machine = "x86_64"' "$doc" \
		>"$tmp/arm64-bad2.json"
	jq '.environment.openssl.capabilities = {aes: true}' "$doc" \
		>"$tmp/arm64-bad3.json"
	jq 'del(.environment.virtualization.devicetree.qemu_fw_cfg)' "$doc" \
		>"$tmp/arm64-bad4.json"
	for n in 1 2 3 4; do
		if $validate "$tmp/arm64-bad$n.json"; then
			echo "arm64-bad$n.json was accepted"
			return 1
		fi
	done
	case $(uname -m) in
	x86_64 | i?86)
		jq -e '.environment.cpu.flags | keys_unsorted == ["aes",
			"pclmulqdq", "avx", "avx2", "vaes", "vpclmulqdq",
			"avx512f", "avx512bw", "avx512vl", "hypervisor",
			"constant_tsc"]' "$tmp/run.json"
		;;
	esac
}

# The doctor's document: its exit status is the one the document gives.
doctor_json_valid() {
	"$kb" doctor --json --quick >"$tmp/doctor.json"
	rc=$?
	[ $rc -le 1 ] || return 1
	$validate "$tmp/doctor.json" || return 1
	jq -e ".exit_status == $rc and (.not_checked | length) > 0" \
		"$tmp/doctor.json" || return 1
	jq '.findings = [{id: "KB-X", severity: "fatal", summary: "x",
		evidence: [], fix: null}]' "$tmp/doctor.json" >"$tmp/bad5.json"
	if $validate "$tmp/bad5.json"; then
		echo "a finding of severity fatal was accepted"
		return 1
	fi
}

# libcrypto is loaded when used, never linked: the tool starts without it.
no_libcrypto_needed() {
	readelf -d "$kb" | grep NEEDED
	! readelf -d "$kb" | grep -q 'NEEDED.*libcrypto'
}

# libcrypto hidden in a mount namespace of its own: the OpenSSL path says
# why it cannot run, exit 1; the documents say it and stay valid.
without_libcrypto() {
	lib=$(/sbin/ldconfig -p |
		awk '$1 == "libcrypto.so.3" && /x86-64/ { print $NF; exit }')
	if ! unshare -m true 2>/dev/null || [ -z "$lib" ]; then
		echo "needs root (unshare -m) and libcrypto.so.3"
		return 4
	fi
	# shellcheck disable=SC2016 # expanded by the inner shell
	unshare -m sh -c 'mount --bind /dev/null "$1" || exit 9
		"$2" run -a "cbc(aes)" --paths openssl -b 16 -t 10 -r 1 -w 0 \
			--json >"$3/nolib-run.json"
		echo "run: exit $?" >"$3/nolib.rc"
		"$2" doctor --json --quick >"$3/nolib-doctor.json"
		exit 0' \
		sh "$lib" "$kb" "$tmp" || return 1
	cat "$tmp/nolib.rc"
	grep -qx "run: exit 1" "$tmp/nolib.rc" || return 1
	$validate "$tmp/nolib-run.json" "$tmp/nolib-doctor.json" || return 1
	jq -e '.runs[0].state == "unavailable" and
		(.runs[0].message | startswith("libcrypto.so.3 cannot be loaded: ")) and
		(.environment.openssl.error | startswith("libcrypto.so.3 cannot be loaded: ")) and
		.environment.openssl.version == null' "$tmp/nolib-run.json" ||
		return 1
	jq -e 'any(.not_checked[]; .check == "OpenSSL'"'"'s CPU capabilities" and
		(.reason | startswith("libcrypto.so.3 cannot be loaded: ")))' \
		"$tmp/nolib-doctor.json"
}

formats_exclusive() {
	out=$("$kb" run -a 'cbc(aes)' --paths openssl --csv --json 2>&1)
	[ $? -eq 2 ] || return 1
	echo "$out" | grep -q 'exclude each other'
}

# A run this long would outlast the stage: refused before it starts.
unwritable_output() {
	out=$(timeout 20 "$kb" run -a 'cbc(aes)' --paths openssl -t 60000 \
		-r 1000 --json -o /nonexistent/dir/results.json 2>&1)
	rc=$?
	echo "$out"
	[ $rc -eq 2 ] && echo "$out" | grep -q 'cannot write there'
}

output_file() {
	# shellcheck disable=SC2086
	"$kb" run -a 'cbc(aes)' --paths openssl -b 16 $fast --mr \
		-o "$tmp/out.mr" >"$tmp/stdout" 2>"$tmp/stderr" || return 1
	[ ! -s "$tmp/stdout" ] || return 1
	cat "$tmp/out.mr"
	grep -q '^+H:16$' "$tmp/out.mr" &&
		grep -q '^+F:0:openssl AES-128-CBC:[0-9]*\.[0-9][0-9]$' \
			"$tmp/out.mr" &&
		grep -q '^+R:[0-9]*:openssl AES-128-CBC:' "$tmp/stderr"
}

# No kaesbench module here: the run fails after -o was accepted, and the
# file it would have replaced is as it was, with no temporary file left.
failed_run_keeps_output() {
	mkdir "$tmp/keep" && echo '{"kept": true}' >"$tmp/keep/keep.json" ||
		return 1
	"$kb" run -d cbc-aes-aesni -o "$tmp/keep/keep.json"
	rc=$?
	[ $rc -eq 1 ] || { echo "exit $rc, expected 1"; return 1; }
	[ "$(cat "$tmp/keep/keep.json")" = '{"kept": true}' ] ||
		{ echo "keep.json changed"; return 1; }
	[ "$(ls -A "$tmp/keep")" = keep.json ] ||
		{ ls -A "$tmp/keep"; return 1; }
	# A run that succeeds replaces it, with its mode.
	chmod 640 "$tmp/keep/keep.json"
	# shellcheck disable=SC2086
	"$kb" run -a 'cbc(aes)' --paths openssl -b 16 $fast --json \
		-o "$tmp/keep/keep.json" || return 1
	jq -e '.runs[0].path == "openssl"' "$tmp/keep/keep.json" >/dev/null &&
		[ "$(stat -c %a "$tmp/keep/keep.json")" = 640 ] &&
		[ "$(ls -A "$tmp/keep")" = keep.json ]
}

check "run --paths openssl --json is valid against the schema" run_json_valid
check "sweep --json without module nor AF_ALG is valid, missing rows say why" \
	sweep_json_valid
check "the schema refuses broken documents, accepts added members" \
	broken_refused
check "ns_per_byte in every summary and --csv; documents without it valid" \
	ns_per_byte
check "arm64's environment valid, an older one too, broken ones refused" \
	arm64_environment
check "doctor --json --quick is valid, a bad severity refused" \
	doctor_json_valid
check "the tool does not link libcrypto" no_libcrypto_needed
check "without libcrypto: OpenSSL n/a with the reason, exit 1, valid JSON" \
	without_libcrypto
check "--csv with --json is a usage error" formats_exclusive
check "-o to an unwritable path: exit 2 before measuring" unwritable_output
check "-o FILE holds the --mr lines, standard output nothing" output_file
check "-o FILE: a run that fails leaves an existing FILE as it was" \
	failed_run_keeps_output
# all_refused NAME: $tmp/NAME1.json to NAME3.json, broken variants of an
# example, each refused by the validator.
all_refused() {
	for n in 1 2 3; do
		if $validate "$tmp/$1$n.json"; then
			echo "$1$n.json was accepted"
			return 1
		fi
	done
}

# kaesbench ipsec cannot run here (no veth, no ESP): its hand-written
# example document stands for its JSON, and a broken one is refused.
ipsec_example() {
	ex="$top/tests/results/ipsec-example.json"
	$validate "$ex" || return 1
	jq '.ipsec[0].state = "fine"' "$ex" >"$tmp/ibad1.json"
	jq '.ipsec[0].sas[0].proved = "yes"' "$ex" >"$tmp/ibad2.json"
	jq 'del(.ipsec[0].differential)' "$ex" >"$tmp/ibad3.json"
	all_refused ibad
}

# Refused before anything is made or measured.
ipsec_usage() {
	"$kb" ipsec --json --csv >"$tmp/out" 2>&1
	[ $? -eq 2 ] && grep -q "one of --json and --csv" "$tmp/out" || return 1
	"$kb" ipsec -o /nonexistent/dir/x.json >"$tmp/out" 2>&1
	[ $? -eq 2 ] || { cat "$tmp/out"; return 1; }
	"$kb" ipsec -a 'ccm(aes)' >"$tmp/out" 2>&1
	[ $? -eq 2 ] && grep -q "is not an ESP transform" "$tmp/out"
}
check "kaesbench ipsec's example document valid, broken ones refused" \
	ipsec_example

# kaesbench ovpn cannot run here either (no ovpn, no veth): its example
# stands for its JSON; compare and report read it as an ovpn document.
ovpn_example() {
	ex="$top/tests/results/ovpn-example.json"
	$validate "$ex" || return 1
	jq '.ovpn[0].key_slots[0].refcnt_delta = 1' "$ex" >"$tmp/obad1.json"
	jq 'del(.ovpn[0].differential[1].not_decrypted)' "$ex" >"$tmp/obad2.json"
	jq '.ovpn[0].cipher = "AES-128-GCM"' "$ex" >"$tmp/obad3.json"
	all_refused obad || return 1
	jq '.ovpn[0].rotation.swapped = false' "$ex" >"$tmp/obad1.json"
	jq '.ovpn[0].transport = "sctp"' "$ex" >"$tmp/obad2.json"
	jq 'del(.ovpn[0].rotation)' "$ex" >"$tmp/obad3.json"
	all_refused obad || return 1
	"$kb" compare "$ex" "$ex" >"$tmp/out" || { cat "$tmp/out"; return 1; }
	if ! grep -q '^ovpn AES-256-GCM over udp$' "$tmp/out" ||
		! grep -q '^  generic-gcm-aesni-avx *imix ' "$tmp/out" ||
		grep -q '^  .* only in [A-Z]*$' "$tmp/out"; then
		cat "$tmp/out"
		return 1
	fi
	"$kb" compare --json "$ex" "$ex" | jq -e '.document == "ovpn" and
		(.rows | length == 3) and
		all(.rows[]; .cipher == "AES-256-GCM" and .transport == "udp")' \
		>/dev/null || return 1
	"$kb" report "$ex" >"$tmp/out.html" || return 1
	grep -q 'OpenVPN data channel (ovpn): AES-256-GCM over udp' \
		"$tmp/out.html" || return 1
	"$kb" report --csv "$ex" >"$tmp/out.csv" || return 1
	if ! head -n 1 "$tmp/out.csv" |
		grep -q '^file,cipher,key_bits,transport,.*,diff_not_decrypted,diff_lost,message$' ||
		[ "$(grep -c ',valid,' "$tmp/out.csv")" -ne 3 ]; then
		cat "$tmp/out.csv"
		return 1
	fi
}
check "kaesbench ovpn's example document valid, broken ones refused, compared and reported" \
	ovpn_example
# kaesbench tls cannot run here either (no kTLS on the build host): its
# example, written through kTLS's writer from a made-up run, stands for
# its JSON; broken variants are refused, variants kTLS may print are
# taken; compare and report read it as a tls document, in its words.
tls_example() {
	ex="$top/tests/results/tls-example.json"
	$validate "$ex" || return 1
	jq '.tls[0].keys[0].read_back_contradicts = true' "$ex" >"$tmp/tbad1.json"
	jq 'del(.tls[0].differential[1].openssl_refused)' "$ex" >"$tmp/tbad2.json"
	jq '.tls[0].cipher = "aes-256-gcm"' "$ex" >"$tmp/tbad3.json"
	all_refused tbad || return 1
	jq '.tls[0].differential[0].decrypt_errors = 1' "$ex" >"$tmp/tbad1.json"
	jq '.tls[0].points[0].alongside_ratio = -1' "$ex" >"$tmp/tbad2.json"
	jq '.tls[0].version = "1.2"' "$ex" >"$tmp/tbad3.json"
	all_refused tbad || return 1
	# TLS 1.2 (no key update), OpenSSL not measured at a size: valid.
	jq '.tls[].version = "1.2" | .tls[].rotation = null |
		.tls[].rotation_not_here = "TLS 1.2 has no key update" |
		.tls[0].points[2] |= (.alongside = null |
			.alongside_ratio = null |
			.alongside_error = "libssl.so.3 cannot be loaded")' \
		"$ex" >"$tmp/tls12.json"
	$validate "$tmp/tls12.json" || return 1
	tls_compare "$ex" || return 1
	tls_report "$ex"
}

tls_compare() {
	"$kb" compare "$1" "$1" >"$tmp/out" || { cat "$tmp/out"; return 1; }
	if ! grep -q '^kTLS aes-128-gcm, TLS 1.3$' "$tmp/out" ||
		! grep -q '^  implementation  *record  OLD tunnel/s  NEW tunnel/s   ratio  plain ratio  OpenSSL ratio ' "$tmp/out" ||
		! grep -q '^  generic-gcm-aesni-avx  *16384 .* 1\.00x  *1\.00x  *1\.00x ' "$tmp/out" ||
		grep -q '^  .* only in [A-Z]*$' "$tmp/out"; then
		cat "$tmp/out"
		return 1
	fi
	"$kb" compare --json "$1" "$1" | jq -e '.document == "tls" and
		(.rows | length == 6) and
		all(.rows[]; .cipher == "aes-128-gcm" and .version == "1.3" and
			.sendfile == false and .alongside_ratio == 1)' \
		>/dev/null || return 1
	# With sendfile, another measurement: no row in both.
	jq '.tls[].sendfile = true' "$1" >"$tmp/sendfile.json"
	"$kb" compare "$1" "$tmp/sendfile.json" >"$tmp/out" 2>&1
	[ $? -eq 2 ] && grep -q 'keyed by cipher, version, sendfile, driver and record size' \
		"$tmp/out" || { cat "$tmp/out"; return 1; }
}

tls_report() {
	"$kb" report "$1" >"$tmp/out.html" || return 1
	for want in 'TLS in the kernel (kTLS): aes-128-gcm, TLS 1.3' \
		'<th>OpenSSL records/s</th>' 'records/s by record size</title>' \
		'Checked against: OpenSSL&#39;s libcrypto (OpenSSL 3.0.19'; do
		grep -qF "$want" "$tmp/out.html" || { echo "no $want"; return 1; }
	done
	[ "$(grep -c '<svg' "$tmp/out.html")" -eq 2 ] || return 1
	"$kb" report --csv "$1" >"$tmp/out.csv" || return 1
	if ! head -n 1 "$tmp/out.csv" |
		grep -q '^file,cipher,key_bits,version,sendfile,driver,.*,alongside_pps,alongside_cpu_us,alongside_ratio,.*,diff_decrypt_errors,diff_openssl_refused,diff_lost,message$' ||
		[ "$(grep -c ',1.3,false,.*,valid,' "$tmp/out.csv")" -ne 6 ]; then
		cat "$tmp/out.csv"
		return 1
	fi
}
check "kaesbench tls's example document valid, broken ones refused, compared and reported" \
	tls_example
# --context needs the module: a hand-written example stands for its JSON
# (run-6.12-cbc.json's kernel run in both contexts, with the calls'
# counts). compare reads it beside a document from before --context,
# whose runs are thread context's: a softirq run matches none of them.
context_example() {
	ex="$top/tests/results/run-context-example.json"
	old="$top/tests/unit/data/run-6.12-cbc.json"
	$validate "$ex" "$old" || return 1
	jq '.runs[1].context = "hardirq"' "$ex" >"$tmp/cbad1.json"
	jq '.runs[1].samples[0].no_simd = -1' "$ex" >"$tmp/cbad2.json"
	jq '.runs[1].samples[0].deferred = "none"' "$ex" >"$tmp/cbad3.json"
	all_refused cbad
	"$kb" compare "$old" "$ex" >"$tmp/out" || { cat "$tmp/out"; return 1; }
	grep -q '^  kernel-softirq  cbc-aes-aesni .* only in NEW$' "$tmp/out" &&
		grep -q '^  kernel          cbc-aes-aesni .*too few samples' \
			"$tmp/out" || { cat "$tmp/out"; return 1; }
	"$kb" compare "$ex" "$ex" >"$tmp/out" || return 1
	! grep -q '^  .* only in [A-Z]*$' "$tmp/out"
}
check "kaesbench ipsec: --json with --csv, -o unwritable, an unknown transform: exit 2" \
	ipsec_usage
check "--context's example document valid, broken ones refused, compared with an older one" \
	context_example
echo "results: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
