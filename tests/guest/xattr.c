/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A getfattr/setfattr stand-in for the guest tests (busybox has neither):
 *   xattr get FILE NAME        prints the value, without a newline
 *   xattr set FILE NAME VALUE  sets it
 *   xattr remove FILE NAME     removes it
 *   xattr list FILE            prints the names, one a line
 *   xattr write FILE DATA      writes the bytes of the file DATA to FILE in
 *                              one write(), then prints what FILE reads back
 *                              (for securityfs transaction nodes)
 */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/xattr.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	char buf[65536];
	ssize_t n, i;

	if (argc == 4 && strcmp(argv[1], "get") == 0) {
		n = lgetxattr(argv[2], argv[3], buf, sizeof(buf));
		if (n < 0)
			goto fail;
		fwrite(buf, 1, (size_t)n, stdout);
		return 0;
	}
	if (argc == 5 && strcmp(argv[1], "set") == 0) {
		if (lsetxattr(argv[2], argv[3], argv[4], strlen(argv[4]), 0) < 0)
			goto fail;
		return 0;
	}
	if (argc == 4 && strcmp(argv[1], "remove") == 0) {
		if (lremovexattr(argv[2], argv[3]) < 0)
			goto fail;
		return 0;
	}
	if (argc == 3 && strcmp(argv[1], "list") == 0) {
		n = llistxattr(argv[2], buf, sizeof(buf));
		if (n < 0)
			goto fail;
		for (i = 0; i < n; i += (ssize_t)strlen(buf + i) + 1)
			puts(buf + i);
		return 0;
	}
	if (argc == 4 && strcmp(argv[1], "write") == 0) {
		int fd = open(argv[3], O_RDONLY);

		if (fd < 0 || (n = read(fd, buf, sizeof(buf))) < 0)
			goto fail;
		close(fd);
		fd = open(argv[2], O_RDWR);
		if (fd < 0 || write(fd, buf, (size_t)n) != n)
			goto fail;
		n = read(fd, buf, sizeof(buf));
		if (n < 0)
			goto fail;
		fwrite(buf, 1, (size_t)n, stdout);
		return 0;
	}
	fprintf(stderr, "usage: xattr get FILE NAME | set FILE NAME VALUE | list FILE | write FILE DATA\n");
	return 2;
fail:
	fprintf(stderr, "xattr: %s %s: %s\n", argv[1], argv[2], strerror(errno));
	return 1;
}
