/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sigilctl rules: how often each rule of the running policy was used.
 *
 * The kernel's rules node reads "load SECONDS HASH", then one line a rule
 * that decides something: "LINE COUNT LAST RULE", the line of the loaded
 * text the rule was first written on, the lookups that found it (cache
 * fills, not cache hits), when the last one did (seconds since the
 * epoch, 0 for never) and the rule.  HASH is the FNV-1a hash of the
 * loaded text, by which sigilctl tells whether the policy files are still
 * that text, so that LINE can be named as a file and a line of it.
 */
#ifndef SIGIL_RULE_USE_H
#define SIGIL_RULE_USE_H

#include <stddef.h>
#include <stdio.h>
#include <time.h>

struct rule_use {
	unsigned int line;
	unsigned long count;
	long long last;		/* 0: never */
	const char *rule;	/* in the node's text */
};

struct rule_use_node {
	long long loaded;
	unsigned long long hash;
	struct rule_use *rules;
	size_t n;
};

/*
 * Parses the node's @text, which it keeps pointers into (and writes
 * NULs in).  Returns 0, or -1 for a text that is not the node's, with
 * the line at fault in @bad.
 */
int rule_use_parse(char *text, struct rule_use_node *node, unsigned int *bad);

/*
 * Parses --since's TIME: "@SECONDS", "YYYY-MM-DD", "YYYY-MM-DDTHH:MM" or
 * "YYYY-MM-DDTHH:MM:SS" (local time; a space may stand for the T), or a
 * number followed by s, m, h or d: that long before @now.  Returns 0 with
 * the time in @t, or -1.
 */
int rule_use_time(const char *s, time_t now, long long *t);

/* Writes @t as local time, YYYY-MM-DDTHH:MM:SS, or "never" for 0. */
void rule_use_format_time(long long t, char *buf, size_t size);

/*
 * Prints the rules not used since @since (0: the load), "PLACE: RULE"
 * each, @where naming the place of a line; returns their number.
 */
size_t rule_use_print_unused(const struct rule_use_node *node, long long since,
			     void (*where)(unsigned int line, char *buf,
					   size_t size),
			     FILE *out);

/* Prints every rule, "COUNT LAST PLACE RULE" each. */
void rule_use_print_stats(const struct rule_use_node *node,
			  void (*where)(unsigned int line, char *buf,
					size_t size),
			  FILE *out);

void rule_use_free(struct rule_use_node *node);

#endif /* SIGIL_RULE_USE_H */
