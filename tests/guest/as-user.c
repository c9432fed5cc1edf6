/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * as-user [-M] UID COMMAND [ARG]...: runs COMMAND as UID (group UID, no
 * supplementary groups), for guest tests (busybox has no setuidgid).
 * -M drops CAP_MAC_ADMIN from the bounding set first (root without it).
 */
#include <config.h>

#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>
#include <linux/capability.h>

int main(int argc, char **argv)
{
	uid_t id;

	if (argc > 1 && !strcmp(argv[1], "-M")) {
		if (prctl(PR_CAPBSET_DROP, CAP_MAC_ADMIN, 0, 0, 0)) {
			perror("as-user: PR_CAPBSET_DROP");
			return 125;
		}
		argv++;
		argc--;
	}
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
