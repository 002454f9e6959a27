/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 */

#ifndef _KAESBENCH_PAGEBUF_H
#define _KAESBENCH_PAGEBUF_H

#include <linux/mm.h>
#include <linux/scatterlist.h>
#include <uapi/linux/kaesbench.h>

/* Beyond the data and associated data: a generated IV and a tag. */
#define KAESBENCH_PAGEBUF_EXTRA 128
#define KAESBENCH_PAGEBUF_MAX_LEN (KAESBENCH_MAX_SIZE + KAESBENCH_MAX_AAD + \
				   KAESBENCH_PAGEBUF_EXTRA)
#define KAESBENCH_PAGEBUF_PAGES DIV_ROUND_UP(KAESBENCH_PAGEBUF_MAX_LEN, \
					     PAGE_SIZE)

/*
 * A request's buffer in single pages, which the page allocator has even
 * when memory is fragmented, handed to drivers as a scatterlist.
 */
struct kaesbench_pagebuf {
	u32 len;
	unsigned int npages;
	struct page *page[KAESBENCH_PAGEBUF_PAGES];
	struct scatterlist sg[KAESBENCH_PAGEBUF_PAGES];
	u8 *linear;		/* kaesbench_pagebuf_map()'s, or NULL */
};

int kaesbench_pagebuf_alloc(struct kaesbench_pagebuf *b, u32 len);
void kaesbench_pagebuf_free(struct kaesbench_pagebuf *b);
int kaesbench_pagebuf_map(struct kaesbench_pagebuf *b);
void kaesbench_pagebuf_to_linear(struct kaesbench_pagebuf *b);
void kaesbench_pagebuf_from_linear(struct kaesbench_pagebuf *b);
struct scatterlist *kaesbench_pagebuf_sg(struct kaesbench_pagebuf *b,
					 u32 len);
void kaesbench_pagebuf_copy(struct kaesbench_pagebuf *dst,
			    const struct kaesbench_pagebuf *src, u32 len);
void kaesbench_pagebuf_fill(struct kaesbench_pagebuf *dst, const u8 *src,
			    u32 len);
s32 kaesbench_pagebuf_differs(const struct kaesbench_pagebuf *b, u32 off,
			      const u8 *want, u32 len);

/* The first byte of @got that differs from @want, or -1. */
static inline s32 kaesbench_first_difference(const u8 *got, const u8 *want,
					     u32 len)
{
	u32 i;

	for (i = 0; i < len; i++)
		if (got[i] != want[i])
			return i;
	return -1;
}

/* The memory @len bytes take. */
static inline u64 kaesbench_pagebuf_bytes(u32 len)
{
	return (u64)DIV_ROUND_UP(len, PAGE_SIZE) * PAGE_SIZE;
}

/* Page @i, in the kernel's direct map. */
static inline u8 *kaesbench_pagebuf_page(const struct kaesbench_pagebuf *b,
					 unsigned int i)
{
	return page_address(b->page[i]);
}

#endif /* _KAESBENCH_PAGEBUF_H */
