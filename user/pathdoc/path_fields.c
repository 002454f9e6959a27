// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The fields every path's document holds, each stated once: its JSON
 * member, its CSV column, how a run gives it and where a saved document's
 * record keeps it. A path's own table (ESP's in ipsec/esp_doc.c) lists
 * them in its order among its own. Documentation/results.rst ("kaesbench
 * ipsec") specifies them. A figure that was not measured is empty in CSV
 * and null in JSON, never 0.
 */

#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>

#include "bench/result.h"
#include "pathdoc/path_doc.h"
#include "pathdoc/saved_path.h"

#define REC(p) ((const struct kb_path_rec *)(p))

#define FIELD(j, c, t, g, ...)                                       \
	{                                                            \
		.json = j, .csv = c, .type = KB_FIELD_##t, .get = g, \
		__VA_ARGS__                                          \
	}
#define READ(how, member) \
	.read = KB_READ_##how, .offset = offsetof(struct kb_saved_path, member)
#define READ_POINT(how, member) \
	.read = KB_READ_##how,  \
	.offset = offsetof(struct kb_saved_path_point, member)
#define READ_RATE(how, member) \
	.read = KB_READ_##how, \
	.offset = offsetof(struct kb_saved_path_rate, member)

static bool key_bits(const void *p, struct kb_field_value *v)
{
	v->i = REC(p)->run->key_bits;
	return true;
}

static bool driver(const void *p, struct kb_field_value *v)
{
	v->s = REC(p)->r->impl.driver;
	return true;
}

static bool named(const void *p, struct kb_field_value *v)
{
	return kb_field_words(REC(p)->r->impl.named, v);
}

static bool module(const void *p, struct kb_field_value *v)
{
	return kb_field_words(REC(p)->r->impl.module, v);
}

static bool priority(const void *p, struct kb_field_value *v)
{
	v->i = REC(p)->r->impl.priority;
	return true;
}

static bool selected(const void *p, struct kb_field_value *v)
{
	v->b = REC(p)->r->impl.selected;
	return true;
}

static bool reference(const void *p, struct kb_field_value *v)
{
	v->b = REC(p)->r->impl.reference;
	return true;
}

static bool reference_driver(const void *p, struct kb_field_value *v)
{
	v->s = REC(p)->run->reference.driver;
	return true;
}

static bool state(const void *p, struct kb_field_value *v)
{
	v->s = kb_path_state_name(REC(p)->r->state);
	return true;
}

static bool message(const void *p, struct kb_field_value *v)
{
	return kb_field_words(REC(p)->r->message, v);
}

static bool time_ms(const void *p, struct kb_field_value *v)
{
	v->i = REC(p)->run->ms;
	return true;
}

static bool repeats(const void *p, struct kb_field_value *v)
{
	v->i = REC(p)->run->repeats;
	return true;
}

static struct json_object *str_or_null(const char *s)
{
	return s && s[0] ? json_object_new_string(s) : NULL;
}

static struct json_object *proof_json(const struct kb_path_proof *p,
				      bool read_back)
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
	if (read_back) {
		json_object_object_add(o, "read_back", str_or_null(p->also));
		json_object_object_add(o, "read_back_contradicts",
				       json_object_new_boolean(p->also_bad));
	}
	return o;
}

/**
 * kb_path_get_proofs() - the ends' proofs, the member a path names ("sas")
 * @rec: a struct kb_path_rec
 * @v: its JSON array, each end's proof
 *
 * Return: true.
 */
bool kb_path_get_proofs(const void *rec, struct kb_field_value *v)
{
	const struct kb_path_result *r = REC(rec)->r;
	bool read_back = REC(rec)->doc->read_back;
	size_t k;

	v->json = json_object_new_array();
	for (k = 0; k < r->proofs; k++)
		json_object_array_add(v->json,
				      proof_json(&r->proof[k], read_back));
	return true;
}

/*
 * An end of a half: its driver; the reference's name where the path's
 * reference is a library (ops->reference), which the half's other end
 * names; null when neither end was made.
 */
static struct json_object *half_end(const struct kb_path_ops *ops,
				    const char *end, const char *other)
{
	if (!end && ops->reference && other)
		return json_object_new_string(ops->reference);
	return str_or_null(end);
}

static struct json_object *half_json(const struct kb_path_ops *ops,
				     const struct kb_path_half *h)
{
	struct json_object *o = json_object_new_object();
	size_t i;

	json_object_object_add(o, "encrypts",
			       half_end(ops, h->sender, h->receiver));
	json_object_object_add(o, "decrypts",
			       half_end(ops, h->receiver, h->sender));
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

/* The halves, each with the path's refusal counters by their names. */
static bool differential(const void *p, struct kb_field_value *v)
{
	const struct kb_path_rec *rec = REC(p);
	size_t k;

	v->json = json_object_new_array();
	for (k = 0; k < 2; k++)
		json_object_array_add(v->json, half_json(rec->run->kind.ops,
							 &rec->r->half[k]));
	return true;
}

static bool points(const void *p, struct kb_field_value *v)
{
	struct kb_path_rec point = *REC(p);
	struct json_object *o;
	size_t k;

	v->json = json_object_new_array();
	for (k = 0; k < point.r->points; k++) {
		point.pt = &point.r->point[k];
		o = json_object_new_object();
		kb_fields_json(o, point.doc->point_fields,
			       point.doc->npoint_fields, &point);
		json_object_array_add(v->json, o);
	}
	return true;
}

static bool ceiling_note(const void *p, struct kb_field_value *v)
{
	return kb_field_words(REC(p)->r->ceiling_note, v);
}

static bool left_registered(const void *p, struct kb_field_value *v)
{
	return kb_field_words(REC(p)->run->left, v);
}

/* The differential's counts, both halves summed: CSV's. */
static void diff_sums(const struct kb_path_result *r, uint64_t sum[6])
{
	size_t k;

	for (k = 0; k < 6; k++)
		sum[k] = 0;
	for (k = 0; k < 2; k++) {
		sum[0] += r->half[k].traffic.sent;
		sum[1] += r->half[k].traffic.received;
		sum[2] += r->half[k].traffic.wrong;
		sum[3] += r->half[k].traffic.lost;
		sum[4] += r->half[k].refused[0];
		sum[5] += r->half[k].refused[1];
	}
}

static bool diff_sum(const void *p, struct kb_field_value *v, size_t which)
{
	uint64_t sum[6];

	diff_sums(REC(p)->r, sum);
	v->i = (int64_t)sum[which];
	return true;
}

static bool diff_sent(const void *p, struct kb_field_value *v)
{
	return diff_sum(p, v, 0);
}

static bool diff_received(const void *p, struct kb_field_value *v)
{
	return diff_sum(p, v, 1);
}

static bool diff_wrong(const void *p, struct kb_field_value *v)
{
	return diff_sum(p, v, 2);
}

static bool diff_lost(const void *p, struct kb_field_value *v)
{
	return diff_sum(p, v, 3);
}

/**
 * kb_path_get_diff_refused() - both halves' first refusal counter, summed
 * @rec: a struct kb_path_rec
 * @v: the sum: the packets that failed authentication, in ESP's words
 *
 * Return: true.
 */
bool kb_path_get_diff_refused(const void *rec, struct kb_field_value *v)
{
	return diff_sum(rec, v, 4);
}

/**
 * kb_path_get_diff_refused_next() - both halves' second refusal counter,
 *				      summed
 * @rec: a struct kb_path_rec
 * @v: the sum: kTLS's records libcrypto refused, where the first counter
 *     is the kernel's
 *
 * Return: true.
 */
bool kb_path_get_diff_refused_next(const void *rec, struct kb_field_value *v)
{
	return diff_sum(rec, v, 5);
}

/* A key rotation under traffic, for the paths that rotate keys; else null. */
static bool rotation(const void *p, struct kb_field_value *v)
{
	const struct kb_path_rotation *rot = &REC(p)->r->rotation;
	struct json_object *o;

	if (!rot->ran)
		return false;
	o = json_object_new_object();
	json_object_object_add(o, "packet_bytes",
			       json_object_new_int64(rot->packet_size));
	json_object_object_add(o, "swapped",
			       json_object_new_boolean(rot->swapped));
	json_object_object_add(o, "swap_at_s",
			       json_object_new_double(rot->swap_at_s));
	json_object_object_add(o, "sent",
			       json_object_new_int64(rot->traffic.sent));
	json_object_object_add(o, "received",
			       json_object_new_int64(rot->traffic.received));
	json_object_object_add(o, "wrong",
			       json_object_new_int64(rot->traffic.wrong));
	json_object_object_add(o, "lost",
			       json_object_new_int64(rot->traffic.lost));
	json_object_object_add(o, "error", str_or_null(rot->error));
	v->json = o;
	return true;
}

/*
 * The differential's other end, where it is a library (ops->reference:
 * "OpenSSL's libcrypto"), and the alongside lane (ops->alongside), with
 * their versions as this machine has them.
 */
static bool differential_reference(const void *p, struct kb_field_value *v)
{
	return kb_field_words(REC(p)->run->kind.ops->reference, v);
}

static bool reference_version(const void *p, struct kb_field_value *v)
{
	return kb_field_words(REC(p)->run->reference_version, v);
}

static bool alongside_name(const void *p, struct kb_field_value *v)
{
	return kb_field_words(REC(p)->run->kind.ops->alongside, v);
}

static bool alongside_version(const void *p, struct kb_field_value *v)
{
	return kb_field_words(REC(p)->run->alongside_version, v);
}

/* Why the path's keys are not rotated here (a kernel without it). */
static bool rotation_not_here(const void *p, struct kb_field_value *v)
{
	return kb_field_words(REC(p)->r->rotation.not_here, v);
}

const struct kb_field
	kb_path_field_key_bits = FIELD("key_bits", "key_bits", INT, key_bits,
				       READ(KEY_BITS, key.key_bits)),
	kb_path_field_driver = FIELD("driver", "driver", STRING, driver,
				     READ(REQUIRED, key.driver)),
	kb_path_field_named =
		FIELD("named", "named", STRING, named, READ(WORDS, named)),
	kb_path_field_module =
		FIELD("module", "module", STRING, module, READ(WORDS, module)),
	kb_path_field_priority = FIELD("priority", NULL, INT, priority),
	kb_path_field_selected = FIELD("selected", "selected", BOOL, selected,
				       READ(FLAG, selected)),
	kb_path_field_reference = FIELD("reference", "reference", BOOL,
					reference, READ(FLAG, reference)),
	kb_path_field_reference_driver = FIELD("reference_driver", NULL, STRING,
					       reference_driver,
					       READ(WORDS, reference_driver)),
	kb_path_field_state =
		FIELD("state", "state", STRING, state, READ(WORD, state)),
	kb_path_field_message = FIELD("message", "message", STRING, message,
				      READ(WORDS, message)),
	kb_path_field_time_ms = FIELD("time_ms", NULL, INT, time_ms),
	kb_path_field_repeats = FIELD("repeats", NULL, INT, repeats),
	kb_path_field_differential =
		FIELD("differential", NULL, JSON, differential),
	kb_path_field_points = FIELD("points", NULL, JSON, points),
	kb_path_field_rotation = FIELD("rotation", NULL, JSON, rotation),
	kb_path_field_ceiling_note = FIELD("ceiling_note", NULL, STRING,
					   ceiling_note,
					   READ(WORDS, ceiling_note)),
	kb_path_field_left_registered =
		FIELD("left_registered", NULL, STRING, left_registered),
	kb_path_field_diff_sent = FIELD(NULL, "diff_sent", INT, diff_sent),
	kb_path_field_diff_received =
		FIELD(NULL, "diff_received", INT, diff_received),
	kb_path_field_diff_wrong = FIELD(NULL, "diff_wrong", INT, diff_wrong),
	kb_path_field_diff_lost = FIELD(NULL, "diff_lost", INT, diff_lost),
	kb_path_field_differential_reference = FIELD(
		"differential_reference", NULL, STRING, differential_reference,
		READ(WORDS, differential_reference)),
	kb_path_field_reference_version = FIELD("reference_version", NULL,
						STRING, reference_version,
						READ(WORDS, reference_version)),
	kb_path_field_alongside_name =
		FIELD("alongside_lane", NULL, STRING, alongside_name),
	kb_path_field_alongside_version = FIELD("alongside_version", NULL,
						STRING, alongside_version,
						READ(WORDS, alongside_version)),
	kb_path_field_rotation_not_here = FIELD("rotation_not_here", NULL,
						STRING, rotation_not_here,
						READ(WORDS, rotation_not_here));

/* A point's fields: none without a point (a CSV row of no point). */
#define PT(p) (REC(p)->pt)

static bool packet(const void *p, struct kb_field_value *v)
{
	if (!PT(p))
		return false;
	if (PT(p)->packet_size)
		snprintf(v->text, sizeof(v->text), "%" PRIu32,
			 PT(p)->packet_size);
	else
		snprintf(v->text, sizeof(v->text), "imix");
	v->s = v->text;
	return true;
}

static bool packet_bytes(const void *p, struct kb_field_value *v)
{
	v->i = PT(p) ? PT(p)->packet_size : 0;
	return v->i;
}

static bool imix(const void *p, struct kb_field_value *v)
{
	return PT(p) && !PT(p)->packet_size &&
	       kb_field_words(REC(p)->run->imix_spec, v);
}

/**
 * kb_path_get_crypt_bytes() - what is encrypted per datagram, at a point
 * @rec: a struct kb_path_rec
 * @v: the bytes (a mean, for the IMIX)
 *
 * Return: whether there is a point.
 */
bool kb_path_get_crypt_bytes(const void *rec, struct kb_field_value *v)
{
	if (!PT(rec))
		return false;
	v->i = PT(rec)->crypt_len;
	return true;
}

/**
 * kb_path_get_wire_bytes() - the packet on the veth, at a point
 * @rec: a struct kb_path_rec
 * @v: the bytes (a mean, for the IMIX)
 *
 * Return: whether there is a point.
 */
bool kb_path_get_wire_bytes(const void *rec, struct kb_field_value *v)
{
	if (!PT(rec))
		return false;
	v->i = PT(rec)->wire_len;
	return true;
}

#define RATE(p) ((const struct kb_path_rate *)(p))

static bool rate_pps(const void *p, struct kb_field_value *v)
{
	v->d = RATE(p)->pps;
	return true;
}

static bool rate_gbps(const void *p, struct kb_field_value *v)
{
	v->d = RATE(p)->gbps;
	return true;
}

/* CPU time per datagram: none where no datagram was received. */
static bool rate_cpu_us(const void *p, struct kb_field_value *v)
{
	v->d = RATE(p)->cpu_us_per_packet;
	return RATE(p)->median.received;
}

static bool rate_spread(const void *p, struct kb_field_value *v)
{
	v->d = RATE(p)->spread;
	return true;
}

static bool rate_count(const void *p, struct kb_field_value *v)
{
	v->i = (int64_t)RATE(p)->count;
	return true;
}

static bool rate_sent(const void *p, struct kb_field_value *v)
{
	v->i = (int64_t)RATE(p)->median.sent;
	return true;
}

static bool rate_received(const void *p, struct kb_field_value *v)
{
	v->i = (int64_t)RATE(p)->median.received;
	return true;
}

static bool rate_wall_s(const void *p, struct kb_field_value *v)
{
	v->d = RATE(p)->median.wall_s;
	return true;
}

static bool rate_wrong(const void *p, struct kb_field_value *v)
{
	v->i = (int64_t)RATE(p)->wrong;
	return true;
}

static bool rate_lost(const void *p, struct kb_field_value *v)
{
	v->i = (int64_t)RATE(p)->lost;
	return true;
}

static const struct kb_field rate_field[] = {
	FIELD("packets_per_s", NULL, DOUBLE, rate_pps, READ_RATE(FIGURE, pps)),
	FIELD("gbit_per_s", NULL, DOUBLE, rate_gbps, READ_RATE(FIGURE, gbps)),
	FIELD("cpu_us_per_packet", NULL, DOUBLE, rate_cpu_us,
	      READ_RATE(FIGURE, cpu_us)),
	FIELD("spread", NULL, DOUBLE, rate_spread, READ_RATE(FIGURE, spread)),
	FIELD("measurements", NULL, INT, rate_count,
	      READ_RATE(COUNT, measurements)),
	FIELD("sent", NULL, INT, rate_sent),
	FIELD("received", NULL, INT, rate_received),
	FIELD("wall_s", NULL, DOUBLE, rate_wall_s),
	FIELD("wrong", NULL, INT, rate_wrong),
	FIELD("lost", NULL, INT, rate_lost),
};

const struct kb_field *const kb_path_rate_fields[] = {
	&rate_field[0], &rate_field[1], &rate_field[2], &rate_field[3],
	&rate_field[4], &rate_field[5], &rate_field[6], &rate_field[7],
	&rate_field[8], &rate_field[9],
};

const size_t kb_path_nrate_fields =
	sizeof(kb_path_rate_fields) / sizeof(kb_path_rate_fields[0]);

static struct json_object *rate_json(const struct kb_path_rate *r)
{
	struct json_object *o = json_object_new_object();

	kb_fields_json(o, kb_path_rate_fields, kb_path_nrate_fields, r);
	return o;
}

static bool tunnel(const void *p, struct kb_field_value *v)
{
	v->json = PT(p) ? rate_json(&PT(p)->tunnel) : NULL;
	return v->json;
}

static bool plain(const void *p, struct kb_field_value *v)
{
	v->json = PT(p) ? rate_json(&PT(p)->plain) : NULL;
	return v->json;
}

/* A rate's figure as a CSV cell: @get on the point's tunnel or plain. */
#define RATE_CELL(name, which, get)                               \
	static bool name(const void *p, struct kb_field_value *v) \
	{                                                         \
		return PT(p) && get(&PT(p)->which, v);            \
	}

RATE_CELL(tunnel_pps, tunnel, rate_pps)
RATE_CELL(tunnel_gbps, tunnel, rate_gbps)
RATE_CELL(tunnel_cpu_us, tunnel, rate_cpu_us)
RATE_CELL(tunnel_spread, tunnel, rate_spread)
RATE_CELL(tunnel_lost, tunnel, rate_lost)
RATE_CELL(plain_pps, plain, rate_pps)
RATE_CELL(plain_gbps, plain, rate_gbps)
RATE_CELL(plain_cpu_us, plain, rate_cpu_us)

/* The alongside lane's rate, where the path has one and it was measured. */
static bool has_alongside(const void *p)
{
	return PT(p) && PT(p)->has_alongside;
}

static bool alongside(const void *p, struct kb_field_value *v)
{
	v->json = has_alongside(p) ? rate_json(&PT(p)->alongside) : NULL;
	return v->json;
}

static bool alongside_error(const void *p, struct kb_field_value *v)
{
	return PT(p) && !PT(p)->has_alongside &&
	       kb_field_words(PT(p)->alongside_error, v);
}

#define ALONGSIDE_CELL(name, get)                                     \
	static bool name(const void *p, struct kb_field_value *v)     \
	{                                                             \
		return has_alongside(p) && get(&PT(p)->alongside, v); \
	}

ALONGSIDE_CELL(alongside_pps, rate_pps)
ALONGSIDE_CELL(alongside_gbps, rate_gbps)
ALONGSIDE_CELL(alongside_cpu_us, rate_cpu_us)
ALONGSIDE_CELL(alongside_spread, rate_spread)

/* The tunnel's rate over the alongside lane's: kTLS's over OpenSSL's. */
static bool alongside_ratio(const void *p, struct kb_field_value *v)
{
	if (!has_alongside(p) || !(PT(p)->alongside.pps > 0))
		return false;
	v->d = PT(p)->tunnel.pps / PT(p)->alongside.pps;
	return true;
}

static bool has_ceiling(const void *p)
{
	return PT(p) && PT(p)->has_ceiling;
}

static bool ceiling(const void *p, struct kb_field_value *v)
{
	const uint32_t *context = REC(p)->r->ceiling_context;
	struct json_object *o;

	if (!has_ceiling(p))
		return false;
	o = json_object_new_object();
	json_object_object_add(o, "packets_per_s",
			       json_object_new_double(PT(p)->ceiling_pps));
	json_object_object_add(o, "mbps",
			       json_object_new_double(PT(p)->ceiling_mbps));
	json_object_object_add(
		o, "encrypt_context",
		json_object_new_string(kb_context_name(context[0])));
	json_object_object_add(
		o, "decrypt_context",
		json_object_new_string(kb_context_name(context[1])));
	v->json = o;
	return true;
}

static bool ceiling_pps(const void *p, struct kb_field_value *v)
{
	if (!has_ceiling(p))
		return false;
	v->d = PT(p)->ceiling_pps;
	return true;
}

static bool ceiling_mbps(const void *p, struct kb_field_value *v)
{
	if (!has_ceiling(p))
		return false;
	v->d = PT(p)->ceiling_mbps;
	return true;
}

/* The tunnel's rate over the ceiling's; -1 where the ceiling is 0. */
static bool share(const void *p, struct kb_field_value *v)
{
	if (!has_ceiling(p))
		return false;
	v->d = PT(p)->ceiling_pps > 0 ? PT(p)->tunnel.pps / PT(p)->ceiling_pps :
					-1;
	return true;
}

static bool encrypt_context(const void *p, struct kb_field_value *v)
{
	if (!has_ceiling(p))
		return false;
	v->s = kb_context_name(REC(p)->r->ceiling_context[0]);
	return true;
}

static bool decrypt_context(const void *p, struct kb_field_value *v)
{
	if (!has_ceiling(p))
		return false;
	v->s = kb_context_name(REC(p)->r->ceiling_context[1]);
	return true;
}

/* null where not asked for; where it did not run, why. */
static bool iperf3(const void *p, struct kb_field_value *v)
{
	const struct kb_iperf3_result *r;
	struct json_object *o;

	if (!PT(p) || !PT(p)->has_iperf3)
		return false;
	r = &PT(p)->iperf3;
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
	v->json = o;
	return true;
}

const struct kb_field
	kb_path_field_packet = FIELD(NULL, "packet", STRING, packet),
	kb_path_field_packet_bytes =
		FIELD("packet_bytes", NULL, INT, packet_bytes),
	kb_path_field_imix = FIELD("imix", NULL, STRING, imix),
	kb_path_field_tunnel = FIELD("tunnel", NULL, JSON, tunnel,
				     READ_POINT(OBJECT, tunnel),
				     .sub = kb_path_rate_fields,
				     .nsub = &kb_path_nrate_fields),
	kb_path_field_tunnel_pps =
		FIELD(NULL, "tunnel_pps", DOUBLE, tunnel_pps, .format = "%.1f"),
	kb_path_field_tunnel_gbps = FIELD(NULL, "tunnel_gbps", DOUBLE,
					  tunnel_gbps, .format = "%.4f"),
	kb_path_field_tunnel_cpu_us = FIELD(NULL, "tunnel_cpu_us", DOUBLE,
					    tunnel_cpu_us, .format = "%.3f"),
	kb_path_field_tunnel_spread = FIELD(NULL, "tunnel_spread", DOUBLE,
					    tunnel_spread, .format = "%.3f"),
	kb_path_field_tunnel_lost =
		FIELD(NULL, "tunnel_lost", INT, tunnel_lost),
	kb_path_field_plain = FIELD("plain", NULL, JSON, plain,
				    READ_POINT(OBJECT, plain),
				    .sub = kb_path_rate_fields,
				    .nsub = &kb_path_nrate_fields),
	kb_path_field_plain_pps =
		FIELD(NULL, "plain_pps", DOUBLE, plain_pps, .format = "%.1f"),
	kb_path_field_plain_gbps =
		FIELD(NULL, "plain_gbps", DOUBLE, plain_gbps, .format = "%.4f"),
	kb_path_field_plain_cpu_us = FIELD(NULL, "plain_cpu_us", DOUBLE,
					   plain_cpu_us, .format = "%.3f"),
	kb_path_field_ceiling = FIELD("ceiling", NULL, JSON, ceiling),
	kb_path_field_ceiling_pps = FIELD(NULL, "ceiling_pps", DOUBLE,
					  ceiling_pps, .format = "%.1f"),
	kb_path_field_ceiling_mbps = FIELD(NULL, "ceiling_mbps", DOUBLE,
					   ceiling_mbps, .format = "%.3f"),
	kb_path_field_iperf3 = FIELD("iperf3", NULL, JSON, iperf3),
	kb_path_field_share = FIELD("share", "share", DOUBLE, share,
				    .format = "%.4f",
				    READ_POINT(FIGURE, share)),
	kb_path_field_ceiling_encrypt_context =
		FIELD(NULL, "ceiling_encrypt_context", STRING, encrypt_context),
	kb_path_field_ceiling_decrypt_context =
		FIELD(NULL, "ceiling_decrypt_context", STRING, decrypt_context);

const struct kb_field kb_path_field_alongside =
			      FIELD("alongside", NULL, JSON, alongside,
				    READ_POINT(OBJECT, alongside),
				    .sub = kb_path_rate_fields,
				    .nsub = &kb_path_nrate_fields),
		      kb_path_field_alongside_error = FIELD(
			      "alongside_error", NULL, STRING, alongside_error,
			      READ_POINT(WORDS, alongside_error)),
		      kb_path_field_alongside_pps = FIELD(NULL, "alongside_pps",
							  DOUBLE, alongside_pps,
							  .format = "%.1f"),
		      kb_path_field_alongside_gbps =
			      FIELD(NULL, "alongside_gbps", DOUBLE,
				    alongside_gbps, .format = "%.4f"),
		      kb_path_field_alongside_cpu_us =
			      FIELD(NULL, "alongside_cpu_us", DOUBLE,
				    alongside_cpu_us, .format = "%.3f"),
		      kb_path_field_alongside_spread =
			      FIELD(NULL, "alongside_spread", DOUBLE,
				    alongside_spread, .format = "%.3f"),
		      kb_path_field_alongside_ratio =
			      FIELD("alongside_ratio", "alongside_ratio",
				    DOUBLE, alongside_ratio, .format = "%.4f");

/*
 * ESP's and ovpn's words: datagrams, each an inner IPv4 packet, checked
 * against the kernel's generic parts.
 */
const struct kb_path_words kb_path_datagram_words = {
	.size = "packet",
	.unit = "datagram",
	.rate = "packets/s",
	.rotation = "key rotation",
	.half = { "it encrypts, the reference decrypts",
		  "the reference encrypts, it decrypts" },
	.refusals = 1,
};

/**
 * kb_path_words_of() - what a path's tables and pages call things
 * @pd: the path's document kind
 *
 * Return: its own words, or ESP's and ovpn's.
 */
const struct kb_path_words *kb_path_words_of(const struct kb_path_doc *pd)
{
	return pd->words ? pd->words : &kb_path_datagram_words;
}

/**
 * kb_path_doc_of() - the path kind of a saved path document
 * @doc: a document read as a path's
 *
 * Return: its kind's words and tables.
 */
const struct kb_path_doc *kb_path_doc_of(const struct kb_saved *doc)
{
	return doc->kind->priv;
}
