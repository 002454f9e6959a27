# SPDX-License-Identifier: GPL-2.0
# kaesbench-test: module=loaded check=latest,6.12,arm64-6.12
# A machine with nothing: no kaesbench module, no AF_ALG, no libcrypto.
# The doctor still makes the findings it can (the emulator, the kernel's
# implementations from /proc/crypto) and says in one line per check what
# it could not judge, and why; the OpenSSL path says libcrypto cannot be
# loaded. Everything is put back for the tests after this file, by a trap
# too should the shell leave early.

BARE_ALGIF="algif_skcipher algif_aead algif_hash algif_rng"

# The libcrypto the tool dlopen()s, where the initramfs put it.
bare_libcrypto() {
	for lib in /lib/*-linux-gnu/libcrypto.so.3 \
		/usr/lib/*-linux-gnu/libcrypto.so.3; do
		[ -e "$lib" ] && echo "$lib" && return 0
	done
	return 1
}

# kmod links libcrypto: modules go before it is hidden, come back after.
bare_setup() {
	lib=$(bare_libcrypto) || fail "no libcrypto.so.3 in the guest"
	cat /proc/sys/kernel/modprobe >/tmp/bare.modprobe
	# Nothing autoloads: neither the module nor af_alg on socket(AF_ALG).
	echo /bin/false >/proc/sys/kernel/modprobe
	unload kaesbench || fail "cannot unload kaesbench"
	for m in $BARE_ALGIF af_alg; do
		if grep -q "^$m " /proc/modules; then
			rmmod "$m" || fail "cannot unload $m"
		fi
	done
	mount -o bind /dev/null "$lib" || fail "cannot hide $lib"
	echo "hidden: the kaesbench module, AF_ALG (af_alg, algif_*), $lib"
}

bare_restore() {
	lib=$(bare_libcrypto)
	while grep -q " $lib " /proc/mounts; do
		umount "$lib" || break
	done
	if [ -s /tmp/bare.modprobe ]; then
		cat /tmp/bare.modprobe >/proc/sys/kernel/modprobe
	fi
	rm -f /tmp/bare.modprobe
	modprobe -a algif_skcipher algif_aead
	grep -q '^kaesbench ' /proc/modules ||
		insmod /opt/kaesbench/kaesbench.ko
}

# bare_has JQ_CONDITION MESSAGE: the doctor's JSON meets the condition.
bare_has() {
	jq -e "$1" /tmp/bare-doctor.json >/dev/null || fail "$2"
}

bare_doctor() {
	kaesbench doctor
	text_rc=$?
	echo "kaesbench doctor: exit $text_rc"
	kaesbench doctor --json >/tmp/bare-doctor.json
	rc=$?
	echo "kaesbench-results-json: begin doctor-bare"
	jq -c . /tmp/bare-doctor.json || fail "doctor --json is not JSON"
	echo "kaesbench-results-json: end"
	[ "$rc" -eq "$text_rc" ] || fail "--json exited $rc, the text $text_rc"
	bare_has ".exit_status == $rc" "exit $rc, but exit_status says otherwise"
	bare_has "(any(.findings[]; .severity != \"info\") | if . then 1 else 0 end) == $rc" \
		"exit $rc does not follow from the findings' severities"
	bare_has 'any(.findings[]; .id == "KB-EMULATED")' \
		"no KB-EMULATED: the static findings are missing"
	bare_has 'any(.not_checked[]; .reason |
		contains("the kaesbench module is not loaded"))' \
		"no line for the missing module"
	bare_has 'any(.not_checked[]; (.check | contains("AF_ALG")) and
		(.reason | contains("AF_ALG not available")))' \
		"no line for the missing AF_ALG"
	bare_has 'any(.not_checked[]; (.check | startswith("OpenSSL")) and
		(.reason | startswith("libcrypto.so.3 cannot be loaded: ")))' \
		"no line for the missing libcrypto"
	bare_has '.environment.openssl.error != null and
		.environment.openssl.version == null and
		.environment.module.error != null' \
		"the environment does not say what is missing"
}

bare_openssl_run() {
	expect_failure 1 "^OpenSSL: n/a: libcrypto.so.3 cannot be loaded: " \
		kaesbench run -a "cbc(aes)" --paths openssl -b 64 -t 10 -r 1 -w 0
}

bare_sweep() {
	kaesbench -b 64 -t 10 -r 1 -w 0 >/tmp/bare-sweep.txt 2>&1
	rc=$?
	head -n 4 /tmp/bare-sweep.txt
	[ "$rc" -eq 0 ] || fail "the sweep exited $rc"
	grep -q "^kernel: n/a: the kaesbench module is not loaded" \
		/tmp/bare-sweep.txt || fail "no n/a line for the kernel"
	grep -q "^AF_ALG: n/a: " /tmp/bare-sweep.txt ||
		fail "no n/a line for AF_ALG"
	grep -q "^OpenSSL: n/a: libcrypto.so.3 cannot be loaded: " \
		/tmp/bare-sweep.txt || fail "no n/a line for OpenSSL"
}

bare_back() {
	grep -q '^kaesbench ' /proc/modules || fail "kaesbench not reloaded"
	! grep -q " $(bare_libcrypto) " /proc/mounts || fail "libcrypto hidden"
	kaesbench list >/dev/null || fail "list fails"
	kaesbench run -a "cbc(aes)" --paths openssl -b 64 -t 10 -r 1 -w 0 |
		grep -q "^OpenSSL: AES-128-CBC" || fail "OpenSSL does not run"
}

trap bare_restore EXIT
ktap_test "bare machine: module, AF_ALG and libcrypto hidden" bare_setup
ktap_test "bare machine: the doctor's findings, a line per check it cannot run" \
	bare_doctor
ktap_test "bare machine: run --paths openssl says libcrypto is missing, exit 1" \
	bare_openssl_run
ktap_test "bare machine: the sweep says why each path is n/a" bare_sweep
bare_restore
trap - EXIT
ktap_test "bare machine: everything back for the tests after" bare_back
