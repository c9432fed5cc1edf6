/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libsigil: LSM discovery, process attributes and file labels (sigil.h).
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

#include "lsm-abi.h"
#include "sigil.h"

static const struct {
	uint64_t id;
	const char *name;
} lsm_names[] = {
	{ LSM_ID_CAPABILITY, "capability" },
	{ LSM_ID_SELINUX, "selinux" },
	{ LSM_ID_SMACK, "smack" },
	{ LSM_ID_TOMOYO, "tomoyo" },
	{ LSM_ID_APPARMOR, "apparmor" },
	{ LSM_ID_YAMA, "yama" },
	{ LSM_ID_LOADPIN, "loadpin" },
	{ LSM_ID_SAFESETID, "safesetid" },
	{ LSM_ID_LOCKDOWN, "lockdown" },
	{ LSM_ID_BPF, "bpf" },
	{ LSM_ID_LANDLOCK, "landlock" },
	{ LSM_ID_IMA, "ima" },
	{ LSM_ID_EVM, "evm" },
	{ LSM_ID_IPE, "ipe" },
	{ LSM_ID_SIGIL, "sigil" },
};

#define N_LSM_NAMES (sizeof(lsm_names) / sizeof(lsm_names[0]))

const char *sigil_lsm_name(uint64_t id)
{
	size_t i;

	for (i = 0; i < N_LSM_NAMES; i++)
		if (lsm_names[i].id == id)
			return lsm_names[i].name;
	return NULL;
}

uint64_t sigil_lsm_id(const char *name)
{
	size_t i;

	for (i = 0; i < N_LSM_NAMES; i++)
		if (strcmp(lsm_names[i].name, name) == 0)
			return lsm_names[i].id;
	return 0;
}

/*
 * Grammar: NAME *("," NAME) [ "\n" ], NAME = 1*31 of [a-z0-9_].
 */
int sigil_lsm_parse_list(const char *text, struct sigil_lsm *out,
			 size_t max)
{
	const char *p = text;
	size_t n = 0, len;

	if (*p == '\0' || strcmp(p, "\n") == 0)
		return 0;
	for (;;) {
		len = strspn(p, "abcdefghijklmnopqrstuvwxyz0123456789_");
		if (len == 0 || len >= SIGIL_LSM_NAME_MAX)
			return -EINVAL;
		if (n == max)
			return -E2BIG;
		memcpy(out[n].name, p, len);
		out[n].name[len] = '\0';
		out[n].id = sigil_lsm_id(out[n].name);
		n++;
		p += len;
		if (*p == ',') {
			p++;
			continue;
		}
		if (strcmp(p, "\n") == 0 || *p == '\0')
			return (int)n;
		return -EINVAL;
	}
}

static int list_from_securityfs(struct sigil_lsm *out, size_t max)
{
	char buf[1024];
	ssize_t len;
	int fd, saved;

	fd = open("/sys/kernel/security/lsm", O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	len = read(fd, buf, sizeof(buf) - 1);
	saved = errno;
	close(fd);
	if (len < 0)
		return -saved;
	buf[len] = '\0';
	return sigil_lsm_parse_list(buf, out, max);
}

int sigil_lsm_list(struct sigil_lsm *out, size_t max)
{
	uint64_t ids[SIGIL_MAX_LSMS];
	uint32_t size = sizeof(ids);
	const char *name;
	long n, i;

	n = syscall(__NR_lsm_list_modules, ids, &size, 0);
	if (n < 0) {
		/* No syscall (pre-6.8) or refused by seccomp: use securityfs. */
		if (errno == ENOSYS || errno == EPERM)
			return list_from_securityfs(out, max);
		return -errno;
	}
	if ((size_t)n > max)
		return -E2BIG;
	for (i = 0; i < n; i++) {
		out[i].id = ids[i];
		name = sigil_lsm_name(ids[i]);
		if (name)
			snprintf(out[i].name, sizeof(out[i].name), "%s", name);
		else
			snprintf(out[i].name, sizeof(out[i].name), "lsm-%llu",
				 (unsigned long long)ids[i]);
	}
	return (int)n;
}

/* Attributes */

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

#define A(attr) (1u << SIGIL_ATTR_##attr)

/* Modules with process attributes: which, their file-label xattr, and
 * whether /proc/PID/attr/ has a directory of theirs. */
static const struct {
	const char *name;
	const char *xattr;
	int subdir;
	unsigned int attrs;
} modules[] = {
	{ "sigil", "security.sigil", 1,
	  A(CURRENT) | A(EXEC) | A(FSCREATE) | A(PREV) },
	{ "selinux", "security.selinux", 0,
	  A(CURRENT) | A(EXEC) | A(FSCREATE) | A(PREV) | A(KEYCREATE) |
	  A(SOCKCREATE) },
	{ "smack", "security.SMACK64", 1, A(CURRENT) },
	{ "apparmor", NULL, 1, A(CURRENT) | A(EXEC) | A(PREV) },
};

#undef A

#define N_MODULES (sizeof(modules) / sizeof(modules[0]))

static int module_index(const char *name)
{
	size_t i;

	for (i = 0; name && i < N_MODULES; i++)
		if (strcmp(modules[i].name, name) == 0)
			return (int)i;
	return -1;
}

int sigil_lsm_has_attrs(const char *name)
{
	return module_index(name) >= 0;
}

int sigil_lsm_has_attr(const char *name, int attr)
{
	const int m = module_index(name);

	if (!sigil_attr_name(attr))
		return 0;
	/* A module not in the table: let the kernel answer. */
	return m < 0 || (modules[m].attrs & (1u << attr)) != 0;
}

const char *sigil_lsm_xattr(const char *name)
{
	const int i = module_index(name);

	return i < 0 ? NULL : modules[i].xattr;
}

int sigil_lsm_active(const char *name)
{
	struct sigil_lsm l[SIGIL_MAX_LSMS];
	int n, i;

	n = sigil_lsm_list(l, SIGIL_MAX_LSMS);
	if (n < 0)
		return n;
	for (i = 0; i < n; i++)
		if (strcmp(l[i].name, name) == 0)
			return 1;
	return 0;
}

const char *sigil_lsm_default(void)
{
	struct sigil_lsm l[SIGIL_MAX_LSMS];
	int n, i, first = -1;

	n = sigil_lsm_list(l, SIGIL_MAX_LSMS);
	for (i = 0; i < n; i++) {
		const int m = module_index(l[i].name);

		if (m == 0)
			return modules[0].name;
		if (m > 0 && first < 0)
			first = m;
	}
	return first < 0 ? NULL : modules[first].name;
}

static int no_module(void)
{
	struct sigil_lsm l[SIGIL_MAX_LSMS];
	int n, i;

	n = sigil_lsm_list(l, SIGIL_MAX_LSMS);
	if (n < 0)
		return 1;
	for (i = 0; i < n; i++)
		if (module_index(l[i].name) >= 0)
			return 0;
	return 1;
}

const char *sigil_strerror(int err)
{
	if (err < 0)
		err = -err;
	if ((err == ENOENT || err == EINVAL || err == EOPNOTSUPP) && no_module())
		return "no security module provides process attributes";
	return strerror(err);
}

/* Builds the /proc path of an attribute; tid 0 with pid 0: this thread. */
static int attr_path(char *buf, size_t size, pid_t pid, pid_t tid,
		     const char *lsm, int attr)
{
	const int m = module_index(lsm);
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
	if (m >= 0 && modules[m].subdir)
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
	/* Labels of usual size need no allocation (no fault after fork). */
	union {
		struct lsm_ctx ctx;
		char bytes[sizeof(struct lsm_ctx) + 256];
	} small;
	struct lsm_ctx *ctx = &small.ctx;
	long n;

	/*
	 * The context with its NUL, as struct lsm_ctx has strings: Smack
	 * refuses one without, Sigil and SELinux take either.
	 */
	if (len + 1 < sizeof(small) - sizeof(*ctx))
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


/* File labels */

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

/* Sigil's policy */

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
