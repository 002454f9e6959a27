// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * gcm's template takes "ghash" by name (crypto/gcm.c): whatever an
 * allocation of it gets now, the registered GHASH of the highest
 * priority. So does this, and names the instance after both drivers, as
 * the template does: "gcm_base(CTR,GHASH)". Where no GHASH is registered
 * (7.x, whose GHASH is a library the template names "ghash-lib"), the
 * names the kernel's own generic gcm(aes) is built with are tried.
 */

#include <errno.h>
#include <stdio.h>

#include "netlink/crypto_user.h"
#include "path/gcm_on_ctr.h"

/**
 * kb_gcm_on_ctr() - the driver name of gcm's template on a ctr(aes) driver
 * @nl: a crypto_user socket
 * @ctr: the ctr(aes) driver
 * @buf: where the name goes
 * @len: its size
 *
 * Registers the GHASH an allocation gets, if it is not yet, and where
 * none is, the instance on the library's.
 *
 * Return: 0, -ENOENT when this kernel has no GHASH, -ENAMETOOLONG, or
 * another negative errno.
 */
int kb_gcm_on_ctr(struct mnl_socket *nl, const char *ctr, char *buf, size_t len)
{
	static const char *const library[] = { "ghash-lib", "ghash-generic" };
	const struct kb_cu_alg *ghash = NULL;
	struct kb_cu_algs algs = { 0 };
	int ret, n;
	size_t i;

	if (!kb_cu_instantiate(nl, "ghash") && !kb_cu_dump(nl, &algs))
		ghash = kb_cu_best(&algs, "ghash");
	if (ghash) {
		n = snprintf(buf, len, "gcm_base(%s,%s)", ctr, ghash->driver);
		kb_cu_algs_free(&algs);
		return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
	}
	kb_cu_algs_free(&algs);
	for (i = 0, ret = -ENOENT; i < 2 && ret; i++) {
		n = snprintf(buf, len, "gcm_base(%s,%s)", ctr, library[i]);
		ret = n < 0 || (size_t)n >= len ? -ENAMETOOLONG :
						  kb_cu_instantiate(nl, buf);
	}
	return ret;
}
