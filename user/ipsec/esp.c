// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The table is xfrm's (net/xfrm/xfrm_algo.c: the names, the IV generator
 * each gets, the ICV) for the transforms with AES that ESP can use, and
 * esp4.c's arithmetic for the length of what it encrypts. The proposal
 * names (aes128gcm16, aes256-sha256, ...) are strongSwan's and libreswan's
 * keywords, which carry the key size too.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ipsec/esp.h"
#include "path/gcm_on_ctr.h"
#include "kaesbench_generic_parts.h"

const struct kb_esp_transform kb_esp_transforms[] = {
	{
		.name = "rfc4106(gcm(aes))",
		.geniv = "seqiv",
		.aead = "rfc4106(gcm(aes))",
		.mode = "gcm(aes)",
		.wrapper = "rfc4106",
		.beneath = KB_GCM_BENEATH,
		.salt_bytes = 4,
		.icv_bits = 128,
		.iv_bytes = 8,
		.align = 4,
		.proposal = "gcm16",
		.layers = { "seqiv(rfc4106(gcm(aes)))", "rfc4106(gcm(aes))",
			    "gcm(aes)", "ctr(aes)" },
		.generic = KAESBENCH_GENERIC_GCM,
		.generic_ghash = true,
	},
	{
		.name = "authenc(hmac(sha256),cbc(aes))",
		.geniv = "echainiv",
		.cipher = "cbc(aes)",
		.auth = "hmac(sha256)",
		.auth_key_bits = 256,
		.mode = "cbc(aes)",
		.icv_bits = 128,
		.iv_bytes = 16,
		.align = 16,
		.proposal = "-sha256",
		.layers = { "echainiv(authenc(hmac(sha256),cbc(aes)))",
			    "authenc(hmac(sha256),cbc(aes))", "cbc(aes)",
			    "hmac(sha256)", "ctr(aes)" },
		.generic = KAESBENCH_GENERIC_CBC,
	},
	{
		.name = "authenc(hmac(sha256),rfc3686(ctr(aes)))",
		.geniv = "seqiv",
		.cipher = "rfc3686(ctr(aes))",
		.auth = "hmac(sha256)",
		.auth_key_bits = 256,
		.mode = "ctr(aes)",
		.wrapper = "rfc3686",
		.salt_bytes = 4,
		.icv_bits = 128,
		.iv_bytes = 8,
		.align = 4,
		.proposal = "ctr-sha256",
		.layers = { "seqiv(authenc(hmac(sha256),rfc3686(ctr(aes))))",
			    "authenc(hmac(sha256),rfc3686(ctr(aes)))",
			    "rfc3686(ctr(aes))", "hmac(sha256)", "ctr(aes)" },
		.generic = KAESBENCH_GENERIC_CTR,
	},
	{
		.name = "rfc4543(gcm(aes))",
		.geniv = "seqiv",
		.aead = "rfc4543(gcm(aes))",
		.mode = "gcm(aes)",
		.wrapper = "rfc4543",
		.beneath = KB_GCM_BENEATH,
		.salt_bytes = 4,
		.icv_bits = 128,
		.iv_bytes = 8,
		.align = 4,
		.proposal = "gmac",
		.layers = { "seqiv(rfc4543(gcm(aes)))", "rfc4543(gcm(aes))",
			    "gcm(aes)", "ctr(aes)" },
		.generic = KAESBENCH_GENERIC_GCM,
		.generic_ghash = true,
	},
};

const size_t kb_esp_transform_count =
	sizeof(kb_esp_transforms) / sizeof(kb_esp_transforms[0]);

/**
 * kb_esp_find() - the transform a name means
 * @name: xfrm's name ("rfc4106(gcm(aes))", "authenc(hmac(sha256),cbc(aes))")
 *	  or a proposal keyword ("aes128gcm16", "aes256-sha256",
 *	  "aes128ctr-sha256", "aes128gmac"), which gives the key size too
 * @c: filled in
 *
 * Return: 0, or -ENOENT.
 */
int kb_esp_find(const char *name, struct kb_esp_choice *c)
{
	size_t i;

	memset(c, 0, sizeof(*c));
	for (i = 0; i < kb_esp_transform_count; i++) {
		if (!strcmp(name, kb_esp_transforms[i].name)) {
			c->t = &kb_esp_transforms[i];
			return 0;
		}
	}
	for (i = 0; i < kb_esp_transform_count; i++) {
		static const unsigned int bits[] = { 128, 192, 256 };
		size_t b;

		for (b = 0; b < 3; b++) {
			char keyword[32];

			snprintf(keyword, sizeof(keyword), "aes%u%s", bits[b],
				 kb_esp_transforms[i].proposal);
			if (!strcmp(name, keyword)) {
				c->t = &kb_esp_transforms[i];
				c->key_bits = bits[b];
				return 0;
			}
		}
	}
	return -ENOENT;
}

/*
 * Each transform's name (@key_bits 0) or its proposal keyword for
 * @key_bits, comma-separated into @buf, for a message.
 */
static const char *list(unsigned int key_bits, char *buf, size_t len)
{
	size_t i, used = 0;

	buf[0] = '\0';
	for (i = 0; i < kb_esp_transform_count && used < len; i++) {
		const struct kb_esp_transform *t = &kb_esp_transforms[i];
		const char *sep = i ? ", " : "";

		if (key_bits)
			used += snprintf(buf + used, len - used, "%saes%u%s",
					 sep, key_bits, t->proposal);
		else
			used += snprintf(buf + used, len - used, "%s%s", sep,
					 t->name);
	}
	return buf;
}

/**
 * kb_esp_names() - the transforms -a takes, for a message
 * @buf: where to write them, comma-separated
 * @len: its size
 *
 * Return: @buf.
 */
const char *kb_esp_names(char *buf, size_t len)
{
	return list(0, buf, len);
}

/**
 * kb_esp_proposals() - a proposal keyword of each transform, for a message
 * @key_bits: the key size the keywords carry
 * @buf: where to write them, comma-separated
 * @len: its size
 *
 * Return: @buf.
 */
const char *kb_esp_proposals(unsigned int key_bits, char *buf, size_t len)
{
	return list(key_bits, buf, len);
}

/**
 * kb_esp_name() - the crypto API name ESP allocates for a transform
 * @t: the transform
 * @buf: where to write it: "seqiv(rfc4106(gcm(aes)))"
 * @len: its size
 *
 * Return: 0, or -ENAMETOOLONG.
 */
int kb_esp_name(const struct kb_esp_transform *t, char *buf, size_t len)
{
	int n = snprintf(buf, len, "%s(%s)", t->geniv, t->name);

	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

/**
 * kb_esp_crypt_len() - the bytes ESP encrypts for one UDP datagram
 * @t: the transform
 * @tunnel: tunnel mode (the inner IPv4 header is encrypted too)
 * @payload: the datagram's payload
 *
 * esp_output(): the UDP header and payload (and in tunnel mode the inner
 * IPv4 header), padded with the pad length and next header bytes to the
 * transform's alignment.
 *
 * Return: the length.
 */
uint32_t kb_esp_crypt_len(const struct kb_esp_transform *t, bool tunnel,
			  uint32_t payload)
{
	uint32_t inner = payload + 8 + (tunnel ? 20 : 0);

	return (inner + 2 + t->align - 1) / t->align * t->align;
}

/**
 * kb_esp_wire_len() - the IPv4 packet ESP makes of one UDP datagram
 * @t: the transform
 * @tunnel: tunnel mode
 * @payload: the datagram's payload
 *
 * Return: the outer IPv4 header, the ESP header and IV, what is
 * encrypted, and the ICV.
 */
uint32_t kb_esp_wire_len(const struct kb_esp_transform *t, bool tunnel,
			 uint32_t payload)
{
	return 20 + 8 + t->iv_bytes + kb_esp_crypt_len(t, tunnel, payload) +
	       t->icv_bits / 8;
}

/**
 * kb_esp_chain() - the driver ESP would get, built on a given one
 * @t: the transform
 * @alg_name: the algorithm name of @driver
 * @driver: a driver of what ESP allocates ("seqiv(rfc4106-gcm-aesni)"), of
 *	    the transform itself ("rfc4106-gcm-aesni",
 *	    "authenc(hmac-sha256-lib,cbc-aes-aesni)"), of the AES mode
 *	    beneath it ("gcm-aes-ce", "cbc-aes-aesni"), or of the wrapped
 *	    cipher ("rfc3686(ctr-aes-aesni)")
 * @auth_driver: for authenc(), the authenticator's driver to pair it with
 * @buf: where the driver name goes
 * @len: its size
 *
 * Template instances are named after the drivers they are built on, so
 * the name says which implementation serves every layer.
 *
 * Return: 0, -EINVAL when @alg_name is none of those, or -ENAMETOOLONG.
 */
int kb_esp_chain(const struct kb_esp_transform *t, const char *alg_name,
		 const char *driver, const char *auth_driver, char *buf,
		 size_t len)
{
	char esp[128], inner[128];
	int n;

	if (kb_esp_name(t, esp, sizeof(esp)))
		return -ENAMETOOLONG;
	if (!strcmp(alg_name, esp)) {
		n = snprintf(buf, len, "%s", driver);
		goto out;
	}
	if (!strcmp(alg_name, t->name)) {
		n = snprintf(buf, len, "%s(%s)", t->geniv, driver);
		goto out;
	}
	if (t->cipher && !strcmp(alg_name, t->cipher)) {
		snprintf(inner, sizeof(inner), "%s", driver);
	} else if (!strcmp(alg_name, t->mode)) {
		if (t->wrapper)
			snprintf(inner, sizeof(inner), "%s(%s)", t->wrapper,
				 driver);
		else
			snprintf(inner, sizeof(inner), "%s", driver);
	} else {
		return -EINVAL;
	}
	if (t->aead)
		n = snprintf(buf, len, "%s(%s)", t->geniv, inner);
	else
		n = snprintf(buf, len, "%s(authenc(%s,%s))", t->geniv,
			     auth_driver, inner);
out:
	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

/**
 * kb_esp_layer() - whether an algorithm name is a layer of a transform
 * @t: the transform
 * @alg_name: a crypto API algorithm name
 *
 * The layers are the transform's column of that name: what ESP allocates
 * ("seqiv(rfc4106(gcm(aes)))"), the transform, its cipher and
 * authenticator, the AES mode beneath and the CTR mode GCM is built on,
 * the names of every instance a chain of @t can register.
 *
 * Return: true if @alg_name is one.
 */
bool kb_esp_layer(const struct kb_esp_transform *t, const char *alg_name)
{
	size_t i;

	for (i = 0; i < KB_ESP_MAX_LAYERS && t->layers[i]; i++)
		if (!strcmp(alg_name, t->layers[i]))
			return true;
	return false;
}
