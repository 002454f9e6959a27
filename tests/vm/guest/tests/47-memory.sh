# SPDX-License-Identifier: GPL-2.0
# kaesbench-test: module=loaded check=6.12
# A run's memory: what the kernel reports it holds (KAESBENCH_A_RUN_MEMORY,
# runs[].memory_bytes) within the bound kaesbench.h documents, for CPUs x
# depth x size; charged to the memory cgroup of the process that started
# the run, so that a cgroup without room for it gets a refusal, not an
# allocation storm or an OOM kill, and one with room sees it in its peak.

MEM_SIZES="16 4096 65536"
MEM_DEPTHS="1 8 64"

# kaesbench.h: with L the bytes of a request (no associated data, tag or
# generated IV here: the size), P = ceil(L / PAGE_SIZE) and R the driver's
# request size (struct and context, as kmalloc rounds it), each measuring
# thread holds depth x (P x PAGE_SIZE + 2 KiB + R) + 8 KiB, and
# KAESBENCH_A_RUN_MEMORY reports exactly that sum. R is the driver's: the
# test derives it from each figure, and it must come out the same for
# every CPUs x depth x size, a kmalloc size no larger than a page.
PAGE=4096
SLOT=2048
MEASUREMENT=8192
# A verification's buffer: 64 KiB of data and what a case adds around it,
# in whole pages; and the most the rest of a verification takes, a part
# and a part per case in progress.
VERIFY_BUFFER=69632
VERIFY_REST=8192
VERIFY_REST_CASE=2048

# mem_bound THREADS DEPTH SIZE R: the bytes kaesbench.h gives.
mem_bound() {
	pages=$((($3 + PAGE - 1) / PAGE))
	echo $(($1 * ($2 * (pages * PAGE + SLOT + $4) + MEASUREMENT)))
}

# mem_r THREADS DEPTH SIZE REPORTED: the R that makes the bound REPORTED.
mem_r() {
	pages=$((($3 + PAGE - 1) / PAGE))
	echo $((($4 / $1 - MEASUREMENT) / $2 - pages * PAGE - SLOT))
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
		-t 1 -r 1 -w 0 --json "$@" >/tmp/mem.json
}

# The kernel's run of all CPUs at once: with --cpus, the tool first runs
# the same work on one CPU alone.
mem_at_once() {
	jq "[.runs[] | select(.path == \"kernel\")] | last | $1" /tmp/mem.json
}

mem_reported() {
	mem_at_once '.memory_bytes // "none"' | tr -d '"'
}

memory_within_bound() {
	status=0
	echo "driver CPUs depth size: kaesbench.h's bytes (R) reported"
	for driver in virtio_crypto_aes_cbc "$SOFT_AES"; do
		r=
		for cpus in 0 0,1; do
			ncpus=$(echo "$cpus" | tr , '\n' | wc -l)
			for depth in $MEM_DEPTHS; do
				for size in $MEM_SIZES; do
					mem_run "$driver" "$cpus" "$depth" "$size" \
						--no-verify || fail "the run of $driver failed"
					used=$(mem_at_once .depth)
					got=$(mem_reported)
					case $got in
					'' | *[!0-9]*)
						echo "$driver $ncpus $used $size: none reported"
						status=1
						continue
						;;
					esac
					this=$(mem_r "$ncpus" "$used" "$size" "$got")
					[ -n "$r" ] || r=$this
					bound=$(mem_bound "$ncpus" "$used" "$size" "$r")
					echo "$driver $ncpus $used $size: $bound ($r) $got"
					[ "$got" -eq "$bound" ] || status=1
				done
			done
		done
		[ "$r" -ge 0 ] && [ "$r" -le $PAGE ] || {
			echo "$driver: R = $r"
			status=1
		}
		# Verifying first adds, once, the verification at the run's
		# depth D: 1 + 4 x D buffers of 68 KiB, D requests and at most
		# 8 KiB + D x 2 KiB of the rest; checking the measured
		# requests, the known input and output (a page each here) and
		# the reference's request (in the rest).
		mem_run "$driver" 0 8 4096 || fail "the run of $driver failed"
		used=$(mem_at_once .depth)
		extra=$(($(mem_reported) - $(mem_bound 1 "$used" 4096 "$r")))
		least=$(((1 + 4 * used) * VERIFY_BUFFER + used * r + 2 * PAGE))
		most=$((least + VERIFY_REST + used * VERIFY_REST_CASE))
		echo "$driver 1 $used 4096, verified first: $extra bytes more," \
			"$least to $most expected"
		[ "$extra" -ge "$least" ] && [ "$extra" -le "$most" ] || status=1
	done
	[ $status -eq 0 ] || fail "a reported figure is missing or not kaesbench.h's"
}
ktap_test "the memory a run reports is kaesbench.h's bound, for CPUs x depth x size" \
	memory_within_bound

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
	small=$(jq -r '[.runs[] | select(.path == "kernel")] | last |
		.memory_bytes // 0' /tmp/mem-tool.json)
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
