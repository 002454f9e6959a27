/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The kernel's crypto_user netlink interface (NETLINK_CRYPTO): what the
 * crypto API has registered, by driver name, and the few changes it lets
 * CAP_NET_ADMIN make: an implementation's priority, a template instance
 * made or removed.
 */
#ifndef KAESBENCH_NETLINK_CRYPTO_USER_H
#define KAESBENCH_NETLINK_CRYPTO_USER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <linux/cryptouser.h>

struct mnl_socket;

/* crypto/internal.h's and linux/crypto.h's flags, as cru_flags reports them. */
#define CU_ALG_LARVAL 0x00000010
#define CU_ALG_DEAD 0x00000020
#define CU_ALG_ASYNC 0x00000080
#define CU_ALG_TESTED 0x00000400
#define CU_ALG_INSTANCE 0x00000800
#define CU_ALG_KERN_DRIVER_ONLY 0x00001000
#define CU_ALG_INTERNAL 0x00002000

/* One registered algorithm, as CRYPTO_MSG_GETALG reports it. */
struct kb_cu_alg {
	char name[CRYPTO_MAX_NAME];
	char driver[CRYPTO_MAX_NAME];
	char module[CRYPTO_MAX_NAME];
	uint32_t priority;
	uint32_t refcnt; /* transforms and instances holding it, and more */
	uint32_t flags; /* CRYPTO_ALG_* */
};

struct kb_cu_algs {
	struct kb_cu_alg *alg;
	size_t count;
};

struct mnl_socket *kb_cu_open(int *err);
int kb_cu_get(struct mnl_socket *nl, const char *driver, struct kb_cu_alg *a);
int kb_cu_dump(struct mnl_socket *nl, struct kb_cu_algs *algs);
void kb_cu_algs_free(struct kb_cu_algs *algs);
const struct kb_cu_alg *kb_cu_find(const struct kb_cu_algs *algs,
				   const char *driver);
bool kb_cu_usable(const struct kb_cu_alg *a);
const struct kb_cu_alg *kb_cu_best(const struct kb_cu_algs *algs,
				   const char *name);
int kb_cu_set_priority(struct mnl_socket *nl, const char *driver,
		       uint32_t priority);
int kb_cu_instantiate(struct mnl_socket *nl, const char *driver);
int kb_cu_delete(struct mnl_socket *nl, const char *driver);

#endif /* KAESBENCH_NETLINK_CRYPTO_USER_H */
