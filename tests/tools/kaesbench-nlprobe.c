// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Test tool: sends one hand-made request to the kaesbench family and prints
 * how the kernel answered, so that tests can send what the real tool never
 * would (unknown attributes, reserved header bits, non-dump requests).
 *
 * usage: kaesbench-nlprobe [-d] [-n] [-N] [-b BYTES] [-s MS] [-e CMD]
 *                          [-r RESERVED] [-v VERSION] CMD [TYPE:HEX]...
 *   -d  send as a dump (NLM_F_DUMP)
 *   -n  do not ask for an ACK
 *   -e CMD  keep reading until a message of command CMD arrives, printing
 *           each message: "msg CMD" and one "  TYPE VALUE" line per
 *           attribute (u32/u64 as decimal, else a string or hex)
 *   -b BYTES  the socket's receive buffer (SO_RCVBUF; the kernel doubles
 *             it, and makes it at least its minimum)
 *   -N  set NETLINK_NO_ENOBUFS, as the kaesbench tool does: a full
 *       receive buffer is not reported as an error on the next read
 *   -s MS  a slow reader: sleep MS milliseconds before each read
 *   TYPE:HEX  an attribute of that type with HEX bytes as payload; a
 *             decimal value is TYPE=N (a u32)
 *
 * Prints "ok: N messages" (exit 0), or "error: ERRNO (text)" and, when the
 * kernel sent one, "extack: MESSAGE" (exit 1). Exit 2 on usage errors.
 */

#include <errno.h>
#include <getopt.h>
#include <stdbool.h>
#include <libmnl/libmnl.h>
#include <linux/genetlink.h>
#include <linux/kaesbench.h>
#include <linux/netlink.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static unsigned int messages;
static bool reported;
static int end_cmd = -1;
static bool ended;
static unsigned int read_delay_ms;

static int print_attr(const struct nlattr *attr, void *data)
{
	const unsigned char *p = mnl_attr_get_payload(attr);
	uint16_t len = mnl_attr_get_payload_len(attr);
	uint16_t i;

	(void)data;
	printf("  %u ", mnl_attr_get_type(attr));
	if (len == 4)
		printf("%d\n", (int)mnl_attr_get_u32(attr));
	else if (len == 8)
		printf("%llu\n", (unsigned long long)mnl_attr_get_u64(attr));
	else if (len && !p[len - 1] && strlen((const char *)p) == len - 1u)
		printf("%s\n", (const char *)p);
	else {
		for (i = 0; i < len; i++)
			printf("%02x", p[i]);
		printf("\n");
	}
	return MNL_CB_OK;
}

static int family_id_cb(const struct nlattr *attr, void *data)
{
	if (mnl_attr_get_type(attr) == CTRL_ATTR_FAMILY_ID &&
	    mnl_attr_validate(attr, MNL_TYPE_U16) >= 0)
		*(int *)data = mnl_attr_get_u16(attr);
	return MNL_CB_OK;
}

static int family_cb(const struct nlmsghdr *nlh, void *data)
{
	return mnl_attr_parse(nlh, sizeof(struct genlmsghdr), family_id_cb,
			      data);
}

static int count_cb(const struct nlmsghdr *nlh, void *data)
{
	const struct genlmsghdr *genl = mnl_nlmsg_get_payload(nlh);

	(void)data;
	messages++;
	if (end_cmd < 0)
		return MNL_CB_OK;
	printf("msg %u\n", genl->cmd);
	mnl_attr_parse(nlh, sizeof(*genl), print_attr, NULL);
	if (genl->cmd == end_cmd) {
		ended = true;
		return MNL_CB_STOP;
	}
	return MNL_CB_OK;
}

static int extack_cb(const struct nlattr *attr, void *data)
{
	if (mnl_attr_get_type(attr) == NLMSGERR_ATTR_MSG &&
	    mnl_attr_validate(attr, MNL_TYPE_NUL_STRING) >= 0)
		*(const char **)data = mnl_attr_get_str(attr);
	return MNL_CB_OK;
}

static int error_cb(const struct nlmsghdr *nlh, void *data)
{
	const struct nlmsgerr *err = mnl_nlmsg_get_payload(nlh);
	const char *msg = NULL;
	unsigned int offset = sizeof(*err);

	(void)data;
	if (err->error == 0)
		return end_cmd >= 0 && !ended ? MNL_CB_OK : MNL_CB_STOP;
	if (!(nlh->nlmsg_flags & NLM_F_CAPPED))
		offset += mnl_nlmsg_get_payload_len(&err->msg);
	if (nlh->nlmsg_flags & NLM_F_ACK_TLVS)
		mnl_attr_parse(nlh, offset, extack_cb, &msg);
	printf("error: %d (%s)\n", err->error, strerror(-err->error));
	if (msg)
		printf("extack: %s\n", msg);
	reported = true;
	errno = -err->error;
	return MNL_CB_ERROR;
}

static int done_cb(const struct nlmsghdr *nlh, void *data)
{
	(void)nlh;
	(void)data;
	return MNL_CB_STOP;
}

static int talk(struct mnl_socket *nl, struct nlmsghdr *nlh,
		mnl_cb_t cb, void *data)
{
	mnl_cb_t ctl[NLMSG_MIN_TYPE] = { [NLMSG_ERROR] = error_cb,
					   [NLMSG_DONE] = done_cb };
	static char buf[1 << 16];
	unsigned int seq = nlh->nlmsg_seq;
	unsigned int portid = mnl_socket_get_portid(nl);
	ssize_t len;
	int ret;

	if (mnl_socket_sendto(nl, nlh, nlh->nlmsg_len) < 0)
		return -1;
	do {
		if (read_delay_ms)
			usleep(read_delay_ms * 1000);
		len = mnl_socket_recvfrom(nl, buf, sizeof(buf));
		if (len < 0)
			return -1;
		ret = mnl_cb_run2(buf, len, seq, portid, cb, data, ctl,
				  NLMSG_MIN_TYPE);
	} while (ret > 0);
	return ret;
}

static int resolve_family(struct mnl_socket *nl)
{
	char buf[MNL_SOCKET_BUFFER_SIZE];
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);
	struct genlmsghdr *genl;
	int id = -1;

	nlh->nlmsg_type = GENL_ID_CTRL;
	nlh->nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;
	nlh->nlmsg_seq = time(NULL);
	genl = mnl_nlmsg_put_extra_header(nlh, sizeof(*genl));
	genl->cmd = CTRL_CMD_GETFAMILY;
	genl->version = 1;
	mnl_attr_put_strz(nlh, CTRL_ATTR_FAMILY_NAME, KAESBENCH_GENL_NAME);
	if (talk(nl, nlh, family_cb, &id) < 0)
		return -1;
	return id;
}

static int put_raw_attr(struct nlmsghdr *nlh, const char *spec)
{
	char payload[4096];
	const char *hex = strchr(spec, ':');
	const char *eq = strchr(spec, '=');
	size_t len = 0;
	unsigned int byte;
	char *end;
	long type = strtol(spec, &end, 0);

	if (eq && end == eq && type >= 0 && type <= 0x7fff) {
		mnl_attr_put_u32(nlh, type, strtoul(eq + 1, NULL, 0));
		return 0;
	}
	if (!hex || end != hex || type < 0 || type > 0x7fff)
		return -1;
	for (hex++; hex[0] && hex[1]; hex += 2) {
		if (len == sizeof(payload) || sscanf(hex, "%2x", &byte) != 1)
			return -1;
		payload[len++] = byte;
	}
	if (*hex)
		return -1;
	mnl_attr_put(nlh, type, len, payload);
	return 0;
}

static int usage(void)
{
	fprintf(stderr,
		"usage: kaesbench-nlprobe [-d] [-n] [-N] [-b BYTES] [-s MS] [-e CMD] [-r RESERVED] [-v VERSION] CMD [TYPE:HEX | TYPE=N]...\n");
	return 2;
}

int main(int argc, char *argv[])
{
	static char buf[1 << 16];
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);
	unsigned int reserved = 0, version = KAESBENCH_GENL_VERSION;
	struct genlmsghdr *genl;
	struct mnl_socket *nl;
	int opt, id, one = 1, rcvbuf = 0;
	bool dump = false, ack = true, no_enobufs = false;
	int wait_for = -1;

	/* Tests read the output through a pipe, and may kill us. */
	setvbuf(stdout, NULL, _IOLBF, 0);
	while ((opt = getopt(argc, argv, "dnNb:s:e:r:v:")) != -1) {
		switch (opt) {
		case 'd':
			dump = true;
			break;
		case 'n':
			ack = false;
			break;
		case 'N':
			no_enobufs = true;
			break;
		case 'b':
			rcvbuf = strtol(optarg, NULL, 0);
			break;
		case 's':
			read_delay_ms = strtoul(optarg, NULL, 0);
			break;
		case 'e':
			wait_for = strtol(optarg, NULL, 0);
			break;
		case 'r':
			reserved = strtoul(optarg, NULL, 0);
			break;
		case 'v':
			version = strtoul(optarg, NULL, 0);
			break;
		default:
			return usage();
		}
	}
	if (optind >= argc)
		return usage();

	nl = mnl_socket_open(NETLINK_GENERIC);
	if (!nl || mnl_socket_bind(nl, 0, MNL_SOCKET_AUTOPID) < 0) {
		perror("netlink");
		return 1;
	}
	mnl_socket_setsockopt(nl, NETLINK_EXT_ACK, &one, sizeof(one));
	mnl_socket_setsockopt(nl, NETLINK_CAP_ACK, &one, sizeof(one));
	if (no_enobufs &&
	    mnl_socket_setsockopt(nl, NETLINK_NO_ENOBUFS, &one, sizeof(one))) {
		perror("NETLINK_NO_ENOBUFS");
		return 1;
	}
	if (rcvbuf && setsockopt(mnl_socket_get_fd(nl), SOL_SOCKET, SO_RCVBUF,
				 &rcvbuf, sizeof(rcvbuf))) {
		perror("SO_RCVBUF");
		return 1;
	}
	id = resolve_family(nl);
	if (id < 0) {
		printf("error: family %s not found\n", KAESBENCH_GENL_NAME);
		return 1;
	}

	end_cmd = wait_for;
	nlh->nlmsg_type = id;
	nlh->nlmsg_flags = NLM_F_REQUEST | (ack ? NLM_F_ACK : 0) |
			   (dump ? NLM_F_DUMP : 0);
	nlh->nlmsg_seq = time(NULL) + 1;
	genl = mnl_nlmsg_put_extra_header(nlh, sizeof(*genl));
	genl->cmd = strtoul(argv[optind], NULL, 0);
	genl->version = version;
	genl->reserved = reserved;
	for (optind++; optind < argc; optind++) {
		if (put_raw_attr(nlh, argv[optind]) < 0)
			return usage();
	}
	if (talk(nl, nlh, count_cb, NULL) < 0) {
		if (!reported)
			printf("error: %s\n", strerror(errno));
		return 1;
	}
	printf("ok: %u messages\n", messages);
	mnl_socket_close(nl);
	return 0;
}
