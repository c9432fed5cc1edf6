/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * filecon: print and change file labels (ls -Z, getfattr and chcon), and
 * restore them from a file-contexts specification (restorecon and
 * matchpathcon).
 */
#include <config.h>

#define _XOPEN_SOURCE_EXTENDED 1
#include <errno.h>
#include <fcntl.h>
#include <dirent.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "file-contexts.h"
#include "sigil.h"
#include "tool.h"

#define DEFAULT_SPEC SYSCONFDIR "/sigil/file_contexts"

const char *program_name = "filecon";

static const char *xattr, *set;
/* -x: a walk (-R) stays on the file system of its operand. */
static int one_fs;
static int follow = 1, verbose, failed, dry_run;
/* --progress on a terminal: the files read and relabelled so far. */
static int progress;
static unsigned long n_read, n_relabelled;
static char sep = '\n';
static struct fc_spec spec;
static const char *spec_name;

static void usage(int status)
{
	if (status != EXIT_SUCCESS) {
		fprintf(stderr, "Try 'filecon --help' for more information.\n");
		exit(status);
	}
	printf("Usage: filecon [OPTION]... FILE...\n"
	       "  or:  filecon [OPTION]... -s CONTEXT FILE...\n"
	       "  or:  filecon [OPTION]... --reference=RFILE FILE...\n"
	       "  or:  filecon --restore [-R [-x]] [-n] [-v] [-P] [--spec=SPEC] FILE...\n"
	       "  or:  filecon --match [--spec=SPEC] FILE...\n"
	       "Print the security label of each FILE as LABEL FILE, or set it to\n"
	       "CONTEXT, to RFILE's label, or to the label SPEC gives it.\n"
	       "\n"
	       "  -s, --set=CONTEXT      set the label of each FILE to CONTEXT\n"
	       "      --reference=RFILE  set the label of each FILE to RFILE's\n"
	       "      --restore          set the label of each FILE to the one SPEC\n"
	       "                           gives it (restorecon)\n"
	       "      --match            print the label SPEC gives each FILE\n"
	       "                           (matchpathcon)\n"
	       "      --spec=SPEC        the file-contexts specification (default:\n"
	       "                           " DEFAULT_SPEC ")\n"
	       "  -n, --dry-run          with --restore: change nothing, say what\n"
	       "                           would change (with -v)\n"
	       "  -P, --progress         with --restore: show how many files were read\n"
	       "                           and relabelled, on standard error if it is\n"
	       "                           a terminal\n"
	       "  -R, --recursive        also act on the files below each directory,\n"
	       "                           never following symbolic links\n"
	       "  -x, --one-file-system with -R, stay on the file system of each\n"
	       "                           FILE: skip the directories that other\n"
	       "                           file systems are mounted on\n"
	       "  -h, --no-dereference   act on symbolic links themselves, not on\n"
	       "                           what they point to\n"
	       "  -v, --verbose          say what is changed\n"
	       "      --lsm=NAME         use the label attribute of security module NAME\n"
	       "      --xattr=NAME       use extended attribute NAME (security.sigil,\n"
	       "                           security.selinux, security.SMACK64, ...)\n"
	       "  -0, --zero             end each output line with NUL, not newline\n"
	       "      --help             display this help and exit\n"
	       "      --version          output version information and exit\n"
	       "\n"
	       "Exit status: 0 if all went well, 1 if any FILE could not be read or\n"
	       "changed (the others are still processed) or SPEC could not be read,\n"
	       "2 for a usage error.\n");
	exit(status);
}

/* Under Sigil, says which rule would allow a refused relabel to @to. */
static void explain_relabel(const char *path, int deref, int err,
			    const char *to)
{
	char *from = NULL, *rest;
	int r;

	/* EPERM: the capability to relabel at all, if the policy lacks it. */
	if (err == -EPERM) {
		tool_explain_own_refusal("sigil", -EACCES, "capability", "mac_admin");
		return;
	}
	if (err != -EACCES)
		return;
	r = sigil_file_get(path, "security.sigil", deref, &from);
	if ((r == 0 || r == -ENODATA) &&
	    asprintf(&rest, "%s %s", from ? from : "unlabeled", to) >= 0) {
		tool_explain_own_refusal("sigil", err, "relabel", rest);
		free(rest);
	}
	free(from);
}

/*
 * Whether @path is a symbolic link to nothing: what a following call
 * reported as ENOENT is then the target's absence, not the link's.
 */
static int dangling(const char *path, int deref, int err)
{
	struct stat st;

	return deref && err == -ENOENT && !lstat(path, &st) && S_ISLNK(st.st_mode);
}

/*
 * Prints or sets the label of the file @path, reached as @at (its name
 * in the working directory during a walk, else @path itself); returns 0
 * or a negative errno.
 */
static int process(const char *path, const char *at, int deref)
{
	char *label = NULL;
	int err;

	if (!set) {
		err = sigil_file_get(at, xattr, deref, &label);
		if (err == -ENODATA) {
			tool_error(0, "'%s' has no %s label", path, xattr);
			return err;
		}
		if (dangling(at, deref, err)) {
			tool_error(0, "cannot read the %s label of '%s': it is a symbolic link to a missing file (-h reads the link's own label)",
				   xattr, path);
			return err;
		}
		if (err) {
			tool_error(err, "cannot read the %s label of '%s'", xattr, path);
			return err;
		}
		printf("%s %s%c", label, path, sep);
		free(label);
		return 0;
	}
	err = sigil_file_set(at, xattr, deref, set);
	if (dangling(at, deref, err)) {
		tool_error(0, "cannot set the %s label of '%s': it is a symbolic link to a missing file (-h labels the link itself)",
			   xattr, path);
		return err;
	}
	if (err) {
		tool_error(err, "cannot set the %s label of '%s' to '%s'", xattr,
			   path, set);
		if (!strcmp(xattr, "security.sigil")) {
			tool_explain_label("sigil", err, set);
			explain_relabel(at, deref, err, set);
		}
		return err;
	}
	if (verbose)
		printf("label of '%s' set to '%s'%c", path, set, sep);
	return 0;
}

/* --progress: the counts, on one line rewritten in place. */
static void show_progress(int last)
{
	if (!progress || (!last && n_read % 1000))
		return;
	fprintf(stderr, "\r%s: %lu files read, %lu %s%s", program_name, n_read,
		n_relabelled, dry_run ? "to relabel" : "relabelled",
		last ? "\n" : "");
}

/*
 * --restore: gives the file @path (absolute, of type @mode), reached as
 * @at, the label the specification gives it; the file itself, never what
 * a link leads to.  A file a recursive walk (@walking) found that is gone
 * by the time it is labelled (a live tree such as /run) is no error:
 * there is nothing to label, as restorecon(8) has it.
 */
static int restore(const char *path, const char *at, mode_t mode, int walking)
{
	const struct fc_entry *e = fc_lookup(&spec, path, mode);
	char *old = NULL;
	int err;

	n_read++;
	show_progress(0);

	if (!e || !strcmp(e->label, FC_NONE))
		return 0;
	err = sigil_file_get(at, xattr, 0, &old);
	if (err == -ENOENT && walking)
		return 0;
	if (err && err != -ENODATA) {
		tool_error(err, "cannot read the %s label of '%s'", xattr, path);
		return err;
	}
	if (old && !strcmp(old, e->label)) {
		free(old);
		return 0;
	}
	if (!dry_run) {
		err = sigil_file_set(at, xattr, 0, e->label);
		if (err == -ENOENT && walking) {
			free(old);
			return 0;
		}
		if (err) {
			tool_error(err, "cannot set the %s label of '%s' to '%s' (%s:%u)",
				   xattr, path, e->label, spec_name, e->line);
			if (!strcmp(xattr, "security.sigil"))
				explain_relabel(at, 0, err, e->label);
			free(old);
			return err;
		}
	}
	n_relabelled++;
	if (verbose)
		printf("%s '%s' from %s to %s%c",
		       dry_run ? "would relabel" : "relabelled", path,
		       old ? old : "(none)", e->label, sep);
	free(old);
	return 0;
}

/*
 * -R: a walk of the tree below an operand, each file visited before what
 * it holds.  Each directory is opened by its name in its parent, never
 * through a symbolic link (O_NOFOLLOW, and the same device and inode as
 * the walk saw), and made the working directory; its files are read and
 * labelled by their names there.  Labelling by the whole path instead
 * would let a directory swapped for a link during the walk lead the label
 * elsewhere: a confined task that may rename in the tree could steer its
 * own label onto /etc/shadow.  With -x, what another file system holds
 * is skipped, as nftw(3)'s FTW_MOUNT does.
 */
struct walk {
	int restoring;	/* --restore: restore(), else process() */
	dev_t dev;	/* the operand's file system, for -x */
};

static int visit(const struct walk *w, const char *path, const char *at,
		 mode_t mode, int top)
{
	if (w->restoring)
		return restore(path, at, mode, 1);
	/* The operand itself follows a symbolic link unless -h. */
	return process(path, at, top ? follow : 0);
}

/* Reports a file of the walk that could not be read, unless it is gone. */
static void walk_error(const struct walk *w, int err, const char *path)
{
	if (err == -ENOENT && w->restoring)
		return;
	tool_error(err, "cannot read '%s'", path);
	failed = 1;
}

/*
 * Opens the directory @name in @at_fd, never through a link, and only if
 * it is still the directory @st that the walk saw; -1 after saying why.
 */
static int open_dir(const struct walk *w, int at_fd, const char *name,
		    const struct stat *st, const char *path)
{
	struct stat cst;
	int fd = openat(at_fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

	if (fd < 0) {
		walk_error(w, -errno, path);
		return -1;
	}
	if (fstat(fd, &cst) || cst.st_dev != st->st_dev || cst.st_ino != st->st_ino) {
		tool_error(0, "'%s' changed during the walk: not walked", path);
		failed = 1;
		close(fd);
		return -1;
	}
	return fd;
}

/*
 * Visits what the directory @dfd (@dir) holds, with @dfd as the working
 * directory, and each subdirectory in turn.
 */
static void walk_dir(const struct walk *w, int dfd, const char *dir)
{
	struct stat st;
	struct dirent *de;
	char *path;
	int fd = dup(dfd), cfd;
	DIR *d = fd < 0 ? NULL : fdopendir(fd);

	if (!d || fchdir(dfd)) {
		walk_error(w, -errno, dir);
		if (d)
			closedir(d);
		else if (fd >= 0)
			close(fd);
		return;
	}
	while ((errno = 0, de = readdir(d))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		if (asprintf(&path, "%s%s%s", dir, strcmp(dir, "/") ? "/" : "",
			     de->d_name) < 0) {
			tool_error(-ENOMEM, "cannot walk '%s'", dir);
			failed = 1;
			break;
		}
		if (fstatat(dfd, de->d_name, &st, AT_SYMLINK_NOFOLLOW)) {
			walk_error(w, -errno, path);
		} else if (one_fs && st.st_dev != w->dev) {
			/* Another file system's: skipped with what it holds. */
		} else {
			if (visit(w, path, de->d_name, st.st_mode, 0))
				failed = 1;
			cfd = S_ISDIR(st.st_mode) ?
				open_dir(w, dfd, de->d_name, &st, path) : -1;
			if (cfd >= 0) {
				walk_dir(w, cfd, path);
				close(cfd);
				/* Back in this directory, for the next names. */
				if (fchdir(dfd)) {
					walk_error(w, -errno, dir);
					free(path);
					break;
				}
			}
		}
		free(path);
	}
	if (!de && errno)
		walk_error(w, -errno, dir);
	closedir(d);
}

/*
 * Walks the operand @path, reached as @at (as the user wrote it: its
 * directories are the user's to name, links and all); the working
 * directory is the same again afterwards.
 */
static void walk_tree(const char *path, const char *at, int restoring)
{
	struct walk w = { .restoring = restoring };
	struct stat st;
	int fd, cwd;

	if (lstat(at, &st)) {
		walk_error(&w, -errno, path);
		return;
	}
	w.dev = st.st_dev;
	if (visit(&w, path, at, st.st_mode, 1))
		failed = 1;
	if (!S_ISDIR(st.st_mode))
		return;
	fd = open_dir(&w, AT_FDCWD, at, &st, path);
	if (fd < 0)
		return;
	cwd = open(".", O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (cwd < 0)
		tool_die(EXIT_FAILURE, -errno, "cannot open the working directory");
	walk_dir(&w, fd, path);
	if (fchdir(cwd))
		tool_die(EXIT_FAILURE, -errno, "cannot return to the working directory");
	close(cwd);
	close(fd);
}

/*
 * The absolute path of @path without following its last component (a
 * link is labelled itself), as the specification's entries are written;
 * NULL after saying why.
 */
static char *absolute(const char *path)
{
	char *copy = strdup(path), *slash, *dir, *out = NULL;
	const char *base;

	if (!copy) {
		tool_error(-ENOMEM, "cannot resolve '%s'", path);
		return NULL;
	}
	/* Trailing slashes name the same file. */
	while (strlen(copy) > 1 && copy[strlen(copy) - 1] == '/')
		copy[strlen(copy) - 1] = '\0';
	slash = strrchr(copy, '/');
	if (!slash) {
		dir = realpath(".", NULL);
		base = copy;
	} else if (slash == copy) {
		dir = strdup("/");
		base = slash[1] ? slash + 1 : "";
	} else {
		*slash = '\0';
		dir = realpath(copy, NULL);
		base = slash + 1;
	}
	if (!dir && errno == ENOENT) {
		/* A path that does not exist: --match takes it as written. */
		char *cwd = getcwd(NULL, 0);

		if (path[0] == '/')
			out = strdup(path);
		else if (cwd && asprintf(&out, "%s/%s", cwd, path) < 0)
			out = NULL;
		free(cwd);
	} else if (!dir) {
		tool_error(-errno, "cannot resolve '%s'", path);
	} else if (!strcmp(base, ".") || !strcmp(base, "..")) {
		out = realpath(path, NULL);
	} else if (asprintf(&out, "%s%s%s", dir,
			    strcmp(dir, "/") && *base ? "/" : "", base) < 0) {
		out = NULL;
	}
	free(dir);
	free(copy);
	return out;
}

/* Loads the specification at @file; dies if it is unreadable or wrong. */
static void load_spec(const char *file)
{
	char reason[256], *text;
	unsigned int line;
	size_t len;
	int fd = open(file, O_RDONLY | O_CLOEXEC), err;

	if (fd < 0)
		tool_die(EXIT_FAILURE, -errno, "cannot open '%s'", file);
	err = tool_read_fd(fd, &text, &len);
	if (err)
		tool_die(EXIT_FAILURE, err, "cannot read '%s'", file);
	close(fd);
	if (fc_parse(text, len, &spec, &line, reason, sizeof(reason)))
		tool_die(EXIT_FAILURE, 0, "%s:%u: %s", file, line, reason);
	free(text);
}

/* --restore and --match, for each FILE. */
static int by_spec(int match, int recursive, char **files, int n)
{
	const struct fc_entry *e;
	struct stat st;
	char *path;
	int i;

	for (i = 0; i < n; i++) {
		path = absolute(files[i]);
		if (!path) {
			failed = 1;
			continue;
		}
		if (lstat(path, &st)) {
			if (errno != ENOENT || !match) {
				tool_error(-errno, "cannot read '%s'", files[i]);
				failed = 1;
				free(path);
				continue;
			}
			st.st_mode = 0;
		}
		if (match) {
			e = fc_lookup(&spec, path, st.st_mode);
			printf("%s %s%c", path, e ? e->label : FC_NONE, sep);
		} else if (recursive && S_ISDIR(st.st_mode)) {
			walk_tree(path, path, 1);
		} else if (restore(path, path, st.st_mode, 0)) {
			failed = 1;
		}
		free(path);
	}
	if (!match)
		show_progress(1);
	fc_free(&spec);
	return failed;
}

int main(int argc, char **argv)
{
	enum { OPT_REFERENCE = 256, OPT_XATTR, OPT_RESTORE, OPT_MATCH, OPT_SPEC };
	static const struct option opts[] = {
		{ "set", required_argument, NULL, 's' },
		{ "reference", required_argument, NULL, OPT_REFERENCE },
		{ "recursive", no_argument, NULL, 'R' },
		{ "one-file-system", no_argument, NULL, 'x' },
		{ "no-dereference", no_argument, NULL, 'h' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "xattr", required_argument, NULL, OPT_XATTR },
		{ "zero", no_argument, NULL, '0' },
		{ "restore", no_argument, NULL, OPT_RESTORE },
		{ "match", no_argument, NULL, OPT_MATCH },
		{ "spec", required_argument, NULL, OPT_SPEC },
		{ "dry-run", no_argument, NULL, 'n' },
		{ "progress", no_argument, NULL, 'P' },
		TOOL_COMMON_OPTIONS,
		{ NULL, 0, NULL, 0 }
	};
	const char *reference = NULL, *lsm = NULL, *spec_file = NULL;
	char *ref_label = NULL;
	int c, i, recursive = 0, err, restoring = 0, match = 0, no_deref = 0;
	int progress_asked = 0, lsm_given;

	while ((c = getopt_long(argc, argv, "s:RxhvnP0", opts, NULL)) != -1) {
		switch (c) {
		case 's':
			if (set)
				tool_die(EXIT_USAGE, 0, "multiple contexts");
			set = optarg;
			break;
		case OPT_REFERENCE:
			if (reference)
				tool_die(EXIT_USAGE, 0, "multiple reference files");
			reference = optarg;
			break;
		case 'R':
			recursive = 1;
			break;
		case 'x':
			one_fs = 1;
			break;
		case 'h':
			follow = 0;
			no_deref = 1;
			break;
		case 'n':
			dry_run = 1;
			break;
		case 'P':
			/* Only where someone watches, as restorecon -p. */
			progress = isatty(STDERR_FILENO);
			progress_asked = 1;
			break;
		case OPT_RESTORE:
			restoring = 1;
			break;
		case OPT_MATCH:
			match = 1;
			break;
		case OPT_SPEC:
			if (spec_file)
				tool_die(EXIT_USAGE, 0, "multiple specifications");
			spec_file = optarg;
			break;
		case 'v':
			verbose = 1;
			break;
		case OPT_XATTR:
			if (xattr)
				tool_die(EXIT_USAGE, 0, "multiple attributes");
			xattr = optarg;
			break;
		case '0':
			sep = '\0';
			break;
		default:
			tool_common_option(c, &lsm, usage, EXIT_USAGE);
		}
	}
	if (set && reference)
		tool_die(EXIT_USAGE, 0, "-s and --reference cannot be combined");
	if (restoring + match + !!set + !!reference > 1)
		tool_die(EXIT_USAGE, 0,
			 "only one of -s, --reference, --restore and --match");
	if (spec_file && !restoring && !match)
		tool_die(EXIT_USAGE, 0, "--spec goes with --restore or --match");
	if (dry_run && !restoring)
		tool_die(EXIT_USAGE, 0, "-n goes with --restore");
	if (progress_asked && !restoring)
		tool_die(EXIT_USAGE, 0, "-P goes with --restore");
	if ((restoring || match) && no_deref)
		tool_die(EXIT_USAGE, 0,
			 "--restore and --match never follow a symbolic link: -h is implied");
	if (one_fs && !recursive)
		tool_die(EXIT_USAGE, 0, "-x goes with -R");
	if (match && (recursive || verbose))
		tool_die(EXIT_USAGE, 0, "--match takes no -R or -v");
	if (lsm && xattr)
		tool_die(EXIT_USAGE, 0, "--lsm and --xattr cannot be combined");
	if (optind == argc) {
		tool_error(0, "missing file operand");
		usage(EXIT_USAGE);
	}
	lsm_given = lsm != NULL;
	spec_name = spec_file ? spec_file : DEFAULT_SPEC;
	/* Matching is text: no module needed. */
	if (match) {
		load_spec(spec_name);
		return by_spec(match, 0, argv + optind, argc - optind);
	}
	if (!xattr) {
		if (lsm_given) {
			if (!sigil_lsm_has_attrs(lsm) && sigil_lsm_id(lsm))
				tool_die(EXIT_USAGE, 0,
					 "security module '%s' has no file labels; name an attribute with --xattr",
					 lsm);
			if (!sigil_lsm_has_attrs(lsm))
				tool_die(EXIT_USAGE, 0, "unknown security module '%s'", lsm);
		} else {
			lsm = sigil_lsm_default();
		}
		xattr = sigil_lsm_xattr(lsm);
		if (!xattr && lsm)
			tool_die(lsm_given ? EXIT_USAGE : EXIT_FAILURE, 0,
				 "security module '%s' has no file label attribute; name one with --xattr",
				 lsm);
		if (!xattr)
			tool_die(EXIT_FAILURE, 0,
				 "no active security module labels files; name an attribute with --xattr");
	}
	if (restoring) {
		load_spec(spec_name);
		return by_spec(0, recursive, argv + optind, argc - optind);
	}
	if (reference) {
		err = sigil_file_get(reference, xattr, 1, &ref_label);
		if (err)
			tool_die(EXIT_FAILURE, err, "cannot read the %s label of '%s'",
				 xattr, reference);
		set = ref_label;
	}
	for (i = optind; i < argc; i++) {
		if (!recursive) {
			if (process(argv[i], argv[i], follow))
				failed = 1;
		} else {
			walk_tree(argv[i], argv[i], 0);
		}
	}
	free(ref_label);
	return failed;
}
