# SPDX-License-Identifier: GPL-2.0
#
# What a leak would leave behind, before and after the storms and the
# fuzzer. Debian's kernels have no kmemleak, so this sees less than a
# debug kernel does:
#
# - exactly: the reference count of every algorithm in /proc/crypto (a
#   transform or request never freed keeps its algorithm's count up) and
#   the use count of every module (a transform holds its driver's module);
# - within a tolerance: unreclaimable slab (SUnreclaim: every kmalloc,
#   the large ones that go to the page allocator included), measured after
#   dropping caches, shrinking every slab cache and letting RCU callbacks
#   run. It moves by some hundred kB on its own (per-CPU slab pages, RCU,
#   the kernel's own work), so a leak shows only once it adds up to more
#   than the tolerance: a few bytes per fuzzed message, some hundred bytes
#   per stopped run.
#
# The baseline must be taken once everything the test instantiates exists
# (template instances, cryptd helpers: first users create them for good).

# mem_settle: let freed memory show.
mem_settle() {
	sync
	echo 3 >/proc/sys/vm/drop_caches
	for cache in /sys/kernel/slab/*/shrink; do
		echo 1 >"$cache" 2>/dev/null
	done
	sleep 2
}

# mem_snapshot FILE: "KEY... VALUE" lines.
mem_snapshot() {
	mem_settle
	{
		awk '/^SUnreclaim:/ { print "sunreclaim_kb", $2 }' /proc/meminfo
		awk '$1 ~ /kmalloc-/ { kb += $2 * $4 / 1024 }
			END { printf "kmalloc_kb %d\n", kb }' /proc/slabinfo
		awk '/^driver / { driver = $3 } /^refcnt / { print "refcnt", driver, $3 }' \
			/proc/crypto
		awk '{ print "module", $1, $3 }' /proc/modules
	} >"$1"
}

# mem_compare BEFORE AFTER TOLERANCE_KB: prints both; fails if a
# reference or use count changed or unreclaimable slab grew by more than
# TOLERANCE_KB.
mem_compare() {
	awk -v tol="$3" '
		{
			key = $1
			for (i = 2; i < NF; i++)
				key = key " " $i
		}
		FNR == NR { before[key] = $NF; next }
		{ after[key] = $NF }
		END {
			bad = 0
			grew = after["sunreclaim_kb"] - before["sunreclaim_kb"]
			printf "unreclaimable slab: %d kB before, %d kB after (%+d kB; tolerance %d kB)\n",
				before["sunreclaim_kb"], after["sunreclaim_kb"], grew, tol
			printf "kmalloc caches, active objects: %d kB before, %d kB after\n",
				before["kmalloc_kb"], after["kmalloc_kb"]
			if (grew > tol) {
				print "unreclaimable slab grew by more than the tolerance"
				bad = 1
			}
			algs = mods = 0
			for (key in before) {
				if (key !~ /^(refcnt|module) /)
					continue
				if (key ~ /^refcnt /)
					algs++
				else
					mods++
				if (!(key in after))
					continue
				if (after[key] != before[key]) {
					printf "%s: %d before, %d after\n", key,
						before[key], after[key]
					bad = 1
				}
			}
			for (key in after)
				if (key ~ /^refcnt / && !(key in before))
					printf "registered since the baseline: %s\n", key
			printf "reference counts of %d algorithms and use counts of %d modules compared\n",
				algs, mods
			exit bad
		}' "$1" "$2"
}

# mem_nothing_left BEFORE TOLERANCE_KB: after a storm or a fuzzing run,
# kaesbench unused, counts and memory at the baseline in BEFORE (compared
# as mem_compare does), and the module unloads and loads again.
mem_nothing_left() {
	# The last job's thread holds the module until it has exited.
	i=0
	while refcnt=$(cat /sys/module/kaesbench/refcnt) &&
		[ "$refcnt" -ne 0 ] && [ $i -lt 50 ]; do
		i=$((i + 1))
		sleep 0.1
	done
	[ -n "$refcnt" ] || fail "the module is not loaded"
	echo "module use count: $refcnt"
	[ "$refcnt" -eq 0 ] || fail "the module is still in use"
	mem_snapshot "$1.after"
	mem_compare "$1" "$1.after" "$2" || status=1
	rmmod kaesbench || fail "rmmod failed"
	insmod /opt/kaesbench/kaesbench.ko || fail "insmod failed"
	return ${status:-0}
}
