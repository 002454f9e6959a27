// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Test tool: queues several skcipher requests on AF_ALG in the two layouts
 * a program can choose, raw (no libkcapi, so that every system call is
 * the one written here), to show which one a kernel and driver survive.
 *
 * usage: kaesbench-afalg-probe [-a] [-m stream|sockets] [-n COUNT]
 *                              [-s SIZE] NAME
 *   NAME     the skcipher to bind (algorithm or driver name), cbc or ctr
 *   -m stream   one operation socket: one sendmsg() of COUNT x SIZE bytes,
 *               then COUNT reads of SIZE bytes each, as libkcapi's
 *               kcapi_cipher_encrypt_aio() does
 *   -m sockets  COUNT operation sockets of one transform, the same SIZE
 *               bytes sent to each, then one read on each (the default)
 *   -a       the reads as one io_submit() of COUNT IOCB_CMD_PREAD, as
 *            libkcapi does, instead of read() one after the other
 *
 * Prints one line per request ("request I: N bytes") and whether the
 * output is the one a single request over the same bytes gives; exit 0 if
 * every request completed with its SIZE bytes and the right output, 1 if
 * not, 2 on usage errors. A request the kernel never completes blocks
 * here for good (that is what the tool is for): run it in the background.
 */

#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <linux/aio_abi.h>
#include <linux/if_alg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef AF_ALG
#define AF_ALG 38
#endif
#ifndef SOL_ALG
#define SOL_ALG 279
#endif

#define COUNT_MAX 64
#define IV_LEN 16

static const uint8_t key[16] = "kaesbench-probe";
static const uint8_t iv[IV_LEN] = "probe-iv-16byte";

static int tfm_socket(const char *name)
{
	struct sockaddr_alg sa = { .salg_family = AF_ALG,
				   .salg_type = "skcipher" };
	int fd = socket(AF_ALG, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);

	snprintf((char *)sa.salg_name, sizeof(sa.salg_name), "%s", name);
	if (fd < 0 || bind(fd, (struct sockaddr *)&sa, sizeof(sa)) ||
	    setsockopt(fd, SOL_ALG, ALG_SET_KEY, key, sizeof(key))) {
		fprintf(stderr, "kaesbench-afalg-probe: %s: %s\n", name,
			strerror(errno));
		return -1;
	}
	return fd;
}

/* One sendmsg() of @len bytes with the operation and the IV, no MSG_MORE. */
static int send_data(int op, const uint8_t *buf, size_t len)
{
	char cbuf[CMSG_SPACE(sizeof(uint32_t)) +
		  CMSG_SPACE(sizeof(struct af_alg_iv) + IV_LEN)] = { 0 };
	struct iovec iov = { .iov_base = (void *)buf, .iov_len = len };
	struct msghdr msg = { .msg_iov = &iov,
			      .msg_iovlen = 1,
			      .msg_control = cbuf,
			      .msg_controllen = sizeof(cbuf) };
	struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
	struct af_alg_iv *aiv;
	ssize_t ret;

	c->cmsg_level = SOL_ALG;
	c->cmsg_type = ALG_SET_OP;
	c->cmsg_len = CMSG_LEN(sizeof(uint32_t));
	*(uint32_t *)CMSG_DATA(c) = ALG_OP_ENCRYPT;
	c = CMSG_NXTHDR(&msg, c);
	c->cmsg_level = SOL_ALG;
	c->cmsg_type = ALG_SET_IV;
	c->cmsg_len = CMSG_LEN(sizeof(*aiv) + IV_LEN);
	aiv = (struct af_alg_iv *)CMSG_DATA(c);
	aiv->ivlen = IV_LEN;
	memcpy(aiv->iv, iv, IV_LEN);
	ret = sendmsg(op, &msg, 0);
	if (ret != (ssize_t)len) {
		fprintf(stderr, "kaesbench-afalg-probe: sendmsg: %zd: %s\n",
			ret, ret < 0 ? strerror(errno) : "short");
		return -1;
	}
	return 0;
}

/* One request over @len bytes on a fresh socket: the reference output. */
static int one_request(int tfm, const uint8_t *in, uint8_t *out, size_t len)
{
	int op = accept4(tfm, NULL, NULL, SOCK_CLOEXEC);
	int ret = -1;

	if (op >= 0 && !send_data(op, in, len) &&
	    read(op, out, len) == (ssize_t)len)
		ret = 0;
	if (op >= 0)
		close(op);
	return ret;
}

/* @count reads of @size bytes on @fds, one after the other or as AIO. */
static int reads(const int *fds, uint8_t *out, size_t size, int count, bool aio,
		 long *got)
{
	struct iocb cb[COUNT_MAX], *cbp[COUNT_MAX];
	struct io_event ev[COUNT_MAX];
	aio_context_t ctx = 0;
	int i, n = 0, ret;

	if (!aio) {
		for (i = 0; i < count; i++) {
			got[i] = read(fds[i], out + i * size, size);
			if (got[i] < 0)
				got[i] = -errno;
			printf("request %d: %ld bytes\n", i, got[i]);
			fflush(stdout);
		}
		return 0;
	}
	if (syscall(SYS_io_setup, count, &ctx)) {
		perror("kaesbench-afalg-probe: io_setup");
		return -1;
	}
	for (i = 0; i < count; i++) {
		cb[i] = (struct iocb){ .aio_fildes = fds[i],
				       .aio_lio_opcode = IOCB_CMD_PREAD,
				       .aio_buf = (uintptr_t)(out + i * size),
				       .aio_nbytes = size,
				       .aio_data = i };
		cbp[i] = &cb[i];
		got[i] = -EINPROGRESS;
	}
	ret = syscall(SYS_io_submit, ctx, count, cbp);
	printf("io_submit: %d of %d\n", ret, count);
	fflush(stdout);
	while (ret > 0 && n < ret) {
		int k = syscall(SYS_io_getevents, ctx, 1, ret - n, ev, NULL);

		if (k < 0) {
			perror("kaesbench-afalg-probe: io_getevents");
			break;
		}
		for (i = 0; i < k; i++) {
			got[ev[i].data] = ev[i].res;
			printf("request %llu: %lld bytes\n", ev[i].data,
			       (long long)ev[i].res);
		}
		n += k;
	}
	syscall(SYS_io_destroy, ctx);
	return 0;
}

int main(int argc, char **argv)
{
	int fds[COUNT_MAX], count = 8, opt, tfm, i, bad = 0;
	bool aio = false, stream = false;
	uint8_t *in, *out, *ref;
	long got[COUNT_MAX];
	size_t size = 4096;

	while ((opt = getopt(argc, argv, "am:n:s:")) != -1) {
		if (opt == 'a')
			aio = true;
		else if (opt == 'm' && (!strcmp(optarg, "stream") ||
					!strcmp(optarg, "sockets")))
			stream = !strcmp(optarg, "stream");
		else if (opt == 'n')
			count = atoi(optarg);
		else if (opt == 's')
			size = strtoul(optarg, NULL, 10);
		else
			goto usage;
	}
	if (optind != argc - 1 || count < 1 || count > COUNT_MAX || !size ||
	    size % 16 || size > 1 << 20)
		goto usage;
	tfm = tfm_socket(argv[optind]);
	if (tfm < 0)
		return 1;
	/* Page-aligned, as a benchmark's buffers are. */
	if (posix_memalign((void **)&in, 4096, count * size) ||
	    posix_memalign((void **)&out, 4096, count * size) ||
	    posix_memalign((void **)&ref, 4096, count * size))
		return 1;
	for (i = 0; i < (int)(count * size); i++)
		in[i] = (uint8_t)(i * 7 + 1);
	memset(out, 0, count * size);
	/* stream: one CBC over it all; sockets: each its own request. */
	if (one_request(tfm, in, ref, stream ? count * size : size)) {
		fprintf(stderr, "kaesbench-afalg-probe: one request failed\n");
		return 1;
	}
	printf("%s, %d x %zu bytes, %s\n", argv[optind], count, size,
	       stream ? "one socket (stream)" : "one socket per request");
	fflush(stdout);
	for (i = 0; i < count; i++) {
		fds[i] = i && stream ? fds[0] :
				       accept4(tfm, NULL, NULL, SOCK_CLOEXEC);
		if (fds[i] < 0 || (!stream && send_data(fds[i], in, size)))
			return 1;
	}
	if (stream && send_data(fds[0], in, count * size))
		return 1;
	if (reads(fds, out, size, count, aio, got))
		return 1;
	for (i = 0; i < count; i++) {
		if (got[i] != (long)size)
			bad++;
		else if (memcmp(out + i * size, ref + (stream ? i * size : 0),
				size)) {
			printf("request %d: wrong output\n", i);
			bad++;
		}
	}
	printf("%s: %d of %d requests complete and right\n",
	       bad ? "FAIL" : "ok", count - bad, count);
	return bad ? 1 : 0;
usage:
	fprintf(stderr,
		"usage: kaesbench-afalg-probe [-a] [-m stream|sockets] [-n COUNT] [-s SIZE] NAME\n");
	return 2;
}
