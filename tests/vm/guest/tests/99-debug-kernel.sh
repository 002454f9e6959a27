# SPDX-License-Identifier: GPL-2.0
# kaesbench-test: module=any order=last
# Last (order=last), on kernels built with the checkers (the rig's debug kernel;
# Debian's have neither, and there these tests are not registered).

# Lockdep turns itself off for good after its first report, or when
# something it cannot follow happens: then it checked only part of the
# suite.
lockdep_still_on() {
	grep -q '^ *debug_locks: *1$' /proc/lockdep_stats ||
		fail "lockdep turned itself off: $(grep debug_locks /proc/lockdep_stats)"
}

# Once the modules are unloaded, nothing the suite allocated is left
# unreferenced. A kaesbench that gave requests up (98*-given-up-*.sh) stays
# loaded until reboot, and keeps what it left to the drivers referenced:
# that is checked as it is.
no_leaks() {
	if kaesbench_pinned; then
		echo "kaesbench stays loaded: it gave requests up"
	else
		rmmod kaesbench 2>/dev/null
		! grep -q '^kaesbench ' /proc/modules ||
			fail "cannot unload kaesbench"
	fi
	rmmod kaesbench_broken 2>/dev/null
	# kmemleak reports only objects older than 5 s, and an object whose
	# last reference went during a scan only at the next one.
	sleep 6
	echo scan >/sys/kernel/debug/kmemleak || fail "kmemleak scan failed"
	echo scan >/sys/kernel/debug/kmemleak || fail "kmemleak scan failed"
	leaks=$(cat /sys/kernel/debug/kmemleak)
	[ -z "$leaks" ] || fail "kmemleak: $(echo "$leaks" |
		grep -c '^unreferenced object') unreferenced objects:
$leaks"
}

# No DMA API error since the drivers loaded (lib.sh's load_drivers): every
# one is also a WARN, which panics, but a count cannot be missed.
no_dma_api_errors() {
	base=$(cat /tmp/dma-api.base)
	now=$(cat "$DMA_API/error_count")
	echo "DMA API errors: $base while the drivers loaded, $now now"
	[ "$now" -eq "$base" ] || fail "$((now - base)) DMA API errors in the suite"
}

[ -e /proc/lockdep_stats ] &&
	ktap_test "lockdep still on after the suite" lockdep_still_on
# debugfs: mounted by lib.sh's load_drivers.
[ -e /sys/kernel/debug/kmemleak ] &&
	ktap_test "no memory leak (kmemleak), modules unloaded but a pinned kaesbench" no_leaks
[ -r /tmp/dma-api.base ] &&
	ktap_test "no DMA API error (dma-debug) since the drivers loaded" no_dma_api_errors
