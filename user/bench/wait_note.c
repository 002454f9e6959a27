// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Where the progress line is shown the note is that line, rewritten as the
 * job ahead changes; elsewhere (a script, CI, --quiet) one line on
 * standard error per change, so that a log shows why a run started late.
 */

#include <stdio.h>

#include <linux/kaesbench.h>

#include "base/progress.h"
#include "bench/wait_note.h"

/**
 * kb_wait_format() - say whose job a kernel job waits for
 * @buf: where to
 * @len: its size
 * @w: the job ahead, as the kernel last described it
 *
 * "waiting for run 12 of pid 345 (kaesbench): 3 s in, 20 s stated"; a
 * verification states no duration; ", stopping" once it was told to stop;
 * "; 2 jobs ahead" when others wait before this one.
 *
 * Return: what snprintf() returns.
 */
int kb_wait_format(char *buf, size_t len, const struct kb_wait *w)
{
	char stated[32] = "", ahead[32] = "";

	if (w->stated_ms)
		snprintf(stated, sizeof(stated), ", %llu s stated",
			 (unsigned long long)(w->stated_ms + 999) / 1000);
	if (w->ahead > 1)
		snprintf(ahead, sizeof(ahead), "; %u jobs ahead", w->ahead);
	return snprintf(buf, len,
			"waiting for %s %u of pid %u (%s): %llu s in%s%s%s",
			w->cmd == KAESBENCH_CMD_VERIFY ? "verification" : "run",
			w->job_id, w->pid, w->comm,
			(unsigned long long)w->elapsed_ms / 1000, stated,
			w->stopping ? ", stopping" : "", ahead);
}

/**
 * kb_wait_say() - tell whoever runs the tool what it waits for
 * @text: "waiting for ...", as kb_wait_format() words it
 *
 * Kernel jobs' waits and the tool's own turns (a path command waiting
 * for another, path/turn.c) are told the same way.
 */
void kb_wait_say(const char *text)
{
	if (kb_progress_shown())
		kb_progress_show("%s", text);
	else
		fprintf(stderr, "kaesbench: %s\n", text);
}

/**
 * kb_wait_note() - tell whoever runs the tool that its job waits
 * @w: the job ahead
 */
void kb_wait_note(const struct kb_wait *w)
{
	char text[256];

	kb_wait_format(text, sizeof(text), w);
	kb_wait_say(text);
}
