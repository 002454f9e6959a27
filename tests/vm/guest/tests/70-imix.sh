# SPDX-License-Identifier: GPL-2.0
# kaesbench-test: module=loaded check=latest,6.12,arm64-6.12
# kaesbench run --imix: the rate of a packet-size mix, from a run of each of
# its sizes, for the ESP transform rfc4106(gcm(aes)).

IMIX_FAST="-t 20 -r 2 -w 0"
# The template instance over the software parts this kernel has.
GENERIC_RFC4106="rfc4106($(soft_gcm))"

# imix_pps FILE DRIVER_PREFIX: the mix's packets/s of the first run whose
# driver starts with DRIVER_PREFIX, from a --json document.
imix_pps() {
	jq -r --arg d "$2" \
		'[.runs[] | select(.driver | startswith($d))][0].imix.packets_per_s // 0' \
		"$1"
}

positive() {
	awk -v v="$1" 'BEGIN { exit !(v > 0) }'
}

imix_rfc4106_generic() {
	echo "the generic instance: $GENERIC_RFC4106"
	# shellcheck disable=SC2086 # $IMIX_FAST is a word list
	kaesbench run -d "$GENERIC_RFC4106" --imix $IMIX_FAST >/tmp/imix 2>&1 ||
		{ cat /tmp/imix; fail "the generic instance was not measured"; }
	cat /tmp/imix
	grep -q '^IMIX 7x64,4x576,1x1500: 12 packets' /tmp/imix ||
		fail "no IMIX result"
}
ktap_test "IMIX of the generic rfc4106(gcm(aes)) instance" imix_rfc4106_generic

imix_rfc4106_all() {
	# The generic instance is registered by now: --all-impls includes it.
	# shellcheck disable=SC2086 # $IMIX_FAST is a word list
	kaesbench run -a 'rfc4106(gcm(aes))' --all-impls --imix $IMIX_FAST \
		--json >/tmp/imix.json 2>/tmp/imix.err ||
		{ cat /tmp/imix.err; fail "--all-impls --imix failed"; }
	jq -c '.runs[] | [.driver, .imix.packets_per_s, .imix.gbit_per_s]' \
		/tmp/imix.json
	for driver in ${CPU_RFC4106} "$GENERIC_RFC4106"; do
		pps=$(imix_pps /tmp/imix.json "$driver")
		positive "$pps" || fail "$driver: packets/s $pps"
	done
}
ktap_test "IMIX of every rfc4106(gcm(aes)) implementation: positive packets/s" \
	imix_rfc4106_all

imix_block_rounded() {
	# shellcheck disable=SC2086 # $IMIX_FAST is a word list
	kaesbench run -d ${CPU_CBC} --imix $IMIX_FAST >/tmp/imix 2>&1 ||
		{ cat /tmp/imix; fail "cbc IMIX failed"; }
	cat /tmp/imix
	grep -q '1500 -> 1504' /tmp/imix || fail "1500 not rounded to the block"
}
ktap_test "IMIX of a block mode rounds sizes up to the block, and says so" \
	imix_block_rounded

imix_bad_spec() {
	for spec in 0x64 7x0 7x64, garbage; do
		expect_failure 2 "not a packet-size mix" \
			kaesbench run -d ${CPU_RFC4106} --imix "$spec" ||
			return 1
	done
}
ktap_test "a bad IMIX SPEC is a usage error" imix_bad_spec
