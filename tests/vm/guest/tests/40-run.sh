# SPDX-License-Identifier: GPL-2.0
# kaesbench-test: module=loaded check=latest,6.12,6.1
# Runs: figures for every implementation, their consistency, stopping a run
# (Ctrl-C, kill -9; rmmod is refused meanwhile), one run at a time, and
# refused requests.

FAST="-t 20 -r 2 -w 0"

every_impl_measured_or_refused() {
	kaesbench list --dump | awk -F '\t' '$7 == "no" { print $2 }' >/tmp/drivers
	[ -s /tmp/drivers ] || fail "no implementation listed"
	failures=0
	while read -r driver; do
		# shellcheck disable=SC2086 # $FAST is a word list
		if out=$(kaesbench run -d "$driver" -b 16,4096 $FAST 2>&1); then
			echo "$driver: measured"
		elif echo "$out" | grep -q '^kaesbench: kernel: '; then
			echo "$driver: refused: $(echo "$out" | grep '^kaesbench: kernel: ')"
		else
			echo "$driver: failed without a reason: $out"
			failures=$((failures + 1))
		fi
	done </tmp/drivers
	[ "$failures" -eq 0 ]
}

# figures_consistent DRIVER [OPTION...]: every default size measured, each
# sample positive and consistent, as many samples as asked for.
figures_consistent() {
	driver=$1
	shift
	# shellcheck disable=SC2086
	kaesbench run -d "$driver" $FAST --json "$@" >/tmp/run.json ||
		fail "run of $driver failed"
	jq -e '.runs | length == 1' /tmp/run.json >/dev/null || fail "not one run"
	jq -r '.runs[0].summary[] | "\(.size) B: \(.mbps_median) MB/s"' /tmp/run.json
	jq -e '.runs[0].samples | all(.ops > 0 and .wall_ns > 0 and
		.bytes == .ops * .size)' /tmp/run.json >/dev/null ||
		fail "a sample is empty or bytes != ops x size"
	jq -e '.runs[0].samples | group_by(.size) |
		all(length == 2)' /tmp/run.json >/dev/null ||
		fail "not 2 samples per size"
	# The default sizes, less those the block size rules out.
	want="16 64 256 1024 1420 4096 8192 16384"
	case "$driver" in
	aes-* | cbc-* | virtio_crypto_aes_cbc) want="16 64 256 1024 4096 8192 16384" ;;
	esac
	got=$(jq -r '[.runs[0].samples[].size] | unique | map(tostring) |
		join(" ")' /tmp/run.json)
	[ "$got" = "$want" ] || fail "sizes measured: $got; expected: $want"
}

ktap_test "every listed implementation is measured or refused with a reason" \
	every_impl_measured_or_refused
# Every single-block cipher this kernel has (aes-generic and aes-aesni on
# 6.x, aes-lib on 7.x), then the modes.
for driver in $(aes_ciphers) ${CPU_CBC} ${CPU_CTR} \
	${CPU_XTS} ${CPU_GCM} virtio_crypto_aes_cbc; do
	ktap_test "$driver: figures at every default size, consistent" \
		figures_consistent "$driver"
done
ktap_test "virtio_crypto_aes_cbc at depth 8: figures consistent" \
	figures_consistent virtio_crypto_aes_cbc --depth 8
ktap_test "${CPU_GCM} decrypt: figures consistent" \
	figures_consistent ${CPU_GCM} --decrypt

# A run started by algorithm name reports the driver the kernel chose.
run_by_algorithm() {
	kaesbench run -a "cbc(aes)" -b 16 $FAST --json >/tmp/run.json ||
		fail "run failed"
	driver=$(jq -r '.runs[0].driver' /tmp/run.json)
	selected=$(kaesbench list --dump |
		awk -F '\t' '$1 == "cbc(aes)" && $10 == "yes" { print $2 }')
	echo "chosen: $driver, listed as selected: $selected"
	[ "$driver" = "$selected" ]
}
ktap_test "a run by algorithm name measures the selected driver" \
	run_by_algorithm

# wait_idle: the next run starts once the kernel has stopped the last one.
wait_idle() {
	tries=0
	until kaesbench run -d ${CPU_CBC} -b 16 -t 10 -r 1 -w 0 >/dev/null 2>&1; do
		tries=$((tries + 1))
		[ $tries -ge 20 ] && fail "no run could start 2 s after the stop"
		sleep 0.1
	done
	echo "next run started after $tries retries of 0.1 s"
}

# stop_run SIGNAL MAX_CS EXPECTED_EXIT
stop_run() {
	kaesbench run -d ${CPU_CBC} -b 16 -t 30000 -r 1 -w 0 >/tmp/out 2>&1 &
	pid=$!
	sleep 2
	start=$(now_cs)
	kill "-$1" "$pid"
	wait "$pid"
	rc=$?
	took=$(($(now_cs) - start))
	cat /tmp/out
	echo "exit $rc, $((took * 10)) ms after SIG$1"
	[ "$rc" -eq "$3" ] || fail "exit status $rc, expected $3"
	[ "$took" -le "$2" ] || fail "took more than $(($2 * 10)) ms"
	wait_idle
}

ktap_test "Ctrl-C stops a 30 s run within 0.5 s; the next run works" \
	stop_run INT 50 130
ktap_test "kill -9 of the tool stops its run; the next run works" \
	stop_run KILL 50 137

# A job's thread holds the module: rmmod during a run is refused and the
# run is unaffected; once Ctrl-C stopped it, rmmod works.
unload_during_run() {
	kaesbench run -d virtio_crypto_aes_cbc -b 4096 --depth 8 -t 3000 -r 1 \
		-w 0 --json >/tmp/run.json 2>/tmp/out &
	pid=$!
	sleep 1
	out=$(rmmod kaesbench 2>&1) && fail "rmmod worked during a run"
	echo "$out"
	echo "$out" | grep -q "in use" || fail "rmmod does not say in use"
	wait "$pid" || { cat /tmp/out; fail "the run failed after rmmod was refused"; }
	jq -e '.runs[0] | .state == "ended" and .status == 0 and
		(.samples | length == 1) and .samples[0].ops > 0' /tmp/run.json \
		>/dev/null || fail "the run did not end well"
	kaesbench run -d virtio_crypto_aes_cbc -b 4096 --depth 8 -t 30000 -r 1 \
		-w 0 >/tmp/out 2>&1 &
	pid=$!
	sleep 1
	kill -INT "$pid"
	wait "$pid"
	start=$(now_cs)
	unload kaesbench || fail "rmmod failed once the run was stopped"
	echo "rmmod worked $((($(now_cs) - start) * 10)) ms after the tool exited"
	insmod /opt/kaesbench/kaesbench.ko || fail "reload failed"
	wait_idle
}
ktap_test "rmmod during an asynchronous run is refused, the run unaffected; after Ctrl-C it works" \
	unload_during_run

second_run_busy() {
	kaesbench run -d ${CPU_CBC} -b 16 -t 30000 -r 1 -w 0 >/dev/null 2>&1 &
	pid=$!
	sleep 1
	expect_failure 1 "another run is in progress" \
		kaesbench run -d "$SOFT_AES" -b 16 -t 10 -r 1 --no-wait
	status=$?
	kill -INT "$pid"
	wait "$pid"
	wait_idle
	return $status
}
# Without --no-wait it waits its turn instead: 43-turns.sh.
ktap_test "a second concurrent run with --no-wait gets the busy message" \
	second_run_busy

cancel_unknown_run() {
	expect_failure 1 "extack: no such run in progress" \
		kaesbench-nlprobe 4 3=4000000
}
ktap_test "cancelling a run that does not exist is refused" cancel_unknown_run

# refused MESSAGE OPTION...: a run with these options fails with MESSAGE.
refused() {
	message=$1
	shift
	expect_failure 1 "kaesbench: kernel: .*$message" kaesbench run "$@" &&
		kaesbench list >/dev/null
}

ktap_test "unknown driver refused" \
	refused "no such AES implementation" -d no-such-aes -b 16
ktap_test "driver of an unsupported type refused" \
	refused "ciphers, skciphers and aeads only" -d "cmac($SOFT_AES)" -b 16
# An implementation only other implementations use (CRYPTO_ALG_INTERNAL):
# the kernel's own where it has one (__cbc-aes-aesni, the SIMD wrappers'
# inner part, before 7.x), and kaesbench_broken's internal twin, which is
# there on every kernel.
internal_refused() {
	grep -q '^kaesbench_broken ' /proc/modules ||
		insmod /opt/kaesbench/kaesbench_broken.ko ||
		fail "kaesbench_broken does not load"
	internal=$(awk '/^name/ { n = $3 } /^driver/ { d = $3 }
		/^internal/ { i = $3 }
		/^$/ { if (i == "yes" && n ~ /(^|[^a-z0-9])aes([^a-z0-9]|$)/ &&
			d !~ /kaesbench/) { print d; exit } n = d = i = "" }' \
		/proc/crypto)
	echo "the kernel's own internal implementation: ${internal:-none}"
	for driver in $internal __cbc-aes-kaesbench-broken; do
		refused "internal implementation" -d "$driver" -b 16
	done
	# Left loaded, it would be in every later sweep, and fail them.
	unload kaesbench_broken || fail "kaesbench_broken stays loaded"
}
ktap_test "internal implementation refused" internal_refused
ktap_test "key length the driver rejects refused" \
	refused "rejects this key length" -d ${CPU_XTS} -k 192 -b 16
ktap_test "size 0 refused" \
	refused "sizes must be 1 to 65536 bytes" -d ${CPU_CBC} -b 0
ktap_test "size above the maximum refused" \
	refused "sizes must be 1 to 65536 bytes" -d ${CPU_CBC} -b 65552
ktap_test "size not a multiple of the block refused" \
	refused "not a multiple of the block size" -d ${CPU_CBC} -b 1420
ktap_test "too many sizes refused" \
	refused "too many sizes" -d ${CPU_CTR} \
	-b "$(seq -s , 16 16 544)"
ktap_test "depth 0 refused" refused "out of range" -d ${CPU_CBC} -b 16 --depth 0
ktap_test "depth above the maximum refused" \
	refused "out of range" -d ${CPU_CBC} -b 16 --depth 65
ktap_test "time 0 refused" refused "out of range" -d ${CPU_CBC} -b 16 -t 0
ktap_test "time above the maximum refused" \
	refused "out of range" -d ${CPU_CBC} -b 16 -t 60001

non_admin_refused() {
	expect_failure 1 "needs CAP_SYS_ADMIN" \
		su -s /bin/sh nobody -c "kaesbench run -d ${CPU_CBC} -b 16"
}
ktap_test "a user without CAP_SYS_ADMIN cannot start a run" non_admin_refused

sweep_gives_figures() {
	kaesbench -t 10 -r 1 -w 0 >/tmp/sweep 2>&1 || { cat /tmp/sweep; fail "sweep failed"; }
	cat /tmp/sweep
	for alg in "aes" "cbc(aes)" "ctr(aes)" "xts(aes)" "gcm(aes)"; do
		grep -q "^$alg encrypt" /tmp/sweep || fail "no table for $alg"
	done
	! grep -q "failed" /tmp/sweep || fail "a row failed"
	# The doctor's static checks close it: the CPU's AES (AES-NI, the
	# Crypto Extensions) is loaded here.
	grep -q '^doctor (static checks' /tmp/sweep || fail "no doctor section"
	grep -q "^  \\[info\\] $CPU_FINDING-IN-USE: " /tmp/sweep ||
		fail "the doctor section does not report $CPU_AES_NAME in use"
}
ktap_test "kaesbench with no arguments sweeps every algorithm, then the doctor's static checks" \
	sweep_gives_figures

# The console check fails the suite on any soft lockup or RCU stall report;
# the kernel runs with softlockup_panic=1. 25 s outlasts both thresholds:
# a soft lockup is reported after 20 s (twice watchdog_thresh), an RCU
# stall after 21 s (Debian's CONFIG_RCU_CPU_STALL_TIMEOUT).
long_sample() {
	echo "the software cipher, $SOFT_AES"
	kaesbench run -d "$SOFT_AES" -b 16384 -t 25000 -r 1 -w 0 --no-verify \
		>/tmp/out 2>&1 || { cat /tmp/out; fail "the 25 s run failed"; }
	tail -n +2 /tmp/out | head -3
}
KTAP_TIMEOUT=150 ktap_test "a 25 s sample runs without soft lockup or RCU stall" \
	long_sample

# Decryption reads the associated data from the ciphertext it was given,
# which the API does not fill by itself.
aead_decrypt_with_aad() {
	for args in "-d ${CPU_RFC4106}" "-d $(soft_gcm) --aad 16"; do
		echo "kaesbench run $args --decrypt"
		# shellcheck disable=SC2086 # $args is a word list
		kaesbench run $args --decrypt -b 64,1024 -t 10 -r 1 -w 0 \
			>/tmp/out 2>&1 || { cat /tmp/out; fail "$args failed"; }
	done
	expect_failure 1 "ESP transform takes 16 or 20 bytes of associated data" \
		kaesbench run -d "$CPU_RFC4106" --aad 24 -b 64
}
ktap_test "aead decryption with associated data; ESP's lengths only for rfc4106" \
	aead_decrypt_with_aad
