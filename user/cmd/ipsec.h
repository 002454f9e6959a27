/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * `kaesbench ipsec`: real ESP SAs between two network namespaces.
 */
#ifndef KAESBENCH_CMD_IPSEC_H
#define KAESBENCH_CMD_IPSEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bench/imix.h"
#include "bench/runner.h"
#include "bench/sizes.h"
#include "ipsec/esp.h"

enum kb_ipsec_output {
	KB_IPSEC_OUT_TABLE,
	KB_IPSEC_OUT_JSON,
	KB_IPSEC_OUT_CSV,
};

struct kb_ipsec_cli {
	struct kb_esp_choice esp;
	const char *driver; /* -d */
	bool all_impls;
	unsigned int key_bits;
	struct kb_sizes sizes;
	struct kb_imix imix;
	uint32_t ms;
	uint32_t repeats;
	uint32_t diff_packets;
	bool tunnel;
	bool no_ceiling;
	bool iperf3;
	struct kb_wait_opt wait; /* --wait, --no-wait: behind another ipsec */
	bool force_raise;
	enum kb_ipsec_output output;
	const char *output_file;
	bool help;
};

int kb_ipsec_parse(int argc, char *argv[], struct kb_ipsec_cli *o);
void kb_ipsec_cli_free(struct kb_ipsec_cli *o);
int kb_ipsec_main(int argc, char *argv[]);

#endif /* KAESBENCH_CMD_IPSEC_H */
