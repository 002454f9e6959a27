#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The progress line on a real pseudo-terminal, natively on this host: the
# OpenSSL path measures without the module or AF_ALG. Under script(1)
# standard error is a terminal: a carriage-return line per sample must
# appear there, and be erased before the table is printed; with standard
# error redirected to a file, or with --quiet, no progress byte may be
# written. Ends with "progress: N passed, N failed". Needs user/kaesbench
# built, script(1) (util-linux) and libcrypto.so.3.

set -u

top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/packaging/lib.sh"
kb=$top/user/kaesbench
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# Small and quick: two sizes, three samples of 20 ms. A shell's command
# line, as script(1) runs it.
run="'$kb' run -a 'ctr(aes)' --paths openssl -b 16,4096 -t 20 -r 3 -w 0"
esc=$(printf '\033')
cr=$(printf '\r')
title="ctr(aes) encrypt, 128-bit key, kernel vs userspace: MB/s"
first="${cr}ctr(aes) OpenSSL AES-128-CTR 16 B, sample 1/3"

# on_pty COMMAND: COMMAND under a pseudo-terminal, all it wrote there in
# $dir/pty (script's own header and footer lines included).
on_pty() {
	script -qfec "$*" "$dir/pty" >/dev/null 2>&1 || {
		echo "the run failed: $*"
		return 1
	}
}

# has FILE TEXT: FILE holds TEXT, control characters and all.
has() {
	grep -qF -- "$2" "$1"
}

# expect FILE TEXT WHY: FILE holds TEXT, else say WHY and show FILE.
expect() {
	has "$1" "$2" && return
	echo "$3:"
	od -c "$1" | head -40
	return 1
}

# no_progress FILE: no byte of a progress line: no erase to the end of a
# line, no "sample N/N", no carriage return but before a newline.
no_progress() {
	if has "$1" "${esc}[K" || has "$1" "sample "; then
		echo "progress bytes in $1:"
		od -c "$1" | head -20
		return 1
	fi
	# A terminal ends its lines with \r\n.
	if sed "s/${cr}\$//" "$1" | grep -q "$cr"; then
		echo "a carriage return not ending a line in $1"
		return 1
	fi
}

# With only standard error on the terminal: the lines, and the last one
# erased; standard output holds the table and nothing of the line.
line_on_stderr() {
	on_pty "$run >$dir/out" &&
		expect "$dir/pty" "$first" \
			"no carriage-return line for the first sample" &&
		expect "$dir/pty" "${cr}ctr(aes) OpenSSL AES-128-CTR 4096 B, sample 3/3${esc}[K${cr}${esc}[K" \
			"the last sample's line is not erased" &&
		expect "$dir/out" "$title" "no table on standard output" &&
		no_progress "$dir/out"
}

# Standard output on the same terminal: the table starts where the line
# was erased, not after it.
erased_before_table() {
	on_pty "$run" &&
		expect "$dir/pty" "${cr}${esc}[K$title" \
			"the table does not follow the erased line"
}

# Standard error not a terminal, standard output one: nothing of the line.
nothing_to_a_file() {
	on_pty "$run 2>$dir/err" && no_progress "$dir/err" &&
		no_progress "$dir/pty" &&
		expect "$dir/pty" "$title" "no table on the terminal"
}

# --quiet: nothing of the line, though standard error is a terminal.
quiet_says_nothing() {
	on_pty "$run --quiet" && no_progress "$dir/pty" &&
		expect "$dir/pty" "$title" "no table on the terminal"
}

if ! command -v script >/dev/null 2>&1; then
	echo "ok - the progress line on a terminal # SKIP: no script(1)"
elif ! sh -c "$run --quiet" >"$dir/probe" 2>&1 ||
	grep -q '^OpenSSL: n/a' "$dir/probe"; then
	echo "ok - the progress line on a terminal # SKIP: OpenSSL cannot measure here"
	sed 's/^/# /' "$dir/probe"
else
	check "standard error a terminal: a line per sample, the last erased" \
		line_on_stderr
	check "standard output the same terminal: the line erased before the table" \
		erased_before_table
	check "standard error a file: no progress byte" nothing_to_a_file
	check "--quiet: no progress byte on a terminal" quiet_says_nothing
fi

checks_done progress
