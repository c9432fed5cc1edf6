/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sigilctl: load, check and query the Sigil policy.
 */
#include <config.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/klog.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <syslog.h>
#include <time.h>
#include <unistd.h>

#include "policy-check.h"
#include "reach.h"
#include "sigil.h"
#include "rule-use.h"
#include "suggest.h"

/* A file-contexts label that leaves files alone (sigil-file-contexts(5)). */
#define FC_NONE_LABEL "<<none>>"
#include "tool.h"

const char *program_name = "sigilctl";

#define SIGILFS "/sys/kernel/security/sigil/"
#define DEFAULT_POLICY SYSCONFDIR "/sigil/policy"
/* Where each successful load keeps its text, for load --boot. */
#define LAST_GOOD_DIR LOCALSTATEDIR "/lib/sigil"
#define LAST_GOOD LAST_GOOD_DIR "/last-good.policy"
#define CONFIG_FILE SYSCONFDIR "/sigil/config"
/* What an unconfined boot leaves for pam_sigil. */
#define UNCONFINED_BOOT_DIR "/run/sigil"
#define UNCONFINED_BOOT UNCONFINED_BOOT_DIR "/unconfined-boot"
/* load --boot's statuses beyond 0 and 1. */
#define BOOT_FELL_BACK 3	/* FILE failed, the last good policy loaded */
#define BOOT_NO_POLICY 4	/* nothing loaded: stop the boot */

static void usage(int status)
{
	if (status != EXIT_SUCCESS) {
		fprintf(stderr, "Try 'sigilctl --help' for more information.\n");
		exit(status);
	}
	printf("Usage: sigilctl load [--boot] [FILE]\n"
	       "  or:  sigilctl check FILE\n"
	       "  or:  sigilctl status\n"
	       "  or:  sigilctl enforce [enforcing|permissive|1|0]\n"
	       "  or:  sigilctl suggest [--explain] [--policy FILE] [FILE]\n"
	       "  or:  sigilctl access SUBJECT OBJECT PERMS\n"
	       "  or:  sigilctl access transition|dyntransition|fscreate|relabel LABEL...\n"
	       "  or:  sigilctl access nnptransition|nosuidtransition FROM TO\n"
	       "  or:  sigilctl access process SUBJECT OBJECT PERMS\n"
	       "  or:  sigilctl access capability SUBJECT NAME\n"
	       "  or:  sigilctl access socket SUBJECT FAMILY\n"
	       "  or:  sigilctl access net SUBJECT NETLABEL PERMS\n"
	       "  or:  sigilctl access policy SUBJECT PERMS\n"
	       "  or:  sigilctl who-can [--rights LETTERS] [--json] [--policy FILE] OBJECT\n"
	       "  or:  sigilctl reach [--json] [--policy FILE] SUBJECT\n"
	       "  or:  sigilctl rules [--unused [--since TIME] | --stats] [--policy FILE]\n"
	       "Manage the Sigil security module's policy.\n"
	       "\n"
	       "  load [--boot] [FILE]\n"
	       "                check FILE, then replace the running policy with it\n"
	       "                (default: " DEFAULT_POLICY "), and keep it as the\n"
	       "                last good policy, " LAST_GOOD ";\n"
	       "                --boot: when FILE fails, load the last good policy\n"
	       "                instead (status 3); when that fails too, exit 4 unless\n"
	       "                " CONFIG_FILE " or the kernel command line says\n"
	       "                sigil.boot=unconfined (status 1)\n"
	       "  check FILE    check FILE offline, reporting errors as FILE:LINE: reason\n"
	       "  status        show the policy generation, rules, denials and mode\n"
	       "  enforce       show the mode: enforcing or permissive\n"
	       "  enforce MODE  enforcing (1): enforce denials; permissive (0): log them only\n"
	       "  suggest       print the rules that would allow the denials logged in\n"
	       "                FILE (an audit log, a saved kernel log), or in the kernel\n"
	       "                log; --explain says which denials each rule answers;\n"
	       "                w, a, c or x on a catch-all label (unlabeled, a genfs\n"
	       "                rule for /, of --policy FILE or the running policy) is\n"
	       "                printed commented out, with what to do instead\n"
	       "  access ...    ask whether the running policy allows an access\n"
	       "  who-can       every label that holds rights on files labelled OBJECT\n"
	       "                (on ports, when OBJECT is a port label: net rules),\n"
	       "                directly or by becoming one that does: LABEL RIGHTS\n"
	       "                HOLDER BY PATH, one a line\n"
	       "  reach         every right SUBJECT holds, directly or by becoming\n"
	       "                another label: LABEL KIND OBJECT RIGHTS PATH\n"
	       "                (who-can and reach read the running policy, or FILE\n"
	       "                and its fragments)\n"
	       "  rules         how often each rule of the running policy was used:\n"
	       "                COUNT LAST PLACE RULE, one a line (--stats, the\n"
	       "                default); --unused: the rules not used since the load\n"
	       "                (or TIME: @SECONDS, YYYY-MM-DD[THH:MM[:SS]], or Nd, Nh,\n"
	       "                Nm, Ns ago), PLACE: RULE; PLACE is a line of FILE and\n"
	       "                its fragments (default " DEFAULT_POLICY ")\n"
	       "\n"
	       "FILE may be - for standard input.\n"
	       "\n"
	       "      --help     display this help and exit\n"
	       "      --version  output version information and exit\n"
	       "\n"
	       "Exit status: 0 on success (access: allowed), 1 on failure (access:\n"
	       "denied), 2 for a usage error; load --boot: 3 and 4 as above.\n");
	exit(status);
}

/*
 * A file that cannot be opened: the system's reason, not the procattr
 * wording; for a node of Sigil's, whether Sigil is there at all.
 */
static void open_failed(const char *path)
{
	const int err = errno;

	if (err == ENOENT && !strncmp(path, SIGILFS, strlen(SIGILFS)))
		tool_die(1, 0, "cannot open %s: %s (is Sigil active? /sys/kernel/security/lsm lists the active modules)",
			 path, strerror(err));
	tool_die(1, 0, "cannot open '%s': %s", path, strerror(err));
}

/* All of @path (- for standard input), NUL-terminated; dies on failure. */
static char *read_all(const char *path, size_t *size)
{
	char *text;
	int fd, err;

	fd = strcmp(path, "-") ? open(path, O_RDONLY | O_CLOEXEC) : 0;
	if (fd < 0)
		open_failed(path);
	err = tool_read_fd(fd, &text, size);
	if (err)
		tool_die(1, err, "cannot read '%s'", path);
	if (fd)
		close(fd);
	return text;
}

/*
 * A policy is FILE and its fragments, FILE.d/ *.policy in name order: the
 * text loaded is their concatenation.  Each piece starts at a line of the
 * whole, so that an error names the file and its own line.
 */
struct piece {
	char *path;
	unsigned int first;	/* its first line in the whole, from 1 */
};
static struct piece *pieces;
static size_t npieces;

/* Writes "PATH:LINE" for line @line of the whole into @buf. */
static void locate(unsigned int line, char *buf, size_t size)
{
	size_t i = npieces;

	while (i > 1 && pieces[i - 1].first > line)
		i--;
	if (!npieces)
		snprintf(buf, size, "-:%u", line);
	else
		snprintf(buf, size, "%s:%u", pieces[i - 1].path,
			 line - pieces[i - 1].first + 1);
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

static int is_fragment(const struct dirent *e)
{
	const size_t n = strlen(e->d_name);

	return e->d_name[0] != '.' && n > 7 &&
	       !strcmp(e->d_name + n - 7, ".policy");
}

static void add_piece(const char *path, unsigned int first)
{
	struct piece *p = realloc(pieces, (npieces + 1) * sizeof(*p));

	if (!p || !(p[npieces].path = strdup(path)))
		tool_die(1, -ENOMEM, "cannot read the policy");
	p[npieces].first = first;
	pieces = p;
	npieces++;
}

/*
 * Reads @file and its fragments (@file.d/ *.policy, in name order), each
 * ended by a newline, into one text.
 */
static char *read_policy(const char *file, size_t *size)
{
	struct dirent **names;
	char dir[4096], path[8192];
	unsigned int lines = 1;
	char *text, *part, *t;
	size_t len, i;
	int n, k;

	text = read_all(file, size);
	add_piece(file, 1);
	if (!strcmp(file, "-") || snprintf(dir, sizeof(dir), "%s.d", file) >= (int)sizeof(dir))
		return text;
	n = scandir(dir, &names, is_fragment, by_name);
	if (n < 0) {
		if (errno != ENOENT && errno != ENOTDIR)
			tool_die(1, -errno, "cannot read the fragments in '%s'", dir);
		return text;
	}
	for (k = 0; k < n; k++) {
		snprintf(path, sizeof(path), "%s/%s", dir, names[k]->d_name);
		free(names[k]);
		/* The whole so far ends with a newline. */
		if (*size && text[*size - 1] != '\n') {
			t = realloc(text, *size + 1);
			if (!t)
				tool_die(1, -ENOMEM, "cannot read the policy");
			text = t;
			text[(*size)++] = '\n';
		}
		for (lines = 1, i = 0; i < *size; i++)
			lines += text[i] == '\n';
		part = read_all(path, &len);
		t = realloc(text, *size + len + 1);
		if (!t)
			tool_die(1, -ENOMEM, "cannot read the policy");
		text = t;
		memcpy(text + *size, part, len);
		*size += len;
		free(part);
		add_piece(path, lines);
	}
	free(names);
	return text;
}

/* policy_check()'s place for a line of the whole: its file and line. */
static void where_is(unsigned int line, char *buf, size_t size)
{
	locate(line, buf, size);
}

/*
 * Checks the policy @text read from @path (and its fragments); says why
 * it is invalid on standard error, and, for a load (@log), in the system
 * log too: the kernel never sees a policy refused here, so its status
 * cannot say.
 */
static long check(const char *path, const char *text, size_t size, int log)
{
	unsigned int line = 0;
	char reason[256], where[8300];
	long rules;

	if (size > SIGIL_POLICY_MAX_BYTES) {
		snprintf(reason, sizeof(reason), "larger than %lu bytes",
			 SIGIL_POLICY_MAX_BYTES);
		rules = -1;
	} else {
		policy_check_breaking = stderr;
		policy_check_warnings = stderr;
		policy_check_where = where_is;
		fflush(stdout);
		rules = policy_check(text, size, &line, reason, sizeof(reason));
	}
	if (rules >= 0)
		return rules;
	if (line)
		locate(line, where, sizeof(where));
	else
		snprintf(where, sizeof(where), "%s", path);
	fflush(stdout);
	fprintf(stderr, "%s: %s\n", where, reason);
	if (log) {
		openlog("sigilctl", LOG_PID, LOG_AUTHPRIV);
		syslog(LOG_ERR, "policy not loaded, the running one stays: %s: %s",
		       where, reason);
		closelog();
	}
	return rules;
}

static void print_node(const char *name)
{
	char path[64];
	size_t size;
	char *text;

	snprintf(path, sizeof(path), SIGILFS "%s", name);
	text = read_all(path, &size);
	fwrite(text, 1, size, stdout);
	free(text);
}

/* The file and line of the kernel's last_error, for a policy in pieces. */
static void kernel_error_where(void)
{
	char where[8300], *text, *p;
	unsigned int line;
	size_t size;

	if (npieces < 2)
		return;
	text = read_all(SIGILFS "status", &size);
	p = memmem(text, size, "\nlast_error: line ", 18);
	if (p && sscanf(p + 18, "%u", &line) == 1) {
		locate(line, where, sizeof(where));
		fprintf(stderr, "%s: that line is %s\n", program_name, where);
	}
	free(text);
}

/*
 * Writes all @size bytes of @data to @fd, in one write(2) at least (an
 * empty policy is still written); 0, or the errno of the failed write.
 */
static int write_all(int fd, const char *data, size_t size)
{
	size_t done = 0;
	ssize_t n;

	do {
		n = write(fd, data + done, size - done);
		if (n < 0 && errno != EINTR)
			return errno;
		if (n > 0)
			done += (size_t)n;
	} while (done < size);
	return 0;
}

/*
 * Writes @data to the node @name and closes it.  The policy node gathers
 * every write of one open file and loads the whole text when it is
 * closed, so its verdict comes from close().
 */
static void write_node(const char *name, const char *data, size_t size,
		       const char *what)
{
	char path[64];
	int fd, err;

	snprintf(path, sizeof(path), SIGILFS "%s", name);
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		open_failed(path);
	err = write_all(fd, data, size);
	if (close(fd) < 0 && !err && errno != EINTR)
		err = errno;
	if (!err)
		return;
	if (err == EINVAL && !strcmp(name, "policy")) {
		fprintf(stderr, "%s: the kernel rejected %s; its status says:\n",
			program_name, what);
		print_node("status");
		kernel_error_where();
	} else {
		tool_error(-err, "cannot write %s to %s", what, path);
	}
	exit(1);
}

static char *read_optional(const char *path);

/*
 * Makes the directory @path, mode 0700, and its missing parents, 0755, as
 * mkdir -p does.  Returns 0, or -1 with errno set.
 */
static int make_dirs(const char *path)
{
	char buf[4096], *p;

	if (snprintf(buf, sizeof(buf), "%s", path) >= (int)sizeof(buf)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	for (p = strchr(buf + 1, '/'); p; p = strchr(p + 1, '/')) {
		*p = '\0';
		if (mkdir(buf, 0755) < 0 && errno != EEXIST)
			return -1;
		*p = '/';
	}
	return mkdir(buf, 0700) < 0 && errno != EEXIST ? -1 : 0;
}

/*
 * Keeps @text, just loaded, as the last good policy: written beside it
 * and renamed over it, so that a crash leaves the old one or the new
 * one, never half of either.  Returns 0, or 1 after saying why not.
 */
static int keep_last_good(const char *text, size_t size)
{
	char tmp[] = LAST_GOOD ".XXXXXX";
	int fd, err;

	if (make_dirs(LAST_GOOD_DIR) < 0) {
		tool_error(-errno, "loaded, but cannot keep it as the last good policy: cannot make '%s'",
			   LAST_GOOD_DIR);
		return 1;
	}
	fd = mkstemp(tmp);
	if (fd < 0) {
		tool_error(-errno, "loaded, but cannot keep it as the last good policy: cannot create '%s'",
			   tmp);
		return 1;
	}
	err = write_all(fd, text, size);
	if (!err && (fchmod(fd, 0600) < 0 || fsync(fd) < 0))
		err = errno;
	if (close(fd) < 0 && !err)
		err = errno;
	if (!err && rename(tmp, LAST_GOOD) < 0)
		err = errno;
	if (!err)
		return 0;
	unlink(tmp);
	tool_error(-err, "loaded, but cannot keep it as the last good policy in '%s'",
		   LAST_GOOD);
	return 1;
}

/* Loads @file and its fragments; keeps the text when @keep. */
static int load(const char *file, int keep)
{
	size_t size;
	char *text;

	text = read_policy(file, &size);
	if (check(file, text, size, 1) < 0)
		return 1;
	write_node("policy", text, size, file);
	if (keep)
		keep_last_good(text, size);
	free(text);
	return 0;
}

/* load() in a child, whose tool_die() ends only the child: its status. */
static int load_apart(const char *file, int keep)
{
	pid_t pid;
	int st;

	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid < 0)
		tool_die(1, -errno, "cannot fork");
	if (!pid)
		_exit(load(file, keep));
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			tool_die(1, -errno, "cannot wait for the load");
	return WIFEXITED(st) ? WEXITSTATUS(st) : 1;
}

/*
 * Whether the admin chose to boot without a policy when none loads:
 * sigil.boot=unconfined on the kernel command line, or boot=unconfined
 * in the configuration file.  Any other value, or none, keeps the boot
 * from going on unconfined.
 */
static int unconfined_boot(void)
{
	char *cmdline = read_optional("/proc/cmdline");
	char line[1024], *word, *save;
	unsigned int n = 0;
	int yes = 0;
	FILE *f;

	for (word = cmdline ? strtok_r(cmdline, " \t\n", &save) : NULL; word;
	     word = strtok_r(NULL, " \t\n", &save))
		if (!strcmp(word, "sigil.boot=unconfined"))
			yes = 1;
	free(cmdline);
	f = fopen(CONFIG_FILE, "re");
	while (!yes && f && fgets(line, sizeof(line), f)) {
		n++;
		line[strcspn(line, "#\n")] = '\0';
		word = line + strspn(line, " \t");
		if (!*word)
			continue;
		word[strcspn(word, " \t")] = '\0';
		if (!strcmp(word, "boot=unconfined"))
			yes = 1;
		else if (strcmp(word, "boot=policy"))
			fprintf(stderr, "%s: %s:%u: ignored: expected boot=policy or boot=unconfined, saw '%s'\n",
				program_name, CONFIG_FILE, n, word);
	}
	if (f)
		fclose(f);
	return yes;
}

/* Says @msg on standard error and, at priority @prio, in the system log. */
static void boot_say(int prio, const char *msg)
{
	fprintf(stderr, "%s: %s\n", program_name, msg);
	openlog("sigilctl", LOG_PID, LOG_AUTHPRIV);
	syslog(prio, "%s", msg);
	closelog();
}

/*
 * load --boot: @file, or the last good policy, or, unless the admin chose
 * otherwise, BOOT_NO_POLICY for the unit to stop the boot with.
 */
static int boot_load(const char *file)
{
	char msg[8400];

	if (!load_apart(file, 1))
		return 0;
	if (!access(LAST_GOOD, F_OK) && !load_apart(LAST_GOOD, 0)) {
		snprintf(msg, sizeof(msg),
			 "%s did not load: the last good policy, %s, is loaded instead",
			 file, LAST_GOOD);
		boot_say(LOG_CRIT, msg);
		return BOOT_FELL_BACK;
	}
	if (unconfined_boot()) {
		/* pam_sigil starts sessions without a policy only then. */
		if ((mkdir(UNCONFINED_BOOT_DIR, 0755) < 0 && errno != EEXIST) ||
		    close(open(UNCONFINED_BOOT, O_WRONLY | O_CREAT | O_CLOEXEC, 0644)) < 0)
			tool_error(-errno, "cannot note the unconfined boot in '%s'",
				   UNCONFINED_BOOT);
		snprintf(msg, sizeof(msg),
			 "%s did not load and no last good policy did: booting without a policy, as sigil.boot=unconfined asks",
			 file);
		boot_say(LOG_ALERT, msg);
		return 1;
	}
	snprintf(msg, sizeof(msg),
		 "%s did not load and no last good policy did: the boot stops (sigil.boot=unconfined on the kernel command line boots without a policy)",
		 file);
	boot_say(LOG_EMERG, msg);
	return BOOT_NO_POLICY;
}

static int access_query(int argc, char **argv)
{
	char query[1024], reason[256], *answer = NULL;
	size_t len = 0;
	int i, err;

	for (i = 0; i < argc; i++) {
		/* One argument, one field: "a b" is not two labels. */
		if (!argv[i][0] || strpbrk(argv[i], " \t\n"))
			tool_die(EXIT_USAGE, 0, "invalid field '%s' in the query: fields are not empty and have no white space",
				 argv[i]);
		len += (size_t)snprintf(query + len, sizeof(query) - len, "%s%s",
					i ? " " : "", argv[i]);
	}
	if (len >= sizeof(query))
		tool_die(EXIT_USAGE, 0, "query too long");
	/* Checked as the kernel reads it, to name the field at fault. */
	if (policy_check_query(query, reason, sizeof(reason)))
		tool_die(EXIT_USAGE, 0, "invalid query '%s': %s", query, reason);
	err = sigil_query(query, &answer);
	if (err == -EINVAL)
		tool_die(EXIT_USAGE, err, "invalid query '%s'", query);
	if (err)
		tool_die(1, err, "cannot ask " SIGILFS "access about '%s'", query);
	puts(answer);
	err = strncmp(answer, "allowed", 7) ? 1 : 0;
	free(answer);
	return err;
}

/* The kernel log, as dmesg reads it; *size its length. */
static char *read_kernel_log(size_t *size)
{
	int len = klogctl(10 /* SYSLOG_ACTION_SIZE_BUFFER */, NULL, 0);
	char *buf;

	if (len < 0)
		tool_die(1, -errno, "cannot read the kernel log");
	buf = malloc((size_t)len + 1);
	if (!buf)
		tool_die(1, -ENOMEM, "cannot read the kernel log");
	len = klogctl(3 /* SYSLOG_ACTION_READ_ALL */, buf, len);
	if (len < 0)
		tool_die(1, -errno, "cannot read the kernel log");
	buf[len] = '\0';
	*size = (size_t)len;
	return buf;
}

/* Reads @path if it can be read, else NULL: for optional sources. */
static char *read_optional(const char *path)
{
	size_t size;
	char *text;
	int fd, err;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	err = tool_read_fd(fd, &text, &size);
	close(fd);
	return err ? NULL : text;
}

/*
 * The catch-all labels of a policy (genfs FSTYPE / LABEL: everything of
 * a file system) or of a file-contexts spec (an entry for every path).
 */
static void add_catchalls(struct suggest *s, const char *text, int spec)
{
	char a[300], b[300], c[300], d[300];
	const char *line = text;
	int n;

	for (; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
		n = sscanf(line, "%299s %299s %299s %299s", a, b, c, d);
		if (!spec && n == 4 && !strcmp(a, "genfs") && !strcmp(c, "/") &&
		    d[0] != '#' && suggest_catchall(s, d))
			tool_die(1, -ENOMEM, "cannot read the policy");
		if (spec && n >= 2 && (!strcmp(a, "/.*") || !strcmp(a, ".*")) &&
		    strcmp(b, FC_NONE_LABEL) && b[0] != '-' &&
		    suggest_catchall(s, b))
			tool_die(1, -ENOMEM, "cannot read the file contexts");
	}
}

/* who-can and reach: the policy they read, checked. */
static int graph_query(const char *cmd, int argc, char **argv)
{
	const char *policy = NULL, *rights = NULL;
	int json = 0;
	size_t size;
	char *text;

	for (;;) {
		if (argc && !strcmp(argv[0], "--json")) {
			json = 1;
		} else if (argc > 1 && !strcmp(argv[0], "--policy")) {
			policy = argv[1];
			argc--;
			argv++;
		} else if (argc > 1 && !strcmp(argv[0], "--rights") &&
			   !strcmp(cmd, "who-can")) {
			rights = argv[1];
			if (!*rights || strspn(rights, "rwxacb") != strlen(rights))
				tool_die(EXIT_USAGE, 0, "invalid rights '%s': letters of r, w, x, a, c (files), b, c (ports)",
					 rights);
			argc--;
			argv++;
		} else {
			break;
		}
		argc--;
		argv++;
	}
	if (argc != 1 || argv[0][0] == '-')
		tool_die(EXIT_USAGE, 0, "%s takes one label%s", cmd,
			 !strcmp(cmd, "who-can") ?
			 ", after [--rights LETTERS] [--json] [--policy FILE]" :
			 ", after [--json] [--policy FILE]");
	if (policy) {
		text = read_policy(policy, &size);
		if (check(policy, text, size, 0) < 0)
			return 1;
	} else {
		text = read_all(SIGILFS "policy", &size);
	}
	if (!strcmp(cmd, "who-can"))
		reach_who_can(text, size, argv[0], rights, json, stdout);
	else
		reach_from(text, size, argv[0], json, stdout);
	free(text);
	return 0;
}

/* The policy suggest asks, and whether it is valid as it is. */
struct suggest_policy {
	const char *text;
	size_t size;
	int valid;
};

/*
 * suggest's question to the policy: whether it refuses @rules, one or
 * more lines, added to it (an assertion, a reach assertion among them,
 * or a rule they clash with); for a policy that is invalid already,
 * whether an assertion forbids one of them.
 */
static int forbidden_by(const char *rules, char *why, size_t room, void *ctx)
{
	const struct suggest_policy *sp = ctx;
	const size_t n = strlen(rules);
	char rule[1100], reason[256];
	const char *p, *eol;
	unsigned int line;
	char *both;
	long ret;

	if (!sp->valid) {
		for (p = rules; *p; p = *eol ? eol + 1 : eol) {
			eol = p + strcspn(p, "\n");
			snprintf(rule, sizeof(rule), "%.*s", (int)(eol - p), p);
			if (policy_never_breaks(sp->text, sp->size, rule, why,
						room))
				return 1;
		}
		return 0;
	}
	both = malloc(sp->size + n + 2);
	if (!both)
		tool_die(1, -ENOMEM, "cannot check a suggestion");
	memcpy(both, sp->text, sp->size);
	both[sp->size] = '\n';
	memcpy(both + sp->size + 1, rules, n + 1);
	policy_check_breaking = NULL;
	policy_check_warnings = NULL;
	policy_check_where = NULL;
	ret = policy_check(both, sp->size + 1 + n, &line, reason,
			   sizeof(reason));
	free(both);
	if (ret >= 0)
		return 0;
	snprintf(why, room, "%s", reason);
	return 1;
}

/* Whether the policy @ctx names @label in a rule, as a whole word. */
static int names_label(const char *label, void *ctx)
{
	const struct suggest_policy *sp = ctx;
	const size_t n = strlen(label);
	const char *p;

	for (p = strstr(sp->text, label); p; p = strstr(p + 1, label))
		if ((p == sp->text || strchr(" \t\n", p[-1])) &&
		    strchr(" \t\n", p[n]))
			return 1;
	return 0;
}

/*
 * Whether the policy @ctx makes @program the program of @subject: an
 * entrypoint rule for the two, or an exec rule from it into @subject.
 */
static int own_program_of(const char *subject, const char *program, void *ctx)
{
	const struct suggest_policy *sp = ctx;
	char a[300], b[300], c[300], d[300];
	const char *line;
	int n;

	for (line = sp->text; line && *line;
	     line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
		n = sscanf(line, "%299s %299s %299s %299s", a, b, c, d);
		if (n >= 3 && !strcmp(a, "entrypoint") && !strcmp(b, subject) &&
		    !strcmp(c, program))
			return 1;
		if (n >= 4 && !strcmp(a, "exec") && !strcmp(c, program) &&
		    !strcmp(d, subject))
			return 1;
	}
	return 0;
}

/*
 * sigilctl suggest [--explain] [--policy FILE] [FILE|-]: the catch-alls
 * come from --policy, else the running policy, else the installed one,
 * and from the installed file contexts.
 */
static int suggest(int argc, char **argv)
{
	struct suggest_policy sp = { 0 };
	struct suggest s = { 0 };
	unsigned int line;
	char reason[256];
	char *ptext;
	const char *from = "the kernel log", *policy = NULL;
	int explain = 0;
	size_t size, i, start;
	char *text;

	for (;;) {
		if (argc && !strcmp(argv[0], "--explain")) {
			explain = 1;
		} else if (argc > 1 && !strcmp(argv[0], "--policy")) {
			policy = argv[1];
			argc--;
			argv++;
		} else {
			break;
		}
		argc--;
		argv++;
	}
	if (argc > 1 || (argc == 1 && argv[0][0] == '-' && argv[0][1]))
		tool_die(EXIT_USAGE, 0, "suggest takes [--explain] [--policy FILE] and one FILE at most");
	if (policy) {
		text = read_all(policy, &size);
	} else {
		text = read_optional("/sys/kernel/security/sigil/policy");
		if (!text)
			text = read_optional(SYSCONFDIR "/sigil/policy");
	}
	if (text)
		add_catchalls(&s, text, 0);
	/* Its assertions: a rule one forbids is not suggested. */
	ptext = text;
	if (ptext) {
		sp.text = ptext;
		sp.size = strlen(ptext);
		policy_check_breaking = NULL;
		policy_check_warnings = NULL;
		policy_check_where = NULL;
		sp.valid = policy_check(sp.text, sp.size, &line, reason,
					sizeof(reason)) >= 0;
		s.forbidden = forbidden_by;
		s.forbidden_ctx = &sp;
		s.own_program = own_program_of;
		s.names = names_label;
		s.own_program_ctx = &sp;
	}
	text = read_optional(SYSCONFDIR "/sigil/file_contexts");
	if (text)
		add_catchalls(&s, text, 1);
	free(text);
	if (argc) {
		from = argv[0];
		text = read_all(argv[0], &size);
	} else {
		text = read_kernel_log(&size);
	}
	/* Both readers end the text with a NUL. */
	for (i = start = 0; i <= size; i++) {
		if (i < size && text[i] != '\n')
			continue;
		text[i] = '\0';
		if (suggest_line(&s, text + start) < 0)
			tool_die(1, -ENOMEM, "cannot read '%s'", from);
		start = i + 1;
	}
	free(text);
	if (suggest_finish(&s))
		tool_die(1, -ENOMEM, "cannot read '%s'", from);
	suggest_print(&s, stdout, explain);
	free(ptext);
	fflush(stdout);
	if (!s.denials)
		fprintf(stderr, "%s: no Sigil denial in %s\n", program_name, from);
	if (s.invalid)
		fprintf(stderr, "%s: %lu denial%s named no valid rule; skipped\n",
			program_name, s.invalid, s.invalid == 1 ? "" : "s");
	if (s.nunliftable && !explain)
		fprintf(stderr, "%s: %zu kind%s of refusal no rule can allow (--explain lists them)\n",
			program_name, s.nunliftable,
			s.nunliftable == 1 ? "" : "s");
	suggest_withheld(&s, "sigilctl: ", stderr);
	suggest_free(&s);
	return 0;
}

static void forget_pieces(void)
{
	while (npieces)
		free(pieces[--npieces].path);
	free(pieces);
	pieces = NULL;
}

/* A line of the loaded text that no file is known to hold. */
static void loaded_line(unsigned int line, char *buf, size_t size)
{
	snprintf(buf, size, "loaded text:%u", line);
}

/*
 * Whether @file (and its fragments) is the text the kernel loaded, whose
 * hash is @hash; if so, its pieces stay to place lines.
 */
static int is_loaded_text(const char *file, unsigned long long hash)
{
	size_t size;
	char *text;
	int same;

	if (access(file, R_OK))
		return 0;
	text = read_policy(file, &size);
	same = policy_text_hash(text, size) == hash;
	free(text);
	if (!same)
		forget_pieces();
	return same;
}

/*
 * sigilctl rules [--unused [--since TIME] | --stats] [--policy FILE]: how
 * often each rule of the running policy was used, placed in FILE (the
 * installed policy by default) and its fragments when they are the text
 * loaded, else in the last good policy when it is, else as lines of the
 * loaded text.
 */
static int rules_cmd(int argc, char **argv)
{
	const char *policy = DEFAULT_POLICY, *since_arg = NULL;
	void (*where)(unsigned int, char *, size_t) = where_is;
	struct rule_use_node node;
	int unused = 0, stats = 0;
	long long since = 0;
	char when[32], *text;
	unsigned int bad;
	size_t size, n;

	for (; argc; argc--, argv++) {
		if (!strcmp(argv[0], "--unused")) {
			unused = 1;
		} else if (!strcmp(argv[0], "--stats")) {
			stats = 1;
		} else if (argc > 1 && !strcmp(argv[0], "--since")) {
			since_arg = *++argv;
			argc--;
		} else if (argc > 1 && !strcmp(argv[0], "--policy")) {
			policy = *++argv;
			argc--;
		} else {
			tool_die(EXIT_USAGE, 0, "invalid argument '%s' to rules: [--unused [--since TIME] | --stats] [--policy FILE]",
				 argv[0]);
		}
	}
	if (unused && stats)
		tool_die(EXIT_USAGE, 0, "rules takes --unused or --stats, not both");
	if (since_arg && !unused)
		tool_die(EXIT_USAGE, 0, "--since goes with --unused");
	if (since_arg && rule_use_time(since_arg, time(NULL), &since))
		tool_die(EXIT_USAGE, 0, "invalid time '%s': @SECONDS, YYYY-MM-DD[THH:MM[:SS]] (local time), or a number and s, m, h or d (that long ago)",
			 since_arg);
	text = read_all(SIGILFS "rules", &size);
	if (!size)
		tool_die(1, 0, "no policy is loaded: no rule has been used");
	if (rule_use_parse(text, &node, &bad))
		tool_die(1, 0, "cannot read " SIGILFS "rules: line %u is not 'LINE COUNT LAST RULE'",
			 bad);
	if (!is_loaded_text(policy, node.hash)) {
		if (is_loaded_text(LAST_GOOD, node.hash)) {
			fprintf(stderr, "%s: %s is not the loaded text; its lines are those of %s\n",
				program_name, policy, LAST_GOOD);
		} else {
			fprintf(stderr, "%s: neither %s nor %s is the loaded text: lines are the loaded text's\n",
				program_name, policy, LAST_GOOD);
			where = loaded_line;
		}
	}
	if (!unused) {
		rule_use_print_stats(&node, where, stdout);
	} else {
		n = rule_use_print_unused(&node, since, where, stdout);
		rule_use_format_time(since ? since : node.loaded, when,
				     sizeof(when));
		fflush(stdout);
		fprintf(stderr, "%s: %zu of %zu rules not used since %s%s\n",
			program_name, n, node.n, since ? "" : "the load at ",
			when);
	}
	rule_use_free(&node);
	free(text);
	forget_pieces();
	return 0;
}

/* sigilctl enforce [enforcing|permissive|1|0] */
static int enforce(int argc, char **argv)
{
	char *mode;
	size_t size;

	if (argc == 0) {
		mode = read_all(SIGILFS "enforce", &size);
		puts(size && mode[0] == '1' ? "enforcing" : "permissive");
		free(mode);
		return 0;
	}
	if (!strcmp(argv[0], "1") || !strcmp(argv[0], "enforcing"))
		write_node("enforce", "1", 1, "the mode");
	else if (!strcmp(argv[0], "0") || !strcmp(argv[0], "permissive"))
		write_node("enforce", "0", 1, "the mode");
	else
		tool_die(EXIT_USAGE, 0, "enforce takes enforcing, permissive, 1 or 0, not '%s'",
			 argv[0]);
	return 0;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "help", no_argument, NULL, TOOL_OPT_HELP },
		{ "version", no_argument, NULL, TOOL_OPT_VERSION },
		{ NULL, 0, NULL, 0 }
	};
	const char *lsm = NULL, *cmd;
	size_t size;
	char *text;
	long rules;
	int c;

	while ((c = getopt_long(argc, argv, "+", opts, NULL)) != -1)
		tool_common_option(c, &lsm, usage, EXIT_USAGE);
	if (optind == argc) {
		tool_error(0, "missing command");
		usage(EXIT_USAGE);
	}
	cmd = argv[optind++];
	argc -= optind;
	argv += optind;
	if (!strcmp(cmd, "load")) {
		const int boot = argc && !strcmp(argv[0], "--boot");
		const char *file = argc > boot ? argv[boot] : DEFAULT_POLICY;

		if (argc > boot + 1)
			tool_die(EXIT_USAGE, 0, "load takes one FILE");
		return boot ? boot_load(file) : load(file, 1);
	}
	if (!strcmp(cmd, "check")) {
		if (argc != 1)
			tool_die(EXIT_USAGE, 0, "check takes one FILE");
		text = read_policy(argv[0], &size);
		rules = check(argv[0], text, size, 0);
		if (rules < 0)
			return 1;
		printf("%s: valid, %ld rules%s\n", argv[0], rules,
		       npieces > 1 ? " with its fragments" : "");
		free(text);
		return 0;
	}
	if (!strcmp(cmd, "status") && argc == 0) {
		print_node("status");
		return 0;
	}
	if (!strcmp(cmd, "enforce") && argc <= 1)
		return enforce(argc, argv);
	if (!strcmp(cmd, "suggest"))
		return suggest(argc, argv);
	if (!strcmp(cmd, "access") && argc >= 2 && argc <= 4)
		return access_query(argc, argv);
	if (!strcmp(cmd, "who-can") || !strcmp(cmd, "reach"))
		return graph_query(cmd, argc, argv);
	if (!strcmp(cmd, "rules"))
		return rules_cmd(argc, argv);
	tool_error(0, "invalid command '%s' or wrong number of arguments", cmd);
	usage(EXIT_USAGE);
	return EXIT_USAGE;
}
