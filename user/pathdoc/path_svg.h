/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * A path implementation's chart in the report.
 */
#ifndef KAESBENCH_PATHDOC_PATH_SVG_H
#define KAESBENCH_PATHDOC_PATH_SVG_H

#include <stdbool.h>
#include <stdio.h>

#include "pathdoc/path_doc.h"
#include "pathdoc/saved_path.h"

bool kb_report_path_svg(FILE *f, const struct kb_saved_path *impl,
			const char *protocol, const struct kb_path_words *w);

#endif /* KAESBENCH_PATHDOC_PATH_SVG_H */
