# SPDX-License-Identifier: GPL-2.0
# A run's memory: what the kernel reports it holds (KAESBENCH_A_RUN_MEMORY,
# runs[].memory_bytes) within the bound kaesbench.h documents, for CPUs x
# depth x size; charged to the memory cgroup of the process that started
# the run, so that a cgroup without room for it gets a refusal, not an
# allocation storm or an OOM kill, and one with room sees it in its peak.

CGROOT=/sys/fs/cgroup
MEM_SIZES="16 4096 65536"
MEM_DEPTHS="1 8 64"

# mem_bound CPUS DEPTH SIZE: the bound of kaesbench.h, in bytes, for a run
# on CPUS CPUs at DEPTH (as used) of requests of SIZE bytes.
mem_bound() {
	echo $(($1 * $2 * 2 * ($3 + 4096 + 16)))
}

# mem_run DRIVER CPUS DEPTH SIZE [OPTION...]: a short run, its JSON in
# /tmp/mem.json.
mem_run() {
	driver=$1
	cpus=$2
	depth=$3
	size=$4
	shift 4
	kaesbench run -d "$driver" --cpus "$cpus" --depth "$depth" -b "$size" \
		-t 1 -r 1 -w 0 --no-verify --json "$@" >/tmp/mem.json
}

mem_reported() {
	jq -r '.runs[0].memory_bytes // "none"' /tmp/mem.json
}

memory_within_bound() {
	status=0
	echo "driver CPUs depth size: bound reported (bytes)"
	for driver in virtio_crypto_aes_cbc aes-generic; do
		for cpus in 0 0,1; do
			ncpus=$(echo "$cpus" | tr , '\n' | wc -l)
			for depth in $MEM_DEPTHS; do
				for size in $MEM_SIZES; do
					mem_run "$driver" "$cpus" "$depth" "$size" ||
						fail "the run of $driver failed"
					used=$(jq '.runs[0].depth' /tmp/mem.json)
					bound=$(mem_bound "$ncpus" "$used" "$size")
					got=$(mem_reported)
					echo "$driver $ncpus $used $size: $bound $got"
					case $got in
					'' | *[!0-9]*) status=1; continue ;;
					esac
					# At least the buffers, at most the bound.
					[ "$got" -ge $((ncpus * used * size)) ] &&
						[ "$got" -le "$bound" ] || status=1
				done
			done
		done
	done
	[ $status -eq 0 ] || fail "a reported figure is missing or out of bounds"
}
ktap_test "the memory a run reports is within kaesbench.h's bound, for CPUs x depth x size" \
	memory_within_bound

cg_ready() {
	grep -q " $CGROOT cgroup2 " /proc/mounts ||
		mount -t cgroup2 none $CGROOT || fail "cannot mount cgroup2"
	grep -qw memory $CGROOT/cgroup.subtree_control ||
		echo +memory >$CGROOT/cgroup.subtree_control ||
		fail "no memory controller"
}

# cg_new NAME [MAX]: a fresh cgroup, with memory.max MAX.
cg_new() {
	rmdir "$CGROOT/$1" 2>/dev/null
	mkdir "$CGROOT/$1" || fail "cannot create cgroup $1"
	[ -z "${2:-}" ] || echo "$2" >"$CGROOT/$1/memory.max" ||
		fail "cannot set memory.max of $1"
}

# cg_run NAME COMMAND...: COMMAND in cgroup NAME.
cg_run() {
	sh -c 'echo $$ >"$0/cgroup.procs" && exec "$@"' "$CGROOT/$1" "$@"
}

cg_value() {
	awk -v k="$2" '$1 == k { print $2 }' "$CGROOT/$1/memory.events"
}

# The peak of a cgroup in which the tool alone ran, with a run of 16 B.
cg_tool_peak() {
	cg_new kaesbench-tool
	cg_run kaesbench-tool kaesbench run -d virtio_crypto_aes_cbc --cpus 0 \
		-b 16 -t 1 -r 1 -w 0 --no-verify --json >/tmp/mem-tool.json ||
		return 1
	cat $CGROOT/kaesbench-tool/memory.peak
	rmdir $CGROOT/kaesbench-tool
}

# A cgroup with room for the tool and 1 MiB more: a run of 2 CPUs x 64 x
# 64 KiB (16 MiB and more) cannot have its buffers there.
memcg_refused() {
	cg_ready
	tool=$(cg_tool_peak) || fail "a run in a cgroup failed"
	max=$((tool + 1048576))
	cg_new kaesbench-small "$max"
	out=$(cg_run kaesbench-small kaesbench run -d virtio_crypto_aes_cbc \
		--cpus 0,1 --depth 64 -b 65536 -t 100 -r 1 -w 0 --no-verify 2>&1)
	rc=$?
	echo "$out"
	echo "the tool alone: $tool bytes; memory.max $max; exit $rc"
	grep . $CGROOT/kaesbench-small/memory.events
	oom=$(cg_value kaesbench-small oom_kill)
	rmdir $CGROOT/kaesbench-small
	[ "$oom" -eq 0 ] || fail "$oom OOM kills in the cgroup"
	[ "$rc" -eq 1 ] || fail "exit status $rc, expected 1"
	echo "$out" | grep -q "cannot allocate the request buffers" ||
		fail "not refused for its buffers"
	kaesbench run -d virtio_crypto_aes_cbc --cpus 0,1 --depth 64 -b 65536 \
		-t 10 -r 1 -w 0 --no-verify >/dev/null ||
		fail "the same run outside the cgroup failed"
}
ktap_test "a run without room in its memory cgroup is refused: cannot allocate the request buffers, no OOM kill" \
	memcg_refused

# The same run in a cgroup with room: its peak, less the tool's own, is
# about what the run reports it holds.
memcg_charged() {
	cg_ready
	tool=$(cg_tool_peak) || fail "a run in a cgroup failed"
	small=$(jq -r '.runs[0].memory_bytes // 0' /tmp/mem-tool.json)
	cg_new kaesbench-room
	cg_run kaesbench-room kaesbench run -d virtio_crypto_aes_cbc \
		--cpus 0,1 --depth 64 -b 65536 -t 100 -r 1 -w 0 --no-verify \
		--json >/tmp/mem.json || fail "the run failed"
	peak=$(cat $CGROOT/kaesbench-room/memory.peak)
	rmdir $CGROOT/kaesbench-room
	reported=$(mem_reported)
	echo "peak $peak bytes, $tool with the tool alone; reported $reported, $small with the tool alone"
	case $reported in
	'' | *[!0-9]*) fail "no memory reported" ;;
	esac
	grew=$((peak - tool))
	want=$((reported - small))
	echo "grew by $grew bytes for $want reported"
	[ $((grew * 4)) -ge $((want * 3)) ] ||
		fail "the cgroup was not charged for the run's memory"
	[ "$grew" -le $((want * 5 / 4 + 2097152)) ] ||
		fail "the cgroup was charged for more than the run reports"
}
ktap_test "a run's memory is charged to its memory cgroup: memory.peak grows by about the reported figure" \
	memcg_charged
