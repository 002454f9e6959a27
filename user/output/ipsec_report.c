// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Documentation/results.rst ("kaesbench ipsec") specifies the CSV columns
 * and the JSON members; kaesbench(8) the table. A figure that was not
 * measured is empty in CSV and null in JSON, never 0; an implementation
 * whose state is not "valid" has its figures printed, but marked, so
 * that nobody takes them for a working implementation's.
 */

#include <errno.h>
#include <inttypes.h>
#include <json-c/json.h>
#include <stdio.h>
#include <string.h>

#include "bench/result.h"
#include "ipsec/esp_path.h"
#include "output/csv.h"
#include "output/environment.h"
#include "output/ipsec_report.h"
#include "output/json_document.h"

static const struct kb_esp_setup *esp_of(const struct kb_path_run *run)
{
	return run->kind.front;
}

static const char *mode_name(const struct kb_path_run *run)
{
	return esp_of(run)->tunnel ? "tunnel" : "transport";
}

static double share(const struct kb_path_point *pt)
{
	return pt->has_ceiling && pt->ceiling_pps > 0 ?
		       pt->tunnel.pps / pt->ceiling_pps :
		       -1;
}

static void size_label(const struct kb_path_point *pt, char *buf, size_t len)
{
	if (pt->packet_size)
		snprintf(buf, len, "%" PRIu32, pt->packet_size);
	else
		snprintf(buf, len, "imix");
}

static void print_proofs(FILE *f, const struct kb_path_result *r)
{
	size_t i, proved = 0, raised = 0;

	for (i = 0; i < r->proofs; i++) {
		proved += r->proof[i].proved;
		raised += r->proof[i].raised;
	}
	fprintf(f,
		"  SAs: %zu made, %zu proved by their driver's reference count (+1 each)",
		r->proofs, proved);
	if (raised)
		fprintf(f,
			"; %zu made under a priority raised for the moment and set back",
			raised);
	fputc('\n', f);
}

static void print_half(FILE *f, const char *label, const struct kb_path_half *h)
{
	if (!h->ran) {
		fprintf(f, "  %s: not run\n", label);
		return;
	}
	fprintf(f,
		"  %s: %" PRIu64 " of %" PRIu64 " right, %" PRIu64
		" failed authentication, %" PRIu64 " wrong, %" PRIu64 " lost\n",
		label, h->traffic.received, h->traffic.sent, h->refused[0],
		h->traffic.wrong, h->traffic.lost);
}

/* iperf3's rate beside the generator's, through the same tunnel. */
static void print_iperf3(FILE *f, const struct kb_path_result *r)
{
	bool named = false;
	size_t k;

	for (k = 0; k < r->points; k++) {
		const struct kb_path_point *pt = &r->point[k];

		if (!pt->has_iperf3)
			continue;
		if (!named && pt->iperf3.program[0]) {
			fprintf(f, "  iperf3: %s\n", pt->iperf3.program);
			named = true;
		}
		if (!pt->iperf3.ran) {
			fprintf(f, "  iperf3 at %" PRIu32 ": %s\n",
				pt->packet_size, pt->iperf3.error);
			continue;
		}
		fprintf(f,
			"  iperf3 at %" PRIu32 ": %.0f/s received, %" PRIu64
			" of %" PRIu64
			" lost; kaesbench's generator: %.0f/s (%.2fx)\n",
			pt->packet_size, pt->iperf3.pps, pt->iperf3.lost,
			pt->iperf3.packets, pt->tunnel.pps,
			pt->iperf3.pps > 0 ? pt->tunnel.pps / pt->iperf3.pps :
					     0);
	}
}

/**
 * kb_ipsec_print_table() - the results as tables, one per implementation
 * @f: where to
 * @run: the results
 *
 * Return: 0, or -EIO when writing failed.
 */
int kb_ipsec_print_table(FILE *f, const struct kb_path_run *run)
{
	size_t i, k;

	fprintf(f,
		"ESP %s, %u-bit key, %s mode, between two network namespaces over veth\n",
		esp_of(run)->t->name, run->key_bits, mode_name(run));
	fprintf(f, "%u x %u ms per size; differential: %u datagrams each way\n",
		run->repeats, run->ms, run->diff_packets);
	fprintf(f, "reference: %s (the kernel's generic parts)\n",
		run->reference.driver);
	fprintf(f, "an SA made now gets: %s\n",
		run->selected[0] ? run->selected : "(unknown)");
	for (i = 0; i < run->count; i++) {
		const struct kb_path_result *r = &run->result[i];

		fprintf(f, "\n%s%s%s: %s%s%s\n", r->impl.driver,
			r->impl.selected ? " [selected]" : "",
			r->impl.reference ? " [reference]" : "",
			r->state == KB_PATH_VALID ?
				"valid" :
			r->state == KB_PATH_INVALID ?
				"INVALID: its figures are not to be used" :
				kb_path_state_name(r->state),
			r->message[0] ? ": " : "", r->message);
		if (strcmp(r->impl.named, r->impl.driver))
			fprintf(f, "  named as: %s\n", r->impl.named);
		print_proofs(f, r);
		print_half(f, "it encrypts, the reference decrypts",
			   &r->half[0]);
		print_half(f, "the reference encrypts, it decrypts",
			   &r->half[1]);
		if (!r->points)
			continue;
		fprintf(f,
			"  %6s %5s | %10s %7s %7s %6s | %10s %7s %7s | %10s %6s\n",
			"packet", "ESP", "tunnel/s", "Gbit/s", "us CPU",
			"spread", "plain/s", "Gbit/s", "us CPU", "ceiling/s",
			"share");
		for (k = 0; k < r->points; k++) {
			const struct kb_path_point *pt = &r->point[k];
			char size[16], ceil[16] = "-", sh[16] = "-";

			size_label(pt, size, sizeof(size));
			if (pt->has_ceiling) {
				snprintf(ceil, sizeof(ceil), "%.0f",
					 pt->ceiling_pps);
				snprintf(sh, sizeof(sh), "%.0f%%",
					 100 * share(pt));
			}
			fprintf(f,
				"  %6s %5" PRIu32
				" | %10.0f %7.3f %7.2f %5.0f%% | %10.0f %7.3f %7.2f | %10s %6s\n",
				size, pt->wire_len, pt->tunnel.pps,
				pt->tunnel.gbps, pt->tunnel.cpu_us_per_packet,
				100 * pt->tunnel.spread, pt->plain.pps,
				pt->plain.gbps, pt->plain.cpu_us_per_packet,
				ceil, sh);
		}
		if (r->ceiling_note[0])
			fprintf(f, "  %s\n", r->ceiling_note);
		else if (r->points && r->point[0].has_ceiling)
			fprintf(f,
				"  ceiling: encrypting in %s context, decrypting in %s context\n",
				kb_context_name(r->ceiling_context[0]),
				kb_context_name(r->ceiling_context[1]));
		print_iperf3(f, r);
	}
	if (run->left_count)
		fprintf(f,
			"\ntemplate instances the run registered and still registered (in use): %s\n",
			run->left);
	fprintf(f,
		"\npacket: the inner IPv4 packet's bytes (imix: %s); ESP: the packet on the wire; "
		"tunnel/s and plain/s: datagrams received right per second, with ESP and without; "
		"us CPU: all CPUs' busy time per datagram; ceiling/s: the crypto alone, encrypting and "
		"decrypting each packet once, from kaesbench.ko, each where ESP calls it (decrypting in softirq "
		"context); share: tunnel/s over it.\n",
		run->imix_spec ? run->imix_spec : "none");
	return ferror(f) ? -EIO : 0;
}

static const char *bool_word(bool b)
{
	return b ? "true" : "false";
}

/* CPU time per datagram, empty where no datagram was received. */
static void cpu_field(FILE *f, const struct kb_path_rate *r)
{
	if (r->median.received)
		fprintf(f, "%.3f", r->cpu_us_per_packet);
}

/**
 * kb_ipsec_print_csv() - a row per implementation and size
 * @f: where to
 * @run: the results
 *
 * Return: 0, or -EIO when writing failed.
 */
int kb_ipsec_print_csv(FILE *f, const struct kb_path_run *run)
{
	size_t i, k;

	fprintf(f,
		"transform,key_bits,mode,driver,named,module,selected,reference,state,message,"
		"diff_sent,diff_received,diff_integrity_failed,diff_wrong,diff_lost,"
		"packet,esp_bytes,tunnel_pps,tunnel_gbps,tunnel_cpu_us,tunnel_spread,tunnel_lost,"
		"plain_pps,plain_gbps,plain_cpu_us,ceiling_pps,ceiling_mbps,share,"
		"ceiling_encrypt_context,ceiling_decrypt_context\n");
	for (i = 0; i < run->count; i++) {
		const struct kb_path_result *r = &run->result[i];
		uint64_t sent = 0, got = 0, wrong = 0, lost = 0;
		uint64_t failed = 0;
		size_t rows = r->points ? r->points : 1;

		for (k = 0; k < 2; k++) {
			sent += r->half[k].traffic.sent;
			got += r->half[k].traffic.received;
			wrong += r->half[k].traffic.wrong;
			lost += r->half[k].traffic.lost;
			failed += r->half[k].refused[0];
		}
		for (k = 0; k < rows; k++) {
			const struct kb_path_point *pt =
				r->points ? &r->point[k] : NULL;

			kb_csv_field(f, esp_of(run)->t->name);
			fprintf(f, ",%u,%s,", run->key_bits, mode_name(run));
			kb_csv_field(f, r->impl.driver);
			fputc(',', f);
			kb_csv_field(f, r->impl.named);
			fputc(',', f);
			kb_csv_field(f, r->impl.module);
			fprintf(f, ",%s,%s,%s,", bool_word(r->impl.selected),
				bool_word(r->impl.reference),
				kb_path_state_name(r->state));
			kb_csv_field(f, r->message);
			fprintf(f,
				",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64
				",%" PRIu64 ",",
				sent, got, failed, wrong, lost);
			if (!pt) {
				fprintf(f, ",,,,,,,,,,,,,,\n");
				continue;
			}
			if (pt->packet_size)
				fprintf(f, "%" PRIu32, pt->packet_size);
			else
				fprintf(f, "imix");
			fprintf(f, ",%" PRIu32 ",%.1f,%.4f,", pt->wire_len,
				pt->tunnel.pps, pt->tunnel.gbps);
			cpu_field(f, &pt->tunnel);
			fprintf(f, ",%.3f,%" PRIu64 ",%.1f,%.4f,",
				pt->tunnel.spread, pt->tunnel.lost,
				pt->plain.pps, pt->plain.gbps);
			cpu_field(f, &pt->plain);
			if (pt->has_ceiling)
				fprintf(f, ",%.1f,%.3f,%.4f,%s,%s\n",
					pt->ceiling_pps, pt->ceiling_mbps,
					share(pt),
					kb_context_name(r->ceiling_context[0]),
					kb_context_name(r->ceiling_context[1]));
			else
				fprintf(f, ",,,,,\n");
		}
	}
	return ferror(f) ? -EIO : 0;
}

static struct json_object *str_or_null(const char *s)
{
	return s && s[0] ? json_object_new_string(s) : NULL;
}

static struct json_object *rate_json(const struct kb_path_rate *r)
{
	struct json_object *o = json_object_new_object();

	json_object_object_add(o, "packets_per_s",
			       json_object_new_double(r->pps));
	json_object_object_add(o, "gbit_per_s",
			       json_object_new_double(r->gbps));
	json_object_object_add(
		o, "cpu_us_per_packet",
		r->median.received ?
			json_object_new_double(r->cpu_us_per_packet) :
			NULL);
	json_object_object_add(o, "spread", json_object_new_double(r->spread));
	json_object_object_add(o, "measurements",
			       json_object_new_int64(r->count));
	json_object_object_add(o, "sent",
			       json_object_new_int64(r->median.sent));
	json_object_object_add(o, "received",
			       json_object_new_int64(r->median.received));
	json_object_object_add(o, "wall_s",
			       json_object_new_double(r->median.wall_s));
	json_object_object_add(o, "wrong", json_object_new_int64(r->wrong));
	json_object_object_add(o, "lost", json_object_new_int64(r->lost));
	return o;
}

static struct json_object *half_json(const struct kb_path_ops *ops,
				     const struct kb_path_half *h)
{
	struct json_object *o = json_object_new_object();
	size_t i;

	json_object_object_add(o, "encrypts", str_or_null(h->sender));
	json_object_object_add(o, "decrypts", str_or_null(h->receiver));
	json_object_object_add(o, "ran", json_object_new_boolean(h->ran));
	json_object_object_add(o, "sent",
			       json_object_new_int64(h->traffic.sent));
	json_object_object_add(o, "received",
			       json_object_new_int64(h->traffic.received));
	json_object_object_add(o, "wrong",
			       json_object_new_int64(h->traffic.wrong));
	json_object_object_add(o, "lost",
			       json_object_new_int64(h->traffic.lost));
	for (i = 0; i < ops->nrefusals; i++)
		json_object_object_add(o, ops->refusals[i].key,
				       json_object_new_int64(h->refused[i]));
	return o;
}

static struct json_object *proof_json(const struct kb_path_proof *p)
{
	struct json_object *o = json_object_new_object();
	struct json_object *raised = NULL;

	json_object_object_add(o, "lane", json_object_new_int(p->lane));
	json_object_object_add(o, "side", json_object_new_int(p->side));
	json_object_object_add(o, "driver", json_object_new_string(p->driver));
	json_object_object_add(o, "proved", json_object_new_boolean(p->proved));
	json_object_object_add(o, "refcnt_delta",
			       json_object_new_int(p->delta));
	json_object_object_add(o, "other_changed", str_or_null(p->other));
	if (p->raised) {
		raised = json_object_new_object();
		json_object_object_add(raised, "from",
				       json_object_new_int64(p->old_priority));
		json_object_object_add(raised, "to",
				       json_object_new_int64(p->raised_to));
	}
	json_object_object_add(o, "priority_raised", raised);
	return o;
}

/* null where not asked for; where it did not run, why. */
static struct json_object *iperf3_json(const struct kb_iperf3_result *r,
				       bool asked)
{
	struct json_object *o;

	if (!asked)
		return NULL;
	o = json_object_new_object();
	json_object_object_add(o, "ran", json_object_new_boolean(r->ran));
	json_object_object_add(o, "program", str_or_null(r->program));
	json_object_object_add(o, "packets_per_s",
			       r->ran ? json_object_new_double(r->pps) : NULL);
	json_object_object_add(o, "gbit_per_s",
			       r->ran ? json_object_new_double(r->gbps) : NULL);
	json_object_object_add(
		o, "sent", r->ran ? json_object_new_int64(r->packets) : NULL);
	json_object_object_add(o, "lost",
			       r->ran ? json_object_new_int64(r->lost) : NULL);
	json_object_object_add(o, "error", str_or_null(r->error));
	return o;
}

static struct json_object *point_json(const struct kb_path_run *run,
				      const struct kb_path_result *r,
				      const struct kb_path_point *pt)
{
	struct json_object *o = json_object_new_object();
	struct json_object *ceiling = NULL;

	json_object_object_add(o, "packet_bytes",
			       pt->packet_size ?
				       json_object_new_int64(pt->packet_size) :
				       NULL);
	json_object_object_add(o, "imix",
			       pt->packet_size ? NULL :
						 str_or_null(run->imix_spec));
	json_object_object_add(o, "esp_crypt_bytes",
			       json_object_new_int64(pt->crypt_len));
	json_object_object_add(o, "esp_packet_bytes",
			       json_object_new_int64(pt->wire_len));
	json_object_object_add(o, "tunnel", rate_json(&pt->tunnel));
	json_object_object_add(o, "plain", rate_json(&pt->plain));
	if (pt->has_ceiling) {
		ceiling = json_object_new_object();
		json_object_object_add(ceiling, "packets_per_s",
				       json_object_new_double(pt->ceiling_pps));
		json_object_object_add(
			ceiling, "mbps",
			json_object_new_double(pt->ceiling_mbps));
		json_object_object_add(ceiling, "encrypt_context",
				       json_object_new_string(kb_context_name(
					       r->ceiling_context[0])));
		json_object_object_add(ceiling, "decrypt_context",
				       json_object_new_string(kb_context_name(
					       r->ceiling_context[1])));
	}
	json_object_object_add(o, "ceiling", ceiling);
	json_object_object_add(o, "iperf3",
			       iperf3_json(&pt->iperf3, pt->has_iperf3));
	json_object_object_add(
		o, "share",
		pt->has_ceiling ? json_object_new_double(share(pt)) : NULL);
	return o;
}

static struct json_object *result_json(const void *ctx, size_t i)
{
	const struct kb_path_run *run = ctx;
	const struct kb_path_result *r = &run->result[i];
	struct json_object *o = json_object_new_object();
	struct json_object *a;
	char esp[CRYPTO_MAX_NAME];
	size_t k;

	if (!o)
		return NULL;
	kb_esp_name(esp_of(run)->t, esp, sizeof(esp));
	json_object_object_add(o, "transform",
			       json_object_new_string(esp_of(run)->t->name));
	json_object_object_add(o, "algorithm", json_object_new_string(esp));
	json_object_object_add(o, "key_bits",
			       json_object_new_int(run->key_bits));
	json_object_object_add(o, "mode",
			       json_object_new_string(mode_name(run)));
	json_object_object_add(o, "driver",
			       json_object_new_string(r->impl.driver));
	json_object_object_add(o, "named", str_or_null(r->impl.named));
	json_object_object_add(o, "module", str_or_null(r->impl.module));
	json_object_object_add(o, "priority",
			       json_object_new_int64(r->impl.priority));
	json_object_object_add(o, "selected",
			       json_object_new_boolean(r->impl.selected));
	json_object_object_add(o, "reference",
			       json_object_new_boolean(r->impl.reference));
	json_object_object_add(o, "reference_driver",
			       json_object_new_string(run->reference.driver));
	json_object_object_add(o, "auth_driver",
			       str_or_null(esp_of(run)->auth));
	json_object_object_add(
		o, "state",
		json_object_new_string(kb_path_state_name(r->state)));
	json_object_object_add(o, "message", str_or_null(r->message));
	json_object_object_add(o, "time_ms", json_object_new_int64(run->ms));
	json_object_object_add(o, "repeats",
			       json_object_new_int64(run->repeats));
	a = json_object_new_array();
	for (k = 0; k < r->proofs; k++)
		json_object_array_add(a, proof_json(&r->proof[k]));
	json_object_object_add(o, "sas", a);
	a = json_object_new_array();
	for (k = 0; k < 2; k++)
		json_object_array_add(a, half_json(run->kind.ops, &r->half[k]));
	json_object_object_add(o, "differential", a);
	a = json_object_new_array();
	for (k = 0; k < r->points; k++)
		json_object_array_add(a, point_json(run, r, &r->point[k]));
	json_object_object_add(o, "points", a);
	json_object_object_add(o, "ceiling_note", str_or_null(r->ceiling_note));
	json_object_object_add(o, "left_registered", str_or_null(run->left));
	return o;
}

/**
 * kb_ipsec_print_json() - the results as a JSON document, "ipsec" its list
 * @f: where to
 * @run: the results
 *
 * Return: 0 or a negative errno.
 */
int kb_ipsec_print_json(FILE *f, const struct kb_path_run *run)
{
	return kb_print_json_list(f, "ipsec", result_json, run, run->count,
				  kb_env_json_here(NULL));
}
