/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A FUSE server that says what labels its files have, for the label-trust
 * tests (trust.sh): it mounts itself on MOUNT, runs COMMAND in a child
 * (in the same namespaces), answers the kernel's requests until the child
 * exits, unmounts and exits with the child's status.
 *
 *   fuse-serve [-l LABEL] [-c FILE] [-e N] MOUNT COMMAND [ARG]...
 *
 * The root directory holds one file, "true": its bytes are those of FILE
 * (default "hello\n"), its mode 0755; its security.sigil is LABEL (none
 * without -l); the first N requests for it fail with EIO (-e).  At exit
 * the server prints "getxattr N" to standard error: the number of
 * security.sigil requests it was sent for "true".
 *
 * No libfuse: the protocol of <linux/fuse.h>, the requests a lookup, a
 * stat, an exec and a read need; any other is answered ENOSYS.  Run as
 * root, or in a user namespace (unshare -Urm), where FUSE may be mounted.
 */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <linux/fuse.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

#define FILE_ID 2

static const char *label;
static char *data = "hello\n";
static size_t size = 6;
static int failures, getxattrs;
static const char *mountpoint;

/*
 * The command has exited: unmounting ends the connection once nothing
 * uses the mount, and the device's read fails with ENODEV.
 */
static void on_child(int sig)
{
	(void)sig;
	umount2(mountpoint, MNT_DETACH);
}

static void die(const char *what)
{
	fprintf(stderr, "fuse-serve: %s: %s\n", what, strerror(errno));
	exit(125);
}

static void reply(int fd, const struct fuse_in_header *in, int error,
		  const void *out, size_t len)
{
	struct fuse_out_header h = {
		.len = sizeof(h) + (error ? 0 : len),
		.error = -error,
		.unique = in->unique,
	};
	struct iovec iov[2] = {
		{ &h, sizeof(h) },
		{ (void *)out, error ? 0 : len },
	};

	/* ENOENT: the request was interrupted, nobody waits for it. */
	if (writev(fd, iov, 2) < 0 && errno != ENOENT)
		die("writev");
}

static void attr(struct fuse_attr *a, uint64_t id)
{
	memset(a, 0, sizeof(*a));
	a->ino = id;
	a->mode = id == FUSE_ROOT_ID ? S_IFDIR | 0755 : S_IFREG | 0755;
	a->nlink = id == FUSE_ROOT_ID ? 2 : 1;
	a->size = id == FUSE_ROOT_ID ? 0 : size;
	a->blksize = 4096;
	a->blocks = (a->size + 511) / 512;
}

static void getxattr(int fd, const struct fuse_in_header *in,
		     const struct fuse_getxattr_in *g, const char *name)
{
	struct fuse_getxattr_out out = { 0 };
	size_t len;

	if (in->nodeid != FILE_ID || strcmp(name, "security.sigil") || !label)
		return reply(fd, in, ENODATA, NULL, 0);
	getxattrs++;
	if (failures > 0) {
		failures--;
		return reply(fd, in, EIO, NULL, 0);
	}
	len = strlen(label);
	if (!g->size) {
		out.size = len;
		return reply(fd, in, 0, &out, sizeof(out));
	}
	if (g->size < len)
		return reply(fd, in, ERANGE, NULL, 0);
	reply(fd, in, 0, label, len);
}

/* Answers requests until the device is gone or the child has exited. */
static void serve(int fd)
{
	static char buf[FUSE_MIN_READ_BUFFER + 65536];
	struct fuse_in_header *in = (void *)buf;
	void *arg = buf + sizeof(*in);
	ssize_t n;

	for (;;) {
		n = read(fd, buf, sizeof(buf));
		if (n < 0 && (errno == EINTR || errno == ENOENT))
			continue;
		if (n < 0 && errno == ENODEV)
			return;
		if (n < (ssize_t)sizeof(*in))
			die("read /dev/fuse");
		switch (in->opcode) {
		case FUSE_INIT: {
			const struct fuse_init_in *i = arg;
			struct fuse_init_out o = {
				.major = FUSE_KERNEL_VERSION,
				.minor = FUSE_KERNEL_MINOR_VERSION,
				.max_readahead = i->max_readahead,
				.max_write = 65536,
			};

			reply(fd, in, 0, &o, sizeof(o));
			break;
		}
		case FUSE_LOOKUP: {
			struct fuse_entry_out e = { .nodeid = FILE_ID };

			if (in->nodeid != FUSE_ROOT_ID || strcmp(arg, "true")) {
				reply(fd, in, ENOENT, NULL, 0);
				break;
			}
			attr(&e.attr, FILE_ID);
			reply(fd, in, 0, &e, sizeof(e));
			break;
		}
		case FUSE_GETATTR: {
			struct fuse_attr_out a = { 0 };

			attr(&a.attr, in->nodeid);
			reply(fd, in, 0, &a, sizeof(a));
			break;
		}
		case FUSE_GETXATTR:
			getxattr(fd, in, arg, (char *)arg +
				 sizeof(struct fuse_getxattr_in));
			break;
		case FUSE_OPEN:
		case FUSE_OPENDIR: {
			struct fuse_open_out o = { .fh = 1 };

			reply(fd, in, 0, &o, sizeof(o));
			break;
		}
		case FUSE_READ: {
			const struct fuse_read_in *r = arg;
			size_t off = r->offset < size ? r->offset : size;
			size_t len = size - off < r->size ? size - off : r->size;

			reply(fd, in, 0, data + off, len);
			break;
		}
		case FUSE_RELEASE:
		case FUSE_RELEASEDIR:
		case FUSE_FLUSH:
			reply(fd, in, 0, NULL, 0);
			break;
		case FUSE_FORGET:
		case FUSE_BATCH_FORGET:
		case FUSE_INTERRUPT:
			break;
		case FUSE_DESTROY:
			reply(fd, in, 0, NULL, 0);
			return;
		default:
			reply(fd, in, ENOSYS, NULL, 0);
			break;
		}
	}
}

static void slurp(const char *path)
{
	int fd = open(path, O_RDONLY);
	struct stat st;

	if (fd < 0 || fstat(fd, &st))
		die(path);
	size = st.st_size;
	data = malloc(size ? size : 1);
	if (!data || read(fd, data, size) != (ssize_t)size)
		die(path);
	close(fd);
}

int main(int argc, char **argv)
{
	char opts[128];
	int c, fd, status = 0;
	pid_t pid;

	while ((c = getopt(argc, argv, "+l:c:e:")) != -1) {
		switch (c) {
		case 'l':
			label = optarg;
			break;
		case 'c':
			slurp(optarg);
			break;
		case 'e':
			failures = atoi(optarg);
			break;
		default:
			return 125;
		}
	}
	if (argc - optind < 2) {
		fputs("usage: fuse-serve [-l LABEL] [-c FILE] [-e N] MOUNT COMMAND [ARG]...\n",
		      stderr);
		return 125;
	}
	fd = open("/dev/fuse", O_RDWR | O_CLOEXEC);
	if (fd < 0)
		die("/dev/fuse");
	snprintf(opts, sizeof(opts),
		 "fd=%d,rootmode=40000,user_id=%u,group_id=%u", fd,
		 getuid(), getgid());
	mountpoint = argv[optind];
	/* The kernel waits for the answer to INIT only at the first request. */
	if (mount("fuse-serve", mountpoint, "fuse", MS_NODEV, opts))
		die("mount");
	signal(SIGCHLD, on_child);
	pid = fork();
	if (pid < 0)
		die("fork");
	if (!pid) {
		execvp(argv[optind + 1], argv + optind + 1);
		fprintf(stderr, "fuse-serve: %s: %s\n", argv[optind + 1],
			strerror(errno));
		_exit(127);
	}
	/* The child's exit ends the service: see on_child(). */
	serve(fd);
	if (waitpid(pid, &status, 0) != pid)
		die("waitpid");
	fprintf(stderr, "getxattr %d\n", getxattrs);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 125;
}
