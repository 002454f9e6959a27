// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * libFuzzer harness: the tool's netlink parsers on whatever a module could
 * send. The first byte picks what the rest, a stream of netlink messages as
 * one recvfrom() returns them, answers:
 *
 *   0  a run or a verification (the reply, samples, the end, error acks
 *      with extack and policy bounds), then the run's tables, JSON, CSV
 *      and -mr lines, and the report of a refusal naming the option
 *   1  KAESBENCH_CMD_GET_IMPLS, then the list for people, scripts and JSON
 *   2  the generic netlink controller's description of the family
 *
 * Each stream goes through what kb_genl_recv() runs on a received buffer,
 * the length check included: the netlink layer's kb_nl_run_batch().
 */

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "netlink/kaesbench_genl.h"
#include "netlink/ack.h"
#include "netlink/genl_family.h"

#include "bench/result.h"
#include "bench/run_options.h"
#include "kernel/impls.h"
#include "bench/job_messages.h"
#include "runs/run_csv.h"
#include "output/impl_list.h"
#include "runs/run_json.h"
#include "runs/speed_mr.h"
#include "runs/table.h"
#include "runs/verify_report.h"

static FILE *devnull;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	devnull = fopen("/dev/null", "w");
	return devnull ? 0 : -1;
}

/* The request a refusal points into, as the runner builds one. */
static struct nlmsghdr *request(void *buf)
{
	struct kb_genl g = { .family = 0x20 };
	struct nlmsghdr *nlh = kb_genl_request(&g, buf, KAESBENCH_CMD_RUN, 0);
	static const uint32_t sizes[] = { 16, 1420, 65536 };

	mnl_attr_put_strz(nlh, KAESBENCH_A_RUN_DRIVER, "cbc-aes-aesni");
	mnl_attr_put(nlh, KAESBENCH_A_RUN_SIZES, sizeof(sizes), sizes);
	mnl_attr_put_u32(nlh, KAESBENCH_A_RUN_DEPTH, 65);
	mnl_attr_put_u32(nlh, KAESBENCH_A_RUN_SAMPLES, 5);
	return nlh;
}

/* What the commands print of a run, as they print it. */
static void print_run(struct kb_run *run)
{
	struct json_object *o;

	if (run->state != KB_RUN_REFUSED)
		kb_print_run_table(devnull, run, 100, 5, NULL);
	kb_print_verify_table(devnull, run, 1, true);
	o = kb_run_to_json(run);
	json_object_put(o);
	o = kb_verify_to_json(run);
	json_object_put(o);
	kb_print_runs_csv(devnull, run, 1, KB_CSV_SUMMARY);
	kb_print_runs_csv(devnull, run, 1, KB_CSV_SAMPLES);
	kb_print_runs_mr(devnull, devnull, &run->sizes, run, 1);
}

static void job(const void *buf, size_t len)
{
	static const uint32_t sizes[] = { 16, 64, 1420, 4096 };
	char req_buf[MNL_SOCKET_BUFFER_SIZE];
	struct kb_run run = { .selected = -1 };
	struct kb_nl_reply r = { .cb = kb_run_msg_cb,
				 .data = &run,
				 .req = request(req_buf),
				 .attr_name = kb_run_attr_option };

	/* Until the kernel's reply names them, what was asked for. */
	run.impl.alg_name = strdup("cbc(aes)");
	run.impl.driver_name = strdup("-");
	if (!run.impl.alg_name || !run.impl.driver_name ||
	    kb_sizes_copy(&run.sizes, sizes, 4)) {
		kb_run_release(&run);
		return;
	}
	kb_nl_run_batch(buf, len, 0, 0, &r, true);
	kb_nl_report(devnull, &r, EINVAL, "starting the run");
	print_run(&run);
	free(r.msg);
	kb_run_release(&run);
}

static void impls(const void *buf, size_t len)
{
	struct kb_impl_list list = { 0 };
	struct kb_nl_reply r = { .cb = kb_impl_list_cb, .data = &list };

	kb_nl_run_batch(buf, len, 0, 0, &r, false);
	kb_nl_report(devnull, &r, EINVAL, "listing implementations");
	kb_print_people(devnull, &list);
	kb_print_dump(devnull, &list);
	kb_print_json(devnull, &list, NULL, NULL);
	free(r.msg);
	kb_impl_list_free(&list);
}

static void family(const void *buf, size_t len)
{
	struct kb_nl_family f = { 0 };
	struct kb_nl_reply r = { .cb = kb_nl_family_cb, .data = &f };

	kb_nl_run_batch(buf, len, 0, 0, &r, false);
	free(r.msg);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	void *buf;

	if (!size)
		return 0;
	/* Aligned, as a receive buffer is. */
	buf = malloc(size - 1 ? size - 1 : 1);
	if (!buf)
		return 0;
	memcpy(buf, data + 1, size - 1);
	switch (data[0] % 3) {
	case 0:
		job(buf, size - 1);
		break;
	case 1:
		impls(buf, size - 1);
		break;
	case 2:
		family(buf, size - 1);
		break;
	}
	free(buf);
	return 0;
}
