# SPDX-License-Identifier: GPL-2.0
# kaesbench-test: module=loaded
# Library paths: the AES library's entry points, which in-kernel users
# call without the crypto API, listed (those this kernel lacks with why),
# verified against kaesbench's own reference, measured, and refused when
# they compute wrong results: a test module (kaesbench_badlib) makes one
# library function wrong for kaesbench's threads alone.

BADLIB=/opt/kaesbench/kaesbench_badlib.ko

# The function whose export makes each path present (the Kbuild probe
# reads the kernel's exports when the module is built).
LIBRARY_PATHS="lib:aes=aes_encrypt lib:aes-ecb=aes_ecb_encrypt
lib:aes-cbc=aes_cbc_encrypt lib:aes-cbc-cts=aes_cbc_cts_encrypt
lib:aes-ctr=aes_ctr lib:aes-xctr=aes_xctr lib:aes-xts=aes_xts_encrypt
lib:aes-gcm=aes_gcm_encrypt lib:aes-ccm=aes_ccm_encrypt
lib:aesgcm=aesgcm_encrypt"

# present_paths: the library paths the listing runs, one a line.
present_paths() {
	kaesbench list --dump | awk -F '\t' '$2 ~ /^lib:/ { print $2 }'
}

# Every path is listed, present exactly where the running kernel has its
# function (/proc/kallsyms, independent of the build's probe), each with
# its calls, or with why it is absent.
listed_as_the_kernel_has_them() {
	kaesbench list | sed -n '/^library/,$p'
	kaesbench list --json >/tmp/lib-list.json || fail "list --json failed"
	for pair in $LIBRARY_PATHS; do
		path=${pair%%=*}
		fn=${pair#*=}
		entry=$(jq -c --arg p "$path" \
			'.implementations[] | select(.driver == $p)' /tmp/lib-list.json)
		[ -n "$entry" ] || fail "$path is not listed"
		echo "$entry" | jq -e '.library_path == true and .priority == 0 and
			.selected == false' >/dev/null ||
			fail "$path is not marked a library path: $entry"
		if grep -q " [Tt] $fn\$" /proc/kallsyms; then
			echo "$path: the kernel has $fn"
			echo "$entry" | jq -e '.absent == null and
				(.library_calls | test("'"$fn"'"))' >/dev/null ||
				fail "$path: the kernel has $fn, the listing: $entry"
		else
			echo "$path: the kernel lacks $fn"
			echo "$entry" | jq -e '(.absent | test("'"$fn"'"))' \
				>/dev/null || fail "$path: absent without why: $entry"
		fi
	done
	# Every kernel the rig runs exports the single-block library.
	present_paths | grep -qx lib:aes || fail "lib:aes is not present"
}
ktap_test "every library path is listed, present exactly where the kernel has its function, else with why" \
	listed_as_the_kernel_has_them

# Every AES encryption function the kernel exports is one kaesbench
# calls: a mode library newer than kaesbench would otherwise go unlisted
# and unmeasured, unnoticed. The exports are /proc/kallsyms' __ksymtab_
# entries; their incremental parts (_update, _final) and the MACs
# (aes_cmac_*, aes_cbcmac_*) are not AES encryption paths of their own.
every_export_known() {
	awk '$3 ~ /^__ksymtab_aes/ { sub(/^__ksymtab_/, "", $3); print $3 }' \
		/proc/kallsyms | sort -u >/tmp/lib-exports
	grep -qx aes_encrypt /tmp/lib-exports ||
		fail "no __ksymtab_aes_encrypt in /proc/kallsyms: the kernel's exports cannot be read here"
	for pair in $LIBRARY_PATHS; do
		echo "${pair#*=}"
	done >/tmp/lib-known
	grep -E '^aes(gcm)?_([a-z_]*_)?encrypt$|^aes_x?ctr$' /tmp/lib-exports |
		tee /tmp/lib-encrypting
	while read -r fn; do
		grep -qx "$fn" /tmp/lib-known ||
			fail "the kernel exports $fn, which no library path of kaesbench's calls"
	done </tmp/lib-encrypting
}
ktap_test "every AES encryption function the kernel exports is called by one of kaesbench's library paths" \
	every_export_known

# Verified against kaesbench's own reference, never the kernel's generic
# parts, and measured, each in both directions.
verified_and_measured() {
	for path in $(present_paths); do
		kaesbench verify -d "$path" --cases 150 --json >/tmp/lib-verify.json ||
			fail "verify -d $path failed: $(jq -c '.verifications' /tmp/lib-verify.json)"
		jq -r '.verifications[0] | "\(.driver): \(.result) against \(.reference)"' \
			/tmp/lib-verify.json
		jq -e '.verifications[0].reference | test("kaesbench")' \
			/tmp/lib-verify.json >/dev/null ||
			fail "$path was verified against another reference than kaesbench's own"
		for way in "" --decrypt; do
			# shellcheck disable=SC2086 # $way: no option, or one
			kaesbench run -d "$path" -b 16,4096 -t 50 -r 2 $way --json \
				>/tmp/lib-run.json || fail "run -d $path $way failed"
			jq -r '.runs[0] | "  \(.driver) \(if .decrypt then "decrypt" else "encrypt" end): \([.samples[] | "\(.size) B \(.ops) ops"] | join(", ")), \(.measured_checked) checked, \(.measured_wrong) wrong"' \
				/tmp/lib-run.json
			jq -e '.runs[0] | .state == "ended" and .library_path == true and
				.depth == 1 and .measured_wrong == 0 and
				all(.samples[]; .ops > 0)' /tmp/lib-run.json >/dev/null ||
				fail "run -d $path $way: $(jq -c '.runs[0] | {state, message}' /tmp/lib-run.json)"
		done
	done
}
ktap_test "every library path this kernel has passes verification against kaesbench's own reference and is measured both ways" \
	verified_and_measured

# A sweep of an algorithm puts its library path beside the crypto API's.
swept_beside_the_crypto_api() {
	path=lib:aes-cbc
	present_paths | grep -qx "$path" || path=lib:aes
	alg=$(kaesbench list --dump | awk -F '\t' -v p="$path" '$2 == p { print $1 }')
	kaesbench run -a "$alg" --all-impls -b 16,4096 -t 50 -r 2 |
		grep -v '^#' | tee /tmp/lib-sweep.txt
	grep -q "^ *$path " /tmp/lib-sweep.txt ||
		fail "the sweep of $alg has no $path row"
	grep -q "^\* " /tmp/lib-sweep.txt ||
		fail "the sweep of $alg has no row for what the crypto API hands out"
}
ktap_test "a sweep of an algorithm has its library path's row beside the crypto API's" \
	swept_beside_the_crypto_api

# Bad input: a path no kaesbench knows, and one this kernel lacks.
bad_library_names() {
	expect_failure 2 "no library path lib:nonesuch; this kernel has: lib:aes" \
		kaesbench run -d lib:nonesuch || return 1
	expect_failure 2 "no library path lib:nonesuch" \
		kaesbench verify -d lib:nonesuch || return 1
	absent=$(kaesbench list --json |
		jq -r '[.implementations[] | select(.absent != null)][0].driver // empty')
	if [ -n "$absent" ]; then
		expect_failure 2 "$absent is absent from this kernel: this kernel does not export" \
			kaesbench run -d "$absent"
	else
		echo "this kernel has every library path kaesbench knows"
	fi
}
ktap_test "-d with a library path this kernel lacks, or none knows, exits 2 naming those it has" \
	bad_library_names

badlib_load() {
	insmod "$BADLIB" "$@" || fail "insmod kaesbench_badlib $* failed"
}

badlib_unload() {
	echo "kaesbench_badlib made $(cat /sys/module/kaesbench_badlib/parameters/corrupted) calls wrong"
	rmmod kaesbench_badlib
}

# Wrong from the first call: the self-check refuses it before anything
# is measured or verified.
refused_by_its_self_check() {
	badlib_load symbol=aes_encrypt out_arg=1
	expect_failure 1 "the library path failed its self-check: its encryption differs from kaesbench's own reference: refused, not measured" \
		kaesbench run -d lib:aes -b 16 -t 50 -r 1 || { badlib_unload; return 1; }
	expect_failure 1 "failed its self-check" \
		kaesbench verify -d lib:aes || { badlib_unload; return 1; }
	badlib_unload
	# And right again once the function is.
	kaesbench run -d lib:aes -b 16 -t 50 -r 1 >/dev/null || fail "lib:aes refused after the fault was gone"
}
ktap_test "a library function wrong from its first call is refused by the self-check, never measured" \
	refused_by_its_self_check

# Wrong only now and then, past the self-check: the verification, against
# kaesbench's own reference, catches it; where the crypto API's "aes" is
# the library itself (aes-lib, 7.x), a reference built from the kernel's
# generic parts would compute the same wrong blocks, and the own one
# catches aes-lib too.
caught_by_the_own_reference() {
	badlib_load symbol=aes_encrypt out_arg=1 corrupt_after=64 corrupt_every=97
	kaesbench verify -d lib:aes --cases 200 >/tmp/lib-bad.txt 2>&1
	rc=$?
	cat /tmp/lib-bad.txt
	if [ "$rc" -ne 1 ] || ! grep -q '^FAIL  *lib:aes ' /tmp/lib-bad.txt; then
		badlib_unload
		fail "a wrong lib:aes passed its verification (exit $rc)"
	fi
	if has_driver aes-lib; then
		kaesbench verify -d aes-lib --cases 200 >/tmp/lib-bad.txt 2>&1
		rc=$?
		cat /tmp/lib-bad.txt
		if [ "$rc" -ne 1 ] ||
			! grep -q '^FAIL  *aes-lib .*kaesbench' /tmp/lib-bad.txt; then
			badlib_unload
			fail "aes-lib over a wrong library passed (exit $rc)"
		fi
	else
		echo "no aes-lib here: the crypto API's aes does not call the library"
	fi
	badlib_unload
}
ktap_test "a library function wrong now and then is caught by the verification, against kaesbench's own reference" \
	caught_by_the_own_reference

# The mode libraries, where the kernel has them (7.3): one made wrong is
# refused too, and so is the crypto API's driver built on it, if any.
mode_library_refused() {
	present_paths | grep -qx lib:aes-cbc || {
		echo "this kernel has no AES mode libraries"
		return "$KSFT_SKIP"
	}
	badlib_load symbol=aes_cbc_encrypt out_arg=0
	expect_failure 1 "failed its self-check" \
		kaesbench run -d lib:aes-cbc -b 4096 -t 50 -r 1 || { badlib_unload; return 1; }
	badlib_unload
}
ktap_test "a wrong AES mode library (aes_cbc_encrypt) is refused by its path's self-check" \
	mode_library_refused

# The crypto API's drivers over the mode libraries (7.3's *-aes-lib), if
# the kernel has them: verified and measured as any other.
aes_lib_drivers() {
	# Their MACs (cbcmac-, cmac-, xcbc-aes-lib) are hashes: not AES modes.
	drivers=$(awk '/^driver/ { d = $3 } /^type/ { t = $3 }
		/^$/ { if (d ~ /-aes-lib$/ && (t == "skcipher" || t == "aead" ||
			t == "lskcipher")) print d; d = t = "" }' /proc/crypto | sort -u)
	[ -n "$drivers" ] || {
		echo "no *-aes-lib drivers on this kernel"
		return "$KSFT_SKIP"
	}
	for d in $drivers; do
		kaesbench verify -d "$d" --cases 100 | grep -v '^verif' ||
			fail "verify -d $d failed"
		kaesbench run -d "$d" -b 4096 -t 50 -r 1 >/dev/null || fail "run -d $d failed"
		echo "$d: verified and measured"
	done
}
ktap_test "the crypto API's *-aes-lib drivers, where the kernel has them, are verified and measured" \
	aes_lib_drivers
