// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Parsing is strict about form only: a number the kernel will refuse
 * (0, a size above KAESBENCH_MAX_SIZE, 33 sizes) is passed on, so that the
 * kernel's own message explains the limit.
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <linux/kaesbench.h>

#include "bench/sizes.h"

/*
 * The sweep's sizes: powers of four, an IPsec packet's payload on an
 * Ethernet MTU (1420), and page-sized buffers as dm-crypt and friends use.
 */
const uint32_t kb_default_sizes[] = {
	16, 64, 256, 1024, 1420, 4096, 8192, 16384
};
const size_t kb_default_sizes_count =
	sizeof(kb_default_sizes) / sizeof(kb_default_sizes[0]);

/**
 * kb_parse_u64() - parse a whole string as a decimal 64-bit number
 * @s: the string; no sign, no spaces, no suffix
 * @v: set to the number
 *
 * Return: 0, or -EINVAL if @s is not such a number or overflows.
 */
int kb_parse_u64(const char *s, uint64_t *v)
{
	unsigned long long n;
	char *end;

	if (*s < '0' || *s > '9')
		return -EINVAL;
	errno = 0;
	n = strtoull(s, &end, 10);
	if (errno || *end)
		return -EINVAL;
	*v = n;
	return 0;
}

/**
 * kb_parse_u32() - parse a whole string as a decimal 32-bit number
 * @s: the string; no sign, no spaces, no suffix
 * @v: set to the number
 *
 * Return: 0, or -EINVAL if @s is not such a number or exceeds UINT32_MAX.
 */
int kb_parse_u32(const char *s, uint32_t *v)
{
	uint64_t n;

	if (kb_parse_u64(s, &n) || n > UINT32_MAX)
		return -EINVAL;
	*v = n;
	return 0;
}

static int append(struct kb_sizes *sizes, size_t *alloc, uint32_t v)
{
	if (sizes->count == *alloc) {
		size_t n = *alloc ? 2 * *alloc : 16;
		uint32_t *grown = reallocarray(sizes->size, n, sizeof(*grown));

		if (!grown)
			return -ENOMEM;
		sizes->size = grown;
		*alloc = n;
	}
	sizes->size[sizes->count++] = v;
	return 0;
}

/**
 * kb_sizes_parse() - parse a comma-separated list of sizes
 * @s: such as "16,64,1024"
 * @sizes: filled in; free it with kb_sizes_free() whatever the result
 *
 * Return: 0, -EINVAL for an empty list, an empty element or one that is
 * not a decimal number, or -ENOMEM.
 */
int kb_sizes_parse(const char *s, struct kb_sizes *sizes)
{
	char *copy = strdup(s), *tok, *rest;
	size_t alloc = 0;
	uint32_t v;
	int ret = 0;

	memset(sizes, 0, sizeof(*sizes));
	if (!copy)
		return -ENOMEM;
	/* strtok() would skip empty elements; ",64" must be an error. */
	for (rest = copy; !ret;) {
		tok = strsep(&rest, ",");
		ret = kb_parse_u32(tok, &v);
		if (!ret)
			ret = append(sizes, &alloc, v);
		if (!rest)
			break;
	}
	free(copy);
	return ret;
}

/**
 * kb_sizes_copy() - make a list from an array
 * @dst: filled in; free it with kb_sizes_free() whatever the result
 * @size: the sizes
 * @count: how many
 *
 * Return: 0, or -ENOMEM.
 */
int kb_sizes_copy(struct kb_sizes *dst, const uint32_t *size, size_t count)
{
	dst->count = 0;
	dst->size = calloc(count ? count : 1, sizeof(*dst->size));
	if (!dst->size)
		return -ENOMEM;
	memcpy(dst->size, size, count * sizeof(*size));
	dst->count = count;
	return 0;
}

static int ascending(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

/**
 * kb_sizes_sorted() - a list in ascending order, each size once
 * @dst: filled in; free it with kb_sizes_free() whatever the result
 * @src: the list, in the order given (-b does not sort)
 *
 * Return: 0, or -ENOMEM.
 */
int kb_sizes_sorted(struct kb_sizes *dst, const struct kb_sizes *src)
{
	size_t i, n = 0;

	if (kb_sizes_copy(dst, src->size, src->count))
		return -ENOMEM;
	qsort(dst->size, dst->count, sizeof(*dst->size), ascending);
	for (i = 0; i < dst->count; i++)
		if (!n || dst->size[n - 1] != dst->size[i])
			dst->size[n++] = dst->size[i];
	dst->count = n;
	return 0;
}

/**
 * kb_sizes_free() - free a list
 * @sizes: the list; left empty
 */
void kb_sizes_free(struct kb_sizes *sizes)
{
	free(sizes->size);
	memset(sizes, 0, sizeof(*sizes));
}

/**
 * kb_size_fits() - whether an implementation can take a buffer size
 * @impl: the implementation
 * @size: bytes
 *
 * A single-block cipher is run over whole blocks, and a block mode without
 * ciphertext stealing refuses a partial last block; stream modes (block
 * size 1), xts, cts and aeads take any length.
 *
 * Return: true if @size can be sent.
 */
bool kb_size_fits(const struct kb_impl *impl, uint32_t size)
{
	uint32_t bs = impl->block_size;
	bool stealing;

	if (bs <= 1 || size % bs == 0)
		return true;
	switch (impl->type) {
	case KAESBENCH_IMPL_TYPE_CIPHER:
		return false;
	case KAESBENCH_IMPL_TYPE_SKCIPHER:
	case KAESBENCH_IMPL_TYPE_LSKCIPHER:
		stealing = strstr(impl->alg_name, "xts(") ||
			   strstr(impl->alg_name, "cts(");
		return stealing;
	default:
		return true;
	}
}

/**
 * kb_sizes_filter() - the sizes of a list an implementation can take
 * @impl: the implementation
 * @in: the sizes wanted
 * @out: filled in with those that fit, in order; free it with
 *	 kb_sizes_free() whatever the result
 *
 * Return: 0, or -ENOMEM.
 */
int kb_sizes_filter(const struct kb_impl *impl, const struct kb_sizes *in,
		    struct kb_sizes *out)
{
	size_t i;

	if (kb_sizes_copy(out, in->size, in->count))
		return -ENOMEM;
	out->count = 0;
	for (i = 0; i < in->count; i++)
		if (kb_size_fits(impl, in->size[i]))
			out->size[out->count++] = in->size[i];
	return 0;
}

/**
 * kb_sizes_has() - whether an array holds a value
 * @size: the array
 * @count: its length
 * @value: the value
 *
 * Return: true if found.
 */
bool kb_sizes_has(const uint32_t *size, size_t count, uint32_t value)
{
	size_t i;

	for (i = 0; i < count; i++)
		if (size[i] == value)
			return true;
	return false;
}
