// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Escaping for HTML and SVG. Saved documents travel between machines and
 * people: a driver name or a message could hold "<script>", and a report
 * opened in a browser must show it, not run it.
 */

#include "output/html_escape.h"

/**
 * kb_html_escape() - print text as HTML character data or attribute value
 * @f: where to
 * @s: the text; NULL, "not recorded", prints "-"
 *
 * Escapes the five characters that can end text or an attribute in HTML
 * and XML alike, so the result also fits inside an SVG element. Control
 * characters other than tab and line feed, invalid in XML, print as a
 * replacement character.
 */
void kb_html_escape(FILE *f, const char *s)
{
	if (!s) {
		fputc('-', f);
		return;
	}
	for (; *s; s++) {
		switch (*s) {
		case '&':
			fputs("&amp;", f);
			break;
		case '<':
			fputs("&lt;", f);
			break;
		case '>':
			fputs("&gt;", f);
			break;
		case '"':
			fputs("&quot;", f);
			break;
		case '\'':
			fputs("&#39;", f);
			break;
		default:
			if ((unsigned char)*s < 0x20 && *s != '\t' &&
			    *s != '\n')
				fputs("\xef\xbf\xbd", f);
			else
				fputc(*s, f);
		}
	}
}
