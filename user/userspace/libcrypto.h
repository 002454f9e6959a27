/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * libcrypto, loaded when first needed rather than linked: a machine
 * without OpenSSL still runs every other path and the doctor, and the
 * OpenSSL path says why it cannot run. Every OpenSSL function the tool
 * calls is a sym_ pointer here, typed from OpenSSL's own headers so that
 * the compiler checks each call, as systemd does for its optional
 * libraries. libssl's are in libssl.h; the EVP_PKEY and X509 functions
 * here make the certificate its handshakes present.
 */
#ifndef KAESBENCH_USERSPACE_LIBCRYPTO_H
#define KAESBENCH_USERSPACE_LIBCRYPTO_H

#include <stddef.h>

#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/x509.h>

#include "userspace/dl.h"

/* The library loaded: OpenSSL 3's, as the tool was built against. */
#define KB_LIBCRYPTO_SONAME "libcrypto.so.3"

#define KB_LIBCRYPTO_SYMS(X)          \
	X(ASN1_INTEGER_set)           \
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
	X(EVP_PKEY_Q_keygen)          \
	X(EVP_PKEY_free)              \
	X(EVP_sha256)                 \
	X(OPENSSL_cleanse)            \
	X(OPENSSL_info)               \
	X(OpenSSL_version)            \
	X(X509_NAME_add_entry_by_txt) \
	X(X509_free)                  \
	X(X509_get_serialNumber)      \
	X(X509_get_subject_name)      \
	X(X509_getm_notAfter)         \
	X(X509_getm_notBefore)        \
	X(X509_gmtime_adj)            \
	X(X509_new)                   \
	X(X509_set_issuer_name)       \
	X(X509_set_pubkey)            \
	X(X509_set_version)           \
	X(X509_sign)

KB_LIBCRYPTO_SYMS(KB_DL_DECLARE)

int kb_libcrypto_load(void);
int kb_libcrypto_load_from(const char *soname);
const char *kb_libcrypto_error(void);

#endif /* KAESBENCH_USERSPACE_LIBCRYPTO_H */
