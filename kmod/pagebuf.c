// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Request buffers made of order-0 pages. A run may want 1024 buffers of
 * 64 KiB: as physically contiguous allocations (order 5 and more) they
 * would make the page allocator compact and reclaim, and fail on a
 * fragmented machine. The pages are charged to the memory cgroup of the
 * process that asked for the run (see job.c), and a shortage is a refusal,
 * not a warning storm or an OOM kill.
 */

#include <linux/gfp.h>
#include <linux/highmem.h>
#include <linux/random.h>
#include <linux/string.h>
#include <linux/vmalloc.h>

#include "pagebuf.h"

#define PAGEBUF_GFP (GFP_KERNEL_ACCOUNT | __GFP_NOWARN | __GFP_NORETRY)

/**
 * kaesbench_pagebuf_alloc() - allocate a buffer, filled with random bytes
 * @b: zeroed
 * @len: bytes, at most KAESBENCH_PAGEBUF_MAX_LEN
 *
 * Context: process context, may sleep.
 * Return: 0, or -ENOMEM (what was allocated is freed by
 * kaesbench_pagebuf_free()).
 */
int kaesbench_pagebuf_alloc(struct kaesbench_pagebuf *b, u32 len)
{
	unsigned int i, n = DIV_ROUND_UP(len, PAGE_SIZE);

	if (WARN_ON_ONCE(len > KAESBENCH_PAGEBUF_MAX_LEN))
		return -EINVAL;
	b->len = len;
	for (i = 0; i < n; i++) {
		b->page[i] = alloc_page(PAGEBUF_GFP);
		if (!b->page[i])
			return -ENOMEM;
		b->npages = i + 1;
		get_random_bytes(page_address(b->page[i]), PAGE_SIZE);
		cond_resched();
	}
	return 0;
}

/**
 * kaesbench_pagebuf_map() - map an allocated buffer's pages in a row
 * @b: allocated
 *
 * For callers that take linear memory (library paths): @b->linear, in
 * vmalloc space, shows the same pages, until kaesbench_pagebuf_free().
 *
 * Context: process context, may sleep.
 * Return: 0, or -ENOMEM.
 */
int kaesbench_pagebuf_map(struct kaesbench_pagebuf *b)
{
	b->linear = vmap(b->page, b->npages, VM_MAP, PAGE_KERNEL);
	return b->linear ? 0 : -ENOMEM;
}

/*
 * A buffer's pages are seen through two mappings, the direct map and the
 * linear view. On CPUs whose data caches alias (VIVT, aliasing VIPT) a line
 * written through one is not seen through the other until flushed: a
 * library path would read stale input and its check stale output, a
 * correct implementation reported wrong. Elsewhere (x86, arm64) both
 * calls below do nothing.
 */

/**
 * kaesbench_pagebuf_to_linear() - the direct map's writes, to the linear view
 * @b: a buffer with a linear view
 *
 * After its pages were written through the direct map (a check's known
 * input), before the linear view is read.
 */
void kaesbench_pagebuf_to_linear(struct kaesbench_pagebuf *b)
{
	unsigned int i;

	for (i = 0; i < b->npages; i++)
		flush_dcache_page(b->page[i]);
	invalidate_kernel_vmap_range(b->linear, b->npages * PAGE_SIZE);
}

/**
 * kaesbench_pagebuf_from_linear() - the linear view's writes, to the pages
 * @b: a buffer with a linear view
 *
 * After the linear view was written (a library call's output), before the
 * pages are read through the direct map (its check).
 */
void kaesbench_pagebuf_from_linear(struct kaesbench_pagebuf *b)
{
	flush_kernel_vmap_range(b->linear, b->npages * PAGE_SIZE);
}

/**
 * kaesbench_pagebuf_free() - free a buffer
 * @b: allocated, partly allocated or zeroed
 */
void kaesbench_pagebuf_free(struct kaesbench_pagebuf *b)
{
	unsigned int i;

	if (b->linear)
		vunmap(b->linear);
	b->linear = NULL;
	for (i = 0; i < b->npages; i++)
		__free_page(b->page[i]);
	b->npages = 0;
}

/**
 * kaesbench_pagebuf_sg() - a scatterlist of the buffer's first @len bytes
 * @b: the buffer
 * @len: 1 to its length
 *
 * Return: the scatterlist, in @b.
 */
struct scatterlist *kaesbench_pagebuf_sg(struct kaesbench_pagebuf *b, u32 len)
{
	unsigned int i, n = DIV_ROUND_UP(len, PAGE_SIZE);

	sg_init_table(b->sg, n);
	for (i = 0; i < n; i++)
		sg_set_page(&b->sg[i], b->page[i],
			    min_t(u32, len - i * PAGE_SIZE, PAGE_SIZE), 0);
	return b->sg;
}

/**
 * kaesbench_pagebuf_copy() - copy the first @len bytes of one to another
 * @dst: the buffer written
 * @src: the buffer read
 * @len: bytes, at most either's length
 */
void kaesbench_pagebuf_copy(struct kaesbench_pagebuf *dst,
			    const struct kaesbench_pagebuf *src, u32 len)
{
	unsigned int i;

	for (i = 0; i * PAGE_SIZE < len; i++)
		memcpy(kaesbench_pagebuf_page(dst, i),
		       kaesbench_pagebuf_page(src, i),
		       min_t(u32, len - i * PAGE_SIZE, PAGE_SIZE));
}

/**
 * kaesbench_pagebuf_fill() - copy a linear buffer into the first @len bytes
 * @dst: the buffer written
 * @src: @len bytes
 * @len: at most @dst's length
 */
void kaesbench_pagebuf_fill(struct kaesbench_pagebuf *dst, const u8 *src,
			    u32 len)
{
	unsigned int i;

	for (i = 0; i * PAGE_SIZE < len; i++)
		memcpy(kaesbench_pagebuf_page(dst, i), src + i * PAGE_SIZE,
		       min_t(u32, len - i * PAGE_SIZE, PAGE_SIZE));
}

/**
 * kaesbench_pagebuf_differs() - where a buffer's bytes differ from others
 * @b: the buffer
 * @off: where in it to start
 * @want: what @len bytes from @off should be
 * @len: bytes, @off + @len at most @b's length
 *
 * Return: the first differing byte's offset from @off, or -1.
 */
s32 kaesbench_pagebuf_differs(const struct kaesbench_pagebuf *b, u32 off,
			      const u8 *want, u32 len)
{
	u32 done = 0, n;
	const u8 *p;

	while (done < len) {
		p = kaesbench_pagebuf_page(b, (off + done) / PAGE_SIZE) +
		    (off + done) % PAGE_SIZE;
		n = min_t(u32, len - done, PAGE_SIZE - (off + done) % PAGE_SIZE);
		/* memcmp() for the common case: every byte as it should be. */
		if (memcmp(p, want + done, n))
			return done + kaesbench_first_difference(p, want + done,
								  n);
		done += n;
	}
	return -1;
}
