/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * libcrypto, loaded when first needed rather than linked: a machine
 * without OpenSSL still runs every other path and the doctor, and the
 * OpenSSL path says why it cannot run. Every OpenSSL function the tool
 * calls is a sym_ pointer here, typed from OpenSSL's own headers so that
 * the compiler checks each call, as systemd does for its optional
 * libraries.
 */
#ifndef KAESBENCH_USERSPACE_LIBCRYPTO_H
#define KAESBENCH_USERSPACE_LIBCRYPTO_H

#include <stddef.h>

#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>

/* The library loaded: OpenSSL 3's, as the tool was built against. */
#define KB_LIBCRYPTO_SONAME "libcrypto.so.3"

#define KB_LIBCRYPTO_SYMS(X)          \
	X(ERR_clear_error)            \
	X(ERR_error_string_n)         \
	X(ERR_get_error)              \
	X(EVP_CIPHER_CTX_ctrl)        \
	X(EVP_CIPHER_CTX_free)        \
	X(EVP_CIPHER_CTX_new)         \
	X(EVP_CIPHER_CTX_set_padding) \
	X(EVP_CIPHER_fetch)           \
	X(EVP_CIPHER_free)            \
	X(EVP_CipherInit_ex2)         \
	X(EVP_CipherUpdate)           \
	X(EVP_DecryptFinal_ex)        \
	X(EVP_DecryptInit_ex2)        \
	X(EVP_DecryptUpdate)          \
	X(EVP_EncryptFinal_ex)        \
	X(EVP_EncryptInit_ex2)        \
	X(EVP_EncryptUpdate)          \
	X(OPENSSL_cleanse)            \
	X(OPENSSL_info)               \
	X(OpenSSL_version)

#define KB_LIBCRYPTO_DECLARE(sym) extern typeof(sym) *sym_##sym;
KB_LIBCRYPTO_SYMS(KB_LIBCRYPTO_DECLARE)
#undef KB_LIBCRYPTO_DECLARE

int kb_libcrypto_load(void);
int kb_libcrypto_load_from(const char *soname);
const char *kb_libcrypto_error(void);

#endif /* KAESBENCH_USERSPACE_LIBCRYPTO_H */
