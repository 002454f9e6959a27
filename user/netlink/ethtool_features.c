// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * ETHTOOL_MSG_FEATURES_GET as a dump of every interface, each answer
 * read one nesting level a callback (header, bitset, bits, bit), each
 * attribute checked before it is read and any other passed over, as
 * newer kernels may send more. A feature is looked for by its name.
 */

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libmnl/libmnl.h>
#include <linux/ethtool_netlink.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>

#include "netlink/ethtool_features.h"
#include "netlink/genl_family.h"

/* One bitset as read: bit n set when the question's @names[n] is on. */
struct bits {
	const struct kb_ethtool_features *q;
	bool nomask; /* a list: every bit named is on */
	uint32_t on;
};

struct bit {
	const char *name;
	bool value;
};

static int bit_attr(const struct nlattr *attr, void *data)
{
	struct bit *b = data;

	switch (mnl_attr_get_type(attr)) {
	case ETHTOOL_A_BITSET_BIT_NAME:
		if (mnl_attr_validate(attr, MNL_TYPE_NUL_STRING) < 0)
			return MNL_CB_ERROR;
		b->name = mnl_attr_get_str(attr);
		break;
	case ETHTOOL_A_BITSET_BIT_VALUE:
		b->value = true;
		break;
	}
	return MNL_CB_OK;
}

/* The question's index of a feature's name, or -1. */
static int asked(const struct kb_ethtool_features *q, const char *name)
{
	size_t i;

	for (i = 0; name && i < q->nnames && i < KB_ETHTOOL_NAMES; i++)
		if (!strcmp(name, q->names[i]))
			return i;
	return -1;
}

static int bits_attr(const struct nlattr *attr, void *data)
{
	struct bits *s = data;
	struct bit b = { 0 };
	int i;

	if (mnl_attr_get_type(attr) != ETHTOOL_A_BITSET_BITS_BIT)
		return MNL_CB_OK;
	if (mnl_attr_validate(attr, MNL_TYPE_NESTED) < 0 ||
	    mnl_attr_parse_nested(attr, bit_attr, &b) < 0)
		return MNL_CB_ERROR;
	i = asked(s->q, b.name);
	if (i >= 0 && (s->nomask || b.value))
		s->on |= 1U << i;
	return MNL_CB_OK;
}

/* The bitset's own attributes: whether it is a list, and its bits. */
struct bitset {
	bool nomask;
	const struct nlattr *bits;
};

static int bitset_attr(const struct nlattr *attr, void *data)
{
	struct bitset *set = data;

	switch (mnl_attr_get_type(attr)) {
	case ETHTOOL_A_BITSET_NOMASK:
		set->nomask = true;
		break;
	case ETHTOOL_A_BITSET_BITS:
		if (mnl_attr_validate(attr, MNL_TYPE_NESTED) < 0)
			return MNL_CB_ERROR;
		set->bits = attr;
		break;
	}
	return MNL_CB_OK;
}

/* A verbose bitset; a compact one (no names) leaves @s->on empty. */
static int read_bitset(const struct nlattr *attr, struct bits *s)
{
	struct bitset set = { 0 };

	if (mnl_attr_validate(attr, MNL_TYPE_NESTED) < 0 ||
	    mnl_attr_parse_nested(attr, bitset_attr, &set) < 0)
		return MNL_CB_ERROR;
	s->nomask = set.nomask;
	if (!set.bits)
		return MNL_CB_OK;
	return mnl_attr_parse_nested(set.bits, bits_attr, s) < 0 ?
		       MNL_CB_ERROR :
		       MNL_CB_OK;
}

/* One interface's answer. */
struct answer {
	char name[IF_NAMESIZE];
	struct bits hw, active;
};

static int header_attr(const struct nlattr *attr, void *data)
{
	struct answer *a = data;

	if (mnl_attr_get_type(attr) != ETHTOOL_A_HEADER_DEV_NAME)
		return MNL_CB_OK;
	if (mnl_attr_validate(attr, MNL_TYPE_NUL_STRING) < 0)
		return MNL_CB_ERROR;
	snprintf(a->name, sizeof(a->name), "%s", mnl_attr_get_str(attr));
	return MNL_CB_OK;
}

static int features_attr(const struct nlattr *attr, void *data)
{
	struct answer *a = data;

	switch (mnl_attr_get_type(attr)) {
	case ETHTOOL_A_FEATURES_HEADER:
		if (mnl_attr_validate(attr, MNL_TYPE_NESTED) < 0)
			return MNL_CB_ERROR;
		return mnl_attr_parse_nested(attr, header_attr, a);
	case ETHTOOL_A_FEATURES_HW:
		return read_bitset(attr, &a->hw);
	case ETHTOOL_A_FEATURES_ACTIVE:
		return read_bitset(attr, &a->active);
	}
	return MNL_CB_OK;
}

/* Whether @nlh is a FEATURES_GET answer at all: others are passed over. */
static bool is_reply(const struct nlmsghdr *nlh)
{
	const struct genlmsghdr *genl = mnl_nlmsg_get_payload(nlh);

	return mnl_nlmsg_get_payload_len(nlh) >= sizeof(*genl) &&
	       genl->cmd == ETHTOOL_MSG_FEATURES_GET_REPLY;
}

/**
 * kb_ethtool_features_cb() - one interface's ethtool features
 * @nlh: an ETHTOOL_MSG_FEATURES_GET_REPLY, its bitsets verbose
 * @features: the struct kb_ethtool_features asked: @seen counted, and
 *	      @count with an entry of @iface (while there is room) when
 *	      the interface offers or has on any of @names
 *
 * Return: MNL_CB_OK, or MNL_CB_ERROR with errno EPROTO for an attribute
 * of the wrong type.
 */
int kb_ethtool_features_cb(const struct nlmsghdr *nlh, void *features)
{
	struct kb_ethtool_features *q = features;
	struct answer a = { .name = "?", .hw.q = q, .active.q = q };
	struct kb_ethtool_iface *i;

	if (!is_reply(nlh))
		return MNL_CB_OK;
	if (mnl_attr_parse(nlh, sizeof(struct genlmsghdr), features_attr, &a) <
	    0) {
		errno = EPROTO;
		return MNL_CB_ERROR;
	}
	q->seen++;
	if (!a.hw.on && !a.active.on)
		return MNL_CB_OK;
	if (q->count++ >= q->room)
		return MNL_CB_OK;
	i = &q->iface[q->count - 1];
	snprintf(i->name, sizeof(i->name), "%s", a.name);
	i->offered = a.hw.on | a.active.on;
	i->on = a.active.on;
	return MNL_CB_OK;
}

/* ethtool's family, checked to answer FEATURES_GET before it is asked. */
static int family(struct kb_nl *nl, uint16_t *id)
{
	struct kb_nl_family fam;
	struct kb_nl_reply r;
	int ret;

	nl->why[0] = '\0';
	ret = kb_nl_family_get(nl, ETHTOOL_GENL_NAME, &fam, &r) ?
		      (r.error ? -r.error : -errno) :
		      0;
	if (r.msg)
		snprintf(nl->why, sizeof(nl->why), "%s", r.msg);
	free(r.msg);
	if (ret)
		return ret;
	if (!(fam.ops[ETHTOOL_MSG_FEATURES_GET / 32] &
	      (1U << (ETHTOOL_MSG_FEATURES_GET % 32))))
		return -EOPNOTSUPP;
	*id = fam.id;
	return 0;
}

/**
 * kb_ethtool_features_get() - which interfaces offer features named so
 * @nl: a NETLINK_GENERIC socket, made in the network namespace asked of
 * @f: the question (@names, @nnames, @iface, @room); @seen, @count and
 *     @iface's entries filled in from zero
 *
 * Return: 0, or -errno: -ENOENT when the kernel has no ethtool netlink
 * family (CONFIG_ETHTOOL_NETLINK), -EOPNOTSUPP when it has no
 * FEATURES_GET, -EINVAL for more than KB_ETHTOOL_NAMES names, else what
 * the dump failed with; kb_nl_reason() says it in words.
 */
int kb_ethtool_features_get(struct kb_nl *nl, struct kb_ethtool_features *f)
{
	struct nlmsghdr *req;
	uint16_t id;
	int ret;

	f->seen = 0;
	f->count = 0;
	if (f->nnames > KB_ETHTOOL_NAMES)
		return -EINVAL;
	ret = family(nl, &id);
	if (ret)
		return ret;
	req = kb_nl_genl_request(nl, nl->buf, id, NLM_F_DUMP,
				 ETHTOOL_MSG_FEATURES_GET,
				 ETHTOOL_GENL_VERSION);
	return kb_nl_ask(nl, req, kb_ethtool_features_cb, f);
}
