/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the Sigil tools share beyond libsigil: one shape of message
 * ("prog: what failed: reason"), runcon's exit codes, and running COMMAND.
 */
#ifndef SIGIL_TOOL_H
#define SIGIL_TOOL_H

#include <stdnoreturn.h>

/* runcon's exit codes. */
enum {
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
 * *@lsm, refusing a repeat; --help; --version) and an unknown option.
 */
void tool_common_option(int c, const char **lsm, void (*usage)(int));

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
 * active.  Dies with @status otherwise.  Returns @name.
 */
const char *tool_check_lsm(const char *name, int status);

/*
 * After a refusal (@err -EACCES) under Sigil, asks its policy about the
 * query built from @fmt (the rule that would allow the operation) and says
 * which rule is missing.  Does nothing for another error or module.
 */
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
void tool_explain_refusal(const char *lsm, int err, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

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
