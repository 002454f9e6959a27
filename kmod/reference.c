// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The reference an implementation is verified against: the same algorithm
 * built from parts that are neither the implementation nor on its
 * instructions. Where the kernel has its generic AES (aes-generic, up to
 * Linux 6.18), the kernel's templates over its generic drivers; where it
 * has not, kaesbench's own AES and modes (refaes.c, refmodes.c), named as
 * the crypto API would name them over a driver "aes-kaesbench"
 * ("cbc(aes-kaesbench)"). The name says which was used; results carry it.
 */

#include <crypto/aead.h>
#include <crypto/skcipher.h>
#include <linux/ctype.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <net/netlink.h>

#include "kaesbench_generic_parts.h"

#include "job.h"
#include "reference.h"

/*
 * @from becomes @to, a format of the generic AES cipher's driver and
 * @second (kaesbench_generic_parts.h, which kaesbench ipsec's reference
 * SAs are built of too), or a name.
 */
struct part {
	const char *from, *to, *second;
};

#define GENERIC_AES "aes-generic"

/* The kernel's generic parts. */
static const struct part generic_parts[] = {
	{ "gcm(aes)", KAESBENCH_GENERIC_GCM, "ghash-generic" },
	{ "ccm(aes)", KAESBENCH_GENERIC_CCM, GENERIC_AES },
	{ "xts(aes)", KAESBENCH_GENERIC_XTS },
	{ "lrw(aes)", KAESBENCH_GENERIC_LRW },
	{ "aes", GENERIC_AES },
	{ "sha1", "sha1-generic" },
	{ "sha256", "sha256-generic" },
	{ "sha384", "sha384-generic" },
	{ "sha512", "sha512-generic" },
};

/* @alg with each whole part of @parts replaced. */
static int substitute(const char *alg, const struct part *parts,
		      size_t nparts, char *out, size_t size)
{
	const char *start = alg;
	size_t len = 0, n = 0, i;

	out[0] = '\0';
	while (*alg) {
		for (i = 0; i < nparts; i++) {
			n = strlen(parts[i].from);
			/* Whole names only: not "aes" in "aes-generic". */
			if (!strncmp(alg, parts[i].from, n) &&
			    (alg == start || !isalnum(alg[-1])) &&
			    !isalnum(alg[n]) && alg[n] != '-' && alg[n] != '_')
				break;
		}
		if (i < nparts) {
			char to[CRYPTO_MAX_ALG_NAME];

			snprintf(to, sizeof(to), parts[i].to, GENERIC_AES,
				 parts[i].second);
			len = strlcat(out, to, size);
			alg += n;
		} else {
			if (len + 1 < size) {
				out[len] = *alg;
				out[len + 1] = '\0';
			}
			len++;
			alg++;
		}
		if (len >= size)
			return -ENAMETOOLONG;
	}
	return 0;
}

/* What kaesbench's own modes are called: every "aes" as "aes-kaesbench". */
static const struct part own_parts[] = {
	{ "aes", "aes-kaesbench" },
};

#define REF_GFP (GFP_KERNEL_ACCOUNT | __GFP_NOWARN | __GFP_NORETRY)

/* Synchronous, so that the reference is never waited for. */
static int open_generic(struct kaesbench_ref *ref, u32 type, const char *name)
{
	struct kaesbench_tfm *tfm = &ref->tfm;
	int err;

	err = kaesbench_tfm_alloc(tfm, type, name, CRYPTO_ALG_ASYNC);
	if (err)
		return err;
	err = kaesbench_req_alloc(tfm, &ref->req, REF_GFP, 0, NULL);
	if (err)
		return err;
	ref->bytes = kaesbench_req_bytes(tfm);
	return 0;
}

/*
 * The list is refmodes.c's; a literal, as extack takes before 6.2. A job
 * keeps its setup's refusal in a message of its own: it must fit whole.
 */
#define NO_OWN_REFERENCE \
	"no independent reference for this algorithm on this kernel: it has no generic AES, and kaesbench's own covers aes, ecb, cbc, ctr, xctr, cts(cbc), xts, rfc3686(ctr), gcm, ccm, rfc4106, rfc4543, rfc4309, authenc(hmac(sha*),cbc|rfc3686), seqiv|echainiv(AEAD)"
static_assert(sizeof(NO_OWN_REFERENCE) <= KAESBENCH_MESSAGE_LEN);
static_assert(KAESBENCH_REFMODES_REFUSAL_LEN <= KAESBENCH_MESSAGE_LEN);

static int open_own(struct kaesbench_ref *ref, const char *alg,
		    struct netlink_ext_ack *extack)
{
	const char *refusal = kaesbench_refmodes_refusal();
	int err;

	if (refusal) {
		/*
		 * Made once at load and never changed, so it may stand as
		 * extack's message; NL_SET_ERR_MSG() takes literals only.
		 */
		if (extack)
			extack->_msg = refusal;
		return -EBADMSG;
	}
	err = kaesbench_refmode_open(&ref->own, alg);
	if (err == -ENOENT) {
		NL_SET_ERR_MSG(extack, NO_OWN_REFERENCE);
		return err;
	}
	if (err) {
		NL_SET_ERR_MSG(extack, "the kernel's HMAC for the reference is not available");
		return err;
	}
	return substitute(alg, own_parts, ARRAY_SIZE(own_parts), ref->name,
			  sizeof(ref->name));
}

/* Whether the kernel has its generic AES (to 6.18), asked once at load. */
static bool have_generic_aes;

/**
 * kaesbench_ref_init() - find out whether the kernel has its generic AES
 *
 * The crypto API tries to load a module for a name it lacks
 * (request_module(), a modprobe process): on 7.x, which has no
 * aes-generic, every reference asked for by its generic name would pay
 * for that, 0.3 to 2 s of a job's set-up under emulation, during which
 * the job cannot stop. Asked once at load instead, where a module
 * providing it (6.x built without it in the kernel) is loaded for good.
 *
 * Context: process context, may sleep (module autoload).
 */
void kaesbench_ref_init(void)
{
	have_generic_aes = crypto_has_alg(GENERIC_AES, CRYPTO_ALG_TYPE_CIPHER,
					  CRYPTO_ALG_TYPE_MASK);
}

/**
 * kaesbench_ref_open() - the reference for an algorithm
 * @ref: zeroed; set up on success, to be closed whatever the result
 * @impl: the implementation under test, open: its front end, and whether
 *	  only kaesbench's own reference will do (KAESBENCH_TFM_OWN_REFERENCE)
 * @alg: its algorithm name ("cbc(aes)")
 * @extack: why there is none
 *
 * Context: process context, may sleep (template instantiation, autoload).
 * Return: 0, or a negative errno with @extack set.
 */
int kaesbench_ref_open(struct kaesbench_ref *ref,
		       const struct kaesbench_tfm *impl, const char *alg,
		       struct netlink_ext_ack *extack)
{
	bool own_only = impl->flags & KAESBENCH_TFM_OWN_REFERENCE;
	char name[CRYPTO_MAX_ALG_NAME];
	int err;

	err = substitute(alg, generic_parts, ARRAY_SIZE(generic_parts), name,
			 sizeof(name));
	if (err) {
		NL_SET_ERR_MSG(extack, "no reference for this algorithm");
		return err;
	}
	err = have_generic_aes && !own_only ? open_generic(ref, impl->type, name) :
	      -ENOENT;
	if (err == -ENOENT || err == -EINVAL) {
		/*
		 * No generic AES (Linux 6.19+) or hash: -ENOENT; a template
		 * refusing a generic part, as 7.x gcm_base() refuses
		 * ghash-generic: -EINVAL.
		 */
		kaesbench_tfm_close(&ref->tfm);
		return open_own(ref, alg, extack);
	}
	if (err) {
		NL_SET_ERR_MSG(extack,
			       "the reference for this algorithm is not available");
		return err;
	}
	strscpy(ref->name,
		kaesbench_tfm_driver(&ref->tfm),
		sizeof(ref->name));
	return 0;
}

/**
 * kaesbench_ref_close() - free what kaesbench_ref_open() set up
 * @ref: the reference
 */
void kaesbench_ref_close(struct kaesbench_ref *ref)
{
	kaesbench_req_free(&ref->tfm, &ref->req);
	kaesbench_tfm_close(&ref->tfm);
	kaesbench_refmode_close(&ref->own);
}

/**
 * kaesbench_ref_setkey() - key the reference
 * @ref: the reference
 * @key: the key, as the implementation takes it
 * @len: of @key
 *
 * Return: 0, or the errno of a refused key.
 */
int kaesbench_ref_setkey(struct kaesbench_ref *ref, const u8 *key,
			 unsigned int len)
{
	if (ref->own.id)
		return kaesbench_refmode_setkey(&ref->own, key, len);
	return kaesbench_tfm_setkey(&ref->tfm, key, len);
}

/**
 * kaesbench_ref_setauthsize() - an AEAD reference's tag length
 * @ref: the reference
 * @len: in bytes
 *
 * Return: 0, or the errno of a refused length.
 */
int kaesbench_ref_setauthsize(struct kaesbench_ref *ref, unsigned int len)
{
	if (!ref->own.id)
		return kaesbench_tfm_setauthsize(&ref->tfm, len);
	if (!len || len > 16)
		return -EINVAL;
	ref->own.authsize = len;
	return 0;
}

/**
 * kaesbench_ref_encrypt() - a cipher's or skcipher's encryption
 * @ref: the keyed reference
 * @in: the plaintext, linear
 * @out: the ciphertext, linear, not @in
 * @len: of both; whole blocks for a single-block cipher
 * @iv: the IV; the reference may change it
 *
 * Return: 0, or the reference's errno.
 */
int kaesbench_ref_encrypt(struct kaesbench_ref *ref, const u8 *in, u8 *out,
			  u32 len, u8 *iv)
{
	struct scatterlist sg_in, sg_out;

	if (ref->own.id)
		return kaesbench_refmode_encrypt(&ref->own, in, out, len, iv);
	if (ref->tfm.flags & KAESBENCH_TFM_BLOCKS) {
		len = rounddown(len, kaesbench_tfm_block_size(&ref->tfm));
		kaesbench_tfm_crypt_blocks(&ref->tfm, false, out, in, len);
		return 0;
	}
	sg_init_one(&sg_in, in, len);
	sg_init_one(&sg_out, out, len);
	skcipher_request_set_crypt(ref->req.sk, &sg_in, &sg_out, len, iv);
	return crypto_skcipher_encrypt(ref->req.sk);
}

/**
 * kaesbench_ref_aead_encrypt() - an AEAD's encryption, in place
 * @ref: the keyed reference, its tag length set
 * @buf: [associated data | plaintext | room for the tag], linear
 * @ad: the associated data's length
 * @len: the plaintext's
 * @tag_len: the tag's
 * @iv: the IV; the reference may change it
 *
 * Return: 0, or the reference's errno.
 */
int kaesbench_ref_aead_encrypt(struct kaesbench_ref *ref, u8 *buf, u32 ad,
			       u32 len, u32 tag_len, u8 *iv)
{
	struct scatterlist sg;

	if (ref->own.id)
		return kaesbench_refmode_aead_encrypt(&ref->own, buf, ad, len,
						      iv);
	sg_init_one(&sg, buf, ad + len + tag_len);
	aead_request_set_ad(ref->req.aead, ad);
	aead_request_set_crypt(ref->req.aead, &sg, &sg, len, iv);
	return crypto_aead_encrypt(ref->req.aead);
}

/**
 * kaesbench_ref_aead_decrypt() - an AEAD's decryption, out of place
 * @ref: the keyed reference, its tag length set
 * @in: [associated data | ciphertext | tag], linear
 * @out: as long; the plaintext is written after the associated data
 * @ad: the associated data's length
 * @cryptlen: the ciphertext's and the tag's
 * @iv: the IV; the reference may change it
 *
 * Return: 0, -EBADMSG for a tag that does not match, or another errno.
 */
int kaesbench_ref_aead_decrypt(struct kaesbench_ref *ref, const u8 *in,
			       u8 *out, u32 ad, u32 cryptlen, u8 *iv)
{
	struct scatterlist sg_in, sg_out;

	if (ref->own.id)
		return kaesbench_refmode_aead_decrypt(&ref->own, in, out, ad,
						      cryptlen, iv);
	sg_init_one(&sg_in, in, ad + cryptlen);
	sg_init_one(&sg_out, out, ad + cryptlen);
	aead_request_set_ad(ref->req.aead, ad);
	aead_request_set_crypt(ref->req.aead, &sg_in, &sg_out, cryptlen, iv);
	return crypto_aead_decrypt(ref->req.aead);
}
