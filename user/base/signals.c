// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The handlers are installed without SA_RESTART, so that a signal also
 * interrupts the poll() or the system call a loop is blocked in.
 */

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>

#include "base/signals.h"

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

/**
 * kb_signals_install() - make SIGINT and SIGTERM stop the runs
 *
 * A second signal kills the tool outright (SA_RESETHAND), in case the
 * kernel does not let go.
 *
 * Return: 0, or -1 with errno set.
 */
int kb_signals_install(void)
{
	struct sigaction sa = { .sa_handler = on_signal,
				.sa_flags = SA_RESETHAND };

	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGINT, &sa, NULL) || sigaction(SIGTERM, &sa, NULL))
		return -1;
	return 0;
}

/**
 * kb_interrupted() - whether SIGINT or SIGTERM arrived
 *
 * Return: true once one did.
 */
bool kb_interrupted(void)
{
	return stop;
}
