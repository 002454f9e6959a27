# SPDX-License-Identifier: GPL-2.0
#
# What the given-up files (tests/98*-given-up-*.sh) share. Requests
# kaesbench gives up: one not completed within KAESBENCH_REQUEST_TIMEOUT_MS,
# one still in flight 1 s after a stop, and a synchronous call that does
# not return. The driver may still use what it was given, so kaesbench
# never writes to such a request again: it completes, whenever it does,
# through crypto_req_done() into memory kaesbench leaves to it. And
# kaesbench pins itself until reboot: it says so (dmesg, and a note in
# every later run), rmmod fails, runs against that driver are refused,
# other drivers keep working.
#
# Each scenario gives its requests up to a driver of its own (copies of
# the faulty driver, template instances), since that driver is refused
# after: seven of them in 98a to 98d, and 98e the eighth,
# KAESBENCH_MAX_GIVEN_UP, after which every run is refused. So the files
# are order=last (plan.sh): nothing unloads kaesbench after them.

# shellcheck disable=SC2034 # names for the given-up files
GIVEN_UP="never completed: kaesbench stays loaded until reboot"
KERNEL_REPORTS='Oops|BUG:|WARNING:|Call Trace|hard LOCKUP|soft lockup|rcu.*stall'
GU_FAULTY_PARAMS=/sys/module/kaesbench_faulty/parameters
# One copy of the faulty driver per test that gives requests up to it.
GU_FAULTY=kaesbench_faulty_cbc_aes
# Its first copy serves the template tests; 98e gives the others up where
# the files before it in the boot did not.
GU_COPIES=8
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

# gu_setup: what each given-up test starts from, whichever ran before it
# in this boot: kaesbench loaded (a test that let rmmod unload it must not
# fail the next ones too), kaesbench_faulty with $GU_COPIES copies, the
# probe of CPU 1's cryptd queue, and the mark the kernel reports are
# looked for from (the first setup of the boot).
gu_setup() {
	grep -q '^kaesbench ' /proc/modules ||
		insmod /opt/kaesbench/kaesbench.ko || fail "insmod kaesbench failed"
	if [ "$(grep -c '^driver *: kaesbench_faulty' /proc/crypto)" -ne $GU_COPIES ]; then
		if grep -q '^kaesbench_faulty ' /proc/modules; then
			unload kaesbench_faulty || fail "kaesbench_faulty stays loaded"
		fi
		insmod /opt/kaesbench/kaesbench_faulty.ko drivers=$GU_COPIES ||
			fail "insmod kaesbench_faulty drivers=$GU_COPIES failed"
		grep '^driver *: kaesbench_faulty' /proc/crypto
		[ "$(grep -c '^driver *: kaesbench_faulty' /proc/crypto)" -eq $GU_COPIES ] ||
			fail "not $GU_COPIES copies of the faulty driver"
	fi
	# The probe of CPU 1's cryptd queue, first: an instance registered
	# later may take the place of those built on what it replaces. A
	# kernel without cryptd (7.2: CONFIG_CRYPTO_CRYPTD is not set) has no
	# cryptd queue: its queue tests use virtio_crypto's engine.
	if gu_has_cryptd; then
		gu_registered "cryptd(ctr($SOFT_AES))"
	else
		echo "$(uname -r) has no cryptd: the queue tests use $(gu_engine) on CPU 1"
	fi
	[ -e /tmp/given-up.mark ] || gu_mark
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
