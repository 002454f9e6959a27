# SPDX-License-Identifier: GPL-2.0
# kaesbench-test: module=unloaded check=latest,6.12,6.1,arm64-6.12
# Loading the module and finding its netlink family.

module_missing_message() {
	expect_failure 1 "not loaded" kaesbench list
}

module_loads() {
	insmod /opt/kaesbench/kaesbench.ko || fail "insmod failed"
	grep -q '^kaesbench ' /proc/modules || fail "not in /proc/modules"
}

family_resolves() {
	kaesbench list >/dev/null
}

usage_errors() {
	expect_failure 2 "Usage:" kaesbench frobnicate &&
		expect_failure 2 "Usage:" kaesbench list --frobnicate &&
		expect_failure 2 "Usage:" kaesbench --frobnicate
}

ktap_test "without the module the tool says so and how to load it" \
	module_missing_message
ktap_test "module loads" module_loads
ktap_test "the kaesbench family resolves" family_resolves
ktap_test "unknown subcommands and options give usage and exit 2" usage_errors
