# SPDX-License-Identifier: GPL-2.0
# kaesbench-test: module=loaded check=latest,6.12,arm64-6.12
# The progress line under a real pseudo-terminal (util-linux's script):
# while a kernel run measures, one line on standard error, rewritten in
# place per sample ("\r" ... "\033[K"), with the time left once the pace
# is known, and erased before the table; nothing of it when standard
# error is not a terminal, or with --quiet.

PROGRESS_ERASE=$(printf '\033[K')
PROGRESS_CR=$(printf '\r')

# The guest's init mounts no devpts: script needs one for its terminal.
grep -q ' /dev/pts devpts ' /proc/mounts || {
	mkdir -p /dev/pts
	mount -t devpts -o ptmxmode=0666 devpts /dev/pts
	[ -e /dev/ptmx ] || ln -s pts/ptmx /dev/ptmx
}

# progress_pty COMMAND: COMMAND run under a pseudo-terminal; what the
# terminal got into /tmp/progress.pty (without the lines script adds
# around it), shown with \r as ^ and ESC as ~.
progress_pty() {
	script -qfec "$1" /tmp/progress.raw >/dev/null ||
		fail "'$1' failed under a pseudo-terminal"
	sed '/^Script started on /d; /^Script done on /d' /tmp/progress.raw \
		>/tmp/progress.pty
	tr '\r\033' '^~' </tmp/progress.pty | tail -c 600
	echo
}

progress_kernel_run() {
	progress_pty "kaesbench run -d ${CPU_CBC} -b 16,4096 -t 20 -r 3 -w 0 >/tmp/progress.out"
	grep -qF "${PROGRESS_CR}cbc(aes) ${CPU_CBC} 16 B, sample 1/3" \
		/tmp/progress.pty || fail "no line for the first sample"
	grep -qF "${PROGRESS_CR}cbc(aes) ${CPU_CBC} 4096 B, sample 3/3" \
		/tmp/progress.pty || fail "no line for the last sample"
	# The last thing the terminal got (but newlines): the line erased.
	case $(cat /tmp/progress.pty) in
	*"${PROGRESS_CR}${PROGRESS_ERASE}") ;;
	*) fail "the line is not erased at the end" ;;
	esac
	grep -q "^size (B)\|${CPU_CBC}" /tmp/progress.out || fail "no table"
	! grep -qF "$PROGRESS_ERASE" /tmp/progress.out ||
		fail "progress bytes among the table's"
}
ktap_test "progress: a kernel run's line per sample on a terminal, erased at the end" \
	progress_kernel_run

progress_time_left() {
	progress_pty "kaesbench --paths kernel -b 16 -t 10 -r 2 -w 0"
	grep -q ', about .* left' /tmp/progress.pty || fail "no time left"
	# Erased, then the table's title on a clean line.
	grep -qF "${PROGRESS_CR}${PROGRESS_ERASE}aes encrypt, 128-bit key" \
		/tmp/progress.pty || fail "the table does not follow the erase"
}
ktap_test "progress: the sweep says the time left, and each table starts on a clean line" \
	progress_time_left

progress_not_a_terminal() {
	progress_pty "kaesbench run -d ${CPU_CBC} -b 16 -t 10 -r 2 -w 0 2>/tmp/progress.err"
	! grep -qF "$PROGRESS_ERASE" /tmp/progress.err ||
		fail "progress bytes in a file"
	! grep -q 'sample ' /tmp/progress.err || fail "a progress line in a file"
	progress_pty "kaesbench run -d ${CPU_CBC} -b 16 -t 10 -r 2 -w 0 --quiet"
	! grep -qF "$PROGRESS_ERASE" /tmp/progress.pty ||
		fail "progress bytes with --quiet"
}
ktap_test "progress: nothing to a file, nothing with --quiet" \
	progress_not_a_terminal
