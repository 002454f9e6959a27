#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# kaesbench report, end to end on the build host: saved runs of several
# kernels, machines and dates (the VM sweeps of .cache/logs when make check
# left them there, else the copies in tests/report/data; a real 6.12 run of
# 2026-11-30; a run whose verification failed; an OpenSSL run made here and
# now) into one HTML page, rendered by a real headless browser (Debian's
# chromium): its DOM must have a column per run, a plot per algorithm, the
# baseline named, the failed run marked and no NaN; the screenshot's path
# is printed ("# screenshot: PATH") for a person to look at. Then --csv,
# the path documents' examples (ipsec, ovpn, tls) in a page of their own,
# 64 files, and bad input: exit 2, the file named, no -o file. Ends with
# "report: N passed, N failed". Needs no root and no module.

set -u

top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/packaging/lib.sh"
tool=$top/user/kaesbench
data=$top/tests/report/data
logdir=${KAESBENCH_LOGS:-$top/.cache/logs}/report
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

[ -x "$tool" ] || {
	echo "report: build the tool first (make tool)" >&2
	exit 1
}
command -v chromium >/dev/null || {
	echo "report: chromium missing: scripts/deps.sh check (apt-get install chromium fonts-dejavu-core)" >&2
	exit 1
}
mkdir -p "$logdir"

# The runs, in column order: VM sweeps, the real 6.12 run, the failed
# verification, this host's OpenSSL run; named from the top of the tree,
# as the page labels its columns with the names given.
cd "$top" || exit 1
set --
# An empty one is a series whose suite failed before writing it (its VM
# stage says so): not the report's to fail again.
for f in .cache/logs/*/sweep.json; do
	[ -s "$f" ] && set -- "$@" "$f"
done
[ $# -ge 3 ] || set -- tests/report/data/sweep-*.json
set -- "$@" tests/unit/data/run-6.12-cbc.json \
	tests/report/data/invalid-6.12.118+deb12-amd64.json "$tmp/host-openssl.json"
runs=$#
algorithms=5 # aes, cbc(aes), ctr(aes), xts(aes), gcm(aes)

# chromium with a profile of its own: nothing written under $HOME.
browse() {
	chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
		--user-data-dir="$tmp/profile" "$@" 2>"$tmp/chromium.log"
}

host_openssl_run() {
	"$tool" --paths openssl --json -o "$tmp/host-openssl.json" \
		-b 64,1024,16384 -t 20 -r 3 &&
		[ "$(grep -o '"state": *"ended"' "$tmp/host-openssl.json" | wc -l)" -eq 5 ]
}

report_html() {
	"$tool" report -o "$logdir/report.html" "$@" 2>"$tmp/err" || return 1
	[ ! -s "$tmp/err" ] || {
		cat "$tmp/err"
		return 1
	}
	grep -q '</html>' "$logdir/report.html"
}

dom() {
	browse --dump-dom "file://$logdir/report.html" >"$tmp/dom.html" &&
		grep -q '<svg' "$tmp/dom.html" || {
		cat "$tmp/chromium.log"
		return 1
	}
}

# The runs table's header: "#1 (baseline)" ... "#N", once each.
columns() {
	got=$(sed -n '/<table class="runs">/,/<\/thead>/p' "$tmp/dom.html" |
		grep -o '>#[0-9]*' | sort -u | wc -l)
	[ "$got" -eq "$runs" ] || {
		echo "$got run columns, not $runs"
		return 1
	}
	grep -q ">#$runs<br>" "$tmp/dom.html"
}

per_algorithm() {
	for what in '<svg' '<section>' '<h2>'; do
		n=$(grep -o "$what" "$tmp/dom.html" | wc -l)
		[ "$n" -eq "$algorithms" ] || {
			echo "$n $what, not $algorithms"
			return 1
		}
	done
	grep -q 'gcm(aes) encrypt, 128-bit key</h2>' "$tmp/dom.html"
}

baseline_named() {
	first=$(printf '%s\n' "$1" | sed 's/[.[\*^$]/\\&/g')
	grep -q "#1 (baseline)<br>" "$tmp/dom.html" &&
		grep -q "run #1 (<code>$first</code>, <code>--baseline 1</code>)" \
			"$tmp/dom.html"
}

# Self-contained: no script, stylesheet, image, frame or font to fetch
# (the SVG namespace is a name, not a fetch).
self_contained() {
	! grep -Eiq '<(script|link|img|iframe|object|embed)[ >]|src=|@import|url\(' \
		"$logdir/report.html" &&
		[ -z "$(grep -Eo 'https?://[^"]*' "$logdir/report.html" |
			grep -v '^http://www.w3.org/2000/svg$')" ]
}

# What the page shows as text: no figure may read NaN or inf.
no_nan() {
	sed 's/<[^>]*>/ /g' "$tmp/dom.html" >"$tmp/text"
	! grep -Eiw 'nan|inf|infinity|-nan' "$tmp/text" &&
		! grep -Eq '="[^"]*(nan|inf)[^"]*"' "$tmp/dom.html"
}

failure_marked() {
	grep -q 'cbc-aes-kaesbench-broken' "$tmp/dom.html" &&
		grep -q '<b>invalid</b> (status -74): case 81: encryption output differs from cbc(aes-generic) at byte 4096 of 58464, at depth 1' \
			"$tmp/dom.html" &&
		grep -q '<td class="num failed">invalid</td>' "$tmp/dom.html" &&
		grep -q '1, 1 did not end well' "$tmp/dom.html"
}

screenshot() {
	rm -f "$logdir/report.png"
	browse --screenshot="$logdir/report.png" --window-size=1400,3000 \
		"file://$logdir/report.html" >/dev/null &&
		[ "$(head -c 4 "$logdir/report.png" | od -An -c | tr -d ' ')" = '211PNG' ] || {
		cat "$tmp/chromium.log"
		return 1
	}
}

another_baseline() {
	"$tool" report --baseline 2 "$@" >"$tmp/b2.html" &&
		grep -q '#2 (baseline)<br>' "$tmp/b2.html" &&
		grep -q -- '--baseline 2</code>' "$tmp/b2.html"
}

# A row per algorithm, key, direction, path and size; a column of MB/s
# and one of ratios per run.
csv() {
	"$tool" report --csv "$@" >"$logdir/report.csv" || return 1
	cols=$(head -n 1 "$logdir/report.csv" | awk -F, '{ print NF }')
	[ "$cols" -eq $((5 + 2 * runs)) ] || {
		echo "$cols columns, not $((5 + 2 * runs))"
		return 1
	}
	grep -q '^cbc(aes),128,encrypt,kernel,4096,' "$logdir/report.csv" &&
		grep -q ',invalid,' "$logdir/report.csv" &&
		! grep -qi 'nan\|inf' "$logdir/report.csv"
}

# Path documents beside a run (tests/results/: ipsec's, ovpn's and
# kTLS's examples) in one page, rendered: a section of each kind, a chart
# per valid implementation (kTLS's two with their OpenSSL line), no NaN.
paths_page() {
	"$tool" report -o "$logdir/paths.html" tests/unit/data/run-6.12-cbc.json \
		tests/results/ipsec-example.json tests/results/ovpn-example.json \
		tests/results/tls-example.json 2>"$tmp/err" || {
		cat "$tmp/err"
		return 1
	}
	browse --dump-dom "file://$logdir/paths.html" >"$tmp/paths.html" || {
		cat "$tmp/chromium.log"
		return 1
	}
	for kind in ipsec ovpn tls; do
		grep -q "<section class=\"$kind\"><h2>" "$tmp/paths.html" ||
			{ echo "no $kind section"; return 1; }
	done
	n=$(grep -o '<svg' "$tmp/paths.html" | wc -l)
	[ "$n" -eq 5 ] || { echo "$n charts, not 5"; return 1; }
	[ "$(grep -o '<text[^>]*>alongside (OpenSSL)</text>' "$tmp/paths.html" | wc -l)" -eq 2 ] ||
		{ echo "kTLS's charts lack their OpenSSL line"; return 1; }
	sed 's/<[^>]*>/ /g' "$tmp/paths.html" >"$tmp/paths.txt"
	! grep -Eiw 'nan|inf|infinity|-nan' "$tmp/paths.txt" &&
		browse --screenshot="$logdir/paths.png" --window-size=1400,5000 \
			"file://$logdir/paths.html" >/dev/null
}

many_files() {
	set --
	i=0
	while [ $i -lt 64 ]; do
		set -- "$@" "$top/tests/unit/data/run-6.12-cbc.json"
		i=$((i + 1))
	done
	"$tool" report --baseline 64 "$@" >"$tmp/many.html" &&
		grep -q '#64 (baseline)' "$tmp/many.html"
}

# bad MESSAGE FILE: exit 2, MESSAGE and FILE said, no -o file at all.
bad() {
	rm -rf "$tmp/o"
	mkdir "$tmp/o"
	"$tool" report -o "$tmp/o/report.html" "$data/sweep-6.1.0-57-amd64.json" \
		"$2" >"$tmp/stdout" 2>"$tmp/err"
	rc=$?
	cat "$tmp/err"
	[ $rc -eq 2 ] && grep -qF "$1" "$tmp/err" &&
		grep -qF "$(basename "$2")" "$tmp/err" &&
		[ -z "$(ls -A "$tmp/o")" ] && [ ! -s "$tmp/stdout" ]
}

# usage MESSAGE ARG...: exit 2, MESSAGE and the usage, nothing on stdout.
usage() {
	msg=$1
	shift
	"$tool" report "$@" >"$tmp/stdout" 2>"$tmp/err"
	rc=$?
	cat "$tmp/err"
	[ $rc -eq 2 ] && grep -qF "$msg" "$tmp/err" &&
		grep -q 'Usage: kaesbench report' "$tmp/err" && [ ! -s "$tmp/stdout" ]
}

check "an OpenSSL run on this host (--paths openssl --json)" host_openssl_run
check "$runs runs into one page" report_html "$@"
check "chromium renders it (--dump-dom)" dom
check "a column per run ($runs)" columns
check "a plot, a section and a heading per algorithm" per_algorithm
check "the baseline named" baseline_named "$1"
check "no NaN nor inf" no_nan
check "self-contained: nothing to fetch" self_contained
check "the failed verification marked, its message shown" failure_marked
check "a screenshot" screenshot
echo "# screenshot: $logdir/report.png"
echo "# page: $logdir/report.html"
check "--baseline 2" another_baseline "$@"
check "--csv" csv "$@"
check "path documents (ipsec, ovpn, tls) in one page, rendered" paths_page
echo "# paths page: $logdir/paths.html"
check "64 files" many_files
check "an unreadable file: exit 2, named, nothing written" \
	bad "cannot read" "$tmp/no-such-run.json"
check "a JSON that is no kaesbench run: exit 2, named, nothing written" \
	bad "not a kaesbench run document" "$top/tests/unit/data/bad-foreign.json"
check "a newer schema_version: exit 2, named, nothing written" \
	bad "schema_version 2 is not supported" "$top/tests/unit/data/bad-schema.json"
check "no files: usage, exit 2" usage "give one saved run or more"
check "an unknown option: usage, exit 2" usage "unknown option --bogus" \
	--bogus "$1"
check "a bad --baseline: usage, exit 2" usage "is not a file's number, 1 to 1" \
	--baseline 2 "$1"

checks_done "report"
