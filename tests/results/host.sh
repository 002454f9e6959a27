#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The results formats on this machine, without the module: the OpenSSL
# path runs anywhere, and the kernel and AF_ALG paths give rows that say
# why they are missing. JSON documents are validated against
# Documentation/kaesbench-results.schema.json; a document broken on purpose
# must be refused, so that a validator that accepts anything fails here.
# Ends with "results: N passed, N failed" (a make check stage).
#
# usage: tests/results/host.sh   (after make tool)

set -u

top=$(cd "$(dirname "$0")/../.." && pwd)
kb=$top/user/kaesbench
validate="${PYTHON:-/usr/bin/python3} $top/tests/results/validate.py"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fast="-t 10 -r 2 -w 0"
passed=0
failed=0

# check DESCRIPTION COMMAND...: COMMAND's output shown only on failure.
check() {
	desc=$1
	shift
	if ("$@") >"$tmp/log" 2>&1; then
		passed=$((passed + 1))
		echo "ok - $desc"
	else
		failed=$((failed + 1))
		echo "not ok - $desc"
		sed 's/^/# /' "$tmp/log"
	fi
}

run_json_valid() {
	# shellcheck disable=SC2086 # $fast is a word list
	"$kb" run -a 'cbc(aes)' --paths openssl -b 16,1024 $fast --json \
		>"$tmp/run.json" || return 1
	$validate "$tmp/run.json" || return 1
	jq -e '.runs[0].state == "ended" and (.runs[0].samples | length) == 4 and
		.environment.kernel.release != null' "$tmp/run.json"
}

# Without the module and AF_ALG (as on a build host), those rows say why.
sweep_json_valid() {
	# shellcheck disable=SC2086
	"$kb" -b 16,1420 -t 5 -r 1 -w 0 --json >"$tmp/sweep.json" || return 1
	$validate "$tmp/sweep.json" || return 1
	jq -e '[.runs[] | select(.path == "openssl")] | length == 5' \
		"$tmp/sweep.json" || return 1
	jq -e '[.runs[] | select(.state == "unavailable") | .message] |
		all(type == "string")' "$tmp/sweep.json"
}

broken_refused() {
	jq '.schema_version = 2' "$tmp/run.json" >"$tmp/bad1.json"
	jq 'del(.environment.cpu)' "$tmp/run.json" >"$tmp/bad2.json"
	jq 'del(.runs[0].samples[0].wall_ns)' "$tmp/run.json" >"$tmp/bad3.json"
	jq '.runs[0].state = "fine"' "$tmp/run.json" >"$tmp/bad4.json"
	# Additional members are allowed: the lead's samples grow.
	jq '.runs[0].samples[0].cpu = 1' "$tmp/run.json" >"$tmp/more.json"
	$validate "$tmp/more.json" || return 1
	for n in 1 2 3 4; do
		if $validate "$tmp/bad$n.json"; then
			echo "bad$n.json was accepted"
			return 1
		fi
	done
}

formats_exclusive() {
	out=$("$kb" run -a 'cbc(aes)' --paths openssl --csv --json 2>&1)
	[ $? -eq 2 ] || return 1
	echo "$out" | grep -q 'exclude each other'
}

# A run this long would outlast the stage: refused before it starts.
unwritable_output() {
	out=$(timeout 20 "$kb" run -a 'cbc(aes)' --paths openssl -t 60000 \
		-r 1000 --json -o /nonexistent/dir/results.json 2>&1)
	rc=$?
	echo "$out"
	[ $rc -eq 2 ] && echo "$out" | grep -q 'cannot write there'
}

output_file() {
	# shellcheck disable=SC2086
	"$kb" run -a 'cbc(aes)' --paths openssl -b 16 $fast --mr \
		-o "$tmp/out.mr" >"$tmp/stdout" 2>"$tmp/stderr" || return 1
	[ ! -s "$tmp/stdout" ] || return 1
	cat "$tmp/out.mr"
	grep -q '^+H:16$' "$tmp/out.mr" &&
		grep -q '^+F:0:openssl AES-128-CBC:[0-9]*\.[0-9][0-9]$' \
			"$tmp/out.mr" &&
		grep -q '^+R:[0-9]*:openssl AES-128-CBC:' "$tmp/stderr"
}

# No kaesbench module here: the run fails after -o was accepted, and the
# file it would have replaced is as it was, with no temporary file left.
failed_run_keeps_output() {
	mkdir "$tmp/keep" && echo '{"kept": true}' >"$tmp/keep/keep.json" ||
		return 1
	"$kb" run -d cbc-aes-aesni -o "$tmp/keep/keep.json"
	rc=$?
	[ $rc -eq 1 ] || { echo "exit $rc, expected 1"; return 1; }
	[ "$(cat "$tmp/keep/keep.json")" = '{"kept": true}' ] ||
		{ echo "keep.json changed"; return 1; }
	[ "$(ls -A "$tmp/keep")" = keep.json ] ||
		{ ls -A "$tmp/keep"; return 1; }
	# A run that succeeds replaces it, with its mode.
	chmod 640 "$tmp/keep/keep.json"
	# shellcheck disable=SC2086
	"$kb" run -a 'cbc(aes)' --paths openssl -b 16 $fast --json \
		-o "$tmp/keep/keep.json" || return 1
	jq -e '.runs[0].path == "openssl"' "$tmp/keep/keep.json" >/dev/null &&
		[ "$(stat -c %a "$tmp/keep/keep.json")" = 640 ] &&
		[ "$(ls -A "$tmp/keep")" = keep.json ]
}

check "run --paths openssl --json is valid against the schema" run_json_valid
check "sweep --json without module nor AF_ALG is valid, missing rows say why" \
	sweep_json_valid
check "the schema refuses broken documents, accepts added members" \
	broken_refused
check "--csv with --json is a usage error" formats_exclusive
check "-o to an unwritable path: exit 2 before measuring" unwritable_output
check "-o FILE holds the --mr lines, standard output nothing" output_file
check "-o FILE: a run that fails leaves an existing FILE as it was" \
	failed_run_keeps_output
echo "results: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
