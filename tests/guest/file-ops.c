/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * File operations for the confinement tests; each prints "ok" or the
 * errno name of the step that failed, and exits 0 or 1:
 *   file-ops tmpfile DIR            open(DIR, O_TMPFILE|O_WRONLY) and write
 *   file-ops tmpfile-link DIR PATH  the same, then write a script into it,
 *                                   linkat(2) it as PATH, chmod 755
 *   file-ops hold FILE r|w|a|l GO   open FILE, read or write it once, then
 *                                   wait until the path GO exists and do
 *                                   it again: prints two results
 *                                   (mode l: open FILE read-only and
 *                                   take a shared flock(2) each time)
 *   file-ops getxattr FILE NAME     getxattr(2) NAME of FILE
 *   file-ops open-loop FILE N       open FILE read-only N times: "EACCES"
 *                                   if every open was refused so
 *   file-ops setxattr FILE NAME V   setxattr(2) NAME of FILE to V
 *   file-ops setacl FILE            set FILE's access ACL to u::rw-,
 *                                   g::r--, o::r-- (system.posix_acl_access)
 *   file-ops mmap FILE PROT         mmap(2) FILE with PROT, from "r", "rw"
 *                                   (MAP_SHARED), "rx"; the file is opened
 *                                   read-write for "rw", else read-only
 *   file-ops mprotect FILE          mmap(2) it PROT_READ, then mprotect(2)
 *                                   PROT_READ|PROT_EXEC
 *   file-ops send FILE r|w LABEL    open FILE, then pass the descriptor by
 *                                   SCM_RIGHTS to a child that runs as
 *                                   LABEL (attr/exec) and prints "ok" if
 *                                   it arrived and could be used, else the
 *                                   errno name or "ECTRUNC"
 *   file-ops receive FD r|w         that child
 *   file-ops move-mount DIR         a tmpfs made with the new mount API
 *                                   (fsopen, fsconfig, fsmount), attached
 *                                   on DIR by move_mount(2)
 *   file-ops overwrite FILE HOW     open FILE O_WRONLY|O_APPEND, then try
 *                                   to change its first bytes by HOW:
 *                                   append (a plain write, at the end),
 *                                   noappend (pwritev2 RWF_NOAPPEND at 0),
 *                                   punch, zero (fallocate modes on the
 *                                   first 4096 bytes), copy-range
 *                                   (copy_file_range into it at 0),
 *                                   splice (from a pipe), truncate
 *                                   (ftruncate to 0), setfl (F_SETFL
 *                                   without O_APPEND, then pwrite at 0),
 *                                   ficlone (a file system's ioctl, which
 *                                   may rewrite), isatty (an ioctl that
 *                                   only asks: ENOTTY)
 */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <linux/falloc.h>
#include <linux/fs.h>
#include <linux/mount.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/ioctl.h>
#include <sys/uio.h>
#include <termios.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <time.h>
#include <unistd.h>

#include "result.h"

/* Linux 6.9's, which older C libraries do not name. */
#ifndef RWF_NOAPPEND
#define RWF_NOAPPEND 0x00000020
#endif

static int open_mode(const char *file, char mode)
{
	return open(file, mode == 'r' || mode == 'l' ? O_RDONLY :
			  mode == 'a' ? O_WRONLY | O_APPEND : O_WRONLY);
}

/* One read or write through @fd; true on success. */
static int use(int fd, char mode)
{
	char c;

	if (mode == 'r')
		return read(fd, &c, 1) >= 0;
	if (mode == 'l')
		return !flock(fd, LOCK_SH) && !flock(fd, LOCK_UN);
	return write(fd, "x\n", 2) == 2;
}

static int open_loop(const char *file, long n)
{
	long i;
	int fd;

	for (i = 0; i < n; i++) {
		fd = open(file, O_RDONLY);
		if (fd >= 0 || errno != EACCES) {
			if (fd >= 0)
				close(fd);
			printf("open %ld of %ld was not refused with EACCES\n",
			       i + 1, n);
			return 1;
		}
	}
	errno = EACCES;
	return result(0);
}

static int get_xattr(const char *file, const char *name)
{
	char buf[256];

	return result(getxattr(file, name, buf, sizeof(buf)) >= 0);
}

static int set_xattr(const char *file, const char *name, const char *value)
{
	return result(!setxattr(file, name, value, strlen(value), 0));
}

/* The xattr form of an access ACL: a version, then tag, perm, id each. */
static int set_acl(const char *file)
{
	static const unsigned char acl[] = {
		2, 0, 0, 0,
		0x01, 0, 6, 0, 0xff, 0xff, 0xff, 0xff,	/* ACL_USER_OBJ rw */
		0x04, 0, 4, 0, 0xff, 0xff, 0xff, 0xff,	/* ACL_GROUP_OBJ r */
		0x20, 0, 4, 0, 0xff, 0xff, 0xff, 0xff,	/* ACL_OTHER r */
	};

	return result(!setxattr(file, "system.posix_acl_access", acl,
				sizeof(acl), 0));
}

static int tmpfile_link(const char *dir, const char *path)
{
	static const char script[] = "#!/bin/sh\necho escaped\n";
	char fdpath[64];
	int fd;

	fd = open(dir, O_TMPFILE | O_WRONLY, 0700);
	if (fd < 0 || write(fd, script, sizeof(script) - 1) < 0)
		return result(0);
	if (!path)
		return result(1);
	snprintf(fdpath, sizeof(fdpath), "/proc/self/fd/%d", fd);
	if (linkat(AT_FDCWD, fdpath, AT_FDCWD, path, AT_SYMLINK_FOLLOW) < 0)
		return result(0);
	return result(chmod(path, 0755) == 0);
}

static int hold(const char *file, char mode, const char *go)
{
	const struct timespec tick = { 0, 20 * 1000 * 1000 };
	int fd = open_mode(file, mode), i;

	if (fd < 0)
		return result(0);
	result(use(fd, mode));
	fflush(stdout);
	for (i = 0; i < 3000 && access(go, F_OK); i++)
		nanosleep(&tick, NULL);
	return result(use(fd, mode));
}

static int map(const char *file, const char *prot)
{
	int rw = !strcmp(prot, "rw"), fd, p = PROT_READ;
	void *m;

	fd = open(file, rw ? O_RDWR : O_RDONLY);
	if (fd < 0)
		return result(0);
	if (rw)
		p |= PROT_WRITE;
	if (strchr(prot, 'x'))
		p |= PROT_EXEC;
	m = mmap(NULL, 4096, p, rw ? MAP_SHARED : MAP_PRIVATE, fd, 0);
	return result(m != MAP_FAILED);
}

static int map_protect(const char *file)
{
	int fd = open(file, O_RDONLY);
	void *m;

	if (fd < 0)
		return result(0);
	m = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE, fd, 0);
	if (m == MAP_FAILED)
		return result(0);
	return result(mprotect(m, 4096, PROT_READ | PROT_EXEC) == 0);
}

static int send_fd(const char *file, char mode, const char *label)
{
	char cbuf[CMSG_SPACE(sizeof(int))] = { 0 }, one = '1', fdarg[16], m[2] = { mode };
	struct iovec iov = { &one, 1 };
	struct msghdr msg = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = cbuf, .msg_controllen = sizeof(cbuf),
	};
	struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
	int sv[2], fd, st;
	pid_t pid;

	fd = open_mode(file, mode);
	if (fd < 0 || socketpair(AF_UNIX, SOCK_STREAM, 0, sv) < 0)
		return result(0);
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		close(sv[0]);
		close(fd);
		if (set_exec(label) < 0)
			_exit(125);
		snprintf(fdarg, sizeof(fdarg), "%d", sv[1]);
		execl("/proc/self/exe", "file-ops", "receive", fdarg, m, (char *)NULL);
		_exit(127);
	}
	close(sv[1]);
	c->cmsg_level = SOL_SOCKET;
	c->cmsg_type = SCM_RIGHTS;
	c->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(c), &fd, sizeof(int));
	if (sendmsg(sv[0], &msg, 0) < 0)
		return result(0);
	if (waitpid(pid, &st, 0) < 0)
		return result(0);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 1;
}

static int receive_fd(int sock, char mode)
{
	char cbuf[CMSG_SPACE(sizeof(int))] = { 0 }, one;
	struct iovec iov = { &one, 1 };
	struct msghdr msg = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = cbuf, .msg_controllen = sizeof(cbuf),
	};
	struct cmsghdr *c;
	int fd;

	if (recvmsg(sock, &msg, 0) < 0)
		return result(0);
	c = CMSG_FIRSTHDR(&msg);
	if (msg.msg_flags & MSG_CTRUNC || !c || c->cmsg_type != SCM_RIGHTS) {
		puts("ECTRUNC");
		return 1;
	}
	memcpy(&fd, CMSG_DATA(c), sizeof(int));
	return result(use(fd, mode));
}

/* The new mount API's attach, which mount(2)'s hooks do not see. */
static int move_mount_on(const char *dir)
{
	int fs, mnt;

	fs = (int)syscall(SYS_fsopen, "tmpfs", FSOPEN_CLOEXEC);
	if (fs < 0 ||
	    syscall(SYS_fsconfig, fs, FSCONFIG_CMD_CREATE, NULL, NULL, 0) < 0)
		return result(0);
	mnt = (int)syscall(SYS_fsmount, fs, FSMOUNT_CLOEXEC, 0);
	if (mnt < 0)
		return result(0);
	return result(!syscall(SYS_move_mount, mnt, "", AT_FDCWD, dir,
			       MOVE_MOUNT_F_EMPTY_PATH));
}

/* Tries to change the first bytes of @file, open for appending, by @how. */
static int overwrite(const char *file, const char *how)
{
	struct iovec iov = { .iov_base = "Z", .iov_len = 1 };
	int fd = open(file, O_WRONLY | O_APPEND), p[2], src;
	struct termios tio;
	loff_t zero = 0;

	if (fd < 0)
		return result(0);
	if (!strcmp(how, "append"))
		return result(write(fd, "Z", 1) == 1);
	if (!strcmp(how, "noappend"))
		return result(pwritev2(fd, &iov, 1, 0, RWF_NOAPPEND) == 1);
	if (!strcmp(how, "punch"))
		return result(!fallocate(fd, FALLOC_FL_PUNCH_HOLE |
					 FALLOC_FL_KEEP_SIZE, 0, 4096));
	if (!strcmp(how, "zero"))
		return result(!fallocate(fd, FALLOC_FL_ZERO_RANGE |
					 FALLOC_FL_KEEP_SIZE, 0, 4096));
	if (!strcmp(how, "copy-range")) {
		src = open("/proc/self/cmdline", O_RDONLY);
		return result(copy_file_range(src, NULL, fd, &zero, 1, 0) == 1);
	}
	if (!strcmp(how, "splice")) {
		if (pipe(p) || write(p[1], "Z", 1) != 1)
			return result(0);
		return result(splice(p[0], NULL, fd, &zero, 1, 0) == 1);
	}
	if (!strcmp(how, "truncate"))
		return result(!ftruncate(fd, 0));
	if (!strcmp(how, "ficlone")) {
		src = open("/proc/self/cmdline", O_RDONLY);
		return result(!ioctl(fd, FICLONE, src));
	}
	if (!strcmp(how, "isatty"))
		return result(!ioctl(fd, TCGETS, &tio));
	if (!strcmp(how, "setfl")) {
		if (fcntl(fd, F_SETFL, 0))
			return result(0);
		return result(pwrite(fd, "Z", 1, 0) == 1);
	}
	fprintf(stderr, "file-ops: unknown way to overwrite '%s'\n", how);
	return 2;
}

int main(int argc, char **argv)
{
	const char *cmd = argc > 1 ? argv[1] : "";

	if (!strcmp(cmd, "tmpfile") && argc == 3)
		return tmpfile_link(argv[2], NULL);
	if (!strcmp(cmd, "tmpfile-link") && argc == 4)
		return tmpfile_link(argv[2], argv[3]);
	if (!strcmp(cmd, "hold") && argc == 5)
		return hold(argv[2], argv[3][0], argv[4]);
	if (!strcmp(cmd, "open-loop") && argc == 4)
		return open_loop(argv[2], atol(argv[3]));
	if (!strcmp(cmd, "getxattr") && argc == 4)
		return get_xattr(argv[2], argv[3]);
	if (!strcmp(cmd, "setxattr") && argc == 5)
		return set_xattr(argv[2], argv[3], argv[4]);
	if (!strcmp(cmd, "setacl") && argc == 3)
		return set_acl(argv[2]);
	if (!strcmp(cmd, "mmap") && argc == 4)
		return map(argv[2], argv[3]);
	if (!strcmp(cmd, "mprotect") && argc == 3)
		return map_protect(argv[2]);
	if (!strcmp(cmd, "send") && argc == 5)
		return send_fd(argv[2], argv[3][0], argv[4]);
	if (!strcmp(cmd, "receive") && argc == 4)
		return receive_fd(atoi(argv[2]), argv[3][0]);
	if (!strcmp(cmd, "move-mount") && argc == 3)
		return move_mount_on(argv[2]);
	if (!strcmp(cmd, "overwrite") && argc == 4)
		return overwrite(argv[2], argv[3]);
	fprintf(stderr, "file-ops: unknown or incomplete command '%s'\n", cmd);
	return 2;
}
