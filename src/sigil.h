/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * <sigil.h>: libsigil, the process attributes and file labels of Sigil
 * and of any LSM with the procattr API (SELinux, Smack, AppArmor).
 * Link with `pkg-config --cflags --libs sigil`; see libsigil(3).
 *
 * Every function that can fail returns 0 (or a count) on success and a
 * negative errno value on failure, leaving errno alone; sigil_strerror()
 * turns that value into the reason to print.  Strings returned through a
 * char ** are malloc'ed: free them.  The functions are thread-safe.
 */
#ifndef SIGIL_H
#define SIGIL_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * More than a kernel can stack: MAX_LSM_COUNT is the number of modules
 * built in, at most 15 in 6.12 with Sigil.
 */
#define SIGIL_MAX_LSMS 32
#define SIGIL_LSM_NAME_MAX 32

struct sigil_lsm {
	uint64_t id;				/* LSM_ID_*, 0 when unknown */
	char name[SIGIL_LSM_NAME_MAX];	/* "sigil", "selinux", ... */
};

/* The process attributes, in the order the tools list them. */
enum sigil_attr {
	SIGIL_ATTR_CURRENT,
	SIGIL_ATTR_EXEC,
	SIGIL_ATTR_FSCREATE,
	SIGIL_ATTR_PREV,
	SIGIL_ATTR_KEYCREATE,
	SIGIL_ATTR_SOCKCREATE,
	SIGIL_ATTR_COUNT
};

/* "current", "exec", ...; NULL for an invalid value. */
const char *sigil_attr_name(int attr);

/* The SIGIL_ATTR_* called @name ("exec"), or -1. */
int sigil_attr_from_name(const char *name);

/* The name of LSM identifier @id ("sigil"), or NULL if unknown. */
const char *sigil_lsm_name(uint64_t id);

/* The identifier of the LSM called @name, or 0 if unknown. */
uint64_t sigil_lsm_id(const char *name);

/*
 * Parses the comma-separated list of /sys/kernel/security/lsm into @out.
 * Returns the number of modules, -EINVAL for a malformed list, -E2BIG if
 * it has more than @max.
 */
int sigil_lsm_parse_list(const char *text, struct sigil_lsm *out,
			 size_t max);

/*
 * Lists the active LSMs in order, from lsm_list_modules(2), else from
 * /sys/kernel/security/lsm.  Returns the count or a negative errno.
 */
int sigil_lsm_list(struct sigil_lsm *out, size_t max);

/* Whether @name has process attributes (selinux, smack, apparmor, sigil). */
int sigil_lsm_has_attrs(const char *name);

/* Whether the LSM called @name is active: 1, 0, or a negative errno. */
int sigil_lsm_active(const char *name);

/*
 * The LSM the tools address when given none: Sigil if it is active, else
 * the first active LSM with process attributes; NULL if there is none or
 * the list cannot be read (then the unprefixed /proc nodes are used).
 */
const char *sigil_lsm_default(void);

/*
 * Whether the module @name has process attribute @attr: 0 for one it
 * lacks (Smack has no exec or fscreate), 1 otherwise, and for a module
 * the library does not know (the kernel then answers).
 */
int sigil_lsm_has_attr(const char *name, int attr);

/* The file-label xattr of @name ("security.sigil"), or NULL if none. */
const char *sigil_lsm_xattr(const char *name);

/*
 * Reads attribute @attr of process @pid for LSM @lsm (NULL: whichever LSM
 * owns the unprefixed /proc nodes).  @pid 0 is the calling thread; any
 * other value, getpid() included, is a process as /proc/PID/attr shows
 * it (its main thread).  On success
 * *value is a malloc'ed string without the trailing newline or NUL the
 * kernel adds, or NULL when the attribute is unset.
 */
int sigil_attr_get(pid_t pid, const char *lsm, int attr, char **value);

/*
 * Reads attribute @attr of thread @tid of process @pid (0: the calling
 * process), as /proc/PID/task/TID/attr shows it.
 */
int sigil_attr_get_thread(pid_t pid, pid_t tid, const char *lsm, int attr,
			  char **value);

/*
 * Sets attribute @attr of the calling thread for LSM @lsm (NULL: the
 * unprefixed nodes) to exactly the bytes of @value; NULL or "" resets it.
 * For AppArmor @value is a profile, written as the command that changes
 * to it ("exec PROFILE", "changeprofile PROFILE"), for exec and current
 * only; there -EINVAL for another attribute, NULL or "".
 */
int sigil_attr_set(const char *lsm, int attr, const char *value);

/*
 * The reason for error @err (a negative or positive errno), reading
 * "no security module provides process attributes" when no active LSM has
 * them and the kernel answered ENOENT, EINVAL or EOPNOTSUPP.
 */
const char *sigil_strerror(int err);

/*
 * Reads the label xattr @xattr of @path, following a final symlink if
 * @follow.  *value is malloc'ed and NUL-terminated.
 */
int sigil_file_get(const char *path, const char *xattr, int follow,
		   char **value);

/*
 * Sets the label xattr @xattr of @path to @value (without a NUL),
 * following a final symlink if @follow.
 */
int sigil_file_set(const char *path, const char *xattr, int follow,
		   const char *value);

/*
 * Asks the running Sigil policy about @query, in the form of the rule that
 * would allow it ("transition kernel app_t"), through
 * /sys/kernel/security/sigil/access.  *answer is malloc'ed: "allowed" or
 * "denied: missing 'RULE'".
 */
int sigil_query(const char *query, char **answer);

/*
 * The label of the peer of the connected socket @fd (SO_PEERSEC), as the
 * module that answers peer labels gives it: for Sigil, a unix stream or
 * seqpacket socket's peer at connect(2) or socketpair(2).  On success
 * *label is malloc'ed.  Returns 0, -ENOPROTOOPT when the socket has no
 * peer label (not connected, not a unix socket, no module answers),
 * -ENOTSOCK, -EBADF or -ENOMEM.
 */
int sigil_peer_label(int fd, char **label);

/* The fields of a user:role:type[:range] context, as runcon edits them. */
enum sigil_context_field {
	SIGIL_CONTEXT_USER,
	SIGIL_CONTEXT_ROLE,
	SIGIL_CONTEXT_TYPE,
	SIGIL_CONTEXT_RANGE,
	SIGIL_CONTEXT_NFIELDS
};

/*
 * Replaces the fields of @ctx whose entry in @fields is non-NULL.  The
 * range is everything after the third colon (it may hold colons itself);
 * a three-field context gains a range when one is given.  On success
 * *out is malloc'ed.  Returns 0, -EINVAL with *why set when @ctx is not
 * user:role:type[:range] or a new field is empty or holds a colon (the
 * range may), or -ENOMEM.
 */
int sigil_context_edit(const char *ctx,
		       const char *const fields[SIGIL_CONTEXT_NFIELDS],
		       char **out, const char **why);

#ifdef __cplusplus
}
#endif

#endif /* SIGIL_H */
