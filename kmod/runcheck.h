/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 */

#ifndef _KAESBENCH_RUNCHECK_H
#define _KAESBENCH_RUNCHECK_H

#include "pagebuf.h"
#include "reference.h"

#define KAESBENCH_RUNCHECK_IV_MAX 64

/*
 * Checking the requests a measuring thread times: one in every @every
 * starts from a known input, and its output is compared with what the
 * reference computed from that input when the size was prepared.
 */
struct kaesbench_runcheck {
	struct kaesbench_ref ref;
	u32 every;		/* 0: nothing checked */
	u32 countdown;		/* submissions until the next checked one */
	bool aead;		/* associated data and a tag */
	bool decrypt;
	u32 aad_len;
	u32 tag_len;
	u32 buf_len;		/* of @in and @expect */
	u32 in_len;		/* loaded from @in before a checked request */
	u32 out_off;		/* where its output is compared */
	u32 out_len;
	u8 *in;
	u8 *expect;
	u8 iv[KAESBENCH_RUNCHECK_IV_MAX];	/* the known input's */
	u64 checked;		/* requests compared */
	u64 wrong;		/* of those, wrong */
	u64 bytes;		/* allocated */
};

int kaesbench_runcheck_open(struct kaesbench_runcheck *rc, u32 every,
			    const struct kaesbench_tfm *impl,
			    const char *alg_name, bool decrypt, u32 aad_len,
			    u32 tag_len, u32 buf_len);
void kaesbench_runcheck_setkey(struct kaesbench_runcheck *rc, const u8 *key,
			       unsigned int len);
int kaesbench_runcheck_prepare(struct kaesbench_runcheck *rc, u32 size);
bool kaesbench_runcheck_due(struct kaesbench_runcheck *rc);
void kaesbench_runcheck_load(const struct kaesbench_runcheck *rc,
			     struct kaesbench_pagebuf *buf, u8 *iv);
s32 kaesbench_runcheck_compare(struct kaesbench_runcheck *rc,
			       const struct kaesbench_pagebuf *buf);
void kaesbench_runcheck_close(struct kaesbench_runcheck *rc);

#endif /* _KAESBENCH_RUNCHECK_H */
