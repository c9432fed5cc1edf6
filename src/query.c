/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libsigil: questions to Sigil's policy through its access node
 * (sigil.h, sigil_query(3)).
 */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sigil.h"

int sigil_query(const char *query, char **answer)
{
	char buf[1100];
	ssize_t n = 0;
	int fd, err = 0;

	fd = open("/sys/kernel/security/sigil/access", O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (write(fd, query, strlen(query)) < 0 ||
	    (n = read(fd, buf, sizeof(buf) - 1)) < 0)
		err = -errno;
	close(fd);
	if (err)
		return err;
	buf[n] = '\0';
	*answer = strdup(buf);
	if (!*answer)
		return -ENOMEM;
	(*answer)[strcspn(*answer, "\n")] = '\0';
	return 0;
}
