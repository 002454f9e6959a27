/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * A saved `kaesbench ipsec --json` document's "ipsec" list, read back for
 * compare and report: per implementation, what identifies it, its state,
 * the summary of its SAs' proofs and of the differential check, and per
 * point the tunnel's, plaintext's and the ceiling's packets per second.
 */
#ifndef KAESBENCH_OUTPUT_SAVED_IPSEC_H
#define KAESBENCH_OUTPUT_SAVED_IPSEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <json-c/json.h>

/* What makes two implementations' figures the same measurement. */
struct kb_saved_ipsec_key {
	const char *transform; /* "-" when not recorded */
	uint32_t key_bits; /* 0 when not recorded */
	const char *mode; /* "tunnel", "transport"; "-" when not recorded */
	const char *driver;
};

/* Through the tunnel or without ESP; each NAN when not recorded. */
struct kb_saved_ipsec_rate {
	double pps;
	double gbps;
	double cpu_us; /* per packet, all CPUs */
	double spread; /* (max - min) / median of the measurements' pps */
	int64_t measurements; /* 0 when not recorded */
};

struct kb_saved_ipsec_point {
	uint32_t size; /* the inner packet's bytes; 0 for the mix */
	const char *imix; /* the mix's spec, for the mix; else NULL */
	uint32_t esp_bytes; /* the ESP packet; 0 when not recorded */
	struct kb_saved_ipsec_rate tunnel, plain;
	double ceiling_pps; /* NAN: no ceiling */
	double share; /* tunnel over ceiling; NAN: none */
};

/* One half of the differential check, as recorded. */
struct kb_saved_ipsec_half {
	bool recorded;
	bool ran;
	int64_t sent, received, wrong, lost, integrity_failed;
};

struct kb_saved_ipsec {
	struct kb_saved_ipsec_key key;
	const char *named; /* NULL when not recorded, as every string here */
	const char *module;
	const char *reference_driver;
	int selected; /* 1, 0, -1 not recorded */
	int reference;
	const char *state; /* "valid", "invalid" ...; "-" when not recorded */
	const char *message;
	const char *ceiling_note;
	size_t sas; /* SAs made */
	size_t proved; /* of them proved by their driver's reference count */
	size_t raised; /* of them made under a priority raised for a moment */
	struct kb_saved_ipsec_half half[2]; /* it encrypts; it decrypts */
	struct kb_saved_ipsec_point *point;
	size_t points;
};

int kb_saved_ipsec_parse(const char *name, struct json_object *list,
			 struct kb_saved_ipsec **out, size_t *count, char *err,
			 size_t errlen);
void kb_saved_ipsec_free(struct kb_saved_ipsec *impl, size_t count);
bool kb_saved_ipsec_valid(const struct kb_saved_ipsec *impl);
int kb_saved_ipsec_key_cmp(const struct kb_saved_ipsec_key *a,
			   const struct kb_saved_ipsec_key *b);
int kb_saved_ipsec_point_cmp(const struct kb_saved_ipsec_point *a,
			     const struct kb_saved_ipsec_point *b);

#endif /* KAESBENCH_OUTPUT_SAVED_IPSEC_H */
