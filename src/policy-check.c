/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The Sigil policy grammar, checked offline; see sigil-policy(5).
 */
#include <config.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "policy-check.h"
#include "security/sigil/grammar.h"

#define LABEL_MAX SIGIL_LABEL_MAX
#define MAX_FIELDS 5

/*
 * The grammar: the kernel's own table (kernel-patches/tree/security/sigil/
 * grammar.h), so that the kernel and sigilctl know the same rules.
 */
/*
 * Writes at most @max bytes of @s as the kernel does in its reasons:
 * printable ASCII as itself, a backslash, a quote and any other byte as
 * \xHH, and "..." when @len is longer.
 */
static void escape(char *out, size_t room, const char *s, size_t len,
		   size_t max)
{
	size_t i, n = 0;

	out[0] = '\0';
	for (i = 0; i < len && i < max && n < room; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c >= 0x21 && c <= 0x7e && c != '\\' && c != '\'')
			n += (size_t)snprintf(out + n, room - n, "%c", c);
		else
			n += (size_t)snprintf(out + n, room - n, "\\x%02x", c);
	}
	if (len > max && n < room)
		snprintf(out + n, room - n, "...");
}

/* Returns 1 for a valid label, else 0 with @reason saying why. */
static int valid_label(const char *s, size_t len, char *reason, size_t room)
{
	char shown[32 * 4 + 4];
	size_t i;

	escape(shown, sizeof(shown), s, len, 32);
	if (len > LABEL_MAX) {
		snprintf(reason, room, "invalid label '%s' (%zu bytes, more than %d)",
			 shown, len, LABEL_MAX);
		return 0;
	}
	for (i = 0; i < len; i++) {
		if (s[i] < 0x21 || s[i] > 0x7e) {
			snprintf(reason, room,
				 "invalid label '%s' (byte \\x%02x is not printable ASCII)",
				 shown, (unsigned char)s[i]);
			return 0;
		}
	}
	return 1;
}

/* Whether the line @p of @len bytes holds a rule, not only a comment. */
static int rule_line(const char *p, size_t len)
{
	size_t i = 0;

	while (i < len && (p[i] == ' ' || p[i] == '\t'))
		i++;
	return i < len && p[i] != '#';
}

static int valid_letters(const char *letters, const char *s, size_t len)
{
	const char *p;
	unsigned int seen = 0;
	size_t i;

	if (len == 0)
		return 0;
	for (i = 0; i < len; i++) {
		p = memchr(letters, s[i], strlen(letters));
		if (!p || seen & (1u << (p - letters)))
			return 0;
		seen |= 1u << (p - letters);
	}
	return 1;
}

/* Whether @s is one of the names a rule of kind @k may end with. */
static int valid_name(unsigned int k, const char *s, size_t len)
{
	const struct sigil_rule_syntax *syn = &sigil_rule_syntax[k];
	size_t i;

	for (i = 0; i < syn->nnames; i++)
		if (syn->names[i] && strlen(syn->names[i]) == len &&
		    !memcmp(syn->names[i], s, len))
			return 1;
	return 0;
}

/* Returns 1 for a valid last field of a rule of kind @k, else 0 with @reason. */
static int valid_tail(unsigned int k, const char *s, size_t len, char *reason,
		      size_t room)
{
	char shown[32 * 4 + 4], list[16];
	const char *l;
	size_t n = 0;

	if (sigil_rule_syntax[k].tail == SIGIL_TAIL_NAME) {
		if (valid_name(k, s, len))
			return 1;
		escape(shown, sizeof(shown), s, len, 32);
		snprintf(reason, room, "unknown %s '%s' (%s)",
			 sigil_rule_syntax[k].name_is, shown,
			 sigil_rule_syntax[k].names_are);
		return 0;
	}
	if (valid_letters(sigil_rule_syntax[k].letters, s, len))
		return 1;
	escape(shown, sizeof(shown), s, len, 16);
	for (l = sigil_rule_syntax[k].letters; *l; l++)
		n += (size_t)snprintf(list + n, sizeof(list) - n, "%s%c",
				      l == sigil_rule_syntax[k].letters ? "" : ", ", *l);
	snprintf(reason, room, "invalid permissions '%s' (one or more of %s, once each)",
		 shown, list);
	return 0;
}

/*
 * A set of strings, each with a value, in open addressing: the rules seen
 * (to count them as the kernel does), the transitions' targets and the
 * genfs paths, so that a check takes time linear in the rules.
 */
struct set {
	char **key, **val;
	size_t n, cap;
};

static size_t hash(const char *s)
{
	size_t h = 14695981039346656037ULL;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 1099511628211ULL;
	return h;
}

/* The slot of @key in @set: where it is, or where it would go. */
static size_t slot(const struct set *set, const char *key)
{
	size_t i = hash(key) & (set->cap - 1);

	while (set->key[i] && strcmp(set->key[i], key))
		i = (i + 1) & (set->cap - 1);
	return i;
}

/* The value of @key in @set, or NULL if it is not there. */
static const char *set_get(const struct set *set, const char *key)
{
	return set->cap ? set->val[slot(set, key)] : NULL;
}

/* Adds @key with @val; returns 1 if added, 0 if there, -1 out of memory. */
static int set_add(struct set *set, const char *key, const char *val)
{
	size_t i, cap;

	if (set_get(set, key))
		return 0;
	if (2 * (set->n + 1) > set->cap) {
		struct set big = { NULL, NULL, set->n, set->cap ? 2 * set->cap : 64 };

		big.key = calloc(big.cap, sizeof(*big.key));
		big.val = calloc(big.cap, sizeof(*big.val));
		if (!big.key || !big.val) {
			free(big.key);
			free(big.val);
			return -1;
		}
		for (i = 0; i < set->cap; i++) {
			if (!set->key[i])
				continue;
			cap = slot(&big, set->key[i]);
			big.key[cap] = set->key[i];
			big.val[cap] = set->val[i];
		}
		free(set->key);
		free(set->val);
		*set = big;
	}
	i = slot(set, key);
	set->key[i] = strdup(key);
	set->val[i] = strdup(val);
	if (!set->key[i] || !set->val[i])
		return -1;
	set->n++;
	return 1;
}

static void free_set(struct set *set)
{
	size_t i;

	for (i = 0; i < set->cap; i++) {
		free(set->key[i]);
		free(set->val[i]);
	}
	free(set->key);
	free(set->val);
}

/* The entrypoint rules' targets, in the order written, with their lines. */
struct names {
	char **v;
	unsigned int *line;
	size_t n, cap;
};

static int add_name(struct names *ns, const char *s, size_t len,
		    unsigned int line)
{
	if (ns->n == ns->cap) {
		size_t cap = ns->cap ? ns->cap * 2 : 16;
		char **v = realloc(ns->v, cap * sizeof(*v));
		unsigned int *l;

		if (!v)
			return -1;
		ns->v = v;
		l = realloc(ns->line, cap * sizeof(*l));
		if (!l)
			return -1;
		ns->line = l;
		ns->cap = cap;
	}
	ns->line[ns->n] = line;
	ns->v[ns->n] = strndup(s, len);
	return ns->v[ns->n++] ? 0 : -1;
}

static void free_names(struct names *ns)
{
	size_t i;

	for (i = 0; i < ns->n; i++)
		free(ns->v[i]);
	free(ns->v);
	free(ns->line);
}

/*
 * A genfs rule FSTYPE PATH LABEL: an absolute PATH without '//' or a
 * trailing '/', and one label for one PATH of one type, as the kernel
 * checks.  @paths maps "FSTYPE PATH" to the label of the rules seen.
 * Returns 1 if valid.
 */
static int valid_genfs(struct set *paths, const char *const *field,
		       const size_t *flen, char *reason, size_t room)
{
	const char *path = field[2], *seen;
	size_t plen = flen[2], i;
	char key[2 * 256 + 2], label[256];

	for (i = 0; i + 1 < plen && !(path[i] == '/' && path[i + 1] == '/'); i++)
		;
	if (path[0] != '/' || i + 1 < plen ||
	    (plen > 1 && path[plen - 1] == '/')) {
		snprintf(reason, room,
			 "invalid genfs path '%.*s' (absolute, without '//' or a trailing '/')",
			 (int)plen, path);
		return 0;
	}
	snprintf(key, sizeof(key), "%.*s %.*s", (int)flen[1], field[1],
		 (int)plen, path);
	snprintf(label, sizeof(label), "%.*s", (int)flen[3], field[3]);
	seen = set_get(paths, key);
	if (seen && strcmp(seen, label)) {
		snprintf(reason, room, "genfs %s labelled both '%s' and '%s'",
			 key, seen, label);
		return 0;
	}
	if (set_add(paths, key, label) < 0) {
		snprintf(reason, room, "out of memory");
		return 0;
	}
	return 1;
}

/*
 * An exec or create rule for a pair that a rule before maps elsewhere, or
 * a newfiles rule that says otherwise than one before: as the kernel
 * refuses them.  Returns 1, or 0 with @reason set (also out of memory).
 */
static int unique_mapping(struct set *maps, unsigned int k,
			  const char *const *field, const size_t *flen,
			  char *reason, size_t room)
{
	char key[3 * 257], val[257];
	const char *old;

	if (k == SIGIL_RULE_NEWFILES) {
		snprintf(key, sizeof(key), "newfiles");
		snprintf(val, sizeof(val), "%.*s", (int)flen[1], field[1]);
	} else if (k == SIGIL_RULE_EXEC || k == SIGIL_RULE_CREATE) {
		snprintf(key, sizeof(key), "%s %.*s %.*s", sigil_rule_syntax[k].word,
			 (int)flen[1], field[1], (int)flen[2], field[2]);
		snprintf(val, sizeof(val), "%.*s", (int)flen[3], field[3]);
	} else {
		return 1;
	}
	old = set_get(maps, key);
	if (old && strcmp(old, val)) {
		if (k == SIGIL_RULE_NEWFILES)
			snprintf(reason, room,
				 "a second newfiles rule: '%s' before, '%s' here",
				 old, val);
		else
			snprintf(reason, room,
				 "a second %s rule for '%.*s' '%.*s': '%s' before, '%s' here",
				 sigil_rule_syntax[k].word, (int)flen[1], field[1],
				 (int)flen[2], field[2], old, val);
		return 0;
	}
	if (!old && set_add(maps, key, val) < 0) {
		snprintf(reason, room, "out of memory");
		return 0;
	}
	return 1;
}

/*
 * Splits the line @p of @len bytes into @field and @flen.  Returns the
 * number of fields (0: blank or a comment), or -1 with @reason set.
 */
static int split_fields(const char *p, size_t len, const char **field,
			size_t *flen, char *reason, size_t room)
{
	size_t i = 0;
	int nf = 0;

	while (i < len) {
		while (i < len && (p[i] == ' ' || p[i] == '\t'))
			i++;
		if (i == len || p[i] == '#')
			break;
		if (nf == MAX_FIELDS) {
			snprintf(reason, room, "too many fields");
			return -1;
		}
		field[nf] = p + i;
		while (i < len && p[i] != ' ' && p[i] != '\t')
			i++;
		flen[nf] = p + i - field[nf];
		nf++;
	}
	return nf;
}

/*
 * What a rule is by itself, whatever the others: a known kind, its number
 * of fields, its permissions or capability, its labels.  Returns the
 * index of its kind, or -1 with @reason set.
 */
static int check_fields_as(const char *const *field, const size_t *flen,
			   unsigned int nf, int never, char *reason, size_t room);

static int check_fields(const char *const *field, const size_t *flen,
			unsigned int nf, char *reason, size_t room)
{
	return check_fields_as(field, flen, nf, 0, reason, room);
}

/* The same for the rule of an assertion, where a label may be "*". */
static int check_fields_as(const char *const *field, const size_t *flen,
			   unsigned int nf, int never, char *reason, size_t room)
{
	char shown[32 * 4 + 4];
	unsigned int k, j, tail;

	for (k = 0; k < SIGIL_RULE_KINDS; k++)
		if (strlen(sigil_rule_syntax[k].word) == flen[0] &&
		    !memcmp(sigil_rule_syntax[k].word, field[0], flen[0]))
			break;
	if (k == SIGIL_RULE_KINDS) {
		escape(shown, sizeof(shown), field[0], flen[0], 32);
		snprintf(reason, room, "unknown rule '%s'", shown);
		return -1;
	}
	tail = sigil_rule_syntax[k].tail != SIGIL_TAIL_NONE;
	if (nf != 1 + sigil_rule_syntax[k].nlabels + tail) {
		snprintf(reason, room, "'%s' takes %u fields, not %u",
			 sigil_rule_syntax[k].word, sigil_rule_syntax[k].nlabels + tail, nf - 1);
		return -1;
	}
	if (tail && !valid_tail(k, field[nf - 1], flen[nf - 1], reason, room))
		return -1;
	for (j = 1; j <= sigil_rule_syntax[k].nlabels; j++)
		if (!(never && flen[j] == 1 && field[j][0] == *SIGIL_NEVER_ANY) &&
		    !valid_label(field[j], flen[j], reason, room))
			return -1;
	return (int)k;
}

int policy_check_rule(const char *rule, char *reason, size_t room)
{
	const char *field[MAX_FIELDS];
	size_t flen[MAX_FIELDS];
	int nf = split_fields(rule, strlen(rule), field, flen, reason, room);

	if (nf == 0)
		snprintf(reason, room, "no rule");
	if (nf <= 0)
		return -1;
	return check_fields(field, flen, (unsigned int)nf, reason, room) < 0 ?
	       -1 : 0;
}

int policy_check_query(const char *query, char *reason, size_t room)
{
	const char *field[MAX_FIELDS + 1], *kw;
	size_t flen[MAX_FIELDS + 1];
	char shown[32 * 4 + 4];
	unsigned int nf, k;
	int r;

	r = split_fields(query, strlen(query), field + 1, flen + 1, reason,
			 room);
	if (r == 0)
		snprintf(reason, room, "empty query");
	if (r <= 0)
		return -1;
	nf = (unsigned int)r;
	for (k = 0; k < SIGIL_RULE_KINDS; k++)
		if (strlen(sigil_rule_syntax[k].word) == flen[1] &&
		    !memcmp(sigil_rule_syntax[k].word, field[1], flen[1]))
			break;
	if (k == SIGIL_RULE_ENTRYPOINT || k == SIGIL_RULE_UNCONFINED ||
	    k == SIGIL_RULE_GENFS || k == SIGIL_RULE_EXEC ||
	    k == SIGIL_RULE_CREATE || k == SIGIL_RULE_NEWFILES ||
	    k == SIGIL_RULE_PERMISSIVE) {
		escape(shown, sizeof(shown), field[1], flen[1], 32);
		snprintf(reason, room, "unknown query '%s'", shown);
		return -1;
	}
	/* "SUBJECT OBJECT PERMS" asks about an allow rule. */
	if (k == SIGIL_RULE_KINDS) {
		kw = sigil_rule_syntax[SIGIL_RULE_ALLOW].word;
		field[0] = kw;
		flen[0] = strlen(kw);
		return check_fields(field, flen, nf + 1, reason, room) < 0 ? -1 : 0;
	}
	/* A transition may name the executed file's label third. */
	if (k == SIGIL_RULE_TRANSITION && nf == 4) {
		if (!valid_label(field[4], flen[4], reason, room))
			return -1;
		nf--;
	}
	return check_fields(field + 1, flen + 1, nf, reason, room) < 0 ? -1 : 0;
}

const char *policy_rule_letters(const char *word)
{
	size_t k;

	for (k = 0; k < SIGIL_RULE_KINDS; k++)
		if (!strcmp(sigil_rule_syntax[k].word, word))
			return sigil_rule_syntax[k].tail == SIGIL_TAIL_LETTERS ? sigil_rule_syntax[k].letters :
			       NULL;
	return NULL;
}

/*
 * The rules as the kernel keeps them, for the assertions: one entry per
 * kind and labels, in the order first written, with the permission bits
 * of every line that names them.
 */
struct urule {
	unsigned int k;
	char *l[3];		/* NULL for "*" in an assertion */
	uint64_t perms;
	unsigned int line;	/* an assertion's line */
};
struct ulist {
	struct urule *v;
	size_t n, cap;
};

static uint64_t tail_bits(unsigned int k, const char *s, size_t len)
{
	const struct sigil_rule_syntax *syn = &sigil_rule_syntax[k];
	uint64_t bits = 0;
	const char *p;
	size_t i;

	if (syn->tail == SIGIL_TAIL_NAME) {
		for (i = 0; i < syn->nnames; i++)
			if (syn->names[i] && strlen(syn->names[i]) == len &&
			    !memcmp(syn->names[i], s, len))
				return (uint64_t)1 << i;
		return 0;
	}
	for (i = 0; i < len; i++) {
		p = strchr(syn->letters, s[i]);
		if (p)
			bits |= (uint64_t)1 << (p - syn->letters);
	}
	return bits;
}

/* Appends the rule of @field (kind @k) to @list; -1 out of memory. */
static long ulist_add(struct ulist *list, unsigned int k,
		      const char *const *field, const size_t *flen,
		      unsigned int nf, int never, unsigned int line)
{
	struct urule *r;
	unsigned int j;

	if (list->n == list->cap) {
		size_t cap = list->cap ? 2 * list->cap : 64;
		struct urule *v = realloc(list->v, cap * sizeof(*v));

		if (!v)
			return -1;
		list->v = v;
		list->cap = cap;
	}
	r = &list->v[list->n];
	memset(r, 0, sizeof(*r));
	r->k = k;
	r->line = line;
	for (j = 0; j < sigil_rule_syntax[k].nlabels; j++) {
		if (never && flen[j + 1] == 1 && field[j + 1][0] == *SIGIL_NEVER_ANY)
			continue;
		r->l[j] = strndup(field[j + 1], flen[j + 1]);
		if (!r->l[j])
			return -1;
	}
	if (sigil_rule_syntax[k].tail != SIGIL_TAIL_NONE)
		r->perms = tail_bits(k, field[nf - 1], flen[nf - 1]);
	return (long)list->n++;
}

static void ulist_free(struct ulist *list)
{
	size_t i;
	unsigned int j;

	for (i = 0; i < list->n; i++)
		for (j = 0; j < 3; j++)
			free(list->v[i].l[j]);
	free(list->v);
}

static int same(const char *a, const char *b)
{
	return !a || (b && !strcmp(a, b));
}

/* As the kernel's never_broken(): what of @a the rule @r gives. */
static uint64_t never_broken(const struct urule *a, const struct urule *r)
{
	const unsigned int nl = sigil_rule_syntax[a->k].nlabels;

	if (r->k == SIGIL_RULE_UNCONFINED)
		return a->l[0] && !strcmp(a->l[0], r->l[0]) &&
		       a->k != SIGIL_RULE_TRANSITION ? a->perms | 1 : 0;
	if (r->k != a->k || !same(a->l[0], r->l[0]) ||
	    (nl > 1 && !same(a->l[1], r->l[1])))
		return 0;
	if (a->k == SIGIL_RULE_TRANSITION)
		return 1;
	return r->perms & a->perms;
}

/* As the kernel's format_rule(). */
static void format_urule(const struct urule *r, uint64_t bits, char *buf,
			 size_t size)
{
	const struct sigil_rule_syntax *syn = &sigil_rule_syntax[r->k];
	size_t n;
	unsigned int j;

	n = (size_t)snprintf(buf, size, "%s", syn->word);
	for (j = 0; j < syn->nlabels && n < size; j++)
		n += (size_t)snprintf(buf + n, size - n, " %s",
				      r->l[j] ? r->l[j] : SIGIL_NEVER_ANY);
	if (syn->tail == SIGIL_TAIL_NAME && n < size) {
		for (j = 0; j < syn->nnames; j++)
			if (bits & ((uint64_t)1 << j))
				break;
		snprintf(buf + n, size - n, " %s", j < syn->nnames ? syn->names[j] : "");
	} else if (syn->tail == SIGIL_TAIL_LETTERS && n < size) {
		n += (size_t)snprintf(buf + n, size - n, " ");
		for (j = 0; syn->letters[j] && n + 1 < size; j++)
			if (bits & ((uint64_t)1 << j))
				buf[n++] = syn->letters[j];
		buf[n] = '\0';
	}
}

extern void (*policy_check_where)(unsigned int line, char *buf, size_t size);

/* Line @line, as policy_check_where() names it, else "line N". */
static void place(unsigned int line, char *buf, size_t size)
{
	if (policy_check_where)
		policy_check_where(line, buf, size);
	else
		snprintf(buf, size, "line %u", line);
}

/*
 * The assertions, in the order written: the first that a rule breaks
 * fails the check as the kernel fails the load, naming the first rule
 * that breaks it and how many more do; with @all, each breaking rule is
 * printed to @all as "LINE: rule" first.  Returns 0, or -1 with *@line
 * and @reason set.
 */
static int check_nevers(const struct ulist *rules, const struct ulist *nevers,
			FILE *all, unsigned int *line, char *reason, size_t room)
{
	char assertion[3 * 257 + 48], rule[3 * 257 + 48];
	const struct urule *a, *first;
	uint64_t bits, first_bits = 0;
	size_t i, j, more;

	for (i = 0; i < nevers->n; i++) {
		a = &nevers->v[i];
		first = NULL;
		more = 0;
		format_urule(a, a->perms, assertion, sizeof(assertion));
		for (j = 0; j < rules->n; j++) {
			bits = never_broken(a, &rules->v[j]);
			if (!bits)
				continue;
			if (all) {
				char at[8300], there[8300];

				format_urule(&rules->v[j], rules->v[j].perms, rule, sizeof(rule));
				place(rules->v[j].line, at, sizeof(at));
				place(a->line, there, sizeof(there));
				fprintf(all, "%s: '%s' breaks 'never %s' (%s)\n",
					at, rule, assertion, there);
			}
			if (first) {
				more++;
				continue;
			}
			first = &rules->v[j];
			first_bits = bits;
		}
		if (!first)
			continue;
		if (sigil_rule_syntax[first->k].tail == SIGIL_TAIL_NAME)
			first_bits &= -first_bits;
		else
			first_bits = first->perms;
		format_urule(first, first_bits, rule, sizeof(rule));
		*line = a->line;
		if (more)
			snprintf(reason, room, "'never %s' is broken by '%s' and %zu more",
				 assertion, rule, more);
		else
			snprintf(reason, room, "'never %s' is broken by '%s'",
				 assertion, rule);
		return -1;
	}
	return 0;
}

int policy_never_breaks(const char *text, size_t size, const char *rule,
			char *why, size_t room)
{
	const char *p = text, *end = text + size, *eol, *field[MAX_FIELDS];
	struct ulist nevers = { 0 }, one = { 0 };
	char reason[256], assertion[3 * 257 + 48];
	size_t flen[MAX_FIELDS], i;
	unsigned int nf, k, n = 0;
	int r, found = 0;

	r = split_fields(rule, strlen(rule), field, flen, reason, sizeof(reason));
	if (r <= 0 || check_fields(field, flen, (unsigned int)r, reason, sizeof(reason)) < 0)
		return 0;
	k = (unsigned int)check_fields(field, flen, (unsigned int)r, reason, sizeof(reason));
	if (ulist_add(&one, k, field, flen, (unsigned int)r, 0, 0) < 0)
		return 0;
	for (; p < end && !found; p = eol + 1) {
		eol = memchr(p, '\n', (size_t)(end - p));
		if (!eol)
			eol = end;
		n++;
		r = split_fields(p, (size_t)(eol - p), field, flen, reason, sizeof(reason));
		if (r < 2 || flen[0] != strlen(SIGIL_NEVER_WORD) ||
		    memcmp(field[0], SIGIL_NEVER_WORD, flen[0]))
			continue;
		nf = (unsigned int)r;
		r = check_fields_as(field + 1, flen + 1, nf - 1, 1, reason, sizeof(reason));
		if (r < 0 || !sigil_never_kind((unsigned int)r))
			continue;
		if (ulist_add(&nevers, (unsigned int)r, field + 1, flen + 1, nf - 1, 1, n) < 0)
			break;
		i = nevers.n - 1;
		if (never_broken(&nevers.v[i], &one.v[0])) {
			format_urule(&nevers.v[i], nevers.v[i].perms, assertion,
				     sizeof(assertion));
			snprintf(why, room, "'never %s', line %u", assertion, n);
			found = 1;
		}
	}
	ulist_free(&nevers);
	ulist_free(&one);
	return found;
}

FILE *policy_check_breaking;
void (*policy_check_where)(unsigned int line, char *buf, size_t size);

long policy_check(const char *text, size_t size, unsigned int *line,
		  char *reason, size_t room)
{
	struct set seen = { 0 }, to = { 0 }, paths = { 0 }, maps = { 0 };
	struct set idx = { 0 };
	struct ulist granted = { 0 }, nevers = { 0 };
	char shown[32 * 4 + 4], num[32];
	const char *at;
	long pos;
	struct names entry = { 0 };
	const char *p = text, *end = text + size, *eol, *field[MAX_FIELDS];
	size_t flen[MAX_FIELDS], i, klen;
	unsigned int n = 0, nf, k, j;
	unsigned long count = 0;
	char key[5 * 257];
	long rules = 0, ret = -1;
	int added, r;

	if (memchr(text, '\0', size)) {
		*line = 1;
		for (i = 0; text[i]; i++)
			if (text[i] == '\n')
				(*line)++;
		snprintf(reason, room, "NUL byte");
		return -1;
	}
	/* The rule limit, found before any rule is parsed, as the kernel does. */
	for (; p < end; p = eol + 1) {
		eol = memchr(p, '\n', end - p);
		if (!eol)
			eol = end;
		n++;
		if (rule_line(p, eol - p) && ++count > SIGIL_POLICY_MAX_RULES) {
			*line = n;
			snprintf(reason, room, "more than %lu rules",
				 SIGIL_POLICY_MAX_RULES);
			return -1;
		}
	}
	p = text;
	n = 0;
	for (; p < end; p = eol + 1) {
		eol = memchr(p, '\n', end - p);
		if (!eol)
			eol = end;
		*line = ++n;
		r = split_fields(p, eol - p, field, flen, reason, room);
		if (r < 0)
			goto out;
		if (r == 0)
			continue;
		nf = (unsigned int)r;
		/* An assertion: "never" and a rule of a kind it may name. */
		if (flen[0] == strlen(SIGIL_NEVER_WORD) &&
		    !memcmp(field[0], SIGIL_NEVER_WORD, flen[0])) {
			if (nf == 1) {
				snprintf(reason, room, "'never' needs a rule after it");
				goto out;
			}
			for (k = 0; k < SIGIL_RULE_KINDS; k++)
				if (strlen(sigil_rule_syntax[k].word) == flen[1] &&
				    !memcmp(sigil_rule_syntax[k].word, field[1], flen[1]))
					break;
			if (k == SIGIL_RULE_KINDS || !sigil_never_kind(k)) {
				escape(shown, sizeof(shown), field[1], flen[1], 32);
				snprintf(reason, room,
					 "'never' takes allow, process, capability, policy, socket or transition, not '%s'",
					 shown);
				goto out;
			}
			if (check_fields_as(field + 1, flen + 1, nf - 1, 1, reason, room) < 0)
				goto out;
			if (ulist_add(&nevers, k, field + 1, flen + 1, nf - 1, 1, n) < 0) {
				snprintf(reason, room, "out of memory");
				goto out;
			}
			continue;
		}
		r = check_fields(field, flen, nf, reason, room);
		if (r < 0)
			goto out;
		k = (unsigned int)r;
		if (!strcmp(sigil_rule_syntax[k].word, "genfs") &&
		    !valid_genfs(&paths, field, flen, reason, room))
			goto out;
		if (!strcmp(sigil_rule_syntax[k].word, "transition"))
			snprintf(key, sizeof(key), "%.*s", (int)flen[2], field[2]);
		if ((!strcmp(sigil_rule_syntax[k].word, "transition") &&
		     set_add(&to, key, "1") < 0) ||
		    (!strcmp(sigil_rule_syntax[k].word, "entrypoint") &&
		     add_name(&entry, field[1], flen[1], n))) {
			snprintf(reason, room, "out of memory");
			goto out;
		}
		if (!unique_mapping(&maps, k, field, flen, reason, room))
			goto out;
		/*
		 * Counted as the kernel counts: one rule per kind and labels
		 * (allow rules for one pair merged), one per capability.
		 */
		klen = (size_t)snprintf(key, sizeof(key), "%s", sigil_rule_syntax[k].word);
		for (j = 1; j < nf - (sigil_rule_syntax[k].tail == SIGIL_TAIL_LETTERS); j++)
			klen += (size_t)snprintf(key + klen, sizeof(key) - klen,
						 " %.*s", (int)flen[j], field[j]);
		added = set_add(&seen, key, "");
		if (added < 0) {
			snprintf(reason, room, "out of memory");
			goto out;
		}
		rules += added;
		/* The kernel's rule for these labels, for the assertions. */
		if (sigil_never_kind(k) || k == SIGIL_RULE_UNCONFINED) {
			klen = (size_t)snprintf(key, sizeof(key), "%s", sigil_rule_syntax[k].word);
			for (j = 1; j <= sigil_rule_syntax[k].nlabels; j++)
				klen += (size_t)snprintf(key + klen, sizeof(key) - klen,
							 " %.*s", (int)flen[j], field[j]);
			at = set_get(&idx, key);
			if (at) {
				if (sigil_rule_syntax[k].tail != SIGIL_TAIL_NONE)
					granted.v[strtoul(at, NULL, 10)].perms |=
						tail_bits(k, field[nf - 1], flen[nf - 1]);
			} else {
				pos = ulist_add(&granted, k, field, flen, nf, 0, n);
				snprintf(num, sizeof(num), "%ld", pos);
				if (pos < 0 || set_add(&idx, key, num) < 0) {
					snprintf(reason, room, "out of memory");
					goto out;
				}
			}
		}
	}
	*line = 0;
	for (i = 0; i < entry.n; i++) {
		if (!set_get(&to, entry.v[i])) {
			*line = entry.line[i];
			snprintf(reason, room,
				 "entrypoint for '%s', but no transition rule leads to it",
				 entry.v[i]);
			goto out;
		}
	}
	if (check_nevers(&granted, &nevers, policy_check_breaking, line, reason, room))
		goto out;
	ret = rules;
out:
	free_set(&seen);
	free_set(&to);
	free_set(&paths);
	free_set(&maps);
	free_set(&idx);
	ulist_free(&granted);
	ulist_free(&nevers);
	free_names(&entry);
	return ret;
}
