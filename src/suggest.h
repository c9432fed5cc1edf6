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
};

/*
 * Reads one line of a log.  Returns 1 if it was a denial record, 0 if it
 * was something else, -1 when out of memory.
 */
int suggest_line(struct suggest *s, const char *line);

/*
 * Prints the rules, one per line; with @explain, each after comment lines
 * naming the denials it answers, and the refusals no rule can lift last.
 */
void suggest_print(const struct suggest *s, FILE *out, int explain);

void suggest_free(struct suggest *s);

#endif /* SIGIL_SUGGEST_H */
