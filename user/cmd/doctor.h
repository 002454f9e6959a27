/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * `kaesbench doctor`: which AES path this machine really uses, and why not
 * the fast one.
 */
#ifndef KAESBENCH_CMD_DOCTOR_H
#define KAESBENCH_CMD_DOCTOR_H

#include <stdbool.h>

struct kb_doc_opts {
	bool json;
	bool quick; /* static checks only */
	bool help;
};

int kb_doctor_parse(int argc, char *argv[], struct kb_doc_opts *o);
int kb_doctor_main(int argc, char *argv[]);

#endif /* KAESBENCH_CMD_DOCTOR_H */
