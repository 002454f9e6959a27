# SPDX-License-Identifier: GPL-2.0
# kaesbench-test: module=loaded check=latest,6.12,6.1,arm64-6.12
# kaesbench verify: every implementation against the reference, the ESP
# transforms, and a deliberately broken driver that must be caught. The
# reference is the kernel's generic AES where it has one (to 6.18) and
# kaesbench's own portable AES where not (7.x: "aes" is aes-lib, the AES
# library on the CPU's instructions).

BROKEN=cbc-aes-kaesbench-broken
if grep -q '^driver *: aes-generic$' /proc/crypto; then
	SOFT_AES=aes-generic
	REF_AES=aes-generic
	# What the generic parts do not compose (xctr) kaesbench's own does.
	REF_ANY="aes-generic|aes-kaesbench"
else
	SOFT_AES=aes-lib
	REF_AES=aes-kaesbench
	REF_ANY=aes-kaesbench
fi
# The implementations this kernel has that every run must verify.
if [ "$SOFT_AES" = aes-generic ]; then
	VERIFIED="aes-generic ${CPU_CIPHER} ${CPU_CBC} ${CPU_CTR} ${CPU_XTS}
		${CPU_GCM} virtio_crypto_aes_cbc"
else
	VERIFIED="aes-lib ${CPU_CBC} ${CPU_CTR} ${CPU_XTS}
		${CPU_GCM} ${CPU_RFC4106} virtio_crypto_aes_cbc"
fi

verify_all_pass() {
	kaesbench verify --cases 64 >/tmp/verify 2>&1
	rc=$?
	cat /tmp/verify
	[ "$rc" -eq 0 ] || fail "verify exited $rc"
	grep -q '^PASS ' /tmp/verify || fail "nothing passed"
	! grep -q '^FAIL ' /tmp/verify || fail "an implementation failed"
	for driver in $VERIFIED; do
		grep -q "^PASS  *$driver " /tmp/verify || fail "$driver not verified"
	done
	# Every row names a reference built on $REF_AES, none without one.
	grep -q " 0 without a reference" /tmp/verify ||
		fail "an implementation went unverified"
	awk '/^PASS/ && $4 !~ /'"$REF_ANY"'/ { bad = 1; print "reference: " $4 }
		END { exit bad }' /tmp/verify || fail "a reference not on $REF_ANY"
}
ktap_test "kaesbench verify passes every AES implementation" verify_all_pass

esp_transforms_pass() {
	failures=0
	for alg in "rfc4106(gcm(aes))" "rfc4543(gcm(aes))" "rfc4309(ccm(aes))" \
		"rfc3686(ctr(aes))" "authenc(hmac(sha1),cbc(aes))" \
		"authenc(hmac(sha256),cbc(aes))" \
		"authenc(hmac(sha256),rfc3686(ctr(aes)))" \
		"echainiv(authenc(hmac(sha256),cbc(aes)))" \
		"seqiv(rfc4106(gcm(aes)))" \
		"seqiv(authenc(hmac(sha1),rfc3686(ctr(aes))))"; do
		# An IV generator's output is decrypted by the reference, which
		# on 7.x is kaesbench's own seqiv or echainiv decryption.
		if kaesbench verify -a "$alg" --cases 64 >/tmp/verify 2>&1 &&
			awk '/^PASS/ { n++; if ($4 !~ /'"$REF_ANY"'/) bad = 1 }
				END { exit bad || !n }' /tmp/verify; then
			grep '^PASS' /tmp/verify
		else
			cat /tmp/verify
			failures=$((failures + 1))
		fi
	done
	[ "$failures" -eq 0 ]
}
ktap_test "the IPsec ESP transforms verify, with the IV generators ESP output uses" \
	esp_transforms_pass

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
		echo "$out" | grep -q "differs from cbc($REF_AES) at byte 4096 of" ||
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
	kaesbench verify -d ${CPU_CBC} --cases 100000 >/tmp/out 2>&1 &
	pid=$!
	sleep 1
	kill -INT "$pid"
	wait "$pid"
	rc=$?
	cat /tmp/out
	[ "$rc" -eq 130 ] || fail "exit status $rc, expected 130"
	# The tool exits at once; the job ends within the stop grace (1 s),
	# or its setup's bound when stopped there: the next one waits its
	# turn until then (43-turns.sh), not later.
	i=0
	until kaesbench verify -d "$SOFT_AES" --cases 8 >/tmp/out 2>&1; do
		i=$((i + 1))
		[ $i -lt $((30 * KTAP_SLOWDOWN)) ] ||
			fail "the next verification did not start within 3 s: $(cat /tmp/out)"
		sleep 0.1
	done
	echo "the next verification started after $i retries"
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
			kaesbench verify -d ${CPU_CBC} --cases 0 &&
		expect_failure 1 "--depth must be 1 to 64" \
			kaesbench verify -d ${CPU_CBC} --depth 0 &&
		expect_failure 1 "--depth must be 1 to 64" \
			kaesbench verify -d ${CPU_CBC} --depth 65 &&
		expect_failure 2 'out of range: more than 0, at most 24h' \
			kaesbench verify -d ${CPU_CBC} --time 0s &&
		expect_failure 2 'out of range: more than 0, at most 24h' \
			kaesbench verify -d ${CPU_CBC} --time 25h &&
		expect_failure 2 'a whole number and a unit, ms, s, m or h' \
			kaesbench verify -d ${CPU_CBC} --time 60 &&
		expect_failure 2 'a whole number and a unit, ms, s, m or h' \
			kaesbench verify -d ${CPU_CBC} --time 5y &&
		expect_failure 2 '--time soaks one implementation' \
			kaesbench verify --time 5s &&
		expect_failure 2 '--cpus: CPU 7 is offline or does not exist' \
			kaesbench verify -d ${CPU_CBC} --cpus 7 &&
		expect_failure 2 '--cpus: "x" is not a CPU list' \
			kaesbench verify -d ${CPU_CBC} --cpus x &&
		expect_failure 1 "extack: a CPU does not exist or is offline" \
			kaesbench-nlprobe 5 4:"$(hex_string ${CPU_CBC})" 30:07000000 &&
		expect_failure 2 "Usage" kaesbench verify --frobnicate
}
ktap_test "verify of an unknown driver or bad options is refused" \
	verify_bad_input

# lrw(aes): the kernel's generic parts compose it; kaesbench's own
# reference does not, so on a kernel without aes-generic it says so.
verify_no_reference() {
	if [ "$SOFT_AES" = aes-generic ]; then
		kaesbench verify -a "lrw(aes)" -k 256 --cases 8 >/tmp/out 2>&1
		rc=$?
		cat /tmp/out
		[ "$rc" -eq 0 ] || fail "lrw(aes) did not verify ($rc)"
		grep -q "^PASS .*lrw(ecb(aes-generic))" /tmp/out ||
			fail "not verified against the generic parts"
	else
		expect_failure 1 "no independent reference for this algorithm on this kernel: it has no generic AES, and kaesbench's own covers" \
			kaesbench verify -a "lrw(aes)" -k 256 --cases 8
	fi
}
ktap_test "an algorithm without a reference on this kernel is said so" \
	verify_no_reference

# A template instance asked for by driver with an inner part named by
# algorithm (hmac(sha256)): from 6.12 on the crypto API registers it under
# its own driver name and refuses what was asked (EEXIST; 6.1 answers
# ENOENT and registers nothing). The tool says which name to use, and
# that name works.
verify_mixed_name() {
	out=$(kaesbench verify -d "authenc(hmac(sha256),${CPU_CBC})" \
		--cases 4 2>&1)
	rc=$?
	echo "$out"
	[ "$rc" -ne 0 ] || return 0
	case $out in
	*"File exists"*)
		echo "$out" | grep -q "registered it under another driver name: ask for that one, as /proc/crypto lists it" ||
			fail "EEXIST without the name to use"
		;;
	esac
	driver=$(sed -n "s/^driver *: \\(authenc(hmac[-(]sha256[^,]*,$CPU_CBC)\\)\$/\\1/p" \
		/proc/crypto | head -n 1)
	if [ -z "$driver" ]; then
		echo "$(uname -r) registered nothing for it"
		return 0
	fi
	kaesbench verify -d "$driver" --cases 4 >/tmp/out 2>&1 ||
		fail "$driver does not verify: $(cat /tmp/out)"
	grep "^PASS" /tmp/out
}
ktap_test "a template named by algorithm inside: the kernel's EEXIST comes with the name to use" \
	verify_mixed_name
