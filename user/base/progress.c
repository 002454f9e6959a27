// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * A sweep measures for minutes without printing: the line says where it
 * is and how long is left. The line is written as "\r", the text, then
 * "\033[K" (erase to the end of the line), so a shorter text leaves
 * nothing of a longer one, and cut to the terminal's width, since a line
 * that wraps can no longer be rewritten with "\r". Time left is what is
 * left of the plan at the pace so far, which includes the verification
 * and warm-up of each run, not only its samples.
 */

#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "base/clock.h"
#include "base/progress.h"

#define LINE_MAX_LEN 512

static struct {
	bool set; /* where to was decided */
	FILE *f; /* the terminal, or NULL */
	unsigned int columns; /* its width, 0 if unknown */
	bool shown; /* a line is on it, to be erased */
	bool planned; /* @left is known */
	size_t left; /* samples still to come */
	size_t done; /* samples since the first plan */
	double start; /* of the first plan */
} line;

/* Standard error if it is a terminal, unless told otherwise first. */
static FILE *out(void)
{
	struct winsize ws;

	if (!line.set) {
		line.set = true;
		if (isatty(STDERR_FILENO)) {
			line.f = stderr;
			if (!ioctl(STDERR_FILENO, TIOCGWINSZ, &ws))
				line.columns = ws.ws_col;
		}
	}
	return line.f;
}

/**
 * kb_progress_to() - where the line goes
 * @f: the terminal, or NULL for no line at all (--quiet)
 * @columns: its width, or 0 for no limit
 *
 * Without a call, the line goes to standard error when it is a terminal.
 */
void kb_progress_to(FILE *f, unsigned int columns)
{
	line.set = true;
	line.f = f;
	line.columns = columns;
	line.shown = false;
}

/**
 * kb_progress_plan() - say how many samples the command still has to take
 * @samples: from now on, in every run left
 *
 * From then on the line says how long is left. A command may plan again
 * as it learns more (the sweep does per algorithm): the count is replaced.
 */
void kb_progress_plan(size_t samples)
{
	if (!line.planned) {
		line.start = kb_now();
		line.done = 0;
	}
	line.planned = true;
	line.left = samples;
}

static int format_left(char *buf, size_t len, double s)
{
	unsigned long t = s + 0.5;

	if (!t)
		return snprintf(buf, len, ", under a second left");
	if (t < 60)
		return snprintf(buf, len, ", about %lu s left", t);
	if (t < 3600)
		return snprintf(buf, len, ", about %lu min %lu s left", t / 60,
				t % 60);
	return snprintf(buf, len, ", about %lu h %lu min left", t / 3600,
			t / 60 % 60);
}

/**
 * kb_progress_format() - the line's text for a sample
 * @buf: where to write
 * @len: size of @buf
 * @step: the sample
 * @left_s: seconds left for the whole command, or below 0 if unknown
 *
 * Return: the length of the text, as snprintf() counts it.
 */
int kb_progress_format(char *buf, size_t len,
		       const struct kb_progress_step *step, double left_s)
{
	int n = snprintf(buf, len,
			 "%s %s %" PRIu32 " B, sample %" PRIu32 "/%" PRIu32,
			 step->alg, step->who, step->size, step->sample,
			 step->samples);

	if (left_s >= 0 && n >= 0 && (size_t)n < len)
		n += format_left(buf + n, len - n, left_s);
	return n;
}

/* Rewrites the line in place, cut to the terminal's width. */
static void draw(const char *text)
{
	FILE *f = out();
	size_t len = strlen(text);

	if (!f)
		return;
	/* The last column left free: a full line wraps on some terminals. */
	if (line.columns && len >= line.columns)
		len = line.columns - 1;
	fprintf(f, "\r%.*s\033[K", (int)len, text);
	fflush(f);
	line.shown = true;
}

/**
 * kb_progress_sample() - a sample arrived: say where the command is
 * @step: the sample
 */
void kb_progress_sample(const struct kb_progress_step *step)
{
	char text[LINE_MAX_LEN];
	double left = -1;

	line.done++;
	if (line.planned && line.left)
		line.left--;
	if (line.planned && line.left)
		left = (kb_now() - line.start) / line.done * line.left;
	if (!out())
		return;
	kb_progress_format(text, sizeof(text), step, left);
	draw(text);
}

/**
 * kb_progress_shown() - whether the line is shown at all
 *
 * Return: true on a terminal, unless told otherwise (--quiet).
 */
bool kb_progress_shown(void)
{
	return out();
}

/**
 * kb_progress_show() - put some other text on the line
 * @fmt: printf() format, such as "verifying %s"
 */
void kb_progress_show(const char *fmt, ...)
{
	char text[LINE_MAX_LEN];
	va_list ap;

	if (!out())
		return;
	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	draw(text);
}

/**
 * kb_progress_erase() - take the line off the terminal
 *
 * Called when a run ends, so that whatever follows (a table, a note, an
 * error) starts on an empty line. Nothing is written when no line is
 * shown.
 */
void kb_progress_erase(void)
{
	if (!line.shown || !line.f)
		return;
	fputs("\r\033[K", line.f);
	fflush(line.f);
	line.shown = false;
}
