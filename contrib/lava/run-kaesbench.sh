#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# kaesbench on a LAVA device under test, from the kaesbench.yaml test
# definition (its params arrive as environment variables). Every step is a
# LAVA test case: installing what is missing, loading the module, listing,
# verifying each implementation (verify-DRIVER), and each figure of a
# bounded sweep (PATH_DRIVER_KEYBITS_SIZE, its MB/s as the measurement).
# A case that did not run to the end is never reported as passed: a
# failed step fails its case, and the steps after it report fail (or
# skip) with the reason on the console. POSIX sh, busybox included.
#
# Without LAVA (lava-test-case not on PATH) the cases are printed, which
# is how to try it on a machine first.

# shellcheck disable=SC2317 # the steps run through step()
set -u

MODULE=${MODULE:-kaesbench}
INSTALL=${INSTALL:-auto}
CASES=${CASES:-64}
SEED=${SEED:-}
SWEEP=${SWEEP:-true}
SIZES=${SIZES:-64,1024,16384}
TIME_MS=${TIME_MS:-50}
SAMPLES=${SAMPLES:-3}
PATHS=${PATHS:-kernel,afalg,openssl}

repo=$(cd "$(dirname "$0")/../.." && pwd)
out=$(mktemp -d "${TMPDIR:-/tmp}/kaesbench-lava.XXXXXX")
trap 'rm -rf "$out"' EXIT

# A LAVA test case name: letters, digits, '.', '_' and '-' only
# (cbc-aes-aesni, gcm_base_ctr_aes-generic__ghash-generic_).
case_name() {
	printf '%s' "$*" | tr -c 'A-Za-z0-9._-' '_'
}

# report NAME RESULT [MEASUREMENT UNITS]
# (POSIX sh has no local variables: each function's are its own names.)
report() {
	report_case=$(case_name "$1")
	if command -v lava-test-case >/dev/null; then
		if [ $# -ge 4 ]; then
			lava-test-case "$report_case" --result "$2" \
				--measurement "$3" --units "$4"
		else
			lava-test-case "$report_case" --result "$2"
		fi
	else
		echo "case: $report_case $2${3:+ $3 $4}"
	fi
}

# step NAME COMMAND...: COMMAND's output on the console, its exit status
# the case's result. COMMAND may report cases of its own.
step() {
	step_case=$1
	shift
	echo "+ $*"
	if "$@"; then
		report "$step_case" pass
	else
		echo "kaesbench-lava: $step_case failed (exit $?)"
		report "$step_case" fail
		return 1
	fi
}

install_deps() {
	command -v apt-get >/dev/null || {
		echo "kaesbench-lava: no apt-get to install the build's" \
			"dependencies with; install kaesbench on the image"
		return 1
	}
	DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
		make gcc pkg-config dkms "linux-headers-$(uname -r)" \
		libmnl-dev libjson-c-dev libkcapi-dev libssl-dev
}

install_tool() {
	install_deps && make -C "$repo" -s tool && make -C "$repo" -s install-tool
}

# dkms builds the module for the running kernel, whatever kernel the
# image was made for.
install_module() {
	version=$(sed -n 's/^#define KAESBENCH_VERSION "\(.*\)"$/\1/p' \
		"$repo/include/kaesbench_version.h")
	install_deps && make -C "$repo" -s dkms-source &&
		{ dkms add "kaesbench/$version" || true; } &&
		dkms install "kaesbench/$version"
}

have_tool() {
	command -v kaesbench >/dev/null
}

# Is there a kaesbench module for the running kernel (or one to insmod)?
have_module() {
	case $MODULE in
	*/*) return 0 ;;
	esac
	modinfo kaesbench >/dev/null 2>&1 || [ -d /sys/module/kaesbench ]
}

# ensure CASE HAVE INSTALL WHAT: CASE skipped where HAVE finds it there,
# else installed by INSTALL (INSTALL=auto), else failed, saying WHAT.
ensure() {
	if "$2"; then
		report "$1" skip
	elif [ "$INSTALL" = auto ]; then
		step "$1" "$3"
	else
		echo "kaesbench-lava: $4 (INSTALL=$INSTALL)"
		report "$1" fail
		return 1
	fi
}

install_missing() {
	ensure install-tool have_tool install_tool \
		"kaesbench is not installed" &&
		ensure install-module have_module install_module \
			"no kaesbench module for $(uname -r)"
}

load_module() {
	[ -d /sys/module/kaesbench ] && return 0
	case $MODULE in
	*/*) insmod "$MODULE" ;;
	*) modprobe "$MODULE" ;;
	esac
}

list() {
	kaesbench list || return 1
	n=$(kaesbench list --dump | grep -c .)
	echo "kaesbench-lava: $n implementations"
	report implementations pass "$n" implementations
}

# verify-DRIVER per implementation: PASS, FAIL, SKIP (no reference) and
# STOP (interrupted: fail) lines of kaesbench verify.
verify() {
	kaesbench verify --cases "$CASES" ${SEED:+--seed "$SEED"} \
		>"$out/verify" 2>&1
	rc=$?
	cat "$out/verify"
	awk '$1 ~ /^(PASS|FAIL|SKIP|STOP)$/ { print $1, $2 }' "$out/verify" |
		while read -r verdict driver; do
			case $verdict in
			PASS) report "verify-$driver" pass ;;
			SKIP) report "verify-$driver" skip ;;
			*) report "verify-$driver" fail ;;
			esac
		done
	return "$rc"
}

# The sweep's CSV (RFC 4180 quoting) as tab-separated
# "path driver key_bits size state mbps" lines.
csv_fields() {
	awk '
	function field(    f, q) {
		f = ""
		if (substr(line, 1, 1) == "\"") {
			line = substr(line, 2)
			while ((q = index(line, "\"")) > 0) {
				if (substr(line, q + 1, 1) == "\"") {
					f = f substr(line, 1, q)
					line = substr(line, q + 2)
				} else {
					f = f substr(line, 1, q - 1)
					line = substr(line, q + 1)
					break
				}
			}
		} else {
			q = index(line, ",")
			if (q == 0) q = length(line) + 1
			f = substr(line, 1, q - 1)
			line = substr(line, q)
		}
		if (substr(line, 1, 1) == ",") line = substr(line, 2)
		return f
	}
	NR == 1 { next }
	{
		line = $0
		for (i = 1; i <= 16; i++) c[i] = field()
		# path driver key_bits size state mbps_median
		printf "%s\t%s\t%s\t%s\t%s\t%s\n", c[1], c[3], c[8], c[14], c[11], c[16]
	}' "$1"
}

sweep() {
	kaesbench --csv --quiet --paths "$PATHS" -b "$SIZES" -t "$TIME_MS" \
		-r "$SAMPLES" -o "$out/sweep.csv"
	rc=$?
	[ -f "$out/sweep.csv" ] || return 1
	csv_fields "$out/sweep.csv" >"$out/figures"
	while IFS='	' read -r path driver bits size state mbps; do
		name="$path-$driver-$bits-$size"
		if [ "$state" = ended ] && [ -n "$mbps" ]; then
			report "$name" pass "$mbps" MB/s
		else
			echo "kaesbench-lava: $path $driver $size: $state"
			report "$name" fail
		fi
	done <"$out/figures"
	return "$rc"
}

if ! install_missing || ! step load-module load_module; then
	report list fail
	report verify fail
	exit 1
fi
status=0
step list list || status=1
step verify verify || status=1
if [ "$SWEEP" = true ]; then
	step sweep sweep || status=1
fi
exit $status
