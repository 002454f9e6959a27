// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Test only: makes one AES library function of the running kernel compute
 * wrong results, by flipping the first byte of its output as it returns
 * (a kretprobe), for kaesbench's threads alone ("kaesbench/..."), so that
 * the rest of the machine is not touched. What must show: kaesbench's
 * self-check and verification, which compare with kaesbench's own
 * reference, catch it, also where the crypto API's generic parts call the
 * same library (Linux 7.x's aes-lib), which a reference built from them
 * would not.
 *
 * Parameters, at load:
 *   symbol         the function (default aes_encrypt)
 *   out_arg        which argument, from 0, points at its output (default
 *                  1: aes_encrypt(key, out, in); 0 for aes_cbc_encrypt()
 *                  and the other mode libraries, whose first is dst)
 *   corrupt_after  calls by kaesbench's threads that are right first
 *                  (default 0)
 *   corrupt_every  then every corrupt_every-th call is wrong (default 1)
 * /sys/module/kaesbench_badlib/parameters/corrupted: how many were.
 */

#include <linux/atomic.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/ptrace.h>
#include <linux/sched.h>
#include <linux/string.h>

static char *symbol = "aes_encrypt";
module_param(symbol, charp, 0444);
MODULE_PARM_DESC(symbol, "the library function to make wrong");
static unsigned int out_arg = 1;
module_param(out_arg, uint, 0444);
MODULE_PARM_DESC(out_arg, "its argument pointing at the output, from 0");
static unsigned int corrupt_after;
module_param(corrupt_after, uint, 0444);
MODULE_PARM_DESC(corrupt_after, "calls right before any is wrong");
static unsigned int corrupt_every = 1;
module_param(corrupt_every, uint, 0444);
MODULE_PARM_DESC(corrupt_every, "then every N-th call is wrong");
static atomic_t corrupted = ATOMIC_INIT(0);
module_param_named(corrupted, corrupted.counter, int, 0444);
MODULE_PARM_DESC(corrupted, "calls made wrong so far");

static atomic_t calls = ATOMIC_INIT(0);

struct call {
	u8 *out;		/* NULL: not one of kaesbench's calls */
};

static int on_entry(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	struct call *c = (struct call *)ri->data;

	c->out = NULL;
	if (strncmp(current->comm, "kaesbench/", strlen("kaesbench/")))
		return 0;
	c->out = (u8 *)regs_get_kernel_argument(regs, out_arg);
	return 0;
}

static int on_return(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	struct call *c = (struct call *)ri->data;
	unsigned int n;

	if (!c->out)
		return 0;
	n = atomic_inc_return(&calls);
	if (n <= corrupt_after || (n - corrupt_after) % corrupt_every)
		return 0;
	c->out[0] ^= 1;
	atomic_inc(&corrupted);
	return 0;
}

static struct kretprobe probe = {
	.entry_handler = on_entry,
	.handler = on_return,
	.data_size = sizeof(struct call),
	.maxactive = 64,
};

static int __init badlib_init(void)
{
	if (!corrupt_every)
		return -EINVAL;
	probe.kp.symbol_name = symbol;
	return register_kretprobe(&probe);
}

static void __exit badlib_exit(void)
{
	unregister_kretprobe(&probe);
}

module_init(badlib_init);
module_exit(badlib_exit);
MODULE_DESCRIPTION("kaesbench test: an AES library function made wrong");
MODULE_LICENSE("GPL");
