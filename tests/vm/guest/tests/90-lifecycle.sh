# SPDX-License-Identifier: GPL-2.0
# Unloading, reloading and autoloading. Runs after the tests that expect
# the module loaded once: it leaves the module installed in the modules
# tree, for autoloading (92-storms.sh takes it out again).

module_unloads() {
	rmmod kaesbench || fail "rmmod failed"
	! grep -q '^kaesbench ' /proc/modules || fail "still loaded"
	expect_failure 1 "not loaded" kaesbench list
}

module_reloads() {
	insmod /opt/kaesbench/kaesbench.ko || fail "second insmod failed"
	kaesbench list >/dev/null || fail "list after reload failed"
	rmmod kaesbench || fail "second rmmod failed"
}

module_autoloads() {
	dir=/lib/modules/$(uname -r)/extra
	mkdir -p "$dir" && cp /opt/kaesbench/kaesbench.ko "$dir/" &&
		depmod || fail "cannot install the module"
	kaesbench list >/dev/null || fail "list did not autoload the module"
	grep -q '^kaesbench ' /proc/modules || fail "module not loaded"
}

ktap_test "rmmod works" module_unloads
ktap_test "a second insmod works" module_reloads
ktap_test "a family lookup autoloads the installed module" module_autoloads
