/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * `kaesbench ovpn`'s documents: ovpn's row of the path documents
 * (pathdoc/), its words and its own fields (the cipher as OpenVPN names
 * it, the transport, the key rotation) among the shared ones; and its
 * kind, a row of documents/kinds.c.
 */
#ifndef KAESBENCH_OVPN_OVPN_DOC_H
#define KAESBENCH_OVPN_OVPN_DOC_H

#include <stdio.h>

#include "output/doc_kind.h"
#include "path/command.h"
#include "path/result.h"
#include "pathdoc/path_doc.h"

extern const struct kb_path_doc kb_ovpn_doc;
extern const struct kb_doc_kind kb_ovpn_doc_kind;

int kb_ovpn_print(FILE *f, const struct kb_path_run *run,
		  enum kb_path_output output);

#endif /* KAESBENCH_OVPN_OVPN_DOC_H */
