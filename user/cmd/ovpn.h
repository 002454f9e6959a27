/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * `kaesbench ovpn`: OpenVPN's data channel in the kernel (ovpn) between
 * two network namespaces.
 */
#ifndef KAESBENCH_CMD_OVPN_H
#define KAESBENCH_CMD_OVPN_H

int kb_ovpn_main(int argc, char *argv[]);

#endif /* KAESBENCH_CMD_OVPN_H */
