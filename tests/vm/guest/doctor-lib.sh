# SPDX-License-Identifier: GPL-2.0
# What the doctor files share (84-doctor-priority.sh, 85-doctor.sh): the
# doctor's JSON and its findings, a driver's priority in the listing.

# doctor_json [OPTION...]: kaesbench doctor --json into /tmp/doctor.json,
# its findings printed as text for the log.
doctor_json() {
	kaesbench doctor --json "$@" >/tmp/doctor.json
	rc=$?
	jq -r '.findings[] | "[\(.severity)] \(.id)\n  \(.summary)",
		(.evidence[] | "  evidence: \(.)"),
		(.fix // empty | "  fix: \(.)")' /tmp/doctor.json
	jq -r '.not_checked[] | "not checked: \(.check): \(.reason)"' \
		/tmp/doctor.json
	[ "$rc" -le 1 ] || fail "doctor exited $rc"
}

# finding ID [JQ_CONDITION [JQ_OPTION...]]: the doctor found ID, and it
# meets the condition.
finding() {
	id=$1
	cond=${2:-true}
	shift
	[ $# -eq 0 ] || shift
	jq -e --arg id "$id" "$@" "any(.findings[]; .id == \$id and ($cond))" \
		/tmp/doctor.json >/dev/null
}

VIRTIO=virtio_crypto_aes_cbc

driver_priority() {
	kaesbench list --json |
		jq -r --arg d "$1" '.implementations[] |
			select(.driver == $d) | .priority'
}
