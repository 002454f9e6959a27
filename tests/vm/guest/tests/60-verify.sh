# SPDX-License-Identifier: GPL-2.0
# kaesbench verify: every implementation against the generic reference, the
# ESP transforms, and a deliberately broken driver that must be caught.

BROKEN=cbc-aes-kaesbench-broken

verify_all_pass() {
	kaesbench verify --cases 64 >/tmp/verify 2>&1
	rc=$?
	cat /tmp/verify
	[ "$rc" -eq 0 ] || fail "verify exited $rc"
	grep -q '^PASS ' /tmp/verify || fail "nothing passed"
	! grep -q '^FAIL ' /tmp/verify || fail "an implementation failed"
	for driver in aes-generic aes-aesni cbc-aes-aesni ctr-aes-aesni \
		xts-aes-aesni generic-gcm-aesni virtio_crypto_aes_cbc; do
		grep -q "^PASS  *$driver " /tmp/verify || fail "$driver not verified"
	done
}
ktap_test "kaesbench verify passes every AES implementation" verify_all_pass

esp_transforms_pass() {
	failures=0
	for alg in "rfc4106(gcm(aes))" "rfc4543(gcm(aes))" "rfc4309(ccm(aes))" \
		"rfc3686(ctr(aes))" "authenc(hmac(sha1),cbc(aes))" \
		"authenc(hmac(sha256),cbc(aes))" \
		"authenc(hmac(sha256),rfc3686(ctr(aes)))"; do
		if kaesbench verify -a "$alg" --cases 64 >/tmp/verify 2>&1; then
			grep '^PASS' /tmp/verify
		else
			cat /tmp/verify
			failures=$((failures + 1))
		fi
	done
	[ "$failures" -eq 0 ]
}
ktap_test "the IPsec ESP transforms verify" esp_transforms_pass

load_broken() {
	grep -q '^kaesbench_broken ' /proc/modules ||
		insmod /opt/kaesbench/kaesbench_broken.ko
}

broken_caught() {
	load_broken || fail "cannot load the broken driver"
	for seed in 1 2 3; do
		# expect_failure leaves the command's output in $out.
		expect_failure 1 "^FAIL  *$BROKEN " \
			kaesbench verify -d "$BROKEN" --seed "$seed" || return 1
		echo "$out" | grep -q "differs from cbc(aes-generic) at byte 4096 of" ||
			fail "not the case the driver gets wrong"
		echo "$out" | grep -q "reproduce: kaesbench verify -d $BROKEN --seed $seed --cases" ||
			fail "no reproduction command"
	done
}
ktap_test "a broken implementation is caught every time, with its case" \
	broken_caught

broken_row_invalid() {
	load_broken || fail "cannot load the broken driver"
	expect_failure 1 "verification failed" \
		kaesbench run -d "$BROKEN" -b 16,8192 -t 10 -r 1 || return 1
	kaesbench run -d "$BROKEN" -b 16,8192 -t 10 -r 1 --no-verify \
		>/tmp/out 2>&1 || { cat /tmp/out; fail "--no-verify run failed"; }
	cat /tmp/out
	grep -q "not verified" /tmp/out || fail "--no-verify not stated"
}
ktap_test "a broken implementation's run shows no figures" broken_row_invalid

verify_cancelled() {
	kaesbench verify -d cbc-aes-aesni --cases 100000 >/tmp/out 2>&1 &
	pid=$!
	sleep 1
	kill -INT "$pid"
	wait "$pid"
	rc=$?
	cat /tmp/out
	[ "$rc" -eq 130 ] || fail "exit status $rc, expected 130"
	kaesbench verify -d aes-generic --cases 8 >/dev/null ||
		fail "the next verification did not start"
	rmmod kaesbench_broken 2>/dev/null
	unload kaesbench || fail "rmmod failed"
	insmod /opt/kaesbench/kaesbench.ko || fail "reload failed"
}
ktap_test "a verification cancelled midway stops cleanly; rmmod works" \
	verify_cancelled

verify_bad_input() {
	expect_failure 1 "no such AES implementation" \
		kaesbench verify -d no-such-aes &&
		expect_failure 1 "out of range" \
			kaesbench verify -d cbc-aes-aesni --cases 0 &&
		expect_failure 2 "Usage" kaesbench verify --frobnicate
}
ktap_test "verify of an unknown driver or bad options is refused" \
	verify_bad_input

verify_no_reference() {
	kaesbench list --dump | grep -q '	xctr-aes-aesni	' || exit "$KSFT_SKIP"
	if kaesbench verify -d xctr-aes-aesni --cases 8 >/tmp/out 2>&1; then
		cat /tmp/out
		grep -q '^PASS' /tmp/out || fail "no result"
	else
		cat /tmp/out
		grep -q "reference" /tmp/out || fail "no reason given"
	fi
}
ktap_test "an algorithm without a generic reference is said so" \
	verify_no_reference
