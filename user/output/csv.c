// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * A CSV field, quoted as RFC 4180 says: what every kind's CSV writes its
 * cells with.
 */

#include <stdio.h>
#include <string.h>

#include "output/csv.h"

/**
 * kb_csv_prefixed_field() - print one field, quoted as RFC 4180 says
 * @f: where to
 * @prefix: printed at the field's start, as it is: no comma, double quote
 *          or line break in it ("ratio ")
 * @s: the rest of the field; NULL prints an empty field
 *
 * A field holding a comma, a double quote or a line break is enclosed in
 * double quotes, each of its double quotes doubled.
 */
void kb_csv_prefixed_field(FILE *f, const char *prefix, const char *s)
{
	if (!s)
		return;
	if (!s[strcspn(s, ",\"\r\n")]) {
		fprintf(f, "%s%s", prefix, s);
		return;
	}
	fprintf(f, "\"%s", prefix);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

/**
 * kb_csv_field() - print one field, quoted as RFC 4180 says
 * @f: where to
 * @s: the field; NULL prints an empty field
 */
void kb_csv_field(FILE *f, const char *s)
{
	kb_csv_prefixed_field(f, "", s);
}
