/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libsigil: the security modules, their names, identifiers and attributes,
 * and what an error means (sigil.h, sigil_lsm_list(3)).
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
#include "libsigil-internal.h"

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
 * Grammar: [ NAME *("," NAME) ] [ "\n" ], NAME = 1*31 of [a-z0-9_]: an
 * empty text or a lone newline is an empty list.
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

#define A(attr) (1u << SIGIL_ATTR_##attr)

/*
 * Modules with process attributes: their file-label xattr, whether
 * /proc/PID/attr/ has a directory of theirs, and which attributes they
 * have.
 */
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

int lsm_attr_subdir(const char *name)
{
	const int m = module_index(name);

	return m >= 0 && modules[m].subdir;
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
