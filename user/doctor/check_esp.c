// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The ESP check. ESP allocates its transform by name (esp_init_aead(),
 * esp_init_authenc(): "seqiv(rfc4106(gcm(aes)))"), and gets the best
 * registered driver of it: chain.c says what that chain is built on and
 * whether it is the best registered. ESP's own is the chain's AES names:
 * the transform itself, the cipher under authenc(), the AES mode, the
 * ctr(aes) under GCM, the "aes" cipher.
 */

#include <stdio.h>
#include <string.h>

#include "doctor/arch.h"
#include "doctor/chain.h"
#include "doctor/check_esp.h"

#define STALE_ID "KB-ESP-STALE-INSTANCE"

static const struct kb_doc_path_words esp_words = {
	.path = "ESP",
	.user = "SA",
	.a_user = "an SA",
	.until = "they are rekeyed",
};

static void set_levels(struct kb_doc_chain *c, const struct kb_esp_transform *t)
{
	c->level[c->levels++] = t->name;
	if (t->cipher && strcmp(t->cipher, t->mode))
		c->level[c->levels++] = t->cipher;
	c->level[c->levels++] = t->mode;
	if (!strcmp(t->mode, "gcm(aes)"))
		c->level[c->levels++] = "ctr(aes)";
	c->level[c->levels++] = "aes";
}

/**
 * kb_doc_check_esp() - what ESP SAs made now get, and why not better
 * @r: the report: its ESP section filled in, findings added
 * @cpu: the CPU's features: the generic-AES finding needs its AES
 * @x: the transforms, what each gets, every registered driver
 *
 * Findings: KB-ESP-STALE-INSTANCE; KB-AESNI-ESP-GENERIC on x86,
 * KB-ARMCE-ESP-GENERIC on arm64. A healthy chain is said in the section
 * only.
 */
void kb_doc_check_esp(struct kb_doc_report *r, const struct kb_doc_cpu *cpu,
		      const struct kb_doc_esp_facts *x)
{
	const struct kb_doc_arch_names *names = kb_doc_arch_names(cpu->arch);
	const char *generic_id = names ? names->id.esp_generic : NULL;
	char allocates[KB_DOC_ESP_MAX][CRYPTO_MAX_NAME];
	struct kb_doc_chain c[KB_DOC_ESP_MAX];
	struct kb_doc_chain_line *l;
	size_t i, n = x->count < KB_DOC_ESP_MAX ? x->count : KB_DOC_ESP_MAX;

	memset(&r->esp, 0, sizeof(r->esp));
	r->esp.examined = true;
	snprintf(r->esp.na, sizeof(r->esp.na), "%s", x->na);
	snprintf(r->esp.left, sizeof(r->esp.left), "%s", x->left);
	if (x->na[0])
		return;
	memset(c, 0, sizeof(c));
	for (i = 0; i < n; i++) {
		kb_esp_name(x->tf[i].t, allocates[i], sizeof(allocates[i]));
		c[i].words = &esp_words;
		c[i].algs = &x->algs;
		c[i].transform = x->tf[i].t->name;
		c[i].allocates = allocates[i];
		c[i].before = x->tf[i].before;
		set_levels(&c[i], x->tf[i].t);
		if (!x->tf[i].na[0])
			c[i].sel = kb_doc_chain_registered(&x->algs,
							   x->tf[i].selected);
		if (c[i].sel)
			kb_doc_chain_judge(&c[i], cpu);
		l = &r->esp.line[i];
		kb_doc_chain_line(&c[i], STALE_ID, generic_id, l);
		if (x->tf[i].na[0] || !c[i].sel)
			snprintf(
				l->na, sizeof(l->na), "%s",
				x->tf[i].na[0] ?
					x->tf[i].na :
					"what the kernel selected is no longer registered");
	}
	r->esp.count = n;
	kb_doc_chain_stale(r, STALE_ID, c, n);
	if (names)
		kb_doc_chain_generic(r, generic_id, names, c, n);
}
