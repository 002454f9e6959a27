# SPDX-License-Identifier: GPL-2.0
# kaesbench-test: module=loaded
# Verification's buffers as a device is given them. kaesbench_faulty with
# dma_map=1 maps every request's buffers for a device of its own while the
# request is queued, as an engine's driver does. On a kernel with
# CONFIG_DMA_API_DEBUG (the rig's debug kernel), one cache line starting
# two mappings the device writes is an error, which lib.sh's load_drivers
# made a WARN that panics: verification segments packed closer than a DMA
# line were one. Debian's kernels map and do not check: there it skips,
# saying so.

DMA_FAULTY=/sys/module/kaesbench_faulty/parameters

dma_verify() {
	if [ ! -d "$DMA_API" ]; then
		echo "$(uname -r) has no CONFIG_DMA_API_DEBUG: mappings not checked"
		return "$KSFT_SKIP"
	fi
	loaded=yes
	grep -q '^kaesbench_faulty ' /proc/modules || {
		loaded=
		insmod /opt/kaesbench/kaesbench_faulty.ko ||
			fail "insmod kaesbench_faulty failed"
	}
	echo none >"$DMA_FAULTY/fault"
	echo 1 >"$DMA_FAULTY/dma_map"
	before=$(cat "$DMA_API/error_count")
	mapped=$(cat "$DMA_FAULTY/dma_mapped")
	# Random segments (1 to 8 of any length, 0-15 bytes off their line),
	# in place and not, 8 requests in flight: mapped at once.
	kaesbench verify -d kaesbench_faulty_cbc_aes --cases 400 --depth 8 \
		>/tmp/dma-verify.out 2>&1
	rc=$?
	echo 0 >"$DMA_FAULTY/dma_map"
	after=$(cat "$DMA_API/error_count")
	mapped=$(($(cat "$DMA_FAULTY/dma_mapped") - mapped))
	tail -n 3 /tmp/dma-verify.out
	echo "$mapped requests mapped; DMA API errors: $before before, $after after"
	[ -n "$loaded" ] || unload kaesbench_faulty
	[ "$rc" -eq 0 ] || fail "the verification failed ($rc)"
	# Empty cases are not mapped: half of 400 at least are not empty.
	[ "$mapped" -ge 200 ] || fail "$mapped requests mapped of 400 cases"
	[ "$after" -eq "$before" ] ||
		fail "$((after - before)) DMA API errors: buffers no device may be given"
}
ktap_test "verification's buffers mapped for a device as queued (dma-debug): no cache line starts two mappings" \
	dma_verify
