# SPDX-License-Identifier: GPL-2.0
# kaesbench-test: module=loaded check=latest,6.12,6.1
# kaesbench's own reference checks itself at load: a published known answer
# for each of its modes (kmod/refmodes.c). The test switch
# corrupt_known_answer=NAME flips a byte of that answer's expected output
# first: the module still loads, dmesg names the answer, and verification
# that would use the own reference is refused with a message naming it,
# while verification against the kernel's generic parts (6.x) goes on; a
# library path, self-checked against that reference, is refused too.
# Where that reference is used: 7.x (no generic AES) for everything, 6.x
# for what the generic parts do not compose (xctr).
#
# Starts with kaesbench loaded as the rig loads it; leaves it so.

RS_KO=/opt/kaesbench/kaesbench.ko
RS_PARAM=/sys/module/kaesbench/parameters/corrupt_known_answer
RS_NAMES="cbc cbc-decrypt ctr xctr cts xts xts-stealing rfc3686 gcm ccm
	rfc4106 rfc4309 seqiv rfc4543 authenc echainiv"

# rs_reload [ARG]: kaesbench again, with ARG; the dmesg lines of its load
# in /tmp/rs.dmesg.
rs_reload() {
	seen=$(dmesg | wc -l)
	unload kaesbench || return 1
	insmod "$RS_KO" "$@" || return 1
	dmesg | tail -n +$((seen + 1)) >/tmp/rs.dmesg
}

# rs_own_alg: an algorithm this kernel verifies against kaesbench's own
# reference (a PASS row naming aes-kaesbench), on stdout.
rs_own_alg() {
	for alg in "cbc(aes)" "xctr(aes)"; do
		kaesbench verify -a "$alg" --cases 4 >/tmp/rs.out 2>&1 &&
			awk '/^PASS/ && $4 ~ /aes-kaesbench/ { f = 1 } END { exit !f }' \
				/tmp/rs.out && { echo "$alg"; return 0; }
	done
	return 1
}

rs_loaded_clean() {
	rs_reload || fail "reload failed"
	cat /tmp/rs.dmesg
	! grep -q "known answer" /tmp/rs.dmesg || fail "a known answer failed"
	[ "$(cat "$RS_PARAM")" = "(null)" ] || fail "switch set: $(cat "$RS_PARAM")"
	alg=$(rs_own_alg) || fail "nothing verified against aes-kaesbench"
	grep '^PASS' /tmp/rs.out
}
ktap_test "every known answer passes at load; verification uses the own reference" \
	rs_loaded_clean

# Each answer, corrupted alone, is the one that fails: each is checked.
rs_each_answer_checked() {
	for name in $RS_NAMES; do
		rs_reload corrupt_known_answer="$name" ||
			fail "load with $name corrupted failed"
		grep "known answer" /tmp/rs.dmesg
		grep -q "fails the $name known answer (" /tmp/rs.dmesg ||
			fail "dmesg does not name $name"
	done
	rs_reload corrupt_known_answer=nonesuch || fail "load failed"
	grep -q "corrupt_known_answer=nonesuch names no known answer" \
		/tmp/rs.dmesg || fail "an unknown name is not said"
	! grep -q "fails the" /tmp/rs.dmesg || fail "a known answer failed"
}
ktap_test "each mode's known answer, corrupted alone, is the one dmesg names" \
	rs_each_answer_checked

rs_refused() {
	alg=$(rs_own_alg) || fail "nothing verified against aes-kaesbench"
	rs_reload corrupt_known_answer=xts || fail "load with xts corrupted failed"
	cat /tmp/rs.dmesg
	grep -q "fails the xts known answer (IEEE 1619 vector 2)" /tmp/rs.dmesg ||
		fail "dmesg does not name the vector"
	[ "$(cat "$RS_PARAM")" = xts ] || fail "switch: $(cat "$RS_PARAM")"
	expect_failure 1 "failed its self-check at load: the xts known answer (IEEE 1619 vector 2)" \
		kaesbench verify -a "$alg" --cases 4 || return 1
	# A library path's own self-check is against that reference: refused
	# too, never checked against a reference that failed (every kernel
	# has lib:aes).
	expect_failure 1 "failed its self-check at load: the xts known answer (IEEE 1619 vector 2)" \
		kaesbench run -d lib:aes -b 16 -t 10 -r 1 -w 0 || return 1
	# The generic parts are not kaesbench's: verification on them goes on.
	if has_driver aes-generic; then
		kaesbench verify -a "cbc(aes)" --cases 4 >/tmp/rs.out 2>&1 ||
			fail "cbc(aes) against the generic parts refused: $(cat /tmp/rs.out)"
		grep '^PASS.*cbc(aes-generic)' /tmp/rs.out ||
			fail "cbc(aes) not verified against cbc(aes-generic)"
	fi
	rs_reload || fail "reload failed"
	kaesbench verify -a "$alg" --cases 4 >/tmp/rs.out 2>&1 ||
		fail "not verified after a clean reload: $(cat /tmp/rs.out)"
	grep '^PASS.*aes-kaesbench' /tmp/rs.out ||
		fail "not against aes-kaesbench after a clean reload"
}
ktap_test "a corrupted known answer: loads, names it, refuses own-reference verification; a clean reload verifies" \
	rs_refused

# Whatever failed above, kaesbench is left as the rig loads it.
if ! grep -q '^kaesbench ' /proc/modules; then
	insmod "$RS_KO"
elif [ "$(cat "$RS_PARAM" 2>/dev/null)" != "(null)" ]; then
	rs_reload
fi
