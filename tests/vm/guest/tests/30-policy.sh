# SPDX-License-Identifier: GPL-2.0
# kaesbench-test: module=loaded check=latest,6.12,6.1,arm64-6.12
# Malformed requests: strict policies answer with an extack message.

policy_unknown_attribute() {
	expect_failure 1 "extack: Unknown attribute type" \
		kaesbench-nlprobe -d 0 99:00000000
}

policy_impl_in_request() {
	expect_failure 1 "extack: listing takes no implementation" \
		kaesbench-nlprobe -d 0 1:
}

policy_reserved_header() {
	expect_failure 1 "extack: " kaesbench-nlprobe -d -r 1 0
}

policy_not_a_dump() {
	expect_failure 1 "error: " kaesbench-nlprobe 0
}

policy_unknown_command() {
	expect_failure 1 "error: " kaesbench-nlprobe -d 200
}

policy_still_healthy() {
	kaesbench-nlprobe -d 0 && kaesbench list >/dev/null
}

ktap_test "an unknown attribute is refused with a message" \
	policy_unknown_attribute
ktap_test "an attribute the command does not take is refused with a message" \
	policy_impl_in_request
ktap_test "a non-zero reserved header field is refused with a message" \
	policy_reserved_header
ktap_test "listing other than as a dump is refused" policy_not_a_dump
ktap_test "an unknown command is refused" policy_unknown_command
ktap_test "the module still answers after malformed requests" \
	policy_still_healthy
