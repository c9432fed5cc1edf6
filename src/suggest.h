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

struct suggest {
	struct suggest_rule *rules;	/* in order of first denial */
	size_t nrules, room;
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
};

/*
 * Reads one line of a log.  Returns 1 if it was a denial record, 0 if it
 * was something else, -1 when out of memory.
 */
int suggest_line(struct suggest *s, const char *line);

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
void suggest_print(const struct suggest *s, FILE *out, int explain);

/*
 * Says on @warn, one line each after @prefix, which rules were not
 * suggested because they would open a catch-all; returns their number.
 */
size_t suggest_withheld(const struct suggest *s, const char *prefix,
			FILE *warn);

void suggest_free(struct suggest *s);

#endif /* SIGIL_SUGGEST_H */
