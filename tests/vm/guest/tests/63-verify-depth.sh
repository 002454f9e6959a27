# SPDX-License-Identifier: GPL-2.0
# kaesbench-test: module=loaded
# kaesbench verify and run under load: the CPU's cbc(aes) and virtio-crypto's
# asynchronous one at depth 8 and 64, on one CPU and on all at once, every
# request checked: no false alarm. Split from 60-verify.sh, which make
# check runs on every series: this part, minutes under TCG, on the newest
# kernel and Debian 12's (the default), make check-full on every series.

# verify_clean_at_depth DRIVER [CPUS]: 2500 cases (5000 requests) at depth
# 8 and at 64, in flight together: no false alarm. A synchronous driver is
# verified at depth 1 whatever is asked (a call returns with its work
# done): once, at depth 1. With CPUS (all), on every CPU at once, the
# 2500 cases shared out among them (the same cases on each).
verify_clean_at_depth() {
	depths=1
	grep -A 12 "^driver *: $1\$" /proc/crypto | grep -q '^async *: yes' &&
		depths="8 64"
	cases=2500
	cpus=null
	if [ -n "${2:-}" ]; then
		set -- "$1" --cpus "$2"
		cpus=\"$(cat /sys/devices/system/cpu/online)\"
		cases=$((2500 / $(grep -c '^processor' /proc/cpuinfo)))
	fi
	for depth in $depths; do
		kaesbench verify -d "$@" --cases "$cases" --depth "$depth" \
			--json >/tmp/depth.json 2>/tmp/depth.err ||
			fail "depth $depth: $(cat /tmp/depth.err; jq -c . /tmp/depth.json)"
		jq -r '.verifications[0] | "\(.driver) at depth \(.depth) on CPUs \(.cpus): \(.result), \(.cases_done) cases, \(.requests) requests, \(.requests_wrong) wrong, \(.wall_s) s"' \
			/tmp/depth.json
		jq -e --argjson d "$depth" --argjson cpus "$cpus" '.verifications[0] |
			.result == "pass" and .depth == $d and .cpus == $cpus and
			.requests >= 5000 and .requests_wrong == 0' \
			/tmp/depth.json >/dev/null || fail "not 5000 requests right at depth $depth"
	done
}
ktap_test "virtio_crypto_aes_cbc at depth 8 and 64: 10 000 requests, none wrong" \
	verify_clean_at_depth virtio_crypto_aes_cbc
ktap_test "${CPU_CBC} at depth 8 and 64, 10 000 requests (where synchronous: at 1, 5000), none wrong" \
	verify_clean_at_depth ${CPU_CBC}
ktap_test "virtio_crypto_aes_cbc on all CPUs at once at depth 8 and 64: 10 000 requests, none wrong" \
	verify_clean_at_depth virtio_crypto_aes_cbc all
ktap_test "${CPU_CBC} on all CPUs at once (at depth 1 where synchronous): none wrong" \
	verify_clean_at_depth ${CPU_CBC} all

# run_checked_clean DRIVER: measured at depth 8 on every CPU at once, every
# measured request checked against the reference: none wrong.
run_checked_clean() {
	kaesbench run -d "$1" -b 16,1024,16384 -t 50 -r 2 -w 0 --depth 8 \
		--cpus all --check-every 1 --json >/tmp/checked.json \
		2>/tmp/checked.err || fail "$(cat /tmp/checked.err)"
	jq -r '.runs[] | select(.path == "kernel") | "\(.driver) on \(.cpus_at_once) CPUs at depth \(.depth): \(.state), 1 in \(.check_every) checked: \(.measured_checked), \(.measured_wrong) wrong"' \
		/tmp/checked.json
	jq -e '[.runs[] | select(.path == "kernel")] | length > 0 and
		all(.state == "ended" and .check_every == 1 and
		    .measured_checked > 0 and .measured_wrong == 0)' \
		/tmp/checked.json >/dev/null || fail "not every run checked, or one wrong"
}
ktap_test "virtio_crypto_aes_cbc measured at depth 8 on all CPUs, every request checked: none wrong" \
	run_checked_clean virtio_crypto_aes_cbc
ktap_test "${CPU_CBC} measured on all CPUs, every request checked: none wrong" \
	run_checked_clean ${CPU_CBC}
