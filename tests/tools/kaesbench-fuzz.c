// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Test tool: sends a seeded stream of mutated kaesbench requests
 * (fuzzgen.c) and counts how the kernel answered.
 *
 * usage: kaesbench-fuzz [-s SEED] [-n COUNT] [-u UID[:GID]] [-p | -w]
 *   -s SEED         the stream (default: from the clock); printed first, so
 *                   that a run that takes the kernel down can be replayed
 *   -n COUNT        messages to send (default 10000)
 *   -u UID[:GID]    become this user before opening the socket
 *   -p              send nothing: print the stream's hash (FNV-1a of every
 *                   byte generated), to check that a seed is reproducible
 *   -w              warm up instead: verify every name the stream asks
 *                   for once, so that the template instances and helpers
 *                   the crypto API creates for first users exist before a
 *                   memory baseline is taken
 *
 * The same seed gives the same bytes, but for two things the kernel
 * decides: the family's id, and the id of the run in progress that some
 * CANCEL requests name (the hash is taken before either is filled in).
 * The socket never blocks: replies are drained after every message,
 * and after cancelling its own run the tool waits at most STOP_WAIT_MS for
 * the run's end. The summary lists messages sent, replies, every errno
 * the kernel answered with (and how many came without an extack message)
 * and every distinct extack message.
 *
 * Exit 0 when the stream was sent; 1 when a socket failed, a reply was not
 * a kaesbench or control message, or a cancelled run did not end within
 * STOP_WAIT_MS; 2 on usage errors.
 */

#define _GNU_SOURCE
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <libmnl/libmnl.h>
#include <linux/genetlink.h>
#include <linux/kaesbench.h>
#include <linux/netlink.h>

#include "fuzzgen.h"
#include "storm.h"
#include "testnl.h"

#define STOP_WAIT_MS 2000
#define MAX_ERRNOS 64
#define MAX_MESSAGES 512
#define MAX_STATUSES 32
/* Requests remembered by sequence number, to name a silent error's. */
#define SEQ_RING 65536

struct count {
	int key;
	unsigned long n;
	unsigned long silent; /* errors without an extack message */
};

struct text_count {
	char *text;
	unsigned long n;
};

static struct {
	unsigned long sent, kind[FUZZ_KINDS];
	unsigned long replies, acks, errors, dumps, impls, other, overruns;
	unsigned long started, samples, ended, slow_stops;
	unsigned long waits; /* KAESBENCH_CMD_RUN_WAIT: a job behind another */
	uint64_t longest_stop_us;
	struct count send_err[MAX_ERRNOS], err[MAX_ERRNOS];
	struct count status[MAX_STATUSES];
	struct count silent[MAX_ERRNOS]; /* key: command << 16 | errno */
	unsigned int n_send_err, n_err, n_status, n_silent;
	struct text_count msg[MAX_MESSAGES], end_msg[MAX_MESSAGES];
	unsigned int n_msg, n_end_msg;
} st;

/* The command byte of each recent request (256: cut before it). */
static int sent_cmd[SEQ_RING];

static uint32_t run_id; /* our run in progress, or 0 */
static uint32_t last_id; /* of the last run we started */

static void count(struct count *table, unsigned int *n, unsigned int max,
		  int key, bool silent)
{
	unsigned int i;

	for (i = 0; i < *n && table[i].key != key; i++)
		;
	if (i == *n) {
		if (*n == max)
			return;
		table[(*n)++] = (struct count){ .key = key };
	}
	table[i].n++;
	table[i].silent += silent;
}

static void count_text(struct text_count *table, unsigned int *n,
		       const char *text)
{
	unsigned int i;

	for (i = 0; i < *n && strcmp(table[i].text, text); i++)
		;
	if (i == *n) {
		if (*n == MAX_MESSAGES)
			return;
		table[i].text = strdup(text);
		if (!table[i].text)
			return;
		(*n)++;
	}
	table[i].n++;
}

/*
 * An error without an extack message, by command: unknown commands count
 * as one (under the first seen), or they would fill the table.
 */
static void count_silent(int cmd, int err)
{
	unsigned int i;

	if (cmd > KAESBENCH_CMD_MAX) {
		for (i = 0; i < st.n_silent; i++) {
			if (st.silent[i].key >> 16 > KAESBENCH_CMD_MAX &&
			    (st.silent[i].key & 0xffff) == err) {
				st.silent[i].n++;
				return;
			}
		}
	}
	count(st.silent, &st.n_silent, MAX_ERRNOS, cmd << 16 | err, true);
}

static void account_family(const struct nlmsghdr *nlh)
{
	const struct genlmsghdr *genl = mnl_nlmsg_get_payload(nlh);
	struct tnl_job_msg j;

	if (tnl_job_msg(nlh, &j)) {
		st.other++;
		return;
	}
	switch (genl->cmd) {
	case KAESBENCH_CMD_GET_IMPLS:
		st.impls++;
		break;
	case KAESBENCH_CMD_RUN:
	case KAESBENCH_CMD_VERIFY:
		st.started++;
		if (j.has_id)
			run_id = last_id = j.id;
		break;
	case KAESBENCH_CMD_SAMPLE:
		st.samples++;
		break;
	case KAESBENCH_CMD_RUN_WAIT:
		st.waits++;
		break;
	case KAESBENCH_CMD_RUN_END:
		st.ended++;
		count(st.status, &st.n_status, MAX_STATUSES, j.status, false);
		if (j.message)
			count_text(st.end_msg, &st.n_end_msg, j.message);
		if (j.has_id && j.id == run_id)
			run_id = 0;
		break;
	default:
		st.other++;
		break;
	}
}

static void account(const void *buf, size_t len, uint16_t family)
{
	const struct nlmsghdr *nlh = buf;
	const char *msg;
	int len_left = len;
	int err;

	for (; mnl_nlmsg_ok(nlh, len_left);
	     nlh = mnl_nlmsg_next(nlh, &len_left)) {
		st.replies++;
		if (nlh->nlmsg_type == NLMSG_ERROR ||
		    nlh->nlmsg_type == NLMSG_DONE) {
			err = tnl_error(nlh, &msg);
			st.dumps += nlh->nlmsg_type == NLMSG_DONE;
			if (!err) {
				st.acks += nlh->nlmsg_type == NLMSG_ERROR;
				continue;
			}
			st.errors++;
			count(st.err, &st.n_err, MAX_ERRNOS, -err, !msg);
			if (msg)
				count_text(st.msg, &st.n_msg, msg);
			else
				count_silent(
					sent_cmd[nlh->nlmsg_seq % SEQ_RING],
					-err);
		} else if (nlh->nlmsg_type == family) {
			account_family(nlh);
		} else {
			st.other++;
		}
	}
}

/* Reads what the kernel sent, waiting up to @timeout_ms for a first part. */
static int drain(struct tnl *t, int timeout_ms)
{
	static char buf[TNL_RECV_SIZE];
	ssize_t len;

	for (;;) {
		len = tnl_recv(t, buf, sizeof(buf), timeout_ms);
		if (len == 0)
			return 0;
		if (len < 0 && errno == ENOBUFS) {
			st.overruns++;
			continue;
		}
		if (len < 0) {
			perror("receiving");
			return -1;
		}
		account(buf, len, t->family);
		timeout_ms = 0;
	}
}

/* After a cancel of our run: its end must come within STOP_WAIT_MS. */
static int wait_stopped(struct tnl *t, uint64_t since)
{
	uint64_t waited;

	while (run_id) {
		waited = tnl_now_us() - since;
		if (waited >= STOP_WAIT_MS * 1000ULL) {
			st.slow_stops++;
			fprintf(stderr,
				"run %u did not end %d ms after its cancel\n",
				run_id, STOP_WAIT_MS);
			run_id = 0;
			return -1;
		}
		if (drain(t, STOP_WAIT_MS - waited / 1000 + 1))
			return -1;
	}
	waited = tnl_now_us() - since;
	if (waited > st.longest_stop_us)
		st.longest_stop_us = waited;
	return 0;
}

static int cancel_own_run(struct tnl *t)
{
	char buf[MNL_SOCKET_BUFFER_SIZE];
	struct nlmsghdr *nlh;
	uint64_t since;

	if (!run_id)
		return 0;
	nlh = tnl_request(buf, t, KAESBENCH_CMD_CANCEL, NLM_F_ACK, 0);
	mnl_attr_put_u32(nlh, KAESBENCH_A_RUN_ID, run_id);
	since = tnl_now_us();
	if (tnl_send(t, nlh, nlh->nlmsg_len)) {
		perror("sending");
		return -1;
	}
	return wait_stopped(t, since);
}

static uint64_t fnv1a(uint64_t hash, const void *data, size_t len)
{
	const uint8_t *p = data;

	while (len--) {
		hash ^= *p++;
		hash *= 0x100000001b3ULL;
	}
	return hash;
}

static int by_count(const void *a, const void *b)
{
	const struct count *x = a, *y = b;

	return (x->n < y->n) - (x->n > y->n);
}

static int by_text_count(const void *a, const void *b)
{
	const struct text_count *x = a, *y = b;

	if (x->n != y->n)
		return (x->n < y->n) - (x->n > y->n);
	return strcmp(x->text, y->text);
}

static void summary(uint64_t hash, double seconds)
{
	unsigned int i;

	printf("stream: %016llx\n", (unsigned long long)hash);
	printf("sent: %lu in %.1f s (", st.sent, seconds);
	for (i = 0; i < FUZZ_KINDS; i++)
		printf("%s%s %lu", i ? ", " : "", fuzz_kind_name(i),
		       st.kind[i]);
	printf(")\n");
	qsort(st.send_err, st.n_send_err, sizeof(st.send_err[0]), by_count);
	for (i = 0; i < st.n_send_err; i++)
		printf("send error %s: %lu\n",
		       strerrorname_np(st.send_err[i].key) ?: "?",
		       st.send_err[i].n);
	printf("replies: %lu (acks %lu, errors %lu, dumps %lu with %lu implementations, other %lu, overruns %lu)\n",
	       st.replies, st.acks, st.errors, st.dumps, st.impls, st.other,
	       st.overruns);
	printf("jobs: %lu started, %lu samples, %lu ended, %lu waits for a turn, longest stop after a cancel %.1f ms, %lu slower than %d ms\n",
	       st.started, st.samples, st.ended, st.waits,
	       st.longest_stop_us / 1000.0, st.slow_stops, STOP_WAIT_MS);
	for (i = 0; i < st.n_status; i++)
		printf("  end status %d: %lu\n", st.status[i].key,
		       st.status[i].n);
	qsort(st.err, st.n_err, sizeof(st.err[0]), by_count);
	printf("errnos: %u distinct\n", st.n_err);
	for (i = 0; i < st.n_err; i++)
		printf("  %s (%d): %lu, %lu without a message\n",
		       strerrorname_np(st.err[i].key) ?: "?", st.err[i].key,
		       st.err[i].n, st.err[i].silent);
	qsort(st.silent, st.n_silent, sizeof(st.silent[0]), by_count);
	for (i = 0; i < st.n_silent; i++)
		printf("  without a message: %s %d, %s: %lu\n",
		       st.silent[i].key >> 16 > KAESBENCH_CMD_MAX ?
			       "unknown commands, like" :
			       "command",
		       st.silent[i].key >> 16,
		       strerrorname_np(st.silent[i].key & 0xffff) ?: "?",
		       st.silent[i].n);
	qsort(st.msg, st.n_msg, sizeof(st.msg[0]), by_text_count);
	printf("extack messages: %u distinct\n", st.n_msg);
	for (i = 0; i < st.n_msg; i++)
		printf("  \"%s\": %lu\n", st.msg[i].text, st.msg[i].n);
	qsort(st.end_msg, st.n_end_msg, sizeof(st.end_msg[0]), by_text_count);
	printf("run end messages: %u distinct\n", st.n_end_msg);
	for (i = 0; i < st.n_end_msg; i++)
		printf("  \"%s\": %lu\n", st.end_msg[i].text, st.end_msg[i].n);
}

static int fuzz(struct tnl *t, struct fuzz_rng *r, unsigned long n,
		uint64_t *hash)
{
	static char buf[FUZZ_MSG_MAX];
	unsigned long step = n >= 10 ? n / 10 : 1;
	struct fuzz_msg m;
	unsigned long i;
	uint32_t id;
	uint64_t since;

	for (i = 0; i < n; i++) {
		fuzz_generate(r, buf, i + 1, &m);
		*hash = fnv1a(*hash, buf, m.len);
		st.kind[m.kind]++;
		if (!t)
			continue;
		((struct nlmsghdr *)buf)->nlmsg_type = t->family;
		sent_cmd[(i + 1) % SEQ_RING] =
			m.len > NLMSG_HDRLEN ? (uint8_t)buf[NLMSG_HDRLEN] : 256;
		id = run_id ?: last_id;
		if (m.run_id_at)
			memcpy(buf + m.run_id_at, &id, sizeof(id));
		since = tnl_now_us();
		if (tnl_send(t, buf, m.len))
			count(st.send_err, &st.n_send_err, MAX_ERRNOS, errno,
			      false);
		st.sent++;
		if (drain(t, 0))
			return -1;
		/* A valid cancel of our run: let the next request find it gone. */
		if (m.kind == FUZZ_VALID && m.run_id_at && run_id &&
		    id == run_id && wait_stopped(t, since))
			return -1;
		if ((i + 1) % step == 0) {
			printf("progress: %lu sent\n", i + 1);
			fflush(stdout);
		}
	}
	return t ? cancel_own_run(t) : 0;
}

/* Each name once, as a one-case verification: refused, or to its end. */
static int warm_up(struct tnl *t)
{
	struct storm_spec spec = { .depth = 1 };
	const char *const *names;
	unsigned int i, n, started = 0, refused = 0;
	struct storm_io io;
	uint32_t seq = 1;
	int alg, err;

	for (alg = 0; alg < 2; alg++) {
		names = fuzz_names(alg, &n);
		for (i = 0; i < n; i++) {
			spec.driver = names[i];
			spec.by_alg = alg;
			err = storm_verify(t, &spec, 1, &io, seq++);
			if (err == -EBUSY || err == -ETIMEDOUT || err == -EIO) {
				fprintf(stderr, "warm-up: %s: %s\n", names[i],
					strerror(-err));
				return -1;
			}
			if (err) {
				refused++;
				continue;
			}
			started++;
			if (storm_await(t, &io, &io.ended, 30000)) {
				fprintf(stderr, "warm-up: %s: no end\n",
					names[i]);
				return -1;
			}
		}
	}
	printf("warm-up: %u names verified, %u refused\n", started, refused);
	return 0;
}

static int usage(void)
{
	fprintf(stderr,
		"usage: kaesbench-fuzz [-s SEED] [-n COUNT] [-u UID[:GID]] [-p | -w]\n");
	return 2;
}

int main(int argc, char *argv[])
{
	uint64_t seed = time(NULL) ^ ((uint64_t)getpid() << 32);
	uint64_t hash = 0xcbf29ce484222325ULL;
	unsigned long n = 10000;
	const char *user = NULL;
	bool print_only = false, warm = false;
	struct fuzz_rng r;
	struct tnl t;
	uint64_t start;
	char *end;
	int opt, ret;

	setvbuf(stdout, NULL, _IOLBF, 0);
	while ((opt = getopt(argc, argv, "s:n:u:pw")) != -1) {
		switch (opt) {
		case 's':
			seed = strtoull(optarg, &end, 0);
			if (*end || end == optarg)
				return usage();
			break;
		case 'n':
			n = strtoul(optarg, &end, 0);
			if (*end || end == optarg)
				return usage();
			break;
		case 'u':
			user = optarg;
			break;
		case 'p':
			print_only = true;
			break;
		case 'w':
			warm = true;
			break;
		default:
			return usage();
		}
	}
	if (optind != argc)
		return usage();
	if (user && tnl_drop_privileges(user))
		return 1;
	if (warm) {
		ret = tnl_open(&t) || warm_up(&t);
		tnl_close(&t);
		return ret ? 1 : 0;
	}
	printf("kaesbench-fuzz: seed %llu, %lu messages, uid %u\n",
	       (unsigned long long)seed, n, getuid());
	fuzz_seed(&r, seed);
	start = tnl_now_us();
	if (print_only) {
		fuzz(NULL, &r, n, &hash);
		summary(hash, (tnl_now_us() - start) / 1e6);
		return 0;
	}
	if (tnl_open(&t))
		return 1;
	ret = fuzz(&t, &r, n, &hash);
	tnl_close(&t);
	summary(hash, (tnl_now_us() - start) / 1e6);
	if (st.other) {
		fprintf(stderr,
			"%lu replies were not kaesbench or control messages\n",
			st.other);
		ret = -1;
	}
	return ret || st.slow_stops ? 1 : 0;
}
