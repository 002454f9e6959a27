# SPDX-License-Identifier: GPL-2.0
# kaesbench-test: module=loaded
# Kernel vs userspace: the kernel, AF_ALG (copy and zero-copy) and OpenSSL
# paths give consistent figures side by side, and a path that cannot run
# says why instead of giving a zero.

PFAST="-t 20 -r 2 -w 0"

# Linux 7.3's crypto.af_alg_restrict (default 1) binds only the algorithm
# names of its allowlists, never a driver name, which is what kaesbench
# binds: a driver the kernel hands out for its name is bound by that name,
# and the note says so; another driver is n/a, saying why. Then the file
# measures AF_ALG with the restriction lifted, and puts it back at its end.
AF_ALG_RESTRICT=/proc/sys/crypto/af_alg_restrict
afalg_restricted_said() {
	[ -e $AF_ALG_RESTRICT ] ||
		{ echo "# no $AF_ALG_RESTRICT on $(uname -r)"; return "$KSFT_SKIP"; }
	sel=$(kaesbench list --json | jq -r '.implementations[] |
		select(.algorithm == "cbc(aes)" and .selected == true) | .driver')
	echo "cbc(aes) is handed out as: $sel; not handed out: $SOFT_CBC"
	[ -n "$sel" ] || fail "no selected cbc(aes)"
	kaesbench run -d "$SOFT_CBC" -b 16 -t 10 -r 1 -w 0 >/dev/null ||
		fail "cannot instantiate $SOFT_CBC"
	was=$(cat $AF_ALG_RESTRICT)
	echo 1 >$AF_ALG_RESTRICT || fail "cannot set $AF_ALG_RESTRICT"
	kaesbench run -d "$sel" --paths afalg -b 16 -t 20 -r 1 -w 0 --json \
		>/tmp/paths.json 2>/tmp/paths.err
	rc=$?
	kaesbench run -d "$SOFT_CBC" --paths afalg -b 16 -t 20 -r 1 -w 0 \
		--json >/tmp/paths-soft.json 2>>/tmp/paths.err
	rc_soft=$?
	kaesbench run -d "$sel" --paths afalg -b 16 -t 20 -r 1 -w 0 \
		>/tmp/paths.txt 2>&1
	rc_table=$?
	kaesbench doctor --quick --json >/tmp/doctor.json 2>/dev/null
	echo "$was" >$AF_ALG_RESTRICT
	cat /tmp/paths.err
	jq -r '.runs[] | "\(.path) \(.driver): \(.state): \(.measured) \(.message)"' \
		/tmp/paths.json /tmp/paths-soft.json
	grep '^AF_ALG ' /tmp/paths.txt
	if [ "$rc" -ne 0 ] || [ "$rc_soft" -ne 0 ] || [ "$rc_table" -ne 0 ]; then
		fail "exit $rc, $rc_soft, $rc_table"
	fi
	bound="bound by its algorithm name cbc(aes) (crypto.af_alg_restrict=1 binds no driver names; the kernel hands $sel out for it)"
	jq -e --arg d "$sel" --arg b "$bound" '[.runs[] |
		select(.path | startswith("afalg"))] | length == 2 and
		all(.state == "ended" and .driver == $d and
		(.measured | contains($b)) and (.samples | length) > 0)' \
		/tmp/paths.json >/dev/null ||
		fail "the selected driver is not measured by its algorithm name, saying so"
	[ "$(grep -c "^AF_ALG .*$bound" /tmp/paths.txt)" -eq 2 ] ||
		fail "the table's notes do not say it was bound by its algorithm name"
	jq -e --arg d "$SOFT_CBC" '[.runs[] | select(.path | startswith("afalg"))] |
		length == 2 and all(.state == "unavailable" and (.message |
		contains("restricted by /proc/sys/crypto/af_alg_restrict (1)") and
		contains("; \($d) is not what the kernel hands out for cbc(aes), so it cannot be bound by that name")))' \
		/tmp/paths-soft.json >/dev/null ||
		fail "a driver not handed out is not n/a with the restriction and why"
	jq -r '.findings[] | select(.id == "KB-AFALG-RESTRICTED") |
		"\(.id): \(.summary)"' /tmp/doctor.json
	jq -e 'any(.findings[]; .id == "KB-AFALG-RESTRICTED")' \
		/tmp/doctor.json >/dev/null || fail "the doctor does not say it"
}
ktap_test "AF_ALG under af_alg_restrict 1 (7.3 on): the handed-out driver bound by its algorithm name, another n/a naming the sysctl" \
	afalg_restricted_said
[ -e $AF_ALG_RESTRICT ] && restrict_was=$(cat $AF_ALG_RESTRICT) &&
	echo 0 >$AF_ALG_RESTRICT

# paths_json [OPTION...]: the sweep as JSON, into /tmp/paths.json
paths_json() {
	# shellcheck disable=SC2086 # $PFAST is a word list
	kaesbench $PFAST --json "$@" >/tmp/paths.json || fail "sweep failed"
}

# path_figures PATH ALG SIZES: the run of PATH for ALG ended, with two
# positive, consistent samples at each of SIZES and none elsewhere.
path_figures() {
	run=".runs[] | select(.path == \"$1\" and .algorithm == \"$2\" and
		(.path != \"kernel\" or .selected))"
	jq -e "[$run] | length == 1" /tmp/paths.json >/dev/null ||
		fail "$1 $2: not one run"
	jq -r "$run | \"$1 \\(.driver): \\(.state) \\(.message)\"" /tmp/paths.json
	jq -e "$run | .state == \"ended\" and .status == 0" /tmp/paths.json \
		>/dev/null || fail "$1 $2: did not end well"
	jq -e "$run | .samples | all(.ops > 0 and .wall_ns > 0 and
		.thread_ns >= 0 and .busy_ns >= 0 and .bytes == .ops * .size)" \
		/tmp/paths.json >/dev/null ||
		fail "$1 $2: a sample is empty or bytes != ops x size"
	jq -e "$run | .samples | group_by(.size) | all(length == 2)" \
		/tmp/paths.json >/dev/null || fail "$1 $2: not 2 samples per size"
	got=$(jq -r "[$run | .samples[].size] | unique | map(tostring) |
		join(\" \")" /tmp/paths.json)
	[ "$got" = "$3" ] || fail "$1 $2: sizes measured: $got; expected: $3"
}

all_paths_cbc() {
	afalg_testable || return "$KSFT_SKIP"
	paths_json
	for path in kernel afalg-sendmsg afalg-vmsplice openssl; do
		path_figures "$path" "cbc(aes)" "16 64 256 1024 4096 8192 16384" ||
			exit 1
	done
	# AF_ALG binds to the driver the kernel row measured.
	kernel=$(jq -r '.runs[] | select(.path == "kernel" and
		.algorithm == "cbc(aes)" and .selected) | .driver' /tmp/paths.json)
	afalg=$(jq -r '.runs[] | select(.path == "afalg-sendmsg" and
		.algorithm == "cbc(aes)") | .driver' /tmp/paths.json)
	echo "kernel row: $kernel, AF_ALG bound to: $afalg"
	[ "$kernel" = "$afalg" ] || fail "AF_ALG bound to another driver"
}
ktap_test "cbc(aes): kernel, AF_ALG copy and zero-copy, OpenSSL give figures at every size" \
	all_paths_cbc

# libkcapi 1.4.0 cannot parse a release that is not three numbers (Debian
# experimental's 7.3-amd64) and refuses every handle: there AF_ALG is
# measured through its sockets directly, and every AF_ALG row says so, in
# JSON's library and the table's note. Elsewhere libkcapi measures it.
afalg_interface_said() {
	paths_json -b 16,4096
	if uname -r | grep -Eq '^[0-9]+\.[0-9]+\.[0-9]+'; then
		via='libkcapi [0-9][0-9.]*'
	else
		via="the socket interface directly: libkcapi [0-9][0-9.]* cannot parse this kernel's release $(uname -r | sed 's/[.+]/\\&/g')"
	fi
	echo "$(uname -r): expecting: $via"
	jq -r '.runs[] | select(.path | startswith("afalg")) |
		"\(.path) \(.algorithm): \(.state): \(.library)"' /tmp/paths.json
	jq -e --arg v "$via" '[.runs[] | select(.path | startswith("afalg"))] |
		length >= 10 and all(.library | test("^\($v)$"))' /tmp/paths.json \
		>/dev/null || fail "an AF_ALG run does not say its interface"
	for alg in "aes" "cbc(aes)" "ctr(aes)" "xts(aes)" "gcm(aes)"; do
		for path in afalg-sendmsg afalg-vmsplice; do
			path_figures "$path" "$alg" "16 4096" || exit 1
		done
	done
	kaesbench run -a 'cbc(aes)' --paths kernel,afalg -b 16 -t 10 -r 1 -w 0 \
		>/tmp/paths.txt 2>&1 || fail "table run failed"
	grep '^AF_ALG ' /tmp/paths.txt
	[ "$(grep -c "^AF_ALG .* ($via)$" /tmp/paths.txt)" -eq 2 ] ||
		fail "the table's notes do not say the interface"
}
ktap_test "AF_ALG says its interface: libkcapi, or the sockets directly where libkcapi refuses the release (7.3-amd64), with figures from every algorithm" \
	afalg_interface_said

every_alg_every_path() {
	afalg_testable || return "$KSFT_SKIP"
	paths_json -b 16,1420,4096
	for alg in "ctr(aes)" "xts(aes)" "gcm(aes)"; do
		for path in kernel afalg-sendmsg afalg-vmsplice openssl; do
			path_figures "$path" "$alg" "16 1420 4096" || exit 1
		done
	done
	for path in kernel afalg-sendmsg afalg-vmsplice openssl; do
		path_figures "$path" "aes" "16 4096" || exit 1
	done
}
ktap_test "aes, ctr, xts, gcm: every path gives figures" every_alg_every_path

gcm_decrypt_paths() {
	afalg_testable || return "$KSFT_SKIP"
	paths_json --paths afalg,openssl -b 16,4096 --decrypt --aad 16
	for path in afalg-sendmsg afalg-vmsplice openssl; do
		path_figures "$path" "gcm(aes)" "16 4096" || exit 1
	done
}
ktap_test "gcm(aes) decrypt with associated data: AF_ALG and OpenSSL authenticate" \
	gcm_decrypt_paths

# The table people read: one side-by-side table per algorithm, no failure.
side_by_side_table() {
	afalg_testable || return "$KSFT_SKIP"
	# shellcheck disable=SC2086
	kaesbench $PFAST -b 16,16384 >/tmp/paths.txt 2>&1 ||
		{ cat /tmp/paths.txt; fail "sweep failed"; }
	sed -n '/^cbc(aes) encrypt, 128-bit key, kernel vs/,/^$/p' /tmp/paths.txt
	for alg in "aes" "cbc(aes)" "ctr(aes)" "xts(aes)" "gcm(aes)"; do
		grep -q "^$alg encrypt, .*kernel vs userspace" /tmp/paths.txt ||
			fail "no side-by-side table for $alg"
	done
	grep -q "kernel/OpenSSL" /tmp/paths.txt || fail "no kernel/OpenSSL ratio"
	! grep -q "failed\|n/a: " /tmp/paths.txt || fail "a path failed or was n/a"
}
ktap_test "kaesbench prints kernel, AF_ALG and OpenSSL side by side" \
	side_by_side_table

# Without the algif modules AF_ALG cannot bind: each table says so, and
# the sweep still succeeds.
afalg_without_algif() {
	afalg_testable || return "$KSFT_SKIP"
	# No module autoloading meanwhile, or binding would load them again.
	helper=$(cat /proc/sys/kernel/modprobe)
	echo /bin/false >/proc/sys/kernel/modprobe
	rmmod algif_skcipher algif_aead 2>/dev/null || {
		echo "$helper" >/proc/sys/kernel/modprobe
		echo "cannot unload algif_skcipher and algif_aead"
		exit "$KSFT_SKIP"
	}
	kaesbench --paths afalg,openssl -t 10 -r 1 -w 0 -b 16 >/tmp/paths.txt 2>&1
	rc=$?
	echo "$helper" >/proc/sys/kernel/modprobe
	modprobe -a algif_skcipher algif_aead
	sed -n '/^cbc(aes)/,/^$/p' /tmp/paths.txt
	[ "$rc" -eq 0 ] || fail "exit status $rc, expected 0"
	grep -q "^AF_ALG copy: n/a: AF_ALG cannot bind cbc(aes)" /tmp/paths.txt ||
		fail "no n/a note for AF_ALG"
	grep -q "^AF_ALG copy: n/a: .*(bind: ENOENT, No such file or directory: the socket type's module algif_skcipher is not loaded; modprobe algif_skcipher)" \
		/tmp/paths.txt || fail "the note does not name algif_skcipher"
	grep -q "^OpenSSL: AES-128-CBC" /tmp/paths.txt || fail "no OpenSSL column"
}
ktap_test "without algif modules, AF_ALG reads n/a with the reason" \
	afalg_without_algif

# afalg_refused_offload PATH DRIVER: in /tmp/paths.json, PATH could not
# bind the offload driver DRIVER, and says what bind() returned and why:
# a kernel whose AF_ALG offers synchronous software only (7.2 on).
afalg_refused_offload() {
	run=".runs[] | select(.path == \"$1\")"
	jq -e "$run | .state == \"unavailable\" and (.message |
		startswith(\"AF_ALG cannot bind $2 (bind: ENOENT, No such file or directory, although it is registered: Linux \") and
		contains(\"offers AF_ALG synchronous software implementations only, and $2 is asynchronous, an offload engine)\"))" \
		/tmp/paths.json >/dev/null ||
		fail "$1: not n/a with bind's ENOENT and the kernel's reason"
	! jq -e "$run | .message | test(\"algif|not loaded\")" \
		/tmp/paths.json >/dev/null || fail "$1: blames a module"
}

# kaesbench run -d DRIVER --paths: AF_ALG binds that very driver, so the
# difference to the kernel row is the interface's cost; a kernel that does
# not offer the driver to AF_ALG gives a note saying why, and exit 0.
run_driver_paths() {
	afalg_testable || return "$KSFT_SKIP"
	drv=virtio_crypto_aes_cbc
	# shellcheck disable=SC2086 # $PFAST is a word list
	kaesbench run -d "$drv" --paths kernel,afalg --depth 8 -b 4096 $PFAST \
		--json >/tmp/paths.json || fail "run failed"
	jq -e ".runs[0] | .path == \"kernel\" and .driver == \"$drv\" and
		.state == \"ended\"" /tmp/paths.json >/dev/null ||
		fail "the kernel run did not measure $drv"
	for path in afalg-sendmsg afalg-vmsplice; do
		run=".runs[] | select(.path == \"$path\")"
		jq -r "$run | \"$path \\(.driver): \\(.state) \\(.message)\"" \
			/tmp/paths.json
		jq -e "$run | .driver == \"$drv\"" /tmp/paths.json >/dev/null ||
			fail "$path: not bound to $drv"
		if afalg_software_only; then
			afalg_refused_offload "$path" "$drv" || exit 1
		elif jq -e "$run | .state == \"unavailable\"" /tmp/paths.json \
			>/dev/null; then
			jq -e "$run | .message |
				startswith(\"AF_ALG cannot bind $drv (\")" \
				/tmp/paths.json >/dev/null ||
				fail "$path: unavailable without saying why"
		else
			path_figures "$path" "cbc(aes)" "4096" || exit 1
		fi
	done
}
ktap_test "run -d DRIVER --paths kernel,afalg: AF_ALG binds the same driver" \
	run_driver_paths

# AF_ALG keeps requests in flight to an offload engine as the kernel path
# does: an operation socket and a thread each, one request per socket. At
# depth 8 to virtio_crypto every size completes (several requests queued
# on one socket, as libkcapi's AIO does, never complete from 1024 bytes on:
# Documentation/paths.rst), and the engine answers afterwards.
afalg_depth() {
	afalg_testable || return "$KSFT_SKIP"
	drv=virtio_crypto_aes_cbc
	# shellcheck disable=SC2086 # $PFAST is a word list
	kaesbench run -d "$drv" --paths kernel,afalg --depth 8 $PFAST --json \
		>/tmp/paths.json || fail "run failed"
	for path in afalg-sendmsg afalg-vmsplice; do
		run=".runs[] | select(.path == \"$path\")"
		jq -r "$run | \"$path depth \\(.depth): \\(.measured) \\(.message)\"" \
			/tmp/paths.json
		# 7.2 on: AF_ALG does not reach the engine at all.
		if afalg_software_only; then
			afalg_refused_offload "$path" "$drv" || exit 1
			continue
		fi
		jq -e "$run | .depth == 8 and (.measured |
			test(\"8 requests in flight .*; 8 were in flight at once\"))" \
			/tmp/paths.json >/dev/null ||
			fail "$path: not 8 requests in flight"
		path_figures "$path" "cbc(aes)" "16 64 256 1024 4096 8192 16384" ||
			exit 1
	done
	kaesbench run -d "$drv" -b 4096 -t 10 -r 1 -w 0 >/dev/null ||
		fail "$drv no longer answers"
}
ktap_test "AF_ALG at depth 8 to virtio_crypto: 8 in flight, every size completes (7.2 on: n/a, bind's ENOENT and why)" \
	afalg_depth

# A CPU implementation has no queue to fill: AF_ALG runs it one request
# at a time, even where the kernel path, seeing a SIMD wrapper flagged
# asynchronous, keeps 8 in flight.
afalg_depth_cpu() {
	kaesbench run -d ${CPU_CBC} --paths kernel,afalg --depth 8 -b 4096 \
		-t 10 -r 1 -w 0 --json >/tmp/paths.json || fail "run failed"
	jq -r '.runs[] | "\(.path) depth \(.depth): \(.measured)"' /tmp/paths.json
	jq -e '[.runs[] | select(.path != "kernel") | .depth == 1 and
		(.measured | test("one request at a time$"))] |
		length == 2 and all' /tmp/paths.json >/dev/null ||
		fail "AF_ALG ran ${CPU_CBC} at a depth"
}
ktap_test "AF_ALG runs a CPU implementation one request at a time" \
	afalg_depth_cpu

# A read longer than the socket's receive buffer is read in pieces, whose
# second never completes on virtio_crypto (Documentation/paths.rst): it is
# refused up front, with the reason, instead of hanging.
afalg_split_read_refused() {
	rmem=$(cat /proc/sys/net/core/rmem_default)
	echo 8192 >/proc/sys/net/core/rmem_default
	kaesbench run -d virtio_crypto_aes_cbc --paths afalg -b 4096,16384 \
		-t 10 -r 1 -w 0 --json >/tmp/paths.json
	rc=$?
	echo "$rmem" >/proc/sys/net/core/rmem_default
	jq -r '.runs[] | "\(.path): \(.state): \(.message)"' /tmp/paths.json
	[ "$rc" -eq 0 ] || fail "exit status $rc, expected 0"
	jq -e '[.runs[] | .state == "unavailable" and (.message |
		test("a 16384-byte read is longer than net.core.rmem_default"))] |
		length == 2 and all' /tmp/paths.json >/dev/null ||
		fail "not refused with the reason"
}
ktap_test "AF_ALG to virtio_crypto: a read the kernel would split is refused, not hung" \
	afalg_split_read_refused

# AF_ALG's zero-copy column says what the kernel does: before 7.2 it
# computes on the spliced pages; 7.2 copies them as sendmsg() does, and
# the column says so (the tool finds it out by changing a page after the
# splice).
# Whether a kernel copies what is spliced into AF_ALG is not a matter of
# its version alone: 7.2 copies, and so do the stable updates that took
# the copy back into af_alg_sendmsg() (Debian 12's 6.1 and 6.12). The
# tool finds it out by changing a page after the splice: it must
# give a definite answer, the same in the JSON column and the table's
# note, and on 7.2 that it copies.
afalg_zero_copy_said() {
	afalg_testable || return "$KSFT_SKIP"
	kaesbench run -d ${CPU_CBC} --paths afalg -b 4096 -t 10 -r 1 -w 0 \
		--json >/tmp/paths.json || fail "run failed"
	jq -r '.runs[] | "\(.path): \(.measured)"' /tmp/paths.json
	zc='.runs[] | select(.path == "afalg-vmsplice") | .measured'
	copies="zero-copy asked for, but this kernel copies what is spliced into AF_ALG"
	if jq -e --arg c "$copies" "$zc | contains(\$c)" /tmp/paths.json \
		>/dev/null; then
		said=copies
	elif jq -e "$zc | contains(\"vmsplice+splice+read (zero-copy)\")" \
		/tmp/paths.json >/dev/null; then
		said=zero-copy
	else
		fail "neither zero-copy nor copying said"
	fi
	echo "$(uname -r): $said"
	if afalg_software_only; then
		[ "$said" = copies ] ||
			fail "$(uname -r) copies, and the column does not say so"
	fi
	kaesbench run -d ${CPU_CBC} --paths kernel,afalg -b 4096 -t 10 -r 1 -w 0 \
		>/tmp/paths.txt 2>&1 ||
		fail "table run failed"
	grep '^AF_ALG 0-copy: ' /tmp/paths.txt
	if [ "$said" = copies ]; then
		grep -q "^AF_ALG 0-copy: .*$copies" /tmp/paths.txt ||
			fail "the table's note does not say the kernel copies"
	else
		grep -q "^AF_ALG 0-copy: .*$copies" /tmp/paths.txt &&
			fail "the table's note says the kernel copies"
	fi
	return 0
}
ktap_test "AF_ALG 0-copy: the column says whether the kernel copies what is spliced (7.2 does)" \
	afalg_zero_copy_said

unknown_path_refused() {
	expect_failure 2 "is not a comma-separated list" kaesbench --paths gpu
}
ktap_test "--paths with an unknown word is a usage error" unknown_path_refused
[ -n "${restrict_was:-}" ] && echo "$restrict_was" >$AF_ALG_RESTRICT
