// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The AES library's entry points as implementations ("library paths"):
 * what in-kernel users call without the crypto API (lib/crypto/aes.c's
 * single-block cipher, lib/crypto/aesgcm.c, and the mode libraries of
 * <crypto/aes-cbc.h> and its siblings where the kernel has them). Only
 * the calls themselves are measured: no transform, no request, no
 * scatterlist.
 *
 * Which paths exist is decided by the symbols the kernel exports from
 * vmlinux, which Kbuild reads from the kernel's Module.symvers when
 * kaesbench is built for it (KAESBENCH_EXPORTS_<symbol>): a function
 * referenced here that the kernel does not export would keep the module
 * from loading. A module loads only on the kernel it was built for, so
 * that is what the running kernel has; no version number decides
 * anything. A path whose functions are missing is still listed, with why.
 */

#include <crypto/aes.h>
#include <crypto/gcm.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <uapi/linux/kaesbench.h>

#if defined(KAESBENCH_EXPORTS_aes_ecb_encrypt)
#include <crypto/aes-ecb.h>
#endif
#if defined(KAESBENCH_EXPORTS_aes_cbc_encrypt) || \
	defined(KAESBENCH_EXPORTS_aes_cbc_cts_encrypt)
#include <crypto/aes-cbc.h>
#endif
#if defined(KAESBENCH_EXPORTS_aes_ctr) || defined(KAESBENCH_EXPORTS_aes_xctr)
#include <crypto/aes-ctr.h>
#endif
#if defined(KAESBENCH_EXPORTS_aes_xts_encrypt)
#include <crypto/aes-xts.h>
#endif
#if defined(KAESBENCH_EXPORTS_aes_gcm_encrypt)
#include <crypto/aes-gcm.h>
#endif
#if defined(KAESBENCH_EXPORTS_aes_ccm_encrypt)
#include <crypto/aes-ccm.h>
#endif

#include "front.h"
#include "library.h"
#include "pagebuf.h"
#include "refmodes.h"

/* The single-block cipher's key: struct aes_key since Linux 7.0. */
#if defined(KAESBENCH_EXPORTS_aes_preparekey) && \
	defined(KAESBENCH_EXPORTS_aes_encrypt) && \
	defined(KAESBENCH_EXPORTS_aes_decrypt)
#define HAVE_AES_KEY
#elif defined(KAESBENCH_EXPORTS_aes_expandkey) && \
	defined(KAESBENCH_EXPORTS_aes_encrypt) && \
	defined(KAESBENCH_EXPORTS_aes_decrypt)
#define HAVE_AES_CTX
#endif
/* The mode libraries take struct aes_key. */
#if defined(HAVE_AES_KEY) && defined(KAESBENCH_EXPORTS_aes_ecb_encrypt) && \
	defined(KAESBENCH_EXPORTS_aes_ecb_decrypt)
#define HAVE_ECB
#endif
#if defined(HAVE_AES_KEY) && defined(KAESBENCH_EXPORTS_aes_cbc_encrypt) && \
	defined(KAESBENCH_EXPORTS_aes_cbc_decrypt)
#define HAVE_CBC
#endif
#if defined(HAVE_AES_KEY) && \
	defined(KAESBENCH_EXPORTS_aes_cbc_cts_encrypt) && \
	defined(KAESBENCH_EXPORTS_aes_cbc_cts_decrypt)
#define HAVE_CTS
#endif
#if defined(HAVE_AES_KEY) && defined(KAESBENCH_EXPORTS_aes_ctr)
#define HAVE_CTR
#endif
#if defined(HAVE_AES_KEY) && defined(KAESBENCH_EXPORTS_aes_xctr)
#define HAVE_XCTR
#endif
#if defined(KAESBENCH_EXPORTS_aes_xts_preparekey) && \
	defined(KAESBENCH_EXPORTS_aes_xts_encrypt) && \
	defined(KAESBENCH_EXPORTS_aes_xts_decrypt)
#define HAVE_XTS
#endif
#if defined(KAESBENCH_EXPORTS_aes_gcm_preparekey) && \
	defined(KAESBENCH_EXPORTS_aes_gcm_encrypt) && \
	defined(KAESBENCH_EXPORTS_aes_gcm_decrypt)
#define HAVE_GCM
#endif
#if defined(KAESBENCH_EXPORTS_aes_ccm_preparekey) && \
	defined(KAESBENCH_EXPORTS_aes_ccm_encrypt) && \
	defined(KAESBENCH_EXPORTS_aes_ccm_decrypt)
#define HAVE_CCM
#endif
#if defined(KAESBENCH_EXPORTS_aesgcm_expandkey) && \
	defined(KAESBENCH_EXPORTS_aesgcm_encrypt) && \
	defined(KAESBENCH_EXPORTS_aesgcm_decrypt)
#define HAVE_AESGCM
#endif

/*
 * One call of a mode or aead library path, on linear buffers: @len bytes
 * from @src to @dst (the same pointer in place); an aead also
 * authenticates @aad and writes (encrypting) or checks (decrypting) @tag.
 */
struct kaesbench_lib_call {
	bool decrypt;
	u8 *dst;
	const u8 *src;
	u32 len;
	u8 *iv;			/* the library may update it */
	const u8 *aad;
	u32 aad_len;
	u8 *tag;
};

/* A library path opened for a run or verification: its prepared key. */
struct kaesbench_lib_tfm {
	const struct kaesbench_library *path;
	union kaesbench_lib_key *key;
	u8 raw[KAESBENCH_LIBRARY_KEY_MAX];	/* to prepare again */
	u32 raw_len;
	u32 tag_len;		/* aeads: the tag the key was prepared for */
};

union kaesbench_lib_key {
#ifdef HAVE_AES_KEY
	struct aes_key aes;
#endif
#ifdef HAVE_AES_CTX
	struct crypto_aes_ctx ctx;
#endif
#ifdef HAVE_XTS
	struct aes_xts_key xts;
#endif
#ifdef HAVE_GCM
	struct aes_gcm_key gcm;
#endif
#ifdef HAVE_CCM
	struct aes_ccm_key ccm;
#endif
#ifdef HAVE_AESGCM
	struct aesgcm_ctx aesgcm;
#endif
	u8 none;
};

struct kaesbench_library {
	const char *name;
	const char *alg_name;
	const char *calls;
	const char *absent;	/* why this kernel lacks it; NULL: it has it */
	u32 type;		/* the crypto API front end it is driven like */
	u32 flags;		/* KAESBENCH_TFM_* of its transforms */
	u32 block_size;		/* as the crypto API's drivers of it say */
	bool whole_blocks;	/* lengths are multiples of AES_BLOCK_SIZE */
	u32 iv_size;
	u32 min_key;
	u32 max_key;
	u32 max_auth;		/* aeads */
	int (*prepare)(union kaesbench_lib_key *k, const u8 *key,
		       unsigned int len, unsigned int tag_len);
	/* Single blocks (KAESBENCH_IMPL_TYPE_CIPHER) */
	void (*block)(const union kaesbench_lib_key *k, bool decrypt, u8 *dst,
		      const u8 *src);
	/* Modes and aeads: 0, or -EBADMSG for a tag that does not match */
	int (*crypt)(const union kaesbench_lib_key *k,
		     const struct kaesbench_lib_call *c);
};

#ifdef KAESBENCH_SYMVERS
#define NOT_EXPORTED(what, hint) \
	"this kernel does not export " what " (" hint ")"
#else
/* Nothing is known of what the kernel exports: no function is called. */
#define NOT_EXPORTED(what, hint) \
	"kaesbench was built without the kernel's Module.symvers " \
	"(the list of what it exports), so it calls no " what " (" hint ")"
#endif
#define MODE_HINT \
	"the AES mode libraries, <crypto/aes-cbc.h> and its siblings, are newer than this kernel"

#ifdef HAVE_AES_KEY
static int aes_prepare(union kaesbench_lib_key *k, const u8 *key,
		       unsigned int len, unsigned int tag_len)
{
	return aes_preparekey(&k->aes, key, len);
}

static void aes_block(const union kaesbench_lib_key *k, bool decrypt, u8 *dst,
		      const u8 *src)
{
	if (decrypt)
		aes_decrypt(&k->aes, dst, src);
	else
		aes_encrypt(&k->aes, dst, src);
}

#define AES_CALLS "aes_preparekey(), aes_encrypt(), aes_decrypt()"
#define AES_ABSENT NULL
#define AES_OPS .prepare = aes_prepare, .block = aes_block
#elif defined(HAVE_AES_CTX)
static int aes_prepare(union kaesbench_lib_key *k, const u8 *key,
		       unsigned int len, unsigned int tag_len)
{
	return aes_expandkey(&k->ctx, key, len);
}

static void aes_block(const union kaesbench_lib_key *k, bool decrypt, u8 *dst,
		      const u8 *src)
{
	if (decrypt)
		aes_decrypt(&k->ctx, dst, src);
	else
		aes_encrypt(&k->ctx, dst, src);
}

#define AES_CALLS "aes_expandkey(), aes_encrypt(), aes_decrypt()"
#define AES_ABSENT NULL
#define AES_OPS .prepare = aes_prepare, .block = aes_block
#else
#define AES_CALLS "aes_preparekey() or aes_expandkey(), aes_encrypt(), aes_decrypt()"
#define AES_ABSENT NOT_EXPORTED("aes_encrypt() with aes_preparekey() or aes_expandkey()", \
				"CONFIG_CRYPTO_LIB_AES is a module or off")
#define AES_OPS
#endif

#ifdef HAVE_ECB
static int ecb_crypt(const union kaesbench_lib_key *k,
		     const struct kaesbench_lib_call *c)
{
	if (c->decrypt)
		aes_ecb_decrypt(c->dst, c->src, c->len, &k->aes);
	else
		aes_ecb_encrypt(c->dst, c->src, c->len, &k->aes);
	return 0;
}

#define ECB_ABSENT NULL
#define ECB_OPS .prepare = aes_prepare, .crypt = ecb_crypt
#else
#define ECB_ABSENT NOT_EXPORTED("aes_ecb_encrypt()", MODE_HINT)
#define ECB_OPS
#endif

#ifdef HAVE_CBC
static int cbc_crypt(const union kaesbench_lib_key *k,
		     const struct kaesbench_lib_call *c)
{
	if (c->decrypt)
		aes_cbc_decrypt(c->dst, c->src, c->len, c->iv, &k->aes);
	else
		aes_cbc_encrypt(c->dst, c->src, c->len, c->iv, &k->aes);
	return 0;
}

#define CBC_ABSENT NULL
#define CBC_OPS .prepare = aes_prepare, .crypt = cbc_crypt
#else
#define CBC_ABSENT NOT_EXPORTED("aes_cbc_encrypt()", MODE_HINT)
#define CBC_OPS
#endif

#ifdef HAVE_CTS
static int cts_crypt(const union kaesbench_lib_key *k,
		     const struct kaesbench_lib_call *c)
{
	if (c->decrypt)
		aes_cbc_cts_decrypt(c->dst, c->src, c->len, c->iv, &k->aes);
	else
		aes_cbc_cts_encrypt(c->dst, c->src, c->len, c->iv, &k->aes);
	return 0;
}

#define CTS_ABSENT NULL
#define CTS_OPS .prepare = aes_prepare, .crypt = cts_crypt
#else
#define CTS_ABSENT NOT_EXPORTED("aes_cbc_cts_encrypt()", MODE_HINT)
#define CTS_OPS
#endif

#ifdef HAVE_CTR
static int ctr_crypt(const union kaesbench_lib_key *k,
		     const struct kaesbench_lib_call *c)
{
	aes_ctr(c->dst, c->src, c->len, c->iv, &k->aes);
	return 0;
}

#define CTR_ABSENT NULL
#define CTR_OPS .prepare = aes_prepare, .crypt = ctr_crypt
#else
#define CTR_ABSENT NOT_EXPORTED("aes_ctr()", MODE_HINT)
#define CTR_OPS
#endif

#ifdef HAVE_XCTR
static int xctr_crypt(const union kaesbench_lib_key *k,
		      const struct kaesbench_lib_call *c)
{
	/* XCTR's block counter starts at 1 (HCTR2), as xctr(aes)'s does. */
	u64 ctr = 1;

	aes_xctr(c->dst, c->src, c->len, &ctr, c->iv, &k->aes);
	return 0;
}

#define XCTR_ABSENT NULL
#define XCTR_OPS .prepare = aes_prepare, .crypt = xctr_crypt
#else
#define XCTR_ABSENT NOT_EXPORTED("aes_xctr()", MODE_HINT)
#define XCTR_OPS
#endif

#ifdef HAVE_XTS
static int xts_prepare(union kaesbench_lib_key *k, const u8 *key,
		       unsigned int len, unsigned int tag_len)
{
	/* Equal halves are refused by the crypto API's xts only in FIPS mode. */
	return aes_xts_preparekey(&k->xts, key, len, 0);
}

static int xts_crypt(const union kaesbench_lib_key *k,
		     const struct kaesbench_lib_call *c)
{
	if (c->decrypt)
		aes_xts_decrypt(c->dst, c->src, c->len, c->iv, &k->xts, false);
	else
		aes_xts_encrypt(c->dst, c->src, c->len, c->iv, &k->xts, false);
	return 0;
}

#define XTS_ABSENT NULL
#define XTS_OPS .prepare = xts_prepare, .crypt = xts_crypt
#else
#define XTS_ABSENT NOT_EXPORTED("aes_xts_encrypt()", MODE_HINT)
#define XTS_OPS
#endif

#ifdef HAVE_GCM
static int gcm_prepare(union kaesbench_lib_key *k, const u8 *key,
		       unsigned int len, unsigned int tag_len)
{
	return aes_gcm_preparekey(&k->gcm, key, len, tag_len);
}

static int gcm_crypt(const union kaesbench_lib_key *k,
		     const struct kaesbench_lib_call *c)
{
	if (c->decrypt)
		return aes_gcm_decrypt(c->dst, c->src, c->len, c->tag, c->aad,
				       c->aad_len, c->iv, &k->gcm) ?
		       -EBADMSG : 0;
	aes_gcm_encrypt(c->dst, c->src, c->len, c->tag, c->aad, c->aad_len,
			c->iv, &k->gcm);
	return 0;
}

#define GCM_ABSENT NULL
#define GCM_OPS .prepare = gcm_prepare, .crypt = gcm_crypt
#else
#define GCM_ABSENT NOT_EXPORTED("aes_gcm_encrypt()", MODE_HINT)
#define GCM_OPS
#endif

#ifdef HAVE_CCM
static int ccm_prepare(union kaesbench_lib_key *k, const u8 *key,
		       unsigned int len, unsigned int tag_len)
{
	return aes_ccm_preparekey(&k->ccm, key, len, tag_len);
}

/*
 * The crypto API's ccm(aes) takes a 16-byte IV: L' (the size of the
 * length field less one, 1 to 7), then the nonce, its 14 - L' bytes; the
 * library takes the nonce and its length (7 to 13) and refuses others.
 */
static int ccm_crypt(const union kaesbench_lib_key *k,
		     const struct kaesbench_lib_call *c)
{
	size_t nonce_len = 14 - min_t(u8, c->iv[0], 14);

	if (c->decrypt)
		return aes_ccm_decrypt(c->dst, c->src, c->len, c->tag, c->aad,
				       c->aad_len, c->iv + 1, nonce_len,
				       &k->ccm);
	return aes_ccm_encrypt(c->dst, c->src, c->len, c->tag, c->aad,
			       c->aad_len, c->iv + 1, nonce_len, &k->ccm);
}

#define CCM_ABSENT NULL
#define CCM_OPS .prepare = ccm_prepare, .crypt = ccm_crypt
#else
#define CCM_ABSENT NOT_EXPORTED("aes_ccm_encrypt()", MODE_HINT)
#define CCM_OPS
#endif

#ifdef HAVE_AESGCM
static int aesgcm_prepare(union kaesbench_lib_key *k, const u8 *key,
			  unsigned int len, unsigned int tag_len)
{
	return aesgcm_expandkey(&k->aesgcm, key, len, tag_len);
}

static int aesgcm_crypt(const union kaesbench_lib_key *k,
			const struct kaesbench_lib_call *c)
{
	if (c->decrypt)
		return aesgcm_decrypt(&k->aesgcm, c->dst, c->src, c->len,
				      c->aad, c->aad_len, c->iv, c->tag) ?
		       0 : -EBADMSG;
	aesgcm_encrypt(&k->aesgcm, c->dst, c->src, c->len, c->aad, c->aad_len,
		       c->iv, c->tag);
	return 0;
}

#define AESGCM_ABSENT NULL
#define AESGCM_OPS .prepare = aesgcm_prepare, .crypt = aesgcm_crypt
#else
#define AESGCM_HINT \
	"CONFIG_CRYPTO_LIB_AESGCM is off: only some drivers select it, and the mode library lib:aes-gcm replaces it"
#define AESGCM_ABSENT NOT_EXPORTED("aesgcm_encrypt()", AESGCM_HINT)
#define AESGCM_OPS
#endif

#define AES_KEYS .min_key = AES_MIN_KEY_SIZE, .max_key = AES_MAX_KEY_SIZE
/*
 * How each is driven: single blocks page by page, as a cipher is; the
 * modes and aeads on linear buffers; all compared with kaesbench's own
 * reference only, as the kernel's generic parts may call the library.
 */
#define PATH_CIPHER .type = KAESBENCH_IMPL_TYPE_CIPHER, \
	.flags = KAESBENCH_TFM_BLOCKS | KAESBENCH_TFM_OWN_REFERENCE, \
	.block_size = AES_BLOCK_SIZE, .whole_blocks = true
#define PATH_SKCIPHER .type = KAESBENCH_IMPL_TYPE_SKCIPHER, \
	.flags = KAESBENCH_TFM_LINEAR | KAESBENCH_TFM_OWN_REFERENCE
#define PATH_AEAD .type = KAESBENCH_IMPL_TYPE_AEAD, \
	.flags = KAESBENCH_TFM_AEAD | KAESBENCH_TFM_LINEAR | \
		 KAESBENCH_TFM_OWN_REFERENCE, .block_size = 1
/* Stream modes take any length, and say 1 as the crypto API's do. */
#define PATH_STREAM .block_size = 1
#define PATH_BLOCKS .block_size = AES_BLOCK_SIZE, .whole_blocks = true
#define PATH_STEALS .block_size = AES_BLOCK_SIZE

static const struct kaesbench_library paths[] = {
	{ .name = "lib:aes", .alg_name = "aes", .calls = AES_CALLS,
	  .absent = AES_ABSENT, PATH_CIPHER, AES_KEYS, AES_OPS },
	{ .name = "lib:aes-ecb", .alg_name = "ecb(aes)",
	  .calls = "aes_preparekey(), aes_ecb_encrypt(), aes_ecb_decrypt()",
	  .absent = ECB_ABSENT, PATH_SKCIPHER, PATH_BLOCKS, AES_KEYS, ECB_OPS },
	{ .name = "lib:aes-cbc", .alg_name = "cbc(aes)",
	  .calls = "aes_preparekey(), aes_cbc_encrypt(), aes_cbc_decrypt()",
	  .absent = CBC_ABSENT, PATH_SKCIPHER, PATH_BLOCKS,
	  .iv_size = AES_BLOCK_SIZE, AES_KEYS, CBC_OPS },
	{ .name = "lib:aes-cbc-cts", .alg_name = "cts(cbc(aes))",
	  .calls = "aes_preparekey(), aes_cbc_cts_encrypt(), aes_cbc_cts_decrypt()",
	  .absent = CTS_ABSENT, PATH_SKCIPHER, PATH_STEALS,
	  .iv_size = AES_BLOCK_SIZE, AES_KEYS, CTS_OPS },
	{ .name = "lib:aes-ctr", .alg_name = "ctr(aes)",
	  .calls = "aes_preparekey(), aes_ctr()", .absent = CTR_ABSENT,
	  PATH_SKCIPHER, PATH_STREAM, .iv_size = AES_BLOCK_SIZE, AES_KEYS,
	  CTR_OPS },
	{ .name = "lib:aes-xctr", .alg_name = "xctr(aes)",
	  .calls = "aes_preparekey(), aes_xctr()", .absent = XCTR_ABSENT,
	  PATH_SKCIPHER, PATH_STREAM, .iv_size = AES_BLOCK_SIZE, AES_KEYS,
	  XCTR_OPS },
	{ .name = "lib:aes-xts", .alg_name = "xts(aes)",
	  .calls = "aes_xts_preparekey(), aes_xts_encrypt(), aes_xts_decrypt()",
	  .absent = XTS_ABSENT, PATH_SKCIPHER, PATH_STEALS,
	  .iv_size = AES_BLOCK_SIZE, .min_key = 2 * AES_MIN_KEY_SIZE,
	  .max_key = 2 * AES_MAX_KEY_SIZE, XTS_OPS },
	{ .name = "lib:aes-gcm", .alg_name = "gcm(aes)",
	  .calls = "aes_gcm_preparekey(), aes_gcm_encrypt(), aes_gcm_decrypt()",
	  .absent = GCM_ABSENT, PATH_AEAD, .iv_size = GCM_AES_IV_SIZE,
	  .max_auth = AES_BLOCK_SIZE, AES_KEYS, GCM_OPS },
	{ .name = "lib:aes-ccm", .alg_name = "ccm(aes)",
	  .calls = "aes_ccm_preparekey(), aes_ccm_encrypt(), aes_ccm_decrypt()",
	  .absent = CCM_ABSENT, PATH_AEAD, .iv_size = AES_BLOCK_SIZE,
	  .max_auth = AES_BLOCK_SIZE, AES_KEYS, CCM_OPS },
	{ .name = "lib:aesgcm", .alg_name = "gcm(aes)",
	  .calls = "aesgcm_expandkey(), aesgcm_encrypt(), aesgcm_decrypt()",
	  .absent = AESGCM_ABSENT, PATH_AEAD, .iv_size = GCM_AES_IV_SIZE,
	  .max_auth = AES_BLOCK_SIZE, AES_KEYS, AESGCM_OPS },
};

static_assert(ARRAY_SIZE(paths) == KAESBENCH_LIBRARY_PATHS);

static void describe(const struct kaesbench_library *p,
		     struct kaesbench_impl *impl)
{
	memset(impl, 0, sizeof(*impl));
	strscpy(impl->alg_name, p->alg_name, sizeof(impl->alg_name));
	strscpy(impl->driver_name, p->name, sizeof(impl->driver_name));
	strscpy(impl->module_name, "kernel", sizeof(impl->module_name));
	impl->type = p->type;
	impl->flags = KAESBENCH_IMPL_F_LIBRARY;
	if (p->absent)
		impl->flags |= KAESBENCH_IMPL_F_ABSENT;
	impl->block_size = p->block_size;
	impl->min_key_size = p->type == KAESBENCH_IMPL_TYPE_AEAD ? 0 :
			     p->min_key;
	impl->max_key_size = p->type == KAESBENCH_IMPL_TYPE_AEAD ? 0 :
			     p->max_key;
	impl->iv_size = p->iv_size;
	impl->max_auth_size = p->max_auth;
	impl->library_calls = p->calls;
	impl->absent = p->absent;
}

/**
 * kaesbench_library_describe() - one library path, as the list shows it
 * @i: its index, from 0
 * @impl: filled in, flagged KAESBENCH_IMPL_F_LIBRARY (and _ABSENT)
 *
 * Return: 0, or -ENOENT past the last.
 */
int kaesbench_library_describe(unsigned int i, struct kaesbench_impl *impl)
{
	if (i >= ARRAY_SIZE(paths))
		return -ENOENT;
	describe(&paths[i], impl);
	return 0;
}

static const struct kaesbench_library *find(const char *name)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(paths); i++) {
		if (!strcmp(paths[i].name, name))
			return &paths[i];
	}
	return NULL;
}

/*
 * What a run naming a path this kernel lacks is told, made once at load:
 * an extack message must outlive the request's thread.
 */
#define REFUSAL_LEN 400
static char unknown_refusal[REFUSAL_LEN];
static char absent_refusal[KAESBENCH_LIBRARY_PATHS][REFUSAL_LEN];

/**
 * kaesbench_library_init() - make the refusals that name the paths here
 *
 * Context: module load, before any request.
 */
void kaesbench_library_init(void)
{
	char have[REFUSAL_LEN / 2];
	unsigned int i;
	size_t n = 0;

	have[0] = '\0';
	for (i = 0; i < ARRAY_SIZE(paths); i++) {
		if (!paths[i].absent)
			n += scnprintf(have + n, sizeof(have) - n, "%s%s",
				       n ? ", " : "", paths[i].name);
	}
	if (!n)
		strscpy(have, "none", sizeof(have));
	snprintf(unknown_refusal, sizeof(unknown_refusal),
		 "no such library path; this kernel has: %s", have);
	for (i = 0; i < ARRAY_SIZE(paths); i++) {
		if (paths[i].absent)
			snprintf(absent_refusal[i], REFUSAL_LEN,
				 "%s is absent: %s; this kernel has: %s",
				 paths[i].name, paths[i].absent, have);
	}
}

/* Fixed, so that a self-check failure can be reproduced. */
static void pattern(u8 *buf, unsigned int len, u8 seed)
{
	unsigned int i;

	for (i = 0; i < len; i++)
		buf[i] = seed + 29 * i;
}

#define CHECK_AAD 16
#define CHECK_LEN 40		/* two blocks and a half: stealing, partial */
#define CHECK_TAG AES_BLOCK_SIZE

/* What a self-check needs, off the stack. */
struct self_check {
	struct kaesbench_refmode ref;
	union kaesbench_lib_key key;
	u8 raw[KAESBENCH_LIBRARY_KEY_MAX];
	u8 iv[AES_BLOCK_SIZE];
	u8 plain[CHECK_AAD + CHECK_LEN + CHECK_TAG];
	u8 want[CHECK_AAD + CHECK_LEN + CHECK_TAG];
	u8 got[CHECK_AAD + CHECK_LEN + CHECK_TAG];
	u8 back[CHECK_AAD + CHECK_LEN + CHECK_TAG];
};

/*
 * A mode or aead call on buffers laid out as a request's are: @ad bytes of
 * associated data, @len of data, then the tag, which an encryption writes
 * after @dst's data and a decryption reads after @src's.
 */
static int crypt_laid_out(const struct kaesbench_library *p,
			  const union kaesbench_lib_key *k, bool decrypt,
			  u8 *dst, const u8 *src, u32 ad, u32 len, u8 *iv)
{
	struct kaesbench_lib_call c = {
		.decrypt = decrypt, .dst = dst + ad, .src = src + ad,
		.len = len, .iv = iv, .aad = src, .aad_len = ad,
		.tag = (decrypt ? (u8 *)src : dst) + ad + len,
	};

	return p->crypt(k, &c);
}

/* One self-check call, from a copy of @iv: the library may change it. */
static int lib_call(const struct kaesbench_library *p,
		    union kaesbench_lib_key *k, bool decrypt, u8 *dst,
		    const u8 *src, u32 len, const u8 *iv)
{
	u32 ad = p->type == KAESBENCH_IMPL_TYPE_AEAD ? CHECK_AAD : 0;
	u8 civ[AES_BLOCK_SIZE];
	u32 i;

	memcpy(civ, iv, sizeof(civ));
	if (p->type != KAESBENCH_IMPL_TYPE_CIPHER)
		return crypt_laid_out(p, k, decrypt, dst, src, ad, len, civ);
	for (i = 0; i < len; i += AES_BLOCK_SIZE)
		p->block(k, decrypt, dst + i, src + i);
	return 0;
}

/* The reference's encryption of the self-check's plaintext, into want. */
static int reference_output(const struct kaesbench_library *p,
			    struct self_check *sc, u32 key_len, u32 ad,
			    u32 len, u32 tag)
{
	u8 iv[AES_BLOCK_SIZE];
	int err;

	memcpy(sc->want, sc->plain, ad + len);
	memcpy(iv, sc->iv, sizeof(iv));
	err = kaesbench_refmode_open(&sc->ref, p->alg_name) ?:
	      kaesbench_refmode_setkey(&sc->ref, sc->raw, key_len);
	if (err)
		return err;
	if (p->type != KAESBENCH_IMPL_TYPE_AEAD)
		return kaesbench_refmode_encrypt(&sc->ref, sc->plain, sc->want,
						 len, iv);
	sc->ref.authsize = tag;
	return kaesbench_refmode_aead_encrypt(&sc->ref, sc->want, ad, len, iv);
}

/*
 * The path's calls on the self-check's buffers, keyed: its encryption is
 * the reference's, its decryption of that the plaintext, and an aead
 * refuses a flipped tag bit. Return: 0, or -EBADMSG with @extack set.
 */
static int check_calls(const struct kaesbench_library *p,
		       struct self_check *sc, u32 ad, u32 len, u32 tag,
		       struct netlink_ext_ack *extack)
{
	s32 off;

	memcpy(sc->got, sc->plain, ad);
	lib_call(p, &sc->key, false, sc->got, sc->plain, len, sc->iv);
	off = kaesbench_first_difference(sc->got + ad, sc->want + ad,
					 len + tag);
	if (off >= 0) {
		NL_SET_ERR_MSG(extack,
			       "the library path failed its self-check: its encryption differs from kaesbench's own reference: refused, not measured");
		pr_warn_ratelimited("%s: self-check: its encryption of %u bytes differs from the own reference's at byte %d\n",
				    p->name, len, off);
		return -EBADMSG;
	}
	memcpy(sc->back, sc->want, ad);
	if (lib_call(p, &sc->key, true, sc->back, sc->want, len, sc->iv) ||
	    kaesbench_first_difference(sc->back + ad, sc->plain + ad, len) >= 0) {
		NL_SET_ERR_MSG(extack,
			       "the library path failed its self-check: its decryption of kaesbench's own reference's ciphertext is wrong: refused, not measured");
		pr_warn_ratelimited("%s: self-check: its decryption of %u bytes is wrong\n",
				    p->name, len);
		return -EBADMSG;
	}
	if (!tag)
		return 0;
	sc->want[ad + len + tag - 1] ^= 1;
	if (lib_call(p, &sc->key, true, sc->back, sc->want, len,
		     sc->iv) != -EBADMSG) {
		NL_SET_ERR_MSG(extack,
			       "the library path failed its self-check: it accepted a flipped tag bit: refused, not measured");
		pr_warn_ratelimited("%s: self-check: a flipped tag bit was accepted\n",
				    p->name);
		return -EBADMSG;
	}
	return 0;
}

/*
 * Each direction against kaesbench's own reference (refmodes.c), which
 * shares nothing with the kernel's library; an aead must also refuse a
 * flipped tag bit. Return: 0, or -EBADMSG with @extack saying how.
 */
static int self_check(const struct kaesbench_library *p,
		      struct netlink_ext_ack *extack)
{
	bool aead = p->type == KAESBENCH_IMPL_TYPE_AEAD;
	u32 key_len = p->min_key ?: AES_MIN_KEY_SIZE;
	u32 len = p->whole_blocks ? round_down(CHECK_LEN, AES_BLOCK_SIZE) :
		  CHECK_LEN;
	u32 ad = aead ? CHECK_AAD : 0, tag = aead ? CHECK_TAG : 0;
	const char *refusal = kaesbench_refmodes_refusal();
	struct self_check *sc;
	int err;

	/*
	 * A reference that failed its own known answers at load checks
	 * nothing: the path is refused as any verification on it is
	 * (reference.c). Made once at load, so it may stand as extack's
	 * message.
	 */
	if (refusal) {
		if (extack)
			extack->_msg = refusal;
		return -EBADMSG;
	}
	sc = kzalloc(sizeof(*sc), GFP_KERNEL);
	if (!sc)
		return -ENOMEM;
	pattern(sc->raw, key_len, 1);
	pattern(sc->iv, sizeof(sc->iv), 2);
	pattern(sc->plain, ad + len, 3);
	err = reference_output(p, sc, key_len, ad, len, tag);
	if (err) {
		NL_SET_ERR_MSG(extack,
			       "kaesbench's own reference cannot check this library path: see the kernel log");
		pr_warn("own reference cannot check %s (%d): %s\n", p->name,
			err, kaesbench_refmodes_refusal());
		goto out;
	}
	err = p->prepare(&sc->key, sc->raw, key_len, tag);
	if (err) {
		NL_SET_ERR_MSG(extack,
			       "the library path refused its self-check's key: refused, not measured");
		goto out;
	}
	err = check_calls(p, sc, ad, len, tag, extack);
out:
	kaesbench_refmode_close(&sc->ref);
	kfree_sensitive(sc);
	return err;
}

/* The library front end: what the crypto API's accessors say, for a path. */

static const struct kaesbench_library *path_of(const struct kaesbench_tfm *tfm)
{
	return tfm->lib->path;
}

static void lib_free(struct kaesbench_tfm *tfm)
{
	struct kaesbench_lib_tfm *lib = tfm->lib;

	if (!lib)
		return;
	kfree_sensitive(lib->key);
	kfree_sensitive(lib);
	tfm->lib = NULL;
}

/* "lib:NAME", as a driver name stands in a listing. */
static const char *lib_driver(const struct kaesbench_tfm *tfm)
{
	return path_of(tfm)->name;
}

static u32 lib_block_size(const struct kaesbench_tfm *tfm)
{
	return path_of(tfm)->block_size;
}

/* As the crypto API's: 0 for single blocks and ECB. */
static u32 lib_iv_size(const struct kaesbench_tfm *tfm)
{
	return path_of(tfm)->iv_size;
}

/* 0 for a path that is not an aead. */
static u32 lib_max_auth_size(const struct kaesbench_tfm *tfm)
{
	return path_of(tfm)->max_auth;
}

static int prepare(struct kaesbench_lib_tfm *lib)
{
	return lib->path->prepare(lib->key, lib->raw, lib->raw_len,
				  lib->tag_len);
}

/* A key prepared as the path's users do: 0, or the library's -EINVAL. */
static int lib_setkey(struct kaesbench_tfm *tfm, const u8 *key,
		      unsigned int len)
{
	struct kaesbench_lib_tfm *lib = tfm->lib;

	if (len > sizeof(lib->raw) || len < lib->path->min_key ||
	    len > lib->path->max_key)
		return -EINVAL;
	memcpy(lib->raw, key, len);
	lib->raw_len = len;
	return prepare(lib);
}

/* The library takes the tag length with the key: it is prepared again. */
static int lib_setauthsize(struct kaesbench_tfm *tfm, unsigned int len)
{
	struct kaesbench_lib_tfm *lib = tfm->lib;
	unsigned int old = lib->tag_len;
	int err;

	if (!len || len > lib->path->max_auth)
		return -EINVAL;
	lib->tag_len = len;
	err = lib->raw_len ? prepare(lib) : 0;
	if (err) {
		lib->tag_len = old;
		prepare(lib);
	}
	return err;
}

static void lib_crypt_blocks(const struct kaesbench_tfm *tfm, bool decrypt,
			     u8 *dst, const u8 *src, u32 len)
{
	const struct kaesbench_lib_tfm *lib = tfm->lib;
	u32 i;

	for (i = 0; i < len; i += AES_BLOCK_SIZE)
		lib->path->block(lib->key, decrypt, dst + i, src + i);
}

/* A call needs no request. */
static int lib_req_alloc(const struct kaesbench_tfm *tfm,
			 struct kaesbench_req *req, gfp_t gfp, u32 flags,
			 struct crypto_wait *wait)
{
	return 0;
}

static void lib_req_free(struct kaesbench_req *req)
{
}

static u64 lib_req_bytes(const struct kaesbench_tfm *tfm)
{
	return 0;
}

static void lib_req_set(const struct kaesbench_tfm *tfm,
			struct kaesbench_req *req)
{
}

/*
 * One call, synchronous: a single-block path's blocks, segment by segment
 * of the scatterlists, as a cipher's; a mode's or aead's on the linear
 * buffers: 0, or -EBADMSG for an aead tag that does not match.
 */
static int lib_submit(const struct kaesbench_tfm *tfm,
		      struct kaesbench_req *req)
{
	const struct kaesbench_lib_tfm *lib = tfm->lib;
	const struct kaesbench_io *io = &req->io;

	if (lib->path->block)
		return kaesbench_tfm_walk_blocks(tfm, io);
	return crypt_laid_out(lib->path, lib->key, io->decrypt, io->dst,
			      io->src, io->ad, io->len, io->iv);
}

static const struct kaesbench_front_ops library_ops = {
	.free = lib_free,
	.driver = lib_driver,
	.block_size = lib_block_size,
	.iv_size = lib_iv_size,
	.max_auth_size = lib_max_auth_size,
	.setkey = lib_setkey,
	.setauthsize = lib_setauthsize,
	.crypt_blocks = lib_crypt_blocks,
	.req_alloc = lib_req_alloc,
	.req_free = lib_req_free,
	.req_bytes = lib_req_bytes,
	.req_set = lib_req_set,
	.submit = lib_submit,
};

/**
 * kaesbench_lib_open() - open a library path for a run or verification
 * @tfm: zeroed; set to the opened path, to be closed with
 *	 kaesbench_tfm_close() whatever the result
 * @name: "lib:NAME"
 * @impl: set to its description
 * @extack: why it is refused
 *
 * The path is self-checked first (see the uapi header).
 *
 * Context: process context, may sleep.
 * Return: 0; -ENOENT for a path unknown or absent from this kernel, its
 * message naming those present; -EBADMSG for a failed self-check; -ENOMEM.
 */
int kaesbench_lib_open(struct kaesbench_tfm *tfm, const char *name,
		       struct kaesbench_impl *impl,
		       struct netlink_ext_ack *extack)
{
	const struct kaesbench_library *p = find(name);
	struct kaesbench_lib_tfm *lib;
	int err;

	if (!p || p->absent) {
		/* Not NL_SET_ERR_MSG(): made at load, not a literal. */
		if (extack)
			extack->_msg = p ? absent_refusal[p - paths] :
					   unknown_refusal;
		return -ENOENT;
	}
	describe(p, impl);
	err = self_check(p, extack);
	if (err)
		return err;
	tfm->ops = &library_ops;
	tfm->type = p->type;
	tfm->flags = p->flags;
	lib = kzalloc(sizeof(*lib), GFP_KERNEL_ACCOUNT);
	tfm->lib = lib;
	if (!lib)
		return -ENOMEM;
	lib->key = kzalloc(sizeof(*lib->key), GFP_KERNEL_ACCOUNT);
	if (!lib->key)
		return -ENOMEM;
	lib->path = p;
	lib->tag_len = p->max_auth;
	return 0;
}
