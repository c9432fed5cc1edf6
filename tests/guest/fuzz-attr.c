/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * In-guest fuzzer of Sigil's inputs: for ITERATIONS rounds from SEED, one
 * random operation each on
 *   - the attr nodes (/proc/thread-self/attr/ and attr/sigil/): random
 *     lengths and bytes, at offset 0 or not;
 *   - lsm_set_self_attr(2), lsm_get_self_attr(2), lsm_list_modules(2):
 *     random attributes, contexts, sizes and flags;
 *   - the policy node, in one write or several (every policy begins with
 *     "unconfined kernel", so that a load never confines this task), the
 *     access and enforce nodes;
 *   - setxattr(2) of security.sigil on a file of each DIR.
 * After an attr write that failed, the attribute must read as before; the
 * task's own label must never change.  Prints the seed, so that a failure
 * replays, and what was done.
 *   fuzz-attr SEED ITERATIONS DIR...
 */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/xattr.h>
#include <unistd.h>

#include <linux/lsm.h>

#define FS "/sys/kernel/security/sigil/"

static unsigned long long state;

static unsigned int rnd(unsigned int n)
{
	state ^= state >> 12;
	state ^= state << 25;
	state ^= state >> 27;
	return n ? (unsigned int)((state * 2685821657736338717ULL) >> 33) % n : 0;
}

static const char *const attrs[] = {
	"/proc/thread-self/attr/current", "/proc/thread-self/attr/exec",
	"/proc/thread-self/attr/fscreate", "/proc/thread-self/attr/prev",
	"/proc/thread-self/attr/sigil/current", "/proc/thread-self/attr/sigil/exec",
	"/proc/thread-self/attr/sigil/fscreate", "/proc/thread-self/attr/sigil/prev",
};
static const char *const words[] = {
	"allow ", "transition ", "entrypoint ", "fscreate ", "relabel ",
	"unconfined ", "process ", "capability ", "policy ", "genfs ",
	"nnptransition ", "a_t ", "b_t ", "kernel ", "rwx", "\n", "#", " ",
	"\t", "/sys ", "proc ", "sys_admin", "\r\n", "ler",
};

/* @n random bytes: mostly label bytes, sometimes anything. */
static void fill(char *buf, size_t n)
{
	static const char label[] = "abc_tkernel-.:x0123456789";
	size_t i;

	for (i = 0; i < n; i++)
		buf[i] = rnd(8) ? label[rnd(sizeof(label) - 1)] : (char)rnd(256);
}

static size_t length(void)
{
	switch (rnd(10)) {
	case 0:
		return 0;
	case 1:
		return 250 + rnd(10);
	case 2:
		return 4090 + rnd(10);
	default:
		return 1 + rnd(40);
	}
}

static int read_file(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return -errno;
	n = read(fd, buf, size - 1);
	close(fd);
	if (n < 0)
		return -errno;
	buf[n] = '\0';
	return 0;
}

static unsigned long done[8], failed[8];
static char self[300];

static int fuzz_attr_node(char *buf)
{
	const char *path = attrs[rnd(sizeof(attrs) / sizeof(attrs[0]))];
	char before[300] = "", after[300] = "";
	size_t n = length();
	off_t off = rnd(10) ? 0 : 1;
	int fd, ok;

	fill(buf, n);
	read_file(path, before, sizeof(before));
	fd = open(path, O_WRONLY);
	if (fd < 0)
		return 0;
	ok = pwrite(fd, buf, n, off) == (ssize_t)n;
	close(fd);
	if (ok)
		return 0;
	read_file(path, after, sizeof(after));
	if (strcmp(before, after)) {
		fprintf(stderr, "failed write of %zu bytes at %ld changed %s from '%s' to '%s'\n",
			n, (long)off, path, before, after);
		return -1;
	}
	return 1;
}

static int fuzz_syscalls(char *buf)
{
	struct lsm_ctx *ctx = (struct lsm_ctx *)buf;
	uint32_t size = rnd(2) ? 4096 : rnd(64);
	uint64_t ids[8];
	long r;

	fill(buf, 4096);
	switch (rnd(3)) {
	case 0:
		ctx->id = rnd(3) ? LSM_ID_SIGIL : rnd(120);
		ctx->flags = rnd(4) ? 0 : rnd(4);
		ctx->len = rnd(300);
		ctx->ctx_len = rnd(4) ? strnlen((char *)ctx->ctx, 40) : rnd(400);
		r = syscall(460, rnd(10), rnd(8) ? ctx : NULL, size, rnd(6) ? 0 : rnd(4));
		break;
	case 1:
		r = syscall(459, rnd(10), rnd(8) ? ctx : NULL, rnd(8) ? &size : NULL,
			    rnd(6) ? 0 : rnd(4));
		break;
	default:
		size = rnd(2) ? sizeof(ids) : rnd(16);
		r = syscall(461, rnd(8) ? ids : NULL, rnd(8) ? &size : NULL,
			    rnd(6) ? 0 : rnd(4));
		break;
	}
	return r < 0;
}

static int fuzz_policy(char *buf)
{
	size_t n = 0, len, i, chunk;
	unsigned int k = rnd(30);
	int fd, bad = 0;

	n += sprintf(buf, "unconfined kernel\n");
	for (i = 0; i < k && n < 3500; i++) {
		if (rnd(5)) {
			strcpy(buf + n, words[rnd(sizeof(words) / sizeof(words[0]))]);
			n += strlen(buf + n);
		} else {
			len = rnd(20);
			fill(buf + n, len);
			n += len;
		}
	}
	/* Never a dynamic transition: this task's label must stay. */
	for (i = 0; i + 3 <= n; i++)
		if (!memcmp(buf + i, "dyn", 3))
			buf[i] = 'D';
	fd = open(FS "policy", O_WRONLY);
	if (fd < 0)
		return 1;
	for (i = 0; i < n; i += chunk) {
		chunk = rnd(3) ? n - i : 1 + rnd(n - i);
		if (write(fd, buf + i, chunk) != (ssize_t)chunk)
			bad = 1;
	}
	if (close(fd))
		bad = 1;
	return bad;
}

static int fuzz_node(char *buf)
{
	const char *node = rnd(2) ? FS "access" : FS "enforce";
	size_t n = length();
	int fd, bad;

	if (node[strlen(node) - 1] == 'e')
		n = n > 4 ? 4 : n;	/* mostly "0", "1", junk */
	fill(buf, n);
	if (rnd(3) == 0 && node[strlen(node) - 1] == 's')
		n = (size_t)sprintf(buf, "%s %s %s", rnd(2) ? "a_t" : "kernel",
				    rnd(2) ? "b_t" : "x\x01", rnd(2) ? "rw" : "q");
	fd = open(node, O_RDWR);
	if (fd < 0)
		return 1;
	bad = write(fd, buf, n) != (ssize_t)n;
	if (!bad)
		bad = read(fd, buf, 512) < 0;
	close(fd);
	return bad;
}

static int fuzz_xattr(char *buf, char **dirs, int ndirs)
{
	char path[4096];
	size_t n = length();

	snprintf(path, sizeof(path), "%s/fuzz-file", dirs[rnd(ndirs)]);
	fill(buf, n);
	return setxattr(path, "security.sigil", buf, n, 0) < 0;
}

int main(int argc, char **argv)
{
	static const char *const names[] = {
		"attr node writes", "LSM syscalls", "policy loads",
		"access and enforce writes", "security.sigil setxattrs",
	};
	static char buf[8192];
	unsigned long i, iterations;
	char now[300];
	int t, r, fd;

	if (argc < 4) {
		fprintf(stderr, "usage: fuzz-attr SEED ITERATIONS DIR...\n");
		return 2;
	}
	state = strtoull(argv[1], NULL, 0) | 1;
	iterations = strtoul(argv[2], NULL, 0);
	printf("fuzz-attr: seed %s (replay: fuzz-attr %s %s ...)\n", argv[1],
	       argv[1], argv[2]);
	fflush(stdout);
	for (t = 3; t < argc; t++) {
		snprintf(buf, sizeof(buf), "%s/fuzz-file", argv[t]);
		fd = open(buf, O_CREAT | O_WRONLY, 0600);
		if (fd < 0) {
			perror(buf);
			return 1;
		}
		close(fd);
	}
	if (read_file("/proc/self/attr/current", self, sizeof(self))) {
		perror("attr/current");
		return 1;
	}
	for (i = 0; i < iterations; i++) {
		t = (int)rnd(5);
		switch (t) {
		case 0:
			r = fuzz_attr_node(buf);
			break;
		case 1:
			r = fuzz_syscalls(buf);
			break;
		case 2:
			r = fuzz_policy(buf);
			break;
		case 3:
			r = fuzz_node(buf);
			break;
		default:
			r = fuzz_xattr(buf, argv + 3, argc - 3);
			break;
		}
		if (r < 0)
			return 1;
		done[t]++;
		failed[t] += r;
		if (read_file("/proc/self/attr/current", now, sizeof(now)) ||
		    strcmp(now, self)) {
			fprintf(stderr, "iteration %lu: the task's label changed from '%s' to '%s'\n",
				i, self, now);
			return 1;
		}
	}
	for (t = 0; t < 5; t++)
		printf("fuzz-attr: %lu %s, %lu refused\n", done[t], names[t], failed[t]);
	return 0;
}
