/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * execcon: run a command under a new security context, set through
 * attr/exec so that the transition happens at execve (runcon-like).
 */
#include <config.h>

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sigil.h"
#include "tool.h"

const char *program_name = "execcon";

static void usage(int status)
{
	if (status != EXIT_SUCCESS) {
		fprintf(stderr, "Try 'execcon --help' for more information.\n");
		exit(status);
	}
	printf("Usage: execcon [--lsm NAME] CONTEXT COMMAND [ARG]...\n"
	       "  or:  execcon [--lsm NAME] [-u USER] [-r ROLE] [-t TYPE] [-l RANGE] COMMAND [ARG]...\n"
	       "Run COMMAND with security context CONTEXT, or with the current context\n"
	       "changed by the -u, -r, -t and -l options.  The context is written to\n"
	       "attr/exec and applied by the kernel when COMMAND is executed.\n"
	       "\n"
	       "  -u, --user=USER    replace the user field of a user:role:type[:range] context\n"
	       "  -r, --role=ROLE    replace the role field\n"
	       "  -t, --type=TYPE    replace the type field\n"
	       "  -l, --range=RANGE  replace (or add) the range field\n"
	       "      --lsm=NAME     use security module NAME (default: sigil if\n"
	       "                       active, else the first with process attributes)\n"
	       "  -h, --help         display this help and exit\n"
	       "      --version      output version information and exit\n"
	       "\n"
	       "Exit status: 125 if execcon itself fails (bad context, or the module refuses\n"
	       "the write of exec: under Sigil, no transition rule), 126 if COMMAND cannot\n"
	       "be executed or the module refuses the transition at execve (under Sigil: an\n"
	       "entrypoint rule excludes the program, no_new_privs, nosuid, a tracer),\n"
	       "127 if COMMAND is not found, else COMMAND's.\n");
	exit(status);
}

/* Whether @path is a regular file that may be executed (not a directory). */
static int runnable(const char *path)
{
	struct stat st;

	return access(path, X_OK) == 0 && stat(path, &st) == 0 &&
	       S_ISREG(st.st_mode);
}

/*
 * Finds the file execvp() would run for @cmd: @path gets it, and the
 * return value is whether it exists and may be executed.
 */
static int find_executable(const char *cmd, char *path, size_t size)
{
	const char *dirs = getenv("PATH"), *p, *colon;
	size_t len;

	if (strchr(cmd, '/')) {
		snprintf(path, size, "%s", cmd);
		return runnable(cmd);
	}
	for (p = dirs ? dirs : "/bin:/usr/bin"; p; p = colon ? colon + 1 : NULL) {
		colon = strchr(p, ':');
		len = colon ? (size_t)(colon - p) : strlen(p);
		if (snprintf(path, size, "%.*s/%s", (int)len, len ? p : ".",
			     cmd) >= (int)size)
			continue;
		if (runnable(path))
			return 1;
	}
	return 0;
}

/*
 * Under Sigil, says which rule would have allowed the transition (to the
 * program @file, at execve, for the entrypoint rules).  For a program
 * without a label of its own the answer is not an entrypoint rule for
 * every unlabelled file but a label for the program.
 */
static void explain(const char *lsm, int err, const char *to, char **cur,
		    const char *file)
{
	char *flabel = NULL, *answer = NULL, query[1024];

	if (err != -EACCES || !lsm || strcmp(lsm, "sigil"))
		return;
	if (!*cur && sigil_attr_get(0, lsm, SIGIL_ATTR_CURRENT, cur))
		return;
	if (file)
		sigil_file_get(file, sigil_lsm_xattr(lsm), 1, &flabel);
	snprintf(query, sizeof(query), "transition %s %s%s%s",
		 *cur ? *cur : "", to, flabel ? " " : "", flabel ? flabel : "");
	if (sigil_query(query, &answer) || !strncmp(answer, "allowed", 7)) {
		free(answer);
		free(flabel);
		return;
	}
	if (file && flabel && !strcmp(flabel, "unlabeled") &&
	    strstr(answer, "missing 'entrypoint "))
		tool_error(0, "'%s' is unlabeled, and no entrypoint rule of '%s' names it: give it the label of %s's programs (filecon -s LABEL '%s', or a file_contexts entry and filecon --restore) rather than making every unlabeled file an entrypoint",
			   file, to, to, file);
	else
		tool_error(0, "the sigil policy has no rule to allow it: %s",
			   answer);
	free(answer);
	free(flabel);
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "user", required_argument, NULL, 'u' },
		{ "role", required_argument, NULL, 'r' },
		{ "type", required_argument, NULL, 't' },
		{ "range", required_argument, NULL, 'l' },
		TOOL_COMMON_OPTIONS,
		{ NULL, 0, NULL, 0 }
	};
	static const char *const field_word[SIGIL_CONTEXT_NFIELDS] = {
		"users", "roles", "types", "ranges"
	};
	const char *fields[SIGIL_CONTEXT_NFIELDS] = { NULL };
	const char *lsm = NULL, *lsm_opt = NULL, *why = "";
	char *context = NULL, *cur = NULL, path[4096];
	int c, f, edit = 0, err;

	while ((c = getopt_long(argc, argv, "+u:r:t:l:h", opts, NULL)) != -1) {
		switch (c) {
		case 'u':
		case 'r':
		case 't':
		case 'l':
			f = c == 'u' ? SIGIL_CONTEXT_USER : c == 'r' ? SIGIL_CONTEXT_ROLE :
			    c == 't' ? SIGIL_CONTEXT_TYPE : SIGIL_CONTEXT_RANGE;
			if (fields[f])
				tool_die(EXIT_CANCELED, 0, "multiple %s",
					 field_word[f]);
			fields[f] = optarg;
			edit = 1;
			break;
		case 'h':
			usage(EXIT_SUCCESS);
			break;
		default:
			tool_common_option(c, &lsm_opt, usage, EXIT_CANCELED);
		}
	}
	if (!edit) {
		if (optind == argc) {
			tool_error(0, "missing context");
			usage(EXIT_CANCELED);
		}
		context = argv[optind++];
		if (!*context)
			tool_die(EXIT_CANCELED, 0, "empty context");
		/* Options come first: 'execcon X -t Y CMD' is a mistake. */
		if (optind < argc && !strcmp(argv[optind], "--"))
			optind++;
		else if (optind < argc && argv[optind][0] == '-')
			tool_die(EXIT_CANCELED, 0,
				 "option '%s' after the context: options come before CONTEXT or COMMAND",
				 argv[optind]);
	}
	if (optind == argc) {
		tool_error(0, "missing command");
		usage(EXIT_CANCELED);
	}
	lsm = lsm_opt ? tool_check_lsm(lsm_opt, EXIT_CANCELED, EXIT_CANCELED) :
			sigil_lsm_default();
	tool_require_attr(lsm, SIGIL_ATTR_EXEC, EXIT_CANCELED,
			  "a task's label changes when it writes attr/current (proccon -s LABEL COMMAND)");

	if (edit) {
		err = sigil_attr_get(0, lsm, SIGIL_ATTR_CURRENT, &cur);
		if (err)
			tool_die(EXIT_CANCELED, err,
				 "cannot read the current context (%s)",
				 lsm ? lsm : "default module");
		if (!cur)
			tool_die(EXIT_CANCELED, 0, "the current context is empty");
		err = sigil_context_edit(cur, fields, &context, &why);
		if (err == -EINVAL)
			tool_die(EXIT_CANCELED, 0,
				 "cannot change the fields of context '%s': %s",
				 cur, why);
		if (err)
			tool_die(EXIT_CANCELED, err, "cannot build the new context");
	}

	err = sigil_attr_set(lsm, SIGIL_ATTR_EXEC, context);
	if (err) {
		explain(lsm, err, context, &cur, NULL);
		tool_explain_label(lsm, err, context);
		tool_attr_die(EXIT_CANCELED, err, "cannot set exec context to '%s' (%s)",
			      context, lsm ? lsm : "default module");
	}

	execvp(argv[optind], argv + optind);
	err = errno;
	if (err == EACCES && find_executable(argv[optind], path, sizeof(path))) {
		/* The file may be executed: the module refused the transition. */
		explain(lsm, -err, context, &cur, path);
		tool_error(-err, "%s refused the transition from '%s' to '%s' at exec of '%s'",
			   lsm ? lsm : "the security module", cur ? cur : "?",
			   context, argv[optind]);
		return EXIT_CANNOT_INVOKE;
	}
	tool_error(-err, "cannot run '%s'", argv[optind]);
	return err == ENOENT ? EXIT_ENOENT : EXIT_CANNOT_INVOKE;
}
