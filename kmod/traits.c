// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * An algorithm's traits, from its name: what a run or verification must
 * lay out differently for it (its key, IV, associated data and tag) and
 * what it uses unless asked. The tables below are the only place names
 * are looked at; a transform matches them once, when it opens.
 */

#include <crypto/authenc.h>
#include <linux/kernel.h>
#include <linux/rtnetlink.h>
#include <linux/string.h>
#include <uapi/linux/kaesbench.h>

#include "traits.h"

/* The IV generators ESP uses on output, around the algorithm proper. */
static const char *const iv_generators[] = { "seqiv(", "echainiv(" };

/* The algorithm proper, by its outermost template. */
static const struct template {
	const char *prefix;
	u32 flags;
	/*
	 * ESP's associated data before any IV: SPI and sequence number (8),
	 * with extended sequence numbers their high bits (4 more).
	 */
	u32 esp_aad;
	u32 salt_len;
	u8 iv_first;
} templates[] = {
	{ "rfc4106(", KAESBENCH_TRAIT_IV_IN_AAD, 8, 4 },
	{ "rfc4543(", KAESBENCH_TRAIT_IV_IN_AAD, 8, 4 },
	{ "rfc4309(", KAESBENCH_TRAIT_IV_IN_AAD, 8, 3 },
	{ "rfc3686(", 0, 0, 4 },
	{ "authencesn(", KAESBENCH_TRAIT_AUTHENC, 12 },
	{ "authenc(", KAESBENCH_TRAIT_AUTHENC, 8 },
	/*
	 * CCM's IV starts with L' = L - 1, the size of the length field less
	 * one, which must be 1 to 7: 3 is what RFC 4309 uses.
	 */
	{ "ccm(", .iv_first = 3 },
	{ "ccm_base(", .iv_first = 3 },
};

/* Modes found anywhere in the name, such as inside cryptd(). */
static const struct mode {
	const char *name;
	u32 flags;
	u32 key_bits;
} modes[] = {
	/* Its key is two AES keys. */
	{ "xts(", KAESBENCH_TRAIT_STEALS, 256 },
	{ "cts(", KAESBENCH_TRAIT_STEALS },
};

/*
 * The hash in an authenc(hmac(HASH),...): its digest, the HMAC key's
 * length kaesbench uses, and the tag ESP uses (sha1-96, then 16 bytes).
 */
static const struct hmac {
	const char *name;
	u32 digest;
	u32 tag;
} hmacs[] = {
	{ "hmac(sha1)", 20, 12 }, { "hmac(sha256)", 32, 16 },
	{ "hmac(sha384)", 48, 16 }, { "hmac(sha512)", 64, 16 },
};

static const struct template *find_template(const char *name)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(templates); i++) {
		if (str_has_prefix(name, templates[i].prefix))
			return &templates[i];
	}
	return NULL;
}

/* The algorithm inside an IV generator, or NULL for none. */
static const char *inside_generator(const char *alg_name)
{
	unsigned int i;
	size_t n;

	for (i = 0; i < ARRAY_SIZE(iv_generators); i++) {
		n = str_has_prefix(alg_name, iv_generators[i]);
		if (n)
			return alg_name + n;
	}
	return NULL;
}

static const struct hmac *find_hmac(const char *alg_name)
{
	const char *p = strstr(alg_name, "hmac(");
	unsigned int i;

	for (i = 0; p && i < ARRAY_SIZE(hmacs); i++) {
		if (str_has_prefix(p, hmacs[i].name))
			return &hmacs[i];
	}
	return NULL;
}

/* An authenc's encryption, after the comma: its salt or nonce. */
static u32 authenc_salt_len(const char *inner)
{
	const struct template *t;

	inner = strchr(inner, ',');
	t = inner ? find_template(inner + 1) : NULL;
	return t ? t->salt_len : 0;
}

/**
 * kaesbench_traits_match() - an algorithm's traits, from its name
 * @traits: set
 * @alg_name: the algorithm name ("rfc4106(gcm(aes))")
 *
 * The associated data used unless asked is what IPsec passes the ESP
 * transforms: SPI and sequence number (8 bytes), the high sequence bits
 * with extended sequence numbers (authencesn, 4 more) and, for the GCM,
 * GMAC and CCM ones, the 8-byte IV; an IV generator writes the IV itself,
 * after SPI and sequence number. The key takes a 4-byte salt or nonce
 * after the AES key (rfc4106, rfc4543, rfc3686) or a 3-byte one (rfc4309).
 */
void kaesbench_traits_match(struct kaesbench_traits *traits,
			    const char *alg_name)
{
	const char *inner = inside_generator(alg_name);
	const struct template *t;
	const struct hmac *hmac;
	unsigned int i;

	memset(traits, 0, sizeof(*traits));
	traits->key_bits = 128;
	for (i = 0; i < ARRAY_SIZE(modes); i++) {
		if (!strstr(alg_name, modes[i].name))
			continue;
		traits->flags |= modes[i].flags;
		traits->key_bits = modes[i].key_bits ?: traits->key_bits;
	}
	hmac = find_hmac(alg_name);
	traits->tag_len = hmac ? hmac->tag : 0;

	t = find_template(inner ?: alg_name);
	if (t && (t->flags & KAESBENCH_TRAIT_AUTHENC)) {
		traits->flags |= KAESBENCH_TRAIT_AUTHENC;
		traits->auth_key_len = hmac ? hmac->digest : 0;
		traits->salt_len = authenc_salt_len(inner ?: alg_name);
	} else if (t) {
		traits->salt_len = t->salt_len;
	}
	if (inner) {
		/* What the generator wraps lays its IV out as ESP does. */
		traits->flags |= KAESBENCH_TRAIT_GEN_IV;
		traits->aad_len = (t ? t->esp_aad : 0) ?: 8;
		return;
	}
	if (t) {
		traits->flags |= t->flags;
		traits->aad_len = t->esp_aad +
				  (t->flags & KAESBENCH_TRAIT_IV_IN_AAD ? 8 : 0);
		traits->iv_first = t->iv_first;
	}
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

/**
 * kaesbench_traits_front_end() - the front end a template instance has
 * @name: a name not registered yet, such as "cbc(aes-generic)"
 *
 * Return: the KAESBENCH_IMPL_TYPE_* its outermost template allocates it
 * as, KAESBENCH_FRONT_END_UNSUPPORTED for a hash, or
 * KAESBENCH_IMPL_TYPE_UNSPEC.
 */
u32 kaesbench_traits_front_end(const char *name)
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
		return KAESBENCH_FRONT_END_UNSUPPORTED;
	if (has_prefix_in(name, aeads, ARRAY_SIZE(aeads)))
		return KAESBENCH_IMPL_TYPE_AEAD;
	if (has_prefix_in(name, skciphers, ARRAY_SIZE(skciphers)))
		return KAESBENCH_IMPL_TYPE_SKCIPHER;
	return KAESBENCH_IMPL_TYPE_UNSPEC;
}

/**
 * kaesbench_make_key() - lay out a key as the algorithm expects it
 * @traits: the algorithm's
 * @key_bits: the AES key length (for xts, both AES keys together)
 * @random: KAESBENCH_KEY_MAX random bytes to take the key material from
 * @key: KAESBENCH_KEY_MAX bytes, set to the key
 *
 * The ESP transforms take more than an AES key: a salt or nonce after it,
 * and authenc an rtattr-framed blob of HMAC key and encryption key.
 *
 * Return: the key's length in bytes, or -EINVAL if @key_bits is not whole
 * bytes or the key would not fit.
 */
int kaesbench_make_key(const struct kaesbench_traits *traits, u32 key_bits,
		       const u8 *random, u8 *key)
{
	u32 enc_len = key_bits / 8 + traits->salt_len, head = 0;
	struct crypto_authenc_key_param *param;
	struct rtattr *rta;

	if (key_bits % 8)
		return -EINVAL;
	if (traits->flags & KAESBENCH_TRAIT_AUTHENC)
		head = RTA_SPACE(sizeof(*param));
	if (head + traits->auth_key_len + enc_len > KAESBENCH_KEY_MAX)
		return -EINVAL;

	if (head) {
		rta = (struct rtattr *)key;
		rta->rta_type = CRYPTO_AUTHENC_KEYA_PARAM;
		rta->rta_len = RTA_LENGTH(sizeof(*param));
		param = RTA_DATA(rta);
		param->enckeylen = cpu_to_be32(enc_len);
	}
	memcpy(key + head, random, traits->auth_key_len + enc_len);
	return head + traits->auth_key_len + enc_len;
}

/**
 * kaesbench_fix_iv() - make a random IV one the algorithm takes
 * @traits: the algorithm's
 * @iv: the IV, changed in place where needed (CCM's L')
 */
void kaesbench_fix_iv(const struct kaesbench_traits *traits, u8 *iv)
{
	if (traits->iv_first)
		iv[0] = traits->iv_first;
}
