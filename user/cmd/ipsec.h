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

#include "ipsec/esp.h"
#include "path/command.h"

struct kb_ipsec_cli {
	struct kb_path_cli path; /* what every path command takes */
	struct kb_esp_choice esp; /* -a */
	bool tunnel; /* --mode */
};

int kb_ipsec_parse(int argc, char *argv[], struct kb_ipsec_cli *o);
void kb_ipsec_cli_free(struct kb_ipsec_cli *o);
int kb_ipsec_main(int argc, char *argv[]);

#endif /* KAESBENCH_CMD_IPSEC_H */
