/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The ESP transforms Linux offers with AES, as xfrm names them, and what
 * the crypto API allocates for one (net/ipv4/esp4.c: the IV generator of
 * xfrm's table around the AEAD, or around authenc() of the authenticator
 * and the cipher), and how long the data ESP gives it is.
 */
#ifndef KAESBENCH_IPSEC_ESP_H
#define KAESBENCH_IPSEC_ESP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define KB_ESP_MAX_LAYERS 6

struct kb_esp_transform {
	const char *name; /* what -a takes: xfrm's AEAD, or authenc(A,C) */
	const char *geniv; /* xfrm's IV generator for it */
	const char *aead; /* xfrm's AEAD name, or NULL */
	const char *cipher; /* xfrm's cipher name, with @auth */
	const char *auth;
	unsigned int auth_key_bits;
	/*
	 * The AES mode whose drivers are this transform's implementations,
	 * and the template that turns one into what ESP uses, if any:
	 * "gcm(aes)" under "rfc4106", "ctr(aes)" under "rfc3686".
	 */
	const char *mode;
	const char *wrapper;
	/*
	 * The AES mode a template builds @mode on, whose drivers are
	 * implementations too ("ctr(aes)" under gcm's: an engine with
	 * ctr(aes) and no gcm(aes)), or NULL.
	 */
	const char *beneath;
	unsigned int salt_bytes; /* after the AES key, in xfrm's key */
	unsigned int icv_bits;
	unsigned int iv_bytes; /* in every packet */
	unsigned int align; /* of the encrypted part */
	/*
	 * strongSwan's and libreswan's proposal keyword after "aes<BITS>":
	 * "gcm16" for aes128gcm16.
	 */
	const char *proposal;
	/*
	 * The names of every instance a chain of this transform can
	 * register, outermost first: what ESP allocates, the transform, its
	 * parts, and the AES mode beneath (kb_esp_layer()).
	 */
	const char *layers[KB_ESP_MAX_LAYERS];
	/*
	 * The reference: the AES mode from the kernel's generic parts, a
	 * format of the generic AES cipher's driver and, where
	 * @generic_ghash, GHASH's (kaesbench_generic_parts.h).
	 */
	const char *generic;
	bool generic_ghash;
};

/* A transform with the key size a proposal name carries. */
struct kb_esp_choice {
	const struct kb_esp_transform *t;
	unsigned int key_bits; /* 0: not given by the name */
};

extern const struct kb_esp_transform kb_esp_transforms[];
extern const size_t kb_esp_transform_count;

int kb_esp_find(const char *name, struct kb_esp_choice *c);
const char *kb_esp_names(char *buf, size_t len);
const char *kb_esp_proposals(unsigned int key_bits, char *buf, size_t len);
int kb_esp_name(const struct kb_esp_transform *t, char *buf, size_t len);
uint32_t kb_esp_crypt_len(const struct kb_esp_transform *t, bool tunnel,
			  uint32_t payload);
uint32_t kb_esp_wire_len(const struct kb_esp_transform *t, bool tunnel,
			 uint32_t payload);
int kb_esp_chain(const struct kb_esp_transform *t, const char *alg_name,
		 const char *driver, const char *auth_driver, char *buf,
		 size_t len);

bool kb_esp_layer(const struct kb_esp_transform *t, const char *alg_name);

#endif /* KAESBENCH_IPSEC_ESP_H */
