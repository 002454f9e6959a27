/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * `kaesbench list`: the AES implementations the crypto API has registered.
 */
#ifndef KAESBENCH_CMD_LIST_H
#define KAESBENCH_CMD_LIST_H

#include <stdbool.h>

enum kb_list_format { KB_LIST_PEOPLE, KB_LIST_DUMP, KB_LIST_JSON };

struct kb_list_opts {
	enum kb_list_format format;
	bool help;
};

int kb_list_parse(int argc, char *argv[], struct kb_list_opts *opts);
int kb_list_main(int argc, char *argv[]);

#endif /* KAESBENCH_CMD_LIST_H */
