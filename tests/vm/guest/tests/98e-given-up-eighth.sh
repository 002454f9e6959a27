# SPDX-License-Identifier: GPL-2.0
# kaesbench-test: module=loaded order=last check=6.12
# Given up (given-up-lib.sh): the eighth implementation, after which every
# run and verification is refused. Last of the given-up files (by name,
# among the order=last ones): it gives up copies of the faulty driver
# first where the files before it in this boot did not give seven up.

. /tests/given-up-lib.sh

# gu_given_up_count: how many implementations kaesbench lists as given up.
gu_given_up_count() {
	kaesbench list | grep -c 'given-up'
}

# gu_seven_given_up: seven implementations given up before the eighth,
# as 98a to 98d leave it: where fewer were (this file run alone, or after
# some of them), copies of the faulty driver not given up yet are, one
# request each, the first copy last (the template tests run over it).
gu_seven_given_up() {
	for copy in _2 _3 _4 _5 _7 _8 ''; do
		[ "$(gu_given_up_count)" -lt 7 ] || return 0
		driver=$GU_FAULTY$copy
		! kaesbench list | grep -F " $driver " | grep -q 'given-up' ||
			continue
		gu_set_fault never
		kaesbench verify -d "$driver" --cases 1 >/dev/null 2>&1
		gu_set_fault none
		until_within 5 "$driver given up" gu_logged \
			"kaesbench: a verification request to $driver $GIVEN_UP"
		echo "given up first: $driver"
	done
	[ "$(gu_given_up_count)" -ge 7 ] ||
		fail "only $(gu_given_up_count) given up before the eighth"
}

# The eighth implementation with a request given up: from then on every
# run and verification is refused, on every implementation (the memory
# left to drivers stays bounded); listing still works.
eighth_given_up() {
	gu_setup
	gu_seven_given_up
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
# Up to seven given up first, 10 s each, where the boot has not.
KTAP_TIMEOUT=300 ktap_test "the eighth implementation given up: no more runs nor verifications, listing works" \
	eighth_given_up
