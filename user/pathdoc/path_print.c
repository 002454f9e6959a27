// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * A path command's results (`kaesbench ipsec`'s ...) as a table, CSV or
 * JSON: the JSON and the CSV walk the path's field tables
 * (pathdoc/path_doc.h); the table is every path's, in its words.
 * Documentation/results.rst specifies the CSV columns and the JSON
 * members; kaesbench(8) the table. An implementation whose state is not
 * "valid" has its figures printed, but marked, so that nobody takes them
 * for a working implementation's.
 */

#include <errno.h>
#include <inttypes.h>
#include <json-c/json.h>
#include <stdio.h>
#include <string.h>

#include "bench/result.h"
#include "output/environment.h"
#include "output/json_document.h"
#include "pathdoc/path_print.h"

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

static void print_proofs(FILE *f, const struct kb_path_ops *ops,
			 const struct kb_path_result *r)
{
	const char *other = NULL;
	size_t i, proved = 0, raised = 0;

	for (i = 0; i < r->proofs; i++) {
		proved += r->proof[i].proved;
		raised += r->proof[i].raised;
		if (r->proof[i].other[0] && !other)
			other = r->proof[i].other;
	}
	fprintf(f,
		"  %ss: %zu made, %zu proved by their driver's reference count (+%u each)",
		ops->end, r->proofs, proved, ops->transforms_per_end);
	if (raised)
		fprintf(f,
			"; %zu made under a priority raised for the moment and set back",
			raised);
	/* A fallback the driver allocates of its own name, or another user. */
	if (other)
		fprintf(f, "; %s's count rose too", other);
	fputc('\n', f);
}

static bool same_read_back(const struct kb_path_proof *a,
			   const struct kb_path_proof *b)
{
	return !strcmp(a->also, b->also) && a->also_bad == b->also_bad;
}

/* What the path read back of its ends (kTLS's), each reading once. */
static void print_read_back(FILE *f, const struct kb_path_ops *ops,
			    const struct kb_path_result *r)
{
	const struct kb_path_proof *p;
	bool first = true;
	size_t i, k, n;

	for (i = 0; i < r->proofs; i++) {
		p = &r->proof[i];
		for (k = 0; k < i && !same_read_back(&r->proof[k], p); k++)
			;
		if (!p->also[0] || k < i)
			continue;
		for (n = 0, k = i; k < r->proofs; k++)
			n += same_read_back(&r->proof[k], p);
		fprintf(f, "%s%s (%zu %s%s%s)", first ? "  read back: " : "; ",
			p->also, n, ops->end, n == 1 ? "" : "s",
			p->also_bad ? ": not the driver's" : "");
		first = false;
	}
	if (!first)
		fputc('\n', f);
}

static void print_half(FILE *f, const struct kb_path_doc *doc, int k,
		       const struct kb_path_half *h)
{
	const struct kb_path_words *w = kb_path_words_of(doc);
	const struct kb_path_ops *ops = doc->ops;
	size_t i;

	if (!h->ran) {
		fprintf(f, "  %s: not run\n", w->half[k]);
		return;
	}
	fprintf(f, "  %s: %" PRIu64 " of %" PRIu64 " right", w->half[k],
		h->traffic.received, h->traffic.sent);
	for (i = 0; i < w->refusals && i < ops->nrefusals; i++)
		fprintf(f, ", %" PRIu64 " %s", h->refused[i],
			ops->refusals[i].text);
	fprintf(f, ", %" PRIu64 " wrong, %" PRIu64 " lost\n", h->traffic.wrong,
		h->traffic.lost);
}

/* The keys swapped at both ends under traffic: what crossed the swap. */
static void print_rotation(FILE *f, const struct kb_path_words *w,
			   const struct kb_path_rotation *rot)
{
	if (!rot->ran)
		return;
	if (!rot->swapped) {
		fprintf(f, "  %s: not swapped: %s\n", w->rotation, rot->error);
		return;
	}
	fprintf(f,
		"  %s at %.2f s, %" PRIu32 "-byte %ss: %" PRIu64 " of %" PRIu64
		" right across it, %" PRIu64 " wrong, %" PRIu64 " lost\n",
		w->rotation, rot->swap_at_s, rot->packet_size, w->size,
		rot->traffic.received, rot->traffic.sent, rot->traffic.wrong,
		rot->traffic.lost);
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

/* The alongside lane's figures and its rate against the tunnel's. */
static void print_alongside(FILE *f, const struct kb_path_point *pt)
{
	char ratio[16] = "-";

	if (!pt->has_alongside) {
		fprintf(f, " | %10s %7s %7s %6s", "-", "-", "-", "-");
		return;
	}
	if (pt->alongside.pps > 0)
		snprintf(ratio, sizeof(ratio), "%.2fx",
			 pt->tunnel.pps / pt->alongside.pps);
	fprintf(f, " | %10.0f %7.3f %7.2f %6s", pt->alongside.pps,
		pt->alongside.gbps, pt->alongside.cpu_us_per_packet, ratio);
}

static void print_points_head(FILE *f, const struct kb_path_doc *doc)
{
	const struct kb_path_words *w = kb_path_words_of(doc);
	char head[32];

	fprintf(f, "  %6s %5s | %10s %7s %7s %6s | %10s %7s %7s", w->size,
		doc->protocol, "tunnel/s", "Gbit/s", "us CPU", "spread",
		"plain/s", "Gbit/s", "us CPU");
	if (w->alongside) {
		snprintf(head, sizeof(head), "%s/s", w->alongside);
		fprintf(f, " | %10s %7s %7s %6s", head, "Gbit/s", "us CPU",
			"ratio");
	}
	fprintf(f, " | %10s %6s\n", "ceiling/s", "share");
}

/* Why the alongside lane was not measured, where it was not. */
static void print_alongside_errors(FILE *f, const struct kb_path_words *w,
				   const struct kb_path_result *r)
{
	size_t k;

	for (k = 0; w->alongside && k < r->points; k++)
		if (!r->point[k].has_alongside &&
		    r->point[k].alongside_error[0])
			fprintf(f, "  %s at %" PRIu32 ": %s\n", w->alongside,
				r->point[k].packet_size,
				r->point[k].alongside_error);
}

static void print_points(FILE *f, const struct kb_path_doc *doc,
			 const struct kb_path_result *r)
{
	const struct kb_path_words *w = kb_path_words_of(doc);
	size_t k;

	print_points_head(f, doc);
	for (k = 0; k < r->points; k++) {
		const struct kb_path_point *pt = &r->point[k];
		char size[16], ceil[16] = "-", sh[16] = "-";

		size_label(pt, size, sizeof(size));
		if (pt->has_ceiling) {
			snprintf(ceil, sizeof(ceil), "%.0f", pt->ceiling_pps);
			snprintf(sh, sizeof(sh), "%.0f%%", 100 * share(pt));
		}
		fprintf(f,
			"  %6s %5" PRIu32
			" | %10.0f %7.3f %7.2f %5.0f%% | %10.0f %7.3f %7.2f",
			size, pt->wire_len, pt->tunnel.pps, pt->tunnel.gbps,
			pt->tunnel.cpu_us_per_packet, 100 * pt->tunnel.spread,
			pt->plain.pps, pt->plain.gbps,
			pt->plain.cpu_us_per_packet);
		if (w->alongside)
			print_alongside(f, pt);
		fprintf(f, " | %10s %6s\n", ceil, sh);
	}
	print_alongside_errors(f, w, r);
}

static void print_result(FILE *f, const struct kb_path_doc *doc,
			 const struct kb_path_result *r)
{
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
	print_proofs(f, doc->ops, r);
	if (doc->read_back)
		print_read_back(f, doc->ops, r);
	print_half(f, doc, 0, &r->half[0]);
	print_half(f, doc, 1, &r->half[1]);
	print_rotation(f, kb_path_words_of(doc), &r->rotation);
	if (!r->points)
		return;
	print_points(f, doc, r);
	if (r->ceiling_note[0])
		fprintf(f, "  %s\n", r->ceiling_note);
	else if (r->point[0].has_ceiling)
		fprintf(f,
			"  ceiling: encrypting in %s context, decrypting in %s context\n",
			kb_context_name(r->ceiling_context[0]),
			kb_context_name(r->ceiling_context[1]));
	print_iperf3(f, r);
}

/* The differential's other end and the alongside lane, where a library. */
static void print_libraries(FILE *f, const struct kb_path_run *run)
{
	const struct kb_path_ops *ops = run->kind.ops;

	if (ops->reference)
		fprintf(f, "checked against: %s (%s)\n", ops->reference,
			run->reference_version[0] ? run->reference_version :
						    "version unknown");
	if (ops->alongside)
		fprintf(f, "alongside: %s (%s)\n", ops->alongside,
			run->alongside_version[0] ? run->alongside_version :
						    "version unknown");
}

/* Why the keys are not rotated here, said once for every implementation. */
static void print_not_here(FILE *f, const struct kb_path_words *w,
			   const struct kb_path_run *run)
{
	size_t i;

	for (i = 0; i < run->count; i++)
		if (run->result[i].rotation.not_here[0]) {
			fprintf(f, "no %s here: %s\n", w->rotation,
				run->result[i].rotation.not_here);
			return;
		}
}

static void print_legend(FILE *f, const struct kb_path_doc *doc,
			 const struct kb_path_run *run)
{
	const char *p = doc->protocol;

	if (doc->table_legend) {
		doc->table_legend(f, run);
		return;
	}
	fprintf(f,
		"\npacket: the inner IPv4 packet's bytes (imix: %s); %s: the packet on the wire; "
		"tunnel/s and plain/s: datagrams received right per second, with %s and without; "
		"us CPU: all CPUs' busy time per datagram; ceiling/s: the crypto alone, encrypting and "
		"decrypting each packet once, from kaesbench.ko, each where %s calls it (decrypting in softirq "
		"context); share: tunnel/s over it.\n",
		run->imix_spec ? run->imix_spec : "none", p, p, p);
}

static int print_table(FILE *f, const struct kb_path_doc *doc,
		       const struct kb_path_run *run)
{
	const struct kb_path_words *w = kb_path_words_of(doc);
	size_t i;

	doc->table_title(f, run);
	fprintf(f, "%u x %u ms per size; differential: %u %ss each way\n",
		run->repeats, run->ms, run->diff_packets, w->unit);
	print_libraries(f, run);
	if (!doc->ops->reference || run->reference.driver[0])
		fprintf(f, "reference: %s (the kernel's generic parts)\n",
			run->reference.driver);
	fprintf(f, "%s made now gets: %s\n", doc->ops->an_end,
		run->selected[0] ? run->selected : "(unknown)");
	print_not_here(f, w, run);
	for (i = 0; i < run->count; i++)
		print_result(f, doc, &run->result[i]);
	if (run->left_count)
		fprintf(f,
			"\ntemplate instances the run registered and still registered (in use): %s\n",
			run->left);
	print_legend(f, doc, run);
	return ferror(f) ? -EIO : 0;
}

/* A row per implementation and point: its fields, then the point's. */
static int print_csv(FILE *f, const struct kb_path_doc *doc,
		     const struct kb_path_run *run)
{
	struct kb_path_rec rec = { .doc = doc, .run = run };
	bool first = true;
	size_t i, k;

	kb_fields_csv_header(f, doc->fields, doc->nfields, &first);
	kb_fields_csv_header(f, doc->point_fields, doc->npoint_fields, &first);
	fputc('\n', f);
	for (i = 0; i < run->count; i++) {
		rec.r = &run->result[i];
		for (k = 0; k < (rec.r->points ? rec.r->points : 1); k++) {
			rec.pt = rec.r->points ? &rec.r->point[k] : NULL;
			first = true;
			kb_fields_csv_row(f, doc->fields, doc->nfields, &rec,
					  &first);
			kb_fields_csv_row(f, doc->point_fields,
					  doc->npoint_fields, &rec, &first);
			fputc('\n', f);
		}
	}
	return ferror(f) ? -EIO : 0;
}

struct json_ctx {
	const struct kb_path_doc *doc;
	const struct kb_path_run *run;
};

static struct json_object *result_json(const void *ctx, size_t i)
{
	const struct json_ctx *c = ctx;
	struct kb_path_rec rec = { c->doc, c->run, &c->run->result[i], NULL };
	struct json_object *o = json_object_new_object();

	if (o && kb_fields_json(o, c->doc->fields, c->doc->nfields, &rec)) {
		json_object_put(o);
		return NULL;
	}
	return o;
}

/**
 * kb_path_print() - a path command's results as a table, CSV or JSON
 * @f: where to
 * @doc: the path's document kind
 * @run: the results
 * @output: which; the JSON document's list is named after the command
 *
 * Return: 0, or a negative errno when writing failed.
 */
int kb_path_print(FILE *f, const struct kb_path_doc *doc,
		  const struct kb_path_run *run, enum kb_path_output output)
{
	struct json_ctx ctx = { doc, run };

	if (output == KB_PATH_OUT_JSON)
		return kb_print_json_list(f, doc->ops->command, result_json,
					  &ctx, run->count,
					  kb_env_json_here(NULL));
	if (output == KB_PATH_OUT_CSV)
		return print_csv(f, doc, run);
	return print_table(f, doc, run);
}
