// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Test only: an asynchronous cbc(aes) that computes the right answer (a
 * synchronous cbc(aes-generic), or cbc(aes-lib) on 7.x, does the work, in
 * a workqueue) and, once
 * switched to, misbehaves the ways hardware drivers do: it fails requests,
 * completes them late or out of order, backlogs them, never completes
 * them, or does not even return from the call that submits them, or from
 * setkey. Priority 1 unless loaded with another: never what the crypto API
 * hands out.
 *
 * /sys/module/kaesbench_faulty/parameters/:
 *   fault     none | error | error-now | late | reorder | backlog | never |
 *             wedge, applied to requests submitted from then on. Leaving
 *             "never" completes the requests it holds, correctly, at once.
 *             "wedge" blocks the encrypt or decrypt call itself, in the
 *             caller's thread, until the fault is switched off (at most
 *             WEDGE_MAX_MS); the request then goes on as the fault set by
 *             then says. Callers that may not sleep are not blocked.
 *   delay_ms  how late "late" completes a request (0 to 60000, default 100)
 *   setkey_hang_ms
 *             setkey blocks the caller's thread for this long (0: not at
 *             all, the default; at most WEDGE_MAX_MS), as a driver that
 *             waits for its device would; writing 0 lets those blocked go.
 *             The key is set once they go, whatever the fault
 *   corrupt_every, corrupt_depth
 *             wrong under load only: every corrupt_every-th request
 *             (0: none, the default) of those submitted while
 *             corrupt_depth (default 4) or more requests are queued (in
 *             all transforms together, as on one device: CPUs that
 *             submit at once load it too) completes with the last byte
 *             of its output flipped; while corrupt_every is set, requests are
 *             gathered for a tick before they are processed, as an
 *             engine that coalesces interrupts does. Right one request at
 *             a time, whatever the fault; with "reorder", also out of
 *             order
 *   corrupt_after
 *             requests submitted under load, counted from when it is
 *             written, that are right before corrupt_every picks any: a
 *             driver that passes a verification and goes wrong later, as
 *             under a long measurement (default 0)
 *   drivers   how many copies of the driver to register, set at load (1 to
 *             FAULTY_MAX_DRIVERS, default 1): kaesbench_faulty_cbc_aes,
 *             kaesbench_faulty_cbc_aes_2 and so on, all with the same
 *             faults; a driver kaesbench gave a request up to is refused
 *             from then on, and each test of that needs one of its own
 *   priority  the copies' priority, set at load (default 1): above the
 *             CPU's (e.g. 5000), a request for cbc(aes) by algorithm gets
 *             the first copy
 *   dma_map   map each request's buffers for a device of the module's own
 *             from submission until it is processed, as an engine's
 *             driver does (dma_map_sg: the source to the device, the
 *             destination from it, in place both ways); on a kernel with
 *             CONFIG_DMA_API_DEBUG what no device may be given is
 *             reported there: one cache line starting two mappings the
 *             device writes (segments packed closer than a DMA line),
 *             stack or vmalloc memory (default off)
 *   held      requests "never" holds now
 *   wedged    calls "wedge" or setkey_hang_ms blocks now
 *   backlogged, notified, reordered, corrupted, dma_mapped, bh_off
 *             since load: requests answered -EBUSY, backlogged requests
 *             told -EINPROGRESS when they left the backlog, completions
 *             that overtook an older request, outputs flipped, requests
 *             dma_map mapped, requests submitted with bottom halves
 *             disabled (as in softirq context; all read only)
 *
 * The faults apply only once the crypto manager's self-tests have passed,
 * so that they always see a correct implementation.
 *
 * A request that is held pins its transform, and the transform pins this
 * module: it cannot be unloaded until whoever holds the transform frees it,
 * which kaesbench never does for a request that never completed.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <crypto/aes.h>
#include <crypto/internal/skcipher.h>
#include <linux/atomic.h>
#include <linux/dma-mapping.h>
#include <linux/jiffies.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/overflow.h>
#include <linux/platform_device.h>
#include <linux/preempt.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/stringify.h>
#include <linux/wait.h>
#include <linux/workqueue.h>

/*
 * Completions run where the request was queued, as a device's interrupt
 * would; where workqueues have WQ_PERCPU (6.17, and stable branches since)
 * a workqueue says so, and 7.x warns when it does not.
 */
#ifdef FAULTY_HAS_WQ_PERCPU
#define FAULTY_WQ_FLAGS WQ_PERCPU
#else
#define FAULTY_WQ_FLAGS 0
#endif

/* What "backlog" accepts before it answers -EBUSY, as a full ring would. */
#define BACKLOG_QUEUE_LEN 2
#define DELAY_MAX_MS 60000
/* The longest "wedge" blocks a call: no test can hang the machine for good. */
#define WEDGE_MAX_MS 120000
#define FAULTY_MAX_DRIVERS 8

enum fault {
	FAULT_NONE,
	FAULT_ERROR,		/* -EINPROGRESS, then completed with -EIO */
	FAULT_ERROR_NOW,	/* the submission returns -EIO */
	FAULT_LATE,		/* completed delay_ms after submission */
	FAULT_REORDER,		/* what is queued completes newest first */
	FAULT_BACKLOG,		/* a short queue: -EBUSY or -ENOSPC beyond */
	FAULT_NEVER,		/* held until the fault is switched off */
	FAULT_WEDGE,		/* the call blocks until it is switched off */
};

static const char *const fault_names[] = {
	[FAULT_NONE] = "none",
	[FAULT_ERROR] = "error",
	[FAULT_ERROR_NOW] = "error-now",
	[FAULT_LATE] = "late",
	[FAULT_REORDER] = "reorder",
	[FAULT_BACKLOG] = "backlog",
	[FAULT_NEVER] = "never",
	[FAULT_WEDGE] = "wedge",
};

static int fault_mode;		/* enum fault */
static bool self_tested;	/* passed: faults may apply from now on */
static unsigned int delay_ms = 100;
static unsigned int setkey_hang_ms;
static unsigned int priority = 1;
static unsigned int ndrivers = 1;
static unsigned int corrupt_every;
static unsigned int corrupt_depth = 4;
static unsigned int corrupt_after;
static bool dma_map;
/* The device dma_map maps for: no driver, no hardware, the DMA API's view. */
static struct platform_device *dma_pdev;
/* The loaded submission after which corrupt_every may pick one. */
static atomic_t corrupt_from = ATOMIC_INIT(0);
static atomic_t loaded_submissions = ATOMIC_INIT(0);
static atomic_t corrupted = ATOMIC_INIT(0);
static atomic_t dma_mapped = ATOMIC_INIT(0);
static atomic_t bh_off = ATOMIC_INIT(0);
static atomic_t held = ATOMIC_INIT(0);
static atomic_t wedged = ATOMIC_INIT(0);
static atomic_t backlogged = ATOMIC_INIT(0);
static atomic_t notified = ATOMIC_INIT(0);
static atomic_t reordered = ATOMIC_INIT(0);
/* Queued in every transform: the load corrupt_depth is measured by. */
static atomic_t queued_all = ATOMIC_INIT(0);

/* Every transform, so that leaving "never" finds what they hold. */
static DEFINE_MUTEX(tfms_lock);
static LIST_HEAD(tfms);

static struct workqueue_struct *faulty_wq;
/* Woken on every change of the fault: "wedge" waits on it. */
static DECLARE_WAIT_QUEUE_HEAD(fault_changed);

struct faulty_tfm {
	struct crypto_sync_skcipher *fallback;
	struct list_head node;		/* in tfms */
	spinlock_t lock;		/* the lists and counts below */
	struct list_head queue;		/* accepted, in order */
	struct list_head backlog;	/* answered -EBUSY, not notified yet */
	struct list_head held;		/* "never" */
	unsigned int queued;
	unsigned int backlogged;
	unsigned int nheld;
	struct delayed_work work;	/* completes what is queued */
	spinlock_t maps_lock;		/* maps; taken inside lock */
	struct list_head maps;		/* dma_map: what the device has */
};

/*
 * dma_map: what is handed to the device is a copy of the request's
 * scatterlists, in the driver's own memory, so that a request dropped with
 * its transform (its owner's memory maybe gone) can still be unmapped,
 * from the copy alone, without syncing into pages that may be someone
 * else's by then.
 */
struct faulty_map {
	struct list_head node;		/* in the transform's maps */
	bool in_place;
	int src_nents;
	int dst_nents;
	struct scatterlist sg[];	/* src_nents, then dst_nents */
};

struct faulty_req {
	struct skcipher_request *req;
	struct list_head node;		/* in one of the lists above */
	struct list_head notify;	/* moved out of the backlog */
	enum fault fault;
	bool encrypt;
	bool corrupt;			/* corrupt_every picked it */
	struct faulty_map *map;		/* dma_map: for dma_pdev, or NULL */
	unsigned long due;		/* "late": jiffies */
};

/* Under ctx->lock. */
static void queued_add(struct faulty_tfm *ctx, int n)
{
	ctx->queued += n;
	atomic_add(n, &queued_all);
}

/* Called from softirq context too (IPsec), and with bottom halves on. */
static void complete_req(struct faulty_req *rctx, int err)
{
	local_bh_disable();
	skcipher_request_complete(rctx->req, err);
	local_bh_enable();
}

/* @n entries of @from, as the same pages, into @to. */
static void copy_sg(struct scatterlist *to, struct scatterlist *from, int n)
{
	struct scatterlist *sg;
	int i;

	sg_init_table(to, n);
	for_each_sg(from, sg, n, i)
		sg_set_page(&to[i], sg_page(sg), sg->length, sg->offset);
}

/* Unmaps and frees @m; @attrs: DMA_ATTR_SKIP_CPU_SYNC for a dropped one. */
static void unmap(struct faulty_map *m, unsigned long attrs)
{
	struct device *dev = &dma_pdev->dev;
	struct scatterlist *dst = m->sg + m->src_nents;

	if (m->in_place) {
		dma_unmap_sg_attrs(dev, m->sg, m->src_nents, DMA_BIDIRECTIONAL,
				   attrs);
	} else {
		dma_unmap_sg_attrs(dev, dst, m->dst_nents, DMA_FROM_DEVICE,
				   attrs);
		dma_unmap_sg_attrs(dev, m->sg, m->src_nents, DMA_TO_DEVICE,
				   attrs);
	}
	kfree(m);
}

/* Maps @m's copies for the device. Return: 0 or -ENOMEM. */
static int map(struct faulty_map *m)
{
	struct device *dev = &dma_pdev->dev;
	struct scatterlist *dst = m->sg + m->src_nents;

	if (m->in_place)
		return dma_map_sg(dev, m->sg, m->src_nents, DMA_BIDIRECTIONAL) ?
		       0 : -ENOMEM;
	if (!dma_map_sg(dev, m->sg, m->src_nents, DMA_TO_DEVICE))
		return -ENOMEM;
	if (dma_map_sg(dev, dst, m->dst_nents, DMA_FROM_DEVICE))
		return 0;
	dma_unmap_sg(dev, m->sg, m->src_nents, DMA_TO_DEVICE);
	return -ENOMEM;
}

/*
 * dma_map: the buffers handed to the device; in place, one mapping both
 * ways. Submissions may come in softirq context: GFP_ATOMIC.
 * Return: 0, or a negative errno the submission fails with.
 */
static int dma_map_req(struct faulty_tfm *ctx, struct faulty_req *rctx)
{
	struct skcipher_request *req = rctx->req;
	int src_nents, dst_nents;
	struct faulty_map *m;

	rctx->map = NULL;
	if (!READ_ONCE(dma_map) || !req->cryptlen)
		return 0;
	src_nents = sg_nents_for_len(req->src, req->cryptlen);
	dst_nents = sg_nents_for_len(req->dst, req->cryptlen);
	if (src_nents < 0 || dst_nents < 0)
		return -EINVAL;
	if (req->src == req->dst)
		dst_nents = 0;
	m = kmalloc(struct_size(m, sg, src_nents + dst_nents), GFP_ATOMIC);
	if (!m)
		return -ENOMEM;
	m->in_place = req->src == req->dst;
	m->src_nents = src_nents;
	m->dst_nents = dst_nents;
	copy_sg(m->sg, req->src, src_nents);
	if (dst_nents)
		copy_sg(m->sg + src_nents, req->dst, dst_nents);
	if (map(m)) {
		kfree(m);
		return -ENOMEM;
	}
	spin_lock_bh(&ctx->maps_lock);
	list_add_tail(&m->node, &ctx->maps);
	spin_unlock_bh(&ctx->maps_lock);
	rctx->map = m;
	atomic_inc(&dma_mapped);
	return 0;
}

/* The buffers back to the CPU, before it works on them or completes. */
static void dma_unmap_req(struct faulty_tfm *ctx, struct faulty_req *rctx)
{
	struct faulty_map *m = rctx->map;

	if (!m)
		return;
	rctx->map = NULL;
	spin_lock_bh(&ctx->maps_lock);
	list_del(&m->node);
	spin_unlock_bh(&ctx->maps_lock);
	unmap(m, 0);
}

static int faulty_crypt(struct faulty_tfm *ctx, struct faulty_req *rctx)
{
	SYNC_SKCIPHER_REQUEST_ON_STACK(sub, ctx->fallback);
	struct skcipher_request *req = rctx->req;
	int err;

	skcipher_request_set_sync_tfm(sub, ctx->fallback);
	skcipher_request_set_callback(sub, CRYPTO_TFM_REQ_MAY_SLEEP, NULL, NULL);
	skcipher_request_set_crypt(sub, req->src, req->dst, req->cryptlen,
				   req->iv);
	err = rctx->encrypt ? crypto_skcipher_encrypt(sub) :
			      crypto_skcipher_decrypt(sub);
	skcipher_request_zero(sub);
	return err;
}

/* corrupt_every: the last byte of a completed request's output, flipped. */
static void corrupt(struct skcipher_request *req)
{
	unsigned int nents = sg_nents(req->dst);
	u8 last;

	if (!req->cryptlen)
		return;
	sg_pcopy_to_buffer(req->dst, nents, &last, 1, req->cryptlen - 1);
	last ^= 0x01;
	sg_pcopy_from_buffer(req->dst, nents, &last, 1, req->cryptlen - 1);
	atomic_inc(&corrupted);
}

/*
 * Takes the oldest queued request; the oldest backlogged one, if any,
 * moves into the room it leaves and is to be told so (-EINPROGRESS), as
 * crypto_get_backlog() users do.
 */
static void take_one(struct faulty_tfm *ctx, struct list_head *taken,
		     bool newest_first, struct list_head *notify)
{
	struct faulty_req *rctx, *next;

	rctx = list_first_entry(&ctx->queue, struct faulty_req, node);
	if (newest_first)
		list_move(&rctx->node, taken);
	else
		list_move_tail(&rctx->node, taken);
	queued_add(ctx, -1);
	if (!ctx->backlogged)
		return;
	next = list_first_entry(&ctx->backlog, struct faulty_req, node);
	list_move_tail(&next->node, &ctx->queue);
	list_add_tail(&next->notify, notify);
	ctx->backlogged--;
	queued_add(ctx, 1);
}

/*
 * One round: the oldest request, or for "reorder" everything queued.
 * Return: false when nothing is due yet.
 */
static bool take_round(struct faulty_tfm *ctx, struct list_head *taken,
		       struct list_head *notify)
{
	struct faulty_req *head;
	bool all;

	spin_lock_bh(&ctx->lock);
	head = list_first_entry_or_null(&ctx->queue, struct faulty_req, node);
	if (!head) {
		spin_unlock_bh(&ctx->lock);
		return false;
	}
	if (head->fault == FAULT_LATE && time_before(jiffies, head->due)) {
		queue_delayed_work(faulty_wq, &ctx->work, head->due - jiffies);
		spin_unlock_bh(&ctx->lock);
		return false;
	}
	all = head->fault == FAULT_REORDER;
	take_one(ctx, taken, all, notify);
	while (all && ctx->queued) {
		take_one(ctx, taken, all, notify);
		atomic_inc(&reordered);
	}
	spin_unlock_bh(&ctx->lock);
	return true;
}

static void faulty_work(struct work_struct *work)
{
	struct faulty_tfm *ctx = container_of(to_delayed_work(work),
					      struct faulty_tfm, work);
	struct faulty_req *rctx, *tmp;
	LIST_HEAD(taken);
	LIST_HEAD(notify);
	int err;

	while (take_round(ctx, &taken, &notify)) {
		/* Before any completion: the notice must come first. */
		list_for_each_entry_safe(rctx, tmp, &notify, notify) {
			list_del(&rctx->notify);
			atomic_inc(&notified);
			complete_req(rctx, -EINPROGRESS);
		}
		/* Once completed, a request is its owner's again. */
		list_for_each_entry_safe(rctx, tmp, &taken, node) {
			list_del(&rctx->node);
			dma_unmap_req(ctx, rctx);
			err = rctx->fault == FAULT_ERROR ? -EIO :
			      faulty_crypt(ctx, rctx);
			if (!err && rctx->corrupt)
				corrupt(rctx->req);
			complete_req(rctx, err);
		}
		cond_resched();
	}
}

/*
 * "wedge": blocks the submitting thread, as a driver stuck in its submit
 * path would, until the fault changes (TASK_IDLE: a wait this long is
 * meant, not a hung task). A caller that may not sleep gets "none".
 * Return: the fault the request goes on with.
 */
static enum fault wedge(struct skcipher_request *req)
{
	enum fault fault;

	if (!(req->base.flags & CRYPTO_TFM_REQ_MAY_SLEEP))
		return FAULT_NONE;
	atomic_inc(&wedged);
	wait_event_idle_timeout(fault_changed,
				READ_ONCE(fault_mode) != FAULT_WEDGE,
				msecs_to_jiffies(WEDGE_MAX_MS));
	atomic_dec(&wedged);
	fault = READ_ONCE(fault_mode);
	return fault == FAULT_WEDGE ? FAULT_NONE : fault;
}

static int faulty_submit(struct skcipher_request *req, bool encrypt)
{
	struct faulty_tfm *ctx = crypto_skcipher_ctx(crypto_skcipher_reqtfm(req));
	struct faulty_req *rctx = skcipher_request_ctx(req);
	bool tested = READ_ONCE(self_tested);
	enum fault fault = tested ? READ_ONCE(fault_mode) : FAULT_NONE;
	unsigned int every = tested ? READ_ONCE(corrupt_every) : 0;
	unsigned int limit;
	int loaded;
	unsigned long delay;
	int ret = -EINPROGRESS;

	if (softirq_count())
		atomic_inc(&bh_off);
	if (fault == FAULT_WEDGE)
		fault = wedge(req);
	limit = fault == FAULT_BACKLOG ? BACKLOG_QUEUE_LEN : UINT_MAX;
	delay = msecs_to_jiffies(READ_ONCE(delay_ms));
	if (fault == FAULT_ERROR_NOW)
		return -EIO;
	rctx->req = req;
	rctx->fault = fault;
	rctx->encrypt = encrypt;
	rctx->due = jiffies + delay;
	rctx->corrupt = false;
	ret = dma_map_req(ctx, rctx);
	if (ret)
		return ret;
	ret = -EINPROGRESS;

	spin_lock_bh(&ctx->lock);
	if (every && atomic_read(&queued_all) >= READ_ONCE(corrupt_depth)) {
		loaded = atomic_inc_return(&loaded_submissions);
		rctx->corrupt = loaded > atomic_read(&corrupt_from) &&
				(unsigned int)loaded % every == 0;
	}
	if (fault == FAULT_NEVER) {
		list_add_tail(&rctx->node, &ctx->held);
		ctx->nheld++;
		atomic_inc(&held);
	} else if (ctx->queued + ctx->backlogged < limit) {
		list_add_tail(&rctx->node, &ctx->queue);
		queued_add(ctx, 1);
	} else if (req->base.flags & CRYPTO_TFM_REQ_MAY_BACKLOG) {
		list_add_tail(&rctx->node, &ctx->backlog);
		ctx->backlogged++;
		atomic_inc(&backlogged);
		ret = -EBUSY;
	} else {
		dma_unmap_req(ctx, rctx);
		ret = -ENOSPC;
	}
	/* Under the lock: once completed, the transform may be freed. */
	if (fault == FAULT_LATE)
		queue_delayed_work(faulty_wq, &ctx->work, delay);
	else if (fault == FAULT_REORDER || every)
		/* A tick for the submitter to queue more. */
		queue_delayed_work(faulty_wq, &ctx->work, 1);
	else if (fault != FAULT_NEVER && ret != -ENOSPC)
		mod_delayed_work(faulty_wq, &ctx->work, 0);
	spin_unlock_bh(&ctx->lock);
	return ret;
}

static int faulty_encrypt(struct skcipher_request *req)
{
	return faulty_submit(req, true);
}

static int faulty_decrypt(struct skcipher_request *req)
{
	return faulty_submit(req, false);
}

/*
 * setkey_hang_ms: blocks the caller, as "wedge" does, until the time is
 * up or the parameter is set to 0 (TASK_IDLE: meant, not a hung task).
 */
static void setkey_hang(void)
{
	unsigned int ms = READ_ONCE(setkey_hang_ms);

	if (!ms || !READ_ONCE(self_tested))
		return;
	atomic_inc(&wedged);
	wait_event_idle_timeout(fault_changed, !READ_ONCE(setkey_hang_ms),
				msecs_to_jiffies(ms));
	atomic_dec(&wedged);
}

static int faulty_setkey(struct crypto_skcipher *tfm, const u8 *key,
			 unsigned int len)
{
	struct faulty_tfm *ctx = crypto_skcipher_ctx(tfm);

	setkey_hang();

	crypto_sync_skcipher_clear_flags(ctx->fallback, CRYPTO_TFM_REQ_MASK);
	crypto_sync_skcipher_set_flags(ctx->fallback,
				       crypto_skcipher_get_flags(tfm) &
				       CRYPTO_TFM_REQ_MASK);
	return crypto_sync_skcipher_setkey(ctx->fallback, key, len);
}

static int faulty_init(struct crypto_skcipher *tfm)
{
	struct faulty_tfm *ctx = crypto_skcipher_ctx(tfm);

	/*
	 * Named, not "cbc(aes)": another test module's wrong cbc(aes) must
	 * not be picked when no better one is registered yet.
	 */
	ctx->fallback = crypto_alloc_sync_skcipher("cbc(aes-generic)", 0,
						   CRYPTO_ALG_NEED_FALLBACK);
	/* 7.x has no aes-generic: its "aes" is the AES library's. */
	if (PTR_ERR_OR_ZERO(ctx->fallback) == -ENOENT)
		ctx->fallback = crypto_alloc_sync_skcipher("cbc(aes-lib)", 0,
							   CRYPTO_ALG_NEED_FALLBACK);
	if (IS_ERR(ctx->fallback))
		return PTR_ERR(ctx->fallback);
	spin_lock_init(&ctx->lock);
	INIT_LIST_HEAD(&ctx->queue);
	INIT_LIST_HEAD(&ctx->backlog);
	INIT_LIST_HEAD(&ctx->held);
	spin_lock_init(&ctx->maps_lock);
	INIT_LIST_HEAD(&ctx->maps);
	INIT_DELAYED_WORK(&ctx->work, faulty_work);
	crypto_skcipher_set_reqsize(tfm, sizeof(struct faulty_req));
	mutex_lock(&tfms_lock);
	list_add_tail(&ctx->node, &tfms);
	mutex_unlock(&tfms_lock);
	return 0;
}

static void faulty_exit(struct crypto_skcipher *tfm)
{
	struct faulty_tfm *ctx = crypto_skcipher_ctx(tfm);
	struct faulty_map *m, *tmp;

	mutex_lock(&tfms_lock);
	list_del(&ctx->node);
	mutex_unlock(&tfms_lock);
	cancel_delayed_work_sync(&ctx->work);
	/*
	 * Freeing a transform with requests outstanding is the owner's bug;
	 * their memory may be gone, so they are forgotten, not touched.
	 */
	if (ctx->queued || ctx->backlogged || ctx->nheld)
		pr_err("transform freed with %u requests outstanding; dropped\n",
		       ctx->queued + ctx->backlogged + ctx->nheld);
	atomic_sub(ctx->queued, &queued_all);
	atomic_sub(ctx->nheld, &held);
	/* Theirs unmapped all the same, from the driver's copies. */
	list_for_each_entry_safe(m, tmp, &ctx->maps, node)
		unmap(m, DMA_ATTR_SKIP_CPU_SYNC);
	crypto_free_sync_skcipher(ctx->fallback);
}

/* Leaving "never": what it holds completes now, correctly. */
static void release_held(void)
{
	struct faulty_tfm *ctx;
	struct faulty_req *rctx;

	mutex_lock(&tfms_lock);
	list_for_each_entry(ctx, &tfms, node) {
		spin_lock_bh(&ctx->lock);
		if (ctx->nheld) {
			list_for_each_entry(rctx, &ctx->held, node)
				rctx->fault = FAULT_NONE;
			list_splice_tail_init(&ctx->held, &ctx->queue);
			queued_add(ctx, ctx->nheld);
			atomic_sub(ctx->nheld, &held);
			ctx->nheld = 0;
			mod_delayed_work(faulty_wq, &ctx->work, 0);
		}
		spin_unlock_bh(&ctx->lock);
	}
	mutex_unlock(&tfms_lock);
}

static int fault_set(const char *val, const struct kernel_param *kp)
{
	int fault = sysfs_match_string(fault_names, val);

	if (fault < 0)
		return fault;
	WRITE_ONCE(fault_mode, fault);
	wake_up_all(&fault_changed);
	if (fault != FAULT_NEVER)
		release_held();
	return 0;
}

static int fault_get(char *buf, const struct kernel_param *kp)
{
	return scnprintf(buf, PAGE_SIZE, "%s\n",
			 fault_names[READ_ONCE(fault_mode)]);
}

static const struct kernel_param_ops fault_ops = {
	.set = fault_set,
	.get = fault_get,
};
module_param_cb(fault, &fault_ops, NULL, 0644);
MODULE_PARM_DESC(fault,
		 "none, error, error-now, late, reorder, backlog, never or wedge");

static int delay_set(const char *val, const struct kernel_param *kp)
{
	return param_set_uint_minmax(val, kp, 0, DELAY_MAX_MS);
}

static const struct kernel_param_ops delay_ops = {
	.set = delay_set,
	.get = param_get_uint,
};
module_param_cb(delay_ms, &delay_ops, &delay_ms, 0644);
MODULE_PARM_DESC(delay_ms, "how late \"late\" completes, in ms (0-60000)");

static int setkey_hang_set(const char *val, const struct kernel_param *kp)
{
	int err = param_set_uint_minmax(val, kp, 0, WEDGE_MAX_MS);

	if (!err)
		wake_up_all(&fault_changed);
	return err;
}

static const struct kernel_param_ops setkey_hang_ops = {
	.set = setkey_hang_set,
	.get = param_get_uint,
};
module_param_cb(setkey_hang_ms, &setkey_hang_ops, &setkey_hang_ms, 0644);
MODULE_PARM_DESC(setkey_hang_ms,
		 "how long setkey blocks, in ms (0-" __stringify(WEDGE_MAX_MS)
		 "; 0: none, and lets the blocked go)");

static const struct kernel_param_ops uint_ops = {
	.set = param_set_uint,
	.get = param_get_uint,
};
module_param_cb(corrupt_every, &uint_ops, &corrupt_every, 0644);
MODULE_PARM_DESC(corrupt_every,
		 "flip a byte of every Nth request submitted under load (0: none)");
module_param_cb(corrupt_depth, &uint_ops, &corrupt_depth, 0644);
MODULE_PARM_DESC(corrupt_depth,
		 "requests queued at submission that make it under load (default 4)");

static int corrupt_after_set(const char *val, const struct kernel_param *kp)
{
	int err = param_set_uint(val, kp);

	if (!err)
		atomic_set(&corrupt_from, atomic_read(&loaded_submissions) +
					  READ_ONCE(corrupt_after));
	return err;
}

static const struct kernel_param_ops corrupt_after_ops = {
	.set = corrupt_after_set,
	.get = param_get_uint,
};
module_param_cb(corrupt_after, &corrupt_after_ops, &corrupt_after, 0644);
MODULE_PARM_DESC(corrupt_after,
		 "requests submitted under load, from now on, before corrupt_every picks any");

static int drivers_set(const char *val, const struct kernel_param *kp)
{
	return param_set_uint_minmax(val, kp, 1, FAULTY_MAX_DRIVERS);
}

static const struct kernel_param_ops drivers_ops = {
	.set = drivers_set,
	.get = param_get_uint,
};
module_param_cb(drivers, &drivers_ops, &ndrivers, 0444);
MODULE_PARM_DESC(drivers, "copies of the driver to register (1-"
		 __stringify(FAULTY_MAX_DRIVERS) ")");

/*
 * kaesbench ipsec's chains spell every driver beneath, and crypto_user
 * takes names of 63 bytes at most:
 * "echainiv(authenc(hmac(sha256-generic),kaesbench_faulty_cbc_aes))" is
 * one too many.
 */
static char *driver_name = "kaesbench_faulty_cbc_aes";
module_param(driver_name, charp, 0444);
MODULE_PARM_DESC(driver_name,
		 "the first copy's driver name; the others get _2, _3...");
module_param(priority, uint, 0444);
MODULE_PARM_DESC(priority, "the copies' priority (default 1: never handed out by algorithm)");

module_param(dma_map, bool, 0644);
MODULE_PARM_DESC(dma_map,
		 "map each request's buffers for a device of its own, as an engine's driver does");

static int counter_get(char *buf, const struct kernel_param *kp)
{
	return scnprintf(buf, PAGE_SIZE, "%d\n", atomic_read(kp->arg));
}

static const struct kernel_param_ops counter_ops = {
	.get = counter_get,
};
module_param_cb(held, &counter_ops, &held, 0444);
MODULE_PARM_DESC(held, "requests \"never\" holds now");
module_param_cb(wedged, &counter_ops, &wedged, 0444);
MODULE_PARM_DESC(wedged, "calls \"wedge\" or setkey_hang_ms blocks now");
module_param_cb(backlogged, &counter_ops, &backlogged, 0444);
MODULE_PARM_DESC(backlogged, "requests answered -EBUSY since load");
module_param_cb(notified, &counter_ops, &notified, 0444);
MODULE_PARM_DESC(notified, "backlogged requests told -EINPROGRESS since load");
module_param_cb(reordered, &counter_ops, &reordered, 0444);
MODULE_PARM_DESC(reordered, "completions that overtook an older request");
module_param_cb(corrupted, &counter_ops, &corrupted, 0444);
MODULE_PARM_DESC(corrupted, "outputs flipped by corrupt_every since load");
module_param_cb(dma_mapped, &counter_ops, &dma_mapped, 0444);
MODULE_PARM_DESC(dma_mapped, "requests dma_map mapped since load");
module_param_cb(bh_off, &counter_ops, &bh_off, 0444);
MODULE_PARM_DESC(bh_off,
		 "requests submitted with bottom halves disabled since load");

static const struct skcipher_alg faulty_alg = {
	.base.cra_name = "cbc(aes)",
	.base.cra_driver_name = "kaesbench_faulty_cbc_aes",
	.base.cra_priority = 1,
	.base.cra_flags = CRYPTO_ALG_ASYNC,
	.base.cra_blocksize = AES_BLOCK_SIZE,
	.base.cra_ctxsize = sizeof(struct faulty_tfm),
	.base.cra_module = THIS_MODULE,
	.min_keysize = AES_MIN_KEY_SIZE,
	.max_keysize = AES_MAX_KEY_SIZE,
	.ivsize = AES_BLOCK_SIZE,
	.setkey = faulty_setkey,
	.encrypt = faulty_encrypt,
	.decrypt = faulty_decrypt,
	.init = faulty_init,
	.exit = faulty_exit,
};

/* faulty_alg under names of their own, the first as named above. */
static struct skcipher_alg faulty_algs[FAULTY_MAX_DRIVERS];

/*
 * The crypto manager tests a new algorithm before anyone gets it: at once
 * on 6.1, in the background on 6.12. A lookup waits for that (killable,
 * and bounded by the crypto API), and fails if the test did.
 */
static int wait_for_self_tests(void)
{
	struct crypto_skcipher *tfm;
	unsigned int i;

	for (i = 0; i < ndrivers; i++) {
		tfm = crypto_alloc_skcipher(faulty_algs[i].base.cra_driver_name,
					    0, 0);
		if (IS_ERR(tfm))
			return PTR_ERR(tfm);
		crypto_free_skcipher(tfm);
	}
	return 0;
}

static int __init faulty_mod_init(void)
{
	unsigned int i;
	int err;

	for (i = 0; i < ndrivers; i++) {
		faulty_algs[i] = faulty_alg;
		faulty_algs[i].base.cra_priority = priority;
		if (i)
			snprintf(faulty_algs[i].base.cra_driver_name,
				 CRYPTO_MAX_ALG_NAME, "%s_%u", driver_name,
				 i + 1);
		else
			strscpy(faulty_algs[i].base.cra_driver_name,
				driver_name, CRYPTO_MAX_ALG_NAME);
	}
	dma_pdev = platform_device_register_simple(KBUILD_MODNAME, -1, NULL, 0);
	if (IS_ERR(dma_pdev))
		return PTR_ERR(dma_pdev);
	/* What kaesbench hands out may be anywhere, in segments of any length. */
	err = dma_coerce_mask_and_coherent(&dma_pdev->dev, DMA_BIT_MASK(64));
	if (err)
		goto err_pdev;
	/* A platform device has its parameters: void from 6.12, never fails. */
	dma_set_max_seg_size(&dma_pdev->dev, UINT_MAX);
	faulty_wq = alloc_workqueue("kaesbench_faulty", FAULTY_WQ_FLAGS, 0);
	if (!faulty_wq) {
		err = -ENOMEM;
		goto err_pdev;
	}
	err = crypto_register_skciphers(faulty_algs, ndrivers);
	if (err)
		goto err_wq;
	err = wait_for_self_tests();
	if (err)
		goto err_alg;
	WRITE_ONCE(self_tested, true);
	return 0;

err_alg:
	crypto_unregister_skciphers(faulty_algs, ndrivers);
err_wq:
	destroy_workqueue(faulty_wq);
err_pdev:
	platform_device_unregister(dma_pdev);
	return err;
}

/*
 * Runs only once no transform is left (each pins the module), and each
 * transform's exit has cancelled its work: nothing is queued.
 */
static void __exit faulty_mod_exit(void)
{
	crypto_unregister_skciphers(faulty_algs, ndrivers);
	destroy_workqueue(faulty_wq);
	platform_device_unregister(dma_pdev);
}

module_init(faulty_mod_init);
module_exit(faulty_mod_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("kaesbench test: an asynchronous cbc(aes) with faults on demand");
