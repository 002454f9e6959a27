# SPDX-License-Identifier: GPL-2.0
# Requests kaesbench gives up: one not completed within
# KAESBENCH_REQUEST_TIMEOUT_MS, one still in flight 1 s after a stop, and a
# synchronous call that does not return. The driver may still use what it
# was given, so kaesbench never writes to such a request again: it
# completes, whenever it does, through crypto_req_done() into memory
# kaesbench leaves to it. And kaesbench pins itself until reboot: it says
# so (dmesg, and a note in every later run), rmmod fails, runs against that
# driver are refused, other drivers keep working.
#
# Last but the debug kernel's checks: nothing unloads kaesbench from here
# on. Each test gives its requests up to a driver of its own (copies of the
# faulty driver, template instances), since that driver is refused after:
# seven of them, and the last test the eighth, KAESBENCH_MAX_GIVEN_UP,
# after which every run is refused. The queue tests starve a worker that
# holds requests on CPU 1 with a real-time spinner, as a loaded machine
# may: cryptd's, or on kernels without cryptd (7.x) the crypto engine
# thread of virtio_crypto, pinned there for the test. There the templates
# that copy the completion callback (authenc, echainiv) are tested over
# the faulty driver, which holds their requests: 7.x's virtio_crypto
# completes them from a BH workqueue on another CPU, not from the engine
# thread, so starving that does not hold them.

GIVEN_UP="never completed: kaesbench stays loaded until reboot"
KERNEL_REPORTS='Oops|BUG:|WARNING:|Call Trace|hard LOCKUP|soft lockup|rcu.*stall'
GU_FAULTY_PARAMS=/sys/module/kaesbench_faulty/parameters
# One copy of the faulty driver per test that gives requests up to it.
GU_FAULTY=kaesbench_faulty_cbc_aes
GU_NEVER_RUN=${GU_FAULTY}_2
GU_NEVER_VERIFY=${GU_FAULTY}_3
GU_CTRL_C=${GU_FAULTY}_4
GU_WEDGE=${GU_FAULTY}_5
GU_EIGHTH=${GU_FAULTY}_6

gu_set_fault() {
	echo "$1" >"$GU_FAULTY_PARAMS/fault" || fail "cannot set fault $1"
}

gu_count() {
	cat "$GU_FAULTY_PARAMS/$1"
}

# Kernel reports from the mark on.
gu_mark() {
	dmesg | wc -l >/tmp/given-up.mark
}

gu_no_reports() {
	reports=$(dmesg | tail -n +"$(($(cat /tmp/given-up.mark) + 1))" |
		grep -E "$KERNEL_REPORTS")
	[ -z "$reports" ] || fail "kernel reports:
$reports"
}

gu_logged() {
	dmesg | grep -qF "$1"
}

# Exited, not yet reaped: a zombie (Z) still answers kill -0.
gu_gone() {
	state=$(awk '{ print $3 }' "/proc/$1/stat" 2>/dev/null)
	[ -z "$state" ] || [ "$state" = Z ]
}

# gu_thread NAME: the pid of the kernel thread of that name, if any.
gu_thread() {
	grep -lx "$1" /proc/[0-9]*/comm 2>/dev/null | head -n 1 | cut -d / -f 3
}

gu_threads() {
	cat /proc/[0-9]*/comm 2>/dev/null | grep '^kaesbench/'
}

gu_no_threads() {
	[ -z "$(gu_threads)" ]
}

gu_none_held() {
	[ "$(gu_count held)" -eq 0 ]
}

gu_some_wedged() {
	[ "$(gu_count wedged)" -gt 0 ]
}

gu_on_cpu1() {
	[ -n "$(gu_thread kaesbench/cpu1)" ]
}

# The status the tool exits with when the kernel refuses a run.
gu_refusal_status() {
	kaesbench run -d no-such-aes -b 16 >/dev/null 2>&1
	echo $?
}

# gu_refused DRIVER: a run and a verification of DRIVER are refused, as
# any request the kernel refuses, with the reason.
gu_refused() {
	want=$(gu_refusal_status)
	out=$(kaesbench run -d "$1" -b 16 -t 10 -r 1 -w 0 2>&1)
	rc=$?
	echo "run: exit $rc: $out"
	[ "$rc" -eq "$want" ] || fail "run: exit $rc, a refusal is $want"
	echo "$out" | grep -qF "a request to $1 $GIVEN_UP" ||
		fail "the run is not refused with the reason"
	out=$(kaesbench verify -d "$1" --cases 4 2>&1)
	rc=$?
	echo "verify: exit $rc: $(echo "$out" | grep -F "$GIVEN_UP")"
	[ "$rc" -ne 0 ] || fail "the verification was not refused"
	echo "$out" | grep -qF "a request to $1 $GIVEN_UP" ||
		fail "the verification is not refused with the reason"
}

# gu_rmmod_in_use WHY: rmmod kaesbench is refused, "in use", while WHY.
gu_rmmod_in_use() {
	out=$(rmmod kaesbench 2>&1) && fail "rmmod worked with $1"
	echo "rmmod, $1: $out"
	echo "$out" | grep -q "in use" || fail "rmmod does not say in use"
}

# gu_waited PID FILE: the run PID ended; sets rc, took (since $start, in
# centiseconds) and out (FILE, what it printed).
gu_waited() {
	wait "$1"
	rc=$?
	took=$(($(now_cs) - start))
	out=$(cat "$2")
}

# gu_pinned DRIVER [WHAT]: kaesbench logged that it gave WHAT ("a
# request", "a verification request", "a synchronous call") to DRIVER up; it stays loaded,
# refuses DRIVER, lists it as given up, and still runs the software
# cipher ($SOFT_AES: aes-generic, aes-lib on 7.x), with a note.
gu_pinned() {
	line="kaesbench: ${2:-a request} to $1 $GIVEN_UP"
	# Written as the job ends, maybe after the tool has its answer.
	until_within 5 "'$line' in the kernel log" gu_logged "$line"
	dmesg | grep -F "$line"
	out=$(rmmod kaesbench 2>&1) && fail "rmmod kaesbench worked"
	echo "$out"
	echo "$out" | grep -q "in use" || fail "rmmod does not say in use"
	grep -q '^kaesbench ' /proc/modules || fail "kaesbench unloaded"
	gu_refused "$1"
	listed=$(kaesbench list | grep -F " $1 ")
	echo "listed: $listed"
	echo "$listed" | grep -q 'given-up' || fail "not listed as given up"
	kaesbench run -d "$SOFT_AES" -b 16 -t 10 -r 1 -w 0 >/tmp/given-up.out 2>&1 ||
		fail "$SOFT_AES does not run: $(cat /tmp/given-up.out)"
	grep "^kaesbench: note: .*$GIVEN_UP" /tmp/given-up.out ||
		fail "the run of $SOFT_AES has no note"
}

# gu_has_cryptd: the kernel has the cryptd template, built in or a module.
gu_has_cryptd() {
	modinfo cryptd >/dev/null 2>&1
}

# The crypto engine thread that queues virtio_crypto's requests (FIFO 50).
gu_engine() {
	gu_thread "$(basename /sys/bus/virtio/drivers/virtio_crypto/virtio*)-engine"
}

# gu_driver_of SPEC: the driver a template instance named by SPEC
# registered; SPEC names its inner parts by driver, but hmac(sha256),
# which the kernel picks: hmac(sha256-generic), or 7.x's hmac-sha256-lib.
gu_driver_of() {
	# A basic regular expression: parentheses are themselves in it.
	pattern=$(echo "$1" | sed 's/hmac(sha256)/hmac[-(]sha256[^,()]*)\\{0,1\\}/g')
	sed -n "s/^driver *: \($pattern\)\$/\1/p" /proc/crypto | head -n 1
}

# gu_registered SPEC: sets registered to the driver of SPEC's instance
# (the tool runs --cpus of registered implementations only), registering
# it first, by a verification of it, where there is none. One already
# there is used as it is: asked for by a name that is not its own (sha256,
# not the driver the kernel picked), the crypto API would build it again,
# and refuse the twin (EEXIST). So an IV generator is asked for over the
# driver of what it wraps.
gu_registered() {
	registered=$(gu_driver_of "$1")
	[ -n "$registered" ] && return
	case $1 in
	seqiv\(* | echainiv\(*)
		inner=${1#*(}
		gu_registered "${inner%)}"
		ask="${1%%(*}($registered)"
		;;
	*) ask=$1 ;;
	esac
	# Named by algorithm inside (hmac(sha256)), it is refused, as built
	# twice (EEXIST; 6.12, 7.x) or as not found under the name asked for
	# (ENOENT; 6.1), and registered all the same under its drivers' names.
	kaesbench verify -d "$ask" --cases 8 >/tmp/given-up.out 2>&1
	registered=$(gu_driver_of "$1")
	[ -n "$registered" ] ||
		fail "no driver of $1 registered (asked for $ask): $(cat /tmp/given-up.out)"
	# Its self-tests may still run when the twin is refused: a use by
	# its own name waits for them, as any user's would (a fault set
	# meanwhile would fail them).
	kaesbench verify -d "$registered" --cases 8 >/tmp/given-up.out 2>&1 ||
		fail "verification of $registered failed: $(cat /tmp/given-up.out)"
	echo "instantiated $registered"
}

# Each test starts with kaesbench loaded: one that let rmmod unload it
# must not fail the next ones too.
gu_loaded() {
	grep -q '^kaesbench ' /proc/modules ||
		insmod /opt/kaesbench/kaesbench.ko || fail "insmod kaesbench failed"
}

given_up_setup() {
	gu_loaded
	if grep -q '^kaesbench_faulty ' /proc/modules; then
		unload kaesbench_faulty || fail "kaesbench_faulty stays loaded"
	fi
	insmod /opt/kaesbench/kaesbench_faulty.ko drivers=6 ||
		fail "insmod kaesbench_faulty drivers=6 failed"
	grep '^driver *: kaesbench_faulty' /proc/crypto
	[ "$(grep -c '^driver *: kaesbench_faulty' /proc/crypto)" -eq 6 ] ||
		fail "not 6 copies of the faulty driver"
	# The probe of CPU 1's cryptd queue, first: an instance registered
	# later may take the place of those built on what it replaces. A
	# kernel without cryptd (7.2: CONFIG_CRYPTO_CRYPTD is not set) has no
	# cryptd queue: its queue tests use virtio_crypto's engine.
	if gu_has_cryptd; then
		gu_registered "cryptd(ctr($SOFT_AES))"
	else
		echo "$(uname -r) has no cryptd: the queue tests use $(gu_engine) on CPU 1"
	fi
	gu_mark
}

# given_up_run NOTE: the command that just ended ($rc, $out, $took, $held
# before it) ended with the timeout, within its bound; the driver still
# holds the request.
given_up_run() {
	echo "$out" | grep -E 'kaesbench:|FAIL|case'
	echo "exit $rc after $((took / 100)) s; requests held: $(gu_count held)"
	[ "$rc" -eq 1 ] || fail "exit status $rc, expected 1"
	echo "$out" | grep -q "did not complete within 10000 ms" ||
		fail "no timeout message"
	[ "$took" -le $((3000 * KTAP_SLOWDOWN)) ] || fail "more than 30 s"
	[ "$(gu_count held)" -gt "$held" ] || fail "the driver holds nothing"
}

# Switched on during a sample: every slot ends up held, the oldest waited for.
never_run() {
	gu_loaded
	held=$(gu_count held)
	gu_set_fault none
	kaesbench run -d "$GU_NEVER_RUN" -b 4096 -t 30000 -r 1 -w 0 --depth 4 \
		--no-verify >/tmp/faulty.out 2>&1 &
	pid=$!
	sleep 1
	gu_set_fault never
	start=$(now_cs)
	gu_waited "$pid" /tmp/faulty.out
	given_up_run
	gu_pinned "$GU_NEVER_RUN"
}

never_verify() {
	gu_loaded
	held=$(gu_count held)
	gu_set_fault never
	start=$(now_cs)
	out=$(kaesbench verify -d "$GU_NEVER_VERIFY" --cases 4 2>&1)
	rc=$?
	took=$(($(now_cs) - start))
	given_up_run
	gu_pinned "$GU_NEVER_VERIFY" "a verification request"
}

# The driver completes what it held into the memory kaesbench left it,
# transforms included, while rmmod is refused: no use after free, and no
# call into kaesbench's code, which crypto_req_done() does not need.
never_released() {
	gu_loaded
	[ "$(gu_count held)" -gt 0 ] || fail "the driver holds nothing"
	out=$(rmmod kaesbench 2>&1) && fail "rmmod worked with requests held"
	echo "$out"
	gu_set_fault none
	until_within 5 "the held requests completing" gu_none_held
	held=$(gu_count held)
	echo "held after leaving never: $held"
	kaesbench run -d "$GU_FAULTY" --depth 8 -b 64,4096 -t 20 -r 2 -w 0 \
		--json >/tmp/faulty.json 2>/tmp/faulty.err ||
		fail "the next run failed: $(cat /tmp/faulty.err)"
	jq -e '.runs[0] | .state == "ended" and .status == 0 and
		(.samples | length == 4)' /tmp/faulty.json >/dev/null ||
		fail "no figures from the next run"
	gu_no_reports
}

# The requests of a run stopped while a slow engine holds 64 of 64 KiB
# each are given up 1 s after the stop, not after the 10 s timeout: the
# tool does not wait for them, the job ends, the next run starts, and they
# complete later, safely, into memory left to them and no larger than the
# run's.
ctrl_c_slow_engine() {
	gu_loaded
	echo 5000 >"$GU_FAULTY_PARAMS/delay_ms" || fail "cannot set delay_ms"
	gu_set_fault late
	before=$(awk '$1 == "MemAvailable:" { print $2 }' /proc/meminfo)
	kaesbench run -d "$GU_CTRL_C" --depth 64 -b 65536 -t 30000 -r 1 -w 0 \
		--no-verify >/tmp/ctrl-c.out 2>&1 &
	pid=$!
	# Every request in flight, none completed: the first completes 5 s
	# after its submission.
	sleep 2
	start=$(now_cs)
	kill -INT "$pid"
	until_within 3 "the tool exiting after Ctrl-C" gu_gone "$pid"
	wait "$pid"
	rc=$?
	echo "exit $rc after $(($(now_cs) - start))0 ms"
	cat /tmp/ctrl-c.out
	[ "$rc" -eq 130 ] || fail "exit status $rc, expected 130"
	until_within 5 "the job's threads ending" gu_no_threads
	echo "the job ended $(($(now_cs) - start))0 ms after Ctrl-C"
	kaesbench run -d "$SOFT_AES" -b 16 -t 10 -r 1 -w 0 >/dev/null 2>&1 ||
		fail "another run refused once the job ended"
	gu_pinned "$GU_CTRL_C"
	dmesg | grep -F "to $GU_CTRL_C never" | sed -n 's/.*(\([0-9]*\) bytes left.*/\1/p' >/tmp/ctrl-c.left
	echo "left to the driver: $(cat /tmp/ctrl-c.left) bytes"
	# The completions, 5 s after each submission.
	sleep 5
	gu_set_fault none
	gu_no_reports
	after=$(awk '$1 == "MemAvailable:" { print $2 }' /proc/meminfo)
	echo "MemAvailable: $before kB before, $after kB after"
	# 64 requests of 64 KiB and what they need besides, with room.
	[ $((before - after)) -le 16384 ] ||
		fail "more than 16 MiB left behind"
}

# genl_churn N: opens and closes N generic netlink sockets, one after the
# other (a family lookup and a list each), writing a line for each done.
genl_churn() {
	: >/tmp/churn.done
	i=0
	while [ $i -lt "$1" ]; do
		kaesbench-nlprobe -d 0 >/dev/null 2>&1
		echo $i >>/tmp/churn.done
		i=$((i + 1))
	done
}

churned() {
	[ "$(wc -l </tmp/churn.done)" -ge "$1" ]
}

# A driver call that does not return: the job's thread waits for its
# worker with bounded waits, gives the call up after 10 s, and nothing
# else of the machine waits for it: rmmod is refused at once, generic
# netlink sockets open and close. Switched off, the call returns and its
# thread exits. Each problem is noted, and the call let go, before the
# verdict: what blocks on the wedged call is part of the report.
wedged_call() {
	gu_loaded
	trap 'gu_set_fault none' EXIT
	problems=
	gu_set_fault none
	kaesbench run -d "$GU_WEDGE" -b 4096 -t 30000 -r 1 -w 0 --no-verify \
		>/tmp/wedge.out 2>&1 &
	pid=$!
	sleep 1
	gu_set_fault wedge
	until_within 5 "a call wedged" gu_some_wedged
	start=$(now_cs)
	gu_threads
	genl_churn 20 &
	churn=$!
	rmmod kaesbench >/tmp/wedge-rmmod.out 2>&1 &
	unload=$!
	sleep "$KTAP_SLOWDOWN"
	if ! gu_gone "$unload"; then
		problems="$problems; rmmod did not return within $KTAP_SLOWDOWN s"
	elif wait "$unload"; then
		problems="$problems; rmmod worked with a call wedged"
	fi
	cat /tmp/wedge-rmmod.out
	i=0
	until churned 20 || [ $i -gt $((100 * KTAP_SLOWDOWN)) ]; do
		i=$((i + 1))
		sleep 0.1
	done
	echo "$(wc -l </tmp/churn.done) of 20 generic netlink sockets opened and closed in $(($(now_cs) - start))0 ms"
	if churned 20; then
		wait "$churn"
	else
		problems="$problems; generic netlink sockets hang"
	fi
	i=0
	until gu_gone "$pid" || [ $i -gt $((200 * KTAP_SLOWDOWN)) ]; do
		i=$((i + 1))
		sleep 0.1
	done
	if gu_gone "$pid"; then
		wait "$pid"
		rc=$?
		echo "the run: exit $rc after $(($(now_cs) - start))0 ms, $(gu_count wedged) call wedged"
		cat /tmp/wedge.out
		[ "$rc" -eq 1 ] || problems="$problems; exit status $rc, expected 1"
		grep -qF "a synchronous call to $GU_WEDGE did not return within 10000 ms" \
			/tmp/wedge.out ||
			problems="$problems; no message about the synchronous call"
		[ "$(gu_count wedged)" -gt 0 ] ||
			problems="$problems; the call is not wedged any more"
	else
		problems="$problems; the run did not end within 20 s of the wedged call"
	fi
	if [ -n "$problems" ]; then
		echo "threads: $(gu_threads | tr '\n' ' ')"
		gu_set_fault none
		sleep 2
		echo "after letting the call go: rmmod $(gu_gone "$unload" && echo returned || echo "still blocked"), $(wc -l </tmp/churn.done) of 20 sockets, threads: $(gu_threads | tr '\n' ' ')"
		fail "${problems#; }"
	fi
	gu_pinned "$GU_WEDGE" "a synchronous call"
	echo "threads, with the call still wedged: $(gu_threads | tr '\n' ' ')"
	gu_set_fault none
	until_within 5 "the wedged thread exiting" gu_no_threads
	gu_no_reports
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
	grep -q ' /sys/kernel/debug ' /proc/mounts ||
		mount -t debugfs debugfs /sys/kernel/debug
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
	gu_loaded
	[ "$(grep -c ^processor /proc/cpuinfo)" -ge 2 ] || {
		echo "needs 2 CPUs"
		exit "$KSFT_SKIP"
	}
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
	gu_loaded
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

ktap_test "given-up tests set up: kaesbench_faulty with 6 copies, a queue probe" \
	given_up_setup
ktap_test "fault never, during a run: given up after 10 s, kaesbench pinned" \
	never_run
ktap_test "fault never, verify: given up after 10 s, kaesbench pinned" \
	never_verify
ktap_test "rmmod refused with requests held; leaving never completes them" \
	never_released
ktap_test "Ctrl-C at depth 64 of 64 KiB on a slow engine: given up at the stop, not after 10 s; completed later, safely" \
	ctrl_c_slow_engine
ktap_test "a wedged driver call: given up after 10 s; rmmod refused and genl sockets work meanwhile" \
	wedged_call
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

# The eighth implementation with a request given up: from then on every
# run and verification is refused, on every implementation (the memory
# left to drivers stays bounded); listing still works.
eighth_given_up() {
	gu_loaded
	gu_set_fault never
	kaesbench verify -d "$GU_EIGHTH" --cases 1 >/dev/null 2>&1
	gu_set_fault none
	line="kaesbench: a verification request to $GU_EIGHTH $GIVEN_UP"
	until_within 5 "'$line' in the kernel log" gu_logged "$line"
	for driver in "$SOFT_AES" ${CPU_CBC}; do
		expect_failure 1 "no more runs until reboot" \
			kaesbench run -d "$driver" -b 16 -t 10 -r 1 -w 0 || return 1
	done
	expect_failure 1 "no more runs until reboot" \
		kaesbench verify -d "$SOFT_AES" --cases 1 || return 1
	kaesbench list >/tmp/given-up.out 2>&1 || fail "list does not work"
	grep "given-up" /tmp/given-up.out
	[ "$(grep -c "given-up" /tmp/given-up.out)" -ge 8 ] ||
		fail "not 8 listed as given up"
	gu_no_reports
}
ktap_test "the eighth implementation given up: no more runs nor verifications, listing works" \
	eighth_given_up
