/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * A path command's results as a table, CSV or JSON.
 */
#ifndef KAESBENCH_PATHDOC_PATH_PRINT_H
#define KAESBENCH_PATHDOC_PATH_PRINT_H

#include <stdio.h>

#include "path/command.h"
#include "path/result.h"
#include "pathdoc/path_doc.h"

int kb_path_print(FILE *f, const struct kb_path_doc *doc,
		  const struct kb_path_run *run, enum kb_path_output output);

#endif /* KAESBENCH_PATHDOC_PATH_PRINT_H */
