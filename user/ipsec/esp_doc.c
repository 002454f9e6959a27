// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * ESP's document: the fields of its own among every path's, in the order
 * Documentation/results.rst ("kaesbench ipsec") gives the JSON members
 * and the CSV columns, and the words its tables and pages use.
 */

#include <inttypes.h>
#include <stdio.h>

#include "ipsec/esp_doc.h"
#include "ipsec/esp_path.h"
#include "output/html_escape.h"
#include "pathdoc/path_compare_report.h"
#include "pathdoc/path_print.h"
#include "pathdoc/path_report.h"
#include "pathdoc/saved_path.h"

#define REC(p) ((const struct kb_path_rec *)(p))

static const struct kb_esp_setup *esp_of(const struct kb_path_run *run)
{
	return run->kind.front;
}

static const char *mode_name(const struct kb_path_run *run)
{
	return esp_of(run)->tunnel ? "tunnel" : "transport";
}

static bool transform(const void *p, struct kb_field_value *v)
{
	v->s = esp_of(REC(p)->run)->t->name;
	return true;
}

/* What ESP allocates for it: "seqiv(rfc4106(gcm(aes)))". */
static bool algorithm(const void *p, struct kb_field_value *v)
{
	kb_esp_name(esp_of(REC(p)->run)->t, v->text, sizeof(v->text));
	v->s = v->text;
	return true;
}

static bool mode(const void *p, struct kb_field_value *v)
{
	v->s = mode_name(REC(p)->run);
	return true;
}

static bool auth_driver(const void *p, struct kb_field_value *v)
{
	return kb_field_words(esp_of(REC(p)->run)->auth, v);
}

static const struct kb_field
	f_transform = {
		.json = "transform",
		.csv = "transform",
		.type = KB_FIELD_STRING,
		.get = transform,
		.read = KB_READ_WORD,
		.offset = offsetof(struct kb_saved_path, key.suite),
	},
	f_algorithm = { .json = "algorithm",
			.type = KB_FIELD_STRING,
			.get = algorithm },
	f_mode = {
		.json = "mode",
		.csv = "mode",
		.type = KB_FIELD_STRING,
		.get = mode,
		.read = KB_READ_WORD,
		.offset = offsetof(struct kb_saved_path, key.variant),
	},
	f_auth_driver = { .json = "auth_driver",
			  .type = KB_FIELD_STRING,
			  .get = auth_driver },
	f_sas = { .json = "sas",
		  .type = KB_FIELD_JSON,
		  .get = kb_path_get_proofs },
	f_diff_integrity_failed = { .csv = "diff_integrity_failed",
				    .type = KB_FIELD_INT,
				    .get = kb_path_get_diff_refused },
	f_esp_crypt_bytes = { .json = "esp_crypt_bytes",
			      .type = KB_FIELD_INT,
			      .get = kb_path_get_crypt_bytes },
	f_esp_packet_bytes = {
		.json = "esp_packet_bytes",
		.csv = "esp_bytes",
		.type = KB_FIELD_INT,
		.get = kb_path_get_wire_bytes,
		.read = KB_READ_BYTES,
		.offset = offsetof(struct kb_saved_path_point, wire_bytes),
	};

static const struct kb_field *const fields[] = {
	&f_transform,
	&f_algorithm,
	&kb_path_field_key_bits,
	&f_mode,
	&kb_path_field_driver,
	&kb_path_field_named,
	&kb_path_field_module,
	&kb_path_field_priority,
	&kb_path_field_selected,
	&kb_path_field_reference,
	&kb_path_field_reference_driver,
	&f_auth_driver,
	&kb_path_field_state,
	&kb_path_field_message,
	&kb_path_field_time_ms,
	&kb_path_field_repeats,
	&f_sas,
	&kb_path_field_differential,
	&kb_path_field_points,
	&kb_path_field_ceiling_note,
	&kb_path_field_left_registered,
	&kb_path_field_diff_sent,
	&kb_path_field_diff_received,
	&f_diff_integrity_failed,
	&kb_path_field_diff_wrong,
	&kb_path_field_diff_lost,
};

static const struct kb_field *const point_fields[] = {
	KB_PATH_POINT_FIELDS(&f_esp_crypt_bytes, &f_esp_packet_bytes),
};

static void table_title(FILE *f, const struct kb_path_run *run)
{
	fprintf(f,
		"ESP %s, %u-bit key, %s mode, between two network namespaces over veth\n",
		esp_of(run)->t->name, run->key_bits, mode_name(run));
}

static void compare_title(FILE *f, const struct kb_saved_path_key *k)
{
	fprintf(f, "ESP %s, ", k->suite);
	if (k->key_bits)
		fprintf(f, "%" PRIu32 "-bit key, ", k->key_bits);
	else
		fprintf(f, "key length not recorded, ");
	fprintf(f, "%s mode", k->variant);
}

static void report_title(FILE *f, const struct kb_saved_path_key *k)
{
	fputs("IPsec: ESP ", f);
	kb_html_escape(f, k->suite);
	if (k->key_bits)
		fprintf(f, ", %" PRIu32 "-bit key", k->key_bits);
	fputs(", ", f);
	kb_html_escape(f, k->variant);
	fputs(" mode", f);
}

const struct kb_path_doc kb_esp_doc = {
	.ops = &kb_esp_path_ops,
	.protocol = "ESP",
	.fields = fields,
	.nfields = sizeof(fields) / sizeof(fields[0]),
	.point_fields = point_fields,
	.npoint_fields = sizeof(point_fields) / sizeof(point_fields[0]),
	.ends_key = "sas",
	.suite_key = "transform",
	.variant_key = "mode",
	.table_title = table_title,
	.compare_title = compare_title,
	.report_title = report_title,
};

/**
 * kb_esp_print() - `kaesbench ipsec`'s results as a table, CSV or JSON
 * @f: where to
 * @run: the results
 * @output: which
 *
 * Return: 0, or a negative errno when writing failed.
 */
int kb_esp_print(FILE *f, const struct kb_path_run *run,
		 enum kb_path_output output)
{
	return kb_path_print(f, &kb_esp_doc, run, output);
}

const struct kb_doc_kind kb_esp_doc_kind = KB_PATH_DOC_KIND(
	"ipsec", kb_esp_doc, fields,
	"transform, key bits, mode, driver and packet size",
	"file,transform,key_bits,mode,driver,state,packet,esp_bytes,"
	"tunnel_pps,tunnel_gbps,tunnel_cpu_us,tunnel_spread,plain_pps,"
	"plain_cpu_us,ceiling_pps,share,sas,sas_proved,diff_sent,"
	"diff_received,diff_wrong,diff_integrity_failed,diff_lost,message\n");
