/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sigilctl suggest: the rules that would allow a log's denials (see
 * suggest.h).
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "policy-check.h"
#include "suggest.h"

struct suggest_rule {
	char *head;		/* the rule without its letters, or all of it */
	const char *order;	/* the kind's letters, or NULL */
	char letters[8];
	char **why;		/* the distinct denials it answers */
	unsigned long *count;
	size_t nwhy;
	int checked;		/* checked with its group */
};

static char *dup_len(const char *s, size_t len)
{
	char *d = malloc(len + 1);

	if (d) {
		memcpy(d, s, len);
		d[len] = '\0';
	}
	return d;
}

/*
 * Copies the value of field @key of record @rec into @buf: a quoted value
 * with its quotes, else up to the next space.  Returns 0 if it is absent.
 */
static int field(const char *rec, const char *key, char *buf, size_t size)
{
	const size_t klen = strlen(key);
	const char *p = rec, *end;

	for (;;) {
		p = strstr(p, key);
		if (!p)
			return 0;
		if ((p == rec || p[-1] == ' ') && p[klen] == '=')
			break;
		p += klen;
	}
	p += klen + 1;
	if (*p == '"' || *p == '\'') {
		end = strchr(p + 1, *p);
		end = end ? end + 1 : p + strlen(p);
	} else {
		end = p + strcspn(p, " \n");
	}
	snprintf(buf, size, "%.*s", (int)(end - p), p);
	return 1;
}

/* What a denial was, for --explain: the fields that tell denials apart. */
static void describe(const char *rec, char *buf, size_t size)
{
	static const char *const keys[] = { "op", "check", "subject",
					    "object", "proto", "port",
					    "program", "comm", "name", "path" };
	char value[512];
	size_t i, len = 0;

	buf[0] = '\0';
	for (i = 0; i < sizeof(keys) / sizeof(keys[0]) && len < size; i++)
		if (field(rec, keys[i], value, sizeof(value)))
			len += (size_t)snprintf(buf + len, size - len, "%s%s=%s",
						len ? " " : "", keys[i], value);
}

static int add_why(struct suggest_rule *r, const char *desc)
{
	char **why;
	unsigned long *count;
	size_t i;

	for (i = 0; i < r->nwhy; i++) {
		if (!strcmp(r->why[i], desc)) {
			r->count[i]++;
			return 0;
		}
	}
	why = realloc(r->why, (r->nwhy + 1) * sizeof(*why));
	if (!why)
		return -1;
	r->why = why;
	count = realloc(r->count, (r->nwhy + 1) * sizeof(*count));
	if (!count)
		return -1;
	r->count = count;
	why[r->nwhy] = strdup(desc);
	if (!why[r->nwhy])
		return -1;
	count[r->nwhy++] = 1;
	return 0;
}

/* Adds the letters of @add to @r's, keeping the kind's order. */
static void merge_letters(struct suggest_rule *r, const char *add)
{
	char merged[8];
	size_t n = 0;
	const char *l;

	for (l = r->order; *l; l++)
		if (strchr(r->letters, *l) || strchr(add, *l))
			merged[n++] = *l;
	merged[n] = '\0';
	memcpy(r->letters, merged, n + 1);
}

/* Finds or adds the rule @rule (valid, single spaces). */
static struct suggest_rule *add_rule(struct suggest *s, const char *rule)
{
	const char *order, *last = strrchr(rule, ' ');
	size_t i, hlen = strlen(rule);
	struct suggest_rule *r;
	char word[32];

	snprintf(word, sizeof(word), "%.*s", (int)strcspn(rule, " "), rule);
	/* Permission letters merge; the rest of the rule is its key. */
	order = policy_rule_letters(word);
	if (order)
		hlen = (size_t)(last - rule);
	for (i = 0; i < s->nrules; i++) {
		r = &s->rules[i];
		if (strlen(r->head) == hlen && !strncmp(r->head, rule, hlen)) {
			if (order)
				merge_letters(r, last + 1);
			return r;
		}
	}
	if (s->nrules == s->room) {
		size_t room = s->room ? 2 * s->room : 16;

		r = realloc(s->rules, room * sizeof(*r));
		if (!r)
			return NULL;
		s->rules = r;
		s->room = room;
	}
	r = &s->rules[s->nrules];
	memset(r, 0, sizeof(*r));
	r->head = dup_len(rule, hlen);
	if (!r->head)
		return NULL;
	r->order = order;
	if (order)
		merge_letters(r, last + 1);
	s->nrules++;
	return r;
}

static int add_unliftable(struct suggest *s, const char *desc)
{
	char **u;
	size_t i;

	for (i = 0; i < s->nunliftable; i++)
		if (!strcmp(s->unliftable[i], desc))
			return 0;
	u = realloc(s->unliftable, (s->nunliftable + 1) * sizeof(*u));
	if (!u)
		return -1;
	s->unliftable = u;
	u[s->nunliftable] = strdup(desc);
	if (!u[s->nunliftable])
		return -1;
	s->nunliftable++;
	return 0;
}

/* The missing rule of a record in canonical form: single spaces. */
static int normalize(const char *text, size_t len, char *out, size_t size)
{
	size_t i, n = 0;
	int space = 0;

	for (i = 0; i < len; i++) {
		if (text[i] == ' ' || text[i] == '\t') {
			space = n > 0;
			continue;
		}
		if (n + 2 >= size)
			return -1;
		if (space)
			out[n++] = ' ';
		space = 0;
		out[n++] = text[i];
	}
	out[n] = '\0';
	return n ? 0 : -1;
}

/*
 * A net rule on the label of ports no rule names (reserved_port,
 * ephemeral_port, unreserved_port) would open every such port: the port
 * denied gets a label of its own, the subject's name with _port_t for
 * _t, and the net rule is on that.  Rewrites @rule to the net rule and
 * puts the port rule in @port; 0 when @rule is not such a rule.
 */
static int own_port(const char *rec, char *rule, size_t size, char *port,
		    size_t psize)
{
	char subject[300], object[300], letters[8], proto[8], num[8];
	size_t n;

	if (sscanf(rule, "net %299s %299s %7s", subject, object, letters) != 3 ||
	    (strcmp(object, "reserved_port") && strcmp(object, "ephemeral_port") &&
	     strcmp(object, "unreserved_port")) ||
	    !field(rec, "proto", proto, sizeof(proto)) ||
	    !field(rec, "port", num, sizeof(num)) || !strcmp(num, "0"))
		return 0;
	n = strlen(subject);
	if (n > 2 && !strcmp(subject + n - 2, "_t"))
		n -= 2;
	snprintf(port, psize, "port %s %s %.*s_port_t", proto, num, (int)n,
		 subject);
	snprintf(rule, size, "net %s %.*s_port_t %s", subject, (int)n, subject,
		 letters);
	return 1;
}

/* A denial that names its rule, kept until the log is read. */
struct suggest_record {
	char *rule;		/* the missing rule, single spaces */
	char *desc;		/* what the denial was, for --explain */
	char *rec;		/* the record from "denied", for own_port() */
	char subject[256], object[256], program[256], dev[64], ino[32];
	long group;		/* index in s->groups, or -1 */
};

/* The first relabel of a file a confined task made in a directory. */
struct suggest_relabel {
	char dev[64], ino[32], from[256], to[256], creator[256];
	size_t after;		/* the denials read before it */
};

/*
 * Rules that stand together for a set of denials: an exec rule that
 * gives a program a label of its own (the denials of subject S running
 * program P become rules of label N), or a create rule (the denials of
 * subject S on files it made in a directory labelled A, which the admin
 * relabelled B, become rules on B).
 */
struct suggest_group {
	int create;
	char s[256], a[256], b[256];	/* exec S P N, create S A B */
	char letters[8];		/* create: the rights on B */
	int forbidden;
	char why[512];
};

static int add_record(struct suggest *s, const char *rec, const char *rule,
		      const char *desc)
{
	struct suggest_record *r;

	r = realloc(s->records, (s->nrecords + 1) * sizeof(*r));
	if (!r)
		return -1;
	s->records = r;
	r = &r[s->nrecords];
	memset(r, 0, sizeof(*r));
	r->group = -1;
	r->rule = strdup(rule);
	r->desc = strdup(desc);
	r->rec = strdup(rec);
	s->nrecords++;
	if (!r->rule || !r->desc || !r->rec)
		return -1;
	field(rec, "subject", r->subject, sizeof(r->subject));
	field(rec, "object", r->object, sizeof(r->object));
	field(rec, "program", r->program, sizeof(r->program));
	field(rec, "dev", r->dev, sizeof(r->dev));
	field(rec, "ino", r->ino, sizeof(r->ino));
	return 0;
}

static int add_relabel(struct suggest *s, const char *rec)
{
	struct suggest_relabel *r;

	r = realloc(s->relabels, (s->nrelabels + 1) * sizeof(*r));
	if (!r)
		return -1;
	s->relabels = r;
	r = &r[s->nrelabels];
	memset(r, 0, sizeof(*r));
	r->after = s->nrecords;
	if (field(rec, "dev", r->dev, sizeof(r->dev)) &&
	    field(rec, "ino", r->ino, sizeof(r->ino)) &&
	    field(rec, "object", r->from, sizeof(r->from)) &&
	    field(rec, "new", r->to, sizeof(r->to)) &&
	    field(rec, "creator", r->creator, sizeof(r->creator)))
		s->nrelabels++;
	return 0;
}

int suggest_line(struct suggest *s, const char *line)
{
	const char *rec = strstr(line, "denied op="), *m, *end;
	char rule[1024], reason[512], desc[2048];
	char why[256];

	if (!rec) {
		/* The kernel's record only: of audit's type, or Sigil's line. */
		rec = strstr(line, "relabeled op=relabel ");
		if (!rec || (!strstr(line, "type=1425 ") &&
			     !strstr(line, "type=UNKNOWN[1425] ") &&
			     !strstr(line, "sigil: relabeled op=")))
			return 0;
		return add_relabel(s, rec) < 0 ? -1 : 0;
	}
	s->denials++;
	m = strstr(rec, " missing='");
	if (!m) {
		/* A refusal no rule lifts: kept once, as logged. */
		if (!field(rec, "reason", reason, sizeof(reason)))
			return 1;
		describe(rec, desc, sizeof(desc));
		snprintf(desc + strlen(desc), sizeof(desc) - strlen(desc),
			 " reason=%s", reason);
		return add_unliftable(s, desc) < 0 ? -1 : 1;
	}
	m += strlen(" missing='");
	end = strchr(m, '\'');
	if (!end || normalize(m, (size_t)(end - m), rule, sizeof(rule)) < 0) {
		s->invalid++;
		return 1;
	}
	/* Only what sigilctl check (the kernel's grammar) accepts. */
	if (policy_check_rule(rule, why, sizeof(why))) {
		s->invalid++;
		return 1;
	}
	describe(rec, desc, sizeof(desc));
	return add_record(s, rec, rule, desc) < 0 ? -1 : 1;
}

/* Words 0 to 2 of @rule: its keyword and first two labels. */
static int words(const char *rule, char *w0, char *w1, char *w2)
{
	*w0 = *w1 = *w2 = '\0';
	return sscanf(rule, "%31s %255s %255s", w0, w1, w2);
}

/* The group @key names, added if it is new; -1 out of memory. */
static long find_group(struct suggest *s, int create, const char *a0,
		       const char *a1, const char *a2)
{
	struct suggest_group *g;
	size_t i;

	for (i = 0; i < s->ngroups; i++) {
		g = &s->groups[i];
		if (g->create == create && !strcmp(g->s, a0) &&
		    !strcmp(g->a, a1) && !strcmp(g->b, a2))
			return (long)i;
	}
	g = realloc(s->groups, (s->ngroups + 1) * sizeof(*g));
	if (!g)
		return -1;
	s->groups = g;
	g = &g[s->ngroups];
	memset(g, 0, sizeof(*g));
	g->create = create;
	snprintf(g->s, sizeof(g->s), "%s", a0);
	snprintf(g->a, sizeof(g->a), "%s", a1);
	snprintf(g->b, sizeof(g->b), "%s", a2);
	return (long)s->ngroups++;
}

/*
 * The label of its own that a program labelled @program (NAME_exec_t)
 * would run in, NAME_t; 0 for another form of label.
 */
static int own_label(const char *program, char *buf, size_t size)
{
	const size_t n = strlen(program);

	if (n <= 7 || strcmp(program + n - 7, "_exec_t"))
		return 0;
	snprintf(buf, size, "%.*s_t", (int)(n - 7), program);
	return 1;
}

/* @rule with its first label, @from, written @to instead. */
static void resubject(const char *rule, const char *from, const char *to,
		      char *buf, size_t size)
{
	const size_t w = strcspn(rule, " ");

	snprintf(buf, size, "%.*s %s%s", (int)w, rule, to,
		 rule + w + 1 + strlen(from));
}

/* Sorts @r into the group its denial and the relabels make, if any. */
static int group_of(struct suggest *s, struct suggest_record *r)
{
	char w0[32], w1[256], w2[256], own[256];
	size_t i;

	if (words(r->rule, w0, w1, w2) < 3 || strcmp(w1, r->subject))
		return 0;
	/*
	 * A file the subject made, which the admin then relabelled: the
	 * relabel's creator is the subject, and comes after the denial.
	 */
	for (i = 0; *r->ino && !strcmp(w0, "allow") && i < s->nrelabels; i++) {
		const struct suggest_relabel *l = &s->relabels[i];

		if (strcmp(l->dev, r->dev) || strcmp(l->ino, r->ino) ||
		    strcmp(l->from, r->object) || strcmp(w2, l->from) ||
		    strcmp(l->creator, r->subject) ||
		    l->after <= (size_t)(r - s->records))
			continue;
		r->group = find_group(s, 1, r->subject, l->from, l->to);
		return r->group < 0 ? -1 : 0;
	}
	/*
	 * A program of its own kind, run in the subject's label, whose own
	 * label would be new: a label the policy has may hold much more.
	 */
	if (!own_label(r->program, own, sizeof(own)) ||
	    !strcmp(own, r->subject) ||
	    (s->own_program &&
	     s->own_program(r->subject, r->program, s->own_program_ctx)) ||
	    (s->names && s->names(own, s->own_program_ctx)))
		return 0;
	r->group = find_group(s, 0, r->subject, r->program, own);
	return r->group < 0 ? -1 : 0;
}

/* The rules of group @g for the denials of its records, one a line. */
static char *group_text(const struct suggest *s, size_t g)
{
	const struct suggest_group *const grp = &s->groups[g];
	char *text = NULL, rule[1100], w0[32], w1[256], w2[256];
	size_t len = 0, i;
	FILE *f = open_memstream(&text, &len);

	if (!f)
		return NULL;
	if (grp->create)
		fprintf(f, "create %s %s %s\n", grp->s, grp->a, grp->b);
	else
		fprintf(f, "exec %s %s %s\ntransition %s %s\nallow %s %s rx\n",
			grp->s, grp->a, grp->b, grp->s, grp->b, grp->b, grp->a);
	for (i = 0; i < s->nrecords; i++) {
		const struct suggest_record *r = &s->records[i];

		if (r->group != (long)g)
			continue;
		if (grp->create) {
			words(r->rule, w0, w1, w2);
			fprintf(f, "allow %s %s %s\nallow %s %s w\n", grp->s,
				grp->b, strrchr(r->rule, ' ') + 1, grp->s,
				grp->b);
		} else {
			resubject(r->rule, grp->s, grp->b, rule, sizeof(rule));
			fprintf(f, "%s\n", rule);
		}
	}
	fclose(f);
	return text;
}

/* Adds @rule, answering @desc, to the suggestion; @checked: in a group. */
static int suggest_rule_for(struct suggest *s, const char *rule,
			    const char *desc, int checked)
{
	const size_t before = s->nrules;
	struct suggest_rule *r = add_rule(s, rule);

	if (!r)
		return -1;
	/* A rule merged from a plain denial is checked on its own. */
	if (s->nrules > before)
		r->checked = checked;
	else
		r->checked &= checked;
	return add_why(r, desc);
}

/* A denial's rules outside any group: a port of its own, then the rule. */
static int plain_rules(struct suggest *s, const struct suggest_record *r)
{
	char rule[1024], port[1024], why[256];

	snprintf(rule, sizeof(rule), "%s", r->rule);
	if (own_port(r->rec, rule, sizeof(rule), port, sizeof(port)) &&
	    !policy_check_rule(port, why, sizeof(why)) &&
	    !policy_check_rule(rule, why, sizeof(why)) &&
	    suggest_rule_for(s, port, r->desc, 0))
		return -1;
	return suggest_rule_for(s, rule, r->desc, 0);
}

/* A denial's rules in group @g, which no assertion forbids. */
static int group_rules(struct suggest *s, const struct suggest_record *r,
		       const struct suggest_group *g)
{
	char rule[1100];

	if (g->create) {
		snprintf(rule, sizeof(rule), "create %s %s %s", g->s, g->a, g->b);
		if (suggest_rule_for(s, rule, r->desc, 1))
			return -1;
		snprintf(rule, sizeof(rule), "allow %s %s %s", g->s, g->b,
			 strrchr(r->rule, ' ') + 1);
		if (suggest_rule_for(s, rule, r->desc, 1))
			return -1;
		/* Its maker writes the file it makes. */
		snprintf(rule, sizeof(rule), "allow %s %s w", g->s, g->b);
		return add_rule(s, rule) ? 0 : -1;
	}
	snprintf(rule, sizeof(rule), "exec %s %s %s", g->s, g->a, g->b);
	if (suggest_rule_for(s, rule, r->desc, 1))
		return -1;
	snprintf(rule, sizeof(rule), "transition %s %s", g->s, g->b);
	if (suggest_rule_for(s, rule, r->desc, 1))
		return -1;
	snprintf(rule, sizeof(rule), "allow %s %s rx", g->b, g->a);
	if (suggest_rule_for(s, rule, r->desc, 1))
		return -1;
	resubject(r->rule, g->s, g->b, rule, sizeof(rule));
	return suggest_rule_for(s, rule, r->desc, 1);
}

/*
 * Turns the denials read into rules, once: the groups first, each
 * checked whole against the policy (a group an assertion forbids leaves
 * its denials to plain rules), then every denial in the order read.
 */
int suggest_finish(struct suggest *s)
{
	size_t i;
	char *text;
	int ret = 0;

	if (s->finished)
		return 0;
	s->finished = 1;
	for (i = 0; i < s->nrecords && !ret; i++)
		ret = group_of(s, &s->records[i]);
	for (i = 0; i < s->ngroups && !ret; i++) {
		if (!s->forbidden)
			continue;
		text = group_text(s, i);
		if (!text)
			return -1;
		s->groups[i].forbidden = s->forbidden(text, s->groups[i].why,
						      sizeof(s->groups[i].why),
						      s->forbidden_ctx);
		free(text);
	}
	for (i = 0; i < s->nrecords && !ret; i++) {
		const struct suggest_record *r = &s->records[i];

		if (r->group >= 0 && !s->groups[r->group].forbidden)
			ret = group_rules(s, r, &s->groups[r->group]);
		else
			ret = plain_rules(s, r);
	}
	return ret;
}

int suggest_catchall(struct suggest *s, const char *label)
{
	char **c = realloc(s->catchall, (s->ncatchall + 1) * sizeof(*c));

	if (!c)
		return -1;
	s->catchall = c;
	c[s->ncatchall] = strdup(label);
	if (!c[s->ncatchall])
		return -1;
	s->ncatchall++;
	return 0;
}

/* The letters that open files up: write, append, create, execute. */
#define OPENING "waxc"

/*
 * Whether @r is an allow rule on a catch-all: copies the label to @object
 * and splits its letters into @safe (r) and @risky (w, a, c, x).
 */
static int on_catchall(const struct suggest *s, const struct suggest_rule *r,
		       char *object, size_t size, char *safe, char *risky)
{
	const char *l, *o;
	size_t i, ns = 0, nr = 0;
	int all = 0;

	if (strncmp(r->head, "allow ", 6))
		return 0;
	o = strrchr(r->head, ' ') + 1;
	snprintf(object, size, "%s", o);
	all = !strcmp(object, "unlabeled");
	for (i = 0; !all && i < s->ncatchall; i++)
		all = !strcmp(object, s->catchall[i]);
	if (!all)
		return 0;
	for (l = r->letters; *l; l++) {
		if (strchr(OPENING, *l))
			risky[nr++] = *l;
		else
			safe[ns++] = *l;
	}
	safe[ns] = risky[nr] = '\0';
	return nr > 0;
}

size_t suggest_withheld(struct suggest *s, const char *prefix, FILE *warn)
{
	char object[300], safe[8], risky[8];
	size_t i, n = 0;

	suggest_finish(s);
	for (i = 0; i < s->nrules; i++) {
		if (!on_catchall(s, &s->rules[i], object, sizeof(object), safe,
				 risky))
			continue;
		fprintf(warn, "%snot suggested: '%s %s' would open every file labelled %s, not only the ones denied (--explain says what to do instead)\n",
			prefix, s->rules[i].head, risky, object);
		n++;
	}
	return n;
}

/* An allow rule on a catch-all: what is safe, and why the rest is not. */
static void print_catchall(const struct suggest_rule *r, const char *object,
			   const char *safe, const char *risky, FILE *out,
			   int explain)
{
	size_t j;

	if (*safe)
		fprintf(out, "%s %s\n", r->head, safe);
	fprintf(out, "# not suggested, %s is a catch-all: %s %s\n", object,
		r->head, risky);
	if (!explain)
		return;
	if (!strcmp(object, "unlabeled"))
		fprintf(out, "#   it would give '%s' on every file labelled %s (every file on\n"
			"#   disk without security.sigil, every file of a file system that\n"
			"#   no genfs rule names), not only on the objects denied:\n",
			risky, object);
	else
		fprintf(out, "#   it would give '%s' on every file labelled %s (a genfs rule or\n"
			"#   a file-contexts entry gives it to a whole file system or\n"
			"#   tree), not only on the objects denied:\n",
			risky, object);
	for (j = 0; j < r->nwhy; j++)
		fprintf(out, "#     %s\n", r->why[j]);
	fprintf(out, "#   give those objects a label of their own instead, then allow it:\n"
		"#     on a file system without extended attributes (devtmpfs, proc,\n"
		"#     sysfs...): a rule 'genfs FSTYPE /PATH LABEL'\n"
		"#     on disk: filecon -s LABEL FILE, or a file_contexts entry and\n"
		"#     filecon --restore\n");
}

/* The groups an assertion forbids, whose denials have plain rules. */
static void print_forbidden_groups(const struct suggest *s, FILE *out)
{
	const struct suggest_group *g;
	size_t i;

	for (i = 0; i < s->ngroups; i++) {
		g = &s->groups[i];
		if (!g->forbidden)
			continue;
		if (g->create)
			fprintf(out, "# not suggested, the policy forbids it (%s): create %s %s %s, for the files %s made in %s that were relabelled %s; rules for %s as they are follow\n",
				g->why, g->s, g->a, g->b, g->s, g->a, g->b,
				g->a);
		else
			fprintf(out, "# not suggested, the policy forbids it (%s): exec %s %s %s, a label of its own for the program %s that %s runs; rules for %s follow\n",
				g->why, g->s, g->a, g->b, g->a, g->s, g->s);
	}
}

void suggest_print(struct suggest *s, FILE *out, int explain)
{
	char object[300], safe[8], risky[8], text[1100], why[1100];

	const struct suggest_rule *r;
	size_t i, j;

	suggest_finish(s);
	print_forbidden_groups(s, out);
	for (i = 0; i < s->nrules; i++) {
		r = &s->rules[i];
		if (explain) {
			unsigned long n = 0;

			for (j = 0; j < r->nwhy; j++)
				n += r->count[j];
			fprintf(out, "%s# answers %lu denial%s:\n", i ? "\n" : "",
				n, n == 1 ? "" : "s");
			for (j = 0; j < r->nwhy; j++) {
				fprintf(out, "#   %s", r->why[j]);
				if (r->count[j] > 1)
					fprintf(out, " (%lu times)", r->count[j]);
				fputc('\n', out);
			}
		}
		if (r->order)
			snprintf(text, sizeof(text), "%s %s", r->head, r->letters);
		else
			snprintf(text, sizeof(text), "%s", r->head);
		if (!r->checked && s->forbidden &&
		    s->forbidden(text, why, sizeof(why), s->forbidden_ctx))
			fprintf(out, "# not suggested, the policy forbids it (%s): %s\n",
				why, text);
		else if (on_catchall(s, r, object, sizeof(object), safe, risky))
			print_catchall(r, object, safe, risky, out, explain);
		else
			fprintf(out, "%s\n", text);
	}
	if (explain && s->nunliftable) {
		fprintf(out, "%s# no rule can allow these (see sigil(7)):\n",
			s->nrules ? "\n" : "");
		for (i = 0; i < s->nunliftable; i++)
			fprintf(out, "#   %s\n", s->unliftable[i]);
	}
}

void suggest_free(struct suggest *s)
{
	size_t i, j;

	for (i = 0; i < s->nrules; i++) {
		for (j = 0; j < s->rules[i].nwhy; j++)
			free(s->rules[i].why[j]);
		free(s->rules[i].why);
		free(s->rules[i].count);
		free(s->rules[i].head);
	}
	free(s->rules);
	for (i = 0; i < s->nrecords; i++) {
		free(s->records[i].rule);
		free(s->records[i].desc);
		free(s->records[i].rec);
	}
	free(s->records);
	free(s->relabels);
	free(s->groups);
	for (i = 0; i < s->nunliftable; i++)
		free(s->unliftable[i]);
	free(s->unliftable);
	for (i = 0; i < s->ncatchall; i++)
		free(s->catchall[i]);
	free(s->catchall);
	memset(s, 0, sizeof(*s));
}
