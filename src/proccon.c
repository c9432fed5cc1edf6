/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * proccon: show and set process contexts (id -Z and ps -Z together).
 */
#include <config.h>

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sigil.h"
#include "tool.h"

const char *program_name = "proccon";

static const char *lsm;		/* NULL: the unprefixed /proc nodes */
static char sep = '\n';
/* A usage error's status and a failure's; runcon's 125 with COMMAND. */
static int usage_status = EXIT_USAGE, fail_status = EXIT_FAILURE;

static void usage(int status)
{
	if (status != EXIT_SUCCESS) {
		fprintf(stderr, "Try 'proccon --help' for more information.\n");
		exit(status);
	}
	printf("Usage: proccon [OPTION]... [PID]...\n"
	       "  or:  proccon -A [OPTION]...\n"
	       "  or:  proccon -L [-0]\n"
	       "  or:  proccon --peer[=FD]\n"
	       "  or:  proccon -s CONTEXT [--lsm NAME] [COMMAND [ARG]...]\n"
	       "Print the security context of this process or of each PID; or\n"
	       "set this process's context (a dynamic transition), then run COMMAND.\n"
	       "\n"
	       "  -a, --attr=ATTR      print ATTR instead of current: exec, fscreate,\n"
	       "                         prev, keycreate or sockcreate\n"
	       "      --all            print every attribute that is set, as ATTR VALUE\n"
	       "  -A, --every-process  print a table of every process: PID, context (or\n"
	       "                         with -a, that attribute where set), command\n"
	       "  -L, --list-lsms      list the active security modules, in order\n"
	       "      --peer[=FD]      print the label of the peer of the connected\n"
	       "                         socket FD (default 0, standard input)\n"
	       "      --lsm=NAME       use security module NAME (default: sigil if\n"
	       "                         active, else the first with process attributes)\n"
	       "  -s, --set=CONTEXT    set this process's current context to CONTEXT\n"
	       "  -0, --zero           end each output line with NUL, not newline\n"
	       "  -h, --help           display this help and exit\n"
	       "      --version        output version information and exit\n"
	       "\n"
	       "With PIDs, each line is PID CONTEXT.  An unset attribute prints as\n"
	       "empty.\n"
	       "\n"
	       "Exit status: 0 if all went well, 1 if a PID could not be read or the\n"
	       "context could not be set, 2 for a usage error; with COMMAND, 125 if\n"
	       "proccon failed (a usage error too), 126 if COMMAND could not be run,\n"
	       "127 if it was not found, else COMMAND's.\n");
	exit(status);
}

static const char *lsm_desc(void)
{
	return lsm ? lsm : "default module";
}

/*
 * Prints [PID ][ATTR ]VALUE for one attribute, nothing for an unset one
 * if @skip_unset; returns 0 or a negative errno.
 */
static int show(pid_t pid, int attr, int with_pid, int with_attr, int skip_unset)
{
	char *value = NULL;
	int err;

	err = sigil_attr_get(pid, lsm, attr, &value);
	if (err)
		return err;
	if (!value && skip_unset)
		return 0;
	if (with_pid)
		printf("%ld ", (long)pid);
	if (with_attr)
		printf("%s ", sigil_attr_name(attr));
	printf("%s%c", value ? value : "", sep);
	free(value);
	return 0;
}

static int show_all(pid_t pid, int with_pid)
{
	int attr, err, shown = 0;

	for (attr = 0; attr < SIGIL_ATTR_COUNT; attr++) {
		err = show(pid, attr, with_pid, 1, 1);
		/* Attributes the module does not have. */
		if (err == -EINVAL || err == -EOPNOTSUPP || err == -ENOENT)
			continue;
		if (err)
			return err;
		shown++;
	}
	return shown ? 0 : -EINVAL;
}

static int parse_pid(const char *s, pid_t *pid)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || end == s || *end || v <= 0 || (pid_t)v != v)
		return -1;
	*pid = (pid_t)v;
	return 0;
}

static int process_exists(pid_t pid)
{
	char path[32];

	snprintf(path, sizeof(path), "/proc/%ld", (long)pid);
	return access(path, F_OK) == 0;
}

struct row {
	pid_t pid;
	char *context;
	char comm[64];
};

/* Every process's @attr (as set), with its PID and command. */
static int every_process(int attr)
{
	struct row *rows = NULL;
	size_t n = 0, cap = 0, i, width = 7;
	struct dirent *d;
	char path[40];
	pid_t pid;
	DIR *dir;
	FILE *f;

	dir = opendir("/proc");
	if (!dir)
		tool_die(1, -errno, "cannot list /proc");
	while ((d = readdir(dir))) {
		struct row r = { 0 };

		if (!isdigit((unsigned char)d->d_name[0]) ||
		    parse_pid(d->d_name, &pid))
			continue;
		r.pid = pid;
		/* A process that exits meanwhile is simply not listed. */
		if (sigil_attr_get(pid, lsm, attr, &r.context) || !r.context)
			continue;
		snprintf(r.comm, sizeof(r.comm), "?");
		snprintf(path, sizeof(path), "/proc/%ld/comm", (long)pid);
		f = fopen(path, "r");
		if (f) {
			if (!fgets(r.comm, sizeof(r.comm), f))
				snprintf(r.comm, sizeof(r.comm), "?");
			r.comm[strcspn(r.comm, "\n")] = '\0';
			fclose(f);
		}
		if (n == cap) {
			cap = cap ? cap * 2 : 64;
			rows = realloc(rows, cap * sizeof(*rows));
			if (!rows)
				tool_die(1, -ENOMEM, "cannot list the processes");
		}
		rows[n++] = r;
		if (strlen(r.context) > width)
			width = strlen(r.context);
	}
	closedir(dir);
	if (sep == '\n')
		printf("%7s  %-*s  %s\n", "PID", (int)width, "CONTEXT", "COMMAND");
	for (i = 0; i < n; i++) {
		if (sep == '\n')
			printf("%7ld  %-*s  %s\n", (long)rows[i].pid, (int)width,
			       rows[i].context, rows[i].comm);
		else
			printf("%ld %s %s%c", (long)rows[i].pid, rows[i].context,
			       rows[i].comm, sep);
		free(rows[i].context);
	}
	free(rows);
	return 0;
}

static int list_lsms(void)
{
	struct sigil_lsm l[SIGIL_MAX_LSMS];
	int n, i;

	n = sigil_lsm_list(l, SIGIL_MAX_LSMS);
	if (n < 0)
		tool_die(1, n, "cannot list the active security modules");
	for (i = 0; i < n; i++)
		printf("%s%c", l[i].name, sep);
	return 0;
}

/* --peer=FD: a file descriptor number, from 0 to INT_MAX. */
static int parse_fd(const char *s)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (!isdigit((unsigned char)*s) || *end || errno || v > INT_MAX)
		tool_die(usage_status, 0, "invalid file descriptor '%s'", s);
	return (int)v;
}

/* --peer: the label of the peer of socket @fd, from the module that
 * answers peer labels (SO_PEERSEC). */
static int show_peer(int fd)
{
	char *label;
	int err = sigil_peer_label(fd, &label);

	if (err == -ENOPROTOOPT)
		tool_die(1, 0, "no peer label on file descriptor %d: not a connected unix stream socket, or no module gives peer labels",
			 fd);
	if (err)
		tool_die(1, err, "cannot read the peer label of file descriptor %d",
			 fd);
	printf("%s%c", label, sep);
	free(label);
	return 0;
}

#define OPTSTRING "+a:ALs:0h"

/*
 * Whether the command line runs COMMAND: -s, then an operand.  Found by a
 * silent first pass of getopt_long(), so that an error in the options is
 * already reported with the status of the mode asked for.
 */
static int runs_command(int argc, char **argv, const struct option *opts)
{
	int c, set = 0, run;

	opterr = 0;
	while ((c = getopt_long(argc, argv, OPTSTRING, opts, NULL)) != -1)
		set |= c == 's';
	run = set && optind < argc;
	opterr = 1;
	optind = 0;	/* the real pass starts afresh */
	return run;
}

int main(int argc, char **argv)
{
	enum { OPT_ALL = 256, OPT_PEER };
	static const struct option opts[] = {
		{ "attr", required_argument, NULL, 'a' },
		{ "all", no_argument, NULL, OPT_ALL },
		{ "every-process", no_argument, NULL, 'A' },
		{ "list-lsms", no_argument, NULL, 'L' },
		{ "peer", optional_argument, NULL, OPT_PEER },
		{ "set", required_argument, NULL, 's' },
		{ "zero", no_argument, NULL, '0' },
		TOOL_COMMON_OPTIONS,
		{ NULL, 0, NULL, 0 }
	};
	const char *set = NULL, *lsm_opt = NULL;
	int attr = -1, all = 0, every = 0, list = 0, peer = -1, c, i;
	int failed = 0, err;
	pid_t pid;

	if (runs_command(argc, argv, opts))
		usage_status = fail_status = EXIT_CANCELED;
	while ((c = getopt_long(argc, argv, OPTSTRING, opts, NULL)) != -1) {
		switch (c) {
		case 'a':
			if (attr >= 0)
				tool_die(usage_status, 0, "multiple attributes");
			attr = sigil_attr_from_name(optarg);
			if (attr < 0)
				tool_die(usage_status, 0,
					 "unknown attribute '%s' (one of current, exec, fscreate, prev, keycreate, sockcreate)",
					 optarg);
			break;
		case OPT_ALL:
			all = 1;
			break;
		case 'A':
			every = 1;
			break;
		case 'L':
			list = 1;
			break;
		case OPT_PEER:
			peer = optarg ? parse_fd(optarg) : 0;
			break;
		case 's':
			if (set)
				tool_die(usage_status, 0, "multiple contexts to set");
			set = optarg;
			break;
		case '0':
			sep = '\0';
			break;
		case 'h':
			usage(EXIT_SUCCESS);
			break;
		default:
			tool_common_option(c, &lsm_opt, usage, usage_status);
		}
	}
	if (list + every + all + (set != NULL) + (peer >= 0) > 1 ||
	    ((list || set || peer >= 0) && attr >= 0) || (all && attr >= 0))
		tool_die(usage_status, 0,
			 "-A, -L, -s, --peer and --all cannot be combined, nor -a with -L, -s, --peer or --all");
	if ((list || every || peer >= 0) && optind < argc)
		tool_die(usage_status, 0, "-A, -L and --peer take no operands");

	if (list)
		return list_lsms();
	if (peer >= 0)
		return show_peer(peer);
	lsm = lsm_opt ? tool_check_lsm(lsm_opt, usage_status, fail_status) :
			sigil_lsm_default();
	if (every)
		return every_process(attr < 0 ? SIGIL_ATTR_CURRENT : attr);

	if (set) {
		const int run = optind < argc;

		err = sigil_attr_set(lsm, SIGIL_ATTR_CURRENT, set);
		if (err) {
			tool_explain_own_refusal(lsm, err, "dyntransition", set);
			tool_explain_label(lsm, err, set);
			tool_attr_die(fail_status, err,
				      "cannot set current context to '%s' (%s)",
				      set, lsm_desc());
		}
		if (run)
			tool_exec(argv + optind);
		return 0;
	}

	if (attr < 0)
		attr = SIGIL_ATTR_CURRENT;
	if (optind == argc) {
		err = all ? show_all(0, 0) : show(0, attr, 0, 0, 0);
		if (err)
			tool_attr_die(1, err, "cannot read %s of this process (%s)",
				      all ? "the attributes" : sigil_attr_name(attr),
				      lsm_desc());
		return 0;
	}
	for (i = optind; i < argc; i++) {
		if (parse_pid(argv[i], &pid)) {
			tool_error(0, "invalid process ID '%s'", argv[i]);
			failed = 1;
			continue;
		}
		err = all ? show_all(pid, 1) : show(pid, attr, 1, 0, 0);
		if (err && !process_exists(pid))
			err = -ESRCH;
		if (err) {
			tool_attr_error(err, "cannot read %s of process %ld (%s)",
					all ? "the attributes" : sigil_attr_name(attr),
					(long)pid, lsm_desc());
			failed = 1;
		}
	}
	return failed;
}
