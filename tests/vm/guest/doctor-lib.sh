# SPDX-License-Identifier: GPL-2.0
# What the doctor files share (84-doctor-priority.sh, 85-doctor.sh,
# 87-doctor-esp.sh): the doctor's JSON and its findings, a driver's
# priority in the listing.

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

# finding_in FILE ID [JQ_CONDITION [JQ_OPTION...]]: the doctor's JSON in
# FILE has the finding ID, and it meets the condition.
finding_in() {
	file=$1
	id=$2
	cond=${3:-true}
	shift 2
	[ $# -eq 0 ] || shift
	jq -e --arg id "$id" "$@" "any(.findings[]; .id == \$id and ($cond))" \
		"$file" >/dev/null
}

# finding ID [JQ_CONDITION [JQ_OPTION...]]: in doctor_json's document.
finding() { finding_in /tmp/doctor.json "$@"; }

VIRTIO=virtio_crypto_aes_cbc

driver_priority() {
	kaesbench list --json |
		jq -r --arg d "$1" '.implementations[] |
			select(.driver == $d) | .priority'
}
