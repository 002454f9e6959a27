// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Test tool: registers or unregisters a template instance through the
 * kernel's crypto_user interface, as an administrator's tool or an IKE
 * daemon's chain could, so that tests can make the states kaesbench
 * itself never leaves behind (a stale instance ESP would hand out).
 *
 * usage: kaesbench-cryptouser new DRIVER [PRIORITY]
 *        kaesbench-cryptouser del DRIVER
 *   new  CRYPTO_MSG_NEWALG: the kernel looks DRIVER up as an allocation
 *        would, building the instance if it is missing, then sets its
 *        priority if one is given
 *   del  CRYPTO_MSG_DELALG: unregisters the instance DRIVER (EBUSY while
 *        something holds it)
 *
 * Prints "ok" (exit 0) or "error: ERRNO (text)" (exit 1). Exit 2 on usage
 * errors. Needs CAP_NET_ADMIN.
 */

#include <errno.h>
#include <stdbool.h>
#include <libmnl/libmnl.h>
#include <linux/cryptouser.h>
#include <linux/netlink.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int usage(void)
{
	fprintf(stderr, "usage: kaesbench-cryptouser new DRIVER [PRIORITY]\n"
			"       kaesbench-cryptouser del DRIVER\n");
	return 2;
}

int main(int argc, char *argv[])
{
	char buf[MNL_SOCKET_BUFFER_SIZE];
	struct crypto_user_alg *alg;
	struct mnl_socket *nl;
	struct nlmsghdr *nlh;
	uint32_t seq = time(NULL);
	bool add;
	int ret;

	if (argc < 3 || argc > 4 || strlen(argv[2]) >= CRYPTO_MAX_NAME)
		return usage();
	add = !strcmp(argv[1], "new");
	if ((!add && strcmp(argv[1], "del")) || (!add && argc == 4))
		return usage();
	nlh = mnl_nlmsg_put_header(buf);
	nlh->nlmsg_type = add ? CRYPTO_MSG_NEWALG : CRYPTO_MSG_DELALG;
	nlh->nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;
	nlh->nlmsg_seq = seq;
	alg = mnl_nlmsg_put_extra_header(nlh, sizeof(*alg));
	strcpy(alg->cru_driver_name, argv[2]);
	if (argc == 4)
		mnl_attr_put_u32(nlh, CRYPTOCFGA_PRIORITY_VAL,
				 strtoul(argv[3], NULL, 10));
	nl = mnl_socket_open(NETLINK_CRYPTO);
	if (!nl || mnl_socket_bind(nl, 0, MNL_SOCKET_AUTOPID) ||
	    mnl_socket_sendto(nl, nlh, nlh->nlmsg_len) < 0) {
		ret = -1;
	} else {
		ret = mnl_socket_recvfrom(nl, buf, sizeof(buf));
		if (ret >= 0)
			ret = mnl_cb_run(buf, ret, seq,
					 mnl_socket_get_portid(nl), NULL, NULL);
	}
	if (ret < 0) {
		printf("error: %d (%s)\n", errno, strerror(errno));
		ret = 1;
	} else {
		printf("ok\n");
		ret = 0;
	}
	if (nl)
		mnl_socket_close(nl);
	return ret;
}
