/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The result of one operation of task-ops and file-ops: "ok", or the
 * errno name; returns the exit status, 0 or 1.
 */
#ifndef SIGIL_TESTS_RESULT_H
#define SIGIL_TESTS_RESULT_H

#include <errno.h>
#include <stdio.h>
#include <string.h>

static inline int result(int ok)
{
	if (ok) {
		puts("ok");
		return 0;
	}
	printf("%s\n", strerrorname_np(errno) ? strerrorname_np(errno) : strerror(errno));
	return 1;
}

#endif
