/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libsigil: the label of a connected socket's peer (sigil.h,
 * sigil_peer_label(3)).
 */
#include <config.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "sigil.h"

int sigil_peer_label(int fd, char **label)
{
	socklen_t size = 256, len;
	char *buf = NULL, *p;

	for (;;) {
		p = realloc(buf, size + 1);
		if (!p) {
			free(buf);
			return -ENOMEM;
		}
		buf = p;
		len = size;
		if (getsockopt(fd, SOL_SOCKET, SO_PEERSEC, buf, &len) == 0)
			break;
		if (errno != ERANGE || len <= size) {
			const int err = -errno;

			free(buf);
			return err;
		}
		size = len;
	}
	/* SELinux and Sigil count a trailing NUL, others may not. */
	buf[len] = '\0';
	if (len == 0 || buf[0] == '\0') {
		free(buf);
		return -ENOPROTOOPT;
	}
	*label = buf;
	return 0;
}
