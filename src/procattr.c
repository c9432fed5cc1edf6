/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libprocattr: LSM discovery.
 */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "lsm-abi.h"
#include "procattr.h"

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

const char *procattr_lsm_name(uint64_t id)
{
	size_t i;

	for (i = 0; i < N_LSM_NAMES; i++)
		if (lsm_names[i].id == id)
			return lsm_names[i].name;
	return NULL;
}

uint64_t procattr_lsm_id(const char *name)
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
int procattr_parse_lsm_list(const char *text, struct procattr_lsm *out,
			    size_t max)
{
	const char *p = text;
	size_t n = 0, len;

	if (*p == '\0' || strcmp(p, "\n") == 0)
		return 0;
	for (;;) {
		len = strspn(p, "abcdefghijklmnopqrstuvwxyz0123456789_");
		if (len == 0 || len >= PROCATTR_LSM_NAME_MAX)
			return -EINVAL;
		if (n == max)
			return -E2BIG;
		memcpy(out[n].name, p, len);
		out[n].name[len] = '\0';
		out[n].id = procattr_lsm_id(out[n].name);
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

static int list_from_securityfs(struct procattr_lsm *out, size_t max)
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
	return procattr_parse_lsm_list(buf, out, max);
}

int procattr_list_lsms(struct procattr_lsm *out, size_t max)
{
	uint64_t ids[PROCATTR_MAX_LSMS];
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
		name = procattr_lsm_name(ids[i]);
		snprintf(out[i].name, sizeof(out[i].name), "%s",
			 name ? name : "unknown");
	}
	return (int)n;
}
