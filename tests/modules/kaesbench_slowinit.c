// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Test only: a synchronous cbc(aes) of the highest priority, so that it is
 * what the crypto API hands out for "cbc(aes)", whose transform set-up
 * (init_tfm) takes sleep_ms, as a driver waiting for a dead device does.
 * Right once set up: a cbc(aes-generic), or cbc(aes-lib) on 7.x, does the
 * work.
 *
 * /sys/module/kaesbench_slowinit/parameters/:
 *   sleep_ms  how long each init_tfm sleeps (0 to 600000, default 30000),
 *             once the crypto manager's self-tests have passed
 *   release   written: every init_tfm sleeping now returns at once
 *   sleeping  init_tfm calls sleeping now (read only)
 *   slept     init_tfm calls that slept, since load (read only)
 *   family    written 1: registers the generic netlink family
 *             "kb_slowinit" (one command, which does nothing), as a module
 *             loaded meanwhile would; 0 unregisters it. Registering waits
 *             for every generic netlink request in progress to end
 *             (genl's cb_lock). Unregistered at unload.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <crypto/aes.h>
#include <crypto/internal/skcipher.h>
#include <linux/atomic.h>
#include <linux/jiffies.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/wait.h>
#include <net/genetlink.h>

#define SLOWINIT_MAX_MS 600000

struct slowinit_tfm {
	struct crypto_sync_skcipher *fallback;
};

static unsigned int sleep_ms = 30000;
static DECLARE_WAIT_QUEUE_HEAD(sleepers);
static atomic_t releases = ATOMIC_INIT(0);
static atomic_t sleeping = ATOMIC_INIT(0);
static atomic_t slept = ATOMIC_INIT(0);
static bool self_tested;
/* The software cbc(aes) that does the work, found at load. */
static const char *fallback_name;
static bool family_registered;	/* under the module's parameter lock */

/* Sleeps sleep_ms, or until released; a signal ends it too. */
static void slow_down(void)
{
	int gen = atomic_read(&releases);
	unsigned long left = msecs_to_jiffies(READ_ONCE(sleep_ms));

	if (!READ_ONCE(self_tested) || !left)
		return;
	atomic_inc(&sleeping);
	atomic_inc(&slept);
	wait_event_interruptible_timeout(sleepers,
					 atomic_read(&releases) != gen, left);
	atomic_dec(&sleeping);
}

static int slowinit_init(struct crypto_skcipher *tfm)
{
	struct slowinit_tfm *ctx = crypto_skcipher_ctx(tfm);

	slow_down();
	ctx->fallback = crypto_alloc_sync_skcipher(fallback_name, 0, 0);
	return PTR_ERR_OR_ZERO(ctx->fallback);
}

static void slowinit_exit(struct crypto_skcipher *tfm)
{
	struct slowinit_tfm *ctx = crypto_skcipher_ctx(tfm);

	crypto_free_sync_skcipher(ctx->fallback);
}

static int slowinit_setkey(struct crypto_skcipher *tfm, const u8 *key,
			   unsigned int len)
{
	struct slowinit_tfm *ctx = crypto_skcipher_ctx(tfm);

	return crypto_sync_skcipher_setkey(ctx->fallback, key, len);
}

static int slowinit_crypt(struct skcipher_request *req, bool enc)
{
	struct slowinit_tfm *ctx =
		crypto_skcipher_ctx(crypto_skcipher_reqtfm(req));
	SYNC_SKCIPHER_REQUEST_ON_STACK(sub, ctx->fallback);
	int err;

	skcipher_request_set_sync_tfm(sub, ctx->fallback);
	skcipher_request_set_callback(sub, req->base.flags, NULL, NULL);
	skcipher_request_set_crypt(sub, req->src, req->dst, req->cryptlen,
				   req->iv);
	err = enc ? crypto_skcipher_encrypt(sub) : crypto_skcipher_decrypt(sub);
	skcipher_request_zero(sub);
	return err;
}

static int slowinit_encrypt(struct skcipher_request *req)
{
	return slowinit_crypt(req, true);
}

static int slowinit_decrypt(struct skcipher_request *req)
{
	return slowinit_crypt(req, false);
}

static struct skcipher_alg slowinit_alg = {
	.base.cra_name = "cbc(aes)",
	.base.cra_driver_name = "kaesbench_slowinit_cbc_aes",
	.base.cra_priority = 9000,
	.base.cra_blocksize = AES_BLOCK_SIZE,
	.base.cra_ctxsize = sizeof(struct slowinit_tfm),
	.base.cra_module = THIS_MODULE,
	.min_keysize = AES_MIN_KEY_SIZE,
	.max_keysize = AES_MAX_KEY_SIZE,
	.ivsize = AES_BLOCK_SIZE,
	.setkey = slowinit_setkey,
	.encrypt = slowinit_encrypt,
	.decrypt = slowinit_decrypt,
	.init = slowinit_init,
	.exit = slowinit_exit,
};

static int nop_doit(struct sk_buff *skb, struct genl_info *info)
{
	return 0;
}

static const struct genl_small_ops family_ops[] = {
	{
		.cmd = 1,
		.validate = GENL_DONT_VALIDATE_STRICT | GENL_DONT_VALIDATE_DUMP,
		.doit = nop_doit,
	},
};

static struct genl_family family = {
	.name = "kb_slowinit",
	.version = 1,
	.module = THIS_MODULE,
	.small_ops = family_ops,
	.n_small_ops = ARRAY_SIZE(family_ops),
	.resv_start_op = 2,
};

static int sleep_ms_set(const char *val, const struct kernel_param *kp)
{
	unsigned int ms;
	int err = kstrtouint(val, 0, &ms);

	if (err)
		return err;
	if (ms > SLOWINIT_MAX_MS)
		return -EINVAL;
	WRITE_ONCE(sleep_ms, ms);
	return 0;
}

static const struct kernel_param_ops sleep_ms_ops = {
	.set = sleep_ms_set,
	.get = param_get_uint,
};

module_param_cb(sleep_ms, &sleep_ms_ops, &sleep_ms, 0644);
MODULE_PARM_DESC(sleep_ms, "how long init_tfm sleeps (0-600000 ms)");

static int release_set(const char *val, const struct kernel_param *kp)
{
	atomic_inc(&releases);
	wake_up_all(&sleepers);
	return 0;
}

static const struct kernel_param_ops release_ops = {
	.set = release_set,
};

module_param_cb(release, &release_ops, NULL, 0200);
MODULE_PARM_DESC(release, "written: wake every sleeping init_tfm");

static int counter_get(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "%d\n", atomic_read(kp->arg));
}

static const struct kernel_param_ops counter_ops = {
	.get = counter_get,
};

module_param_cb(sleeping, &counter_ops, &sleeping, 0444);
MODULE_PARM_DESC(sleeping, "init_tfm calls sleeping now");
module_param_cb(slept, &counter_ops, &slept, 0444);
MODULE_PARM_DESC(slept, "init_tfm calls that slept since load");

static int family_set(const char *val, const struct kernel_param *kp)
{
	bool on;
	int err = kstrtobool(val, &on);

	if (err)
		return err;
	if (on == family_registered)
		return 0;
	if (on) {
		err = genl_register_family(&family);
		if (err)
			return err;
	} else {
		genl_unregister_family(&family);
	}
	family_registered = on;
	return 0;
}

static int family_get(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "%d\n", family_registered);
}

static const struct kernel_param_ops family_param_ops = {
	.set = family_set,
	.get = family_get,
};

module_param_cb(family, &family_param_ops, NULL, 0644);
MODULE_PARM_DESC(family, "1: register the generic netlink family kb_slowinit");

/*
 * Once, here: asking for a name that does not exist makes the crypto API
 * look for a module, which takes long enough under TCG to look like the
 * slowness this driver is about.
 */
static int pick_fallback(void)
{
	/* 7.x has no aes-generic: its "aes" is the AES library's. */
	static const char *const names[] = { "cbc(aes-generic)",
					     "cbc(aes-lib)" };
	struct crypto_sync_skcipher *tfm;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(names); i++) {
		tfm = crypto_alloc_sync_skcipher(names[i], 0, 0);
		if (PTR_ERR_OR_ZERO(tfm) == -ENOENT)
			continue;
		if (IS_ERR(tfm))
			return PTR_ERR(tfm);
		crypto_free_sync_skcipher(tfm);
		fallback_name = names[i];
		return 0;
	}
	return -ENOENT;
}

static int __init slowinit_mod_init(void)
{
	struct crypto_skcipher *tfm;
	int err;

	err = pick_fallback();
	if (err)
		return err;
	err = crypto_register_skcipher(&slowinit_alg);
	if (err)
		return err;
	/* Waits for the self-tests (in the background on 6.12). */
	tfm = crypto_alloc_skcipher(slowinit_alg.base.cra_driver_name, 0, 0);
	if (IS_ERR(tfm)) {
		crypto_unregister_skcipher(&slowinit_alg);
		return PTR_ERR(tfm);
	}
	crypto_free_skcipher(tfm);
	WRITE_ONCE(self_tested, true);
	return 0;
}

/* Runs only once no transform is left: none is being set up. */
static void __exit slowinit_mod_exit(void)
{
	if (family_registered)
		genl_unregister_family(&family);
	crypto_unregister_skcipher(&slowinit_alg);
}

module_init(slowinit_mod_init);
module_exit(slowinit_mod_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("kaesbench test: a cbc(aes) whose transforms take long to set up");
