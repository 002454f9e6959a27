// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * gcm's template takes "ghash" by name (crypto/gcm.c): whatever an
 * allocation of it gets now, the registered GHASH of the highest
 * priority. So does this, and names the instance after both drivers, as
 * the template does: "gcm_base(CTR,GHASH)".
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
 * Registers the GHASH an allocation gets, if it is not yet; not the
 * instance itself.
 *
 * Return: 0, -ENOENT when this kernel has no GHASH, -ENAMETOOLONG, or
 * another negative errno.
 */
int kb_gcm_on_ctr(struct mnl_socket *nl, const char *ctr, char *buf, size_t len)
{
	const struct kb_cu_alg *ghash;
	struct kb_cu_algs algs;
	int ret, n = -1;

	ret = kb_cu_instantiate(nl, "ghash");
	if (!ret)
		ret = kb_cu_dump(nl, &algs);
	if (ret)
		return ret;
	ghash = kb_cu_best(&algs, "ghash");
	if (ghash)
		n = snprintf(buf, len, "gcm_base(%s,%s)", ctr, ghash->driver);
	kb_cu_algs_free(&algs);
	if (!ghash)
		return -ENOENT;
	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}
