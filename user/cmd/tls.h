/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * `kaesbench tls`: TLS records in the kernel (kTLS) over a loopback TCP
 * connection in a namespace of its own, each key's implementation
 * proved, every record checked against OpenSSL's libcrypto, measured.
 */
#ifndef KAESBENCH_CMD_TLS_H
#define KAESBENCH_CMD_TLS_H

int kb_tls_main(int argc, char *argv[]);

#endif /* KAESBENCH_CMD_TLS_H */
