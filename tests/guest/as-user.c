/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * as-user UID COMMAND [ARG]...: runs COMMAND as UID (group UID, no
 * supplementary groups), for guest tests (busybox has no setuidgid).
 */
#include <config.h>

#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	uid_t id;

	if (argc < 3) {
		fprintf(stderr, "usage: as-user UID COMMAND [ARG]...\n");
		return 125;
	}
	id = (uid_t)strtoul(argv[1], NULL, 10);
	if (setgroups(0, NULL) || setgid(id) || setuid(id)) {
		perror("as-user");
		return 125;
	}
	execvp(argv[2], argv + 2);
	perror("as-user: exec");
	return 127;
}
