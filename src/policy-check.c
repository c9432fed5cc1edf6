/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sigilctl's offline checks of a policy, a rule and a query: the kernel's
 * own parser (kernel-patches/tree/security/sigil/parse.c, policy.c and
 * verify.c, compiled here over src/kshim/), so that the verdict, the line
 * and the reason are the kernel's.
 */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "policy-check.h"
#include "security/sigil/label.h"
#include "security/sigil/policy.h"

FILE *policy_check_breaking;
FILE *policy_check_warnings;
void (*policy_check_where)(unsigned int line, char *buf, size_t size);

/* Line @line, as policy_check_where() names it, else "line N". */
static void place(unsigned int line, char *buf, size_t size)
{
	if (policy_check_where)
		policy_check_where(line, buf, size);
	else
		snprintf(buf, size, "line %u", line);
}

/* sigil_policy_parse()'s report of a rule that breaks an assertion. */
static void breaking(struct sigil_policy_error *err,
		     const struct sigil_policy *policy,
		     const struct sigil_rule *assertion, unsigned int aline,
		     const struct sigil_rule *rule, unsigned int rline)
{
	char a[SIGIL_RULE_TEXT_MAX], r[SIGIL_RULE_TEXT_MAX];
	char at[8300], there[8300];

	(void)err;
	sigil_policy_rule_format(policy, assertion, assertion->perms, a,
				 sizeof(a));
	sigil_policy_rule_format(policy, rule, rule->perms, r, sizeof(r));
	place(rline, at, sizeof(at));
	place(aline, there, sizeof(there));
	fprintf(policy_check_breaking, "%s: '%s' breaks 'never %s' (%s)\n",
		at, r, a, there);
}

/*
 * Every transition that no entrypoint rule narrows lets any program the
 * task runs enter its target: say so, unless "entrypoint TO *" does.
 */
static void warn_any_program(const struct sigil_policy *policy)
{
	const struct sigil_rule *r;
	char at[8300];
	unsigned int i;

	for (i = 0; i < policy->nused; i++) {
		r = &policy->rules[i];
		if (r->kind != SIGIL_RULE_TRANSITION ||
		    r->perms & SIGIL_TRANSITION_NARROW ||
		    sigil_policy_has(policy, SIGIL_RULE_ENTRYPOINT, r->l[1], NULL,
				     NULL))
			continue;
		place(policy->lines[i], at, sizeof(at));
		fprintf(policy_check_warnings,
			"%s: warning: any program %s runs enters %s: no entrypoint rule narrows 'transition %s %s' (write 'entrypoint %s *' if that is meant)\n",
			at, r->l[0]->str, r->l[1]->str, r->l[0]->str,
			r->l[1]->str, r->l[1]->str);
	}
}

long policy_check(const char *text, size_t size, unsigned int *line,
		  char *reason, size_t room)
{
	struct sigil_policy_error err = { 0 };
	struct sigil_policy *policy;
	long rules;

	if (policy_check_breaking)
		err.breaking = breaking;
	policy = sigil_policy_parse(text, size, &err);
	if (IS_ERR(policy)) {
		*line = err.line;
		if (PTR_ERR(policy) == -EINVAL)
			snprintf(reason, room, "%s", err.reason);
		else
			snprintf(reason, room, "out of memory");
		return -1;
	}
	*line = 0;
	rules = policy->nrules;
	if (policy_check_warnings)
		warn_any_program(policy);
	sigil_policy_free(policy);
	return rules;
}

/* Parses @str as one rule (@flags 0) or query; 0, or -1 with @reason. */
static int parse_one(const char *str, unsigned int flags,
		     struct sigil_rule_text *rule, char *reason, size_t room)
{
	struct sigil_policy_error err = { 0 };
	int ret;

	ret = sigil_rule_parse(str, strlen(str), flags, rule, 1, &err);
	if (ret == 1 && rule->never) {
		sigil_rule_text_put(rule);
		snprintf(reason, room, "an assertion, not a rule");
		return -1;
	}
	if (ret == 1)
		return 0;
	if (ret == 0)
		snprintf(reason, room, "%s", flags ? "empty query" : "no rule");
	else if (ret == -EINVAL)
		snprintf(reason, room, "%s", err.reason);
	else
		snprintf(reason, room, "out of memory");
	return -1;
}

int policy_check_rule(const char *rule, char *reason, size_t room)
{
	struct sigil_rule_text r;

	if (parse_one(rule, 0, &r, reason, room))
		return -1;
	sigil_rule_text_put(&r);
	return 0;
}

int policy_check_query(const char *query, char *reason, size_t room)
{
	struct sigil_rule_text q;

	if (parse_one(query, SIGIL_PARSE_QUERY, &q, reason, room))
		return -1;
	sigil_rule_text_put(&q);
	return 0;
}

int policy_never_breaks(const char *text, size_t size, const char *rule,
			char *why, size_t room)
{
	const char *p = text, *end = text + size, *eol;
	struct sigil_policy_error err = { 0 };
	struct sigil_rule_text one, line;
	struct sigil_rule r = { 0 }, a = { 0 };
	char reason[256], assertion[SIGIL_RULE_TEXT_MAX];
	unsigned int n = 0;
	int found = 0;

	if (parse_one(rule, 0, &one, reason, sizeof(reason)))
		return 0;
	memcpy(r.l, one.l, sizeof(r.l));
	r.kind = one.kind;
	r.perms = one.perms;
	/* Each line that is an assertion, whatever the others hold. */
	for (; p < end && !found; p = eol + 1) {
		eol = memchr(p, '\n', (size_t)(end - p));
		if (!eol)
			eol = end;
		n++;
		if (sigil_rule_parse(p, (size_t)(eol - p), 0, &line, n, &err) != 1)
			continue;
		if (line.never) {
			memcpy(a.l, line.l, sizeof(a.l));
			a.kind = line.kind;
			a.perms = line.perms;
			if (sigil_never_broken(&a, &r)) {
				sigil_rule_format(assertion, sizeof(assertion),
						  (u8)a.kind,
						  (const struct sigil_label *const *)a.l,
						  a.perms);
				snprintf(why, room, "'never %s', line %u",
					 assertion, n);
				found = 1;
			}
		}
		sigil_rule_text_put(&line);
	}
	sigil_rule_text_put(&one);
	return found;
}

const char *policy_rule_letters(const char *word)
{
	static char letters[16];
	u8 k;

	for (k = 0; k < SIGIL_RULE_KINDS; k++) {
		if (strcmp(sigil_rule_word(k), word) ||
		    !sigil_rule_has_perms(k) || sigil_rule_has_names(k) ||
		    k == SIGIL_RULE_PORT)
			continue;
		/* Every bit: every letter, in the grammar's order. */
		sigil_perms_format(k, ~0ULL, letters, sizeof(letters));
		return letters;
	}
	return NULL;
}

unsigned long long policy_text_hash(const char *text, size_t size)
{
	return sigil_policy_text_hash(text, size);
}
