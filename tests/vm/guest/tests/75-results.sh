# SPDX-License-Identifier: GPL-2.0
# kaesbench-test: module=loaded check=6.12
# Results for machines: --json says which machine it measured and prints
# its documents between marker lines, which the host validates against
# Documentation/kaesbench-results.schema.json (tests/vm/verdict.sh);
# --csv and --mr are parsed back as scripts would, and say what --json
# says for the same command.

RFAST="-t 10 -r 2 -w 0"
RALG="cbc(aes)"

# is TEST MESSAGE FILE: jq's TEST holds on FILE, else fail with MESSAGE.
is() {
	jq -e "$1" "$3" >/dev/null || fail "$2"
}

sweep_json_environment() {
	# shellcheck disable=SC2086 # $RFAST is a word list
	kaesbench $RFAST -b 16,4096 --json >/tmp/results.json ||
		fail "the sweep failed"
	kaesbench list --json >/tmp/list.json || fail "list failed"
	jq '.environment | del(.module.implementations)' /tmp/results.json
	f=/tmp/results.json
	is '.schema_version == 1' "no schema_version 1" $f
	is ".environment.kernel.release == \"$(uname -r)\"" \
		"kernel release is not uname -r" $f
	is ".environment.clocksource == \"$(cat \
		/sys/devices/system/clocksource/clocksource0/current_clocksource)\"" \
		"clocksource differs from sysfs" $f
	# The flags of the machine's architecture, and none of another's.
	if [ "$ARCH" = arm64 ]; then
		is '.environment.cpu.flags | .aes and .pmull and has("asimd") and
			has("sha2") and has("sha512") and has("sve") and
			has("sve2") and (has("vaes") | not) and
			(has("pclmulqdq") | not)' "an arm64 CPU flag is missing" $f
		is '.environment.cpu.model | startswith("QEMU TCG CPU (implementer 0x00")' \
			"the CPU model is not QEMU's TCG one" $f
		is '.environment.openssl.capabilities | .aes and .pmull' \
			"no OpenSSL ARMv8 AES and PMULL" $f
	else
		is '.environment.cpu.flags | has("aes") and has("vaes") and
			has("avx2") and has("avx512f") and has("vpclmulqdq") and
			has("pclmulqdq") and (has("pmull") | not)' \
			"a CPU flag is missing" $f
		is '.environment.openssl.capabilities | has("aesni")' \
			"no OpenSSL capability bits" $f
	fi
	# The rig runs qemu: TCG by default, KVM when KAESBENCH_VM_ACCEL says
	# (on arm64 booted without firmware, KVM reads "qemu").
	is '.environment.virtualization.detected | . == "tcg" or . == "kvm" or
		. == "qemu"' "qemu was not detected" $f
	# The debug kernel is built without DMI: then there is nothing to say.
	if [ -r /sys/class/dmi/id/sys_vendor ]; then
		is '.environment.virtualization.sys_vendor == "QEMU"' \
			"DMI vendor is not QEMU" $f
	else
		is '.environment.virtualization.sys_vendor == null' \
			"a DMI vendor without DMI" $f
	fi
	is '.environment.openssl.version | startswith("OpenSSL ")' \
		"no OpenSSL version" $f
	is '.environment.module.error == null and
		.environment.module.protocol_version == .protocol_version and
		.environment.module.version == .kaesbench_version' \
		"the module's versions are not the tool's" $f
	# The implementation list with priorities and selection is list's.
	[ "$(jq -c '.environment.module.implementations' $f)" = \
		"$(jq -c '.implementations' /tmp/list.json)" ] ||
		fail "the environment's implementations are not list's"
	is '[.runs[].path] | unique == ["afalg-sendmsg", "afalg-vmsplice",
		"kernel", "openssl"]' "a path is missing" $f
	# Under crypto.af_alg_restrict=1 (7.3's default) an AF_ALG run of a
	# name on none of its allowlists (gcm(aes)) says so instead of ending.
	is '[.runs[] | .state == "ended" or (.path | startswith("afalg")) and
		.state == "unavailable" and (.message |
		contains("restricted by /proc/sys/crypto/af_alg_restrict (1)"))] |
		all' "a run did not end" $f
	# Where libkcapi refuses the release (7.3-amd64) AF_ALG is measured
	# through its sockets directly, and its runs say so.
	if ! uname -r | grep -Eq '^[0-9]+\.[0-9]+\.[0-9]+'; then
		is '[.runs[] | select(.path | startswith("afalg")) | .library |
			startswith("the socket interface directly: libkcapi")] |
			length > 0 and all' \
			"an AF_ALG run does not say it used the sockets directly" $f
	fi
	is '[.runs[].summary[].samples] | all(. == 2)' \
		"a size has not 2 samples" $f
	print_document sweep $f
	print_document list /tmp/list.json
}
ktap_test "sweep --json: the environment, every path; documents for the host's schema check" \
	sweep_json_environment

other_documents_json() {
	# shellcheck disable=SC2086 # $RFAST is a word list
	kaesbench run -a "$RALG" --imix 3x64,1x1500 $RFAST --json \
		>/tmp/imix.json || fail "run --imix failed"
	is '.runs[0].imix.packets_per_s > 0' "no mix rate" /tmp/imix.json
	kaesbench verify -a "$RALG" --cases 16 --seed 7 --json \
		>/tmp/verify.json || fail "verify failed"
	is '.verifications[0].result == "pass" and .environment.module.error == null' \
		"verify --json lacks its result or environment" /tmp/verify.json
	print_document imix /tmp/imix.json
	print_document verify /tmp/verify.json
}
ktap_test "run --imix and verify --json: documents for the host's schema check" \
	other_documents_json

# The CSV columns, in the order Documentation/results.rst fixes.
RUN_COLS="path,algorithm,driver,module,priority,selected,async,key_bits,decrypt,depth,state,status,message"
SUMMARY_COLS="$RUN_COLS,size,samples,mbps_median,mbps_min,mbps_max,ops_per_s_median,cpu_percent,thread_cpu_percent,cycles_per_byte,ns_per_byte,context"
SAMPLE_COLS="$RUN_COLS,size,index,ops,bytes,wall_ns,thread_ns,busy_ns,cycles,cpu,user_ns,system_ns,softirq_ns,irq_ns,latency_count,latency_p50_ns,latency_p99_ns,latency_max_ns,submitted,no_simd,deferred,context"

# results FORMAT...: every implementation of $RALG, and OpenSSL, in FORMAT
all_impls() {
	# shellcheck disable=SC2086 # $RFAST is a word list
	kaesbench run -a "$RALG" --all-impls -b 16,1420,4096 $RFAST "$@"
}

csv_parsed_back() {
	all_impls --json >/tmp/csv.json || fail "--json failed"
	all_impls --csv >/tmp/summary.csv || fail "--csv failed"
	all_impls --csv=samples >/tmp/samples.csv || fail "--csv=samples failed"
	head -n 3 /tmp/summary.csv
	[ "$(head -n 1 /tmp/summary.csv)" = "$SUMMARY_COLS" ] ||
		fail "summary columns differ from the documented ones"
	[ "$(head -n 1 /tmp/samples.csv)" = "$SAMPLE_COLS" ] ||
		fail "sample columns differ from the documented ones"
	# No field here needs quoting: a plain split on commas reads it.
	! grep -q '"' /tmp/summary.csv /tmp/samples.csv ||
		fail "unexpected quoting"
	# Fields are counted, and min <= median <= max.
	awk -F, 'NR > 1 && (NF != 24 || !($17 <= $16 && $16 <= $18)) {
		print "row " NR ": " $0; exit 1 }' /tmp/summary.csv ||
		fail "a summary row is malformed"
	# The rows are the JSON's summaries: same run, size and sample count.
	awk -F, 'NR > 1 { print $1 "," $3 "," $11 "," $14 "," $15 }' \
		/tmp/summary.csv >/tmp/csv.rows
	jq -r '.runs[] | . as $r | .summary[] |
		"\($r.path),\($r.driver),\($r.state),\(.size),\(.samples)"' \
		/tmp/csv.json >/tmp/json.rows
	cmp /tmp/csv.rows /tmp/json.rows ||
		{ diff /tmp/json.rows /tmp/csv.rows; fail "rows differ from --json"; }
	# A row per sample: bytes = ops x size, indexes 0 and 1, as in JSON.
	awk -F, 'NR > 1 && (NF != 34 || $17 != $16 * $14 || $15 > 1) {
		print "row " NR ": " $0; exit 1 }' /tmp/samples.csv ||
		fail "a sample row is inconsistent"
	[ "$(($(wc -l </tmp/samples.csv) - 1))" = \
		"$(jq '[.runs[].samples[]] | length' /tmp/csv.json)" ] ||
		fail "not a row per sample"
}
ktap_test "--csv and --csv=samples: documented columns, parsed back, rows of --json" \
	csv_parsed_back

# As a script written for openssl speed -mr reads it: split on ':', sizes
# from +H, a name and bytes/s per size from each +F.
# shellcheck disable=SC2016 # an awk program
MR_READER='
/^\+H:/ { for (i = 2; i <= NF; i++) size[i - 1] = $i; n = NF - 1 }
/^\+F:/ { for (i = 4; i <= NF; i++) printf "%s %s %s\n", $3, size[i - 3], $i
	  if (NF - 3 != n) { print "fields: " $0; exit 1 } }
/^\+DT:/ { dt++ }
/^\+R:/ { if ($2 <= 0) { print "no operations: " $0; exit 1 } r++ }
END { printf "+DT %d +R %d\n", dt, r }'

mr_parsed_back() {
	all_impls --json >/tmp/mr.json || fail "--json failed"
	all_impls --mr >/tmp/mr.out 2>/tmp/mr.err || fail "--mr failed"
	cat /tmp/mr.out
	[ "$(head -n 1 /tmp/mr.out)" = "+H:16:1420:4096" ] || fail "bad +H line"
	# Standard output holds only +H and +F lines, as openssl's does.
	! grep -qv '^+[HF]:' /tmp/mr.out || fail "other lines on stdout"
	cat /tmp/mr.out /tmp/mr.err | awk -F: "$MR_READER" >/tmp/mr.read ||
		{ cat /tmp/mr.read; fail "the reader stopped"; }
	# A +F per run, named by its driver, in order; a colon (lib:aes-cbc)
	# is the format's separator, and an underscore there.
	[ "$(awk -F: '/^\+F:/ { print $3 }' /tmp/mr.out)" = \
		"$(jq -r '.runs[].driver | gsub(":"; "_")' /tmp/mr.json)" ] ||
		fail "+F names are not the runs' drivers"
	# cbc cannot take 1420 bytes: 0.00, as openssl prints what it did
	# not measure; the other sizes have figures.
	awk '$2 == 1420 && $3 != "0.00" { exit 1 }
	     $2 != 1420 && /^[^+]/ && !($3 > 0) { exit 1 }' /tmp/mr.read ||
		fail "a figure is wrong"
	# A +DT and a +R line per size measured, on standard error.
	want=$(jq '[.runs[].summary[]] | length' /tmp/mr.json)
	grep -q "^+DT $want +R $want\$" /tmp/mr.read ||
		fail "expected $want +DT and +R lines: $(tail -n 1 /tmp/mr.read)"
}
ktap_test "--mr: the lines of openssl speed -mr, read back as its scripts do" \
	mr_parsed_back

results_bad_input() {
	expect_failure 2 "exclude each other" kaesbench run -a "$RALG" --csv \
		--json || exit 1
	expect_failure 2 "exclude each other" kaesbench --mr --csv=samples ||
		exit 1
	# Refused before measuring: this run would outlast the test's timeout.
	expect_failure 2 "cannot write there" kaesbench run -a "$RALG" \
		-t 60000 -r 1000 --json -o /nonexistent/results.json || exit 1
	# shellcheck disable=SC2086 # $RFAST is a word list
	kaesbench run -a "$RALG" -b 16 $RFAST --csv -o /tmp/o.csv >/tmp/o.out ||
		fail "-o failed"
	[ ! -s /tmp/o.out ] || fail "-o left output on stdout"
	[ "$(head -n 1 /tmp/o.csv)" = "$SUMMARY_COLS" ] || fail "-o wrote no CSV"
}
ktap_test "results: exclusive formats and an unwritable -o refused, -o writes" \
	results_bad_input
