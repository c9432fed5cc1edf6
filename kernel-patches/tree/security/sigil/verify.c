// SPDX-License-Identifier: GPL-2.0-only
/*
 * Sigil LSM - Policy checks at load
 *
 * What a rule must agree with among the rules before it (one label for an
 * exec or create rule's pair, for a genfs path, one newfiles rule), and
 * what the whole policy must hold once read: every entrypoint narrows a
 * transition that some rule allows, and no rule grants what an assertion
 * forbids.  A failed check rejects the whole policy.
 *
 * Compiled into the kernel and, over src/kshim/, into sigilctl.
 *
 * Copyright © 2026 The Sigil authors
 */

#include <linux/bitops.h>
#include <linux/hash.h>
#include <linux/log2.h>
#include <linux/minmax.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/string.h>

#include "label.h"
#include "policy.h"

/*
 * A genfs rule FSTYPE PATH LABEL, whose fields are already valid labels:
 * PATH must be absolute, without an empty component or a trailing slash,
 * and one PATH of one type gets one label.
 */
static int verify_genfs(const struct sigil_policy *policy,
			const struct sigil_rule_text *rule, unsigned int line,
			struct sigil_policy_error *err)
{
	const struct sigil_label *const path = rule->l[1];
	const struct sigil_rule *old;

	if (path->str[0] != '/' || strstr(path->str, "//") ||
	    (path->len > 1 && path->str[path->len - 1] == '/'))
		return sigil_policy_reject(err, line,
					   "invalid genfs path '%s' (absolute, without '//' or a trailing '/')",
					   path->str);
	old = sigil_policy_find(policy, SIGIL_RULE_GENFS, rule->l[0], path,
				NULL);
	if (old && old->l[2] != rule->l[2])
		return sigil_policy_reject(err, line,
					   "genfs %s %s labelled both '%s' and '%s'",
					   rule->l[0]->str, path->str,
					   old->l[2]->str, rule->l[2]->str);
	return 0;
}

/*
 * A socket rule may not name a family whose sockets bind and connect
 * through sockets of the kernel's (SMC over TCP, RxRPC over UDP, RDS
 * over TCP), whose ports no net rule would see: the rule would give more
 * than it says.
 */
static int verify_socket(const struct sigil_rule_text *rule,
			 unsigned int line, struct sigil_policy_error *err)
{
	char family[16];

	sigil_perms_format(SIGIL_RULE_SOCKET, rule->perms, family,
			   sizeof(family));
	if (strcmp(family, "smc") && strcmp(family, "rxrpc") &&
	    strcmp(family, "rds"))
		return 0;
	return sigil_policy_reject(err, line,
				   "socket rules for '%s' are refused: its sockets bind and connect through the kernel's own, which net rules do not see",
				   family);
}

/**
 * sigil_verify_rule - Check a rule against the rules before it
 *
 * @policy: The rules so far.
 * @rule: The new rule, not an assertion.
 * @line: Its line.
 * @err: Where to say what is wrong.
 *
 * An exec or create rule for a pair (and a create rule's file name) that a
 * rule already maps elsewhere, or a newfiles rule that says otherwise than
 * one before, is refused: the policy would not say which.  The same rule
 * twice is harmless.  A socket rule for smc, rxrpc or rds is refused: it
 * would give ports unchecked.
 *
 * Returns 0, or -%EINVAL with @err filled in.
 */
int sigil_verify_rule(const struct sigil_policy *policy,
		      const struct sigil_rule_text *rule, unsigned int line,
		      struct sigil_policy_error *err)
{
	const struct sigil_rule *old;
	char was[16], now[16];

	if (rule->kind == SIGIL_RULE_GENFS)
		return verify_genfs(policy, rule, line, err);
	if (rule->kind == SIGIL_RULE_SOCKET)
		return verify_socket(rule, line, err);
	if (!sigil_rule_is_mapping(rule->kind) &&
	    rule->kind != SIGIL_RULE_NEWFILES &&
	    rule->kind != SIGIL_RULE_FSLABELS)
		return 0;
	old = sigil_policy_find(policy, rule->kind, rule->l[0], rule->l[1],
				rule->name);
	if (!old)
		return 0;
	if (rule->kind == SIGIL_RULE_NEWFILES ||
	    rule->kind == SIGIL_RULE_FSLABELS) {
		if (old->perms == rule->perms)
			return 0;
		sigil_perms_format(rule->kind, old->perms, was, sizeof(was));
		sigil_perms_format(rule->kind, rule->perms, now, sizeof(now));
		if (rule->kind == SIGIL_RULE_FSLABELS)
			return sigil_policy_reject(err, line,
						   "a second fslabels rule for '%s': '%s' before, '%s' here",
						   rule->l[0]->str, was, now);
		return sigil_policy_reject(err, line,
					   "a second newfiles rule: '%s' before, '%s' here",
					   was, now);
	}
	if (old->l[2] == rule->l[2])
		return 0;
	if (rule->name)
		return sigil_policy_reject(err, line,
					   "a second create rule for '%s' '%s' '%s': '%s' before, '%s' here",
					   rule->l[0]->str, rule->l[1]->str,
					   rule->name->str, old->l[2]->str,
					   rule->l[2]->str);
	return sigil_policy_reject(err, line,
				   "a second %s rule for '%s' '%s': '%s' before, '%s' here",
				   sigil_rule_word(rule->kind), rule->l[0]->str,
				   rule->l[1]->str, old->l[2]->str,
				   rule->l[2]->str);
}

/* A set of labels, for the checks of a whole policy: open addressing. */
struct label_set {
	unsigned int bits;
	const struct sigil_label **slot;
};

static int set_init(struct label_set *set, unsigned long n)
{
	set->bits = order_base_2(max(n, 1UL)) + 1;
	set->slot = kvcalloc(BIT(set->bits), sizeof(*set->slot), GFP_KERNEL);
	return set->slot ? 0 : -ENOMEM;
}

/* Whether @label is in @set; adds it if @add. */
static bool set_has(struct label_set *set, const struct sigil_label *label,
		    bool add)
{
	u32 i = hash_ptr(label, set->bits);

	while (set->slot[i]) {
		if (set->slot[i] == label)
			return true;
		i = (i + 1) & (BIT(set->bits) - 1);
	}
	if (add)
		set->slot[i] = label;
	return false;
}

/*
 * Every entrypoint must narrow a transition that some rule allows; each
 * transition rule into a label that entrypoint or exec rules name (an
 * exec rule's file is an entry point of its target, for the exec rule's
 * own subject: sigil_decide() asks it) is marked
 * SIGIL_TRANSITION_NARROW, so that an exec asks no more ("entrypoint TO
 * *" narrows nothing: it says that any program enters TO, on purpose).
 * In linear time: two sets of labels, gone after the load.
 */
static int verify_entrypoints(struct sigil_policy *policy,
			      struct sigil_policy_error *err)
{
	struct label_set into = {}, narrowed = {};
	struct sigil_rule *r, *end = policy->rules + policy->nused;
	unsigned long n = 0;
	int ret;

	for (r = policy->rules; r < end; r++)
		n += r->kind == SIGIL_RULE_ENTRYPOINT || r->kind == SIGIL_RULE_EXEC;
	if (!n)
		return 0;
	ret = set_init(&into, policy->nused);
	if (!ret)
		ret = set_init(&narrowed, n);
	for (r = policy->rules; !ret && r < end; r++) {
		if (r->kind == SIGIL_RULE_TRANSITION)
			set_has(&into, r->l[1], true);
		/* "entrypoint TO *" says that any program enters TO. */
		else if (r->kind == SIGIL_RULE_ENTRYPOINT && r->l[1])
			set_has(&narrowed, r->l[0], true);
		/* exec FROM FILE TO: FILE is an entry point of TO. */
		else if (r->kind == SIGIL_RULE_EXEC)
			set_has(&narrowed, r->l[2], true);
	}
	for (r = policy->rules; !ret && r < end; r++) {
		if (r->kind == SIGIL_RULE_TRANSITION &&
		    set_has(&narrowed, r->l[1], false) &&
		    !sigil_policy_find(policy, SIGIL_RULE_ENTRYPOINT, r->l[1],
				       NULL, NULL))
			r->perms |= SIGIL_TRANSITION_NARROW;
		else if (r->kind == SIGIL_RULE_ENTRYPOINT &&
			 !set_has(&into, r->l[0], false))
			ret = sigil_policy_reject(err,
						  policy->lines[r - policy->rules],
						  "entrypoint for '%s', but no transition rule leads to it",
						  r->l[0]->str);
	}
	kvfree(into.slot);
	kvfree(narrowed.slot);
	return ret;
}

/*
 * A create rule must give a label its subject may write: its own, or one
 * an allow rule gives w on, unless the subject is unconfined.  Else the
 * files it makes would be files it cannot write.
 */
static int verify_creates(const struct sigil_policy *policy,
			  struct sigil_policy_error *err)
{
	const struct sigil_rule *r, *end = policy->rules + policy->nused;
	const struct sigil_label *name;

	if (!policy->ncreate)
		return 0;
	for (r = policy->rules; r < end; r++) {
		if (r->kind != SIGIL_RULE_CREATE || r->l[0] == r->l[2] ||
		    sigil_policy_perms(policy, SIGIL_RULE_ALLOW, r->l[0],
				       r->l[2]) & SIGIL_PERM_WRITE ||
		    sigil_policy_find(policy, SIGIL_RULE_UNCONFINED, r->l[0],
				      NULL, NULL))
			continue;
		name = sigil_rule_name(policy, r);
		return sigil_policy_reject(err, policy->lines[r - policy->rules],
					   "'create %s %s %s%s%s' labels files that '%s' may not write: it needs 'allow %s %s w'",
					   r->l[0]->str, r->l[1]->str, r->l[2]->str,
					   name ? " " : "", name ? name->str : "",
					   r->l[0]->str, r->l[0]->str,
					   r->l[2]->str);
	}
	return 0;
}

/* Whether an assertion's label @want ("*" when NULL) matches @have. */
static bool never_matches(const struct sigil_label *want,
			  const struct sigil_label *have)
{
	return !want || want == have;
}

/*
 * Whether an unconfined label holds the rights of rules of @kind without
 * them, as enforce.c decides; the changes of label that it asks of every
 * label (transitions, dyntransitions) it does not.
 */
static bool unconfined_holds(const u8 kind)
{
	return kind == SIGIL_RULE_ALLOW || kind == SIGIL_RULE_PROCESS ||
	       kind == SIGIL_RULE_CAPABILITY || kind == SIGIL_RULE_POLICY ||
	       kind == SIGIL_RULE_SOCKET || kind == SIGIL_RULE_NET ||
	       kind == SIGIL_RULE_FSCREATE || kind == SIGIL_RULE_RELABEL;
}

/*
 * Whether rules of @kind give a task a right, whose refusal a permissive
 * label does not enforce; exec, create and entrypoint rules map labels,
 * and permissive and unconfined rules are matched as rules.
 */
static bool is_right(const u8 kind)
{
	return unconfined_holds(kind) || kind == SIGIL_RULE_TRANSITION ||
	       kind == SIGIL_RULE_DYNTRANSITION ||
	       kind == SIGIL_RULE_NNP_TRANSITION ||
	       kind == SIGIL_RULE_NOSUID_TRANSITION;
}

/**
 * sigil_never_broken - What of an assertion a rule gives
 *
 * @assertion: The assertion.
 * @rule: A rule.
 *
 * A rule of the assertion's kind for matching labels gives the rights it
 * shares with the assertion (a rule without rights, all of it); an exec
 * rule is an entrypoint rule for its target and its file.  An
 * unconfined rule for the label the assertion names as subject (not for
 * "*") gives every right an unconfined label holds without a rule; a
 * permissive rule for it, every right, since its refusals are not
 * enforced.
 *
 * Returns the rights of @assertion that @rule gives (1 for a rule without
 * rights), or 0.
 */
u64 sigil_never_broken(const struct sigil_rule *assertion,
		       const struct sigil_rule *rule)
{
	const struct sigil_rule *const a = assertion, *const r = rule;
	const unsigned int nl = sigil_rule_labels(a->kind);

	if (r->kind == SIGIL_RULE_UNCONFINED && a->kind != r->kind)
		return a->l[0] && a->l[0] == r->l[0] &&
		       unconfined_holds(a->kind) ? a->perms | 1 : 0;
	if (r->kind == SIGIL_RULE_PERMISSIVE && a->kind != r->kind)
		return a->l[0] && a->l[0] == r->l[0] &&
		       is_right(a->kind) ? a->perms | 1 : 0;
	/* exec FROM FILE TO is FROM's entrypoint TO FILE. */
	if (a->kind == SIGIL_RULE_ENTRYPOINT && r->kind == SIGIL_RULE_EXEC)
		return never_matches(a->l[0], r->l[2]) &&
		       never_matches(a->l[1], r->l[1]);
	if (r->kind != a->kind || !never_matches(a->l[0], r->l[0]) ||
	    (nl > 1 && !never_matches(a->l[1], r->l[1])) ||
	    (nl > 2 && !never_matches(a->l[2], r->l[2])))
		return 0;
	if (!sigil_rule_has_perms(a->kind))
		return 1;
	return r->perms & a->perms;
}

/*
 * Rejects the policy for the broken assertion @i, naming its first
 * breaking rule @first (@bits of it) and how many @more break it.
 */
static int reject_never(const struct sigil_policy *policy, unsigned int i,
			const struct sigil_rule *first, u64 bits,
			unsigned int more, struct sigil_policy_error *err)
{
	const struct sigil_rule *const a = &policy->nevers[i];
	const struct sigil_label *l[3];
	char *assertion, *rule;
	int ret;

	assertion = kmalloc(2 * SIGIL_RULE_TEXT_MAX, GFP_KERNEL);
	if (!assertion)
		return -ENOMEM;
	rule = assertion + SIGIL_RULE_TEXT_MAX;
	memcpy(l, a->l, sizeof(l));
	sigil_rule_format(assertion, SIGIL_RULE_TEXT_MAX, a->kind, l, a->perms);
	/* A rule of names by the forbidden name it gives; else whole. */
	if (sigil_rule_has_names(first->kind))
		bits &= -bits;
	else
		bits = first->perms;
	sigil_policy_rule_format(policy, first, bits, rule, SIGIL_RULE_TEXT_MAX);
	if (more)
		ret = sigil_policy_reject(err, policy->never_lines[i],
					  "'never %s' is broken by '%s' and %u more",
					  assertion, rule, more);
	else
		ret = sigil_policy_reject(err, policy->never_lines[i],
					  "'never %s' is broken by '%s'",
					  assertion, rule);
	kfree(assertion);
	return ret;
}

/* A change of label that a transition or dyntransition rule allows. */
struct change {
	const struct sigil_label *from;
	const struct sigil_rule *rule;
};

static int cmp_change(const void *x, const void *y)
{
	const struct sigil_label *const a = ((const struct change *)x)->from;
	const struct sigil_label *const b = ((const struct change *)y)->from;

	return a < b ? -1 : a > b;
}

/* The changes of @policy, by their first label, in *@n; NULL for none. */
static struct change *changes_of(const struct sigil_policy *policy,
				 unsigned int *n)
{
	const struct sigil_rule *r, *end = policy->rules + policy->nused;
	struct change *c;

	*n = 0;
	for (r = policy->rules; r < end; r++)
		*n += r->kind == SIGIL_RULE_TRANSITION ||
		      r->kind == SIGIL_RULE_DYNTRANSITION;
	c = kvmalloc_array(*n + 1, sizeof(*c), GFP_KERNEL);
	if (!c)
		return NULL;
	*n = 0;
	for (r = policy->rules; r < end; r++)
		if (r->kind == SIGIL_RULE_TRANSITION ||
		    r->kind == SIGIL_RULE_DYNTRANSITION)
			c[(*n)++] = (struct change){ r->l[0], r };
	sort(c, *n, sizeof(*c), cmp_change, NULL);
	return c;
}

/* The first of the @n sorted changes @c that starts from @from, or @n. */
static unsigned int first_change(const struct change *c, unsigned int n,
				 const struct sigil_label *from)
{
	unsigned int lo = 0, hi = n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (c[mid].from < from)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && c[lo].from == from ? lo : n;
}

/*
 * Whether the reach assertion @a is broken: breadth first over the @n
 * changes @c from its first label (from every label a change starts
 * from but the unconfined ones, for "*"), the first change that reaches
 * its second label (any, for "*") in *@by, and the length of that chain
 * in *@len.  Each label is queued once: O(@n log @n).
 */
static int reach_broken(const struct sigil_policy *policy,
			const struct sigil_rule *a, const struct change *c,
			unsigned int n, const struct sigil_rule **by,
			unsigned int *len)
{
	struct label { const struct sigil_label *l; unsigned int depth; } *q;
	const struct sigil_label *to;
	struct label_set seen = {};
	unsigned int head = 0, tail = 0, i;
	int ret;

	*by = NULL;
	q = kvmalloc_array(2 * n + 2, sizeof(*q), GFP_KERNEL);
	ret = q ? set_init(&seen, 2 * n + 2) : -ENOMEM;
	if (ret)
		goto out;
	if (a->l[0]) {
		set_has(&seen, a->l[0], true);
		q[tail++] = (struct label){ a->l[0], 0 };
	}
	for (i = 0; !a->l[0] && i < n; i++)
		if (!sigil_policy_has(policy, SIGIL_RULE_UNCONFINED, c[i].from,
				      NULL, NULL) &&
		    !set_has(&seen, c[i].from, true))
			q[tail++] = (struct label){ c[i].from, 0 };
	while (head < tail && !*by) {
		const struct label x = q[head++];

		for (i = first_change(c, n, x.l); i < n && c[i].from == x.l;
		     i++) {
			to = c[i].rule->l[1];
			if (!a->l[1] || to == a->l[1]) {
				*by = c[i].rule;
				*len = x.depth + 1;
				break;
			}
			if (!set_has(&seen, to, true))
				q[tail++] = (struct label){ to, x.depth + 1 };
		}
	}
out:
	kvfree(seen.slot);
	kvfree(q);
	return ret;
}

/* Checks the reach assertion @i of @policy against its @n changes @c. */
static int verify_reach(const struct sigil_policy *policy, unsigned int i,
			const struct change *c, unsigned int n,
			struct sigil_policy_error *err)
{
	const struct sigil_rule *const a = &policy->nevers[i];
	const struct sigil_label *l[3];
	const struct sigil_rule *by;
	char *assertion, *rule;
	unsigned int len;
	int ret;

	ret = reach_broken(policy, a, c, n, &by, &len);
	if (ret || !by)
		return ret;
	if (err->breaking)
		err->breaking(err, policy, a, policy->never_lines[i], by,
			      policy->lines[by - policy->rules]);
	assertion = kmalloc(2 * SIGIL_RULE_TEXT_MAX, GFP_KERNEL);
	if (!assertion)
		return -ENOMEM;
	rule = assertion + SIGIL_RULE_TEXT_MAX;
	memcpy(l, a->l, sizeof(l));
	sigil_rule_format(assertion, SIGIL_RULE_TEXT_MAX, a->kind, l, 0);
	memcpy(l, by->l, sizeof(l));
	sigil_rule_format(rule, SIGIL_RULE_TEXT_MAX, by->kind, l, 0);
	ret = sigil_policy_reject(err, policy->never_lines[i],
				  "'never %s' is broken by '%s', the last of a chain of %u",
				  assertion, rule, len);
	kfree(assertion);
	return ret;
}

/*
 * Every assertion must hold: no rule grants what it forbids.  The first
 * broken assertion rejects the policy, naming the first rule that breaks
 * it, in the order written, and how many more do; a broken reach
 * assertion, the last change of the shortest chain that breaks it.
 */
static int verify_nevers(const struct sigil_policy *policy,
			 struct sigil_policy_error *err)
{
	const struct sigil_rule *a, *r, *first;
	struct change *changes = NULL;
	unsigned int i, more, nchanges = 0;
	u64 bits, first_bits = 0;
	int ret = 0;

	for (i = 0; i < policy->nnevers && !ret; i++) {
		a = &policy->nevers[i];
		if (a->kind == SIGIL_RULE_REACH) {
			if (!changes)
				changes = changes_of(policy, &nchanges);
			ret = changes ? verify_reach(policy, i, changes,
						     nchanges, err) : -ENOMEM;
			continue;
		}
		first = NULL;
		more = 0;
		for (r = policy->rules; r < policy->rules + policy->nused; r++) {
			bits = sigil_never_broken(a, r);
			if (!bits)
				continue;
			if (err->breaking)
				err->breaking(err, policy, a,
					      policy->never_lines[i], r,
					      policy->lines[r - policy->rules]);
			if (first) {
				more++;
				continue;
			}
			first = r;
			first_bits = bits;
		}
		if (first)
			ret = reject_never(policy, i, first, first_bits, more,
					   err);
		cond_resched();
	}
	kvfree(changes);
	return ret;
}

/*
 * Of two port rules whose ranges share a port, the narrower wins; two of
 * the same width that overlap with different labels leave it unsaid, and
 * reject the policy, naming both.  The rules of a protocol sorted by
 * width, then start: two of one width overlap only if two neighbours do.
 */
static int verify_ports(const struct sigil_policy *policy,
			struct sigil_policy_error *err)
{
	const struct sigil_rule **rules, *a, *b;
	unsigned int proto, i, n, la, lb;
	char ra[24], rb[24];
	int ret = 0;

	for (proto = 0; proto < SIGIL_PROTOS && !ret; proto++) {
		rules = sigil_policy_port_rules(policy, proto, &n);
		if (n && !rules)
			return -ENOMEM;
		for (i = 1; i < n && !ret; i++) {
			a = rules[i - 1];
			b = rules[i];
			if (a->l[0] == b->l[0] ||
			    SIGIL_PORT_HI(a->perms) - SIGIL_PORT_LO(a->perms) !=
			    SIGIL_PORT_HI(b->perms) - SIGIL_PORT_LO(b->perms) ||
			    SIGIL_PORT_LO(b->perms) > SIGIL_PORT_HI(a->perms))
				continue;
			la = policy->lines[a - policy->rules];
			lb = policy->lines[b - policy->rules];
			if (la > lb) {
				swap(a, b);
				swap(la, lb);
			}
			sigil_perms_format(SIGIL_RULE_PORT, a->perms, ra,
					   sizeof(ra));
			sigil_perms_format(SIGIL_RULE_PORT, b->perms, rb,
					   sizeof(rb));
			ret = sigil_policy_reject(err, lb,
						  "port %s (line %u, '%s') and port %s ('%s') overlap with the same width: neither is more specific",
						  ra, la, a->l[0]->str, rb,
						  b->l[0]->str);
		}
		kvfree(rules);
	}
	return ret;
}

/**
 * sigil_verify_policy - Check a whole policy once every rule is read
 *
 * @policy: The policy; its transition rules are marked
 * %SIGIL_TRANSITION_NARROW where entrypoint rules name their target.
 * @err: Where to say what is wrong.
 *
 * Returns 0, -%EINVAL with @err filled in, or -%ENOMEM.
 */
int sigil_verify_policy(struct sigil_policy *policy,
			struct sigil_policy_error *err)
{
	int ret;

	ret = verify_entrypoints(policy, err);
	if (!ret)
		ret = verify_creates(policy, err);
	if (!ret)
		ret = verify_ports(policy, err);
	if (!ret)
		ret = verify_nevers(policy, err);
	return ret;
}
