/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * filecon: print and change file labels (ls -Z, getfattr and chcon).
 */
#include <config.h>

#define _XOPEN_SOURCE_EXTENDED 1
#include <errno.h>
#include <ftw.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "procattr.h"
#include "tool.h"

const char *program_name = "filecon";

static const char *xattr, *set;
static int follow = 1, verbose, failed;
static char sep = '\n';

static void usage(int status)
{
	if (status != EXIT_SUCCESS) {
		fprintf(stderr, "Try 'filecon --help' for more information.\n");
		exit(status);
	}
	printf("Usage: filecon [OPTION]... FILE...\n"
	       "  or:  filecon [OPTION]... -s CONTEXT FILE...\n"
	       "  or:  filecon [OPTION]... --reference=RFILE FILE...\n"
	       "Print the security label of each FILE as LABEL FILE, or set it to\n"
	       "CONTEXT or to RFILE's label.\n"
	       "\n"
	       "  -s, --set=CONTEXT      set the label of each FILE to CONTEXT\n"
	       "      --reference=RFILE  set the label of each FILE to RFILE's\n"
	       "  -R, --recursive        also act on the files below each directory,\n"
	       "                           never following symbolic links\n"
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
	       "changed (the others are still processed), 125 for a usage error.\n");
	exit(status);
}

/* Prints or sets one file's label; returns 0 or a negative errno. */
static int process(const char *path, int deref)
{
	char *label = NULL;
	int err;

	if (!set) {
		err = procattr_file_get(path, xattr, deref, &label);
		if (err == -ENODATA) {
			tool_error(0, "'%s' has no %s label", path, xattr);
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
	err = procattr_file_set(path, xattr, deref, set);
	if (err) {
		tool_error(err, "cannot set the %s label of '%s' to '%s'", xattr,
			   path, set);
		if (!strcmp(xattr, "security.sigil"))
			tool_explain_label("sigil", err, set);
		return err;
	}
	if (verbose)
		printf("label of '%s' set to '%s'%c", path, set, sep);
	return 0;
}

static int walk_one(const char *path, const struct stat *st, int type,
		    struct FTW *ftw)
{
	(void)st;
	if (type == FTW_DNR || type == FTW_NS) {
		tool_error(-errno, "cannot read '%s'", path);
		failed = 1;
		return 0;
	}
	/* The operand itself follows a symbolic link unless -h. */
	if (process(path, ftw->level == 0 ? follow : 0))
		failed = 1;
	return 0;
}

int main(int argc, char **argv)
{
	enum { OPT_REFERENCE = 256, OPT_XATTR };
	static const struct option opts[] = {
		{ "set", required_argument, NULL, 's' },
		{ "reference", required_argument, NULL, OPT_REFERENCE },
		{ "recursive", no_argument, NULL, 'R' },
		{ "no-dereference", no_argument, NULL, 'h' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "xattr", required_argument, NULL, OPT_XATTR },
		{ "zero", no_argument, NULL, '0' },
		TOOL_COMMON_OPTIONS,
		{ NULL, 0, NULL, 0 }
	};
	const char *reference = NULL, *lsm = NULL;
	char *ref_label = NULL;
	int c, i, recursive = 0, err;

	while ((c = getopt_long(argc, argv, "s:Rhv0", opts, NULL)) != -1) {
		switch (c) {
		case 's':
			if (set)
				tool_die(EXIT_CANCELED, 0, "multiple contexts");
			set = optarg;
			break;
		case OPT_REFERENCE:
			if (reference)
				tool_die(EXIT_CANCELED, 0, "multiple reference files");
			reference = optarg;
			break;
		case 'R':
			recursive = 1;
			break;
		case 'h':
			follow = 0;
			break;
		case 'v':
			verbose = 1;
			break;
		case OPT_XATTR:
			if (xattr)
				tool_die(EXIT_CANCELED, 0, "multiple attributes");
			xattr = optarg;
			break;
		case '0':
			sep = '\0';
			break;
		default:
			tool_common_option(c, &lsm, usage);
		}
	}
	if (set && reference)
		tool_die(EXIT_CANCELED, 0, "-s and --reference cannot be combined");
	if (lsm && xattr)
		tool_die(EXIT_CANCELED, 0, "--lsm and --xattr cannot be combined");
	if (optind == argc) {
		tool_error(0, "missing file operand");
		usage(EXIT_CANCELED);
	}
	if (!xattr) {
		if (lsm) {
			if (!procattr_lsm_has_attrs(lsm) && procattr_lsm_id(lsm))
				tool_die(EXIT_CANCELED, 0,
					 "security module '%s' has no file labels; name an attribute with --xattr",
					 lsm);
			if (!procattr_lsm_has_attrs(lsm))
				tool_die(EXIT_CANCELED, 0, "unknown security module '%s'", lsm);
		} else {
			lsm = procattr_default_lsm();
		}
		xattr = procattr_lsm_xattr(lsm);
		if (!xattr && lsm)
			tool_die(EXIT_CANCELED, 0,
				 "security module '%s' has no file label attribute; name one with --xattr",
				 lsm);
		if (!xattr)
			tool_die(EXIT_CANCELED, 0,
				 "no active security module labels files; name an attribute with --xattr");
	}
	if (reference) {
		err = procattr_file_get(reference, xattr, 1, &ref_label);
		if (err)
			tool_die(EXIT_CANCELED, err, "cannot read the %s label of '%s'",
				 xattr, reference);
		set = ref_label;
	}
	for (i = optind; i < argc; i++) {
		if (!recursive) {
			if (process(argv[i], follow))
				failed = 1;
		} else if (nftw(argv[i], walk_one, 32,
				FTW_PHYS) < 0) {
			tool_error(-errno, "cannot walk '%s'", argv[i]);
			failed = 1;
		}
	}
	free(ref_label);
	return failed;
}
