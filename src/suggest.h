/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sigilctl suggest: the rules that would allow a log's denials.
 *
 * A denial record (kernel log, audit log or journal) carries the rule
 * that would allow it as missing='RULE'.  The suggestion gathers those
 * rules in the order of their first denial, merges the permission letters
 * of allow, process and policy rules for one set of labels, drops
 * duplicates, and keeps, for --explain, which denials each rule answers.
 * Refusals no rule can lift (reason='...') are kept apart.
 */
#ifndef SIGIL_SUGGEST_H
#define SIGIL_SUGGEST_H

#include <stddef.h>
#include <stdio.h>

struct suggest_rule;
struct suggest_record;
struct suggest_relabel;
struct suggest_group;

struct suggest {
	struct suggest_rule *rules;	/* in order of first denial */
	size_t nrules, room;
	struct suggest_record *records;	/* the denials read, in order */
	size_t nrecords;
	struct suggest_relabel *relabels;	/* the relabels read */
	size_t nrelabels;
	struct suggest_group *groups;	/* exec and create rules proposed */
	size_t ngroups;
	int finished;			/* records made into rules */
	char **unliftable;		/* distinct refusals, as logged */
	size_t nunliftable;
	unsigned long denials;		/* denial records read */
	unsigned long invalid;		/* missing='...' that is not a rule */
	char **catchall;		/* labels of whole classes of files */
	size_t ncatchall;
	/*
	 * Whether an assertion of the policy forbids the rule @rule, as
	 * written: 1 with the assertion in @why, else 0; NULL for none.
	 */
	int (*forbidden)(const char *rule, char *why, size_t room, void *ctx);
	void *forbidden_ctx;
	/*
	 * Whether the policy makes @program the program of @subject (an
	 * entrypoint or exec rule into @subject names it): 1 if so; NULL
	 * for no policy.
	 */
	int (*own_program)(const char *subject, const char *program,
			   void *ctx);
	/*
	 * Whether the policy names @label in a rule: 1 if so (an exec rule
	 * into it is not proposed); NULL for no policy.  Given
	 * own_program_ctx.
	 */
	int (*names)(const char *label, void *ctx);
	void *own_program_ctx;
};

/*
 * Reads one line of a log.  Returns 1 if it was a denial record, 0 if it
 * was something else, -1 when out of memory.
 */
int suggest_line(struct suggest *s, const char *line);

/*
 * Makes the rules of the denials read, once the whole log is: a denial
 * whose record names a program of its own kind (program=NAME_exec_t, not
 * the subject's own program, NAME_t a label the policy does not name) is
 * answered by an exec rule giving it NAME_t, with the rights denied given
 * to NAME_t; a denial on a file that its maker's directory labelled, and
 * that the admin then relabelled (a later "relabeled" record of the
 * kernel for the same device and inode, whose creator is the denial's
 * subject), by a create rule and the rights on the new label.  Such rules are checked together
 * against the policy (@forbidden, with all their lines); when it forbids
 * them, the denials get plain rules.  suggest_print() calls it.  Returns
 * 0, or -1 when out of memory.
 */
int suggest_finish(struct suggest *s);

/*
 * Marks @label as a catch-all, a label that stands for whole classes of
 * files (a genfs rule for "/", a file-contexts entry for every path);
 * "unlabeled" always is one.  An allow rule that would give w, a, c or x
 * on a catch-all is not suggested: it is printed commented out, with
 * what to do instead.  Returns 0, or -1 when out of memory.
 */
int suggest_catchall(struct suggest *s, const char *label);

/*
 * Prints the rules, one per line; a rule that an assertion of the policy
 * forbids, or the w, a, c and x of an allow rule on a catch-all, as a
 * comment saying why.  With @explain, each rule comes after comment
 * lines naming the denials it answers, and the refusals no rule can lift
 * come last.
 */
void suggest_print(struct suggest *s, FILE *out, int explain);

/*
 * Says on @warn, one line each after @prefix, which rules were not
 * suggested because they would open a catch-all; returns their number.
 */
size_t suggest_withheld(struct suggest *s, const char *prefix,
			FILE *warn);

void suggest_free(struct suggest *s);

#endif /* SIGIL_SUGGEST_H */
