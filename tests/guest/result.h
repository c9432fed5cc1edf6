/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What task-ops, file-ops and object-ops share: the result of one
 * operation, "ok" or the errno name (result() returns the exit status, 0
 * or 1), and the label of the next execve (set_exec()).
 */
#ifndef SIGIL_TESTS_RESULT_H
#define SIGIL_TESTS_RESULT_H

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static inline int result(int ok)
{
	if (ok) {
		puts("ok");
		return 0;
	}
	printf("%s\n", strerrorname_np(errno) ? strerrorname_np(errno) : strerror(errno));
	return 1;
}

/* Writes @label to this thread's attr/exec; -1 after saying why. */
static inline int set_exec(const char *label)
{
	int fd = open("/proc/thread-self/attr/exec", O_WRONLY);

	if (fd < 0 || write(fd, label, strlen(label)) < 0) {
		perror("attr/exec");
		return -1;
	}
	close(fd);
	return 0;
}

#endif
