/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * File-contexts specifications (sigil-file-contexts(5)): which label each
 * path should carry, for filecon --restore and --match.
 *
 * One entry per line: REGEX [TYPE] LABEL.  REGEX is a POSIX extended
 * regular expression matched against the whole absolute path; TYPE (--,
 * -d, -l, -c, -b, -s, -p) limits the entry to one kind of file; LABEL
 * <<none>> means "leave alone".  The last matching entry wins.
 */
#ifndef SIGIL_FILE_CONTEXTS_H
#define SIGIL_FILE_CONTEXTS_H

#include <regex.h>
#include <stddef.h>
#include <sys/types.h>

/* The label that means: leave the file's label as it is. */
#define FC_NONE "<<none>>"

struct fc_entry {
	regex_t re;
	mode_t type;		/* S_IF* the entry is limited to, or 0 */
	char *label;
	unsigned int line;
	/*
	 * The literal text every path the expression matches begins with
	 * (its stem, as libselinux calls it), which a lookup compares
	 * before it runs the expression; whole when the expression is
	 * that text and nothing else.
	 */
	char *stem;
	size_t stem_len;
	int whole;
};

struct fc_spec {
	struct fc_entry *entries;
	size_t n;
};

/*
 * Parses the specification @text of @size bytes into @spec.  Returns 0,
 * or -1 with *line (from 1) and @reason (of @room bytes) saying what is
 * wrong; nothing is kept then.
 */
int fc_parse(const char *text, size_t size, struct fc_spec *spec,
	     unsigned int *line, char *reason, size_t room);

/*
 * The entry for absolute path @path of file type @mode (S_IF* bits; 0
 * when the file does not exist: entries of any type then match), or NULL
 * when none matches.
 */
const struct fc_entry *fc_lookup(const struct fc_spec *spec, const char *path,
				 mode_t mode);

void fc_free(struct fc_spec *spec);

#endif /* SIGIL_FILE_CONTEXTS_H */
