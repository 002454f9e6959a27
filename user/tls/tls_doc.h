/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * `kaesbench tls`'s documents: kTLS's row of the path documents
 * (pathdoc/), its words (records, the kernel and libcrypto at the
 * differential's ends, userspace OpenSSL alongside) and its own fields
 * (the cipher suite, the TLS version, sendfile) among the shared ones;
 * and its kind, a row of documents/kinds.c.
 */
#ifndef KAESBENCH_TLS_TLS_DOC_H
#define KAESBENCH_TLS_TLS_DOC_H

#include <stdio.h>

#include "output/doc_kind.h"
#include "path/command.h"
#include "path/result.h"
#include "pathdoc/path_doc.h"

extern const struct kb_path_doc kb_tls_doc;
extern const struct kb_doc_kind kb_tls_doc_kind;

int kb_tls_print(FILE *f, const struct kb_path_run *run,
		 enum kb_path_output output);

#endif /* KAESBENCH_TLS_TLS_DOC_H */
