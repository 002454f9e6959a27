/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 */

#ifndef _KAESBENCH_FRONT_H
#define _KAESBENCH_FRONT_H

#include <crypto/aead.h>
#include <crypto/internal/cipher.h>
#include <crypto/skcipher.h>
#include <linux/scatterlist.h>

#include "traits.h"

/* Single blocks: a request's buffer is walked a block at a time. */
#define KAESBENCH_TFM_BLOCKS		BIT(0)
/* Associated data before the data and a tag after it: an aead's. */
#define KAESBENCH_TFM_AEAD		BIT(1)
/* Takes linear buffers (io.src, io.dst), not scatterlists. */
#define KAESBENCH_TFM_LINEAR		BIT(2)
/*
 * Compared with kaesbench's own reference only, never the kernel's
 * generic parts, which it may call itself (library paths).
 */
#define KAESBENCH_TFM_OWN_REFERENCE	BIT(3)

/*
 * What one request does: @len bytes of data after @ad bytes of associated
 * data, from @src to @dst (the same for in place), an aead's tag after the
 * data, which an encryption writes and a decryption reads; the crypto
 * API's front ends take the scatterlists, a library path the linear
 * buffers (KAESBENCH_TFM_LINEAR).
 */
struct kaesbench_io {
	struct scatterlist *src_sg;
	struct scatterlist *dst_sg;
	u8 *src;
	u8 *dst;
	u32 ad;
	u32 len;		/* an IV generator's IV included, no tag */
	u8 *iv;			/* the implementation may update it */
	bool decrypt;
};

/* A request of an open transform, or a library call's arguments. */
struct kaesbench_req {
	union {
		struct skcipher_request *sk;
		struct aead_request *aead;
	};
	struct kaesbench_io io;	/* what kaesbench_req_set() set */
};

struct kaesbench_tfm;
struct kaesbench_lib_tfm;

/*
 * A front end: how kaesbench drives transforms of one kind. Those that do
 * not apply to it (an IV for a single-block cipher) return 0 or -EINVAL.
 */
struct kaesbench_front_ops {
	u32 type;		/* KAESBENCH_IMPL_TYPE_* it allocates */
	u32 flags;		/* KAESBENCH_TFM_* of every transform of it */
	int (*alloc)(struct kaesbench_tfm *tfm, const char *name, u32 mask);
	void (*free)(struct kaesbench_tfm *tfm);
	const char *(*driver)(const struct kaesbench_tfm *tfm);
	u32 (*block_size)(const struct kaesbench_tfm *tfm);
	u32 (*iv_size)(const struct kaesbench_tfm *tfm);
	u32 (*max_auth_size)(const struct kaesbench_tfm *tfm);
	int (*setkey)(struct kaesbench_tfm *tfm, const u8 *key,
		      unsigned int len);
	int (*setauthsize)(struct kaesbench_tfm *tfm, unsigned int len);
	/* Whole blocks from @src to @dst, linear; any context. */
	void (*crypt_blocks)(const struct kaesbench_tfm *tfm, bool decrypt,
			     u8 *dst, const u8 *src, u32 len);
	/* A request slot: 0 or -ENOMEM; completions signal @wait. */
	int (*req_alloc)(const struct kaesbench_tfm *tfm,
			 struct kaesbench_req *req, gfp_t gfp, u32 flags,
			 struct crypto_wait *wait);
	void (*req_free)(struct kaesbench_req *req);
	u64 (*req_bytes)(const struct kaesbench_tfm *tfm);
	void (*req_set)(const struct kaesbench_tfm *tfm,
			struct kaesbench_req *req);
	/* 0, -EINPROGRESS, -EBUSY (backlogged) or the request's error. */
	int (*submit)(const struct kaesbench_tfm *tfm,
		      struct kaesbench_req *req);
};

/* An open transform of any front end, library paths included. */
struct kaesbench_tfm {
	const struct kaesbench_front_ops *ops;	/* NULL: not open */
	u32 type;		/* KAESBENCH_IMPL_TYPE_* it is driven as */
	u32 flags;		/* KAESBENCH_TFM_* */
	struct kaesbench_traits traits;	/* of its algorithm */
	union {
		struct crypto_cipher *cipher;
		struct crypto_skcipher *sk;
		struct crypto_aead *aead;
		struct kaesbench_lib_tfm *lib;
	};
};

/* The crypto API's driver name, or the library path's "lib:NAME". */
static inline const char *kaesbench_tfm_driver(const struct kaesbench_tfm *tfm)
{
	return tfm->ops->driver(tfm);
}

/* What lengths must be multiples of: 1 for stream modes and GCM. */
static inline u32 kaesbench_tfm_block_size(const struct kaesbench_tfm *tfm)
{
	return tfm->ops->block_size(tfm);
}

/* An skcipher's or aead's IV length; 0 for a single-block cipher. */
static inline u32 kaesbench_tfm_iv_size(const struct kaesbench_tfm *tfm)
{
	return tfm->ops->iv_size(tfm);
}

/* An aead's longest tag; 0 for the others. */
static inline u32 kaesbench_tfm_max_auth_size(const struct kaesbench_tfm *tfm)
{
	return tfm->ops->max_auth_size(tfm);
}

/* 0, or the implementation's refusal (-EINVAL). */
static inline int kaesbench_tfm_setkey(struct kaesbench_tfm *tfm,
				       const u8 *key, unsigned int len)
{
	return tfm->ops->setkey(tfm, key, len);
}

/* An aead's tag length, once keyed: 0, or its refusal (-EINVAL). */
static inline int kaesbench_tfm_setauthsize(struct kaesbench_tfm *tfm,
					    unsigned int len)
{
	return tfm->ops->setauthsize(tfm, len);
}

/* A single-block cipher's whole blocks, @len bytes; any context. */
static inline void kaesbench_tfm_crypt_blocks(const struct kaesbench_tfm *tfm,
					      bool decrypt, u8 *dst,
					      const u8 *src, u32 len)
{
	tfm->ops->crypt_blocks(tfm, decrypt, dst, src, len);
}

/*
 * The bytes of IV an IV generator (seqiv, echainiv) writes after the
 * associated data, for which requests make room in their crypt region,
 * as esp_output() does; 0 for everything else.
 */
static inline u32 kaesbench_tfm_generated_iv(const struct kaesbench_tfm *tfm)
{
	return tfm->traits.flags & KAESBENCH_TRAIT_GEN_IV ?
	       kaesbench_tfm_iv_size(tfm) : 0;
}

/* A request slot, its completion signalling @wait: 0 or -ENOMEM. */
static inline int kaesbench_req_alloc(const struct kaesbench_tfm *tfm,
				      struct kaesbench_req *req, gfp_t gfp,
				      u32 flags, struct crypto_wait *wait)
{
	return tfm->ops->req_alloc(tfm, req, gfp, flags, wait);
}

/* Frees a slot kaesbench_req_alloc() set up, or tried to. */
static inline void kaesbench_req_free(const struct kaesbench_tfm *tfm,
				      struct kaesbench_req *req)
{
	if (tfm->ops)
		tfm->ops->req_free(req);
}

/* The memory a slot's request takes. */
static inline u64 kaesbench_req_bytes(const struct kaesbench_tfm *tfm)
{
	return tfm->ops->req_bytes(tfm);
}

/* What the request's next submissions do. */
static inline void kaesbench_req_set(const struct kaesbench_tfm *tfm,
				     struct kaesbench_req *req,
				     const struct kaesbench_io *io)
{
	req->io = *io;
	tfm->ops->req_set(tfm, req);
}

/* Hands the request to the implementation (see the ops). */
static inline int kaesbench_req_submit(const struct kaesbench_tfm *tfm,
				       struct kaesbench_req *req)
{
	return tfm->ops->submit(tfm, req);
}

/*
 * A single-block transform's request: its scatterlists' segments crypted
 * a block at a time, none across a segment. @io's @src_sg and @dst_sg are
 * in segments of the same lengths, each of whole blocks in the direct map.
 * Any context; returns 0.
 */
static inline int kaesbench_tfm_walk_blocks(const struct kaesbench_tfm *tfm,
					    const struct kaesbench_io *io)
{
	struct scatterlist *src = io->src_sg, *dst = io->dst_sg;
	u32 left = io->len, n;

	for (; left; src = sg_next(src), dst = sg_next(dst)) {
		n = min(left, src->length);
		tfm->ops->crypt_blocks(tfm, io->decrypt, sg_virt(dst),
				       sg_virt(src), n);
		left -= n;
	}
	return 0;
}

#endif /* _KAESBENCH_FRONT_H */
