// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * ccm(aes)'s implementations, for kTLS's AES-128-CCM: a driver of
 * "ccm(aes)", or ccm's template built on a ctr(aes) driver with the
 * CBC-MAC an allocation gets, "ccm_base(CTR,CBCMAC)", as the kernel
 * builds "ccm(aes)" where no driver of it is registered.
 */

#include <errno.h>
#include <stdio.h>

#include "kaesbench_generic_parts.h"
#include "netlink/crypto_user.h"
#include "path/command.h"
#include "path/impl.h"
#include "tls/ccm_impl.h"

/*
 * The driver name of ccm's template on @ctr, registered: its CBC-MAC the
 * one an allocation of "cbcmac(aes)" gets (the library's on 7.x), or
 * where none is registered, cbcmac's template on the best AES cipher.
 */
static int ccm_on_ctr(struct mnl_socket *nl, const char *ctr, char *buf,
		      size_t len)
{
	struct kb_cu_algs algs = { 0 };
	const struct kb_cu_alg *mac, *aes = NULL;
	int n = -1, ret;

	kb_cu_instantiate(nl, "cbcmac(aes)");
	ret = kb_cu_dump(nl, &algs);
	if (ret)
		return ret;
	mac = kb_cu_best(&algs, "cbcmac(aes)");
	if (!mac)
		aes = kb_cu_best(&algs, "aes");
	if (mac)
		n = snprintf(buf, len, "ccm_base(%s,%s)", ctr, mac->driver);
	else if (aes)
		n = snprintf(buf, len, "ccm_base(%s,cbcmac(%s))", ctr,
			     aes->driver);
	kb_cu_algs_free(&algs);
	if (!mac && !aes)
		return -ENOENT;
	if (n < 0 || (size_t)n >= len)
		return -ENAMETOOLONG;
	return kb_cu_instantiate(nl, buf);
}

const struct kb_aead_family kb_ccm_family = {
	.alloc = "ccm(aes)",
	.beneath = "ctr(aes)",
	.on_beneath = ccm_on_ctr,
	.generic = KAESBENCH_GENERIC_CCM,
	.second = { "aes-generic", "aes-lib" },
};

static int resolve(struct mnl_socket *nl, const char *named,
		   struct kb_path_impl *out, char *err, size_t len)
{
	return kb_aead_impl_resolve(&kb_ccm_family, nl, named, out, err, len);
}

static int reference(struct mnl_socket *nl, struct kb_path_impl *out, char *err,
		     size_t len)
{
	return kb_aead_impl_reference(&kb_ccm_family, nl, out, err, len);
}

static int all(struct mnl_socket *nl, struct kb_path_impls *out)
{
	return kb_aead_impl_all(&kb_ccm_family, nl, out);
}

/* What a socket made now gets (kb_path_impl_selected()). */
static int selected(struct mnl_socket *nl, char *sel, size_t len)
{
	return kb_path_impl_selected(nl, kb_ccm_family.alloc, sel, len);
}

static const char *what(void)
{
	return kb_ccm_family.alloc;
}

/* For kaesbench tls: AES-128-CCM's. */
const struct kb_path_impl_ops kb_ccm_impl_ops = {
	.what = what,
	.selected = selected,
	.reference = reference,
	.all = all,
	.resolve = resolve,
};
