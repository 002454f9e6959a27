/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The kernel's generic parts an AES mode's reference is built of, by the
 * module (a verification's reference, where the kernel has its generic
 * AES: kmod/reference.c) and by the tool (kaesbench ipsec's reference SAs:
 * user/ipsec/esp.c's table): printf formats of the generic AES cipher's
 * driver (aes-generic; aes-lib from Linux 7.0) and, for GCM, GHASH's
 * (ghash-generic; ghash-lib), for CCM the cipher's again. GCM and CCM name
 * their hash and counter parts, so that no accelerated GHASH or CBC-MAC
 * slips in; XTS and LRW are registered under the ecb() they wrap. Not
 * part of the netlink protocol (kaesbench.h is its header).
 */
#ifndef KAESBENCH_GENERIC_PARTS_H
#define KAESBENCH_GENERIC_PARTS_H

#define KAESBENCH_GENERIC_CBC "cbc(%s)"
#define KAESBENCH_GENERIC_CTR "ctr(%s)"
#define KAESBENCH_GENERIC_GCM "gcm_base(ctr(%s),%s)"
#define KAESBENCH_GENERIC_CCM "ccm_base(ctr(%s),cbcmac(%s))"
#define KAESBENCH_GENERIC_XTS "xts(ecb(%s))"
#define KAESBENCH_GENERIC_LRW "lrw(ecb(%s))"

#endif /* KAESBENCH_GENERIC_PARTS_H */
