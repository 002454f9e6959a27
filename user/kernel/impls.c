// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The implementations the module lists: KAESBENCH_CMD_GET_IMPLS asked,
 * and its replies parsed with one callback per nesting level. Attributes
 * this tool does not know are skipped, since newer modules may send more
 * within the same protocol version; known ones are validated before they
 * are read.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libmnl/libmnl.h>
#include <linux/genetlink.h>
#include <linux/kaesbench.h>

#include "netlink/kaesbench_genl.h"
#include "kernel/impls.h"
#include "kernel/notice.h"

static int set_string(char **dst, const struct nlattr *attr)
{
	char *s;

	if (mnl_attr_validate(attr, MNL_TYPE_NUL_STRING) < 0)
		return MNL_CB_ERROR;
	s = strdup(mnl_attr_get_str(attr));
	if (!s)
		return MNL_CB_ERROR;
	free(*dst);
	*dst = s;
	return MNL_CB_OK;
}

static int set_u32(uint32_t *dst, const struct nlattr *attr)
{
	if (mnl_attr_validate(attr, MNL_TYPE_U32) < 0)
		return MNL_CB_ERROR;
	*dst = mnl_attr_get_u32(attr);
	return MNL_CB_OK;
}

static int parse_impl_attr(const struct nlattr *attr, void *data)
{
	struct kb_impl *impl = data;
	unsigned int type = mnl_attr_get_type(attr);
	int ret;

	switch (type) {
	case KAESBENCH_IMPL_A_ALG_NAME:
		ret = set_string(&impl->alg_name, attr);
		break;
	case KAESBENCH_IMPL_A_DRIVER_NAME:
		ret = set_string(&impl->driver_name, attr);
		break;
	case KAESBENCH_IMPL_A_MODULE:
		ret = set_string(&impl->module, attr);
		break;
	case KAESBENCH_IMPL_A_PRIORITY:
		ret = set_u32(&impl->priority, attr);
		break;
	case KAESBENCH_IMPL_A_TYPE:
		ret = set_u32(&impl->type, attr);
		break;
	case KAESBENCH_IMPL_A_FLAGS:
		ret = set_u32(&impl->flags, attr);
		break;
	case KAESBENCH_IMPL_A_BLOCK_SIZE:
		ret = set_u32(&impl->block_size, attr);
		break;
	case KAESBENCH_IMPL_A_MIN_KEY_SIZE:
		ret = set_u32(&impl->min_key_size, attr);
		break;
	case KAESBENCH_IMPL_A_MAX_KEY_SIZE:
		ret = set_u32(&impl->max_key_size, attr);
		break;
	case KAESBENCH_IMPL_A_IV_SIZE:
		ret = set_u32(&impl->iv_size, attr);
		break;
	case KAESBENCH_IMPL_A_CHUNK_SIZE:
		ret = set_u32(&impl->chunk_size, attr);
		break;
	case KAESBENCH_IMPL_A_MAX_AUTH_SIZE:
		ret = set_u32(&impl->max_auth_size, attr);
		break;
	case KAESBENCH_IMPL_A_LIBRARY_CALLS:
		ret = set_string(&impl->library_calls, attr);
		break;
	case KAESBENCH_IMPL_A_ABSENT:
		ret = set_string(&impl->absent, attr);
		break;
	default:
		return MNL_CB_OK;
	}
	if (ret == MNL_CB_OK)
		impl->present |= 1U << type;
	return ret;
}

static int parse_top_attr(const struct nlattr *attr, void *data)
{
	struct kb_impl *impl = data;

	switch (mnl_attr_get_type(attr)) {
	case KAESBENCH_A_IMPL:
		if (mnl_attr_validate(attr, MNL_TYPE_NESTED) < 0)
			return MNL_CB_ERROR;
		return mnl_attr_parse_nested(attr, parse_impl_attr, impl);
	default:
		return MNL_CB_OK;
	}
}

/**
 * kb_impl_parse_msg() - parse one KAESBENCH_CMD_GET_IMPLS reply message
 * @nlh: the generic netlink message
 * @impl: filled in; release it with kb_impl_release() whatever the result
 *
 * Return: 0, or -EINVAL if the message is malformed or lacks the
 * implementation nest, its algorithm name or its driver name, or -ENOMEM.
 */
int kb_impl_parse_msg(const struct nlmsghdr *nlh, struct kb_impl *impl)
{
	memset(impl, 0, sizeof(*impl));
	if (mnl_nlmsg_get_payload_len(nlh) < sizeof(struct genlmsghdr))
		return -EINVAL;
	errno = 0;
	if (mnl_attr_parse(nlh, sizeof(struct genlmsghdr), parse_top_attr,
			   impl) != MNL_CB_OK)
		return errno == ENOMEM ? -ENOMEM : -EINVAL;
	/* Also catches a message without the implementation nest. */
	if (!kb_impl_has(impl, KAESBENCH_IMPL_A_ALG_NAME) ||
	    !kb_impl_has(impl, KAESBENCH_IMPL_A_DRIVER_NAME))
		return -EINVAL;
	return 0;
}

/**
 * kb_impl_release() - free the strings of an implementation
 * @impl: the implementation; its struct itself is not freed
 */
void kb_impl_release(struct kb_impl *impl)
{
	free(impl->alg_name);
	free(impl->driver_name);
	free(impl->module);
	free(impl->library_calls);
	free(impl->absent);
	memset(impl, 0, sizeof(*impl));
}

/**
 * kb_impl_has() - whether an attribute was received
 * @impl: the implementation
 * @attr: an enum kaesbench_impl_attr value
 *
 * The module leaves out sizes that do not apply, so absent differs from 0.
 *
 * Return: true if @attr was present and valid.
 */
bool kb_impl_has(const struct kb_impl *impl, unsigned int attr)
{
	return attr < 32 && (impl->present & (1U << attr));
}

/**
 * kb_impl_type_name() - the word for an implementation type
 * @type: an enum kaesbench_impl_type value
 *
 * Return: "cipher", "skcipher", "lskcipher", "aead" or "unknown".
 */
const char *kb_impl_type_name(uint32_t type)
{
	switch (type) {
	case KAESBENCH_IMPL_TYPE_CIPHER:
		return "cipher";
	case KAESBENCH_IMPL_TYPE_SKCIPHER:
		return "skcipher";
	case KAESBENCH_IMPL_TYPE_LSKCIPHER:
		return "lskcipher";
	case KAESBENCH_IMPL_TYPE_AEAD:
		return "aead";
	default:
		return "unknown";
	}
}

static const struct {
	uint32_t flag;
	const char *word;
} flag_words[] = {
	{ KAESBENCH_IMPL_F_ASYNC, "async" },
	{ KAESBENCH_IMPL_F_INTERNAL, "internal" },
	{ KAESBENCH_IMPL_F_HARDWARE, "hardware" },
	/* A request to it never completed: it takes no more runs. */
	{ KAESBENCH_IMPL_F_GIVEN_UP, "given-up" },
	/* Called directly, as in-kernel users without the crypto API do. */
	{ KAESBENCH_IMPL_F_LIBRARY, "library" },
};

/**
 * kb_impl_flag_words() - describe the flags people care about
 * @flags: a set of enum kaesbench_impl_flag
 * @buf: where to write; KB_FLAG_WORDS_MAX bytes always suffice
 * @len: size of @buf
 *
 * The selection flags are left out: the table shows them as marks.
 *
 * Return: @buf, holding comma-separated words such as "async,untested",
 * or "-" when there is nothing to say.
 */
const char *kb_impl_flag_words(uint32_t flags, char *buf, size_t len)
{
	size_t used = 0;
	size_t i;

	buf[0] = '\0';
	for (i = 0; i < sizeof(flag_words) / sizeof(flag_words[0]); i++) {
		if (flags & flag_words[i].flag)
			used += snprintf(buf + used, len - used, "%s%s",
					 used ? "," : "", flag_words[i].word);
		if (used >= len)
			return buf;
	}
	/* The crypto API's self-tests do not cover library paths. */
	if (!(flags & (KAESBENCH_IMPL_F_TESTED | KAESBENCH_IMPL_F_LIBRARY)))
		used += snprintf(buf + used, len - used, "%suntested",
				 used ? "," : "");
	if (!used)
		snprintf(buf, len, "-");
	return buf;
}

static int append(struct kb_impl **arr, size_t *count, size_t *alloc,
		  const struct kb_impl *impl)
{
	if (*count == *alloc) {
		size_t more = *alloc ? 2 * *alloc : 32;
		struct kb_impl *grown =
			reallocarray(*arr, more, sizeof(*grown));

		if (!grown)
			return -ENOMEM;
		*arr = grown;
		*alloc = more;
	}
	(*arr)[(*count)++] = *impl;
	return 0;
}

/**
 * kb_impl_list_cb() - libmnl data callback appending one reply to a list
 * @nlh: a KAESBENCH_CMD_GET_IMPLS reply message
 * @data: the struct kb_impl_list
 *
 * Return: MNL_CB_OK, or MNL_CB_ERROR with errno set.
 */
int kb_impl_list_cb(const struct nlmsghdr *nlh, void *data)
{
	struct kb_impl_list *list = data;
	bool absent;
	struct kb_impl impl;
	int ret;

	ret = kb_impl_parse_msg(nlh, &impl);
	if (ret) {
		kb_impl_release(&impl);
		errno = -ret;
		return MNL_CB_ERROR;
	}
	absent = impl.flags & KAESBENCH_IMPL_F_ABSENT;
	if (absent ? append(&list->absent, &list->absent_count,
			    &list->absent_alloc, &impl) :
		     append(&list->impl, &list->count, &list->alloc, &impl)) {
		kb_impl_release(&impl);
		errno = ENOMEM;
		return MNL_CB_ERROR;
	}
	kb_notice_from_msg(nlh);
	return MNL_CB_OK;
}

/**
 * kb_impl_list_free() - free a list and everything in it
 * @list: the list; left empty and reusable
 */
void kb_impl_list_free(struct kb_impl_list *list)
{
	size_t i;

	for (i = 0; i < list->count; i++)
		kb_impl_release(&list->impl[i]);
	for (i = 0; i < list->absent_count; i++)
		kb_impl_release(&list->absent[i]);
	free(list->impl);
	free(list->absent);
	memset(list, 0, sizeof(*list));
}

/**
 * kb_impl_listed_count() - what a listing shows: implementations and absent
 * @list: the list
 *
 * Return: @list->count plus the library paths this kernel lacks.
 */
size_t kb_impl_listed_count(const struct kb_impl_list *list)
{
	return list->count + list->absent_count;
}

/**
 * kb_impl_listed() - the @i-th of what a listing shows
 * @list: the list
 * @i: below kb_impl_listed_count()
 *
 * Return: the implementations in kernel order, then the absent library
 * paths.
 */
const struct kb_impl *kb_impl_listed(const struct kb_impl_list *list, size_t i)
{
	return i < list->count ? &list->impl[i] :
				 &list->absent[i - list->count];
}

static int dup_or_null(char **dst, const char *src)
{
	*dst = src ? strdup(src) : NULL;
	return src && !*dst ? -ENOMEM : 0;
}

/**
 * kb_impl_copy() - copy an implementation, strings included
 * @dst: filled in; release it with kb_impl_release() whatever the result
 * @src: the implementation
 *
 * Return: 0, or -ENOMEM.
 */
int kb_impl_copy(struct kb_impl *dst, const struct kb_impl *src)
{
	*dst = *src;
	dst->alg_name = dst->driver_name = dst->module = NULL;
	dst->library_calls = dst->absent = NULL;
	if (dup_or_null(&dst->alg_name, src->alg_name) ||
	    dup_or_null(&dst->driver_name, src->driver_name) ||
	    dup_or_null(&dst->module, src->module) ||
	    dup_or_null(&dst->library_calls, src->library_calls) ||
	    dup_or_null(&dst->absent, src->absent))
		return -ENOMEM;
	return 0;
}

/*
 * Modules of CPU instruction-set implementations, which are asynchronous
 * only to defer to cryptd where the FPU is off limits.
 */
static const char *const cpu_modules[] = {
	"aesni_intel",	 "aes_x86_64",		"aes_ce_blk",
	"aes_ce_cipher", "aes_neon_blk",	"aes_neon_bs",
	"aes_arm",	 "aes_arm_bs",		"aes_s390",
	"vmx_crypto",	 "ghash_clmulni_intel", "aria_aesni_avx_x86_64",
};

/**
 * kb_impl_selected() - whether the crypto API hands out an implementation
 * @impl: the implementation, from a listing
 *
 * Return: 1 if it is what a user of its algorithm name gets, 0 if not, -1
 * when the module could not find out in time (a driver slow to set up).
 */
int kb_impl_selected(const struct kb_impl *impl)
{
	if (impl->flags & KAESBENCH_IMPL_F_SELECTION_UNKNOWN)
		return -1;
	return !!(impl->flags & KAESBENCH_IMPL_F_SELECTED);
}

/**
 * kb_impl_handed_out() - what the crypto API hands out for a name
 * @list: the implementations, from a listing
 * @alg: the algorithm name
 *
 * Return: the implementation the listing flags selected for @alg, or NULL
 * (none registered yet, or the module could not find out in time).
 */
const struct kb_impl *kb_impl_handed_out(const struct kb_impl_list *list,
					 const char *alg)
{
	const struct kb_impl *impl;

	for (impl = list->impl; impl < list->impl + list->count; impl++)
		if (!strcmp(impl->alg_name, alg) &&
		    (impl->flags & KAESBENCH_IMPL_F_SELECTED))
			return impl;
	return NULL;
}

/**
 * kb_impl_is_offload() - whether an implementation runs off the CPU
 * @impl: the implementation
 *
 * True for what its driver flags as hardware (CRYPTO_ALG_KERN_DRIVER_ONLY),
 * and for an asynchronous implementation of a module that is neither the
 * kernel's, nor a CPU instruction-set module, nor a template instance
 * (a name with parentheses, built from other implementations): engines
 * such as virtio_crypto do not all set the flag.
 *
 * Return: true for an offload engine.
 */
bool kb_impl_is_offload(const struct kb_impl *impl)
{
	size_t i;

	if (impl->flags & KAESBENCH_IMPL_F_HARDWARE)
		return true;
	if (!(impl->flags & KAESBENCH_IMPL_F_ASYNC) || !impl->module ||
	    !strcmp(impl->module, "kernel") || strchr(impl->driver_name, '('))
		return false;
	for (i = 0; i < sizeof(cpu_modules) / sizeof(cpu_modules[0]); i++)
		if (!strcmp(impl->module, cpu_modules[i]))
			return false;
	return true;
}

/**
 * kb_is_library_name() - whether a driver name is a library path's
 * @driver: a driver name, as -d gives it or a listing names it
 *
 * Return: true for "lib:NAME", which no crypto API driver can be named.
 */
bool kb_is_library_name(const char *driver)
{
	return driver && !strncmp(driver, "lib:", 4);
}

/**
 * kb_impl_calls_bit() - which calls drive an implementation, as a bit
 * @impl: the implementation
 *
 * Return: 1 << its type (crypto_skcipher_encrypt() ...), 1 <<
 * KB_CALLS_LIBRARY for a library path (its own functions), 0 for a type
 * this tool does not know.
 */
unsigned int kb_impl_calls_bit(const struct kb_impl *impl)
{
	if (impl->flags & KAESBENCH_IMPL_F_LIBRARY)
		return 1U << KB_CALLS_LIBRARY;
	if (impl->type && impl->type <= KAESBENCH_IMPL_TYPE_MAX)
		return 1U << impl->type;
	return 0;
}

/*
 * The crypto API names what only other implementations use "__cbc(aes)":
 * such groups come last, after what users can ask for.
 */
static bool internal_name(const struct kb_impl *impl)
{
	return !strncmp(impl->alg_name, "__", 2);
}

/**
 * kb_impl_cmp_people() - the order of the table printed for people
 * @a: an implementation
 * @b: another
 *
 * Algorithms users can ask for first, internal ones ("__...") after; then
 * by algorithm name, by priority with the highest first, by driver name.
 *
 * Return: <0, 0 or >0 as for qsort().
 */
int kb_impl_cmp_people(const struct kb_impl *a, const struct kb_impl *b)
{
	int ret = internal_name(a) - internal_name(b);

	if (ret)
		return ret;
	ret = strcmp(a->alg_name, b->alg_name);

	if (ret)
		return ret;
	if (a->priority != b->priority)
		return a->priority > b->priority ? -1 : 1;
	return strcmp(a->driver_name, b->driver_name);
}

/**
 * kb_get_impls() - list the implementations, retrying an inconsistent dump
 * @g: an open connection
 * @list: appended to
 *
 * Return: 0, or -1 after printing why.
 */
int kb_get_impls(struct kb_genl *g, struct kb_impl_list *list)
{
	int ret;

	if (kb_genl_require_op(g, KAESBENCH_CMD_GET_IMPLS, "GET_IMPLS"))
		return -1;
	ret = kb_genl_dump(g, KAESBENCH_CMD_GET_IMPLS, kb_impl_list_cb, list,
			   "listing implementations");
	if (ret != KB_GENL_DUMP_INTR)
		return ret;
	/* The list changed under the dump: one more try is usually clean. */
	kb_impl_list_free(list);
	ret = kb_genl_dump(g, KAESBENCH_CMD_GET_IMPLS, kb_impl_list_cb, list,
			   "listing implementations");
	if (ret == KB_GENL_DUMP_INTR)
		fprintf(stderr,
			"kaesbench: warning: the implementations changed while being listed; the list may be inconsistent\n");
	return ret < 0 ? ret : 0;
}
