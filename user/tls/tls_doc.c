// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * kTLS's document: the fields of its own among every path's, in the
 * order Documentation/results.rst ("kaesbench tls") gives the JSON
 * members and the CSV columns, and the words its tables and pages use.
 * The suite is the cipher as -c names it ("aes-128-gcm"), the variant
 * the TLS version, the option sendfile: documents are compared by the
 * three. A point's size is a record's plaintext; its rates count records.
 */

#include <inttypes.h>
#include <stdio.h>

#include "output/html_escape.h"
#include "pathdoc/path_compare_report.h"
#include "pathdoc/path_print.h"
#include "pathdoc/path_report.h"
#include "pathdoc/saved_path.h"
#include "tls/tls.h"
#include "tls/tls_doc.h"
#include "tls/tls_path.h"

#define REC(p) ((const struct kb_path_rec *)(p))

static const struct kb_tls_front *front_of(const struct kb_path_run *run)
{
	return run->kind.front;
}

static bool cipher(const void *p, struct kb_field_value *v)
{
	v->s = front_of(REC(p)->run)->cipher->name;
	return true;
}

/* What net/tls allocates for it, per direction: "gcm(aes)". */
static bool algorithm(const void *p, struct kb_field_value *v)
{
	v->s = front_of(REC(p)->run)->cipher->alloc;
	return true;
}

/* The suite's key, whatever -k would have said: the suite names it. */
static bool key_bits(const void *p, struct kb_field_value *v)
{
	v->i = 8 * front_of(REC(p)->run)->cipher->key_bytes;
	return true;
}

static bool version(const void *p, struct kb_field_value *v)
{
	v->s = kb_tls_version_name(front_of(REC(p)->run)->version);
	return true;
}

static bool sendfile(const void *p, struct kb_field_value *v)
{
	v->b = front_of(REC(p)->run)->sendfile;
	return true;
}

/* The kernel's generic parts, null where none was found. */
static bool reference_driver(const void *p, struct kb_field_value *v)
{
	return kb_field_words(REC(p)->run->reference.driver, v);
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
	f_key_bits = {
		.json = "key_bits",
		.csv = "key_bits",
		.type = KB_FIELD_INT,
		.get = key_bits,
		.read = KB_READ_KEY_BITS,
		.offset = offsetof(struct kb_saved_path, key.key_bits),
	},
	f_version = {
		.json = "version",
		.csv = "version",
		.type = KB_FIELD_STRING,
		.get = version,
		.read = KB_READ_WORD,
		.offset = offsetof(struct kb_saved_path, key.variant),
	},
	f_sendfile = {
		.json = "sendfile",
		.csv = "sendfile",
		.type = KB_FIELD_BOOL,
		.get = sendfile,
		.read = KB_READ_FLAG,
		.offset = offsetof(struct kb_saved_path, key.option),
	},
	f_reference_driver = {
		.json = "reference_driver",
		.type = KB_FIELD_STRING,
		.get = reference_driver,
		.read = KB_READ_WORDS,
		.offset = offsetof(struct kb_saved_path, reference_driver),
	},
	f_keys = { .json = "keys",
		      .type = KB_FIELD_JSON,
		      .get = kb_path_get_proofs },
	f_diff_decrypt_errors = { .csv = "diff_decrypt_errors",
				  .type = KB_FIELD_INT,
				  .get = kb_path_get_diff_refused },
	f_diff_openssl_refused = { .csv = "diff_openssl_refused",
				   .type = KB_FIELD_INT,
				   .get = kb_path_get_diff_refused_next },
	f_crypt_bytes = { .json = "tls_crypt_bytes",
			  .type = KB_FIELD_INT,
			  .get = kb_path_get_crypt_bytes },
	f_record_bytes = {
		.json = "tls_record_bytes",
		.csv = "tls_bytes",
		.type = KB_FIELD_INT,
		.get = kb_path_get_wire_bytes,
		.read = KB_READ_BYTES,
		.offset = offsetof(struct kb_saved_path_point, wire_bytes),
	};

static const struct kb_field *const fields[] = {
	&f_cipher,
	&f_algorithm,
	&f_key_bits,
	&f_version,
	&f_sendfile,
	&kb_path_field_driver,
	&kb_path_field_named,
	&kb_path_field_module,
	&kb_path_field_priority,
	&kb_path_field_selected,
	&kb_path_field_reference,
	&f_reference_driver,
	&kb_path_field_differential_reference,
	&kb_path_field_reference_version,
	&kb_path_field_alongside_name,
	&kb_path_field_alongside_version,
	&kb_path_field_state,
	&kb_path_field_message,
	&kb_path_field_time_ms,
	&kb_path_field_repeats,
	&f_keys,
	&kb_path_field_differential,
	&kb_path_field_rotation,
	&kb_path_field_rotation_not_here,
	&kb_path_field_points,
	&kb_path_field_ceiling_note,
	&kb_path_field_left_registered,
	&kb_path_field_diff_sent,
	&kb_path_field_diff_received,
	&f_diff_decrypt_errors,
	&f_diff_openssl_refused,
	&kb_path_field_diff_wrong,
	&kb_path_field_diff_lost,
};

/* Every path's point, the alongside lane after plaintext, no iperf3. */
static const struct kb_field *const point_fields[] = {
	&kb_path_field_packet,
	&kb_path_field_packet_bytes,
	&kb_path_field_imix,
	&f_crypt_bytes,
	&f_record_bytes,
	&kb_path_field_tunnel,
	&kb_path_field_tunnel_pps,
	&kb_path_field_tunnel_gbps,
	&kb_path_field_tunnel_cpu_us,
	&kb_path_field_tunnel_spread,
	&kb_path_field_tunnel_lost,
	&kb_path_field_plain,
	&kb_path_field_plain_pps,
	&kb_path_field_plain_gbps,
	&kb_path_field_plain_cpu_us,
	&kb_path_field_alongside,
	&kb_path_field_alongside_error,
	&kb_path_field_alongside_pps,
	&kb_path_field_alongside_gbps,
	&kb_path_field_alongside_cpu_us,
	&kb_path_field_alongside_spread,
	&kb_path_field_alongside_ratio,
	&kb_path_field_ceiling,
	&kb_path_field_ceiling_pps,
	&kb_path_field_ceiling_mbps,
	&kb_path_field_share,
	&kb_path_field_ceiling_encrypt_context,
	&kb_path_field_ceiling_decrypt_context,
};

static const struct kb_path_words words = {
	.size = "record",
	.unit = "record",
	.rate = "records/s",
	.rotation = "key update",
	.half = { "the kernel seals, OpenSSL's libcrypto opens",
		  "libcrypto seals, the kernel opens" },
	.refusals = 2,
	.alongside = "OpenSSL",
};

static void table_title(FILE *f, const struct kb_path_run *run)
{
	const struct kb_tls_front *t = front_of(run);

	fprintf(f,
		"kTLS %s (%s), TLS %s, records over TCP on a network namespace's loopback%s\n",
		t->cipher->name, t->cipher->alloc,
		kb_tls_version_name(t->version),
		t->sendfile ? ", sent with sendfile()" : "");
}

static const char *option_words(int option)
{
	return option == 1 ? ", sendfile" :
	       option < 0  ? ", sendfile not recorded" :
			     "";
}

static void compare_title(FILE *f, const struct kb_saved_path_key *k)
{
	fprintf(f, "kTLS %s, TLS %s%s", k->suite, k->variant,
		option_words(k->option));
}

static void report_title(FILE *f, const struct kb_saved_path_key *k)
{
	fputs("TLS in the kernel (kTLS): ", f);
	kb_html_escape(f, k->suite);
	fputs(", TLS ", f);
	kb_html_escape(f, k->variant);
	fputs(option_words(k->option), f);
}

static void table_legend(FILE *f, const struct kb_path_run *run)
{
	(void)run;
	fputs("\nrecord: a record's plaintext bytes; kTLS: the record on the wire (its header, TLS 1.2's "
	      "explicit nonce, the ciphertext and the tag); tunnel/s: records received right per second "
	      "through kTLS, the kernel sealing and opening; plain/s: the same bytes over plain TCP; "
	      "OpenSSL/s: through userspace OpenSSL, SSL_write() and SSL_read() after a handshake; "
	      "ratio: tunnel/s over OpenSSL/s; us CPU: all CPUs' busy time per record; ceiling/s: the "
	      "crypto alone, sealing and opening each record once with TLS's associated data, from "
	      "kaesbench.ko, each where kTLS calls it; share: tunnel/s over it.\n",
	      f);
}

const struct kb_path_doc kb_tls_doc = {
	.ops = &kb_tls_path_ops,
	.protocol = "kTLS",
	.words = &words,
	.fields = fields,
	.nfields = sizeof(fields) / sizeof(fields[0]),
	.point_fields = point_fields,
	.npoint_fields = sizeof(point_fields) / sizeof(point_fields[0]),
	.ends_key = "keys",
	.suite_key = "cipher",
	.variant_key = "version",
	.option_key = "sendfile",
	.read_back = true,
	.table_title = table_title,
	.compare_title = compare_title,
	.report_title = report_title,
	.table_legend = table_legend,
};

/**
 * kb_tls_print() - `kaesbench tls`'s results as a table, CSV or JSON
 * @f: where to
 * @run: the results
 * @output: which
 *
 * Return: 0, or a negative errno when writing failed.
 */
int kb_tls_print(FILE *f, const struct kb_path_run *run,
		 enum kb_path_output output)
{
	return kb_path_print(f, &kb_tls_doc, run, output);
}

const struct kb_doc_kind kb_tls_doc_kind = KB_PATH_DOC_KIND(
	"tls", kb_tls_doc, fields,
	"cipher, version, sendfile, driver and record size",
	"file,cipher,key_bits,version,sendfile,driver,state,packet,tls_bytes,"
	"tunnel_pps,tunnel_gbps,tunnel_cpu_us,tunnel_spread,plain_pps,"
	"plain_cpu_us,alongside_pps,alongside_cpu_us,alongside_ratio,"
	"ceiling_pps,share,keys,keys_proved,diff_sent,diff_received,"
	"diff_wrong,diff_decrypt_errors,diff_openssl_refused,diff_lost,"
	"message\n");
