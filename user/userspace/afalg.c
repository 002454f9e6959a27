// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * One request is one kcapi_cipher_encrypt() (or kcapi_aead_encrypt()):
 * the data and the IV go to the kernel with sendmsg() (copy) or
 * vmsplice() (zero-copy), the result comes back with read(). Where
 * libkcapi refuses the kernel (1.4.0 cannot parse a release that is not
 * three numbers, Debian experimental's "7.3-amd64"), the same requests
 * are made on the sockets directly (afalg_socket.c), and the run says so.
 * The transform's socket is bound to the kernel row's driver name, which
 * AF_ALG accepts as it accepts an algorithm name, so that both rows
 * measure the same implementation; where crypto.af_alg_restrict (7.3 on)
 * binds no driver names, to the algorithm name when the kernel hands
 * that driver out for it. Each request returns the bytes processed or a
 * negative errno: anything but the full length is an error.
 *
 * At a depth of N, N requests are in flight: N operation sockets of the
 * one transform (kcapi_handle_reinit()), each with its own buffers and
 * thread (lanes.c), each socket holding one request at a time. Never
 * several requests queued on one socket, as libkcapi's AIO interface
 * does: there, a kernel with af_alg_count_tsgl() counting the entries an
 * earlier request emptied hands the driver a scatterlist ending in
 * zero-length entries, which virtio_crypto passes on to the device, and
 * the request never completes (Documentation/paths.rst).
 */

#define _GNU_SOURCE /* asprintf(), vmsplice(), splice() */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <linux/if_alg.h>

#include <kcapi.h>

#include "netlink/kaesbench_genl.h"
#include "userspace/afalg.h"
#include "userspace/afalg_backend.h"
#include "userspace/afalg_socket.h"
#include "userspace/lanes.h"

#define KEY_MAX 64
#define TAG_MAX 16
/* libkcapi's ALG_MAX_PAGES: an skcipher's result is read that much at once. */
#define KCAPI_READ_PAGES 16

/* What one request in flight needs: its socket and its buffers. */
struct lane {
	void *h; /* the backend's */
	uint8_t *in; /* [aad | data | tag] */
	uint8_t *out;
	char why[256]; /* why its last request failed */
};

struct afalg {
	struct kb_upath up;
	const struct kb_afalg_req *req;
	const struct kb_afalg_backend *be;
	const char *bind; /* the name the transform's socket is bound to */
	bool by_alg_name; /* the driver's algorithm name: af_alg_restrict */
	char via[192]; /* the interface: libkcapi's version, or why not */
	char restricted[192]; /* why a restricted driver's name was not bound */
	bool aead;
	uint8_t iv[32];
	uint32_t size;
	uint32_t tag_len;
	size_t page;
	size_t in_len;
	size_t out_len;
	unsigned int depth;
	struct lane *lane; /* [depth]; lane 0 alone at depth 1 */
	struct kb_lanes *lanes; /* their threads, at depth > 1 */
};

/**
 * kb_afalg_available() - whether this kernel has AF_ALG sockets
 * @why: set to the reason when not
 * @len: size of @why
 *
 * Return: 0, or the negative errno of socket(AF_ALG).
 */
int kb_afalg_available(char *why, size_t len)
{
	int fd = socket(AF_ALG, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	int err = errno;
	struct kb_afalg_state st;

	if (fd >= 0) {
		close(fd);
		return 0;
	}
	kb_afalg_state(&st);
	if (st.restriction >= 2)
		snprintf(why, len,
			 "AF_ALG disabled by " KB_AF_ALG_RESTRICT
			 " (%d; socket: %s)",
			 st.restriction, strerror(err));
	else
		snprintf(why, len, "AF_ALG not available (socket: %s)",
			 strerror(err));
	return -err;
}

/**
 * kb_afalg_target() - how AF_ALG drives an implementation
 * @o: the options: --depth
 * @impl: the implementation AF_ALG binds
 * @kernel: the kernel's run of it, or NULL
 *
 * An offload engine gets the depth of the kernel's run, else --depth
 * (default 1). Anything else gets 1: an implementation that computes on
 * the CPU has no queue to fill, and more threads would only measure how
 * many CPUs work at once.
 *
 * Return: the depth, and whether @impl is an offload engine.
 */
struct kb_afalg_target kb_afalg_target(const struct kb_run_opts *o,
				       const struct kb_impl *impl,
				       const struct kb_run *kernel)
{
	struct kb_afalg_target t = {
		.depth = 1,
		.offload = kb_impl_is_offload(impl),
		.async = !!(impl->flags & KAESBENCH_IMPL_F_ASYNC),
		.hardware = !!(impl->flags & KAESBENCH_IMPL_F_HARDWARE),
	};

	if (t.offload)
		t.depth = kernel && kernel->depth ?
				  kernel->depth :
				  kb_param_or(o, KB_P_DEPTH, 1);
	return t;
}

/**
 * kb_afalg_bind_name() - the name the operation socket binds to
 * @req: the request
 *
 * The single-block cipher has no AF_ALG interface: its row is measured
 * as ecb(aes), the same block function over the whole buffer.
 *
 * Return: the driver name, "ecb(aes)" for aes, or the algorithm name.
 */
const char *kb_afalg_bind_name(const struct kb_afalg_req *req)
{
	if (!strcmp(req->alg, "aes"))
		return "ecb(aes)";
	return req->driver ? req->driver : req->alg;
}

/* Says why in @why, which a lane's thread may be the only one to write. */
static int failed(const struct afalg *s, char *why, size_t len,
		  const char *call, ssize_t ret, size_t want)
{
	if (ret < 0)
		snprintf(why, len, "%s of %s failed at %" PRIu32 " bytes: %s",
			 call, s->bind, s->size, strerror((int)-ret));
	else
		snprintf(why, len,
			 "%s of %s at %" PRIu32
			 " bytes processed %zd of %zu bytes",
			 call, s->bind, s->size, ret, want);
	return ret < 0 ? (int)ret : -EIO;
}

static ssize_t do_crypt(const struct afalg *s, void *h, bool decrypt,
			const uint8_t *in, size_t in_len, uint8_t *out,
			size_t out_len)
{
	return s->be->crypt(h, decrypt, s->req->vmsplice, s->iv, in, in_len,
			    out, out_len);
}

/* One request on a lane, from the measuring thread or the lane's own. */
static int request(const struct afalg *s, struct lane *l)
{
	ssize_t ret;

	ret = do_crypt(s, l->h, s->req->decrypt, l->in, s->in_len, l->out,
		       s->out_len);
	if (ret < 0 || (size_t)ret != s->out_len)
		return failed(s, l->why, sizeof(l->why),
			      s->req->decrypt ? "AF_ALG decrypt" :
						"AF_ALG encrypt",
			      ret, s->out_len);
	return 0;
}

static int op(struct kb_upath *p)
{
	struct afalg *s = (struct afalg *)p;
	int ret = request(s, &s->lane[0]);

	if (ret)
		memcpy(p->why, s->lane[0].why, sizeof(p->why));
	return ret;
}

static int lane_request(void *ctx, unsigned int lane)
{
	struct afalg *s = ctx;

	return request(s, &s->lane[lane]);
}

/* The first failed request's reason, as the measurement's. */
static int lanes_failed(struct afalg *s, int ret)
{
	memcpy(s->up.why, s->lane[kb_lanes_failed(s->lanes)].why,
	       sizeof(s->up.why));
	return ret;
}

static int lanes_ops(struct kb_upath *p, uint64_t n)
{
	struct afalg *s = (struct afalg *)p;
	int ret = kb_lanes_run(s->lanes, n);

	return ret ? lanes_failed(s, ret) : 0;
}

static int lanes_op(struct kb_upath *p)
{
	return lanes_ops(p, 1);
}

static uint8_t *page_alloc(size_t page, size_t len)
{
	void *buf = NULL;

	/* vmsplice() maps whole pages: buffers start on one. */
	if (posix_memalign(&buf, page, len ? len : 1))
		return NULL;
	memset(buf, 0xa5, len);
	return buf;
}

/*
 * Lengths as AF_ALG wants them: an aead encrypt reads [aad | data] and
 * writes [aad | data | tag]; a decrypt the other way round, from a real
 * ciphertext so that its tag checks out.
 */
static int size(struct kb_upath *p, uint32_t size)
{
	struct afalg *s = (struct afalg *)p;
	uint32_t aad = s->aead ? s->req->aad_len : 0;
	size_t enc_out = aad + size + (s->aead ? s->tag_len : 0);
	struct lane *l;
	unsigned int i;
	ssize_t ret;

	/* The lanes' requests of the last size end before their buffers. */
	ret = s->lanes ? kb_lanes_pause(s->lanes) : 0;
	if (ret)
		return lanes_failed(s, (int)ret);
	s->size = size;
	for (i = 0; i < s->depth; i++) {
		l = &s->lane[i];
		free(l->in);
		free(l->out);
		l->in = page_alloc(s->page, enc_out);
		l->out = page_alloc(s->page, enc_out);
		if (!l->in || !l->out) {
			snprintf(p->why, sizeof(p->why), "out of memory");
			return -ENOMEM;
		}
	}
	s->in_len = aad + size;
	s->out_len = enc_out;
	if (!s->aead || !s->req->decrypt)
		return 0;
	l = &s->lane[0];
	ret = do_crypt(s, l->h, false, l->in, s->in_len, l->out, s->out_len);
	if (ret < 0 || (size_t)ret != s->out_len)
		return failed(s, p->why, sizeof(p->why), "AF_ALG encrypt", ret,
			      s->out_len);
	for (i = 0; i < s->depth; i++)
		memcpy(s->lane[i].in, l->out, enc_out);
	s->in_len = enc_out;
	s->out_len = aad + size;
	return 0;
}

/*
 * libkcapi prints to standard output, without a newline, when it cannot
 * parse the kernel's release as three numbers ("Could not parse kernel
 * version": Debian experimental's "7.3-amd64"), once per handle: that
 * would land in a JSON or CSV document. Its handles are made with
 * standard output sent to /dev/null, what was buffered before flushed to
 * where it belongs. Return: the descriptor to put back, or -1.
 */
static int stdout_muted(void)
{
	int saved, null;

	fflush(stdout);
	saved = dup(STDOUT_FILENO);
	null = open("/dev/null", O_WRONLY | O_CLOEXEC);
	if (saved < 0 || null < 0 || dup2(null, STDOUT_FILENO) < 0) {
		if (saved >= 0)
			close(saved);
		saved = -1;
	}
	if (null >= 0)
		close(null);
	return saved;
}

static void stdout_back(int saved)
{
	if (saved < 0)
		return;
	fflush(stdout);
	dup2(saved, STDOUT_FILENO);
	close(saved);
}

/* Lane 0's handle: the transform's socket bound to @name and keyed. */
static int setup(struct afalg *s, const char *name, const uint8_t *key)
{
	void **h = &s->lane[0].h;
	int ret;

	s->bind = name;
	ret = s->be->init(h, s->aead, name, s->req->alg, sizeof(s->iv));
	if (!ret)
		ret = s->be->setkey(*h, key, s->req->key_bits / 8);
	if (!ret && s->aead) {
		ret = s->be->settaglen(*h, s->tag_len);
		s->be->setassoclen(*h, s->req->aad_len);
	}
	return ret;
}

/*
 * Lanes 1 .. depth - 1: operation sockets of lane 0's transform, whose
 * key they share; the AEAD sizes are the handle's own. Then the threads.
 */
static int add_lanes(struct afalg *s)
{
	unsigned int i;
	void *h;
	int ret;

	for (i = 1; i < s->depth; i++) {
		ret = s->be->reinit(&s->lane[i].h, s->lane[0].h);
		if (ret)
			return ret;
		h = s->lane[i].h;
		if (s->aead) {
			ret = s->be->settaglen(h, s->tag_len);
			if (ret)
				return ret;
			s->be->setassoclen(h, s->req->aad_len);
		}
	}
	s->up.op = lanes_op;
	s->up.ops = lanes_ops;
	return kb_lanes_start(&s->lanes, s->depth, lane_request, s);
}

/* The lanes' handles, so that another interface or name can be tried. */
static void close_handles(struct afalg *s)
{
	unsigned int i;

	for (i = 0; s->lane && i < s->depth; i++) {
		/* The transform goes with the last handle of it. */
		s->be->destroy(s->lane[i].h);
		s->lane[i].h = NULL;
	}
}

static void destroy(struct afalg *s)
{
	unsigned int i;

	/* Its threads first: they use the handles and buffers. */
	kb_lanes_stop(s->lanes);
	close_handles(s);
	for (i = 0; s->lane && i < s->depth; i++) {
		free(s->lane[i].in);
		free(s->lane[i].out);
	}
	free(s->lane);
}

/*
 * The run's names, and the interface in its library's place: libkcapi's
 * version, or the sockets and why. The driver stays the one measured,
 * also when bound by its algorithm name.
 */
static int describe(const struct afalg *s, struct kb_run *run)
{
	free(run->impl.alg_name);
	free(run->impl.driver_name);
	free(run->library);
	run->impl.alg_name = strdup(s->req->alg);
	run->impl.driver_name = strdup(kb_afalg_bind_name(s->req));
	run->library = strdup(s->via);
	return run->impl.alg_name && run->impl.driver_name && run->library ?
		       0 :
		       -ENOMEM;
}

/* What one request is, in the interface's calls. */
static const char *request_words(const struct afalg *s)
{
	if (s->be != &kb_afalg_socket)
		return s->aead ? "kcapi_aead_encrypt()" :
				 "kcapi_cipher_encrypt()";
	if (s->aead)
		return "ALG_SET_OP, ALG_SET_IV and ALG_SET_AEAD_ASSOCLEN control messages";
	return kb_afsock_ivsize(s->req->alg) ?
		       "ALG_SET_OP and ALG_SET_IV control messages" :
		       "an ALG_SET_OP control message";
}

/* How the transform's socket was bound: by the driver, or its algorithm. */
static void bound_words(const struct afalg *s, char *buf, size_t len)
{
	if (s->by_alg_name)
		snprintf(
			buf, len,
			"bound by its algorithm name %s (crypto.af_alg_restrict=1 binds no driver names; the kernel hands %s out for it)",
			s->bind, kb_afalg_bind_name(s->req));
	else
		snprintf(buf, len, "bound to %s", s->bind);
}

/*
 * What a request is, and how many were in flight: at depth N, how many
 * the lanes saw at once at most (@peak), which only measuring tells.
 */
static int note(const struct afalg *s, unsigned int depth, unsigned int peak,
		struct kb_run *run)
{
	const struct kb_afalg_req *req = s->req;
	char bound[256];
	static int zero_copy; /* probed once a process: 1, 0, or unknown */
	static bool probed;
	char flight[160], why[160];
	bool copies;

	if (req->vmsplice && !probed && !kb_afalg_available(why, sizeof(why))) {
		zero_copy = kb_afalg_zero_copy(why, sizeof(why));
		probed = true;
	}
	copies = req->vmsplice && probed && !zero_copy;
	bound_words(s, bound, sizeof(bound));

	if (depth > 1)
		snprintf(
			flight, sizeof(flight),
			"%u requests in flight (%u operation sockets, a thread each; %u were in flight at once)",
			depth, depth, peak);
	else
		snprintf(flight, sizeof(flight), "one request at a time");
	free(run->measured);
	if (asprintf(
		    &run->measured, "%s per request with %s, %s, %s",
		    request_words(s),
		    !req->vmsplice ?
			    "sendmsg+read (copy)" :
		    copies ?
			    "vmsplice+splice+read (zero-copy asked for, but this kernel copies what is spliced into AF_ALG, as sendmsg() does)" :
			    "vmsplice+splice+read (zero-copy)",
		    bound, flight) < 0)
		run->measured = NULL;
	return run->measured ? 0 : -ENOMEM;
}

/**
 * kb_afalg_state_of() - what AF_ALG is on a kernel release
 * @release: such as "7.2.13+deb14-amd64"
 * @st: filled in
 *
 * Linux 7.2 deprecates AF_ALG and binds with AF_ALG_CRYPTOAPI_MASK: no
 * asynchronous, memory-allocating or kernel-driver-only implementation.
 */
void kb_afalg_state_of(const char *release, struct kb_afalg_state *st)
{
	unsigned int major, minor;

	memset(st, 0, sizeof(*st));
	st->restriction = -1;
	snprintf(st->release, sizeof(st->release), "%s", release);
	if (sscanf(release, "%u.%u", &major, &minor) != 2)
		return;
	st->known = true;
	st->software_only = major > 7 || (major == 7 && minor >= 2);
	st->deprecated = st->software_only;
}

/**
 * kb_afalg_state() - what AF_ALG is on the running kernel
 * @st: filled in; @st->known false when uname() fails
 */
void kb_afalg_state(struct kb_afalg_state *st)
{
	struct utsname u;
	FILE *f;

	if (uname(&u)) {
		memset(st, 0, sizeof(*st));
		st->restriction = -1;
		return;
	}
	kb_afalg_state_of(u.release, st);
	f = fopen(KB_AF_ALG_RESTRICT, "r");
	if (f) {
		if (fscanf(f, "%d", &st->restriction) != 1)
			st->restriction = -1;
		fclose(f);
	}
}

/* The errno's name, "ENOENT", and its words, "No such file or directory". */
static const char *errno_name(int err)
{
#if defined(__GLIBC__) && (__GLIBC__ > 2 || __GLIBC_MINOR__ >= 32)
	const char *name = strerrorname_np(err);

	if (name)
		return name;
#endif
	return "errno";
}

/* Whether /proc/crypto lists @name as a driver or an algorithm name. */
static bool registered(const char *name)
{
	char line[256], *v;
	bool found = false;
	size_t n;
	FILE *f = fopen("/proc/crypto", "r");

	if (!f)
		return false;
	while (!found && fgets(line, sizeof(line), f)) {
		if (strncmp(line, "driver ", 7) && strncmp(line, "name ", 5))
			continue;
		v = strchr(line, ':');
		if (!v)
			continue;
		v += strspn(v + 1, " ") + 1;
		n = strcspn(v, "\n");
		found = n == strlen(name) && !strncmp(v, name, n);
	}
	fclose(f);
	return found;
}

/* Whether AF_ALG's socket type for @aead is there, loaded or built in. */
static bool algif_present(bool aead)
{
	const char *mod = aead ? "algif_aead" : "algif_skcipher";
	char path[320], line[256];
	struct utsname u;
	bool found = false;
	FILE *f;

	snprintf(path, sizeof(path), "/sys/module/%s", mod);
	if (!access(path, F_OK))
		return true;
	if (uname(&u))
		return false;
	snprintf(path, sizeof(path), "/lib/modules/%s/modules.builtin",
		 u.release);
	f = fopen(path, "r");
	if (!f)
		return false;
	snprintf(path, sizeof(path), "/%s.ko", mod);
	while (!found && fgets(line, sizeof(line), f))
		found = strstr(line, path) != NULL;
	fclose(f);
	return found;
}

/* Whether @release starts as "7.2.13" does: libkcapi needs that. */
static bool three_numbers(const char *release)
{
	unsigned int a, b, c;

	return sscanf(release, "%u.%u.%u", &a, &b, &c) == 3;
}

/* A registered driver that AF_ALG does not offer: asynchronous, hardware. */
static void masked_out(struct kb_run *run, const struct kb_afalg_state *st,
		       const char *name, int err,
		       const struct kb_afalg_req *req)
{
	kb_run_unavailable(
		run, ENOENT,
		"AF_ALG cannot bind %s (bind: %s, %s, although it is registered: %s%s offers AF_ALG synchronous software implementations only, and %s is %s)",
		name, errno_name(err), strerror(err),
		st->software_only ? "Linux " : "this kernel",
		st->software_only ? st->release : "", name,
		req->hardware ?
			"a hardware driver (CRYPTO_ALG_KERN_DRIVER_ONLY)" :
		req->offload ? "asynchronous, an offload engine" :
			       "asynchronous");
}

/*
 * A name AF_ALG does not find is n/a with the reason, not an error: bind()
 * fails with ENOENT when the socket type's module (algif_skcipher,
 * algif_aead) is missing, when no such implementation is registered, and,
 * from Linux 7.2, when the implementation is one AF_ALG no longer offers
 * (asynchronous: an offload engine such as virtio_crypto; or flagged
 * kernel-driver-only). Which of these it was is told from what is
 * registered and loaded once the bind has failed (it would have loaded
 * the socket type's module).
 */
static void cannot_bind(struct kb_run *run, const struct afalg *s,
			const char *name, int ret)
{
	const struct kb_afalg_req *req = s->req;
	const char *type = s->aead ? "algif_aead" : "algif_skcipher";
	struct kb_afalg_state st;
	int err = -ret;

	kb_afalg_state(&st);
	if (ret == -ENOENT && !algif_present(s->aead))
		kb_run_unavailable(
			run, ENOENT,
			"AF_ALG cannot bind %s (bind: %s, %s: the socket type's module %s is not loaded; modprobe %s)",
			name, errno_name(err), strerror(err), type, type);
	else if (ret == -ENOENT && st.software_only &&
		 (req->async || req->hardware) && registered(name))
		/* Whatever af_alg_restrict says, AF_ALG has no such driver. */
		masked_out(run, &st, name, err, req);
	else if (st.restriction > 0 &&
		 (ret == -ENOENT || ret == -EPERM || ret == -EACCES))
		kb_run_unavailable(
			run, err,
			"AF_ALG cannot bind %s (bind: %s, %s: restricted by " KB_AF_ALG_RESTRICT
			" (%d): %s%s)",
			name, errno_name(err), strerror(err), st.restriction,
			st.restriction >= 2 ?
				"AF_ALG is disabled" :
				"only the algorithm names of its allowlists bind, and no driver name; sysctl crypto.af_alg_restrict=0 lifts it",
			s->restricted);
	else if (ret == -ENOENT && !registered(name))
		kb_run_unavailable(
			run, ENOENT,
			"AF_ALG cannot bind %s (bind: %s, %s: the kernel has no such implementation)",
			name, errno_name(err), strerror(err));
	else if (ret == -ENOENT && (req->async || req->hardware))
		masked_out(run, &st, name, err, req);
	else if (ret == -ENOENT)
		kb_run_unavailable(
			run, ENOENT,
			"AF_ALG cannot bind %s (bind: %s, %s, although it is registered: the kernel does not offer it to AF_ALG)",
			name, errno_name(err), strerror(err));
	else if (ret == -EOPNOTSUPP || ret == -EPERM || ret == -EACCES)
		kb_run_unavailable(
			run, err,
			"AF_ALG cannot bind %s (%s, %s: the kernel does not offer it to AF_ALG)",
			name, errno_name(err), strerror(err));
	else
		kb_run_unavailable(run, err, "AF_ALG cannot set up %s: %s, %s",
				   name, errno_name(err), strerror(err));
}

/* One sendmsg() on an operation socket: the operation, and @len bytes. */
static int probe_send(int op, const uint8_t *buf, size_t len, int flags)
{
	char cbuf[CMSG_SPACE(sizeof(uint32_t))] = { 0 };
	struct iovec iov = { .iov_base = (void *)buf, .iov_len = len };
	struct msghdr msg = {
		.msg_control = cbuf,
		.msg_controllen = sizeof(cbuf),
		.msg_iov = len ? &iov : NULL,
		.msg_iovlen = len ? 1 : 0,
	};
	struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
	uint32_t enc = ALG_OP_ENCRYPT;

	c->cmsg_level = SOL_ALG;
	c->cmsg_type = ALG_SET_OP;
	c->cmsg_len = CMSG_LEN(sizeof(enc));
	memcpy(CMSG_DATA(c), &enc, sizeof(enc));
	return sendmsg(op, &msg, flags) == (ssize_t)len ? 0 : -errno;
}

/* ecb(aes) of @buf's first block by copying, into @out. */
static int probe_copy(int op, const uint8_t *buf, size_t len, uint8_t *out)
{
	int ret = probe_send(op, buf, len, 0);

	if (ret)
		return ret;
	return read(op, out, len) == (ssize_t)len ? 0 : -errno;
}

/*
 * The same by vmsplice() and splice(), as libkcapi's zero-copy mode does,
 * with @buf's first byte changed after the splice and before the read:
 * where the kernel computes on the spliced pages themselves, the result
 * is of the changed byte; where it copied them at the splice, of the old.
 */
static int probe_splice(int op, uint8_t *buf, size_t len, uint8_t *out)
{
	struct iovec iov = { .iov_base = buf, .iov_len = len };
	int pipes[2], ret = 0;

	if (pipe2(pipes, O_CLOEXEC))
		return -errno;
	if (probe_send(op, NULL, 0, MSG_MORE) ||
	    vmsplice(pipes[1], &iov, 1, SPLICE_F_GIFT) != (ssize_t)len ||
	    splice(pipes[0], NULL, op, NULL, len, 0) != (ssize_t)len)
		ret = errno ? -errno : -EIO;
	buf[0] ^= 0xff;
	if (!ret && read(op, out, len) != (ssize_t)len)
		ret = -errno;
	close(pipes[0]);
	close(pipes[1]);
	return ret;
}

/**
 * kb_afalg_zero_copy() - whether AF_ALG's zero-copy path copies
 * @why: set to what was found, or why it cannot be told
 * @len: size of @why
 *
 * Encrypts a page with ecb(aes) through vmsplice() and splice(), changing
 * it between the splice and the read (see probe_splice()). Most kernels
 * before 7.2 map the spliced pages (extract_iter_to_sg()); 7.2's
 * af_alg_sendmsg() copies them as it copies sendmsg()'s data, and so do
 * the stable updates that took that back (Debian 12's 6.1 and 6.12):
 * the version does not tell, only trying does.
 *
 * Return: 1 zero-copy, 0 the kernel copies, or a negative errno when it
 * cannot be told.
 */
int kb_afalg_zero_copy(char *why, size_t len)
{
	struct sockaddr_alg sa = { .salg_family = AF_ALG,
				   .salg_type = "skcipher",
				   .salg_name = "ecb(aes)" };
	size_t page = sysconf(_SC_PAGESIZE);
	uint8_t key[16] = { 0 }, *buf = NULL, *out = NULL;
	uint8_t was[16], now[16];
	int tfm, op = -1, ret;

	tfm = socket(AF_ALG, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	if (tfm < 0 || bind(tfm, (struct sockaddr *)&sa, sizeof(sa)) ||
	    setsockopt(tfm, SOL_ALG, ALG_SET_KEY, key, sizeof(key)) ||
	    (op = accept4(tfm, NULL, NULL, SOCK_CLOEXEC)) < 0) {
		ret = -errno;
		snprintf(why, len, "cannot tell: AF_ALG ecb(aes): %s",
			 strerror(-ret));
		goto out;
	}
	ret = -ENOMEM;
	if (posix_memalign((void **)&buf, page, page) ||
	    posix_memalign((void **)&out, page, page)) {
		snprintf(why, len, "cannot tell: out of memory");
		goto out;
	}
	memset(buf, 0x5a, page);
	ret = probe_copy(op, buf, page, out);
	if (!ret) {
		memcpy(was, out, sizeof(was));
		buf[0] ^= 0xff;
		ret = probe_copy(op, buf, page, out);
		memcpy(now, out, sizeof(now));
		buf[0] ^= 0xff;
	}
	if (!ret)
		ret = probe_splice(op, buf, page, out);
	if (ret) {
		snprintf(why, len, "cannot tell: AF_ALG ecb(aes): %s",
			 strerror(-ret));
	} else if (!memcmp(out, now, sizeof(now))) {
		ret = 1;
		snprintf(why, len,
			 "zero-copy: the kernel computes on the spliced pages");
	} else if (!memcmp(out, was, sizeof(was))) {
		ret = 0;
		snprintf(
			why, len,
			"this kernel copies what is spliced into AF_ALG, as sendmsg() does: not zero-copy");
	} else {
		ret = -EIO;
		snprintf(
			why, len,
			"cannot tell: the spliced page's result is neither before's nor after's");
	}
out:
	free(buf);
	free(out);
	if (op >= 0)
		close(op);
	if (tfm >= 0)
		close(tfm);
	return ret;
}

/*
 * Kernels that bound an AF_ALG read by the socket's receive buffer
 * (net.core.rmem_default when the socket is made; 6.12.97 on) read a
 * longer request in pieces, and the second piece reaches the driver with
 * the zero-length entries af_alg_count_tsgl() counts (see the top of this
 * file): an offload engine such as virtio_crypto never completes it.
 *
 * Return: the longest read of @sizes that the kernel would split, or 0.
 */
static size_t split_read(const struct afalg *s, const struct kb_sizes *sizes)
{
	size_t i, len, longest = 0;
	long rmem = 0;
	FILE *f;

	for (i = 0; i < sizes->count; i++) {
		len = sizes->size[i];
		if (s->aead)
			len += s->req->aad_len + s->tag_len;
		else if (len > KCAPI_READ_PAGES * s->page)
			len = KCAPI_READ_PAGES * s->page;
		if (len > longest)
			longest = len;
	}
	f = fopen("/proc/sys/net/core/rmem_default", "r");
	if (!f)
		return 0;
	if (fscanf(f, "%ld", &rmem) != 1)
		rmem = 0;
	fclose(f);
	/* The kernel's af_alg_rcvbuf(): whole pages, one at least. */
	rmem &= ~(long)(s->page - 1);
	if (rmem < (long)s->page)
		rmem = s->page;
	return longest > (size_t)rmem ? longest : 0;
}

/*
 * The requests still in flight after the last sample count nowhere, but
 * one that failed makes the run a failure all the same.
 */
static void finish_lanes(struct afalg *s, struct kb_run *run)
{
	int err = kb_lanes_pause(s->lanes);

	if (!err || run->state != KB_RUN_ENDED || run->status)
		return;
	lanes_failed(s, err);
	run->status = err;
	free(run->message);
	run->message = strdup(s->up.why);
}

/**
 * kb_afalg_kcapi_refuses() - whether libkcapi refused the kernel itself
 * @ret: what setting up a libkcapi handle returned
 * @release: the kernel's release
 *
 * libkcapi 1.4.0 parses the release as three numbers before each handle,
 * and fails with EFAULT where it cannot (Debian experimental's
 * "7.3-amd64"): then the sockets are used directly.
 *
 * Return: true when @ret is that refusal.
 */
bool kb_afalg_kcapi_refuses(int ret, const char *release)
{
	return ret == -EFAULT && !three_numbers(release);
}

/*
 * Whether binding @alg gets AF_ALG @driver: 1, 0, or -1 unknown. Where
 * AF_ALG offers synchronous software implementations only (7.2 on, as
 * every kernel with af_alg_restrict), what it gets for a name is what a
 * user demanding a synchronous implementation gets
 * (KAESBENCH_IMPL_F_SELECTED_SYNC), and a driver it masks out is never
 * it; elsewhere, what the crypto API hands out (KAESBENCH_IMPL_F_SELECTED).
 */
static int handed_out(const char *alg, const char *driver, bool software_only)
{
	const uint32_t masked = KAESBENCH_IMPL_F_ASYNC |
				KAESBENCH_IMPL_F_HARDWARE;
	struct kb_impl_list list = { 0 };
	const struct kb_impl *impl;
	struct kb_genl g;
	int ret = -1;
	size_t i;

	if (!kb_genl_open(&g) && !kb_get_impls(&g, &list))
		for (i = 0; i < list.count; i++) {
			impl = &list.impl[i];
			if (strcmp(impl->driver_name, driver) ||
			    strcmp(impl->alg_name, alg))
				continue;
			if (impl->flags & KAESBENCH_IMPL_F_SELECTION_UNKNOWN)
				ret = -1;
			else if (software_only)
				ret = !(impl->flags & masked) &&
				      (impl->flags &
				       KAESBENCH_IMPL_F_SELECTED_SYNC);
			else
				ret = kb_impl_selected(impl);
		}
	kb_genl_close(&g);
	kb_impl_list_free(&list);
	return ret;
}

/*
 * crypto.af_alg_restrict=1 (7.3 on) binds the algorithm names of its
 * allowlists and no driver name, failing with ENOENT. The driver being
 * measured is reached through its algorithm name where the kernel hands
 * it out for that name (what the kernel row marks selected); otherwise
 * @s->restricted says why not, for cannot_bind().
 */
static int bind_restricted(struct afalg *s, const struct kb_afalg_state *st,
			   const uint8_t *key, int ret)
{
	const char *driver = s->bind, *alg = s->req->alg;
	int sel;

	if (ret != -ENOENT || st->restriction != 1 || !s->req->driver ||
	    !strcmp(driver, alg))
		return ret;
	sel = handed_out(alg, driver, st->software_only);
	if (sel <= 0) {
		snprintf(
			s->restricted, sizeof(s->restricted),
			sel ? "; whether the kernel hands %s out for %s is not known, so it is not bound by that name" :
			      "; %s is not what the kernel hands out for %s, so it cannot be bound by that name",
			driver, alg);
		return ret;
	}
	close_handles(s);
	s->by_alg_name = true;
	sel = setup(s, alg, key);
	if (!sel)
		return 0;
	snprintf(
		s->restricted, sizeof(s->restricted),
		"; its algorithm name %s, which the kernel hands it out for, does not bind either (%s)",
		alg, errno_name(-sel));
	close_handles(s);
	s->by_alg_name = false;
	s->bind = driver;
	return ret;
}

/*
 * Lane 0's transform, bound and keyed: through libkcapi, or the sockets
 * where libkcapi refuses the kernel; by the driver's name, or its
 * algorithm's where af_alg_restrict allows no other.
 */
static int bind_and_key(struct afalg *s, const uint8_t *key)
{
	const char *driver = kb_afalg_bind_name(s->req);
	struct kb_afalg_state st;
	char version[64] = "libkcapi";
	int ret = setup(s, driver, key);

	kb_afalg_state(&st);
	if (kb_afalg_kcapi_refuses(ret, st.release)) {
		close_handles(s);
		kcapi_versionstring(version, sizeof(version));
		snprintf(
			s->via, sizeof(s->via),
			"the socket interface directly: %s cannot parse this kernel's release %s",
			version, st.release);
		s->be = &kb_afalg_socket;
		ret = setup(s, driver, key);
	}
	return bind_restricted(s, &st, key, ret);
}

/**
 * kb_afalg_run() - measure an AF_ALG path at every size of a run
 * @req: the algorithm, the driver to bind and the access mode
 * @m: how long
 * @run: its sizes say what to measure; filled in. When AF_ALG is missing
 *	 or cannot bind, the run is KB_RUN_UNAVAILABLE, saying why.
 *
 * Return: 0, or -ENOMEM.
 */
int kb_afalg_run(const struct kb_afalg_req *req, const struct kb_umeasure *m,
		 struct kb_run *run)
{
	struct afalg s = {
		.up = { .size = size, .op = op },
		.req = req,
		.be = &kb_afalg_kcapi,
		.bind = kb_afalg_bind_name(req),
		.aead = !strcmp(req->alg, "gcm(aes)"),
		.tag_len = req->tag_len ? req->tag_len : TAG_MAX,
		.page = sysconf(_SC_PAGESIZE),
		.depth = req->depth ? req->depth : 1,
	};
	uint8_t key[KEY_MAX];
	int muted;
	char why[256];
	size_t len;
	int ret;

	run->path = req->vmsplice ? KB_PATH_AFALG_VMSPLICE :
				    KB_PATH_AFALG_SENDMSG;
	run->key_bits = req->key_bits;
	run->decrypt = req->decrypt;
	run->depth = s.depth;
	kcapi_versionstring(s.via, sizeof(s.via));
	if (describe(&s, run) || note(&s, s.depth, 0, run))
		return -ENOMEM;
	if (kb_afalg_available(why, sizeof(why))) {
		kb_run_unavailable(run, EAFNOSUPPORT, "%s", why);
		return 0;
	}
	if (req->offload && (len = split_read(&s, &run->sizes))) {
		kb_run_unavailable(
			run, EMSGSIZE,
			"AF_ALG to %s: a %zu-byte read is longer than net.core.rmem_default, so the kernel would read it in pieces, which an offload engine may never complete (kaesbench(8), AF_ALG)",
			kb_afalg_bind_name(req), len);
		return 0;
	}
	if (s.depth > KB_AFALG_DEPTH_MAX) {
		kb_run_unavailable(
			run, EINVAL,
			"AF_ALG: depth %u: at most %u requests in flight",
			s.depth, KB_AFALG_DEPTH_MAX);
		return 0;
	}
	if (req->key_bits / 8 > KEY_MAX ||
	    getrandom(key, sizeof(key), 0) != sizeof(key) ||
	    getrandom(s.iv, sizeof(s.iv), 0) != sizeof(s.iv)) {
		kb_run_unavailable(run, EINVAL, "no key of %" PRIu32 " bits",
				   req->key_bits);
		return 0;
	}
	s.lane = calloc(s.depth, sizeof(*s.lane));
	if (!s.lane) {
		memset(key, 0, sizeof(key));
		return -ENOMEM;
	}
	muted = stdout_muted();
	ret = bind_and_key(&s, key);
	stdout_back(muted);
	memset(key, 0, sizeof(key));
	if (describe(&s, run) || note(&s, s.depth, 0, run)) {
		destroy(&s);
		return -ENOMEM;
	}
	if (ret) {
		cannot_bind(run, &s, s.bind, ret);
		destroy(&s);
		return 0;
	}
	ret = s.depth > 1 ? add_lanes(&s) : 0;
	if (ret) {
		kb_run_unavailable(
			run, -ret,
			"AF_ALG cannot keep %u requests in flight to %s: %s",
			s.depth, s.bind, strerror(-ret));
		destroy(&s);
		return 0;
	}
	ret = kb_upath_measure(&s.up, m, run);
	if (!ret && s.lanes) {
		finish_lanes(&s, run);
		ret = note(&s, s.depth, kb_lanes_peak(s.lanes), run);
	}
	destroy(&s);
	return ret;
}
