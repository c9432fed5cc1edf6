/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libprocattr: the one place where the Sigil tools read and write process
 * attributes and file labels, for Sigil and any LSM with the procattr API.
 */
#ifndef SIGIL_PROCATTR_H
#define SIGIL_PROCATTR_H

#include <stddef.h>
#include <stdint.h>

/* The most modules a kernel can stack (MAX_LSM_COUNT is 15 in 6.12). */
#define PROCATTR_MAX_LSMS 32
#define PROCATTR_LSM_NAME_MAX 32

struct procattr_lsm {
	uint64_t id;				/* LSM_ID_*, 0 when unknown */
	char name[PROCATTR_LSM_NAME_MAX];	/* "sigil", "selinux", ... */
};

/*
 * Returns the name of LSM identifier @id ("sigil"), or NULL if unknown.
 */
const char *procattr_lsm_name(uint64_t id);

/*
 * Returns the identifier of the LSM called @name, or 0 if unknown.
 */
uint64_t procattr_lsm_id(const char *name);

/*
 * Parses the comma-separated list of /sys/kernel/security/lsm into @out.
 * Returns the number of modules, or -EINVAL for an empty or malformed
 * name, or -E2BIG if more than @max.
 */
int procattr_parse_lsm_list(const char *text, struct procattr_lsm *out,
			    size_t max);

/*
 * Lists the active LSMs in order, from lsm_list_modules(2), else from
 * /sys/kernel/security/lsm.  Returns the count or a negative errno.
 */
int procattr_list_lsms(struct procattr_lsm *out, size_t max);

#endif /* SIGIL_PROCATTR_H */
