// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * ovpn's document: the fields of its own among every path's, in the
 * order Documentation/results.rst ("kaesbench ovpn") gives the JSON
 * members and the CSV columns, and the words its tables and pages use.
 * The cipher is named as OpenVPN's data-ciphers name it ("AES-256-GCM"),
 * the suite a saved document is compared by; the transport, its variant.
 */

#include <inttypes.h>
#include <stdio.h>

#include "output/html_escape.h"
#include "ovpn/impl.h"
#include "ovpn/ovpn_doc.h"
#include "ovpn/ovpn_path.h"
#include "pathdoc/path_compare_report.h"
#include "pathdoc/path_print.h"
#include "pathdoc/path_report.h"
#include "pathdoc/saved_path.h"

#define REC(p) ((const struct kb_path_rec *)(p))

static bool cipher(const void *p, struct kb_field_value *v)
{
	snprintf(v->text, sizeof(v->text), "AES-%u-GCM", REC(p)->run->key_bits);
	v->s = v->text;
	return true;
}

static bool algorithm(const void *p, struct kb_field_value *v)
{
	(void)p;
	v->s = KB_OVPN_ALLOC;
	return true;
}

static bool transport(const void *p, struct kb_field_value *v)
{
	const struct kb_ovpn_setup *s = REC(p)->run->kind.front;

	v->s = s->transport;
	return true;
}

static const struct kb_field
	f_cipher = {
		.json = "cipher",
		.csv = "cipher",
		.type = KB_FIELD_STRING,
		.get = cipher,
		.read = KB_READ_WORD,
		.offset = offsetof(struct kb_saved_path, key.suite),
	},
	f_algorithm = { .json = "algorithm",
			.type = KB_FIELD_STRING,
			.get = algorithm },
	f_transport = {
		.json = "transport",
		.csv = "transport",
		.type = KB_FIELD_STRING,
		.get = transport,
		.read = KB_READ_WORD,
		.offset = offsetof(struct kb_saved_path, key.variant),
	},
	f_key_slots = { .json = "key_slots",
			.type = KB_FIELD_JSON,
			.get = kb_path_get_proofs },
	f_diff_not_decrypted = { .csv = "diff_not_decrypted",
				 .type = KB_FIELD_INT,
				 .get = kb_path_get_diff_refused },
	f_crypt_bytes = { .json = "ovpn_crypt_bytes",
			  .type = KB_FIELD_INT,
			  .get = kb_path_get_crypt_bytes },
	f_packet_bytes = {
		.json = "ovpn_packet_bytes",
		.csv = "ovpn_bytes",
		.type = KB_FIELD_INT,
		.get = kb_path_get_wire_bytes,
		.read = KB_READ_BYTES,
		.offset = offsetof(struct kb_saved_path_point, wire_bytes),
	};

static const struct kb_field *const fields[] = {
	&f_cipher,
	&f_algorithm,
	&kb_path_field_key_bits,
	&f_transport,
	&kb_path_field_driver,
	&kb_path_field_named,
	&kb_path_field_module,
	&kb_path_field_priority,
	&kb_path_field_selected,
	&kb_path_field_reference,
	&kb_path_field_reference_driver,
	&kb_path_field_state,
	&kb_path_field_message,
	&kb_path_field_time_ms,
	&kb_path_field_repeats,
	&f_key_slots,
	&kb_path_field_differential,
	&kb_path_field_rotation,
	&kb_path_field_points,
	&kb_path_field_ceiling_note,
	&kb_path_field_left_registered,
	&kb_path_field_diff_sent,
	&kb_path_field_diff_received,
	&f_diff_not_decrypted,
	&kb_path_field_diff_wrong,
	&kb_path_field_diff_lost,
};

static const struct kb_field *const point_fields[] = {
	KB_PATH_POINT_FIELDS(&f_crypt_bytes, &f_packet_bytes),
};

static void table_title(FILE *f, const struct kb_path_run *run)
{
	const struct kb_ovpn_setup *s = run->kind.front;

	fprintf(f,
		"ovpn AES-%u-GCM over %s, between two network namespaces over veth\n",
		run->key_bits, s->transport);
}

static void compare_title(FILE *f, const struct kb_saved_path_key *k)
{
	fprintf(f, "ovpn %s over %s", k->suite, k->variant);
}

static void report_title(FILE *f, const struct kb_saved_path_key *k)
{
	fputs("OpenVPN data channel (ovpn): ", f);
	kb_html_escape(f, k->suite);
	fputs(" over ", f);
	kb_html_escape(f, k->variant);
}

const struct kb_path_doc kb_ovpn_doc = {
	.ops = &kb_ovpn_path_ops,
	.protocol = "ovpn",
	.fields = fields,
	.nfields = sizeof(fields) / sizeof(fields[0]),
	.point_fields = point_fields,
	.npoint_fields = sizeof(point_fields) / sizeof(point_fields[0]),
	.ends_key = "key_slots",
	.suite_key = "cipher",
	.variant_key = "transport",
	.table_title = table_title,
	.compare_title = compare_title,
	.report_title = report_title,
};

/**
 * kb_ovpn_print() - `kaesbench ovpn`'s results as a table, CSV or JSON
 * @f: where to
 * @run: the results
 * @output: which
 *
 * Return: 0, or a negative errno when writing failed.
 */
int kb_ovpn_print(FILE *f, const struct kb_path_run *run,
		  enum kb_path_output output)
{
	return kb_path_print(f, &kb_ovpn_doc, run, output);
}

const struct kb_doc_kind kb_ovpn_doc_kind = KB_PATH_DOC_KIND(
	"ovpn", kb_ovpn_doc, fields,
	"cipher, transport, driver and packet size",
	"file,cipher,key_bits,transport,driver,state,packet,ovpn_bytes,"
	"tunnel_pps,tunnel_gbps,tunnel_cpu_us,tunnel_spread,plain_pps,"
	"plain_cpu_us,ceiling_pps,share,key_slots,key_slots_proved,"
	"diff_sent,diff_received,diff_wrong,diff_not_decrypted,diff_lost,"
	"message\n");
