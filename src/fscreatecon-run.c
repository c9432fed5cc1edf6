/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fscreatecon-run: create files labelled from their first instant, then run
 * a command on them.
 *
 * The kernel resets attr/fscreate at every execve, so a label cannot be
 * handed to a command: fscreatecon-run sets fscreate in its own process,
 * creates what it is asked to, resets fscreate, and only then runs COMMAND.
 */
#include <config.h>

#include <attr/libattr.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sigil.h"
#include "tool.h"

const char *program_name = "fscreatecon-run";

enum kind { K_OUTPUT, K_FD, K_MKDIR, K_SYMLINK, K_FIFO, K_REPLACE };

struct item {
	enum kind kind;
	char *path;		/* what is created (for --replace: the new file) */
	const char *arg;	/* symlink target; --replace: the original */
	int fd;			/* descriptor COMMAND gets (-o: 1, --fd: N) */
	int open_fd;		/* our descriptor, or -1 */
	int created;		/* whether this run created it */
	int nameless;		/* --replace: the new file has no name yet */
	char *dir;		/* --replace: FILE's directory */
};

static struct item *items;
static size_t n_items;
static const char *lsm, *context, *label_xattr;
static int truncate_ok;

static void usage(int status)
{
	if (status != EXIT_SUCCESS) {
		fprintf(stderr, "Try 'fscreatecon-run --help' for more information.\n");
		exit(status);
	}
	printf("Usage: fscreatecon-run [--lsm NAME] CONTEXT CREATION... [--] [COMMAND [ARG]...]\n"
	       "Create files labelled CONTEXT from their first instant, then run COMMAND.\n"
	       "\n"
	       "  -o, --output=FILE       create FILE as COMMAND's standard output\n"
	       "      --truncate          let -o reuse an existing FILE labelled CONTEXT\n"
	       "      --fd=N=FILE         create FILE and open it on descriptor N\n"
	       "  -m, --mkdir=DIR         create directory DIR\n"
	       "  -L, --symlink=LINK=TARGET  create symbolic link LINK to TARGET\n"
	       "  -f, --mkfifo=FIFO       create named pipe FIFO\n"
	       "      --replace=FILE      write COMMAND's output to a new file that replaces\n"
	       "                            FILE, with its mode, owner, group and xattrs,\n"
	       "                            if and only if COMMAND succeeds\n"
	       "      --lsm=NAME          use security module NAME (default: sigil if\n"
	       "                            active, else the first with process attributes)\n"
	       "      --help              display this help and exit\n"
	       "      --version           output version information and exit\n"
	       "\n"
	       "Creation options may repeat and are carried out in order; if one fails,\n"
	       "what this run created is removed.  Without COMMAND, only creates.\n"
	       "\n"
	       "Exit status: COMMAND's; 125 if fscreatecon-run itself fails, 126 if\n"
	       "COMMAND cannot be executed, 127 if it is not found.\n");
	exit(status);
}

static void add(enum kind kind, char *path, const char *arg, int fd)
{
	items = realloc(items, (n_items + 1) * sizeof(*items));
	if (!items)
		tool_die(EXIT_CANCELED, -ENOMEM, "out of memory");
	items[n_items++] = (struct item){ kind, path, arg, fd, -1, 0, 0, NULL };
}

/* Removes, in reverse order, what this run created. */
static void rollback(void)
{
	size_t i = n_items;

	while (i--) {
		struct item *it = &items[i];

		if (it->open_fd >= 0)
			close(it->open_fd);
		it->open_fd = -1;
		if (!it->created)
			continue;
		if ((it->kind == K_MKDIR ? rmdir(it->path) : unlink(it->path)) &&
		    errno != ENOENT)
			tool_error(-errno, "cannot remove '%s'", it->path);
		it->created = 0;
	}
}

static void fail(int err, const char *fmt, const char *arg)
{
	tool_error(err, fmt, arg);
	sigil_attr_set(lsm, SIGIL_ATTR_FSCREATE, NULL);
	rollback();
	exit(EXIT_CANCELED);
}

/* Checks that what was created carries CONTEXT (no unlabelled file). */
static void check_label(struct item *it)
{
	char *got = NULL;
	int err;

	if (!label_xattr)
		return;
	/* A nameless file is reached through its /proc/self/fd link. */
	err = sigil_file_get(it->path, label_xattr, it->nameless, &got);
	if (err)
		fail(err, "cannot read the label of '%s'", it->path);
	if (strcmp(got, context)) {
		tool_error(0, "'%s' was labelled '%s', not '%s'", it->path, got,
			   context);
		free(got);
		fail(0, "the security module did not apply the label to '%s'",
		     it->path);
	}
	free(got);
}

static void create_file(struct item *it)
{
	char *got = NULL;
	int fd;

	fd = open(it->path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOCTTY,
		  0666);
	if (fd >= 0) {
		it->created = 1;
	} else if (errno == EEXIST && truncate_ok && it->kind == K_OUTPUT) {
		/* Reused only if it already carries CONTEXT. */
		if (!label_xattr ||
		    sigil_file_get(it->path, label_xattr, 1, &got) ||
		    strcmp(got, context)) {
			tool_error(0, "'%s' exists with label '%s', not '%s'",
				   it->path, got ? got : "?", context);
			free(got);
			fail(0, "not truncating '%s'", it->path);
		}
		free(got);
		fd = open(it->path, O_WRONLY | O_TRUNC | O_CLOEXEC | O_NOCTTY);
	}
	if (fd < 0)
		fail(-errno, "cannot create '%s'", it->path);
	it->open_fd = fd;
}

/* The name of a temporary for FILE in DIR: .FILE.fscreatecon-PID-N. */
static char *temp_name(const char *dir, const char *base, long pid, int n)
{
	char *name;

	if (asprintf(&name, "%s/.%s.fscreatecon-%ld-%d", dir, base, pid, n) < 0)
		return NULL;
	return name;
}

/*
 * Removes the temporaries of FILE (base name @base) in @dir that runs
 * which no longer exist left behind: a run killed in the instant between
 * naming its new file and renaming it, or on a file system without
 * O_TMPFILE, while its command ran.
 */
static void remove_stale(const char *dir, const char *base)
{
	const size_t blen = strlen(base);
	struct dirent *e;
	char *path, *end;
	long pid;
	DIR *d;

	d = opendir(dir);
	if (!d)
		return;
	while ((e = readdir(d))) {
		/* ".BASE.fscreatecon-PID-N" */
		if (e->d_name[0] != '.' || strncmp(e->d_name + 1, base, blen) ||
		    strncmp(e->d_name + 1 + blen, ".fscreatecon-", 13))
			continue;
		pid = strtol(e->d_name + 1 + blen + 13, &end, 10);
		if (pid <= 0 || *end != '-' || kill((pid_t)pid, 0) == 0 ||
		    errno != ESRCH)
			continue;
		if (asprintf(&path, "%s/%s", dir, e->d_name) < 0)
			break;
		if (unlink(path) && errno != ENOENT)
			tool_error(-errno, "cannot remove the stale temporary '%s'",
				   path);
		free(path);
	}
	closedir(d);
}

/*
 * The new file of --replace: in FILE's directory, so rename is atomic,
 * and nameless (O_TMPFILE) until COMMAND has succeeded, so that a run
 * killed meanwhile leaves nothing behind.  Where the file system has no
 * O_TMPFILE it is a hidden temporary, .FILE.fscreatecon-PID-N, which the
 * next run removes once this one is gone.  A symbolic link is followed,
 * as sed -i --follow-symlinks does: the file it leads to is replaced and
 * the link stays.  A file with other hard links is refused: the other
 * names would keep the old contents and label.
 */
static void create_replacement(struct item *it)
{
	const char *base;
	struct stat st;
	char *target;
	int fd, i;

	if (stat(it->arg, &st))
		fail(-errno, "cannot replace '%s'", it->arg);
	if (!S_ISREG(st.st_mode))
		fail(0, "cannot replace '%s': not a regular file", it->arg);
	if (st.st_nlink > 1)
		fail(0, "cannot replace '%s': it has other hard links, which a replacement would split (they would keep the old contents and label)",
		     it->arg);
	target = realpath(it->arg, NULL);
	if (!target)
		fail(-errno, "cannot replace '%s'", it->arg);
	it->arg = target;
	/* realpath() gives an absolute path: its last '/' ends the directory. */
	base = strrchr(it->arg, '/') + 1;
	it->dir = strndup(it->arg, base - 1 == it->arg ? 1 :
			  (size_t)(base - 1 - it->arg));
	if (!it->dir)
		fail(-ENOMEM, "cannot replace '%s'", it->arg);
	remove_stale(it->dir, base);
	fd = open(it->dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);
	if (fd >= 0) {
		free(it->path);
		if (asprintf(&it->path, "/proc/self/fd/%d", fd) < 0)
			fail(-ENOMEM, "cannot replace '%s'", it->arg);
		it->open_fd = fd;
		it->nameless = 1;
		return;
	}
	/* No O_TMPFILE here: a named temporary. */
	if (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL)
		fail(-errno, "cannot create the replacement of '%s'", it->arg);
	for (i = 0; i < 100; i++) {
		free(it->path);
		it->path = temp_name(it->dir, base, (long)getpid(), i);
		if (!it->path)
			break;
		fd = open(it->path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
		if (fd >= 0) {
			it->created = 1;
			it->open_fd = fd;
			return;
		}
		if (errno != EEXIST)
			break;
	}
	fail(-errno, "cannot create the replacement of '%s'", it->arg);
}

/*
 * Gives the nameless new file of --replace a temporary name beside FILE,
 * for the rename: the only instant in which a run killed leaves a file.
 */
static int name_replacement(struct item *it)
{
	char *name = NULL, fdpath[32];
	int i, err = -EEXIST;

	snprintf(fdpath, sizeof(fdpath), "/proc/self/fd/%d", it->open_fd);
	for (i = 0; i < 100 && err == -EEXIST; i++) {
		free(name);
		name = temp_name(it->dir, strrchr(it->arg, '/') + 1,
				 (long)getpid(), i);
		if (!name) {
			err = -ENOMEM;
			break;
		}
		err = linkat(AT_FDCWD, fdpath, AT_FDCWD, name,
			     AT_SYMLINK_FOLLOW) ? -errno : 0;
	}
	if (err) {
		free(name);
		return err;
	}
	free(it->path);
	it->path = name;
	it->created = 1;
	it->nameless = 0;
	return 0;
}

static void create(struct item *it)
{
	switch (it->kind) {
	case K_OUTPUT:
	case K_FD:
		create_file(it);
		break;
	case K_REPLACE:
		create_replacement(it);
		break;
	case K_MKDIR:
		if (mkdir(it->path, 0777))
			fail(-errno, "cannot create directory '%s'", it->path);
		it->created = 1;
		break;
	case K_SYMLINK:
		if (symlink(it->arg, it->path))
			fail(-errno, "cannot create symbolic link '%s'", it->path);
		it->created = 1;
		break;
	case K_FIFO:
		if (mkfifo(it->path, 0666))
			fail(-errno, "cannot create fifo '%s'", it->path);
		it->created = 1;
		break;
	}
	if (it->created || it->nameless)
		check_label(it);
}

static int skip_label(const char *name, struct error_context *ctx)
{
	if (label_xattr && strcmp(name, label_xattr) == 0)
		return 0;
	/* ACLs are copied; what /etc/xattr.conf says to skip is not. */
	return attr_copy_action(name, ctx) != ATTR_ACTION_SKIP;
}

/* COMMAND succeeded: give the new file FILE's metadata, rename it over. */
static int finish_replace(struct item *it)
{
	struct stat st;
	int dfd, sfd, err = 0;

	sfd = open(it->arg, O_RDONLY | O_CLOEXEC | O_NOCTTY);
	if (sfd < 0 || fstat(sfd, &st))
		err = -errno;
	else if (fsync(it->open_fd))
		err = -errno;
	else if (fchown(it->open_fd, st.st_uid, st.st_gid))
		err = -errno;
	else if (fchmod(it->open_fd, st.st_mode & 07777))
		err = -errno;
	else if (attr_copy_fd(it->arg, sfd, it->path, it->open_fd, skip_label,
			      NULL))
		err = errno ? -errno : -EIO;
	else if (fchmod(it->open_fd, st.st_mode & 07777) || fsync(it->open_fd))
		err = -errno;
	if (sfd >= 0)
		close(sfd);
	if (err) {
		tool_error(err, "cannot give the new file the metadata of '%s'",
			   it->arg);
		return err;
	}
	if (it->nameless) {
		err = name_replacement(it);
		if (err) {
			tool_error(err, "cannot name the new file beside '%s'",
				   it->arg);
			return err;
		}
	}
	if (rename(it->path, it->arg)) {
		err = -errno;
		tool_error(err, "cannot rename the new file over '%s'", it->arg);
		return err;
	}
	it->created = 0;
	dfd = open(it->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd < 0 || fsync(dfd)) {
		err = -errno;
		tool_error(err, "cannot sync the directory of '%s'", it->arg);
	}
	if (dfd >= 0)
		close(dfd);
	return err;
}

/*
 * In the child: puts each created file on its descriptor.  Every file is
 * first moved above all the descriptors asked for, so that putting one
 * in place cannot close another (--fd 4=A -o B: B may be open on 4).
 */
static void place_descriptors(void)
{
	int top = STDERR_FILENO, from;
	size_t i;

	for (i = 0; i < n_items; i++) {
		if (items[i].open_fd > top)
			top = items[i].open_fd;
		if (items[i].fd > top)
			top = items[i].fd;
	}
	for (i = 0; i < n_items; i++) {
		if (items[i].open_fd < 0)
			continue;
		from = fcntl(items[i].open_fd, F_DUPFD_CLOEXEC, top + 1);
		if (from < 0)
			tool_die(EXIT_CANCELED, -errno, "cannot move descriptor %d",
				 items[i].open_fd);
		items[i].open_fd = from;
	}
	for (i = 0; i < n_items; i++)
		if (items[i].open_fd >= 0 &&
		    dup2(items[i].open_fd, items[i].fd) < 0)
			tool_die(EXIT_CANCELED, -errno,
				 "cannot open '%s' on descriptor %d",
				 items[i].path, items[i].fd);
}

static int run(char **argv)
{
	struct sigaction ign = { .sa_handler = SIG_IGN }, oint, oquit;
	int status, err, rc, pipefd[2], exec_err = 0;
	size_t i;
	pid_t pid;

	/* Tells the parent whether COMMAND could not be executed at all. */
	if (pipe2(pipefd, O_CLOEXEC))
		fail(-errno, "cannot make a pipe to run '%s'", argv[0]);
	/* Like system(3): the command's fate decides, not ours. */
	sigaction(SIGINT, &ign, &oint);
	sigaction(SIGQUIT, &ign, &oquit);
	pid = fork();
	if (pid < 0)
		fail(-errno, "cannot fork to run '%s'", argv[0]);
	if (pid == 0) {
		sigaction(SIGINT, &oint, NULL);
		sigaction(SIGQUIT, &oquit, NULL);
		close(pipefd[0]);
		place_descriptors();
		execvp(argv[0], argv);
		err = errno;
		if (write(pipefd[1], &err, sizeof(err)) < 0)
			err = errno;
		tool_error(-err, "cannot run '%s'", argv[0]);
		_exit(err == ENOENT ? EXIT_ENOENT : EXIT_CANNOT_INVOKE);
	}
	close(pipefd[1]);
	while (read(pipefd[0], &exec_err, sizeof(exec_err)) < 0 && errno == EINTR)
		;
	close(pipefd[0]);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			fail(-errno, "cannot wait for '%s'", argv[0]);
	rc = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
	/* COMMAND never ran: nothing it was to fill is left behind. */
	if (exec_err) {
		rollback();
		return rc;
	}
	for (i = 0; i < n_items; i++) {
		if (items[i].kind != K_REPLACE)
			continue;
		if (rc != 0) {
			tool_error(0, "'%s' %s; '%s' is left as it was", argv[0],
				   WIFEXITED(status) ? "failed" : "was killed",
				   items[i].arg);
			continue;
		}
		err = finish_replace(&items[i]);
		if (err)
			rc = EXIT_CANCELED;
	}
	/*
	 * What COMMAND was given stays; rollback() closes our descriptors and
	 * removes only the new file of a --replace that did not finish.
	 */
	for (i = 0; i < n_items; i++)
		if (items[i].kind != K_REPLACE)
			items[i].created = 0;
	rollback();
	return rc;
}

static char *split(char *arg, const char *opt, const char **second)
{
	char *eq = strchr(arg, '=');

	if (!eq || eq == arg || !eq[1])
		tool_die(EXIT_CANCELED, 0, "%s takes A=B, not '%s'", opt, arg);
	*eq = '\0';
	*second = eq + 1;
	return arg;
}

int main(int argc, char **argv)
{
	enum { OPT_TRUNCATE = 256, OPT_FD, OPT_REPLACE };
	static const struct option opts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "truncate", no_argument, NULL, OPT_TRUNCATE },
		{ "fd", required_argument, NULL, OPT_FD },
		{ "mkdir", required_argument, NULL, 'm' },
		{ "symlink", required_argument, NULL, 'L' },
		{ "mkfifo", required_argument, NULL, 'f' },
		{ "replace", required_argument, NULL, OPT_REPLACE },
		TOOL_COMMON_OPTIONS,
		{ NULL, 0, NULL, 0 }
	};
	const char *second, *lsm_opt = NULL;
	int c, n, err, outputs = 0;
	char *end;
	size_t i;

	for (;;) {
		c = getopt_long(argc, argv, "+o:m:L:f:", opts, NULL);
		if (c == -1 && !context && optind < argc &&
		    strcmp(argv[optind - 1], "--")) {
			/* CONTEXT, then more options. */
			context = argv[optind++];
			continue;
		}
		if (c == -1)
			break;
		switch (c) {
		case 'o':
			add(K_OUTPUT, strdup(optarg), NULL, STDOUT_FILENO);
			outputs++;
			break;
		case OPT_TRUNCATE:
			truncate_ok = 1;
			break;
		case OPT_FD:
			n = (int)strtol(split(optarg, "--fd", &second), &end, 10);
			if (*end || n < 0 || n > 1023 || end == optarg)
				tool_die(EXIT_CANCELED, 0, "invalid descriptor '%s'",
					 optarg);
			add(K_FD, strdup(second), NULL, n);
			break;
		case 'm':
			add(K_MKDIR, strdup(optarg), NULL, -1);
			break;
		case 'L':
			add(K_SYMLINK, strdup(split(optarg, "-L", &second)),
			    second, -1);
			break;
		case 'f':
			add(K_FIFO, strdup(optarg), NULL, -1);
			break;
		case OPT_REPLACE:
			add(K_REPLACE, NULL, optarg, STDOUT_FILENO);
			outputs++;
			break;
		default:
			tool_common_option(c, &lsm_opt, usage, EXIT_CANCELED);
		}
	}
	if (!context) {
		tool_error(0, "missing context");
		usage(EXIT_CANCELED);
	}
	/* An empty one would reset attr/fscreate: files labelled by default. */
	if (!*context)
		tool_die(EXIT_CANCELED, 0, "empty context");
	if (n_items == 0)
		tool_die(EXIT_CANCELED, 0, "nothing to create (-o, --fd, -m, -L, -f or --replace)");
	if (outputs > 1)
		tool_die(EXIT_CANCELED, 0, "more than one standard output (-o, --replace)");
	for (i = 0; i < n_items; i++) {
		size_t j;

		if (items[i].fd == STDIN_FILENO)
			tool_die(EXIT_CANCELED, 0,
				 "--fd 0=%s: descriptor 0 is standard input, and the files are opened for writing",
				 items[i].path);
		for (j = 0; j < i && items[i].fd >= 0; j++)
			if (items[j].fd == items[i].fd)
				tool_die(EXIT_CANCELED, 0,
					 "descriptor %d given twice (-o and --replace are descriptor 1)",
					 items[i].fd);
	}
	for (i = 0; i < n_items; i++)
		if (items[i].kind == K_REPLACE && optind == argc)
			tool_die(EXIT_CANCELED, 0, "--replace needs a COMMAND to write the new '%s'",
				 items[i].arg);

	lsm = lsm_opt ? tool_check_lsm(lsm_opt, EXIT_CANCELED, EXIT_CANCELED) :
			sigil_lsm_default();
	label_xattr = sigil_lsm_xattr(lsm);
	tool_require_attr(lsm, SIGIL_ATTR_FSCREATE, EXIT_CANCELED,
			  label_xattr ? "a new file takes the label of the task that creates it (proccon -s LABEL COMMAND)" :
					"it labels no files");

	/* A refused context fails here, before anything is created. */
	err = sigil_attr_set(lsm, SIGIL_ATTR_FSCREATE, context);
	if (err) {
		tool_attr_error(err, "cannot set fscreate context to '%s' (%s)",
				context, lsm ? lsm : "default module");
		tool_explain_label(lsm, err, context);
		tool_explain_own_refusal(lsm, err, "fscreate", context);
		exit(EXIT_CANCELED);
	}
	for (i = 0; i < n_items; i++)
		create(&items[i]);
	err = sigil_attr_set(lsm, SIGIL_ATTR_FSCREATE, NULL);
	if (err)
		fail(err, "cannot reset the fscreate context%s", "");
	if (optind == argc) {
		for (i = 0; i < n_items; i++)
			if (items[i].open_fd >= 0)
				close(items[i].open_fd);
		return 0;
	}
	return run(argv + optind);
}
