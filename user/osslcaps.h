/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The x86 capability bits OpenSSL's code selection reads.
 */
#ifndef KAESBENCH_OSSLCAPS_H
#define KAESBENCH_OSSLCAPS_H

#include <stdbool.h>
#include <stddef.h>

struct kb_ossl_caps {
	bool known; /* false off x86, or if OpenSSL did not say */
	bool aesni;
	bool pclmulqdq;
	bool avx;
	bool vaes;
	bool vpclmulqdq;
};

int kb_ossl_caps_parse(const char *info, struct kb_ossl_caps *caps);
void kb_ossl_caps(struct kb_ossl_caps *caps);
const char *kb_ossl_caps_words(const struct kb_ossl_caps *caps, char *buf,
			       size_t len);

#endif /* KAESBENCH_OSSLCAPS_H */
