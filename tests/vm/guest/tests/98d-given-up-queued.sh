# SPDX-License-Identifier: GPL-2.0
# kaesbench-test: module=loaded order=last check=6.12
# Given up (given-up-lib.sh): requests waiting in a queue whose worker a
# real-time spinner on CPU 1 starves, as a loaded machine may: cryptd's,
# or on kernels without cryptd (7.x) the crypto engine thread of
# virtio_crypto, pinned there for the test. There the templates that copy
# the completion callback (authenc, echainiv) are tested over the faulty
# driver, which holds their requests: 7.x's virtio_crypto completes them
# from a BH workqueue on another CPU, not from the engine thread, so
# starving that does not hold them.

# shellcheck disable=SC2034 # rc, took and held are given_up_run's
. /tests/given-up-lib.sh

gu_on_cpu1() {
	[ -n "$(gu_thread kaesbench/cpu1)" ]
}

# gu_rmmod_in_use WHY: rmmod kaesbench is refused, "in use", while WHY.
gu_rmmod_in_use() {
	out=$(rmmod kaesbench 2>&1) && fail "rmmod worked with $1"
	echo "rmmod, $1: $out"
	echo "$out" | grep -q "in use" || fail "rmmod does not say in use"
}

# What the queue tests give requests up to. With cryptd: cryptd queues
# each request and replaces its completion callback while it waits; rfc4106
# and seqiv copy the callback into a request of their own at submission,
# which completes after cryptd's. On 6.1, cryptd over an aead fails
# gcm(aes)'s self-tests (rc=-22), a WARN that panics the VM: there cryptd
# is under gcm_base, for its ctr (the same copy of the callback, one level
# further down). Without cryptd: virtio_crypto's engine queues the
# request; authenc and echainiv (the ESP transform for CBC), which copy
# the callback as rfc4106 and seqiv do, over the faulty driver's first
# copy, which holds them (given_up_in_template). Names only: nothing is
# registered before the tests run.
gu_queue_drivers() {
	if ! gu_has_cryptd; then
		echo virtio_crypto_aes_cbc
		echo "authenc(hmac(sha256),$GU_FAULTY)"
		echo "echainiv(authenc(hmac(sha256),$GU_FAULTY))"
		return
	fi
	echo "cryptd(cbc($SOFT_AES))"
	ghash=$(soft_ghash)
	case $(uname -r) in
	6.1.*) gcm="gcm_base(cryptd(ctr($SOFT_AES)),$ghash)" ;;
	*) gcm="cryptd($(soft_gcm))" ;;
	esac
	echo "rfc4106($gcm)"
	echo "seqiv(rfc4106($gcm))"
}

# Real-time throttling, and from 6.12 the fair server's 50 ms a second,
# would let the starved worker run now and then: both off while spinning.
# The fair server serves only normal tasks: cryptd's worker, not
# virtio_crypto's engine thread, which is real-time. It is left alone
# where there is no cryptd: 6.12's write to its runtime may itself WARN
# (task_non_contending, from dl_server_stop; seen on arm64's
# 6.12.118), which panics the VM.
FAIR_SERVER=/sys/kernel/debug/sched/fair_server/cpu1/runtime

starve_cpu1() {
	cat /proc/sys/kernel/sched_rt_runtime_us >/tmp/rt_runtime
	echo -1 >/proc/sys/kernel/sched_rt_runtime_us ||
		fail "cannot turn real-time throttling off"
	if gu_has_cryptd && [ -e $FAIR_SERVER ]; then
		cat $FAIR_SERVER >/tmp/fair_server
		echo 0 >$FAIR_SERVER || fail "cannot turn the fair server off"
	fi
	# Softirqs, timers' included, run in ksoftirqd once deferred there (on
	# 6.1 for good while it is runnable): above the spinner, or CPU 1's
	# timers and RCU stall with the worker.
	chrt -f -p 70 "$(gu_thread ksoftirqd/1)" ||
		fail "cannot make ksoftirqd/1 real-time"
	# Bounded: a failed test must not leave CPU 1 starved. Above the
	# engine thread (50), below the run's thread (60).
	chrt -f 55 taskset -c 1 timeout $((30 * KTAP_SLOWDOWN)) \
		sh -c 'while :; do :; done' &
	spinner=$!
	trap 'feed_cpu1' EXIT
}

feed_cpu1() {
	[ -n "${spinner:-}" ] && kill "$spinner" 2>/dev/null
	wait "$spinner" 2>/dev/null
	spinner=
	[ -e /tmp/rt_runtime ] &&
		cat /tmp/rt_runtime >/proc/sys/kernel/sched_rt_runtime_us
	[ -e /tmp/fair_server ] && cat /tmp/fair_server >$FAIR_SERVER
	rm -f /tmp/rt_runtime /tmp/fair_server
	chrt -o -p 0 "$(gu_thread ksoftirqd/1)"
}

# gu_queue_works: the starved queue takes requests again, and completes
# them. cryptd's queue is one per CPU, the engine's one per device, both
# first in first out: once a new request gets through, all those given up
# did.
gu_queue_works() {
	if gu_has_cryptd; then
		kaesbench run -d "cryptd(ctr($SOFT_AES))" --cpus 1 -b 16 \
			-t 10 -r 1 -w 0 --no-verify >/tmp/queue.out 2>&1
	else
		kaesbench verify -d "cts(virtio_crypto_aes_cbc)" --cases 4 \
			>/tmp/queue.out 2>&1
	fi || fail "the queue does not work again: $(cat /tmp/queue.out)"
}

# gu_engine_back: the engine thread free to run on every CPU again.
gu_engine_back() {
	[ -z "$engine" ] || taskset -pc "0-$(($(nproc) - 1))" "$engine" >/dev/null
}

# given_up_in_queue SPEC RMMOD: 64 requests of 64 KiB queued in CPU 1's
# cryptd queue, or in virtio_crypto's engine moved to CPU 1, whose worker
# a real-time spinner starves; with RMMOD (yes), an rmmod while they wait,
# refused. The run ends with the timeout, kaesbench is pinned; once the
# spinner stops, the worker completes them: no kernel report, and the
# queue works again.
given_up_in_queue() {
	gu_setup
	[ "$(grep -c ^processor /proc/cpuinfo)" -ge 2 ] || {
		echo "needs 2 CPUs"
		exit "$KSFT_SKIP"
	}
	# Under PREEMPT_RT the spinner starves CPU 1's softirq and RCU
	# threads too: rcu_preempt stalls, and the submission itself waits
	# for the per-CPU bottom-half lock the starved cryptd worker holds
	# (make check-next on Debian 12's 6.1 rt): the queue this case
	# builds cannot be built there. 6.1 and 6.12 have it.
	if uname -v | grep -q PREEMPT_RT; then
		echo "PREEMPT_RT: a spinner on CPU 1 starves its softirq and RCU threads, not just a queue's worker"
		exit "$KSFT_SKIP"
	fi
	# Just before: an instance registered since may have replaced it.
	gu_registered "$1"
	driver=$registered
	engine=
	if ! gu_has_cryptd; then
		engine=$(gu_engine)
		[ -n "$engine" ] || fail "no crypto engine thread of virtio_crypto"
		taskset -pc 1 "$engine" >/dev/null ||
			fail "cannot move the engine thread to CPU 1"
		trap 'gu_engine_back' EXIT
	fi
	kaesbench run -d "$driver" --cpus 1 --depth 64 -b 65536 -t 30000 \
		-r 1 -w 0 --no-verify >/tmp/queue.out 2>&1 &
	pid=$!
	i=0
	until gu_on_cpu1; do
		i=$((i + 1))
		[ $i -gt $((300 * KTAP_SLOWDOWN)) ] || gu_gone "$pid" ||
			{ sleep 0.1; continue; }
		cat /tmp/queue.out
		fail "no thread of the run on CPU 1"
	done
	# Above the spinner: it submits, and waits for what it submitted.
	chrt -f -p 60 "$(gu_thread kaesbench/cpu1)" ||
		fail "cannot make the run's thread real-time"
	sleep 1
	starve_cpu1
	trap 'feed_cpu1; gu_engine_back' EXIT
	start=$(now_cs)
	if [ "$2" = yes ]; then
		sleep 1
		gu_rmmod_in_use "requests queued"
	fi
	until_within 20 "the run's end" gu_gone "$pid"
	wait "$pid"
	rc=$?
	took=$(($(now_cs) - start))
	cat /tmp/queue.out
	echo "exit $rc after $((took / 100)) s"
	[ "$rc" -eq 1 ] || fail "exit status $rc, expected 1"
	grep -q "did not complete within 10000 ms" /tmp/queue.out ||
		fail "no timeout message"
	gu_pinned "$driver"
	gu_no_reports
	feed_cpu1
	gu_engine_back
	gu_queue_works
	sleep 1
	gu_no_reports
}

# given_up_in_template SPEC: 64 requests of 64 KiB to a template instance
# over the faulty driver, which holds them ("never"): rmmod is refused
# while they wait, the run ends with the timeout, kaesbench is pinned, and
# the instance only is given up (the faulty driver's copy under it is not:
# kaesbench knows what it asked for). Leaving "never", the driver
# completes them, and the template's own completion (authenc's HMAC,
# echainiv's copy of the callback) runs then, into memory kaesbench left
# to it: no kernel report, and the driver under it works again.
given_up_in_template() {
	gu_setup
	gu_registered "$1"
	driver=$registered
	held=$(gu_count held)
	gu_set_fault never
	trap 'gu_set_fault none' EXIT
	start=$(now_cs)
	kaesbench run -d "$driver" --depth 64 -b 65536 -t 30000 -r 1 -w 0 \
		--no-verify >/tmp/template.out 2>&1 &
	pid=$!
	sleep 1
	gu_rmmod_in_use "requests held"
	gu_waited "$pid" /tmp/template.out
	given_up_run
	gu_pinned "$driver"
	gu_set_fault none
	until_within 5 "the held requests completing" gu_none_held
	kaesbench verify -d "$GU_FAULTY" --cases 4 >/tmp/template.out 2>&1 ||
		fail "$GU_FAULTY does not verify again: $(cat /tmp/template.out)"
	sleep 1
	gu_no_reports
}

# shellcheck disable=SC2046 # one driver name a line, without blanks
set -- $(gu_queue_drivers)
ktap_test "$1 queued, its worker starved: given up, pinned; completed safely later" \
	given_up_in_queue "$1" no
shift
for driver; do
	case $driver in
	*"$GU_FAULTY"*)
		ktap_test "$driver held by the driver under it, rmmod refused meanwhile: given up, pinned; completed safely later" \
			given_up_in_template "$driver"
		;;
	*)
		ktap_test "$driver queued, rmmod refused meanwhile: given up, pinned; completed safely later" \
			given_up_in_queue "$driver" yes
		;;
	esac
done
