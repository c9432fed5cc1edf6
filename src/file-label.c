/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libsigil: file labels, read and written as extended attributes
 * (sigil.h, sigil_file_get(3)).
 */
#include <config.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/xattr.h>

#include "sigil.h"

int sigil_file_get(const char *path, const char *xattr, int follow,
		   char **value)
{
	ssize_t n;
	char *buf;

	for (;;) {
		n = follow ? getxattr(path, xattr, NULL, 0) :
			     lgetxattr(path, xattr, NULL, 0);
		if (n < 0)
			return -errno;
		buf = malloc((size_t)n + 1);
		if (!buf)
			return -ENOMEM;
		n = follow ? getxattr(path, xattr, buf, (size_t)n) :
			     lgetxattr(path, xattr, buf, (size_t)n);
		if (n >= 0)
			break;
		free(buf);
		/* The label grew between the two calls: ask again. */
		if (errno != ERANGE)
			return -errno;
	}
	buf[n] = '\0';
	if (n && buf[n - 1] == '\0')
		buf[n - 1] = '\0';
	*value = buf;
	return 0;
}

int sigil_file_set(const char *path, const char *xattr, int follow,
		   const char *value)
{
	const size_t len = strlen(value);
	int r;

	r = follow ? setxattr(path, xattr, value, len, 0) :
		     lsetxattr(path, xattr, value, len, 0);
	return r < 0 ? -errno : 0;
}
