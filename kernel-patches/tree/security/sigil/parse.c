// SPDX-License-Identifier: GPL-2.0-only
/*
 * Sigil LSM - The policy parser
 *
 * A policy is text, one rule a line (the keywords, the number of labels
 * and the last fields are the table of grammar.h):
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
 *   port PROTO PORTS LABEL        PROTO: tcp, udp or sctp; PORTS: ports
 *                                 and ranges LO-HI, separated by commas
 *   net SUBJECT PORTLABEL PERMS   PERMS: one or more of b c
 *   never RULE                    an assertion: the policy must not grant
 *                                 RULE (allow, process, capability,
 *                                 policy, socket, transition or net; a
 *                                 label may be "*")
 *
 * Fields are separated by spaces or tabs; '#' starts a comment that runs
 * to the end of the line; blank lines are ignored.  The text is read once,
 * a line at a time, each rule checked against those before it as it is
 * added (verify.c), the whole checked at the end; any error rejects the
 * whole text, and at most %SIGIL_POLICY_MAX_RULES rules are accepted.  A
 * query to the access node is read by the same function as a rule.
 *
 * Compiled into the kernel and, over src/kshim/, into sigilctl, so that
 * sigilctl check gives the kernel's verdict, line and reason.
 *
 * Copyright © 2026 The Sigil authors
 */

#include <linux/bitops.h>
#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/sprintf.h>
#include <linux/string.h>

#include "grammar.h"
#include "label.h"
#include "policy.h"

#define MAX_FIELDS 5
#define SHOWN_MAX 32

/* The kind whose keyword is @str, or SIGIL_RULE_KINDS. */
static unsigned int kind_of(const char *str, size_t len)
{
	unsigned int k;

	for (k = 0; k < SIGIL_RULE_KINDS; k++)
		if (strlen(sigil_rule_syntax[k].word) == len &&
		    !memcmp(sigil_rule_syntax[k].word, str, len))
			break;
	return k;
}

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
 * sigil_perms_parse - Parse the last field of a rule or query
 *
 * @kind: The rule's kind.
 * @str: The field.
 * @len: Its length.
 *
 * Returns the permission bits (one bit, the name's, for a rule that ends
 * with a name), or -%EINVAL for a kind without a last field, an empty
 * field, an unknown letter or a repeated one, or an unknown name.
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

/* Reads a port number at @str[*pos], advancing *pos: 1 to 65535. */
static int port_parse(const char *str, size_t len, size_t *pos, u16 *port)
{
	unsigned int v = 0;
	size_t start = *pos;

	while (*pos < len && str[*pos] >= '0' && str[*pos] <= '9' &&
	       *pos - start < 6)
		v = v * 10 + str[(*pos)++] - '0';
	if (*pos == start || v == 0 || v > U16_MAX)
		return -EINVAL;
	*port = v;
	return 0;
}

/**
 * sigil_ports_next - Read the next entry of a port rule's list of ports
 *
 * @str: The list: ports and ranges LO-HI (LO <= HI), 1 to 65535,
 * separated by commas.
 * @len: Its length.
 * @pos: Where the entry starts; moved past it and its comma.
 * @lo: Where to put its first port.
 * @hi: Where to put its last port.
 *
 * Returns 1 with the entry read, 0 at the end of the list, or -%EINVAL
 * for an entry that is not a port or a range, or an empty one.
 */
int sigil_ports_next(const char *str, size_t len, size_t *pos, u16 *lo,
		     u16 *hi)
{
	if (*pos >= len)
		return 0;
	if (port_parse(str, len, pos, lo))
		return -EINVAL;
	*hi = *lo;
	if (*pos < len && str[*pos] == '-') {
		(*pos)++;
		if (port_parse(str, len, pos, hi) || *hi < *lo)
			return -EINVAL;
	}
	if (*pos < len && str[(*pos)++] != ',')
		return -EINVAL;
	/* "80," ends with an empty entry. */
	if (*pos == len && str[len - 1] == ',')
		return -EINVAL;
	return 1;
}

/*
 * Writes at most @max bytes of @str for a reason: printable ASCII as
 * itself, a backslash, a quote and any other byte as \xHH, then "..."
 * when @len is longer.
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

/* Says why the last field @str of a rule of kind @k is invalid. */
static int reject_perms(struct sigil_policy_error *err, unsigned int n, u8 k,
			const char *str, size_t len)
{
	char shown[SHOWN_MAX * 4 + 4], list[16];
	const char *l;
	size_t i = 0;

	if (sigil_rule_syntax[k].tail != SIGIL_TAIL_LETTERS) {
		escape(shown, sizeof(shown), str, len, SHOWN_MAX);
		return sigil_policy_reject(err, n, "unknown %s '%s' (%s)",
					   sigil_rule_syntax[k].name_is, shown,
					   sigil_rule_syntax[k].names_are);
	}
	escape(shown, sizeof(shown), str, len, 16);
	/* "r, w, x, a, c" */
	for (l = sigil_rule_syntax[k].letters; *l && i + 4 < sizeof(list); l++)
		i += scnprintf(list + i, sizeof(list) - i, "%s%c",
			       l == sigil_rule_syntax[k].letters ? "" : ", ", *l);
	return sigil_policy_reject(err, n,
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
		return sigil_policy_reject(err, n,
					   "invalid label '%s' (%zu bytes, more than %d)",
					   shown, len, SIGIL_LABEL_MAX);
	for (i = 0; i < len; i++)
		if (!sigil_label_byte(str[i]))
			break;
	if (i < len && (u8)str[i] >= 0x21 && (u8)str[i] <= 0x7e)
		return sigil_policy_reject(err, n,
					   "invalid label '%s' (byte \\x%02x is not a letter, a digit or one of %s)",
					   shown, (u8)str[i], SIGIL_LABEL_PUNCT);
	return sigil_policy_reject(err, n,
				   "invalid label '%s' (byte \\x%02x is not printable ASCII)",
				   shown, i < len ? (u8)str[i] : 0);
}

/* Splits @line into @field and @flen up to a comment: the count, or < 0. */
static int split(const char *line, size_t len, const char **field,
		 size_t *flen, unsigned int n, struct sigil_policy_error *err)
{
	unsigned int nf = 0;
	size_t i = 0;

	while (i < len) {
		while (i < len && (line[i] == ' ' || line[i] == '\t'))
			i++;
		if (i == len || line[i] == '#')
			break;
		if (nf == MAX_FIELDS)
			return sigil_policy_reject(err, n, "too many fields");
		field[nf] = line + i;
		while (i < len && line[i] != ' ' && line[i] != '\t')
			i++;
		flen[nf] = line + i - field[nf];
		nf++;
	}
	return nf;
}

/*
 * Interns the file name @str that a create rule names: one component of
 * a path, as the kernel compares it, byte for byte.
 */
static int parse_name(struct sigil_rule_text *rule, const char *str,
		      size_t len, unsigned int n, struct sigil_policy_error *err)
{
	char shown[SHOWN_MAX * 4 + 4];
	struct sigil_label *name;
	size_t i;

	escape(shown, sizeof(shown), str, len, SHOWN_MAX);
	if (len > SIGIL_LABEL_MAX)
		return sigil_policy_reject(err, n,
					   "file name '%s' is longer than %u bytes",
					   shown, SIGIL_LABEL_MAX);
	if ((len == 1 && str[0] == '.') ||
	    (len == 2 && str[0] == '.' && str[1] == '.'))
		return sigil_policy_reject(err, n,
					   "file name '%s' names no new file",
					   shown);
	for (i = 0; i < len; i++)
		if (str[i] == '/' || (u8)str[i] < 0x21 || (u8)str[i] > 0x7e)
			return sigil_policy_reject(err, n,
						   "invalid file name '%s' (byte \\x%02x: a name is one component of a path, in printable ASCII)",
						   shown, (u8)str[i]);
	name = sigil_label_intern(str, len, GFP_KERNEL_ACCOUNT);
	if (IS_ERR(name))
		return PTR_ERR(name);
	rule->name = name;
	return 0;
}

/* Interns the labels of @rule from @field; "*" is NULL in an assertion. */
static int parse_labels(struct sigil_rule_text *rule, const char *const *field,
			const size_t *flen, unsigned int n,
			struct sigil_policy_error *err)
{
	struct sigil_label *label;
	unsigned int j;

	for (j = 0; j < rule->nlabels; j++) {
		/* "*": any label in an assertion, any program's entrypoint. */
		if ((rule->never ||
		     (rule->kind == SIGIL_RULE_ENTRYPOINT && j == 1)) &&
		    flen[j] == 1 && *field[j] == *SIGIL_NEVER_ANY)
			continue;
		if (sigil_label_parse(field[j], flen[j]) != flen[j]) {
			sigil_rule_text_put(rule);
			return reject_label(err, n, field[j], flen[j]);
		}
		label = sigil_label_intern(field[j], flen[j],
					   GFP_KERNEL_ACCOUNT);
		if (IS_ERR(label)) {
			sigil_rule_text_put(rule);
			return PTR_ERR(label);
		}
		rule->l[j] = label;
	}
	return 1;
}

/*
 * A port rule, its @nf fields after the keyword: PROTO PORTS LABEL.  The
 * rule's perms hold the protocol and the first entry of the list, which
 * parse_line() reads again, an entry at a time.
 */
static int parse_port_rule(struct sigil_rule_text *rule, unsigned int k,
			   const char *const *field, const size_t *flen,
			   unsigned int nf, unsigned int n,
			   struct sigil_policy_error *err)
{
	char shown[SHOWN_MAX * 4 + 4];
	size_t pos = 0;
	u16 lo, hi;
	int proto, ret;

	if (nf != 3)
		return sigil_policy_reject(err, n, "'%s' takes 3 fields, not %u",
					   sigil_rule_syntax[k].word, nf);
	proto = name_parse(k, field[0], flen[0]);
	if (proto < 0)
		return reject_perms(err, n, k, field[0], flen[0]);
	rule->ports = field[1];
	rule->ports_len = flen[1];
	while ((ret = sigil_ports_next(field[1], flen[1], &pos, &lo, &hi)) > 0)
		if (!rule->perms)
			rule->perms = SIGIL_PORT_PERMS(proto, lo, hi);
	if (ret < 0) {
		escape(shown, sizeof(shown), field[1], flen[1], SHOWN_MAX);
		return sigil_policy_reject(err, n,
					   "invalid ports '%s' (ports 1 to 65535 and ranges LO-HI, separated by commas)",
					   shown);
	}
	rule->kind = k;
	rule->nlabels = 1;
	return parse_labels(rule, field + 2, flen + 2, n, err);
}

/**
 * sigil_rule_parse - Parse one line of a policy, or one query
 *
 * @line: The line, without its newline.
 * @len: Its length.
 * @flags: 0 for a rule; %SIGIL_PARSE_QUERY for a query to the access
 * node, written as the rule that would allow it, where "allow" may be
 * left out, a transition may name the executed file's label third, and
 * only the kinds with a check name in grammar.h can be asked about.
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
	size_t flen[MAX_FIELDS];
	unsigned int first = 1, nf, nl, k;
	bool has_perms;
	s64 perms = 0;
	int ret;

	memset(rule, 0, sizeof(*rule));
	ret = split(line, len, field, flen, n, err);
	if (ret <= 0)
		return ret;
	nf = ret;

	/* An assertion: "never", then a rule of a kind it may name. */
	if (!query && flen[0] == strlen(SIGIL_NEVER_WORD) &&
	    !memcmp(field[0], SIGIL_NEVER_WORD, flen[0])) {
		if (nf == 1)
			return sigil_policy_reject(err, n,
						   "'never' needs a rule after it");
		rule->never = true;
		first = 2;
	}
	k = kind_of(field[first - 1], flen[first - 1]);
	if (rule->never && (k == SIGIL_RULE_KINDS || !sigil_never_kind(k))) {
		escape(shown, sizeof(shown), field[1], flen[1], SHOWN_MAX);
		return sigil_policy_reject(err, n,
					   "'never' takes a rule that gives a right or a label, not '%s'",
					   shown);
	}
	if (k == SIGIL_RULE_REACH && !rule->never)
		return sigil_policy_reject(err, n,
					   "'reach' is an assertion only: never reach FROM TO");
	/* "SUBJECT OBJECT PERMS" asks about an allow rule. */
	if (k == SIGIL_RULE_KINDS && query) {
		k = SIGIL_RULE_ALLOW;
		first = 0;
	}
	if (k == SIGIL_RULE_KINDS || (query && !sigil_rule_syntax[k].check)) {
		escape(shown, sizeof(shown), field[0], flen[0], SHOWN_MAX);
		return sigil_policy_reject(err, n, "unknown %s '%s'",
					   query ? "query" : "rule", shown);
	}
	if (sigil_rule_syntax[k].tail == SIGIL_TAIL_PORTS)
		return parse_port_rule(rule, k, field + first, flen + first,
				       nf - first, n, err);
	has_perms = sigil_rule_syntax[k].tail != SIGIL_TAIL_NONE;
	nl = nf - first - has_perms;
	/* "create SUBJECT DIRLABEL LABEL NAME": the rule for one name. */
	if (k == SIGIL_RULE_CREATE && !rule->never && !query && nl == 4) {
		ret = parse_name(rule, field[nf - 1], flen[nf - 1], n, err);
		if (ret < 0)
			return ret;
		nl = 3;
	}
	if (nf < first + has_perms ||
	    (nl != sigil_rule_syntax[k].nlabels &&
	     !(query && k == SIGIL_RULE_TRANSITION && nl == 3)))
		return sigil_policy_reject(err, n, "'%s' takes %u fields%s, not %u",
					   sigil_rule_syntax[k].word,
					   sigil_rule_syntax[k].nlabels + has_perms,
					   k == SIGIL_RULE_CREATE && !rule->never &&
					   !query ? ", or 4 with a file name" : "",
					   nf - first);
	if (has_perms) {
		perms = sigil_perms_parse(k, field[nf - 1], flen[nf - 1]);
		if (perms < 0)
			return reject_perms(err, n, k, field[nf - 1],
					    flen[nf - 1]);
	}
	rule->kind = k;
	rule->nlabels = nl;
	rule->perms = perms;
	return parse_labels(rule, field + first, flen + first, n, err);
}

/*
 * Adds a rule for each entry of port rule @rule's list, counted in
 * @count; the label's reference moves into @policy.
 */
static int add_ports(struct sigil_policy *policy, struct sigil_rule_text *rule,
		     unsigned int n, unsigned long *count,
		     struct sigil_policy_error *err)
{
	const unsigned int proto = SIGIL_PORT_PROTO(rule->perms);
	struct sigil_label *l[3] = {};
	size_t pos = 0;
	u16 lo, hi;
	int ret = 0;

	bool first = true;

	while (!ret &&
	       sigil_ports_next(rule->ports, rule->ports_len, &pos, &lo, &hi) > 0) {
		/* The first entry was counted with the line. */
		if (!first && ++*count > SIGIL_POLICY_MAX_RULES) {
			ret = sigil_policy_reject(err, n, "more than %lu rules",
						  SIGIL_POLICY_MAX_RULES);
			break;
		}
		first = false;
		l[0] = sigil_label_get(rule->l[0]);
		ret = sigil_policy_add(policy, SIGIL_RULE_PORT, l,
				       SIGIL_PORT_PERMS(proto, lo, hi), n);
	}
	sigil_rule_text_put(rule);
	return ret;
}

/* Adds the parsed @rule of line @n to @policy; its references move. */
static int add_rule(struct sigil_policy *policy, struct sigil_rule_text *rule,
		    unsigned int n, unsigned long *count,
		    struct sigil_policy_error *err)
{
	int ret;

	if (rule->never)
		return sigil_policy_add_never(policy, rule, n);
	ret = sigil_verify_rule(policy, rule, n, err);
	if (ret) {
		sigil_rule_text_put(rule);
		return ret;
	}
	if (rule->kind == SIGIL_RULE_TRANSITION)
		rule->perms = SIGIL_TRANSITION_RULE;
	if (rule->kind == SIGIL_RULE_PORT)
		return add_ports(policy, rule, n, count, err);
	if (rule->name)
		return sigil_policy_add_named(policy, rule->l, rule->name, n);
	return sigil_policy_add(policy, rule->kind, rule->l, rule->perms, n);
}

/*
 * Moves @idx to the next combination of the members of @a (the last
 * label's first): false after the last.
 */
static bool next_combination(unsigned int idx[3],
			     const struct sigil_attr *const a[3],
			     unsigned int nlabels)
{
	unsigned int j;

	for (j = nlabels; j > 0; j--) {
		if (a[j - 1] && ++idx[j - 1] < a[j - 1]->n)
			return true;
		idx[j - 1] = 0;
	}
	return false;
}

/*
 * Adds @rule of line @n once for each member of each attribute it names
 * (@a[j] for its label j, NULL for a label), which stand for their
 * members in every combination; counted in @count.  The references of
 * @rule are dropped.
 */
static int expand(struct sigil_policy *policy, struct sigil_rule_text *rule,
		  const struct sigil_attr *const a[3], unsigned int n,
		  unsigned long *count, struct sigil_policy_error *err)
{
	unsigned int idx[3] = {}, j;
	struct sigil_rule_text one;
	u64 total = 1;
	int ret = 0;

	for (j = 0; j < rule->nlabels; j++)
		if (a[j])
			total *= a[j]->n;
	if (total > SIGIL_POLICY_MAX_EXPANSION)
		ret = sigil_policy_reject(err, n,
					  "the attributes of this rule make %llu rules of it (more than %lu)",
					  (unsigned long long)total,
					  SIGIL_POLICY_MAX_EXPANSION);
	else if (total && *count + total - 1 > SIGIL_POLICY_MAX_RULES)
		ret = sigil_policy_reject(err, n, "more than %lu rules",
					  SIGIL_POLICY_MAX_RULES);
	if (ret || !total)
		goto out;
	*count += total - 1;
	for (;;) {
		one = *rule;
		for (j = 0; j < ARRAY_SIZE(one.l); j++)
			one.l[j] = sigil_label_get(a[j] ? a[j]->members[idx[j]] :
							  rule->l[j]);
		one.name = sigil_label_get(rule->name);
		ret = add_rule(policy, &one, n, count, err);
		if (ret || !next_combination(idx, a, rule->nlabels))
			break;
	}
out:
	sigil_rule_text_put(rule);
	return ret;
}

/*
 * Adds @rule of line @n, or what it stands for when it names attributes
 * (sigil_rule_syntax[].attrs says where it may); counted in @count.
 */
static int add_line_rule(struct sigil_policy *policy,
			 struct sigil_rule_text *rule, unsigned int n,
			 unsigned long *count, struct sigil_policy_error *err)
{
	const struct sigil_attr *a[3] = {};
	bool any = false;
	unsigned int j;

	for (j = 0; policy->nattrs && j < rule->nlabels; j++) {
		/* A genfs rule's type and path, an fslabels rule's type. */
		if ((rule->kind == SIGIL_RULE_GENFS && j < 2) ||
		    rule->kind == SIGIL_RULE_FSLABELS)
			continue;
		a[j] = sigil_policy_attr(policy, rule->l[j]);
		if (!a[j])
			continue;
		if (!(sigil_rule_syntax[rule->kind].attrs & BIT(j))) {
			sigil_rule_text_put(rule);
			return sigil_policy_reject(err, n,
						   "'%s' is an attribute, which label %u of '%s' may not be: it must name one label",
						   a[j]->name->str, j + 1,
						   sigil_rule_syntax[rule->kind].word);
		}
		any = true;
	}
	if (any)
		return expand(policy, rule, a, n, count, err);
	return add_rule(policy, rule, n, count, err);
}

/* Whether @line is an attribute or a member rule, read before the rest. */
static bool declares(const char *line, size_t len)
{
	static const char *const words[] = { "attribute", "member" };
	size_t i = 0, w;

	while (i < len && (line[i] == ' ' || line[i] == '\t'))
		i++;
	for (w = 0; w < ARRAY_SIZE(words); w++) {
		const size_t wl = strlen(words[w]);

		if (len - i > wl && !memcmp(line + i, words[w], wl) &&
		    (line[i + wl] == ' ' || line[i + wl] == '\t'))
			return true;
	}
	return false;
}

/*
 * Parses line @n into @policy, if it is of this @pass: the attribute and
 * member rules first, then the rest; @count counts the rules.
 */
static int parse_line(struct sigil_policy *policy, const char *line,
		      size_t len, unsigned int n, bool pass,
		      unsigned long *count, struct sigil_policy_error *err)
{
	struct sigil_rule_text rule;
	int ret;

	if (declares(line, len) != !pass)
		return 0;
	if (memchr(line, '\0', len))
		return sigil_policy_reject(err, n, "NUL byte");
	ret = sigil_rule_parse(line, len, 0, &rule, n, err);
	if (ret <= 0)
		return ret;
	if (++*count > SIGIL_POLICY_MAX_RULES) {
		sigil_rule_text_put(&rule);
		return sigil_policy_reject(err, n, "more than %lu rules",
					   SIGIL_POLICY_MAX_RULES);
	}
	return add_line_rule(policy, &rule, n, count, err);
}

/**
 * sigil_policy_parse - Parse a whole policy
 *
 * @text: The policy text (not NUL-terminated).
 * @size: Its length.
 * @err: Where to say what is wrong; its @breaking member NULL, or the
 * function told of each rule that breaks the first broken assertion.
 *
 * Returns the new policy, or an ERR_PTR(): -%EINVAL with @err filled in
 * for a policy with an error, -%ENOMEM.
 */
struct sigil_policy *sigil_policy_parse(const char *text, size_t size,
					struct sigil_policy_error *err)
{
	const char *p, *end = text + size, *eol;
	struct sigil_policy *policy;
	unsigned long count = 0;
	unsigned int n;
	int ret = 0;
	int pass;

	policy = sigil_policy_alloc();
	if (!policy)
		return ERR_PTR(-ENOMEM);
	/*
	 * The attributes and their members first, wherever they are
	 * written, then the rules, which may name them.
	 */
	for (pass = 0; pass < 2 && !ret; pass++) {
		for (p = text, n = 0; p < end && !ret; p = eol + 1) {
			eol = memchr(p, '\n', end - p);
			if (!eol)
				eol = end;
			ret = parse_line(policy, p, eol - p, ++n, pass, &count,
					 err);
		}
		if (!ret && !pass)
			ret = sigil_policy_index_attrs(policy, err);
	}
	if (!ret)
		ret = sigil_policy_index(policy);
	if (!ret)
		ret = sigil_verify_policy(policy, err);
	if (ret) {
		sigil_policy_free(policy);
		return ERR_PTR(ret);
	}
	return policy;
}
