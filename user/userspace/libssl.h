/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * libssl, loaded when first needed as libcrypto is (libcrypto.h): the
 * tool runs without it, and the lane that measures userspace TLS says
 * why it cannot. Every libssl function the tool calls is a sym_ pointer
 * here, typed from <openssl/ssl.h>. libssl.so.3 brings libcrypto.so.3
 * with it: the same library libcrypto.h's pointers reach, so that the
 * keys and certificates made there serve the connections made here.
 */
#ifndef KAESBENCH_USERSPACE_LIBSSL_H
#define KAESBENCH_USERSPACE_LIBSSL_H

#include <openssl/ssl.h>

#include "userspace/dl.h"

/* The library loaded: OpenSSL 3's, as the tool was built against. */
#define KB_LIBSSL_SONAME "libssl.so.3"

#define KB_LIBSSL_SYMS(X)           \
	X(SSL_CIPHER_get_name)      \
	X(SSL_CTX_clear_options)    \
	X(SSL_CTX_ctrl)             \
	X(SSL_CTX_free)             \
	X(SSL_CTX_new)              \
	X(SSL_CTX_set_cipher_list)  \
	X(SSL_CTX_set_ciphersuites) \
	X(SSL_CTX_set_num_tickets)  \
	X(SSL_CTX_set_verify)       \
	X(SSL_CTX_use_PrivateKey)   \
	X(SSL_CTX_use_certificate)  \
	X(SSL_accept)               \
	X(SSL_connect)              \
	X(SSL_free)                 \
	X(SSL_get_current_cipher)   \
	X(SSL_get_error)            \
	X(SSL_get_version)          \
	X(SSL_new)                  \
	X(SSL_read)                 \
	X(SSL_set_fd)               \
	X(SSL_version)              \
	X(SSL_write)                \
	X(TLS_client_method)        \
	X(TLS_server_method)

KB_LIBSSL_SYMS(KB_DL_DECLARE)

int kb_libssl_load(void);
int kb_libssl_load_from(const char *soname);
const char *kb_libssl_error(void);

#endif /* KAESBENCH_USERSPACE_LIBSSL_H */
