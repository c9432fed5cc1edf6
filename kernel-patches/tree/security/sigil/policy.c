// SPDX-License-Identifier: GPL-2.0-only
/*
 * Sigil LSM - The rule table
 *
 * A policy's rules are kept in a hash table keyed on the rule kind and
 * the interned labels' addresses, so that a check costs the same with 10
 * rules or 100,000.  The table grows by doubling while the text is read
 * (parse.c), each rule with the line it was first written on; rules of
 * one kind for the same labels are merged (their rights or names or'ed),
 * and exec, create and genfs rules are found by their first two labels
 * alone.  This file also writes a rule as text, the one printer of the
 * policy node, the audit records and sigilctl.
 *
 * Compiled into the kernel and, over src/kshim/, into sigilctl.
 *
 * Copyright © 2026 The Sigil authors
 */

#include <linux/bitops.h>
#include <linux/capability.h>
#include <linux/err.h>
#include <linux/hash.h>
#include <linux/kernel.h>
#include <linux/log2.h>
#include <linux/slab.h>
#include <linux/socket.h>
#include <linux/sort.h>
#include <linux/sprintf.h>
#include <linux/string.h>
#ifdef __KERNEL__
#include <linux/timekeeping.h>
#endif

#include "grammar.h"
#include "label.h"
#include "policy.h"

/* Makes sure that a rule's perms field holds every name of every list. */
static_assert(ARRAY_SIZE(sigil_cap_names) <= 56);
static_assert(ARRAY_SIZE(sigil_family_names) <= 56);
static_assert(ARRAY_SIZE(sigil_newfiles_names) <= 56);
static_assert(ARRAY_SIZE(sigil_proto_names) == SIGIL_PROTOS);

#ifdef __KERNEL__
/*
 * Makes sure that the grammar names every capability and address family
 * of the kernel it is built into (sigilctl, built against the system's
 * headers, may be older).
 */
static_assert(ARRAY_SIZE(sigil_cap_names) == CAP_LAST_CAP + 1);
static_assert(ARRAY_SIZE(sigil_family_names) == AF_MAX);
#endif

/* The table's first size, in rules and buckets. */
#define FIRST_BITS 4

/**
 * sigil_rule_word - The keyword of a kind of rule
 *
 * @kind: The rule's kind.
 *
 * Returns the keyword ("allow", "transition", ...), or "?" for an
 * unknown kind.
 */
const char *sigil_rule_word(u8 kind)
{
	return kind < SIGIL_RULE_KINDS ? sigil_rule_syntax[kind].word : "?";
}

/**
 * sigil_rule_labels - The number of labels a kind of rule names
 *
 * @kind: The rule's kind.
 *
 * Returns 0 to 3.
 */
unsigned int sigil_rule_labels(u8 kind)
{
	return kind < SIGIL_RULE_KINDS ? sigil_rule_syntax[kind].nlabels : 0;
}

/**
 * sigil_rule_has_perms - Whether a kind of rule ends with a last field
 *
 * @kind: The rule's kind.
 *
 * Returns true for the rules that end with letters (allow, process,
 * policy) or a name (capability, socket, newfiles).
 */
bool sigil_rule_has_perms(u8 kind)
{
	return kind < SIGIL_RULE_KINDS &&
	       sigil_rule_syntax[kind].tail != SIGIL_TAIL_NONE;
}

/**
 * sigil_rule_has_names - Whether a kind of rule ends with a name
 *
 * @kind: The rule's kind.
 *
 * Returns true for capability, socket and newfiles rules, which hold one
 * name each as written and, merged, one bit per name.
 */
bool sigil_rule_has_names(u8 kind)
{
	return kind < SIGIL_RULE_KINDS &&
	       sigil_rule_syntax[kind].tail == SIGIL_TAIL_NAME;
}

/**
 * sigil_proto_name - The name of a port rule's protocol
 *
 * @proto: SIGIL_PROTO_*.
 *
 * Returns "tcp", "udp" or "sctp", or "?".
 */
const char *sigil_proto_name(unsigned int proto)
{
	return proto < SIGIL_PROTOS ? sigil_proto_names[proto] : "?";
}

/**
 * sigil_check_name - The name audit records give a check
 *
 * @kind: The kind of the rule that would allow it.
 *
 * Returns "file" for allow rules, the keyword for the other kinds a
 * query may ask about, and NULL for the rest.
 */
const char *sigil_check_name(u8 kind)
{
	return kind < SIGIL_RULE_KINDS ? sigil_rule_syntax[kind].check : NULL;
}

/**
 * sigil_perms_format - Write permission bits as a rule writes them
 *
 * @kind: The rule's kind.
 * @perms: The bits; for a rule that ends with a name, the name of the
 * lowest one set is written; for a port rule, its protocol and range
 * ("tcp 80", "udp 8000-8099").
 * @buf: Where to write them.
 * @size: Size of @buf.
 */
void sigil_perms_format(u8 kind, u64 perms, char *buf, size_t size)
{
	const char *letters;
	size_t i, n = 0;

	buf[0] = '\0';
	if (kind == SIGIL_RULE_PORT) {
		n = scnprintf(buf, size, "%s %u",
			      sigil_proto_name(SIGIL_PORT_PROTO(perms)),
			      SIGIL_PORT_LO(perms));
		if (SIGIL_PORT_HI(perms) != SIGIL_PORT_LO(perms))
			scnprintf(buf + n, size - n, "-%u", SIGIL_PORT_HI(perms));
		return;
	}
	if (!sigil_rule_has_perms(kind) || !perms)
		return;
	if (sigil_rule_syntax[kind].tail == SIGIL_TAIL_NAME) {
		i = __ffs64(perms);
		if (i < sigil_rule_syntax[kind].nnames &&
		    sigil_rule_syntax[kind].names[i])
			strscpy(buf, sigil_rule_syntax[kind].names[i], size);
		return;
	}
	letters = sigil_rule_syntax[kind].letters;
	for (i = 0; letters[i] && n + 1 < size; i++)
		if (perms & BIT_ULL(i))
			buf[n++] = letters[i];
	buf[n] = '\0';
}

/**
 * sigil_rule_format - Write a rule as a line of policy
 *
 * @buf: Where to write it, without a newline.
 * @size: Size of @buf; %SIGIL_RULE_TEXT_MAX holds any rule.
 * @kind: The rule's kind.
 * @l: Its labels, as many as the kind names; a NULL one is written "*".
 * @perms: Its rights, as sigil_perms_format() writes them.
 *
 * Returns the length written.
 */
size_t sigil_rule_format(char *buf, size_t size, u8 kind,
			 const struct sigil_label *const l[3], u64 perms)
{
	char last[32];
	unsigned int j;
	size_t n;

	n = scnprintf(buf, size, "%s", sigil_rule_word(kind));
	if (kind == SIGIL_RULE_PORT) {
		sigil_perms_format(kind, perms, last, sizeof(last));
		return n + scnprintf(buf + n, size - n, " %s %s", last,
				     l[0] ? l[0]->str : "*");
	}
	for (j = 0; j < sigil_rule_labels(kind); j++)
		n += scnprintf(buf + n, size - n, " %s", l[j] ? l[j]->str : "*");
	if (sigil_rule_has_perms(kind)) {
		sigil_perms_format(kind, perms, last, sizeof(last));
		n += scnprintf(buf + n, size - n, " %s", last);
	}
	return n;
}

/**
 * sigil_policy_reject - Say where and why a policy is rejected
 *
 * @err: Where to say it.
 * @line: The line at fault, or 0 for the whole.
 * @fmt: The reason, printf-style.
 *
 * Returns -%EINVAL.
 */
int sigil_policy_reject(struct sigil_policy_error *err, unsigned int line,
			const char *fmt, ...)
{
	va_list args;

	err->line = line;
	va_start(args, fmt);
	vsnprintf(err->reason, sizeof(err->reason), fmt, args);
	va_end(args);
	return -EINVAL;
}

static u32 rule_hash(u8 kind, const struct sigil_label *first,
		     const struct sigil_label *second,
		     const struct sigil_label *third, unsigned int bits)
{
	u64 key = (uintptr_t)first;

	/* A create rule's third key is its file name, NULL for none. */
	if (sigil_rule_is_mapping(kind) && kind != SIGIL_RULE_CREATE)
		third = NULL;

	key = key * 31 + (uintptr_t)second;
	key = key * 31 + (uintptr_t)third;
	return hash_64(key * 8 + kind, bits);
}

/**
 * sigil_rule_name - The file name a create rule names
 *
 * @policy: The rule's policy.
 * @rule: The rule.
 *
 * Returns the name, interned like a label; NULL for a rule of another
 * kind, or a create rule for every name.
 */
const struct sigil_label *sigil_rule_name(const struct sigil_policy *policy,
					  const struct sigil_rule *rule)
{
	if (rule->kind != SIGIL_RULE_CREATE || !rule->perms)
		return NULL;
	return policy->names[rule->perms - 1];
}

/* The third key of @rule in the table: a create rule's name, else l[2]. */
static const struct sigil_label *third_key(const struct sigil_policy *policy,
					   const struct sigil_rule *rule)
{
	if (rule->kind == SIGIL_RULE_CREATE)
		return sigil_rule_name(policy, rule);
	return rule->l[2];
}

/**
 * sigil_policy_rule_format - Write a rule of a policy as a line of policy
 *
 * @policy: The policy.
 * @rule: One of its rules, or of its assertions.
 * @perms: The rights to write, as sigil_rule_format() does.
 * @buf: Where to write it, without a newline.
 * @size: Size of @buf; %SIGIL_RULE_TEXT_MAX holds any rule.
 *
 * Writes a create rule's file name after its labels.
 *
 * Returns the length written.
 */
size_t sigil_policy_rule_format(const struct sigil_policy *policy,
				const struct sigil_rule *rule, u64 perms,
				char *buf, size_t size)
{
	const struct sigil_label *const l[3] = { rule->l[0], rule->l[1],
						 rule->l[2] };
	const struct sigil_label *const name = sigil_rule_name(policy, rule);
	size_t n;

	n = sigil_rule_format(buf, size, rule->kind, l, perms);
	if (name)
		n += scnprintf(buf + n, size - n, " %s", name->str);
	return n;
}

/**
 * sigil_policy_find - Find a rule of a policy
 *
 * @policy: The policy.
 * @kind: The rule's kind.
 * @first: Its first label.
 * @second: Its second label, or NULL.
 * @third: Its third label, or NULL; not compared for exec and genfs
 * rules, which the first two find.  For create rules, the file name the
 * rule names (interned), NULL for the rule for every name.
 *
 * Returns the rule, or NULL.
 */
struct sigil_rule *sigil_policy_find(const struct sigil_policy *policy,
				     u8 kind, const struct sigil_label *first,
				     const struct sigil_label *second,
				     const struct sigil_label *third)
{
	struct sigil_rule *rule;

	rule = policy->table[rule_hash(kind, first, second, third,
				       policy->hash_bits)];
	for (; rule; rule = rule->next) {
		if (rule->kind != kind || rule->l[0] != first ||
		    rule->l[1] != second)
			continue;
		if (kind == SIGIL_RULE_CREATE ?
		    sigil_rule_name(policy, rule) == third :
		    sigil_rule_is_mapping(kind) || rule->l[2] == third)
			return rule;
	}
	return NULL;
}

/**
 * sigil_policy_text_hash - The hash of a policy's text
 *
 * @text: The text.
 * @size: Its length.
 *
 * Returns its 64-bit FNV-1a hash, which sigilctl computes alike.
 */
u64 sigil_policy_text_hash(const char *text, size_t size)
{
	u64 h = 0xcbf29ce484222325ULL;
	size_t i;

	for (i = 0; i < size; i++) {
		h ^= (u8)text[i];
		h *= 0x100000001b3ULL;
	}
	return h;
}

/**
 * sigil_policy_start_use - Count the uses of a policy's rules from now
 *
 * @policy: A policy about to be installed.
 * @text: The text it was parsed from.
 * @size: Its length.
 *
 * Returns 0, or -%ENOMEM.
 */
int sigil_policy_start_use(struct sigil_policy *policy, const char *text,
			   size_t size)
{
	unsigned int i;

	for (i = 0; i < policy->nused; i++)
		if (policy->rules[i].kind == SIGIL_RULE_NEWFILES)
			policy->newfiles = &policy->rules[i];
	policy->text_hash = sigil_policy_text_hash(text, size);
#ifdef __KERNEL__
	policy->loaded = ktime_get_real_seconds();
	policy->loaded_boot = ktime_get_boottime_seconds();
#endif
	policy->use = kvcalloc(max(policy->nused, 1U), sizeof(*policy->use),
			       GFP_KERNEL_ACCOUNT);
	return policy->use ? 0 : -ENOMEM;
}

/**
 * sigil_policy_note_use - Count a use of a rule
 *
 * @policy: The rule's policy.
 * @rule: The rule, found by a check.
 *
 * Counts nothing before sigil_policy_start_use(): the parser's own
 * lookups are no use.  Without a lock or an atomic operation: two
 * checks at once may count one.  The checks call it (enforce.c), not
 * sigil_policy_find(), so that a query of the access node counts
 * nothing.
 */
void sigil_policy_note_use(const struct sigil_policy *policy,
			   const struct sigil_rule *rule)
{
#ifdef __KERNEL__
	struct sigil_rule_use *u;
	u32 now, count;

	if (!policy->use || !rule)
		return;
	u = &policy->use[rule - policy->rules];
	/* Racy on purpose: a count lost to a concurrent check is harmless. */
	count = data_race(READ_ONCE(u->count));
	if (count != U32_MAX)
		WRITE_ONCE(u->count, count + 1);
	now = ktime_get_boottime_seconds() - policy->loaded_boot + 1;
	/* Racy on purpose: any recent time will do. */
	if (data_race(READ_ONCE(u->last)) != now)
		WRITE_ONCE(u->last, now);
#else
	/* sigilctl's policies do not run. */
	(void)policy;
	(void)rule;
#endif
}

/**
 * sigil_rule_is_declaration - Whether a rule says rather than decides
 *
 * @rule: The rule.
 *
 * Returns true for the rules no check looks up, whose use is not counted:
 * attribute and member rules, "entrypoint TO *".
 */
bool sigil_rule_is_declaration(const struct sigil_rule *rule)
{
	return rule->kind == SIGIL_RULE_ATTRIBUTE ||
	       rule->kind == SIGIL_RULE_MEMBER ||
	       (rule->kind == SIGIL_RULE_ENTRYPOINT && !rule->l[1]);
}

/**
 * sigil_policy_target - The label an exec or create rule gives
 *
 * @policy: The policy.
 * @kind: %SIGIL_RULE_EXEC or %SIGIL_RULE_CREATE.
 * @first: The task's label.
 * @second: The executed file's label, or the new file's directory's.
 * @name: For a create rule, the new file's name, interned; NULL for the
 * rule for every name, which also answers when no rule names @name.
 *
 * For the checks: the rule found is counted as used.
 *
 * Returns the rule's third label, unreferenced: valid while @policy is;
 * NULL when no rule names the pair.
 */
struct sigil_label *sigil_policy_target(const struct sigil_policy *policy,
					u8 kind,
					const struct sigil_label *first,
					const struct sigil_label *second,
					const struct sigil_label *name)
{
	const struct sigil_rule *rule = NULL;

	if (name)
		rule = sigil_policy_find(policy, kind, first, second, name);
	if (!rule)
		rule = sigil_policy_find(policy, kind, first, second, NULL);
	if (!rule)
		return NULL;
	sigil_policy_note_use(policy, rule);
	return rule->l[2];
}

/* @label's attribute in @policy, whose attributes may be half indexed. */
static struct sigil_attr *attr_of(const struct sigil_policy *policy,
				  const struct sigil_label *label)
{
	const struct sigil_rule *r;

	if (!label)
		return NULL;
	r = sigil_policy_find(policy, SIGIL_RULE_ATTRIBUTE, label, NULL, NULL);
	return r ? &policy->attrs[r->perms] : NULL;
}

/**
 * sigil_policy_attr - The attribute a label names, if it is one
 *
 * @policy: The policy, its attributes indexed.
 * @label: The label.
 *
 * Returns the attribute, valid while @policy is; NULL when @label is no
 * attribute of @policy.
 */
const struct sigil_attr *sigil_policy_attr(const struct sigil_policy *policy,
					   const struct sigil_label *label)
{
	return policy->nattrs ? attr_of(policy, label) : NULL;
}

/**
 * sigil_policy_index_attrs - Gather each attribute's members
 *
 * @policy: The policy, its attribute and member rules read, no other.
 * @err: Where to say what is wrong.
 *
 * A member rule must name a declared attribute, and a label, not another
 * attribute; a built-in label is no attribute.
 *
 * Returns 0, -%EINVAL with @err filled in, or -%ENOMEM.
 */
int sigil_policy_index_attrs(struct sigil_policy *policy,
			     struct sigil_policy_error *err)
{
	struct sigil_label **next;
	unsigned int i, nmembers = 0;
	struct sigil_attr *a;
	struct sigil_rule *r;

	for (i = 0; i < policy->nused; i++) {
		r = &policy->rules[i];
		if (r->kind == SIGIL_RULE_MEMBER)
			nmembers++;
		if (r->kind != SIGIL_RULE_ATTRIBUTE)
			continue;
		if (!strcmp(r->l[0]->str, SIGIL_LABEL_KERNEL) ||
		    !strcmp(r->l[0]->str, SIGIL_LABEL_UNLABELED))
			return sigil_policy_reject(err, policy->lines[i],
						   "'%s' is a built-in label, not an attribute",
						   r->l[0]->str);
		r->perms = policy->nattrs++;
	}
	if (!policy->nattrs && !nmembers)
		return 0;
	policy->attrs = kvcalloc(policy->nattrs, sizeof(*policy->attrs),
				 GFP_KERNEL_ACCOUNT);
	policy->attr_members = kvcalloc(nmembers, sizeof(*next),
					GFP_KERNEL_ACCOUNT);
	if ((policy->nattrs && !policy->attrs) ||
	    (nmembers && !policy->attr_members))
		return -ENOMEM;
	/* Count each attribute's members, then give each its run. */
	for (i = 0; i < policy->nused; i++) {
		r = &policy->rules[i];
		if (r->kind == SIGIL_RULE_ATTRIBUTE)
			policy->attrs[r->perms].name = r->l[0];
		if (r->kind != SIGIL_RULE_MEMBER)
			continue;
		if (sigil_policy_find(policy, SIGIL_RULE_ATTRIBUTE, r->l[0],
				      NULL, NULL))
			return sigil_policy_reject(err, policy->lines[i],
						   "'%s' is an attribute: attributes do not nest",
						   r->l[0]->str);
		a = attr_of(policy, r->l[1]);
		if (!a)
			return sigil_policy_reject(err, policy->lines[i],
						   "unknown attribute '%s' (no 'attribute %s' line)",
						   r->l[1]->str, r->l[1]->str);
		a->n++;
	}
	next = policy->attr_members;
	for (i = 0; i < policy->nattrs; i++) {
		policy->attrs[i].members = next;
		next += policy->attrs[i].n;
		policy->attrs[i].n = 0;
	}
	for (i = 0; i < policy->nused; i++) {
		r = &policy->rules[i];
		if (r->kind != SIGIL_RULE_MEMBER)
			continue;
		a = attr_of(policy, r->l[1]);
		a->members[a->n++] = r->l[0];
	}
	return 0;
}

/**
 * sigil_policy_names - Whether a rule of a policy names a label
 *
 * @policy: The policy.
 * @label: The label.
 *
 * Looks at every rule, assertions apart: for a rare question (the
 * firewall's secmark objects, in secid.c).
 *
 * Returns true if some rule names @label as a label (a genfs rule's file
 * system type and path are not labels, nor is an attribute).
 */
bool sigil_policy_names(const struct sigil_policy *policy,
			const struct sigil_label *label)
{
	unsigned int i, j;

	for (i = 0; i < policy->nused; i++) {
		const struct sigil_rule *const r = &policy->rules[i];

		/* An attribute names no label, nor a file system's type. */
		if (r->kind == SIGIL_RULE_ATTRIBUTE ||
		    r->kind == SIGIL_RULE_FSLABELS)
			continue;
		for (j = r->kind == SIGIL_RULE_GENFS ? 2 : 0;
		     j < (r->kind == SIGIL_RULE_MEMBER ? 1 : ARRAY_SIZE(r->l));
		     j++)
			if (r->l[j] == label)
				return true;
	}
	return false;
}

/**
 * sigil_policy_has - Whether a policy has a rule
 *
 * @policy: The policy.
 * @kind: The rule's kind.
 * @first: Its first label.
 * @second: Its second label, or NULL.
 * @third: Its third label, or NULL.
 *
 * Returns true if the rule is there.
 */
bool sigil_policy_has(const struct sigil_policy *policy, u8 kind,
		      const struct sigil_label *first,
		      const struct sigil_label *second,
		      const struct sigil_label *third)
{
	return sigil_policy_find(policy, kind, first, second, third);
}

/**
 * sigil_policy_perms - The rights rules of a kind give a subject
 *
 * @policy: The policy.
 * @kind: %SIGIL_RULE_ALLOW, %SIGIL_RULE_PROCESS, %SIGIL_RULE_POLICY,
 * %SIGIL_RULE_CAPABILITY, %SIGIL_RULE_SOCKET or %SIGIL_RULE_TRANSITION
 * (SIGIL_TRANSITION_*).
 * @subject: The task's label.
 * @object: The file's or the other task's label, or the transition's
 * target; NULL for policy, capability and socket rules.
 *
 * Returns the permission bits, 0 when no rule matches.
 */
u64 sigil_policy_perms(const struct sigil_policy *policy, u8 kind,
		       const struct sigil_label *subject,
		       const struct sigil_label *object)
{
	const struct sigil_rule *rule;

	rule = sigil_policy_find(policy, kind, subject, object, NULL);
	return rule ? rule->perms : 0;
}

/* Whether @path is @prefix or below it, a component at a time. */
static bool path_under(const char *path, const struct sigil_label *prefix)
{
	if (prefix->len == 1)	/* "/" */
		return true;
	return !strncmp(path, prefix->str, prefix->len) &&
	       (path[prefix->len] == '\0' || path[prefix->len] == '/');
}

/**
 * sigil_policy_genfs - The label genfs rules give a file
 *
 * @policy: The policy.
 * @fstype: The name of the file's file system type.
 * @path: The file's path from the root of its file system.
 *
 * Returns the label of the rule for @fstype with the longest path that is
 * @path or one of its ancestors, unreferenced, or NULL if none matches.
 */
struct sigil_label *sigil_policy_genfs(const struct sigil_policy *policy,
				       const char *fstype, const char *path)
{
	const struct sigil_rule *r, *best = NULL;
	unsigned int i;

	for (i = 0; i < policy->ngenfs; i++) {
		r = policy->genfs[i];
		if (strcmp(r->l[0]->str, fstype) || !path_under(path, r->l[1]))
			continue;
		if (!best || r->l[1]->len > best->l[1]->len)
			best = r;
	}
	if (!best)
		return NULL;
	sigil_policy_note_use(policy, best);
	return best->l[2];
}

/**
 * sigil_policy_genfs_names - Whether genfs rules name a file system type
 *
 * @policy: The policy, or NULL.
 * @fstype: The name of the type.
 *
 * Returns true if some genfs rule of @policy is for @fstype.
 */
bool sigil_policy_genfs_names(const struct sigil_policy *policy,
			      const char *fstype)
{
	unsigned int i;

	for (i = 0; policy && i < policy->ngenfs; i++)
		if (!strcmp(policy->genfs[i]->l[0]->str, fstype))
			return true;
	return false;
}

/**
 * sigil_policy_port - The label port rules give a port
 *
 * @policy: The policy.
 * @proto: The protocol, SIGIL_PROTO_*.
 * @port: The port.
 *
 * The most specific rule wins: of the rules whose range holds @port, the
 * narrowest (sigil_policy_index() found it).  A binary search of the
 * protocol's runs: the cost grows with the logarithm of their number.
 *
 * Returns the rule's label, unreferenced, or NULL if no rule names @port.
 */
struct sigil_label *sigil_policy_port(const struct sigil_policy *policy,
				      unsigned int proto, u16 port)
{
	const struct sigil_ports *runs = policy->runs[proto];
	unsigned int lo = 0, hi = policy->nruns[proto], mid = 0;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (port > runs[mid].hi)
			lo = mid + 1;
		else if (port < runs[mid].lo)
			hi = mid;
		else
			break;
	}
	if (lo < hi) {
		sigil_policy_note_use(policy, runs[mid].rule);
		return runs[mid].rule->l[0];
	}
	return NULL;
}

/*
 * Chains every rule of @policy into @table, of 2^@bits empty buckets;
 * port rules, found by their ports, are not chained.
 */
static void chain(struct sigil_policy *policy, struct sigil_rule **table,
		  unsigned int bits)
{
	struct sigil_rule *rule;
	unsigned int i;
	u32 hash;

	for (i = 0; i < policy->nused; i++) {
		rule = &policy->rules[i];
		if (rule->kind == SIGIL_RULE_PORT)
			continue;
		hash = rule_hash(rule->kind, rule->l[0], rule->l[1],
				 third_key(policy, rule), bits);
		rule->next = table[hash];
		table[hash] = rule;
	}
	policy->table = table;
	policy->hash_bits = bits;
}

/*
 * Moves the rules and their lines to arrays of @room entries and chains
 * them in a new table of 2^@bits buckets.  All is allocated before
 * anything moves: on failure the policy is as it was.
 */
static int resize(struct sigil_policy *policy, unsigned int room,
		  unsigned int bits)
{
	struct sigil_rule **table;
	struct sigil_rule *rules;
	unsigned int *lines;

	rules = kvmalloc_array(room, sizeof(*rules), GFP_KERNEL_ACCOUNT);
	lines = kvmalloc_array(room, sizeof(*lines), GFP_KERNEL_ACCOUNT);
	table = kvcalloc(BIT(bits), sizeof(*table), GFP_KERNEL_ACCOUNT);
	if (!rules || !lines || !table) {
		kvfree(rules);
		kvfree(lines);
		kvfree(table);
		return -ENOMEM;
	}
	if (policy->nused) {
		memcpy(rules, policy->rules, policy->nused * sizeof(*rules));
		memcpy(lines, policy->lines, policy->nused * sizeof(*lines));
	}
	kvfree(policy->rules);
	kvfree(policy->lines);
	kvfree(policy->table);
	policy->rules = rules;
	policy->lines = lines;
	policy->room = room;
	chain(policy, table, bits);
	return 0;
}

/**
 * sigil_policy_alloc - Make an empty policy to add rules to
 *
 * Returns the policy, or NULL out of memory.
 */
struct sigil_policy *sigil_policy_alloc(void)
{
	struct sigil_policy *policy;

	policy = kzalloc(sizeof(*policy), GFP_KERNEL_ACCOUNT);
	if (policy && resize(policy, BIT(FIRST_BITS), FIRST_BITS)) {
		kfree(policy);
		policy = NULL;
	}
	return policy;
}

/**
 * sigil_policy_add - Add a rule to a policy
 *
 * @policy: The policy.
 * @kind: The rule's kind.
 * @l: Its labels, referenced: the references move into @policy, or are
 * dropped, whatever the result.
 * @perms: Its rights (SIGIL_TRANSITION_RULE for a transition); for a
 * create rule, 0, or the index of its name in @policy's names plus one
 * (sigil_policy_add_named()).
 * @line: The line it is written on.
 *
 * A rule of @kind for the same labels takes the new rights; a rule that
 * ends with a name counts once per name.  A port rule (one range) is
 * always a rule of its own.
 *
 * Returns 0, or -%ENOMEM.
 */
int sigil_policy_add(struct sigil_policy *policy, u8 kind,
		     struct sigil_label *l[3], u64 perms, unsigned int line)
{
	const struct sigil_label *const third = kind != SIGIL_RULE_CREATE ?
		l[2] : perms ? policy->names[perms - 1] : NULL;
	struct sigil_rule *rule;
	unsigned int i;
	u32 hash;

	rule = kind == SIGIL_RULE_PORT ? NULL :
		sigil_policy_find(policy, kind, l[0], l[1], third);
	if (rule) {
		if (sigil_rule_has_names(kind) && perms & ~rule->perms)
			policy->nrules++;
		/* A create rule's perms name its file name. */
		if (kind != SIGIL_RULE_CREATE)
			rule->perms |= perms;
		for (i = 0; i < 3; i++)
			sigil_label_put(l[i]);
		return 0;
	}
	/* Twice the room, and a bucket a rule. */
	if (policy->nused == policy->room &&
	    resize(policy, 2 * policy->room, policy->hash_bits + 1)) {
		for (i = 0; i < 3; i++)
			sigil_label_put(l[i]);
		return -ENOMEM;
	}
	policy->lines[policy->nused] = line;
	rule = &policy->rules[policy->nused++];
	memcpy(rule->l, l, sizeof(rule->l));
	rule->kind = kind;
	rule->perms = perms;
	rule->next = NULL;
	if (kind != SIGIL_RULE_PORT) {
		hash = rule_hash(kind, l[0], l[1], third, policy->hash_bits);
		rule->next = policy->table[hash];
		policy->table[hash] = rule;
	}
	policy->nrules++;
	policy->nports += kind == SIGIL_RULE_PORT;
	policy->nexec += kind == SIGIL_RULE_EXEC;
	policy->ncreate += kind == SIGIL_RULE_CREATE;
	policy->ngenfs += kind == SIGIL_RULE_GENFS;
	if (kind == SIGIL_RULE_NEWFILES)
		policy->newfiles_creator = perms & BIT(SIGIL_NEWFILES_CREATOR);
	return 0;
}

/**
 * sigil_policy_add_named - Add a create rule that names the new file
 *
 * @policy: The policy.
 * @l: Its labels, referenced: the references move into @policy, or are
 * dropped, whatever the result.
 * @name: The file name, interned and referenced, likewise.
 * @line: The line it is written on.
 *
 * Returns 0, or -%ENOMEM.
 */
int sigil_policy_add_named(struct sigil_policy *policy,
			   struct sigil_label *l[3], struct sigil_label *name,
			   unsigned int line)
{
	struct sigil_label **names;
	unsigned int i, room;

	if (sigil_policy_find(policy, SIGIL_RULE_CREATE, l[0], l[1], name))
		goto drop;
	if (policy->nnames == policy->name_room) {
		room = max(2 * policy->name_room, 4U);
		names = kvmalloc_array(room, sizeof(*names), GFP_KERNEL_ACCOUNT);
		if (!names) {
			sigil_label_put(name);
			for (i = 0; i < 3; i++)
				sigil_label_put(l[i]);
			return -ENOMEM;
		}
		if (policy->nnames)
			memcpy(names, policy->names,
			       policy->nnames * sizeof(*names));
		kvfree(policy->names);
		policy->names = names;
		policy->name_room = room;
	}
	policy->names[policy->nnames++] = name;
	return sigil_policy_add(policy, SIGIL_RULE_CREATE, l, policy->nnames,
				line);
drop:
	sigil_label_put(name);
	for (i = 0; i < 3; i++)
		sigil_label_put(l[i]);
	return 0;
}

/**
 * sigil_rule_text_put - Drop the labels of a parsed rule
 *
 * @rule: The rule.
 */
void sigil_rule_text_put(struct sigil_rule_text *rule)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(rule->l); i++) {
		sigil_label_put(rule->l[i]);
		rule->l[i] = NULL;
	}
	sigil_label_put(rule->name);
	rule->name = NULL;
}

/**
 * sigil_policy_add_never - Add an assertion to a policy
 *
 * @policy: The policy.
 * @rule: The assertion as parsed; its references move into @policy, or
 * are dropped, whatever the result.
 * @line: The line it is written on.
 *
 * Returns 0, or -%ENOMEM.
 */
int sigil_policy_add_never(struct sigil_policy *policy,
			   struct sigil_rule_text *rule, unsigned int line)
{
	struct sigil_rule *a, *nevers;
	unsigned int *lines, room;

	if (policy->nnevers == policy->never_room) {
		room = max(2 * policy->never_room, 4U);
		nevers = kvmalloc_array(room, sizeof(*nevers),
					GFP_KERNEL_ACCOUNT);
		lines = kvmalloc_array(room, sizeof(*lines), GFP_KERNEL_ACCOUNT);
		if (!nevers || !lines) {
			kvfree(nevers);
			kvfree(lines);
			sigil_rule_text_put(rule);
			return -ENOMEM;
		}
		if (policy->nnevers) {
			memcpy(nevers, policy->nevers,
			       policy->nnevers * sizeof(*nevers));
			memcpy(lines, policy->never_lines,
			       policy->nnevers * sizeof(*lines));
		}
		kvfree(policy->nevers);
		kvfree(policy->never_lines);
		policy->nevers = nevers;
		policy->never_lines = lines;
		policy->never_room = room;
	}
	a = &policy->nevers[policy->nnevers];
	memcpy(a->l, rule->l, sizeof(a->l));
	a->kind = rule->kind;
	a->perms = rule->perms;
	a->next = NULL;
	policy->never_lines[policy->nnevers++] = line;
	return 0;
}

/* Orders port rules by the width of their range, then by its start. */
static int cmp_width(const void *a, const void *b)
{
	const u64 pa = (*(const struct sigil_rule *const *)a)->perms;
	const u64 pb = (*(const struct sigil_rule *const *)b)->perms;
	const int wa = SIGIL_PORT_HI(pa) - SIGIL_PORT_LO(pa);
	const int wb = SIGIL_PORT_HI(pb) - SIGIL_PORT_LO(pb);

	if (wa != wb)
		return wa < wb ? -1 : 1;
	return (int)SIGIL_PORT_LO(pa) - (int)SIGIL_PORT_LO(pb);
}

/* The first port from @p on that no rule has claimed yet (@next). */
static u32 unclaimed(u32 *next, u32 p)
{
	u32 root = p, up;

	while (next[root] != root)
		root = next[root];
	while (next[p] != root) {
		up = next[p];
		next[p] = root;
		p = up;
	}
	return root;
}

/**
 * sigil_policy_port_rules - A protocol's port rules, narrowest first
 *
 * @policy: The policy.
 * @proto: The protocol, SIGIL_PROTO_*.
 * @n: Where to put their number.
 *
 * Returns an array of the rules (the caller frees it with kvfree()),
 * ordered by the width of their range, then by its start; NULL when
 * there are none (@n is 0) or out of memory.
 */
const struct sigil_rule **
sigil_policy_port_rules(const struct sigil_policy *policy, unsigned int proto,
			unsigned int *n)
{
	const struct sigil_rule **rules;
	unsigned int i;

	*n = 0;
	for (i = 0; i < policy->nused; i++)
		*n += policy->rules[i].kind == SIGIL_RULE_PORT &&
		      SIGIL_PORT_PROTO(policy->rules[i].perms) == proto;
	if (!*n)
		return NULL;
	rules = kvmalloc_array(*n, sizeof(*rules), GFP_KERNEL);
	if (!rules)
		return NULL;
	*n = 0;
	for (i = 0; i < policy->nused; i++)
		if (policy->rules[i].kind == SIGIL_RULE_PORT &&
		    SIGIL_PORT_PROTO(policy->rules[i].perms) == proto)
			rules[(*n)++] = &policy->rules[i];
	sort(rules, *n, sizeof(*rules), cmp_width, NULL);
	return rules;
}

/*
 * Cuts the ports of @proto into runs that one rule labels, the narrowest
 * rule of each port: the rules in order of width claim the ports no
 * narrower one has claimed, each port once (@next skips the claimed
 * ones), so that the work is linear in the rules and the ports.
 */
static int index_ports(struct sigil_policy *policy, unsigned int proto)
{
	const struct sigil_rule **rules, **owner = NULL;
	struct sigil_ports *runs;
	unsigned int i, n, nruns = 0;
	u32 *next = NULL, p;
	int ret = -ENOMEM;

	rules = sigil_policy_port_rules(policy, proto, &n);
	if (!n)
		return 0;
	if (!rules)
		return -ENOMEM;
	next = kvmalloc_array(U16_MAX + 2, sizeof(*next), GFP_KERNEL);
	owner = kvcalloc(U16_MAX + 1, sizeof(*owner), GFP_KERNEL);
	if (!next || !owner)
		goto out;
	for (p = 0; p <= U16_MAX + 1; p++)
		next[p] = p;
	for (i = 0; i < n; i++) {
		p = unclaimed(next, SIGIL_PORT_LO(rules[i]->perms));
		for (; p <= SIGIL_PORT_HI(rules[i]->perms);
		     p = unclaimed(next, p + 1)) {
			owner[p] = rules[i];
			next[p] = p + 1;
		}
	}
	for (p = 0; p <= U16_MAX; p++)
		nruns += owner[p] && (!p || owner[p - 1] != owner[p]);
	runs = kvcalloc(nruns, sizeof(*runs), GFP_KERNEL_ACCOUNT);
	if (!runs)
		goto out;
	nruns = 0;
	for (p = 0; p <= U16_MAX; p++) {
		if (!owner[p])
			continue;
		if (!p || owner[p - 1] != owner[p]) {
			runs[nruns].lo = p;
			runs[nruns++].rule = owner[p];
		}
		runs[nruns - 1].hi = p;
	}
	policy->runs[proto] = runs;
	policy->nruns[proto] = nruns;
	ret = 0;
out:
	kvfree(owner);
	kvfree(next);
	kvfree(rules);
	return ret;
}

/**
 * sigil_policy_index - Finish a policy once every rule is in
 *
 * @policy: The policy.
 *
 * Gives the rules the room they take (the table grew by doubling), lists
 * the genfs rules and cuts each protocol's ports into runs.
 *
 * Returns 0, or -%ENOMEM.
 */
int sigil_policy_index(struct sigil_policy *policy)
{
	unsigned int i, n = 0;
	int ret;

	/* The room the rules take; a bucket a rule, or fewer. */
	if (policy->room > policy->nused + policy->nused / 8) {
		ret = resize(policy, max(policy->nused, 1U),
			     max(FIRST_BITS, order_base_2(policy->nused)));
		if (ret)
			return ret;
	}
	policy->genfs = kvcalloc(max(policy->ngenfs, 1U),
				 sizeof(*policy->genfs), GFP_KERNEL_ACCOUNT);
	if (!policy->genfs)
		return -ENOMEM;
	for (i = 0; i < policy->nused; i++)
		if (policy->rules[i].kind == SIGIL_RULE_GENFS)
			policy->genfs[n++] = &policy->rules[i];
	for (i = 0; i < SIGIL_PROTOS; i++) {
		ret = index_ports(policy, i);
		if (ret)
			return ret;
	}
	return 0;
}

/**
 * sigil_policy_free - Free a policy no check can see any more
 *
 * @policy: The policy, or NULL.
 */
void sigil_policy_free(struct sigil_policy *policy)
{
	unsigned int i, j;

	if (!policy)
		return;
	for (i = 0; i < policy->nused; i++)
		for (j = 0; j < 3; j++)
			sigil_label_put(policy->rules[i].l[j]);
	for (i = 0; i < policy->nnevers; i++)
		for (j = 0; j < 3; j++)
			sigil_label_put(policy->nevers[i].l[j]);
	kvfree(policy->use);
	for (i = 0; i < policy->nnames; i++)
		sigil_label_put(policy->names[i]);
	kvfree(policy->names);
	for (i = 0; i < SIGIL_PROTOS; i++)
		kvfree(policy->runs[i]);
	kvfree(policy->attr_members);
	kvfree(policy->attrs);
	kvfree(policy->never_lines);
	kvfree(policy->nevers);
	kvfree(policy->genfs);
	kvfree(policy->lines);
	kvfree(policy->rules);
	kvfree(policy->table);
	kfree(policy);
}
