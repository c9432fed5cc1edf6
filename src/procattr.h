/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libprocattr: the one place where the Sigil tools read and write process
 * attributes and file labels, for Sigil and any LSM with the procattr API.
 *
 * Functions return 0 (or a count) on success and a negative errno on
 * failure; procattr_strerror() turns that into the reason to print.
 */
#ifndef SIGIL_PROCATTR_H
#define SIGIL_PROCATTR_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* The most modules a kernel can stack (MAX_LSM_COUNT is 15 in 6.12). */
#define PROCATTR_MAX_LSMS 32
#define PROCATTR_LSM_NAME_MAX 32

struct procattr_lsm {
	uint64_t id;				/* LSM_ID_*, 0 when unknown */
	char name[PROCATTR_LSM_NAME_MAX];	/* "sigil", "selinux", ... */
};

/* The process attributes, in the order the tools list them. */
enum procattr_attr {
	PROCATTR_CURRENT,
	PROCATTR_EXEC,
	PROCATTR_FSCREATE,
	PROCATTR_PREV,
	PROCATTR_KEYCREATE,
	PROCATTR_SOCKCREATE,
	PROCATTR_NATTRS
};

/* "current", "exec", ...; NULL for an invalid value. */
const char *procattr_attr_name(int attr);

/* PROCATTR_* for a name, or -1. */
int procattr_attr_from_name(const char *name);

/* The name of LSM identifier @id ("sigil"), or NULL if unknown. */
const char *procattr_lsm_name(uint64_t id);

/* The identifier of the LSM called @name, or 0 if unknown. */
uint64_t procattr_lsm_id(const char *name);

/*
 * Parses the comma-separated list of /sys/kernel/security/lsm into @out.
 * Returns the number of modules, -EINVAL for a malformed list, -E2BIG if
 * it has more than @max.
 */
int procattr_parse_lsm_list(const char *text, struct procattr_lsm *out,
			    size_t max);

/*
 * Lists the active LSMs in order, from lsm_list_modules(2), else from
 * /sys/kernel/security/lsm.  Returns the count or a negative errno.
 */
int procattr_list_lsms(struct procattr_lsm *out, size_t max);

/* Whether @name has process attributes (selinux, smack, apparmor, sigil). */
int procattr_lsm_has_attrs(const char *name);

/* Whether the LSM called @name is active: 1, 0, or a negative errno. */
int procattr_lsm_active(const char *name);

/*
 * The LSM the tools address when given none: Sigil if it is active, else
 * the first active LSM with process attributes; NULL if there is none or
 * the list cannot be read (then the unprefixed /proc nodes are used).
 */
const char *procattr_default_lsm(void);

/* The file-label xattr of @name ("security.sigil"), or NULL if none. */
const char *procattr_lsm_xattr(const char *name);

/*
 * Reads attribute @attr of process @pid (0: the calling thread) for LSM
 * @lsm (NULL: whichever LSM owns the unprefixed /proc nodes).  On success
 * *value is a malloc'ed string without the trailing newline or NUL the
 * kernel adds, or NULL when the attribute is unset.
 */
int procattr_get(pid_t pid, const char *lsm, int attr, char **value);

/*
 * Reads attribute @attr of thread @tid of process @pid.
 */
int procattr_get_thread(pid_t pid, pid_t tid, const char *lsm, int attr,
			char **value);

/*
 * Sets attribute @attr of the calling thread for LSM @lsm (NULL: the
 * unprefixed nodes) to exactly the bytes of @value; NULL or "" resets it.
 */
int procattr_set(const char *lsm, int attr, const char *value);

/*
 * The reason for error @err (a negative or positive errno), reading
 * "no security module provides process attributes" when no active LSM has
 * them and the kernel answered ENOENT, EINVAL or EOPNOTSUPP.
 */
const char *procattr_strerror(int err);

/*
 * Reads the label xattr @xattr of @path, following a final symlink if
 * @follow.  *value is malloc'ed and NUL-terminated.
 */
int procattr_file_get(const char *path, const char *xattr, int follow,
		      char **value);

/* Sets the label xattr @xattr of @path to @value. */
int procattr_file_set(const char *path, const char *xattr, int follow,
		      const char *value);

/*
 * Asks the running Sigil policy about @query, in the form of the rule that
 * would allow it ("transition kernel app_t"), through
 * /sys/kernel/security/sigil/access.  *answer is malloc'ed: "allowed" or
 * "denied: missing 'RULE'".
 */
int procattr_sigil_query(const char *query, char **answer);

#endif /* SIGIL_PROCATTR_H */
