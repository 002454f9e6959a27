/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * One AES implementation as the kernel module describes it, and a growing
 * list of them.
 */
#ifndef KAESBENCH_KERNEL_IMPLS_H
#define KAESBENCH_KERNEL_IMPLS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <linux/kaesbench.h>

struct nlmsghdr;
struct kb_genl;

struct kb_impl {
	char *alg_name;
	char *driver_name;
	char *module; /* NULL when the module did not say */
	uint32_t priority;
	uint32_t type;
	uint32_t flags;
	uint32_t block_size;
	uint32_t min_key_size;
	uint32_t max_key_size;
	uint32_t iv_size;
	uint32_t chunk_size;
	uint32_t max_auth_size;
	char *library_calls; /* library paths: the functions called */
	char *absent; /* a library path this kernel lacks: why */
	/* Bit n set: attribute n (enum kaesbench_impl_attr) was received. */
	uint32_t present;
};

struct kb_impl_list {
	struct kb_impl *impl;
	size_t count;
	size_t alloc;
	/* Library paths this kernel lacks: listed, never run. */
	struct kb_impl *absent;
	size_t absent_count;
	size_t absent_alloc;
};

int kb_impl_parse_msg(const struct nlmsghdr *nlh, struct kb_impl *impl);
void kb_impl_release(struct kb_impl *impl);
bool kb_impl_has(const struct kb_impl *impl, unsigned int attr);
const char *kb_impl_type_name(uint32_t type);
const char *kb_impl_flag_words(uint32_t flags, char *buf, size_t len);

int kb_impl_list_cb(const struct nlmsghdr *nlh, void *data);
void kb_impl_list_free(struct kb_impl_list *list);
size_t kb_impl_listed_count(const struct kb_impl_list *list);
const struct kb_impl *kb_impl_listed(const struct kb_impl_list *list, size_t i);
int kb_impl_copy(struct kb_impl *dst, const struct kb_impl *src);
int kb_impl_selected(const struct kb_impl *impl);
const struct kb_impl *kb_impl_handed_out(const struct kb_impl_list *list,
					 const char *alg);
bool kb_impl_is_offload(const struct kb_impl *impl);
bool kb_is_library_name(const char *driver);
unsigned int kb_impl_calls_bit(const struct kb_impl *impl);

/* kb_impl_calls_bit()'s for library paths, after the types' own bits. */
#define KB_CALLS_LIBRARY (KAESBENCH_IMPL_TYPE_MAX + 1)
int kb_impl_cmp_people(const struct kb_impl *a, const struct kb_impl *b);
int kb_get_impls(struct kb_genl *g, struct kb_impl_list *list);

/* Room for every word kb_impl_flag_words() can write, separators and NUL. */
#define KB_FLAG_WORDS_MAX 64

#endif /* KAESBENCH_KERNEL_IMPLS_H */
