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
					    "object", "proto", "port", "comm",
					    "name", "path" };
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

int suggest_line(struct suggest *s, const char *line)
{
	const char *rec = strstr(line, "denied op="), *m, *end;
	char rule[1024], port[1024], reason[512], desc[2048];
	struct suggest_rule *r;
	char why[256];

	if (!rec)
		return 0;
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
	if (own_port(rec, rule, sizeof(rule), port, sizeof(port)) &&
	    !policy_check_rule(port, why, sizeof(why)) &&
	    !policy_check_rule(rule, why, sizeof(why))) {
		r = add_rule(s, port);
		if (!r || add_why(r, desc) < 0)
			return -1;
	}
	r = add_rule(s, rule);
	if (!r)
		return -1;
	return add_why(r, desc) < 0 ? -1 : 1;
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

size_t suggest_withheld(const struct suggest *s, const char *prefix, FILE *warn)
{
	char object[300], safe[8], risky[8];
	size_t i, n = 0;

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

void suggest_print(const struct suggest *s, FILE *out, int explain)
{
	char object[300], safe[8], risky[8], text[1100], why[1100];

	const struct suggest_rule *r;
	size_t i, j;

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
		if (s->forbidden && s->forbidden(text, why, sizeof(why), s->forbidden_ctx))
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
	for (i = 0; i < s->nunliftable; i++)
		free(s->unliftable[i]);
	free(s->unliftable);
	for (i = 0; i < s->ncatchall; i++)
		free(s->catchall[i]);
	free(s->catchall);
	memset(s, 0, sizeof(*s));
}
