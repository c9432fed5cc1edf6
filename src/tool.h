/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the Sigil tools share beyond libsigil: one shape of message
 * ("prog: what failed: reason"), one exit-status convention, and running
 * COMMAND.
 */
#ifndef SIGIL_TOOL_H
#define SIGIL_TOOL_H

#include <stdnoreturn.h>

/*
 * The exit statuses (sigil(7)).  A tool that runs COMMAND (execcon,
 * fscreatecon-run, proccon -s CONTEXT COMMAND) exits as runcon does: 125
 * when it fails itself, usage errors included, 126 or 127 when COMMAND
 * cannot be run, else COMMAND's status.  The others exit as chcon does,
 * EXIT_FAILURE (1) on a failure, and EXIT_USAGE on a usage error.
 */
enum {
	EXIT_USAGE = 2,		/* a bad option, operand or combination */
	EXIT_CANCELED = 125,	/* the tool itself failed */
	EXIT_CANNOT_INVOKE = 126,	/* COMMAND not executable, or refused */
	EXIT_ENOENT = 127,	/* COMMAND not found */
};

extern const char *program_name;

/* Long options every tool has, for getopt_long's struct option. */
enum { TOOL_OPT_LSM = 1000, TOOL_OPT_HELP, TOOL_OPT_VERSION };
#define TOOL_COMMON_OPTIONS						\
	{ "lsm", required_argument, NULL, TOOL_OPT_LSM },		\
	{ "help", no_argument, NULL, TOOL_OPT_HELP },			\
	{ "version", no_argument, NULL, TOOL_OPT_VERSION }

/*
 * Handles getopt_long's answer @c for the common options (--lsm into
 * *@lsm; --help; --version).  A repeated --lsm or an unknown option is a
 * usage error: exits with @status.
 */
void tool_common_option(int c, const char **lsm, void (*usage)(int),
			int status);

/* Prints "prog: MESSAGE[: reason]" (err: a negative errno, or 0). */
void tool_error(int err, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* The same, then exit(@status). */
noreturn void tool_die(int status, int err, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/*
 * The same for an error from a process attribute, where ENOENT, EINVAL
 * and EOPNOTSUPP may mean that no module has process attributes at all
 * (sigil_strerror()); tool_error() gives the system's reason.
 */
void tool_attr_error(int err, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
noreturn void tool_attr_die(int status, int err, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Prints "prog (sigil) VERSION" and exits 0. */
noreturn void tool_version(void);

/*
 * Checks a --lsm argument: a module with process attributes that is
 * active.  Dies with @usage for a module that is unknown or has no
 * process attributes, with @status for one that is not active or when
 * the active modules cannot be listed.  Returns @name.
 */
const char *tool_check_lsm(const char *name, int usage, int status);

/*
 * After a refusal (@err -EACCES) under Sigil, asks its policy about the
 * query built from @fmt (the rule that would allow the operation) and says
 * which rule is missing.  Does nothing for another error or module.
 */
void tool_explain_refusal(const char *lsm, int err, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/*
 * The same for a refusal of the task's own doing: the query is "@kind
 * OWN-LABEL @rest", with the task's current label in the middle.
 */
void tool_explain_own_refusal(const char *lsm, int err, const char *kind,
			      const char *rest);

/*
 * After a set of @label under @lsm failed with @err: for Sigil's EINVAL,
 * says what is wrong with the label (empty, too long, which byte).
 */
void tool_explain_label(const char *lsm, int err, const char *label);

/*
 * Reads all of @fd into *@text (malloc'ed, NUL-terminated; *@size bytes
 * before the NUL).  Returns 0 or a negative errno.
 */
int tool_read_fd(int fd, char **text, size_t *size);

/*
 * Dies with @status, saying "LSM has no ATTR attribute: @why", when the
 * module @lsm lacks attribute @attr (sigil_lsm_has_attr()).
 */
void tool_require_attr(const char *lsm, int attr, int status, const char *why);

/*
 * Executes COMMAND (argv[0] searched in PATH); on failure says why and
 * exits 127 if it was not found, else 126.
 */
noreturn void tool_exec(char *const argv[]);

#endif /* SIGIL_TOOL_H */
