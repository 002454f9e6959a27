/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Text from saved documents put into HTML and SVG: never as markup.
 */
#ifndef KAESBENCH_OUTPUT_HTML_ESCAPE_H
#define KAESBENCH_OUTPUT_HTML_ESCAPE_H

#include <stdio.h>

void kb_html_escape(FILE *f, const char *s);

#endif /* KAESBENCH_OUTPUT_HTML_ESCAPE_H */
