// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Opening an AES implementation by driver or algorithm name, whatever its
 * front end, with a message for everything that can be refused.
 */

#include <crypto/authenc.h>
#include <linux/bottom_half.h>
#include <linux/err.h>
#include <linux/rtnetlink.h>
#include <linux/string.h>

#include "tfm.h"
#include "worker.h"

/* A front end kaesbench does not drive: hashes built on AES. */
#define FRONT_END_UNSUPPORTED U32_MAX

/* The front end an implementation type is driven through. */
static u32 front_end(u32 type)
{
	return type == KAESBENCH_IMPL_TYPE_LSKCIPHER ?
	       KAESBENCH_IMPL_TYPE_SKCIPHER : type;
}

static bool has_prefix_in(const char *name, const char *const *prefixes,
			  unsigned int count)
{
	unsigned int i;

	for (i = 0; i < count; i++) {
		if (str_has_prefix(name, prefixes[i]))
			return true;
	}
	return false;
}

/*
 * For a name that is not registered yet, such as a template instance
 * ("cbc(aes-generic)"), the outermost template says which front end
 * allocates it.
 */
static u32 guess_front_end(const char *name)
{
	static const char *const hashes[] = {
		"cmac(", "xcbc(", "cbcmac(", "hmac(", "vmac64(",
	};
	static const char *const aeads[] = {
		"gcm(", "gcm_base(", "rfc4106(", "rfc4543(", "ccm(",
		"ccm_base(", "rfc4309(", "authenc(", "authencesn(",
		"echainiv(", "seqiv(",
	};
	static const char *const skciphers[] = {
		"ecb(", "cbc(", "ctr(", "xts(", "cts(", "xctr(", "lrw(",
		"pcbc(", "ofb(", "cfb(", "rfc3686(", "cryptd(",
	};

	if (has_prefix_in(name, hashes, ARRAY_SIZE(hashes)))
		return FRONT_END_UNSUPPORTED;
	if (has_prefix_in(name, aeads, ARRAY_SIZE(aeads)))
		return KAESBENCH_IMPL_TYPE_AEAD;
	if (has_prefix_in(name, skciphers, ARRAY_SIZE(skciphers)))
		return KAESBENCH_IMPL_TYPE_SKCIPHER;
	return KAESBENCH_IMPL_TYPE_UNSPEC;
}

/* The crypto API's common view of an open transform, not a library's. */
static struct crypto_tfm *base(const struct kaesbench_tfm *tfm)
{
	switch (tfm->front) {
	case KAESBENCH_IMPL_TYPE_CIPHER:
		return crypto_cipher_tfm(tfm->cipher);
	case KAESBENCH_IMPL_TYPE_SKCIPHER:
		return crypto_skcipher_tfm(tfm->sk);
	default:
		return crypto_aead_tfm(tfm->aead);
	}
}

/**
 * kaesbench_tfm_driver() - the implementation's driver name
 * @tfm: an open transform
 *
 * Return: the crypto API's driver name, or the library path's "lib:NAME".
 */
const char *kaesbench_tfm_driver(const struct kaesbench_tfm *tfm)
{
	if (tfm->lib)
		return kaesbench_lib_name(tfm->lib);
	return crypto_tfm_alg_driver_name(base(tfm));
}

/**
 * kaesbench_tfm_block_size() - what lengths must be multiples of
 * @tfm: an open transform
 *
 * Return: bytes; 1 for stream modes and GCM.
 */
u32 kaesbench_tfm_block_size(const struct kaesbench_tfm *tfm)
{
	if (tfm->lib)
		return kaesbench_lib_block_size(tfm->lib);
	return crypto_tfm_alg_blocksize(base(tfm));
}

/**
 * kaesbench_tfm_iv_size() - an skcipher's or aead's IV length
 * @tfm: an open transform, not a single-block cipher
 *
 * Return: bytes.
 */
u32 kaesbench_tfm_iv_size(const struct kaesbench_tfm *tfm)
{
	if (tfm->lib)
		return kaesbench_lib_iv_size(tfm->lib);
	if (tfm->front == KAESBENCH_IMPL_TYPE_SKCIPHER)
		return crypto_skcipher_ivsize(tfm->sk);
	return crypto_aead_ivsize(tfm->aead);
}

/**
 * kaesbench_tfm_max_auth_size() - an aead's longest tag
 * @tfm: an open aead transform
 *
 * Return: bytes.
 */
u32 kaesbench_tfm_max_auth_size(const struct kaesbench_tfm *tfm)
{
	if (tfm->lib)
		return kaesbench_lib_max_auth_size(tfm->lib);
	return crypto_aead_maxauthsize(tfm->aead);
}

static int alloc_tfm(struct kaesbench_tfm *tfm, const char *name)
{
	switch (tfm->front) {
	case KAESBENCH_IMPL_TYPE_CIPHER:
		tfm->cipher = crypto_alloc_cipher(name, 0, 0);
		return PTR_ERR_OR_ZERO(tfm->cipher);
	case KAESBENCH_IMPL_TYPE_SKCIPHER:
		tfm->sk = crypto_alloc_skcipher(name, 0, 0);
		return PTR_ERR_OR_ZERO(tfm->sk);
	case KAESBENCH_IMPL_TYPE_AEAD:
		tfm->aead = crypto_alloc_aead(name, 0, 0);
		return PTR_ERR_OR_ZERO(tfm->aead);
	}
	return -EOPNOTSUPP;
}

/**
 * kaesbench_tfm_close() - free a transform
 * @tfm: opened, or zeroed, or failed to open: all are fine
 */
void kaesbench_tfm_close(struct kaesbench_tfm *tfm)
{
	if (tfm->lib) {
		kaesbench_lib_close(tfm->lib);
		tfm->lib = NULL;
		tfm->front = KAESBENCH_IMPL_TYPE_UNSPEC;
		return;
	}
	switch (tfm->front) {
	case KAESBENCH_IMPL_TYPE_CIPHER:
		if (!IS_ERR_OR_NULL(tfm->cipher))
			crypto_free_cipher(tfm->cipher);
		break;
	case KAESBENCH_IMPL_TYPE_SKCIPHER:
		if (!IS_ERR_OR_NULL(tfm->sk))
			crypto_free_skcipher(tfm->sk);
		break;
	case KAESBENCH_IMPL_TYPE_AEAD:
		if (!IS_ERR_OR_NULL(tfm->aead))
			crypto_free_aead(tfm->aead);
		break;
	}
	tfm->front = KAESBENCH_IMPL_TYPE_UNSPEC;
}

/**
 * kaesbench_tfm_open() - find an AES implementation and allocate a transform
 * @tfm: zeroed; set up on success, to be closed whatever the result
 * @name: a driver name, or with @by_alg an algorithm name
 * @by_alg: let the crypto API pick, as it would for a user
 * @impl: set to the implementation the crypto API handed out
 * @extack: why it is refused
 *
 * A name not registered yet, such as a template instance, is instantiated,
 * as for any first user of it.
 *
 * Context: process context, may sleep.
 * Return: 0, -ENOENT, -EOPNOTSUPP (not an AES cipher, skcipher or aead, or
 * internal), -EBUSY (in a worker, a driver with a request given up:
 * kaesbench_worker_resolved()) or the crypto API's error.
 */
int kaesbench_tfm_open(struct kaesbench_tfm *tfm, const char *name,
		       bool by_alg, struct kaesbench_impl *impl,
		       struct netlink_ext_ack *extack)
{
	bool registered;
	u32 front;
	int err;

	if (!by_alg && str_has_prefix(name, "lib:")) {
		err = kaesbench_lib_open(&tfm->lib, name, impl, extack);
		if (!err)
			tfm->front = impl->type;
		return err;
	}
	registered = !kaesbench_impl_find(name, by_alg, impl);
	front = registered ? front_end(impl->type) : guess_front_end(name);

	if (front == FRONT_END_UNSUPPORTED || (registered && !impl->type)) {
		NL_SET_ERR_MSG(extack,
			       "kaesbench measures ciphers, skciphers and aeads only");
		return -EOPNOTSUPP;
	}
	if (registered && !kaesbench_names_aes(impl->alg_name)) {
		NL_SET_ERR_MSG(extack, "not an AES implementation");
		return -EOPNOTSUPP;
	}
	if (registered && !by_alg && (impl->flags & KAESBENCH_IMPL_F_INTERNAL)) {
		NL_SET_ERR_MSG(extack,
			       "internal implementation: measure the one wrapping it");
		return -EOPNOTSUPP;
	}
	if (!front ||
	    !kaesbench_names_aes(registered ? impl->alg_name : name)) {
		if (by_alg)
			NL_SET_ERR_MSG(extack, "no such AES algorithm is registered");
		else
			NL_SET_ERR_MSG(extack,
				       "no such AES implementation is registered");
		return -ENOENT;
	}

	tfm->front = front;
	err = alloc_tfm(tfm, name);
	if (err == -EEXIST) {
		/*
		 * A template instance whose inner parts were named by
		 * algorithm: the crypto API built it under its own driver
		 * name, found no match for the name asked, built it again and
		 * refused the twin. The first one stays registered.
		 */
		NL_SET_ERR_MSG(extack,
			       "the crypto API registered it under another driver name: ask for that one, as /proc/crypto lists it");
		return err;
	}
	if (err) {
		NL_SET_ERR_MSG(extack, "the crypto API cannot provide it");
		return err;
	}
	/* A template instance is registered now; by algorithm, learn who. */
	name = kaesbench_tfm_driver(tfm);
	err = kaesbench_worker_resolved(name);
	if (err)
		return err;
	if (kaesbench_impl_find(name, false, impl)) {
		NL_SET_ERR_MSG(extack, "the implementation vanished meanwhile");
		return -ENOENT;
	}
	return 0;
}

/**
 * kaesbench_tfm_setkey() - set the key, whatever the front end
 * @tfm: an open transform
 * @key: the key
 * @len: its length in bytes
 *
 * Return: 0, or the implementation's refusal (-EINVAL).
 */
int kaesbench_tfm_setkey(struct kaesbench_tfm *tfm, const u8 *key,
			 unsigned int len)
{
	if (tfm->lib)
		return kaesbench_lib_setkey(tfm->lib, key, len);
	switch (tfm->front) {
	case KAESBENCH_IMPL_TYPE_CIPHER:
		return crypto_cipher_setkey(tfm->cipher, key, len);
	case KAESBENCH_IMPL_TYPE_SKCIPHER:
		return crypto_skcipher_setkey(tfm->sk, key, len);
	default:
		return crypto_aead_setkey(tfm->aead, key, len);
	}
}

/**
 * kaesbench_tfm_setauthsize() - an aead's tag length
 * @tfm: an open aead transform, keyed
 * @len: bytes
 *
 * Return: 0, or the implementation's refusal (-EINVAL).
 */
int kaesbench_tfm_setauthsize(struct kaesbench_tfm *tfm, unsigned int len)
{
	if (tfm->lib)
		return kaesbench_lib_setauthsize(tfm->lib, len);
	return crypto_aead_setauthsize(tfm->aead, len);
}

/**
 * kaesbench_tfm_crypt_one() - one block of a single-block cipher
 * @tfm: an open, keyed cipher transform
 * @decrypt: which direction
 * @dst: a block out
 * @src: a block in
 */
void kaesbench_tfm_crypt_one(const struct kaesbench_tfm *tfm, bool decrypt,
			     u8 *dst, const u8 *src)
{
	if (tfm->lib)
		kaesbench_lib_crypt_block(tfm->lib, decrypt, dst, src);
	else if (decrypt)
		crypto_cipher_decrypt_one(tfm->cipher, dst, src);
	else
		crypto_cipher_encrypt_one(tfm->cipher, dst, src);
}

/**
 * kaesbench_request_flags() - the flags of a request kaesbench submits
 * @context: enum kaesbench_context
 *
 * Every request may be backlogged: a driver's full queue then holds it
 * rather than fail it (ESP's are not, and a full queue drops the packet;
 * a run would end). One submitted with bottom halves disabled may not
 * sleep, as ESP's may not.
 *
 * Return: CRYPTO_TFM_REQ_* flags.
 */
u32 kaesbench_request_flags(u32 context)
{
	if (context == KAESBENCH_CONTEXT_SOFTIRQ)
		return CRYPTO_TFM_REQ_MAY_BACKLOG;
	return CRYPTO_TFM_REQ_MAY_BACKLOG | CRYPTO_TFM_REQ_MAY_SLEEP;
}

/**
 * kaesbench_context_enter() - enter the context a driver is called in
 * @context: enum kaesbench_context
 *
 * In softirq context, bottom halves are disabled until
 * kaesbench_context_leave(), as in ESP's receive path: only the driver's
 * call belongs between the two, nothing that may sleep.
 */
void kaesbench_context_enter(u32 context)
{
	if (context == KAESBENCH_CONTEXT_SOFTIRQ)
		local_bh_disable();
}

/**
 * kaesbench_context_leave() - leave what kaesbench_context_enter() entered
 * @context: the same enum kaesbench_context
 */
void kaesbench_context_leave(u32 context)
{
	if (context == KAESBENCH_CONTEXT_SOFTIRQ)
		local_bh_enable();
}

/**
 * kaesbench_default_key_bits() - the key length measured unless asked
 * @alg_name: the algorithm name
 *
 * Return: 128, or 256 for xts, whose key is two AES keys.
 */
u32 kaesbench_default_key_bits(const char *alg_name)
{
	return strstr(alg_name, "xts(") ? 256 : 128;
}

/* The algorithm inside an IV generator, seqiv() or echainiv(), or itself. */
static const char *without_geniv(const char *alg_name)
{
	if (str_has_prefix(alg_name, "seqiv("))
		return alg_name + strlen("seqiv(");
	if (str_has_prefix(alg_name, "echainiv("))
		return alg_name + strlen("echainiv(");
	return alg_name;
}

/**
 * kaesbench_generated_iv() - bytes of IV an IV generator writes
 * @alg_name: the algorithm name
 * @aead: a transform of it
 *
 * seqiv and echainiv, which ESP uses on output, write the IV they generate
 * after the associated data: requests make room for it in their crypt
 * region, as esp_output() does.
 *
 * Return: the IV size for an IV generator, else 0.
 */
u32 kaesbench_generated_iv(const char *alg_name, struct crypto_aead *aead)
{
	return without_geniv(alg_name) != alg_name ? crypto_aead_ivsize(aead) : 0;
}

/**
 * kaesbench_default_aad_len() - associated data used unless asked
 * @alg_name: the algorithm name
 *
 * The ESP transforms get what IPsec passes them: SPI and sequence number
 * (8 bytes), the high sequence bits with extended sequence numbers
 * (authencesn, 4 more) and, for the GCM, GMAC and CCM ones, the 8-byte IV.
 *
 * Return: the length in bytes; 0 for everything else.
 */
u32 kaesbench_default_aad_len(const char *alg_name)
{
	const char *inner = without_geniv(alg_name);

	/* An IV generator writes the IV itself, after SPI and sequence. */
	if (inner != alg_name)
		return str_has_prefix(inner, "authencesn(") ? 12 : 8;
	if (str_has_prefix(alg_name, "rfc4106(") ||
	    str_has_prefix(alg_name, "rfc4543(") ||
	    str_has_prefix(alg_name, "rfc4309("))
		return 16;
	if (str_has_prefix(alg_name, "authencesn("))
		return 12;
	if (str_has_prefix(alg_name, "authenc("))
		return 8;
	return 0;
}

/* Digest size of the hash named in an authenc(hmac(HASH),...). */
static u32 hmac_key_len(const char *alg_name)
{
	static const struct {
		const char *hmac;
		u32 len;
	} hashes[] = {
		{ "hmac(sha1)", 20 }, { "hmac(sha256)", 32 },
		{ "hmac(sha384)", 48 }, { "hmac(sha512)", 64 },
	};
	const char *p = strstr(alg_name, "hmac(");
	unsigned int i;

	for (i = 0; p && i < ARRAY_SIZE(hashes); i++) {
		if (str_has_prefix(p, hashes[i].hmac))
			return hashes[i].len;
	}
	return 0;
}

/**
 * kaesbench_default_tag_len() - the tag length used unless asked
 * @alg_name: the algorithm name
 *
 * Return: what ESP uses for authenc: 12 bytes with HMAC-SHA1 (sha1-96),
 * 16 with the SHA-2 ones; 0 (the implementation's maximum) otherwise.
 */
u32 kaesbench_default_tag_len(const char *alg_name)
{
	u32 hmac = hmac_key_len(alg_name);

	return hmac == 20 ? 12 : hmac ? 16 : 0;
}

/**
 * kaesbench_make_key() - lay out a key as the algorithm expects it
 * @alg_name: the algorithm name
 * @key_bits: the AES key length (for xts, both AES keys together)
 * @random: KAESBENCH_KEY_MAX random bytes to take the key material from
 * @key: KAESBENCH_KEY_MAX bytes, set to the key
 *
 * The ESP transforms take more than an AES key: a 4-byte salt or nonce
 * after it (rfc4106, rfc4543, rfc3686), a 3-byte one (rfc4309), and
 * authenc an rtattr-framed blob of HMAC key and encryption key.
 *
 * Return: the key's length in bytes, or -EINVAL if @key_bits is not whole
 * bytes or the key would not fit.
 */
int kaesbench_make_key(const char *alg_name, u32 key_bits, const u8 *random,
		       u8 *key)
{
	const char *inner = without_geniv(alg_name);
	u32 auth_len = 0, enc_len, extra = 0;
	struct crypto_authenc_key_param *param;
	struct rtattr *rta;
	u32 head = 0;

	if (key_bits % 8)
		return -EINVAL;
	if (str_has_prefix(inner, "authenc")) {
		auth_len = hmac_key_len(inner);
		inner = strchr(inner, ',');
		inner = inner ? inner + 1 : alg_name;
		head = RTA_SPACE(sizeof(*param));
	}
	if (str_has_prefix(inner, "rfc4106(") ||
	    str_has_prefix(inner, "rfc4543(") ||
	    str_has_prefix(inner, "rfc3686("))
		extra = 4;
	else if (str_has_prefix(inner, "rfc4309("))
		extra = 3;
	enc_len = key_bits / 8 + extra;
	if (head + auth_len + enc_len > KAESBENCH_KEY_MAX)
		return -EINVAL;

	if (head) {
		rta = (struct rtattr *)key;
		rta->rta_type = CRYPTO_AUTHENC_KEYA_PARAM;
		rta->rta_len = RTA_LENGTH(sizeof(*param));
		param = RTA_DATA(rta);
		param->enckeylen = cpu_to_be32(enc_len);
	}
	memcpy(key + head, random, auth_len + enc_len);
	return head + auth_len + enc_len;
}

/**
 * kaesbench_fix_iv() - make a random IV one the algorithm takes
 * @alg_name: the algorithm name
 * @iv: the IV, changed in place where needed
 *
 * CCM's IV starts with L' = L - 1, the size of the length field less one,
 * which must be 1 to 7: 3 is what RFC 4309 uses.
 */
void kaesbench_fix_iv(const char *alg_name, u8 *iv)
{
	if (str_has_prefix(alg_name, "ccm(") ||
	    str_has_prefix(alg_name, "ccm_base("))
		iv[0] = 3;
}
