// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * AF_ALG as the kernel documents it (Documentation/crypto/userspace-if.rst),
 * without libkcapi: a transform's socket, bound to a name and keyed, and
 * operation sockets accepted from it. A request is one sendmsg() whose
 * control messages say the operation, the IV and, for an aead, the length
 * of the associated data, with the data (copy) or followed by the data
 * vmsplice()d into a pipe and splice()d on (zero-copy); then read() gives
 * the result. This is what libkcapi does for kaesbench where it can; it is
 * used where libkcapi refuses the kernel (afalg.c).
 *
 * An skcipher's data goes in pieces of 16 pages, each read back before
 * the next is sent (the kernel carries the IV on between them): the send
 * buffer would not hold more, and the pipe holds no more than that. An
 * aead's request is one piece, sent whole before its result is read.
 */

#define _GNU_SOURCE /* vmsplice(), splice(), accept4(), pipe2() */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

#include "userspace/afalg_backend.h"
#include "userspace/afalg_socket.h"

/* Pages a piece holds, as many as a pipe does by default. */
#define PIECE_PAGES 16

/**
 * kb_afsock_ivsize() - the IV an algorithm's AF_ALG requests carry
 * @alg: the algorithm name, such as "cbc(aes)"; "aes" is bound as ecb(aes)
 *
 * AF_ALG takes an IV of exactly the transform's size (EINVAL otherwise),
 * and says it only through crypto_user: the modes kaesbench measures are
 * known by name.
 *
 * Return: the IV's bytes: 0 for ecb, 12 for gcm, else 16.
 */
uint32_t kb_afsock_ivsize(const char *alg)
{
	if (!strcmp(alg, "aes") || !strncmp(alg, "ecb(", 4))
		return 0;
	if (!strncmp(alg, "gcm(", 4))
		return 12;
	return 16;
}

static struct cmsghdr *put_cmsg(struct msghdr *msg, struct cmsghdr *c, int type,
				const void *data, size_t len)
{
	c->cmsg_level = SOL_ALG;
	c->cmsg_type = type;
	c->cmsg_len = CMSG_LEN(len);
	memcpy(CMSG_DATA(c), data, len);
	msg->msg_controllen += CMSG_SPACE(len);
	return (struct cmsghdr *)((char *)c + CMSG_SPACE(len));
}

/**
 * kb_afsock_control() - a request's control messages, into a message
 * @c: where they are written
 * @msg: gets @c as its control data
 * @decrypt: ALG_OP_DECRYPT, else ALG_OP_ENCRYPT
 * @iv: the IV, @ivlen bytes; none is sent when @ivlen is 0
 * @ivlen: at most KB_AFSOCK_IV_MAX
 * @aead: whether to say @assoclen (ALG_SET_AEAD_ASSOCLEN)
 * @assoclen: the bytes of associated data before the text
 *
 * Return: 0, or -EINVAL for an IV longer than KB_AFSOCK_IV_MAX.
 */
int kb_afsock_control(union kb_afsock_control *c, struct msghdr *msg,
		      bool decrypt, const uint8_t *iv, uint32_t ivlen,
		      bool aead, uint32_t assoclen)
{
	uint32_t op = decrypt ? ALG_OP_DECRYPT : ALG_OP_ENCRYPT;
	char ivbuf[sizeof(struct af_alg_iv) + KB_AFSOCK_IV_MAX];
	struct af_alg_iv *alg_iv = (struct af_alg_iv *)ivbuf;
	struct cmsghdr *next;

	if (ivlen > KB_AFSOCK_IV_MAX)
		return -EINVAL;
	memset(c, 0, sizeof(*c));
	msg->msg_control = c->buf;
	msg->msg_controllen = 0;
	next = put_cmsg(msg, (struct cmsghdr *)c->buf, ALG_SET_OP, &op,
			sizeof(op));
	if (ivlen) {
		alg_iv->ivlen = ivlen;
		memcpy(alg_iv->iv, iv, ivlen);
		next = put_cmsg(msg, next, ALG_SET_IV, alg_iv,
				sizeof(*alg_iv) + ivlen);
	}
	if (aead)
		put_cmsg(msg, next, ALG_SET_AEAD_ASSOCLEN, &assoclen,
			 sizeof(assoclen));
	return 0;
}

static struct kb_afsock *afsock_new(bool aead, uint32_t ivlen)
{
	struct kb_afsock *h = calloc(1, sizeof(*h));

	if (!h)
		return NULL;
	h->tfm = h->op = h->pipe[0] = h->pipe[1] = -1;
	h->aead = aead;
	h->ivlen = ivlen;
	h->piece = PIECE_PAGES * (size_t)sysconf(_SC_PAGESIZE);
	return h;
}

/**
 * kb_afsock_init() - a transform's socket, bound to a name
 * @h: set to the handle, or NULL
 * @aead: bind an "aead", else an "skcipher"
 * @name: the algorithm or driver name
 * @ivlen: the IV its requests carry (kb_afsock_ivsize())
 *
 * Return: 0, or the negative errno of socket() or bind() (ENOENT: no such
 * implementation, or none AF_ALG offers), -ENAMETOOLONG, -ENOMEM.
 */
int kb_afsock_init(struct kb_afsock **h, bool aead, const char *name,
		   uint32_t ivlen)
{
	struct sockaddr_alg sa = { .salg_family = AF_ALG };
	int err;

	*h = NULL;
	if (strlen(name) >= sizeof(sa.salg_name))
		return -ENAMETOOLONG;
	if (ivlen > KB_AFSOCK_IV_MAX)
		return -EINVAL;
	strcpy((char *)sa.salg_type, aead ? "aead" : "skcipher");
	strcpy((char *)sa.salg_name, name);
	*h = afsock_new(aead, ivlen);
	if (!*h)
		return -ENOMEM;
	(*h)->tfm = socket(AF_ALG, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	if ((*h)->tfm < 0 ||
	    bind((*h)->tfm, (struct sockaddr *)&sa, sizeof(sa))) {
		err = -errno;
		kb_afsock_destroy(*h);
		*h = NULL;
		return err;
	}
	return 0;
}

/**
 * kb_afsock_setkey() - key the transform, before any request
 * @h: the handle kb_afsock_init() made
 * @key: the key
 * @len: its bytes
 *
 * Return: 0, or setsockopt()'s negative errno.
 */
int kb_afsock_setkey(struct kb_afsock *h, const uint8_t *key, uint32_t len)
{
	if (setsockopt(h->tfm, SOL_ALG, ALG_SET_KEY, key, len))
		return -errno;
	return 0;
}

/**
 * kb_afsock_settaglen() - an aead's tag length
 * @h: the handle
 * @taglen: bytes
 *
 * Set on the transform, which takes it only before an operation socket
 * is accepted (EBUSY after); a handle accepted from another's shares the
 * transform's and only notes it.
 *
 * Return: 0, or setsockopt()'s negative errno.
 */
int kb_afsock_settaglen(struct kb_afsock *h, uint32_t taglen)
{
	h->taglen = taglen;
	if (h->tfm < 0)
		return 0;
	/* The length is the option's length; there is no value. */
	if (setsockopt(h->tfm, SOL_ALG, ALG_SET_AEAD_AUTHSIZE, NULL, taglen))
		return -errno;
	return 0;
}

/**
 * kb_afsock_setassoclen() - the associated data's length in each request
 * @h: the handle
 * @assoclen: bytes before the text, in the input and the output
 */
void kb_afsock_setassoclen(struct kb_afsock *h, uint32_t assoclen)
{
	h->assoclen = assoclen;
}

static int op_socket(struct kb_afsock *h, int tfm)
{
	if (h->op >= 0)
		return 0;
	h->op = accept4(tfm, NULL, NULL, SOCK_CLOEXEC);
	return h->op < 0 ? -errno : 0;
}

/**
 * kb_afsock_reinit() - another operation socket of the same transform
 * @h: set to the new handle, or NULL
 * @from: the handle whose transform's socket is accepted from again: its
 *	  key, and an aead's tag length, are the new one's
 *
 * Return: 0, or accept()'s negative errno, -EINVAL when @from has no
 * transform's socket, -ENOMEM.
 */
int kb_afsock_reinit(struct kb_afsock **h, struct kb_afsock *from)
{
	int err;

	*h = NULL;
	if (from->tfm < 0)
		return -EINVAL;
	/* @from's own first: its tag length cannot be set after an accept. */
	err = op_socket(from, from->tfm);
	if (err)
		return err;
	*h = afsock_new(from->aead, from->ivlen);
	if (!*h)
		return -ENOMEM;
	(*h)->assoclen = from->assoclen;
	(*h)->taglen = from->taglen;
	err = op_socket(*h, from->tfm);
	if (err) {
		kb_afsock_destroy(*h);
		*h = NULL;
	}
	return err;
}

/* sendmsg() of @len bytes of @in, with the request's control on @first. */
static ssize_t send_copy(struct kb_afsock *h, struct msghdr *msg,
			 const uint8_t *in, size_t len, bool more)
{
	struct iovec iov = { .iov_base = (void *)in, .iov_len = len };
	ssize_t ret;

	msg->msg_iov = len ? &iov : NULL;
	msg->msg_iovlen = len ? 1 : 0;
	/* MSG_DONTWAIT: a send buffer too small fails instead of hanging. */
	ret = sendmsg(h->op, msg, MSG_DONTWAIT | (more ? MSG_MORE : 0));
	return ret < 0 ? -errno : ret;
}

/* vmsplice() and splice() of @len bytes of @in, a pipe's fill at a time. */
static ssize_t send_splice(struct kb_afsock *h, const uint8_t *in, size_t len,
			   bool more)
{
	struct iovec iov;
	size_t done = 0;
	ssize_t n, moved;

	if (h->pipe[0] < 0 && pipe2(h->pipe, O_CLOEXEC))
		return -errno;
	while (done < len) {
		iov.iov_base = (void *)(in + done);
		iov.iov_len = len - done < h->piece ? len - done : h->piece;
		n = vmsplice(h->pipe[1], &iov, 1, SPLICE_F_NONBLOCK);
		if (n <= 0)
			return n < 0 ? -errno : -EIO;
		moved = splice(h->pipe[0], NULL, h->op, NULL, n,
			       SPLICE_F_NONBLOCK |
				       (more || done + n < len ? SPLICE_F_MORE :
								 0));
		if (moved < 0)
			return done ? (ssize_t)done : -errno;
		done += moved;
		if (moved < n)
			break;
	}
	return done;
}

/* One piece: sent (after the control, if any), then its result read. */
static ssize_t piece(struct kb_afsock *h, struct msghdr *msg, bool splice,
		     const uint8_t *in, size_t in_len, uint8_t *out,
		     size_t out_len, bool more)
{
	ssize_t ret;

	if (splice) {
		/* The control alone first, then the pages spliced after it. */
		if (msg->msg_controllen) {
			ret = send_copy(h, msg, NULL, 0, true);
			if (ret < 0)
				return ret;
		}
		ret = send_splice(h, in, in_len, more);
	} else {
		ret = send_copy(h, msg, in, in_len, more);
	}
	msg->msg_control = NULL;
	msg->msg_controllen = 0;
	if (ret < 0)
		return ret;
	if ((size_t)ret != in_len)
		return -EMSGSIZE;
	ret = read(h->op, out, out_len);
	return ret < 0 ? -errno : ret;
}

/**
 * kb_afsock_crypt() - one request, copying or zero-copy
 * @h: the handle
 * @decrypt: decrypt, else encrypt
 * @splice: vmsplice()+splice() the input, else sendmsg() it
 * @iv: the IV, kb_afsock_ivsize() bytes
 * @in: an skcipher's text; an aead's associated data, text and, to
 *	decrypt, tag
 * @in_len: its bytes
 * @out: the result: as @in, with an aead's tag after the text to encrypt
 * @out_len: its bytes
 *
 * Return: the bytes of @out read, or a negative errno (-EMSGSIZE when the
 * kernel took less of the input than sent).
 */
ssize_t kb_afsock_crypt(struct kb_afsock *h, bool decrypt, bool splice,
			const uint8_t *iv, const uint8_t *in, size_t in_len,
			uint8_t *out, size_t out_len)
{
	union kb_afsock_control c;
	struct msghdr msg = { 0 };
	size_t done = 0, len;
	ssize_t ret;

	ret = op_socket(h, h->tfm);
	if (!ret)
		ret = kb_afsock_control(&c, &msg, decrypt, iv, h->ivlen,
					h->aead, h->assoclen);
	if (ret)
		return ret;
	if (h->aead)
		return piece(h, &msg, splice, in, in_len, out, out_len, false);
	if (in_len != out_len)
		return -EINVAL;
	do {
		len = in_len - done < h->piece ? in_len - done : h->piece;
		ret = piece(h, &msg, splice, in + done, len, out + done, len,
			    done + len < in_len);
		if (ret < 0)
			return ret;
		done += ret;
	} while ((size_t)ret == len && done < in_len);
	return done;
}

/**
 * kb_afsock_destroy() - close a handle's sockets and pipe, and free it
 * @h: the handle, or NULL
 *
 * The transform stays while an operation socket of it is open.
 */
void kb_afsock_destroy(struct kb_afsock *h)
{
	if (!h)
		return;
	if (h->op >= 0)
		close(h->op);
	if (h->tfm >= 0)
		close(h->tfm);
	if (h->pipe[0] >= 0)
		close(h->pipe[0]);
	if (h->pipe[1] >= 0)
		close(h->pipe[1]);
	free(h);
}

static int sock_init(void **h, bool aead, const char *name, const char *alg,
		     size_t iv_max)
{
	uint32_t ivlen = kb_afsock_ivsize(alg);

	*h = NULL;
	if (ivlen > iv_max)
		return -EINVAL;
	return kb_afsock_init((struct kb_afsock **)h, aead, name, ivlen);
}

static int sock_setkey(void *h, const uint8_t *key, uint32_t len)
{
	return kb_afsock_setkey(h, key, len);
}

static int sock_settaglen(void *h, uint32_t taglen)
{
	return kb_afsock_settaglen(h, taglen);
}

static void sock_setassoclen(void *h, uint32_t assoclen)
{
	kb_afsock_setassoclen(h, assoclen);
}

static int sock_reinit(void **h, void *from)
{
	return kb_afsock_reinit((struct kb_afsock **)h, from);
}

static ssize_t sock_crypt(void *h, bool decrypt, bool splice, const uint8_t *iv,
			  const uint8_t *in, size_t in_len, uint8_t *out,
			  size_t out_len)
{
	return kb_afsock_crypt(h, decrypt, splice, iv, in, in_len, out,
			       out_len);
}

static void sock_destroy(void *h)
{
	kb_afsock_destroy(h);
}

const struct kb_afalg_backend kb_afalg_socket = {
	.name = "the socket interface",
	.init = sock_init,
	.setkey = sock_setkey,
	.settaglen = sock_settaglen,
	.setassoclen = sock_setassoclen,
	.reinit = sock_reinit,
	.crypt = sock_crypt,
	.destroy = sock_destroy,
};
