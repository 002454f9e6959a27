/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * A path's document kind (ipsec, ovpn ...): what its documents share with
 * every path's (implementations, the proofs of their ends, the
 * differential halves with the path's refusal counters, points of the
 * tunnel's, plaintext's and the ceiling's rates), written, read back,
 * compared and reported here once; and what a path says itself, in a
 * row of this struct in its own folder: its words, the fields of its own
 * (ESP's transform and mode, ovpn's cipher and transport) among the
 * shared ones in its field tables, its titles.
 */
#ifndef KAESBENCH_PATHDOC_PATH_DOC_H
#define KAESBENCH_PATHDOC_PATH_DOC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "output/doc_kind.h"
#include "output/field.h"
#include "path/ops.h"
#include "path/result.h"

/*
 * What a path document's field getters take: one implementation of a
 * run, and for a point's fields and a CSV row, one of its points (NULL:
 * a CSV row of an implementation without any).
 */
struct kb_path_doc;
struct kb_saved;
struct kb_saved_path_key;

struct kb_path_rec {
	const struct kb_path_doc *doc;
	const struct kb_path_run *run;
	const struct kb_path_result *r;
	const struct kb_path_point *pt;
};

/*
 * What a path's tables and pages call things where they are not ESP's
 * and ovpn's (kb_path_datagram_words): a path whose unit is a TLS record,
 * not a datagram, whose differential's other end is a library.
 */
struct kb_path_words {
	const char *size; /* a point's size, in headings: "packet" */
	const char *unit; /* what is sent and counted: "datagram" */
	const char *rate; /* its rate, in headings: "packets/s" */
	const char *rotation; /* the new keys under traffic: "key rotation" */
	/* The differential's halves: "it encrypts, the reference decrypts". */
	const char *half[2];
	/* The refusal counters shown beside each half (the ops' first ones). */
	unsigned int refusals;
	/* The alongside lane (ops->alongside) in headings: "OpenSSL"; NULL. */
	const char *alongside;
};

extern const struct kb_path_words kb_path_datagram_words;

struct kb_path_doc {
	const struct kb_path_ops *ops; /* its refusals, its ends' words */
	/* The protocol, as people call it: "ESP" (through ESP, no ESP). */
	const char *protocol;
	/* Its words where not ESP's and ovpn's; NULL: theirs. */
	const struct kb_path_words *words;
	/*
	 * An implementation's fields, in the order of its JSON object and
	 * of its CSV row: the getters take a struct kb_path_rec, the reader
	 * fills a struct kb_saved_path. Points are a member of them.
	 */
	const struct kb_field *const *fields;
	size_t nfields;
	/* A point's, the same way: the reader's is a kb_saved_path_point. */
	const struct kb_field *const *point_fields;
	size_t npoint_fields;
	const char *ends_key; /* the member of the ends' proofs: "sas" */
	/* The members compare's JSON names the key's suite and variant by. */
	const char *suite_key; /* "transform" */
	const char *variant_key; /* "mode" */
	/*
	 * A yes-or-no choice of the path's that makes another measurement
	 * (kTLS's "sendfile"), in the key as its option; NULL: none.
	 */
	const char *option_key;
	/* Its ends' proofs carry the path's own read-back of them (also). */
	bool read_back;
	/* The live table's heading: what was run, the first line. */
	void (*table_title)(FILE *f, const struct kb_path_run *run);
	/* A group of compare's rows, by its key: one line. */
	void (*compare_title)(FILE *f, const struct kb_saved_path_key *k);
	/* A document's section of the report, in HTML: the heading's text. */
	void (*report_title)(FILE *f, const struct kb_saved_path_key *k);
	/* Optional: the live table's closing legend, for a path's own words. */
	void (*table_legend)(FILE *f, const struct kb_path_run *run);
};

/* Fields every path's tables hold, each a getter of a struct kb_path_rec. */
extern const struct kb_field kb_path_field_key_bits, kb_path_field_driver,
	kb_path_field_named, kb_path_field_module, kb_path_field_priority,
	kb_path_field_selected, kb_path_field_reference,
	kb_path_field_reference_driver, kb_path_field_state,
	kb_path_field_message, kb_path_field_time_ms, kb_path_field_repeats,
	kb_path_field_differential, kb_path_field_points,
	kb_path_field_rotation, kb_path_field_ceiling_note,
	kb_path_field_left_registered, kb_path_field_diff_sent,
	kb_path_field_diff_received, kb_path_field_diff_wrong,
	kb_path_field_diff_lost, kb_path_field_differential_reference,
	kb_path_field_reference_version, kb_path_field_alongside_name,
	kb_path_field_alongside_version, kb_path_field_rotation_not_here;

/* A point's. */
extern const struct kb_field kb_path_field_packet, kb_path_field_packet_bytes,
	kb_path_field_imix, kb_path_field_tunnel, kb_path_field_tunnel_pps,
	kb_path_field_tunnel_gbps, kb_path_field_tunnel_cpu_us,
	kb_path_field_tunnel_spread, kb_path_field_tunnel_lost,
	kb_path_field_plain, kb_path_field_plain_pps, kb_path_field_plain_gbps,
	kb_path_field_plain_cpu_us, kb_path_field_ceiling,
	kb_path_field_ceiling_pps, kb_path_field_ceiling_mbps,
	kb_path_field_iperf3, kb_path_field_share,
	kb_path_field_ceiling_encrypt_context,
	kb_path_field_ceiling_decrypt_context;

/* A point's alongside lane (ops->alongside), beside tunnel and plain. */
extern const struct kb_field kb_path_field_alongside,
	kb_path_field_alongside_error, kb_path_field_alongside_pps,
	kb_path_field_alongside_gbps, kb_path_field_alongside_cpu_us,
	kb_path_field_alongside_spread, kb_path_field_alongside_ratio;

/* A rate's ("tunnel", "plain"): the getters take a struct kb_path_rate. */
extern const struct kb_field *const kb_path_rate_fields[];
extern const size_t kb_path_nrate_fields;

/* Fields whose names are the path's: a getter and a reader to name. */
bool kb_path_get_proofs(const void *rec, struct kb_field_value *v);
bool kb_path_get_crypt_bytes(const void *rec, struct kb_field_value *v);
bool kb_path_get_wire_bytes(const void *rec, struct kb_field_value *v);
bool kb_path_get_diff_refused(const void *rec, struct kb_field_value *v);
bool kb_path_get_diff_refused_next(const void *rec, struct kb_field_value *v);

const struct kb_path_doc *kb_path_doc_of(const struct kb_saved *doc);
const struct kb_path_words *kb_path_words_of(const struct kb_path_doc *pd);

/*
 * A point's fields, every path's in their order, with the path's own
 * two after the packet's: the bytes it encrypts, the packet on the wire.
 */
#define KB_PATH_POINT_FIELDS(crypt_bytes, wire_bytes)                         \
	&kb_path_field_packet, &kb_path_field_packet_bytes,                   \
		&kb_path_field_imix, crypt_bytes, wire_bytes,                 \
		&kb_path_field_tunnel, &kb_path_field_tunnel_pps,             \
		&kb_path_field_tunnel_gbps, &kb_path_field_tunnel_cpu_us,     \
		&kb_path_field_tunnel_spread, &kb_path_field_tunnel_lost,     \
		&kb_path_field_plain, &kb_path_field_plain_pps,               \
		&kb_path_field_plain_gbps, &kb_path_field_plain_cpu_us,       \
		&kb_path_field_ceiling, &kb_path_field_ceiling_pps,           \
		&kb_path_field_ceiling_mbps, &kb_path_field_iperf3,           \
		&kb_path_field_share, &kb_path_field_ceiling_encrypt_context, \
		&kb_path_field_ceiling_decrypt_context

/*
 * A path's row of the kinds table (documents/kinds.c): its name, which is
 * its list's too, its path document @doc with @doc_fields, and its own
 * words; reading, comparing and reporting are every path's
 * (pathdoc/saved_path.c, path_compare_report.c, path_report.c).
 */
#define KB_PATH_DOC_KIND(kind_name, doc, doc_fields, keyed, header)           \
	{                                                                     \
		.name = kind_name, .an = "an", .list = kind_name,             \
		.items = "implementations", .fields = doc_fields,             \
		.nfields = sizeof(doc_fields) / sizeof(doc_fields[0]),        \
		.priv = &doc, .read = kb_saved_path_read,                     \
		.free = kb_saved_path_free, .comparable = kb_path_comparable, \
		.compare = kb_path_compare_print, .keyed_by = keyed,          \
		.report_html = kb_report_path_html,                           \
		.report_csv = kb_report_path_csv, .csv_header = header,       \
	}

#endif /* KAESBENCH_PATHDOC_PATH_DOC_H */
