// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Once a request to a driver was given up, the module stays loaded until
 * reboot and every reply of it carries KAESBENCH_A_NOTICE. Whoever runs
 * the tool next may not read the kernel log: it is said on stderr, once,
 * as the module words it, with what not to do meanwhile ("do not unbind or
 * reset the device behind it ...; reboot").
 */

#include <stdbool.h>
#include <stdio.h>

#include <libmnl/libmnl.h>
#include <linux/genetlink.h>
#include <linux/kaesbench.h>

#include "kernel/notice.h"

/**
 * kb_notice_say() - print the module's notice, the first time only
 * @notice: what the module said, or NULL
 */
void kb_notice_say(const char *notice)
{
	static bool told;

	if (notice && !told) {
		fprintf(stderr, "kaesbench: note: %s\n", notice);
		told = true;
	}
}

static int notice_attr(const struct nlattr *attr, void *data)
{
	(void)data;
	if (mnl_attr_get_type(attr) == KAESBENCH_A_NOTICE &&
	    mnl_attr_validate(attr, MNL_TYPE_NUL_STRING) == 0)
		kb_notice_say(mnl_attr_get_str(attr));
	return MNL_CB_OK;
}

/**
 * kb_notice_from_msg() - say the notice a kaesbench message carries
 * @nlh: a message of the family, header already checked
 */
void kb_notice_from_msg(const struct nlmsghdr *nlh)
{
	if (mnl_nlmsg_get_payload_len(nlh) >= sizeof(struct genlmsghdr))
		mnl_attr_parse(nlh, sizeof(struct genlmsghdr), notice_attr,
			       NULL);
}
