/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * A saved path document's list ("ipsec", "ovpn" ...), read back for
 * compare and report: per implementation, what identifies it, its state,
 * the summary of its ends' proofs and of the differential check, and per
 * point the tunnel's, plaintext's and the ceiling's packets per second.
 * The members' names are the path kind's (pathdoc/path_doc.h).
 */
#ifndef KAESBENCH_PATHDOC_SAVED_PATH_H
#define KAESBENCH_PATHDOC_SAVED_PATH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <json-c/json.h>

#include "output/saved.h"
#include "path/ops.h"

/* What makes two implementations' figures the same measurement. */
struct kb_saved_path_key {
	/* What the path runs: ESP's transform, ovpn's cipher; "-": none */
	const char *suite;
	uint32_t key_bits; /* 0 when not recorded */
	/* How: ESP's mode ("tunnel"), ovpn's transport; "-": not recorded */
	const char *variant;
	const char *driver;
	/*
	 * A yes-or-no choice of the path's (kTLS's sendfile): 1 or 0, -1
	 * not recorded; 0 for a path without one.
	 */
	int option;
};

/* Through the tunnel or without it; each NAN when not recorded. */
struct kb_saved_path_rate {
	double pps;
	double gbps;
	double cpu_us; /* per packet, all CPUs */
	double spread; /* (max - min) / median of the measurements' pps */
	int64_t measurements; /* 0 when not recorded */
};

struct kb_saved_path_point {
	uint32_t size; /* the inner packet's bytes; 0 for the mix */
	const char *imix; /* the mix's spec, for the mix; else NULL */
	uint32_t wire_bytes; /* the packet on the wire; 0 when not recorded */
	struct kb_saved_path_rate tunnel, plain;
	double ceiling_pps; /* NAN: no ceiling */
	double share; /* tunnel over ceiling; NAN: none */
	/* The path's alongside lane (kTLS's userspace OpenSSL); NAN: none. */
	struct kb_saved_path_rate alongside;
	const char *alongside_error; /* why it was not measured, if not */
};

/* One half of the differential check, as recorded. */
struct kb_saved_path_half {
	bool recorded;
	bool ran;
	int64_t sent, received, wrong, lost;
	/* The path's refusal counters, in its ops' order; [0] authentication. */
	int64_t refused[KB_PATH_MAX_REFUSALS];
};

struct kb_saved_path {
	struct kb_saved_path_key key;
	const char *named; /* NULL when not recorded, as every string here */
	const char *module;
	const char *reference_driver;
	int selected; /* 1, 0, -1 not recorded */
	int reference;
	const char *state; /* "valid", "invalid" ...; "-" when not recorded */
	const char *message;
	const char *ceiling_note;
	/* The differential's other end when it is a library, and versions. */
	const char *differential_reference;
	const char *reference_version;
	const char *alongside_version;
	const char *rotation_not_here; /* why keys are not rotated here */
	size_t ends; /* ends made (ESP's SAs) */
	size_t proved; /* of them proved by their driver's reference count */
	size_t raised; /* of them made under a priority raised for a moment */
	/* Of them read back by the path as not what the driver says. */
	size_t contradicted;
	struct kb_saved_path_half half[2]; /* it encrypts; it decrypts */
	struct kb_saved_path_point *point;
	size_t points;
};

int kb_saved_path_read(struct kb_saved *doc, struct json_object *list,
		       char *err, size_t errlen);
void kb_saved_path_free(struct kb_saved *doc);
bool kb_saved_path_valid(const struct kb_saved_path *impl);
int kb_saved_path_key_cmp(const struct kb_saved_path_key *a,
			  const struct kb_saved_path_key *b);
int kb_saved_path_point_cmp(const struct kb_saved_path_point *a,
			    const struct kb_saved_path_point *b);

#endif /* KAESBENCH_PATHDOC_SAVED_PATH_H */
