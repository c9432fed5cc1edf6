/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sigilctl who-can and reach (reach.h, sigilctl(8)): the rules of a
 * policy as a graph.  A label holds what its allow, process, capability,
 * policy and socket rules give it (everything, when it is unconfined);
 * it becomes another label through transition rules at an execve of an
 * entrypoint program (attr/exec, or an exec rule), or through
 * dyntransition rules at once.  A path is the chain of such changes from
 * the label a question starts from, each step written
 * KIND:FROM>TO[ENTRYPOINT|...], "-" for none.
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "reach.h"
#include "security/sigil/label.h"
#include "security/sigil/policy.h"

struct graph {
	struct sigil_policy *p;
	const char *text;			/* the policy's text */
	size_t size;
	size_t *line_at;			/* where each line starts */
	unsigned int nlines;
	struct sigil_label *named;		/* the label a question names */
	const struct sigil_label **labels;	/* every label a rule names, once */
	size_t nlabels;
};

static void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n);
	if (!p) {
		fputs("sigilctl: out of memory\n", stderr);
		exit(1);
	}
	return p;
}

static size_t label_index(struct graph *g, const struct sigil_label *l,
			  int add)
{
	size_t i;

	for (i = 0; i < g->nlabels; i++)
		if (g->labels[i] == l)
			return i;
	if (!add)
		return (size_t)-1;
	g->labels = xrealloc(g->labels, (g->nlabels + 1) * sizeof(*g->labels));
	g->labels[g->nlabels] = l;
	return g->nlabels++;
}

/*
 * The rules of @text, read by the kernel's parser (the caller checked
 * them), and their labels in the order first named; 0, or -1.
 */
static int parse(struct graph *g, const char *text, size_t size)
{
	struct sigil_policy_error err = { 0 };
	const struct sigil_rule *r;
	unsigned int i, j;

	memset(g, 0, sizeof(*g));
	g->text = text;
	g->size = size;
	for (i = 0, g->nlines = 0; i <= size; i++)
		if (i == 0 || text[i - 1] == '\n') {
			g->line_at = xrealloc(g->line_at, (g->nlines + 1) *
					      sizeof(*g->line_at));
			g->line_at[g->nlines++] = i;
		}
	g->p = sigil_policy_parse(text, size, &err);
	if (IS_ERR(g->p)) {
		fprintf(stderr, "sigilctl: invalid policy: line %u: %s\n",
			err.line, err.reason);
		g->p = NULL;
		return -1;
	}
	for (i = 0; i < g->p->nused; i++) {
		r = &g->p->rules[i];
		/* Their first field is a file system type. */
		if (r->kind == SIGIL_RULE_GENFS ||
		    r->kind == SIGIL_RULE_FSLABELS)
			continue;
		for (j = 0; j < sigil_rule_labels((u8)r->kind); j++)
			label_index(g, r->l[j], 1);
	}
	return 0;
}

/*
 * How rule @r gives what it gives: its keyword, and after a colon the
 * attributes that the line it was first written on names in its place
 * ("allow:daemon"), into @buf.
 */
static const char *by_rule(const struct graph *g, const struct sigil_rule *r,
			   char *buf, size_t size)
{
	const unsigned int line = g->p->lines[r - g->p->rules];
	struct sigil_policy_error err = { 0 };
	const struct sigil_attr *a;
	struct sigil_rule_text rt;
	size_t start, end, n;
	unsigned int j, any = 0;

	n = (size_t)snprintf(buf, size, "%s", sigil_rule_word((u8)r->kind));
	if (!g->p->nattrs || !line || line > g->nlines)
		return buf;
	start = g->line_at[line - 1];
	end = line < g->nlines ? g->line_at[line] - 1 : g->size;
	if (sigil_rule_parse(g->text + start, end - start, 0, &rt, line,
			     &err) <= 0)
		return buf;
	for (j = 0; j < rt.nlabels && n < size; j++) {
		a = sigil_policy_attr(g->p, rt.l[j]);
		if (a)
			n += (size_t)snprintf(buf + n, size - n, "%c%s",
					      any++ ? ',' : ':', a->name->str);
	}
	sigil_rule_text_put(&rt);
	return buf;
}

/* The label of the string @str, named by a rule or not. */
static size_t string_index(struct graph *g, const char *str)
{
	struct sigil_label *l = sigil_label_intern(str, strlen(str), GFP_KERNEL);

	if (IS_ERR(l)) {
		fputs("sigilctl: out of memory\n", stderr);
		exit(1);
	}
	g->named = l;
	return label_index(g, l, 1);
}

static int unconfined(const struct graph *g, size_t i)
{
	return sigil_policy_has(g->p, SIGIL_RULE_UNCONFINED, g->labels[i],
				NULL, NULL);
}

/* The entrypoints of @to, "|"-separated, into @buf ("" for none). */
static void entrypoints(const struct graph *g, const struct sigil_label *to,
			char *buf, size_t size)
{
	const struct sigil_rule *r;
	size_t i, n = 0;

	buf[0] = '\0';
	for (i = 0; i < g->p->nused && n < size; i++) {
		r = &g->p->rules[i];
		if (r->kind == SIGIL_RULE_ENTRYPOINT && r->l[0] == to)
			n += (size_t)snprintf(buf + n, size - n, "%s%s",
					      n ? "|" : "", r->l[1] ? r->l[1]->str : "*");
	}
}

/*
 * The labels each label can become, breadth first from @start (forward)
 * or towards it (backward): prev[i] is the step that reached label i,
 * kind[i] its rule kind; the start is its own predecessor.
 */
static void walk(struct graph *g, size_t start, int forward, size_t *prev,
		 unsigned int *kind)
{
	size_t *queue = xrealloc(NULL, (g->nlabels + 1) * sizeof(*queue));
	size_t head = 0, tail = 0, i, from, to, cur;
	const struct sigil_rule *r;

	for (i = 0; i < g->nlabels; i++)
		prev[i] = (size_t)-1;
	prev[start] = start;
	queue[tail++] = start;
	while (head < tail) {
		cur = queue[head++];
		for (i = 0; i < g->p->nused; i++) {
			r = &g->p->rules[i];
			if (r->kind != SIGIL_RULE_TRANSITION &&
			    r->kind != SIGIL_RULE_DYNTRANSITION)
				continue;
			from = label_index(g, r->l[0], 0);
			to = label_index(g, r->l[1], 0);
			if (forward ? from != cur : to != cur)
				continue;
			if (prev[forward ? to : from] != (size_t)-1)
				continue;
			prev[forward ? to : from] = cur;
			kind[forward ? to : from] = r->kind;
			queue[tail++] = forward ? to : from;
		}
	}
	free(queue);
}

/* The path from @start to @at (forward) or from @at to @start, as text. */
static void path(const struct graph *g, size_t start, size_t at, int forward,
		 const size_t *prev, const unsigned int *kind, char *buf,
		 size_t size, int json)
{
	char entry[1024];
	size_t n = 0, cur = at, from, to;
	int first = 1;

	buf[0] = '\0';
	if (at == start) {
		snprintf(buf, size, json ? "[]" : "-");
		return;
	}
	if (json)
		n += (size_t)snprintf(buf + n, size - n, "[");
	/* Forward: the chain is walked back from @at, so built in reverse. */
	while (cur != start && n < size) {
		from = forward ? prev[cur] : cur;
		to = forward ? cur : prev[cur];
		entrypoints(g, g->labels[to], entry, sizeof(entry));
		if (json)
			n += (size_t)snprintf(buf + n, size - n,
					      "%s{\"kind\":\"%s\",\"from\":\"%s\",\"to\":\"%s\",\"entrypoints\":\"%s\"}",
					      first ? "" : ",",
					      sigil_rule_word((u8)kind[cur]),
					      g->labels[from]->str, g->labels[to]->str,
					      entry);
		else
			n += (size_t)snprintf(buf + n, size - n, "%s%s:%s>%s%s%s%s",
					      first ? "" : ",",
					      sigil_rule_word((u8)kind[cur]),
					      g->labels[from]->str, g->labels[to]->str,
					      *entry ? "[" : "", entry, *entry ? "]" : "");
		first = 0;
		cur = prev[cur];
	}
	if (json && n < size)
		snprintf(buf + n, size - n, "]");
	/* Forward paths come out last step first: reverse the steps. */
	if (forward && !json) {
		char *copy = strdup(buf), *steps[256], *tok, *save;
		int ns = 0, i;

		for (tok = strtok_r(copy, ",", &save); tok && ns < 256;
		     tok = strtok_r(NULL, ",", &save))
			steps[ns++] = tok;
		for (n = 0, i = ns - 1; i >= 0 && n < size; i--)
			n += (size_t)snprintf(buf + n, size - n, "%s%s",
					      i == ns - 1 ? "" : ",", steps[i]);
		free(copy);
	}
}

/* Whether the letters @have share one with @want (NULL: any). */
static int wanted(const char *have, const char *want)
{
	return !want || strpbrk(have, want);
}

static void free_graph(struct graph *g)
{
	sigil_label_put(g->named);
	sigil_policy_free(g->p);
	free(g->labels);
	free(g->line_at);
}

/* Whether @l is a port's label: a port rule's, a net rule's object. */
static int is_port_label(const struct graph *g, const struct sigil_label *l)
{
	const struct sigil_rule *r;
	size_t i;

	if (!strcmp(l->str, SIGIL_LABEL_PORT_RESERVED) ||
	    !strcmp(l->str, SIGIL_LABEL_PORT_EPHEMERAL) ||
	    !strcmp(l->str, SIGIL_LABEL_PORT_UNRESERVED))
		return 1;
	for (i = 0; i < g->p->nused; i++) {
		r = &g->p->rules[i];
		if ((r->kind == SIGIL_RULE_PORT && r->l[0] == l) ||
		    (r->kind == SIGIL_RULE_NET && r->l[1] == l))
			return 1;
	}
	return 0;
}

/*
 * Prints every label that can become holder @h, itself first, with the
 * rights @holds it holds by @how; the number of lines printed (@lines
 * before).
 */
static size_t print_holders(struct graph *g, size_t h, const char *holds,
			    const char *how, size_t *prev, unsigned int *kind,
			    int json, size_t lines, FILE *out)
{
	size_t i, n = 0;
	char buf[8192];

	walk(g, h, 0, prev, kind);
	for (i = 0; i < g->nlabels; i++) {
		if (prev[i] == (size_t)-1)
			continue;
		path(g, h, i, 0, prev, kind, buf, sizeof(buf), json);
		if (json)
			fprintf(out, "%s\n {\"label\":\"%s\",\"rights\":\"%s\",\"holder\":\"%s\",\"by\":\"%s\",\"path\":%s}",
				lines + n ? "," : "", g->labels[i]->str, holds,
				g->labels[h]->str, how, buf);
		else
			fprintf(out, "%s %s %s %s %s\n", g->labels[i]->str,
				holds, g->labels[h]->str, how, buf);
		n++;
	}
	return n;
}

size_t reach_who_can(const char *text, size_t size, const char *object,
		     const char *rights, int json, FILE *out)
{
	const struct sigil_rule *r;
	const struct sigil_attr *a;
	struct graph g;
	size_t *prev, h, o, lines = 0;
	unsigned int *kind, k, m;
	char holds[8], by[512];
	const char *how;
	unsigned int port;
	u8 rk;
	u64 held;

	if (parse(&g, text, size))
		return 0;
	o = string_index(&g, object);
	/* An attribute: who can reach each of its members. */
	a = sigil_policy_attr(g.p, g.labels[o]);
	prev = xrealloc(NULL, g.nlabels * sizeof(*prev));
	kind = xrealloc(NULL, g.nlabels * sizeof(*kind));
	if (json)
		fputs("[", out);
	for (m = 0; m < (a ? a->n : 1); m++) {
		if (a)
			o = label_index(&g, a->members[m], 0);
		/*
		 * The holders: allow rules on @object, unconfined labels; for a
		 * port's label, net rules too.
		 */
		port = is_port_label(&g, g.labels[o]);
		for (k = 0; k < (port ? 2U : 1U); k++) {
			rk = k ? SIGIL_RULE_NET : SIGIL_RULE_ALLOW;
			for (h = 0; h < g.nlabels; h++) {
				/* A port's label: its allow rules alone, if any. */
				if (port && !k && (unconfined(&g, h) || h == o)) {
					continue;
				} else if (unconfined(&g, h)) {
					held = k ? SIGIL_NET_ALL : SIGIL_PERM_ALL;
					how = "unconfined";
				} else if (h == o && !k) {
					held = SIGIL_PERM_ALL;
					how = "own";
				} else {
					held = sigil_policy_perms(g.p, rk, g.labels[h],
								  g.labels[o]);
					r = sigil_policy_find(g.p, rk, g.labels[h],
							      g.labels[o], NULL);
					how = r ? by_rule(&g, r, by, sizeof(by)) :
						  sigil_rule_word(rk);
				}
				sigil_perms_format(rk, held, holds, sizeof(holds));
				if (!holds[0] || !wanted(holds, rights))
					continue;
				lines += print_holders(&g, h, holds, how, prev, kind,
						       json, lines, out);
			}
		}
	}
	if (json)
		fputs(lines ? "\n]\n" : "]\n", out);
	free(prev);
	free(kind);
	free_graph(&g);
	return lines;
}

/* Prints one right of @t's: a line "LABEL KIND OBJECT RIGHTS PATH". */
static void print_right(const struct graph *g, size_t t, const char *kind,
			const char *obj, const char *rights, const char *path,
			int json, size_t *lines, FILE *out)
{
	if (json)
		fprintf(out, "%s\n {\"label\":\"%s\",\"kind\":\"%s\",\"object\":\"%s\",\"rights\":\"%s\",\"path\":%s}",
			*lines ? "," : "", g->labels[t]->str, kind, obj, rights,
			path);
	else
		fprintf(out, "%s %s %s %s %s\n", g->labels[t]->str, kind, obj,
			rights, path);
	(*lines)++;
}

size_t reach_from(const char *text, size_t size, const char *subject,
		  int json, FILE *out)
{
	const struct sigil_rule *r;
	const struct sigil_attr *a;
	struct graph g;
	size_t *prev, i, s, t, lines = 0;
	unsigned int m;
	unsigned int *kind;
	char buf[8192], rights[32], by[512];
	u64 bits;

	if (parse(&g, text, size))
		return 0;
	s = string_index(&g, subject);
	/* An attribute: what each of its members reaches. */
	a = sigil_policy_attr(g.p, g.labels[s]);
	prev = xrealloc(NULL, g.nlabels * sizeof(*prev));
	kind = xrealloc(NULL, g.nlabels * sizeof(*kind));
	if (json)
		fputs("[", out);
	for (m = 0; m < (a ? a->n : 1); m++) {
		if (a)
			s = label_index(&g, a->members[m], 0);
		walk(&g, s, 1, prev, kind);
		for (t = 0; t < g.nlabels; t++) {
			if (prev[t] == (size_t)-1)
				continue;
			path(&g, s, t, 1, prev, kind, buf, sizeof(buf), json);
			if (unconfined(&g, t))
				print_right(&g, t, "unconfined", "*", "*", buf, json,
					    &lines, out);
			for (i = 0; i < g.p->nused; i++) {
				r = &g.p->rules[i];
				if (r->l[0] != g.labels[t])
					continue;
				switch (r->kind) {
				case SIGIL_RULE_ALLOW:
				case SIGIL_RULE_PROCESS:
				case SIGIL_RULE_POLICY:
				case SIGIL_RULE_NET:
					sigil_perms_format((u8)r->kind, r->perms, rights,
						  sizeof(rights));
					print_right(&g, t, by_rule(&g, r, by, sizeof(by)),
						    r->kind == SIGIL_RULE_POLICY ? "-" :
						    r->l[1]->str, rights, buf, json,
						    &lines, out);
					break;
				case SIGIL_RULE_CAPABILITY:
				case SIGIL_RULE_SOCKET:
					/* One line a name. */
					for (bits = r->perms; bits; bits &= bits - 1) {
						sigil_perms_format((u8)r->kind, bits & -bits,
							  rights, sizeof(rights));
						print_right(&g, t,
							    by_rule(&g, r, by, sizeof(by)),
							    "-", rights, buf, json,
							    &lines, out);
					}
					break;
				default:
					break;
				}
			}
		}
	}
	if (json)
		fputs(lines ? "\n]\n" : "]\n", out);
	free(prev);
	free(kind);
	free_graph(&g);
	return lines;
}
