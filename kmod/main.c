// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 */

#include <linux/module.h>
#include <net/genetlink.h>
#include <uapi/linux/kaesbench.h>

#include "kaesbench_version.h"
#include "job.h"
#include "library.h"
#include "netlink.h"
#include "reference.h"
#include "refmodes.h"

static int __init kaesbench_init(void)
{
	int ret;

	ret = kaesbench_job_init();
	if (ret)
		return ret;
	kaesbench_refmodes_init();
	kaesbench_ref_init();
	kaesbench_library_init();
	ret = kaesbench_genl_init();
	if (ret)
		goto err_job;
	return 0;

err_job:
	kaesbench_job_uninit();
	return ret;
}

/* No new run can start once the family is gone; then stop the one running. */
static void __exit kaesbench_exit(void)
{
	kaesbench_genl_uninit();
	kaesbench_job_uninit();
}

module_init(kaesbench_init);
module_exit(kaesbench_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Benchmark of the crypto API's AES implementations");
MODULE_AUTHOR("The kaesbench authors");
MODULE_VERSION(KAESBENCH_VERSION);
MODULE_ALIAS_GENL_FAMILY(KAESBENCH_GENL_NAME);
/*
 * crypto_alloc_cipher() is in the crypto API's internal namespace. Spelt as
 * MODULE_INFO: MODULE_IMPORT_NS() takes an identifier before Linux 6.13 and
 * a string literal after.
 */
MODULE_INFO(import_ns, "CRYPTO_INTERNAL");
