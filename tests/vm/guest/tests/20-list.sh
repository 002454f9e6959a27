# SPDX-License-Identifier: GPL-2.0
# kaesbench-test: module=loaded check=latest,6.12,6.1,arm64-6.12
# kaesbench list against the kernel's own account in /proc/crypto.

# /proc/crypto's AES entries, laid out as `kaesbench list --dump` columns
# 1-8 and 12-17 (it does not show the hardware and selection columns).
proc_crypto_aes() {
	awk '
	function aes(s,   t, off, i, before, after) {
		t = s
		for (off = 0; (i = index(t, "aes")) > 0; t = substr(s, off + 1)) {
			before = off + i == 1 ? "" : substr(s, off + i - 1, 1)
			after = substr(s, off + i + 3, 1)
			if (before !~ /[A-Za-z0-9]/ && after !~ /[A-Za-z0-9]/)
				return 1
			off += i + 2
		}
		return 0
	}
	function num(v) { return v == "" ? 0 : v }
	function flush() {
		if (f["name"] != "" && aes(f["name"]) &&
		    f["type"] ~ /^(cipher|skcipher|lskcipher|aead)$/)
			print f["name"] "\t" f["driver"] "\t" f["module"] "\t" \
			      f["priority"] "\t" f["type"] "\t" \
			      (f["async"] == "yes" ? "yes" : "no") "\t" \
			      f["internal"] "\t" f["selftest"] "\t" \
			      num(f["blocksize"]) "\t" num(f["min keysize"]) "\t" \
			      num(f["max keysize"]) "\t" num(f["ivsize"]) "\t" \
			      num(f["chunksize"]) "\t" num(f["maxauthsize"])
		split("", f)
	}
	/^$/ { flush(); next }
	{
		k = $0; sub(/[ \t]*:.*/, "", k)
		v = $0; sub(/^[^:]*: ?/, "", v)
		f[k] = v
	}
	END { flush() }' /proc/crypto
}

# The library paths (lib:NAME, 55-library.sh) are no crypto API's.
list_dump_comparable() {
	awk -F '\t' -v OFS='\t' '$2 !~ /^lib:/ \
		{ print $1, $2, $3, $4, $5, $6, $7, $8, $12, $13, $14, $15, $16, $17 }'
}

list_agrees_with_proc_crypto() {
	kaesbench list --dump >/tmp/dump || fail "list failed"
	list_dump_comparable </tmp/dump | sort >/tmp/ours
	proc_crypto_aes | sort >/tmp/theirs
	[ -s /tmp/theirs ] || fail "no AES entry in /proc/crypto"
	echo "$(wc -l </tmp/ours) implementations listed"
	diff /tmp/theirs /tmp/ours || fail "list differs from /proc/crypto"
}

# What the crypto API's lookup picks, from /proc/crypto alone: per name and
# front end, the tested, non-internal entry of highest priority, the first
# one listed among equals; for synchronous users only non-async ones.
expected_selection() {
	proc_crypto_aes | awk -F '\t' '
	$8 != "passed" || $7 != "no" { next }
	{ key = ($5 == "lskcipher" ? "skcipher" : $5) SUBSEP $1 }
	!(key in best) || $4 + 0 > best[key] { best[key] = $4 + 0; pick[key] = $2 }
	$6 == "no" && (!(key in sbest) || $4 + 0 > sbest[key]) {
		sbest[key] = $4 + 0; spick[key] = $2
	}
	END {
		for (k in pick) print "any", pick[k]
		for (k in spick) print "sync", spick[k]
	}' | sort
}

selection_follows_priority() {
	kaesbench list --dump >/tmp/dump || fail "list failed"
	awk -F '\t' '$10 == "yes" { print "any", $2 }
		$11 == "yes" { print "sync", $2 }' </tmp/dump | sort >/tmp/ours
	expected_selection >/tmp/theirs
	[ -s /tmp/ours ] || fail "nothing marked selected"
	diff /tmp/theirs /tmp/ours || fail "selection differs"
}

virtio_crypto_listed() {
	kaesbench list --dump >/tmp/list.dump 2>&1
	awk -F '\t' '
		$2 == "virtio_crypto_aes_cbc" && $1 == "cbc(aes)" &&
		$3 == "virtio_crypto" && $6 == "yes" && $8 == "passed" { found = 1 }
		END { exit !found }' /tmp/list.dump && return 0
	# What the listing and the kernel said, for the failure's reader.
	grep -v '^cbc(aes)' /tmp/list.dump | grep -v '^[a-z]' | head -n 5
	grep virtio /tmp/list.dump
	grep -A 12 '^driver *: virtio_crypto_aes_cbc$' /proc/crypto
	fail "virtio_crypto_aes_cbc missing or not async and tested"
}

# The CPU's implementations serve the main modes: AES-NI's aesni_intel
# on x86; on arm64 the Crypto Extensions' aes_ce_blk (block modes) and
# ghash_ce (GCM).
cpu_listed_and_used() {
	for m in $CPU_BLK_MODULE $CPU_GCM_MODULE; do
		grep -q "^$m " /proc/modules || fail "$m not loaded"
	done
	kaesbench list --dump >/tmp/dump || fail "list failed"
	awk -F '\t' -v a="$CPU_BLK_MODULE" -v b="$CPU_GCM_MODULE" \
		'$3 == a || $3 == b' /tmp/dump | cut -f 2 | tr '\n' ' '
	echo
	for alg in "cbc(aes)" "ctr(aes)" "xts(aes)" "gcm(aes)"; do
		module=$CPU_BLK_MODULE
		[ "$alg" = "gcm(aes)" ] && module=$CPU_GCM_MODULE
		awk -F '\t' -v alg="$alg" -v m="$module" '$1 == alg &&
			$10 == "yes" && $3 == m { found = 1 } END { exit !found }' \
			/tmp/dump || fail "$alg is not served by $module"
	done
	# The single-block cipher: the CPU's (aes-aesni, aes-ce) where it
	# registers one (6.x); 7.x has none on x86, its only "aes" is the
	# AES library's aes-lib, which runs on the CPU's AES instructions
	# itself.
	sel=$(awk -F '\t' '$1 == "aes" && $10 == "yes" { print $2 " " $3 }' /tmp/dump)
	echo "aes: $sel"
	if awk -F '\t' -v m="$CPU_CIPHER_MODULE" '$1 == "aes" && $3 == m {
		found = 1 } END { exit !found }' /tmp/dump; then
		[ "${sel#* }" = "$CPU_CIPHER_MODULE" ] ||
			fail "aes is not served by $CPU_CIPHER_MODULE"
	else
		[ "$sel" = "aes-lib kernel" ] ||
			fail "$CPU_CIPHER_MODULE registers no aes and the selected aes is not the AES library's aes-lib"
	fi
}

table_marks_selection() {
	kaesbench list >/tmp/table || fail "list failed"
	cat /tmp/table
	grep -E "^ *\\*s? +cbc\\(aes\\) +$CPU_CBC " /tmp/table ||
		fail "${CPU_CBC} not marked selected"
}

unprivileged_list() {
	kaesbench list --dump >/tmp/root.dump || fail "list failed"
	su -s /bin/sh nobody -c 'kaesbench list --dump' >/tmp/nobody.dump ||
		fail "list as nobody failed"
	diff /tmp/root.dump /tmp/nobody.dump
}

ktap_test "list agrees with /proc/crypto for every AES implementation" \
	list_agrees_with_proc_crypto
ktap_test "selection follows the crypto API's priority rule" \
	selection_follows_priority
ktap_test "virtio_crypto_aes_cbc is listed, asynchronous" virtio_crypto_listed
ktap_test "$CPU_AES_NAME ($CPU_BLK_MODULE) listed and serving cbc, ctr, xts, gcm; aes by it or the AES library (aes-lib)" \
	cpu_listed_and_used
ktap_test "the table marks the selected implementation" table_marks_selection
ktap_test "an unprivileged user can list" unprivileged_list
