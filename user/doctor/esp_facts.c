// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * What an ESP SA made now would get, for each transform of ipsec/esp.c's
 * table. Where an instance of the name ESP allocates is registered, the
 * best is the answer, read without privilege. Where none is, the answer
 * is what the kernel builds for a first SA: kb_esp_selected() has it
 * built through crypto_user, which needs CAP_NET_ADMIN. Anything
 * registered changes what later SAs get, so whatever the doctor had
 * built is unregistered before it goes on (undo.c).
 */

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <libmnl/libmnl.h>

#include "doctor/esp_facts.h"
#include "doctor/undo.h"
#include "ipsec/esp_path.h"
#include "ipsec/impl.h"
#include "path/registered.h"

/* What one transform gets; @before: the drivers registered beforehand. */
static void one(struct mnl_socket *nl, const struct kb_cu_algs *before,
		struct kb_doc_esp_tf *tf, bool *made)
{
	char esp[CRYPTO_MAX_NAME];
	const struct kb_cu_alg *b;
	int ret;

	kb_esp_name(tf->t, esp, sizeof(esp));
	b = kb_cu_best(before, esp);
	if (b) {
		snprintf(tf->selected, sizeof(tf->selected), "%s", b->driver);
		tf->before = true;
		return;
	}
	ret = kb_esp_selected(nl, tf->t, tf->selected, sizeof(tf->selected));
	*made = true;
	if (ret == -EPERM)
		snprintf(
			tf->na, sizeof(tf->na),
			"none of %s is registered, and having the kernel build one as for a first SA needs CAP_NET_ADMIN",
			esp);
	else if (ret)
		snprintf(tf->na, sizeof(tf->na),
			 "the kernel cannot make %s: %s", esp, strerror(-ret));
}

/**
 * kb_doc_esp_facts() - what ESP SAs of each transform made now would get
 * @x: filled in; free with kb_doc_esp_facts_free(). @x->na says why
 *     nothing could be asked; a transform's @na why it could not be told.
 *
 * Leaves registered what was registered before, and nothing else but
 * what someone else holds meanwhile (@x->left) and the modules the
 * kernel loaded to build the chains, as for any first user.
 */
void kb_doc_esp_facts(struct kb_doc_esp_facts *x)
{
	struct kb_cu_algs before = { 0 };
	struct mnl_socket *nl;
	bool made = false;
	size_t i;
	int ret;

	memset(x, 0, sizeof(*x));
	nl = kb_cu_open(&ret);
	if (!nl) {
		snprintf(
			x->na, sizeof(x->na),
			"the kernel's crypto_user interface is missing (%s): modprobe crypto_user, or a kernel built with CONFIG_CRYPTO_USER",
			strerror(-ret));
		return;
	}
	ret = kb_registered_before(nl, &before);
	if (ret) {
		snprintf(x->na, sizeof(x->na),
			 "crypto_user cannot list the registered drivers: %s",
			 strerror(-ret));
		goto out;
	}
	for (i = 0; i < kb_esp_transform_count && i < KB_DOC_ESP_MAX; i++) {
		x->tf[i].t = &kb_esp_transforms[i];
		one(nl, &before, &x->tf[i], &made);
	}
	x->count = i;
	ret = kb_cu_dump(nl, &x->algs);
	if (ret)
		snprintf(x->na, sizeof(x->na),
			 "crypto_user cannot list the registered drivers: %s",
			 strerror(-ret));
	if (made) {
		struct kb_esp_setup esp[KB_DOC_ESP_MAX];
		struct kb_path_kind kind[KB_DOC_ESP_MAX];

		for (i = 0; i < x->count; i++) {
			esp[i] = (struct kb_esp_setup){ .t = x->tf[i].t };
			kind[i] = (struct kb_path_kind){
				.ops = &kb_esp_path_ops,
				.front = &esp[i],
			};
		}
		kb_doc_undo(nl, &before, kind, x->count, x->left,
			    sizeof(x->left));
	}
out:
	kb_cu_algs_free(&before);
	mnl_socket_close(nl);
}

/**
 * kb_doc_esp_facts_free() - free what kb_doc_esp_facts() gathered
 * @x: the facts; left reusable
 */
void kb_doc_esp_facts_free(struct kb_doc_esp_facts *x)
{
	kb_cu_algs_free(&x->algs);
}
