// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Test only: an asynchronous cbc(aes), and on demand ctr(aes) and
 * gcm(aes), that compute the right answer (the kernel's synchronous
 * generic implementation does the work, in a workqueue) and, once
 * switched to, misbehave the ways hardware drivers do: they fail requests,
 * complete them late or out of order, backlog them, never complete them,
 * or do not even return from the call that submits them, or from setkey.
 * Priority 1 unless loaded with another: never what the crypto API hands
 * out.
 *
 * What is registered, as modes says, and what does the work: on 6.1 and
 * 6.12 over aes-generic and ghash-generic; on 7.x, which has neither,
 * over the AES library's aes-lib and the GHASH library's ghash-lib.
 *   cbc  kaesbench_faulty_cbc_aes, a cbc(aes) skcipher: cbc(aes-generic)
 *        or cbc(aes-lib)
 *   ctr  kaesbench_faulty_ctr_aes, a ctr(aes) skcipher: ctr(aes-generic)
 *        or ctr(aes-lib). gcm's template over it,
 *        gcm_base(kaesbench_faulty_ctr_aes,ghash-generic) (ghash-lib on
 *        7.x), is a gcm(aes) as wrong as it is
 *   gcm  kaesbench_faulty_gcm_aes, a gcm(aes) AEAD (12-byte IV, tags of
 *        4 to 16 bytes): gcm_base(ctr(aes-generic),ghash-generic) or
 *        gcm_base(ctr(aes-lib),ghash-lib)
 * All share the faults, the queue depth corrupt_depth counts and the
 * counters below.
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
 *             of its output flipped: an AEAD's encryption, its tag's; its
 *             decryption, the plaintext's, and it still reports success,
 *             as a wrong engine does. While corrupt_every is set,
 *             requests are gathered for a tick before they are processed,
 *             as an engine that coalesces interrupts does. Right one
 *             request at a time, whatever the fault; with "reorder", also
 *             out of order
 *   corrupt_after
 *             requests submitted under load, counted from when it is
 *             written, that are right before corrupt_every picks any: a
 *             driver that passes a verification and goes wrong later, as
 *             under a long measurement (default 0)
 *   modes     what to register, set at load: a comma-separated list of
 *             cbc, ctr and gcm (default "cbc": tests count the copies of
 *             the cbc(aes) driver, and kaesbench doctor measures every
 *             gcm(aes) registered)
 *   drivers   how many copies of each driver to register, set at load (1
 *             to FAULTY_MAX_DRIVERS, default 1): kaesbench_faulty_cbc_aes,
 *             kaesbench_faulty_cbc_aes_2 and so on, all with the same
 *             faults; a driver kaesbench gave a request up to is refused
 *             from then on, and each test of that needs one of its own
 *   driver_name
 *             the first cbc(aes) copy's driver name, set at load (default
 *             kaesbench_faulty_cbc_aes)
 *   priority  the copies' priority, set at load (default 1): above the
 *             CPU's (e.g. 5000), a request for cbc(aes), or another mode
 *             registered, by algorithm gets the first copy
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
#include <crypto/gcm.h>
#include <crypto/internal/aead.h>
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

struct faulty_tfm;
struct faulty_req;

/* What an skcipher and an AEAD do their own way; the rest is shared. */
struct faulty_type {
	/* The work, by the fallback, synchronously. Return: its result. */
	int (*crypt)(struct faulty_tfm *ctx, struct faulty_req *rctx);
	void (*complete)(struct faulty_req *rctx, int err);
};

struct faulty_tfm {
	const struct faulty_type *type;
	union {
		struct crypto_sync_skcipher *skcipher;
		struct crypto_aead *aead;
	} fallback;
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

/* The shared part of a request's context: first in both types'. */
struct faulty_req {
	struct crypto_async_request *base;	/* the request it is of */
	/*
	 * What the device is given and writes: the source and destination
	 * as far as the request reads and writes them, and the output, the
	 * last out_len of dst_len bytes (an AEAD's associated data is not).
	 */
	struct scatterlist *src;
	struct scatterlist *dst;
	unsigned int src_len;
	unsigned int dst_len;
	unsigned int out_len;
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
static void complete_req(struct faulty_tfm *ctx, struct faulty_req *rctx,
			 int err)
{
	local_bh_disable();
	ctx->type->complete(rctx, err);
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
		kfree(m);
		return;
	}
	if (m->dst_nents)
		dma_unmap_sg_attrs(dev, dst, m->dst_nents, DMA_FROM_DEVICE,
				   attrs);
	if (m->src_nents)
		dma_unmap_sg_attrs(dev, m->sg, m->src_nents, DMA_TO_DEVICE,
				   attrs);
	kfree(m);
}

/*
 * Maps @m's copies for the device; out of place, a side of no bytes (an
 * AEAD's encryption of nothing reads nothing) is not mapped.
 * Return: 0 or -ENOMEM.
 */
static int map(struct faulty_map *m)
{
	struct device *dev = &dma_pdev->dev;
	struct scatterlist *dst = m->sg + m->src_nents;

	if (m->in_place)
		return dma_map_sg(dev, m->sg, m->src_nents, DMA_BIDIRECTIONAL) ?
		       0 : -ENOMEM;
	if (m->src_nents && !dma_map_sg(dev, m->sg, m->src_nents, DMA_TO_DEVICE))
		return -ENOMEM;
	if (!m->dst_nents || dma_map_sg(dev, dst, m->dst_nents, DMA_FROM_DEVICE))
		return 0;
	if (m->src_nents)
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
	bool in_place = rctx->src == rctx->dst;
	int src_nents, dst_nents;
	struct faulty_map *m;

	rctx->map = NULL;
	if (!READ_ONCE(dma_map) || (!rctx->src_len && !rctx->dst_len))
		return 0;
	/* In place, what is read or written: an AEAD's tag is one of them. */
	src_nents = sg_nents_for_len(rctx->src, in_place ?
				     max(rctx->src_len, rctx->dst_len) :
				     rctx->src_len);
	dst_nents = in_place ? 0 : sg_nents_for_len(rctx->dst, rctx->dst_len);
	if (src_nents < 0 || dst_nents < 0)
		return -EINVAL;
	m = kmalloc(struct_size(m, sg, src_nents + dst_nents), GFP_ATOMIC);
	if (!m)
		return -ENOMEM;
	m->in_place = in_place;
	m->src_nents = src_nents;
	m->dst_nents = dst_nents;
	copy_sg(m->sg, rctx->src, src_nents);
	if (dst_nents)
		copy_sg(m->sg + src_nents, rctx->dst, dst_nents);
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

/*
 * corrupt_every: the last byte of a completed request's output, flipped:
 * an AEAD's tag, or the plaintext it decrypted.
 */
static void corrupt(struct faulty_req *rctx)
{
	unsigned int nents = sg_nents(rctx->dst);
	u8 last;

	if (!rctx->out_len)
		return;
	sg_pcopy_to_buffer(rctx->dst, nents, &last, 1, rctx->dst_len - 1);
	last ^= 0x01;
	sg_pcopy_from_buffer(rctx->dst, nents, &last, 1, rctx->dst_len - 1);
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
			complete_req(ctx, rctx, -EINPROGRESS);
		}
		/* Once completed, a request is its owner's again. */
		list_for_each_entry_safe(rctx, tmp, &taken, node) {
			list_del(&rctx->node);
			dma_unmap_req(ctx, rctx);
			err = rctx->fault == FAULT_ERROR ? -EIO :
			      ctx->type->crypt(ctx, rctx);
			if (!err && rctx->corrupt)
				corrupt(rctx);
			complete_req(ctx, rctx, err);
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
static enum fault wedge(u32 flags)
{
	enum fault fault;

	if (!(flags & CRYPTO_TFM_REQ_MAY_SLEEP))
		return FAULT_NONE;
	atomic_inc(&wedged);
	wait_event_idle_timeout(fault_changed,
				READ_ONCE(fault_mode) != FAULT_WEDGE,
				msecs_to_jiffies(WEDGE_MAX_MS));
	atomic_dec(&wedged);
	fault = READ_ONCE(fault_mode);
	return fault == FAULT_WEDGE ? FAULT_NONE : fault;
}

/*
 * Queues @rctx, whose type's submission set what it reads and writes.
 * Return: what the encrypt or decrypt call returns.
 */
static int faulty_submit(struct faulty_tfm *ctx, struct faulty_req *rctx,
			 bool encrypt)
{
	u32 flags = rctx->base->flags;
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
		fault = wedge(flags);
	limit = fault == FAULT_BACKLOG ? BACKLOG_QUEUE_LEN : UINT_MAX;
	delay = msecs_to_jiffies(READ_ONCE(delay_ms));
	if (fault == FAULT_ERROR_NOW)
		return -EIO;
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
	} else if (flags & CRYPTO_TFM_REQ_MAY_BACKLOG) {
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

/* A transform's own part, once its fallback is allocated. */
static void faulty_ctx_init(struct faulty_tfm *ctx,
			    const struct faulty_type *type)
{
	ctx->type = type;
	spin_lock_init(&ctx->lock);
	INIT_LIST_HEAD(&ctx->queue);
	INIT_LIST_HEAD(&ctx->backlog);
	INIT_LIST_HEAD(&ctx->held);
	spin_lock_init(&ctx->maps_lock);
	INIT_LIST_HEAD(&ctx->maps);
	INIT_DELAYED_WORK(&ctx->work, faulty_work);
	mutex_lock(&tfms_lock);
	list_add_tail(&ctx->node, &tfms);
	mutex_unlock(&tfms_lock);
}

/* Before its fallback is freed. */
static void faulty_ctx_exit(struct faulty_tfm *ctx)
{
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
}

/*
 * What does the work, the first of each list the kernel can allocate, by
 * name, not "cbc(aes)": another test module's wrong cbc(aes) must not be
 * picked when no better one is registered yet. 6.1 and 6.12 have
 * aes-generic and ghash-generic; 7.x has neither: its "aes" is the AES
 * library's, and its gcm_base takes the GHASH library's, ghash-lib, and
 * refuses any other GHASH with -EINVAL, not -ENOENT: whatever a name
 * fails with, the next is tried.
 */
static const char *const cbc_fallbacks[] = {
	"cbc(aes-generic)",
	"cbc(aes-lib)",
	NULL
};

static const char *const ctr_fallbacks[] = {
	"ctr(aes-generic)",
	"ctr(aes-lib)",
	NULL
};

static const char *const gcm_fallbacks[] = {
	"gcm_base(ctr(aes-generic),ghash-generic)",
	"gcm_base(ctr(aes-lib),ghash-lib)",
	NULL
};

/* skcipher: cbc(aes) and ctr(aes) */

static struct skcipher_request *sk_req(struct faulty_req *rctx)
{
	return container_of(rctx->base, struct skcipher_request, base);
}

static int faulty_sk_crypt(struct faulty_tfm *ctx, struct faulty_req *rctx)
{
	SYNC_SKCIPHER_REQUEST_ON_STACK(sub, ctx->fallback.skcipher);
	struct skcipher_request *req = sk_req(rctx);
	int err;

	skcipher_request_set_sync_tfm(sub, ctx->fallback.skcipher);
	skcipher_request_set_callback(sub, CRYPTO_TFM_REQ_MAY_SLEEP, NULL, NULL);
	skcipher_request_set_crypt(sub, req->src, req->dst, req->cryptlen,
				   req->iv);
	err = rctx->encrypt ? crypto_skcipher_encrypt(sub) :
			      crypto_skcipher_decrypt(sub);
	skcipher_request_zero(sub);
	return err;
}

static void faulty_sk_complete(struct faulty_req *rctx, int err)
{
	skcipher_request_complete(sk_req(rctx), err);
}

static const struct faulty_type faulty_sk_type = {
	.crypt = faulty_sk_crypt,
	.complete = faulty_sk_complete,
};

static int faulty_sk_submit(struct skcipher_request *req, bool encrypt)
{
	struct faulty_tfm *ctx = crypto_skcipher_ctx(crypto_skcipher_reqtfm(req));
	struct faulty_req *rctx = skcipher_request_ctx(req);

	rctx->base = &req->base;
	rctx->src = req->src;
	rctx->dst = req->dst;
	rctx->src_len = req->cryptlen;
	rctx->dst_len = req->cryptlen;
	rctx->out_len = req->cryptlen;
	return faulty_submit(ctx, rctx, encrypt);
}

static int faulty_sk_encrypt(struct skcipher_request *req)
{
	return faulty_sk_submit(req, true);
}

static int faulty_sk_decrypt(struct skcipher_request *req)
{
	return faulty_sk_submit(req, false);
}

static int faulty_sk_setkey(struct crypto_skcipher *tfm, const u8 *key,
			    unsigned int len)
{
	struct faulty_tfm *ctx = crypto_skcipher_ctx(tfm);

	setkey_hang();

	crypto_sync_skcipher_clear_flags(ctx->fallback.skcipher,
					 CRYPTO_TFM_REQ_MASK);
	crypto_sync_skcipher_set_flags(ctx->fallback.skcipher,
				       crypto_skcipher_get_flags(tfm) &
				       CRYPTO_TFM_REQ_MASK);
	return crypto_sync_skcipher_setkey(ctx->fallback.skcipher, key, len);
}

static int faulty_sk_init(struct crypto_skcipher *tfm,
			  const char *const *fallbacks)
{
	struct faulty_tfm *ctx = crypto_skcipher_ctx(tfm);
	struct crypto_sync_skcipher *fallback = ERR_PTR(-ENOENT);

	for (; *fallbacks && IS_ERR(fallback); fallbacks++)
		fallback = crypto_alloc_sync_skcipher(*fallbacks, 0,
						      CRYPTO_ALG_NEED_FALLBACK);
	if (IS_ERR(fallback))
		return PTR_ERR(fallback);
	ctx->fallback.skcipher = fallback;
	crypto_skcipher_set_reqsize(tfm, sizeof(struct faulty_req));
	faulty_ctx_init(ctx, &faulty_sk_type);
	return 0;
}

static int faulty_cbc_init(struct crypto_skcipher *tfm)
{
	return faulty_sk_init(tfm, cbc_fallbacks);
}

static int faulty_ctr_init(struct crypto_skcipher *tfm)
{
	return faulty_sk_init(tfm, ctr_fallbacks);
}

static void faulty_sk_exit(struct crypto_skcipher *tfm)
{
	struct faulty_tfm *ctx = crypto_skcipher_ctx(tfm);

	faulty_ctx_exit(ctx);
	crypto_free_sync_skcipher(ctx->fallback.skcipher);
}

/* AEAD: gcm(aes) */

/* An AEAD request's context: the fallback's request follows ours. */
struct faulty_aead_req {
	struct faulty_req common;
	struct aead_request sub;	/* last: its context follows */
};

static struct aead_request *aead_req(struct faulty_req *rctx)
{
	return container_of(rctx->base, struct aead_request, base);
}

static int faulty_aead_crypt(struct faulty_tfm *ctx, struct faulty_req *rctx)
{
	struct aead_request *sub =
		&container_of(rctx, struct faulty_aead_req, common)->sub;
	struct aead_request *req = aead_req(rctx);
	int err;

	aead_request_set_tfm(sub, ctx->fallback.aead);
	aead_request_set_callback(sub, CRYPTO_TFM_REQ_MAY_SLEEP, NULL, NULL);
	aead_request_set_crypt(sub, req->src, req->dst, req->cryptlen,
			       req->iv);
	aead_request_set_ad(sub, req->assoclen);
	err = rctx->encrypt ? crypto_aead_encrypt(sub) :
			      crypto_aead_decrypt(sub);
	memzero_explicit(sub, sizeof(*sub) +
			 crypto_aead_reqsize(ctx->fallback.aead));
	return err;
}

static void faulty_aead_complete(struct faulty_req *rctx, int err)
{
	aead_request_complete(aead_req(rctx), err);
}

static const struct faulty_type faulty_aead_type = {
	.crypt = faulty_aead_crypt,
	.complete = faulty_aead_complete,
};

/*
 * The associated data is read, and copied out of place; the output is
 * the ciphertext and tag, or the plaintext (crypto_aead_decrypt() refused
 * a cryptlen shorter than the tag).
 */
static int faulty_aead_submit(struct aead_request *req, bool encrypt)
{
	struct crypto_aead *tfm = crypto_aead_reqtfm(req);
	struct faulty_req *rctx = aead_request_ctx(req);
	unsigned int authsize = crypto_aead_authsize(tfm);
	unsigned int in = req->assoclen + req->cryptlen;

	rctx->base = &req->base;
	rctx->src = req->src;
	rctx->dst = req->dst;
	rctx->src_len = in;
	rctx->dst_len = encrypt ? in + authsize : in - authsize;
	rctx->out_len = rctx->dst_len - req->assoclen;
	return faulty_submit(crypto_aead_ctx(tfm), rctx, encrypt);
}

static int faulty_aead_encrypt(struct aead_request *req)
{
	return faulty_aead_submit(req, true);
}

static int faulty_aead_decrypt(struct aead_request *req)
{
	return faulty_aead_submit(req, false);
}

static int faulty_aead_setkey(struct crypto_aead *tfm, const u8 *key,
			      unsigned int len)
{
	struct faulty_tfm *ctx = crypto_aead_ctx(tfm);

	setkey_hang();

	crypto_aead_clear_flags(ctx->fallback.aead, CRYPTO_TFM_REQ_MASK);
	crypto_aead_set_flags(ctx->fallback.aead,
			      crypto_aead_get_flags(tfm) & CRYPTO_TFM_REQ_MASK);
	return crypto_aead_setkey(ctx->fallback.aead, key, len);
}

static int faulty_aead_setauthsize(struct crypto_aead *tfm,
				   unsigned int authsize)
{
	struct faulty_tfm *ctx = crypto_aead_ctx(tfm);

	return crypto_aead_setauthsize(ctx->fallback.aead, authsize);
}

static int faulty_aead_init(struct crypto_aead *tfm,
			    const char *const *fallbacks)
{
	struct faulty_tfm *ctx = crypto_aead_ctx(tfm);
	struct crypto_aead *fallback = ERR_PTR(-ENOENT);

	for (; *fallbacks && IS_ERR(fallback); fallbacks++)
		fallback = crypto_alloc_aead(*fallbacks, 0,
					     CRYPTO_ALG_ASYNC |
					     CRYPTO_ALG_NEED_FALLBACK);
	if (IS_ERR(fallback))
		return PTR_ERR(fallback);
	ctx->fallback.aead = fallback;
	crypto_aead_set_reqsize(tfm, sizeof(struct faulty_aead_req) +
				     crypto_aead_reqsize(fallback));
	faulty_ctx_init(ctx, &faulty_aead_type);
	return 0;
}

static int faulty_gcm_init(struct crypto_aead *tfm)
{
	return faulty_aead_init(tfm, gcm_fallbacks);
}

static void faulty_aead_exit(struct crypto_aead *tfm)
{
	struct faulty_tfm *ctx = crypto_aead_ctx(tfm);

	faulty_ctx_exit(ctx);
	crypto_free_aead(ctx->fallback.aead);
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
MODULE_PARM_DESC(drivers, "copies of each driver to register (1-"
		 __stringify(FAULTY_MAX_DRIVERS) ")");
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

static const struct skcipher_alg faulty_cbc_alg = {
	.base.cra_name = "cbc(aes)",
	.base.cra_flags = CRYPTO_ALG_ASYNC,
	.base.cra_blocksize = AES_BLOCK_SIZE,
	.base.cra_ctxsize = sizeof(struct faulty_tfm),
	.base.cra_module = THIS_MODULE,
	.min_keysize = AES_MIN_KEY_SIZE,
	.max_keysize = AES_MAX_KEY_SIZE,
	.ivsize = AES_BLOCK_SIZE,
	.setkey = faulty_sk_setkey,
	.encrypt = faulty_sk_encrypt,
	.decrypt = faulty_sk_decrypt,
	.init = faulty_cbc_init,
	.exit = faulty_sk_exit,
};

static const struct skcipher_alg faulty_ctr_alg = {
	.base.cra_name = "ctr(aes)",
	.base.cra_flags = CRYPTO_ALG_ASYNC,
	.base.cra_blocksize = 1,
	.base.cra_ctxsize = sizeof(struct faulty_tfm),
	.base.cra_module = THIS_MODULE,
	.min_keysize = AES_MIN_KEY_SIZE,
	.max_keysize = AES_MAX_KEY_SIZE,
	.ivsize = AES_BLOCK_SIZE,
	.chunksize = AES_BLOCK_SIZE,
	.setkey = faulty_sk_setkey,
	.encrypt = faulty_sk_encrypt,
	.decrypt = faulty_sk_decrypt,
	.init = faulty_ctr_init,
	.exit = faulty_sk_exit,
};

static const struct aead_alg faulty_gcm_alg = {
	.base.cra_name = "gcm(aes)",
	.base.cra_flags = CRYPTO_ALG_ASYNC,
	.base.cra_blocksize = 1,
	.base.cra_ctxsize = sizeof(struct faulty_tfm),
	.base.cra_module = THIS_MODULE,
	.ivsize = GCM_AES_IV_SIZE,
	.maxauthsize = AES_BLOCK_SIZE,
	.chunksize = AES_BLOCK_SIZE,
	.setkey = faulty_aead_setkey,
	.setauthsize = faulty_aead_setauthsize,
	.encrypt = faulty_aead_encrypt,
	.decrypt = faulty_aead_decrypt,
	.init = faulty_gcm_init,
	.exit = faulty_aead_exit,
};

enum faulty_mode_id { MODE_CBC, MODE_CTR, MODE_GCM };

/* What modes may name: an skcipher's or an AEAD's template, and names. */
static struct faulty_mode {
	const char *name;		/* in modes */
	char *driver;			/* the first copy's */
	const struct skcipher_alg *skcipher;
	const struct aead_alg *aead;
	bool on;
} faulty_modes[] = {
	[MODE_CBC] = {
		.name = "cbc",
		.driver = "kaesbench_faulty_cbc_aes",
		.skcipher = &faulty_cbc_alg,
	},
	[MODE_CTR] = {
		.name = "ctr",
		.driver = "kaesbench_faulty_ctr_aes",
		.skcipher = &faulty_ctr_alg,
	},
	[MODE_GCM] = {
		.name = "gcm",
		.driver = "kaesbench_faulty_gcm_aes",
		.aead = &faulty_gcm_alg,
	},
};

static char *modes = "cbc";
module_param(modes, charp, 0444);
MODULE_PARM_DESC(modes,
		 "what to register: cbc, ctr, gcm, comma-separated (default cbc)");

/*
 * kaesbench ipsec's chains spell every driver beneath, and crypto_user
 * takes names of 63 bytes at most:
 * "echainiv(authenc(hmac(sha256-generic),kaesbench_faulty_cbc_aes))" is
 * one too many.
 */
module_param_named(driver_name, faulty_modes[MODE_CBC].driver, charp, 0444);
MODULE_PARM_DESC(driver_name,
		 "the first cbc(aes) copy's driver name; the others get _2, _3...");

/* Every copy of every mode on, by type, as they are registered. */
static struct skcipher_alg faulty_sk_algs[ARRAY_SIZE(faulty_modes) *
					  FAULTY_MAX_DRIVERS];
static struct aead_alg faulty_aead_algs[FAULTY_MAX_DRIVERS];
static unsigned int nsk_algs;
static unsigned int naead_algs;

/* Marks the modes named in modes. Return: 0, or -EINVAL or -ENOMEM. */
static int modes_parse(void)
{
	char *list = kstrdup(modes, GFP_KERNEL), *rest = list, *name;
	unsigned int i;
	int err = 0;

	if (!list)
		return -ENOMEM;
	while (!err && (name = strsep(&rest, ","))) {
		for (i = 0; i < ARRAY_SIZE(faulty_modes); i++)
			if (sysfs_streq(name, faulty_modes[i].name))
				break;
		if (i < ARRAY_SIZE(faulty_modes)) {
			faulty_modes[i].on = true;
		} else {
			pr_err("modes: no mode \"%s\" (cbc, ctr, gcm)\n", name);
			err = -EINVAL;
		}
	}
	kfree(list);
	return err;
}

/* @base, a copy of a template, as the @i-th copy of @m. */
static void name_copy(struct crypto_alg *base, const struct faulty_mode *m,
		      unsigned int i)
{
	base->cra_priority = priority;
	if (i)
		snprintf(base->cra_driver_name, CRYPTO_MAX_ALG_NAME, "%s_%u",
			 m->driver, i + 1);
	else
		strscpy(base->cra_driver_name, m->driver, CRYPTO_MAX_ALG_NAME);
}

/* The copies of the modes on, into faulty_sk_algs and faulty_aead_algs. */
static void make_copies(void)
{
	const struct faulty_mode *m;
	struct crypto_alg *base;
	unsigned int i;

	for (m = faulty_modes; m < faulty_modes + ARRAY_SIZE(faulty_modes);
	     m++) {
		for (i = 0; m->on && i < ndrivers; i++) {
			if (m->skcipher) {
				faulty_sk_algs[nsk_algs] = *m->skcipher;
				base = &faulty_sk_algs[nsk_algs++].base;
			} else {
				faulty_aead_algs[naead_algs] = *m->aead;
				base = &faulty_aead_algs[naead_algs++].base;
			}
			name_copy(base, m, i);
		}
	}
}

/*
 * The crypto manager tests a new algorithm before anyone gets it: at once
 * on 6.1, in the background on 6.12. A lookup waits for that (killable,
 * and bounded by the crypto API), and fails if the test did.
 */
static int wait_for_self_tests(void)
{
	struct crypto_skcipher *sk;
	struct crypto_aead *aead;
	unsigned int i;

	for (i = 0; i < nsk_algs; i++) {
		sk = crypto_alloc_skcipher(faulty_sk_algs[i].base.cra_driver_name,
					   0, 0);
		if (IS_ERR(sk))
			return PTR_ERR(sk);
		crypto_free_skcipher(sk);
	}
	for (i = 0; i < naead_algs; i++) {
		aead = crypto_alloc_aead(faulty_aead_algs[i].base.cra_driver_name,
					 0, 0);
		if (IS_ERR(aead))
			return PTR_ERR(aead);
		crypto_free_aead(aead);
	}
	return 0;
}

static int register_copies(void)
{
	int err;

	err = crypto_register_skciphers(faulty_sk_algs, nsk_algs);
	if (err)
		return err;
	err = crypto_register_aeads(faulty_aead_algs, naead_algs);
	if (err)
		crypto_unregister_skciphers(faulty_sk_algs, nsk_algs);
	return err;
}

static void unregister_copies(void)
{
	crypto_unregister_aeads(faulty_aead_algs, naead_algs);
	crypto_unregister_skciphers(faulty_sk_algs, nsk_algs);
}

static int __init faulty_mod_init(void)
{
	int err;

	err = modes_parse();
	if (err)
		return err;
	make_copies();
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
	err = register_copies();
	if (err)
		goto err_wq;
	err = wait_for_self_tests();
	if (err)
		goto err_alg;
	WRITE_ONCE(self_tested, true);
	return 0;

err_alg:
	unregister_copies();
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
	unregister_copies();
	destroy_workqueue(faulty_wq);
	platform_device_unregister(dma_pdev);
}

module_init(faulty_mod_init);
module_exit(faulty_mod_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("kaesbench test: asynchronous cbc(aes), ctr(aes), gcm(aes) with faults on demand");
