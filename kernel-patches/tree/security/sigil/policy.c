// SPDX-License-Identifier: GPL-2.0-only
/*
 * Sigil LSM - Policy
 *
 * A policy is text, one rule a line (the keywords, the number of labels
 * and the permission letters are the table of grammar.h):
 *
 *   allow SUBJECT OBJECT PERMS    PERMS: one or more of r w x a c, once each
 *   transition FROM TO
 *   entrypoint TO FILELABEL
 *   dyntransition FROM TO
 *   fscreate SUBJECT LABEL
 *   relabel SUBJECT FROM TO
 *   unconfined LABEL
 *   process SUBJECT OBJECT PERMS  PERMS: one or more of r t s m
 *   capability SUBJECT NAME       NAME: as in capabilities(7), lower case
 *   policy SUBJECT PERMS          PERMS: one or more of l e r
 *   nnptransition FROM TO
 *   nosuidtransition FROM TO
 *   genfs FSTYPE PATH LABEL       labels inodes without security.sigil
 *   socket SUBJECT FAMILY         FAMILY: as in address_families(7)
 *   exec FROM FILELABEL TO        the label an execve takes by itself
 *   create SUBJECT DIRLABEL LABEL the label of a new file in a directory
 *   newfiles parent|creator       where other new files take theirs from
 *   permissive LABEL              LABEL's denials logged, not enforced
 *   never RULE                    an assertion: the policy must not grant
 *                                 RULE (allow, process, capability,
 *                                 policy, socket or transition; a label
 *                                 may be "*")
 *
 * Fields are separated by spaces or tabs; '#' starts a comment that runs
 * to the end of the line; blank lines are ignored.  Any error rejects the
 * whole text.  Rules are kept in a hash table keyed on the rule kind and
 * the interned labels' addresses, so that a check costs the same with 10
 * rules or 100,000.  The tables are sized from the rules counted in a
 * first pass, so that blank lines and comments cost no memory, and at
 * most %SIGIL_POLICY_MAX_RULES rules are accepted.
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
#include <linux/string.h>
#include <linux/workqueue.h>

#include "grammar.h"
#include "label.h"
#include "policy.h"

/*
 * Makes sure that grammar.h names every capability and address family
 * this kernel has.
 */
static_assert(ARRAY_SIZE(sigil_cap_names) == CAP_LAST_CAP + 1);
static_assert(ARRAY_SIZE(sigil_family_names) == AF_MAX);

/* The bit of the name @str of a rule of kind @kind, or -EINVAL. */
static int name_parse(u8 kind, const char *str, size_t len)
{
	const struct sigil_rule_syntax *const syn = &sigil_rule_syntax[kind];
	unsigned int i;

	for (i = 0; i < syn->nnames; i++)
		if (syn->names[i] && strlen(syn->names[i]) == len &&
		    !memcmp(syn->names[i], str, len))
			return i;
	return -EINVAL;
}

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
 * sigil_rule_has_perms - Whether a kind of rule ends with a permission field
 *
 * @kind: The rule's kind.
 *
 * Returns true for allow, process, capability and policy rules.
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
 * Returns true for capability and socket rules, which hold one name each
 * as written and several bits once merged.
 */
bool sigil_rule_has_names(u8 kind)
{
	return kind < SIGIL_RULE_KINDS &&
	       sigil_rule_syntax[kind].tail == SIGIL_TAIL_NAME;
}

/**
 * sigil_perms_parse - Parse the last field of a rule or query
 *
 * @kind: The rule's kind: allow, process, policy, capability or socket.
 * @str: The field.
 * @len: Its length.
 *
 * Returns the permission bits (one bit, the name's, for a capability or
 * socket rule), or -%EINVAL for an empty field, an unknown letter or a
 * repeated one, or an unknown name.
 */
s64 sigil_perms_parse(u8 kind, const char *str, size_t len)
{
	const char *letters, *p;
	u64 perms = 0;
	size_t i;
	int bit;

	if (!sigil_rule_has_perms(kind) || !len)
		return -EINVAL;
	if (sigil_rule_syntax[kind].tail == SIGIL_TAIL_NAME) {
		bit = name_parse(kind, str, len);
		return bit < 0 ? bit : (s64)BIT_ULL(bit);
	}
	letters = sigil_rule_syntax[kind].letters;
	for (i = 0; i < len; i++) {
		p = memchr(letters, str[i], strlen(letters));
		if (!p || perms & BIT_ULL(p - letters))
			return -EINVAL;
		perms |= BIT_ULL(p - letters);
	}
	return perms;
}

/**
 * sigil_perms_format - Write permission bits as a rule writes them
 *
 * @kind: The rule's kind: allow, process, policy, capability or socket.
 * @perms: The bits; for a capability or socket rule, the name of the
 * lowest one set is written.
 * @buf: Where to write them.
 * @size: Size of @buf.
 */
void sigil_perms_format(u8 kind, u64 perms, char *buf, size_t size)
{
	const char *letters;
	size_t i, n = 0;

	buf[0] = '\0';
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

/*
 * Exec and create rules map their first two labels to a third: one rule
 * for a pair, found by the pair alone.
 */
static bool is_mapping(u8 kind)
{
	return kind == SIGIL_RULE_EXEC || kind == SIGIL_RULE_CREATE;
}

static u32 rule_hash(u8 kind, const struct sigil_label *first,
		     const struct sigil_label *second,
		     const struct sigil_label *third, unsigned int bits)
{
	u64 key = (uintptr_t)first;

	if (is_mapping(kind))
		third = NULL;

	key = key * 31 + (uintptr_t)second;
	key = key * 31 + (uintptr_t)third;
	return hash_64(key * 8 + kind, bits);
}

static struct sigil_rule *find(const struct sigil_policy *policy, u8 kind,
			       const struct sigil_label *first,
			       const struct sigil_label *second,
			       const struct sigil_label *third)
{
	struct sigil_rule *rule;

	rule = policy->table[rule_hash(kind, first, second, third,
				       policy->hash_bits)];
	for (; rule; rule = rule->next)
		if (rule->kind == kind && rule->l[0] == first &&
		    rule->l[1] == second &&
		    (is_mapping(kind) || rule->l[2] == third))
			return rule;
	return NULL;
}

/**
 * sigil_policy_target - The label an exec or create rule gives
 *
 * @policy: The policy.
 * @kind: %SIGIL_RULE_EXEC or %SIGIL_RULE_CREATE.
 * @first: The task's label.
 * @second: The executed file's label, or the new file's directory's.
 *
 * Returns the rule's third label, unreferenced: valid while @policy is;
 * NULL when no rule names the pair.
 */
struct sigil_label *sigil_policy_target(const struct sigil_policy *policy,
					u8 kind,
					const struct sigil_label *first,
					const struct sigil_label *second)
{
	const struct sigil_rule *rule = find(policy, kind, first, second, NULL);

	return rule ? rule->l[2] : NULL;
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
	return find(policy, kind, first, second, third);
}

/**
 * sigil_policy_perms - The rights rules of a kind give a subject
 *
 * @policy: The policy.
 * @kind: %SIGIL_RULE_ALLOW, %SIGIL_RULE_PROCESS, %SIGIL_RULE_POLICY or
 * %SIGIL_RULE_CAPABILITY.
 * @subject: The task's label.
 * @object: The file's or the other task's label; NULL for policy and
 * capability rules.
 *
 * Returns the permission bits, 0 when no rule matches.
 */
u64 sigil_policy_perms(const struct sigil_policy *policy, u8 kind,
		       const struct sigil_label *subject,
		       const struct sigil_label *object)
{
	const struct sigil_rule *rule;

	rule = find(policy, kind, subject, object, NULL);
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
	return best ? best->l[2] : NULL;
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

/* Adds a rule, merging allow rules for one pair; consumes the labels. */
static void add_rule(struct sigil_policy *policy, u8 kind,
		     struct sigil_label *l[3], u64 perms)
{
	struct sigil_rule *rule;
	u32 hash;
	int i;

	rule = find(policy, kind, l[0], l[1], l[2]);
	if (rule) {
		/* One name a rule: each new one counts. */
		if (sigil_rule_syntax[kind].tail == SIGIL_TAIL_NAME &&
		    perms & ~rule->perms)
			policy->nrules++;
		rule->perms |= perms;
		for (i = 0; i < 3; i++)
			sigil_label_put(l[i]);
		return;
	}
	rule = &policy->rules[policy->nused++];
	memcpy(rule->l, l, sizeof(rule->l));
	rule->kind = kind;
	rule->perms = perms;
	hash = rule_hash(kind, l[0], l[1], l[2], policy->hash_bits);
	rule->next = policy->table[hash];
	policy->table[hash] = rule;
	policy->nrules++;
	policy->nexec += kind == SIGIL_RULE_EXEC;
	policy->ncreate += kind == SIGIL_RULE_CREATE;
	if (kind == SIGIL_RULE_NEWFILES)
		policy->newfiles_creator = perms & BIT(SIGIL_NEWFILES_CREATOR);
}

static __printf(3, 4) int reject(struct sigil_policy_error *err,
				 unsigned int line, const char *fmt, ...)
{
	va_list args;

	err->line = line;
	va_start(args, fmt);
	vsnprintf(err->reason, sizeof(err->reason), fmt, args);
	va_end(args);
	return -EINVAL;
}

#define MAX_FIELDS 5
#define SHOWN_MAX 32

/*
 * Writes at most @max bytes of @str for a reason: printable ASCII as
 * itself, a backslash, a quote and any other byte as \xHH, then "..."
 * when @len is longer.  sigilctl check escapes the same way.
 */
static void escape(char *out, size_t room, const char *str, size_t len,
		   size_t max)
{
	size_t i, n = 0;
	u8 c;

	out[0] = '\0';
	for (i = 0; i < len && i < max && n < room; i++) {
		c = str[i];
		if (c >= 0x21 && c <= 0x7e && c != '\\' && c != '\'')
			n += scnprintf(out + n, room - n, "%c", c);
		else
			n += scnprintf(out + n, room - n, "\\x%02x", c);
	}
	if (len > max)
		scnprintf(out + n, room - n, "...");
}

/* Says why the permission field @str of a rule of kind @k is invalid. */
static int reject_perms(struct sigil_policy_error *err, unsigned int n, u8 k,
			const char *str, size_t len)
{
	char shown[SHOWN_MAX * 4 + 4], list[16];
	const char *l;
	size_t i = 0;

	if (sigil_rule_syntax[k].tail == SIGIL_TAIL_NAME) {
		escape(shown, sizeof(shown), str, len, SHOWN_MAX);
		return reject(err, n, "unknown %s '%s' (%s)",
			      sigil_rule_syntax[k].name_is, shown,
			      sigil_rule_syntax[k].names_are);
	}
	escape(shown, sizeof(shown), str, len, 16);
	/* "r, w, x, a, c" */
	for (l = sigil_rule_syntax[k].letters; *l && i + 4 < sizeof(list); l++)
		i += scnprintf(list + i, sizeof(list) - i, "%s%c",
			       l == sigil_rule_syntax[k].letters ? "" : ", ", *l);
	return reject(err, n,
		      "invalid permissions '%s' (one or more of %s, once each)",
		      shown, list);
}

/* Says why the label field @str of @len bytes is invalid. */
static int reject_label(struct sigil_policy_error *err, unsigned int n,
			const char *str, size_t len)
{
	char shown[SHOWN_MAX * 4 + 4];
	size_t i;

	escape(shown, sizeof(shown), str, len, SHOWN_MAX);
	if (len > SIGIL_LABEL_MAX)
		return reject(err, n, "invalid label '%s' (%zu bytes, more than %d)",
			      shown, len, SIGIL_LABEL_MAX);
	for (i = 0; i < len; i++)
		if ((u8)str[i] < 0x21 || (u8)str[i] > 0x7e)
			break;
	return reject(err, n,
		      "invalid label '%s' (byte \\x%02x is not printable ASCII)",
		      shown, i < len ? (u8)str[i] : 0);
}

/*
 * Adds the genfs rule FSTYPE PATH LABEL in @l, whose fields are already
 * valid labels: PATH must be absolute, without an empty component or a
 * trailing slash, and one PATH of one type gets one label.  Consumes @l.
 */
static int add_genfs(struct sigil_policy *policy, struct sigil_label *l[3],
		     unsigned int n, struct sigil_policy_error *err)
{
	const struct sigil_label *path = l[1];
	const struct sigil_rule *r;
	unsigned int i;
	int ret = 0;

	if (path->str[0] != '/' || strstr(path->str, "//") ||
	    (path->len > 1 && path->str[path->len - 1] == '/'))
		ret = reject(err, n,
			     "invalid genfs path '%s' (absolute, without '//' or a trailing '/')",
			     path->str);
	for (i = 0; !ret && i < policy->ngenfs; i++) {
		r = policy->genfs[i];
		if (r->l[0] == l[0] && r->l[1] == l[1] && r->l[2] != l[2])
			ret = reject(err, n,
				     "genfs %s %s labelled both '%s' and '%s'",
				     l[0]->str, path->str, r->l[2]->str,
				     l[2]->str);
	}
	if (ret) {
		for (i = 0; i < 3; i++)
			sigil_label_put(l[i]);
		return ret;
	}
	if (!find(policy, SIGIL_RULE_GENFS, l[0], l[1], l[2]))
		policy->genfs[policy->ngenfs++] = &policy->rules[policy->nused];
	add_rule(policy, SIGIL_RULE_GENFS, l, 0);
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
}

/* Whether a query may ask about rules of @kind. */
static bool askable(u8 kind)
{
	return kind != SIGIL_RULE_ENTRYPOINT && kind != SIGIL_RULE_UNCONFINED &&
	       kind != SIGIL_RULE_GENFS && kind != SIGIL_RULE_EXEC &&
	       kind != SIGIL_RULE_CREATE && kind != SIGIL_RULE_NEWFILES &&
	       kind != SIGIL_RULE_PERMISSIVE;
}

/**
 * sigil_rule_parse - Parse one line of a policy, or one query
 *
 * @line: The line, without its newline.
 * @len: Its length.
 * @flags: 0 for a rule; %SIGIL_PARSE_QUERY for a query to the access
 * node, written as the rule that would allow it, where "allow" may be
 * left out, a transition may name the executed file's label third, and
 * entrypoint, unconfined and genfs rules cannot be asked about.
 * @rule: Where to put what the line says.
 * @n: The line's number, for @err.
 * @err: Where to say what is wrong.
 *
 * Fields are separated by spaces or tabs; '#' starts a comment that runs
 * to the end of the line.
 *
 * Returns 1 with @rule filled in (the caller drops it with
 * sigil_rule_text_put()), 0 for a blank line or a comment, -%EINVAL with
 * @err filled in, or -%ENOMEM.
 */
int sigil_rule_parse(const char *line, size_t len, unsigned int flags,
		     struct sigil_rule_text *rule, unsigned int n,
		     struct sigil_policy_error *err)
{
	const bool query = flags & SIGIL_PARSE_QUERY;
	char shown[SHOWN_MAX * 4 + 4];
	const char *field[MAX_FIELDS];
	size_t flen[MAX_FIELDS], i = 0;
	unsigned int nf = 0, first = 1, nl, k, j;
	bool has_perms;
	s64 perms = 0;

	memset(rule, 0, sizeof(*rule));
	/* Splits into fields, up to a comment. */
	while (i < len) {
		while (i < len && (line[i] == ' ' || line[i] == '\t'))
			i++;
		if (i == len || line[i] == '#')
			break;
		if (nf == MAX_FIELDS)
			return reject(err, n, "too many fields");
		field[nf] = line + i;
		while (i < len && line[i] != ' ' && line[i] != '\t')
			i++;
		flen[nf] = line + i - field[nf];
		nf++;
	}
	if (!nf)
		return 0;

	/* An assertion: "never", then a rule of a kind it may name. */
	if (!query && flen[0] == strlen(SIGIL_NEVER_WORD) &&
	    !memcmp(field[0], SIGIL_NEVER_WORD, flen[0])) {
		if (nf == 1)
			return reject(err, n, "'never' needs a rule after it");
		rule->never = true;
		first = 2;
	}
	for (k = 0; k < ARRAY_SIZE(sigil_rule_syntax); k++)
		if (strlen(sigil_rule_syntax[k].word) == flen[first - 1] &&
		    !memcmp(sigil_rule_syntax[k].word, field[first - 1],
			    flen[first - 1]))
			break;
	if (rule->never && (k == ARRAY_SIZE(sigil_rule_syntax) ||
			    !sigil_never_kind(k))) {
		escape(shown, sizeof(shown), field[1], flen[1], SHOWN_MAX);
		return reject(err, n,
			      "'never' takes allow, process, capability, policy, socket or transition, not '%s'",
			      shown);
	}
	if (k == ARRAY_SIZE(sigil_rule_syntax) && query) {
		k = SIGIL_RULE_ALLOW;
		first = 0;
	}
	if (k == ARRAY_SIZE(sigil_rule_syntax) || (query && !askable(k))) {
		escape(shown, sizeof(shown), field[0], flen[0], SHOWN_MAX);
		return reject(err, n, "unknown %s '%s'", query ? "query" : "rule",
			      shown);
	}
	has_perms = sigil_rule_syntax[k].tail != SIGIL_TAIL_NONE;
	nl = nf - first - has_perms;
	if (nf < first + has_perms ||
	    (nl != sigil_rule_syntax[k].nlabels &&
	     !(query && k == SIGIL_RULE_TRANSITION && nl == 3)))
		return reject(err, n, "'%s' takes %u fields, not %u", sigil_rule_syntax[k].word,
			      sigil_rule_syntax[k].nlabels + has_perms, nf - first);
	rule->never = first == 2;
	if (has_perms) {
		perms = sigil_perms_parse(k, field[nf - 1], flen[nf - 1]);
		if (perms < 0)
			return reject_perms(err, n, k, field[nf - 1], flen[nf - 1]);
	}
	rule->kind = k;
	rule->nlabels = nl;
	rule->perms = perms;
	for (j = 0; j < nl; j++) {
		const char *const f = field[first + j];
		const size_t fl = flen[first + j];
		struct sigil_label *label;

		if (rule->never && fl == 1 && *f == *SIGIL_NEVER_ANY)
			continue;
		if (sigil_label_parse(f, fl) != fl) {
			sigil_rule_text_put(rule);
			return reject_label(err, n, f, fl);
		}
		label = sigil_label_intern(f, fl, GFP_KERNEL);
		if (IS_ERR(label)) {
			sigil_rule_text_put(rule);
			return PTR_ERR(label);
		}
		rule->l[j] = label;
	}
	return 1;
}

/*
 * An exec or create rule for a pair that a rule already maps elsewhere,
 * or a newfiles rule that says otherwise than one before: the policy
 * would not say which.  The same rule twice is harmless.
 */
static int check_unique(const struct sigil_policy *policy,
			const struct sigil_rule_text *rule, unsigned int n,
			struct sigil_policy_error *err)
{
	const struct sigil_rule *old;
	char was[16], now[16];

	if (!is_mapping(rule->kind) && rule->kind != SIGIL_RULE_NEWFILES)
		return 0;
	old = find(policy, rule->kind, rule->l[0], rule->l[1], NULL);
	if (!old)
		return 0;
	if (rule->kind == SIGIL_RULE_NEWFILES) {
		if (old->perms == rule->perms)
			return 0;
		sigil_perms_format(rule->kind, old->perms, was, sizeof(was));
		sigil_perms_format(rule->kind, rule->perms, now, sizeof(now));
		return reject(err, n, "a second newfiles rule: '%s' before, '%s' here",
			      was, now);
	}
	if (old->l[2] == rule->l[2])
		return 0;
	return reject(err, n, "a second %s rule for '%s' '%s': '%s' before, '%s' here",
		      sigil_rule_word(rule->kind), rule->l[0]->str,
		      rule->l[1]->str, old->l[2]->str, rule->l[2]->str);
}

/* Parses one line into @policy; returns 0 or -EINVAL (or -ENOMEM). */
static int parse_line(struct sigil_policy *policy, const char *line,
		      size_t len, unsigned int n, struct sigil_policy_error *err)
{
	struct sigil_rule_text rule;
	int ret;

	ret = sigil_rule_parse(line, len, 0, &rule, n, err);
	if (ret <= 0)
		return ret;
	if (rule.never) {
		struct sigil_rule *const a = &policy->nevers[policy->nnevers];

		/* The assertion's references move into the policy. */
		memcpy(a->l, rule.l, sizeof(a->l));
		a->kind = rule.kind;
		a->perms = rule.perms;
		policy->never_lines[policy->nnevers++] = n;
		return 0;
	}
	ret = check_unique(policy, &rule, n, err);
	if (ret) {
		sigil_rule_text_put(&rule);
		return ret;
	}
	/* The rule's references move into the policy. */
	if (rule.kind == SIGIL_RULE_GENFS)
		return add_genfs(policy, rule.l, n, err);
	if (rule.kind == SIGIL_RULE_TRANSITION)
		rule.perms = SIGIL_TRANSITION_RULE;
	add_rule(policy, rule.kind, rule.l, rule.perms);
	return 0;
}

/* The line holding byte @pos of @text, from 1. */
static unsigned int count_lines(const char *text, size_t pos)
{
	unsigned int lines = 1;
	size_t i;

	for (i = 0; i < pos; i++)
		if (text[i] == '\n')
			lines++;
	return lines;
}

enum { LINE_EMPTY, LINE_RULE, LINE_ENTRYPOINT, LINE_GENFS, LINE_NEVER };

/* Whether the line @line of @len bytes from @i starts with the word @w. */
static bool starts_with(const char *line, size_t i, size_t len, const char *w)
{
	const size_t wl = strlen(w);

	return len - i > wl && !memcmp(line + i, w, wl) &&
	       (line[i + wl] == ' ' || line[i + wl] == '\t');
}

/* What the line @line of @len bytes holds, for sizing the tables. */
static int line_kind(const char *line, size_t len)
{
	size_t i = 0;

	while (i < len && (line[i] == ' ' || line[i] == '\t'))
		i++;
	if (i == len || line[i] == '#')
		return LINE_EMPTY;
	if (starts_with(line, i, len, "entrypoint"))
		return LINE_ENTRYPOINT;
	if (starts_with(line, i, len, "genfs"))
		return LINE_GENFS;
	if (starts_with(line, i, len, SIGIL_NEVER_WORD))
		return LINE_NEVER;
	return LINE_RULE;
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

/* Skips spaces and tabs from @p, not past @end. */
static const char *skip_blanks(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	return p;
}

/* Whether the field at @p (up to @end) is @str. */
static bool field_is(const char *p, const char *end, const char *str,
		     size_t len)
{
	return (size_t)(end - p) >= len && !memcmp(p, str, len) &&
	       ((size_t)(end - p) == len || p[len] == ' ' || p[len] == '\t');
}

/*
 * The line of the first rule "@word @label ..." in @text, from 1, or 0:
 * for an error found once every rule is read.
 */
static unsigned int line_of_rule(const char *text, size_t size,
				 const char *word,
				 const struct sigil_label *label)
{
	const char *p = text, *end = text + size, *eol;
	unsigned int n = 0;

	for (; p < end; p = eol + 1) {
		eol = memchr(p, '\n', end - p);
		if (!eol)
			eol = end;
		n++;
		p = skip_blanks(p, eol);
		if (!field_is(p, eol, word, strlen(word)))
			continue;
		p = skip_blanks(p + strlen(word), eol);
		if (field_is(p, eol, label->str, label->len))
			return n;
	}
	return 0;
}

/*
 * Every entrypoint must narrow a transition that some rule allows; each
 * transition rule into a label that entrypoint rules name is marked
 * SIGIL_TRANSITION_NARROW, so that an exec asks no more.  In linear time:
 * two sets of labels, gone after the load.
 */
static int check_entrypoints(struct sigil_policy *policy, unsigned long n,
			     const char *text, size_t size,
			     struct sigil_policy_error *err)
{
	struct label_set into = {}, narrowed = {};
	struct sigil_rule *r, *end = policy->rules + policy->nused;
	int ret;

	if (!n)
		return 0;
	ret = set_init(&into, policy->nused);
	if (!ret)
		ret = set_init(&narrowed, n);
	for (r = policy->rules; !ret && r < end; r++) {
		if (r->kind == SIGIL_RULE_TRANSITION)
			set_has(&into, r->l[1], true);
		else if (r->kind == SIGIL_RULE_ENTRYPOINT)
			set_has(&narrowed, r->l[0], true);
	}
	for (r = policy->rules; !ret && r < end; r++) {
		if (r->kind == SIGIL_RULE_TRANSITION &&
		    set_has(&narrowed, r->l[1], false))
			r->perms |= SIGIL_TRANSITION_NARROW;
		else if (r->kind == SIGIL_RULE_ENTRYPOINT &&
			 !set_has(&into, r->l[0], false))
			ret = reject(err, line_of_rule(text, size, "entrypoint",
						       r->l[0]),
				     "entrypoint for '%s', but no transition rule leads to it",
				     r->l[0]->str);
	}
	kvfree(into.slot);
	kvfree(narrowed.slot);
	return ret;
}

/* Whether an assertion's label @want ("*" when NULL) matches @have. */
static bool never_matches(const struct sigil_label *want,
			  const struct sigil_label *have)
{
	return !want || want == have;
}

/*
 * The rights of @r that the assertion @a forbids, or 0: a rule of its
 * kind for matching labels that gives some of its rights, or an
 * unconfined rule for the label it names as subject (not for "*").
 */
static u64 never_broken(const struct sigil_rule *a, const struct sigil_rule *r)
{
	const unsigned int nl = sigil_rule_syntax[a->kind].nlabels;

	if (r->kind == SIGIL_RULE_UNCONFINED)
		return a->l[0] && a->l[0] == r->l[0] &&
		       a->kind != SIGIL_RULE_TRANSITION ? a->perms | 1 : 0;
	if (r->kind != a->kind || !never_matches(a->l[0], r->l[0]) ||
	    (nl > 1 && !never_matches(a->l[1], r->l[1])))
		return 0;
	if (a->kind == SIGIL_RULE_TRANSITION)
		return 1;
	return r->perms & a->perms;
}

/* Writes @r, or the rights @bits of it, as a line of policy. */
static void format_rule(const struct sigil_rule *r, u64 bits, char *buf,
			size_t size)
{
	char perms[32];
	size_t n;
	unsigned int j;

	n = scnprintf(buf, size, "%s", sigil_rule_word(r->kind));
	for (j = 0; j < sigil_rule_syntax[r->kind].nlabels; j++)
		n += scnprintf(buf + n, size - n, " %s",
			       r->l[j] ? r->l[j]->str : SIGIL_NEVER_ANY);
	if (sigil_rule_has_perms(r->kind)) {
		sigil_perms_format(r->kind, bits, perms, sizeof(perms));
		scnprintf(buf + n, size - n, " %s", perms);
	}
}

/*
 * Every assertion must hold: no rule grants what it forbids.  The first
 * broken assertion rejects the policy, naming the first rule that breaks
 * it, in the order written, and how many more do.  A capability or socket
 * rule is named by the forbidden name it gives; an allow, process or
 * policy rule with all its letters.
 */
static int check_nevers(const struct sigil_policy *policy,
			struct sigil_policy_error *err)
{
	char assertion[3 * SIGIL_LABEL_MAX + 48], rule[3 * SIGIL_LABEL_MAX + 48];
	const struct sigil_rule *a, *r, *first;
	unsigned int i, more;
	u64 bits, first_bits = 0;

	for (i = 0; i < policy->nnevers; i++) {
		a = &policy->nevers[i];
		first = NULL;
		more = 0;
		for (r = policy->rules; r < policy->rules + policy->nused; r++) {
			bits = never_broken(a, r);
			if (!bits)
				continue;
			if (first) {
				more++;
				continue;
			}
			first = r;
			first_bits = bits;
		}
		if (!first)
			continue;
		format_rule(a, a->perms, assertion, sizeof(assertion));
		if (sigil_rule_syntax[first->kind].tail == SIGIL_TAIL_NAME)
			first_bits &= -first_bits;
		else
			first_bits = first->perms;
		format_rule(first, first_bits, rule, sizeof(rule));
		if (more)
			return reject(err, policy->never_lines[i],
				      "'never %s' is broken by '%s' and %u more",
				      assertion, rule, more);
		return reject(err, policy->never_lines[i],
			      "'never %s' is broken by '%s'", assertion, rule);
	}
	return 0;
}

/**
 * sigil_policy_parse - Parse a whole policy
 *
 * @text: The policy text (not NUL-terminated).
 * @size: Its length.
 * @err: Where to say what is wrong.
 *
 * Returns the new policy, or an ERR_PTR(): -%EINVAL with @err filled in
 * for a policy with an error, -%ENOMEM.
 */
struct sigil_policy *sigil_policy_parse(const char *text, size_t size,
					struct sigil_policy_error *err)
{
	const char *p = text, *end = text + size, *eol;
	unsigned long nrules = 0, nentry = 0, ngenfs = 0, nnever = 0;
	struct sigil_policy *policy;
	unsigned int n = 0;
	int ret, kind;
	size_t i;

	for (i = 0; i < size; i++)
		if (text[i] == '\0')
			return ERR_PTR(reject(err, count_lines(text, i), "NUL byte"));
	/* Sizes the tables from the rules, not the lines. */
	for (; p < end; p = eol + 1) {
		eol = memchr(p, '\n', end - p);
		if (!eol)
			eol = end;
		n++;
		kind = line_kind(p, eol - p);
		if (kind == LINE_EMPTY)
			continue;
		nentry += kind == LINE_ENTRYPOINT;
		ngenfs += kind == LINE_GENFS;
		nnever += kind == LINE_NEVER;
		if (++nrules > SIGIL_POLICY_MAX_RULES)
			return ERR_PTR(reject(err, n, "more than %lu rules",
					      SIGIL_POLICY_MAX_RULES));
	}
	policy = kzalloc(sizeof(*policy), GFP_KERNEL_ACCOUNT);
	if (!policy)
		return ERR_PTR(-ENOMEM);
	/* A bucket a rule, or fewer: at most 16 bytes of table a rule. */
	policy->hash_bits = max(4, order_base_2(nrules));
	policy->table = kvcalloc(BIT(policy->hash_bits), sizeof(*policy->table),
				 GFP_KERNEL_ACCOUNT);
	policy->rules = kvcalloc(max(nrules, 1UL), sizeof(*policy->rules),
				 GFP_KERNEL_ACCOUNT);
	policy->genfs = kvcalloc(max(ngenfs, 1UL), sizeof(*policy->genfs),
				 GFP_KERNEL_ACCOUNT);
	policy->nevers = kvcalloc(max(nnever, 1UL), sizeof(*policy->nevers),
				  GFP_KERNEL_ACCOUNT);
	policy->never_lines = kvcalloc(max(nnever, 1UL),
				       sizeof(*policy->never_lines),
				       GFP_KERNEL_ACCOUNT);
	if (!policy->table || !policy->rules || !policy->genfs ||
	    !policy->nevers || !policy->never_lines) {
		ret = -ENOMEM;
		goto out_free;
	}
	for (p = text, n = 0; p < end; p = eol + 1) {
		eol = memchr(p, '\n', end - p);
		if (!eol)
			eol = end;
		ret = parse_line(policy, p, eol - p, ++n, err);
		if (ret)
			goto out_free;
	}
	ret = check_entrypoints(policy, nentry, text, size, err);
	if (!ret)
		ret = check_nevers(policy, err);
	if (ret)
		goto out_free;
	return policy;

out_free:
	sigil_policy_free(policy);
	return ERR_PTR(ret);
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
	kvfree(policy->never_lines);
	kvfree(policy->nevers);
	kvfree(policy->genfs);
	kvfree(policy->rules);
	kvfree(policy->table);
	kfree(policy);
}

static void free_work(struct work_struct *work)
{
	sigil_policy_free(container_of(to_rcu_work(work), struct sigil_policy,
				       free_work));
}

/**
 * sigil_policy_free_rcu - Free a replaced policy after a grace period
 *
 * @policy: The policy, or NULL.
 *
 * Returns at once: the policy is freed from a workqueue once no check can
 * see it any more.
 */
void sigil_policy_free_rcu(struct sigil_policy *policy)
{
	if (!policy)
		return;
	INIT_RCU_WORK(&policy->free_work, free_work);
	queue_rcu_work(system_unbound_wq, &policy->free_work);
}
