/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sigilctl's offline checks (sigilctl check, suggest, query): the
 * kernel's own parser, compiled into sigilctl (policy-check.c), so that
 * a verdict, its line and its reason are the kernel's.
 */
#ifndef SIGIL_POLICY_CHECK_H
#define SIGIL_POLICY_CHECK_H

#include <stddef.h>
#include <stdio.h>

/* The kernel's limits, see sigil-policy(5). */
#include <linux/sigil.h>

/*
 * Where policy_check() lists every rule that breaks the first broken
 * assertion ("WHERE: 'RULE' breaks 'never ...' (WHERE)"), before it
 * fails; NULL (the default) for nowhere.  policy_check_where() writes
 * WHERE for a line ("FILE:LINE"); NULL for "line N".
 */
extern FILE *policy_check_breaking;
/*
 * Where policy_check() warns of each transition rule that no entrypoint
 * rule narrows, into a label any program then enters ("WHERE: warning:
 * ..."); NULL (the default) for nowhere.
 */
extern FILE *policy_check_warnings;
extern void (*policy_check_where)(unsigned int line, char *buf, size_t size);

/*
 * Checks the policy @text of @size bytes as a load would.  Returns the
 * number of rules the kernel would count on success, or -1 with *line
 * (from 1; 0 for the policy as a whole) and @reason (of @room bytes)
 * saying what is wrong.
 */
long policy_check(const char *text, size_t size, unsigned int *line,
		  char *reason, size_t room);

/*
 * Whether an assertion of the policy @text forbids @rule (one rule line):
 * 1 with "'never ...', line N" in @why, else 0.  The lines of @text that
 * are not valid assertions are skipped.
 */
int policy_never_breaks(const char *text, size_t size, const char *rule,
			char *why, size_t room);

/*
 * Checks the one rule @rule (a line, without newline) by itself: its kind,
 * fields, permissions and labels, not what depends on other rules (an
 * entrypoint's transition, a genfs path given twice); an assertion is
 * not a rule.  Returns 0, or -1 with @reason saying what is wrong.
 */
int policy_check_rule(const char *rule, char *reason, size_t room);

/*
 * Checks the query @query to Sigil's access node as the kernel reads it:
 * the rule that would allow an access, "allow" left out for file access,
 * a transition with the executed file's label third; only the kinds a
 * check asks about.  Returns 0, or -1 with @reason saying what is wrong.
 */
int policy_check_query(const char *query, char *reason, size_t room);

/*
 * The permission letters of rules of kind @word, in the grammar's order
 * ("rwxac" for allow), or NULL for a kind without letters.
 */
const char *policy_rule_letters(const char *word);

/* The hash of a policy's text, as the kernel's rules node gives it. */
unsigned long long policy_text_hash(const char *text, size_t size);

#endif /* SIGIL_POLICY_CHECK_H */
