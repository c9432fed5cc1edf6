/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libsigil: process attributes (sigil.h, sigil_attr_get(3)).
 *
 * For the calling thread the LSM system calls (Linux 6.8) come first; where
 * they are missing (ENOSYS) or filtered (EPERM, container seccomp
 * profiles) the /proc nodes are used: /proc/thread-self/attr/[LSM/]ATTR,
 * or /proc/self/task/TID/attr/... on kernels without thread-self.  Writes
 * always go to the calling thread, as libselinux does.
 */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

#include <linux/sigil.h>

#include "lsm-abi.h"
#include "sigil.h"
#include "libsigil-internal.h"

static const struct {
	const char *name;
	uint64_t id;
} attrs[SIGIL_ATTR_COUNT] = {
	[SIGIL_ATTR_CURRENT] = { "current", LSM_ATTR_CURRENT },
	[SIGIL_ATTR_EXEC] = { "exec", LSM_ATTR_EXEC },
	[SIGIL_ATTR_FSCREATE] = { "fscreate", LSM_ATTR_FSCREATE },
	[SIGIL_ATTR_PREV] = { "prev", LSM_ATTR_PREV },
	[SIGIL_ATTR_KEYCREATE] = { "keycreate", LSM_ATTR_KEYCREATE },
	[SIGIL_ATTR_SOCKCREATE] = { "sockcreate", LSM_ATTR_SOCKCREATE },
};

const char *sigil_attr_name(int attr)
{
	if (attr < 0 || attr >= SIGIL_ATTR_COUNT)
		return NULL;
	return attrs[attr].name;
}

int sigil_attr_from_name(const char *name)
{
	int i;

	for (i = 0; i < SIGIL_ATTR_COUNT; i++)
		if (strcmp(attrs[i].name, name) == 0)
			return i;
	return -1;
}

/*
 * Builds the /proc path of an attribute: of this thread for @pid and @tid
 * 0, of process @pid for @tid 0, else of thread @tid of @pid (0: this
 * process).
 */
static int attr_path(char *buf, size_t size, pid_t pid, pid_t tid,
		     const char *lsm, int attr)
{
	char dir[64];
	int n;

	if (pid == 0 && tid == 0) {
		if (access("/proc/thread-self", F_OK) == 0)
			snprintf(dir, sizeof(dir), "/proc/thread-self");
		else
			snprintf(dir, sizeof(dir), "/proc/self/task/%ld",
				 (long)gettid());
	} else if (tid == 0) {
		snprintf(dir, sizeof(dir), "/proc/%ld", (long)pid);
	} else {
		snprintf(dir, sizeof(dir), "/proc/%ld/task/%ld",
			 pid ? (long)pid : (long)getpid(), (long)tid);
	}
	if (lsm_attr_subdir(lsm))
		n = snprintf(buf, size, "%s/attr/%s/%s", dir, lsm,
			     attrs[attr].name);
	else
		n = snprintf(buf, size, "%s/attr/%s", dir, attrs[attr].name);
	return n < 0 || (size_t)n >= size ? -ENAMETOOLONG : 0;
}

/* Removes one trailing newline or NUL; an empty value becomes NULL. */
static char *finish_value(char *buf, size_t len)
{
	if (len && (buf[len - 1] == '\n' || buf[len - 1] == '\0'))
		len--;
	if (len == 0) {
		free(buf);
		return NULL;
	}
	buf[len] = '\0';
	return buf;
}

static int read_node(const char *path, char **value)
{
	const long page = sysconf(_SC_PAGESIZE);
	size_t len = 0, size = (size_t)(page > 0 ? page : 4096) + 1;
	char *buf;
	ssize_t n;
	int fd, err = 0;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	buf = malloc(size + 1);
	if (!buf) {
		close(fd);
		return -ENOMEM;
	}
	while (len < size && (n = read(fd, buf + len, size - len)) != 0) {
		if (n < 0) {
			if (errno == EINTR)
				continue;
			err = -errno;
			break;
		}
		len += (size_t)n;
	}
	close(fd);
	if (err) {
		free(buf);
		return err;
	}
	*value = finish_value(buf, len);
	return 0;
}

/*
 * SIGIL_PROCATTR_NO_SYSCALLS in the environment makes the library use
 * /proc as on a kernel without the LSM system calls (for tests).
 */
static int use_syscalls(void)
{
	return getenv("SIGIL_PROCATTR_NO_SYSCALLS") == NULL;
}

static int get_self_syscall(uint64_t id, int attr, char **value)
{
	const long page = sysconf(_SC_PAGESIZE);
	uint32_t size = (uint32_t)(page > 0 ? page : 4096) * 2;
	struct lsm_ctx *ctx;
	char *buf;
	long n;

	ctx = calloc(1, size);
	if (!ctx)
		return -ENOMEM;
	ctx->id = id;
	n = syscall(__NR_lsm_get_self_attr, attrs[attr].id, ctx, &size,
		    LSM_FLAG_SINGLE);
	if (n < 0) {
		n = -errno;
		free(ctx);
		/* The LSM has the attribute unset (or not at all). */
		if (n == -EOPNOTSUPP) {
			*value = NULL;
			return 0;
		}
		return (int)n;
	}
	buf = malloc(ctx->ctx_len + 1);
	if (!buf) {
		free(ctx);
		return -ENOMEM;
	}
	memcpy(buf, ctx->ctx, ctx->ctx_len);
	*value = finish_value(buf, ctx->ctx_len);
	free(ctx);
	return 0;
}

int sigil_attr_get_thread(pid_t pid, pid_t tid, const char *lsm, int attr,
			  char **value)
{
	char path[128];
	uint64_t id;
	int err;

	if (!sigil_attr_name(attr))
		return -EINVAL;
	id = lsm ? sigil_lsm_id(lsm) : 0;
	if (pid == 0 && tid == 0 && id && use_syscalls()) {
		err = get_self_syscall(id, attr, value);
		if (err != -ENOSYS && err != -EPERM)
			return err;
	}
	err = attr_path(path, sizeof(path), pid, tid, lsm, attr);
	if (err)
		return err;
	return read_node(path, value);
}

int sigil_attr_get(pid_t pid, const char *lsm, int attr, char **value)
{
	/* getpid() is the process (/proc/PID/attr), not the calling thread. */
	return sigil_attr_get_thread(pid, 0, lsm, attr, value);
}

static int set_self_syscall(uint64_t id, int attr, const char *value,
			    size_t len)
{
	/* A Sigil label needs no allocation (no fault after fork). */
	union {
		struct lsm_ctx ctx;
		char bytes[sizeof(struct lsm_ctx) + SIGIL_LABEL_MAX + 1];
	} small;
	struct lsm_ctx *ctx = &small.ctx;
	long n;

	/*
	 * The context with its NUL, as struct lsm_ctx has strings: Smack
	 * refuses one without, Sigil and SELinux take either.
	 */
	if (len + 1 <= sizeof(small) - sizeof(*ctx))
		memset(&small, 0, sizeof(small));
	else if (!(ctx = calloc(1, sizeof(*ctx) + len + 1)))
		return -ENOMEM;
	ctx->id = id;
	ctx->len = sizeof(*ctx) + len + 1;
	ctx->ctx_len = len + 1;
	memcpy(ctx->ctx, value, len);
	n = syscall(__NR_lsm_set_self_attr, attrs[attr].id, ctx,
		    (uint32_t)ctx->len, 0);
	n = n < 0 ? -errno : 0;
	if (ctx != &small.ctx)
		free(ctx);
	return (int)n;
}

/* Writes @value to attribute @attr of the calling thread, as it is. */
static int set_raw(const char *lsm, int attr, const char *value)
{
	const size_t len = value ? strlen(value) : 0;
	char path[128];
	uint64_t id;
	ssize_t n;
	int fd, err;

	id = lsm ? sigil_lsm_id(lsm) : 0;
	if (id && use_syscalls()) {
		err = set_self_syscall(id, attr, value ? value : "", len);
		if (err != -ENOSYS && err != -EPERM)
			return err;
	}
	err = attr_path(path, sizeof(path), 0, 0, lsm, attr);
	if (err)
		return err;
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	/* One write of exactly the label's bytes: procfs takes no pieces. */
	n = write(fd, value ? value : "", len);
	err = n < 0 ? -errno : (size_t)n != len ? -EIO : 0;
	close(fd);
	return err;
}

/*
 * AppArmor takes commands, not contexts: "exec PROFILE" in attr/exec and
 * "changeprofile PROFILE" in attr/current, as libapparmor's
 * aa_change_onexec() and aa_change_profile() write them.
 */
static int set_apparmor(int attr, const char *value)
{
	char *cmd;
	int err;

	if (!value || !*value || (attr != SIGIL_ATTR_EXEC && attr != SIGIL_ATTR_CURRENT))
		return -EINVAL;
	if (asprintf(&cmd, "%s %s", attr == SIGIL_ATTR_EXEC ? "exec" : "changeprofile",
		     value) < 0)
		return -ENOMEM;
	err = set_raw("apparmor", attr, cmd);
	free(cmd);
	return err;
}

int sigil_attr_set(const char *lsm, int attr, const char *value)
{
	if (!sigil_attr_name(attr))
		return -EINVAL;
	if (lsm && !strcmp(lsm, "apparmor"))
		return set_apparmor(attr, value);
	return set_raw(lsm, attr, value);
}
