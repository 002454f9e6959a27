// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * CTRL_CMD_GETFAMILY (Documentation/netlink/specs/nlctrl.yaml): a family
 * by its name, with the attributes this tool reads of the answer (id,
 * version, operations) checked before they are read; the others, and
 * whatever newer kernels add, are skipped.
 */

#include <string.h>

#include <libmnl/libmnl.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>

#include "netlink/genl_family.h"

static int op_attr_cb(const struct nlattr *attr, void *data)
{
	struct kb_nl_family *f = data;
	uint32_t id;

	if (mnl_attr_get_type(attr) != CTRL_ATTR_OP_ID)
		return MNL_CB_OK;
	if (mnl_attr_validate(attr, MNL_TYPE_U32) < 0)
		return MNL_CB_ERROR;
	id = mnl_attr_get_u32(attr);
	if (id < 256)
		f->ops[id / 32] |= 1U << (id % 32);
	return MNL_CB_OK;
}

static int ops_attr_cb(const struct nlattr *attr, void *data)
{
	if (mnl_attr_validate(attr, MNL_TYPE_NESTED) < 0)
		return MNL_CB_ERROR;
	return mnl_attr_parse_nested(attr, op_attr_cb, data);
}

static int family_attr_cb(const struct nlattr *attr, void *data)
{
	struct kb_nl_family *f = data;

	switch (mnl_attr_get_type(attr)) {
	case CTRL_ATTR_FAMILY_ID:
		if (mnl_attr_validate(attr, MNL_TYPE_U16) < 0)
			return MNL_CB_ERROR;
		f->id = mnl_attr_get_u16(attr);
		break;
	case CTRL_ATTR_VERSION:
		if (mnl_attr_validate(attr, MNL_TYPE_U32) < 0)
			return MNL_CB_ERROR;
		f->version = mnl_attr_get_u32(attr);
		break;
	case CTRL_ATTR_OPS:
		if (mnl_attr_validate(attr, MNL_TYPE_NESTED) < 0)
			return MNL_CB_ERROR;
		return mnl_attr_parse_nested(attr, ops_attr_cb, f);
	}
	return MNL_CB_OK;
}

/**
 * kb_nl_family_cb() - read the controller's description of a family
 * @nlh: a CTRL_CMD_NEWFAMILY message
 * @family: the struct kb_nl_family to fill in
 *
 * Return: MNL_CB_OK, or MNL_CB_ERROR for an attribute of the wrong type.
 */
int kb_nl_family_cb(const struct nlmsghdr *nlh, void *family)
{
	return mnl_attr_parse(nlh, sizeof(struct genlmsghdr), family_attr_cb,
			      family);
}

/**
 * kb_nl_genl_request() - start a request to a generic netlink family
 * @nl: the socket it goes on
 * @buf: where to build it, MNL_SOCKET_BUFFER_SIZE bytes or more as the
 *	 attributes need
 * @family: the family's id
 * @flags: NLM_F_* besides NLM_F_REQUEST
 * @cmd: the command
 * @version: the family's version this tool speaks
 *
 * Return: the message, with a fresh sequence number, to add attributes to.
 */
struct nlmsghdr *kb_nl_genl_request(struct kb_nl *nl, void *buf,
				    uint16_t family, uint16_t flags,
				    uint8_t cmd, uint8_t version)
{
	struct nlmsghdr *nlh = kb_nl_put_request(nl, buf, family, flags);
	struct genlmsghdr *genl;

	genl = mnl_nlmsg_put_extra_header(nlh, sizeof(*genl));
	genl->cmd = cmd;
	genl->version = version;
	return nlh;
}

/**
 * kb_nl_family_get() - look a generic netlink family up by its name
 * @nl: a NETLINK_GENERIC socket
 * @name: the family's name
 * @f: filled in
 * @r: what the controller answered: @r->error ENOENT when no family has
 *     @name; free @r->msg
 *
 * Return: 0, or -1 with errno or @r->error saying why.
 */
int kb_nl_family_get(struct kb_nl *nl, const char *name, struct kb_nl_family *f,
		     struct kb_nl_reply *r)
{
	struct nlmsghdr *nlh;

	memset(f, 0, sizeof(*f));
	memset(r, 0, sizeof(*r));
	r->cb = kb_nl_family_cb;
	r->data = f;
	nlh = kb_nl_genl_request(nl, nl->buf, GENL_ID_CTRL, NLM_F_ACK,
				 CTRL_CMD_GETFAMILY, 1);
	mnl_attr_put_strz(nlh, CTRL_ATTR_FAMILY_NAME, name);
	return kb_nl_transact(nl, nlh, r);
}
