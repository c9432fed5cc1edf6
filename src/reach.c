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
#include "security/sigil/grammar.h"

#define MAXF 6

struct rule {
	unsigned int k;
	char *f[MAXF];		/* the fields after the keyword */
	unsigned int nf;
};

struct graph {
	struct rule *r;
	size_t n;
	char **labels;		/* every label a rule names, once */
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

static size_t label_index(struct graph *g, const char *l, int add)
{
	size_t i;

	for (i = 0; i < g->nlabels; i++)
		if (!strcmp(g->labels[i], l))
			return i;
	if (!add)
		return (size_t)-1;
	g->labels = xrealloc(g->labels, (g->nlabels + 1) * sizeof(*g->labels));
	g->labels[g->nlabels] = strdup(l);
	return g->nlabels++;
}

/* The rules of @text, which policy_check() accepted. */
static void parse(struct graph *g, const char *text, size_t size)
{
	const char *p = text, *end = text + size, *eol, *q, *s;
	struct rule r;
	unsigned int k, j;

	memset(g, 0, sizeof(*g));
	for (; p < end; p = eol + 1) {
		eol = memchr(p, '\n', (size_t)(end - p));
		if (!eol)
			eol = end;
		memset(&r, 0, sizeof(r));
		k = SIGIL_RULE_KINDS;
		for (q = p; q < eol;) {
			while (q < eol && (*q == ' ' || *q == '\t'))
				q++;
			if (q == eol || *q == '#')
				break;
			for (s = q; q < eol && *q != ' ' && *q != '\t'; q++)
				;
			if (k == SIGIL_RULE_KINDS) {
				for (k = 0; k < SIGIL_RULE_KINDS; k++)
					if (strlen(sigil_rule_syntax[k].word) == (size_t)(q - s) &&
					    !memcmp(sigil_rule_syntax[k].word, s, (size_t)(q - s)))
						break;
				if (k == SIGIL_RULE_KINDS)
					break;	/* "never" and the like */
				continue;
			}
			if (r.nf < MAXF)
				r.f[r.nf++] = strndup(s, (size_t)(q - s));
		}
		if (k == SIGIL_RULE_KINDS || !r.nf)
			continue;
		r.k = k;
		for (j = 0; j < sigil_rule_syntax[k].nlabels && j < r.nf; j++)
			if (k != SIGIL_RULE_GENFS)
				label_index(g, r.f[j], 1);
		g->r = xrealloc(g->r, (g->n + 1) * sizeof(*g->r));
		g->r[g->n++] = r;
	}
}

static int has(const struct graph *g, unsigned int k, const char *a,
	       const char *b)
{
	size_t i;

	for (i = 0; i < g->n; i++)
		if (g->r[i].k == k && !strcmp(g->r[i].f[0], a) &&
		    (!b || !strcmp(g->r[i].f[1], b)))
			return 1;
	return 0;
}

/* The entrypoints of @to, "|"-separated, into @buf ("" for none). */
static void entrypoints(const struct graph *g, const char *to, char *buf,
			size_t size)
{
	size_t i, n = 0;

	buf[0] = '\0';
	for (i = 0; i < g->n && n < size; i++)
		if (g->r[i].k == SIGIL_RULE_ENTRYPOINT && !strcmp(g->r[i].f[0], to))
			n += (size_t)snprintf(buf + n, size - n, "%s%s",
					      n ? "|" : "", g->r[i].f[1]);
}

/*
 * The labels each label can become, breadth first from @start (forward)
 * or towards it (backward): prev[i] is the step that reached label i,
 * kind[i] its rule kind; the start is its own predecessor.
 */
static void walk(const struct graph *g, size_t start, int forward,
		 size_t *prev, unsigned int *kind)
{
	size_t *queue = xrealloc(NULL, (g->nlabels + 1) * sizeof(*queue));
	size_t head = 0, tail = 0, i, from, to, cur;

	for (i = 0; i < g->nlabels; i++)
		prev[i] = (size_t)-1;
	prev[start] = start;
	queue[tail++] = start;
	while (head < tail) {
		cur = queue[head++];
		for (i = 0; i < g->n; i++) {
			if (g->r[i].k != SIGIL_RULE_TRANSITION &&
			    g->r[i].k != SIGIL_RULE_DYNTRANSITION)
				continue;
			from = label_index((struct graph *)g, g->r[i].f[0], 0);
			to = label_index((struct graph *)g, g->r[i].f[1], 0);
			if (forward ? from != cur : to != cur)
				continue;
			if (prev[forward ? to : from] != (size_t)-1)
				continue;
			prev[forward ? to : from] = cur;
			kind[forward ? to : from] = g->r[i].k;
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
					      sigil_rule_syntax[kind[cur]].word,
					      g->labels[from], g->labels[to], entry);
		else
			n += (size_t)snprintf(buf + n, size - n, "%s%s:%s>%s%s%s%s",
					      first ? "" : ",",
					      sigil_rule_syntax[kind[cur]].word,
					      g->labels[from], g->labels[to],
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
	size_t i;
	unsigned int j;

	for (i = 0; i < g->n; i++)
		for (j = 0; j < g->r[i].nf; j++)
			free(g->r[i].f[j]);
	for (i = 0; i < g->nlabels; i++)
		free(g->labels[i]);
	free(g->r);
	free(g->labels);
}

size_t reach_who_can(const char *text, size_t size, const char *object,
		     const char *rights, int json, FILE *out)
{
	struct graph g;
	size_t *prev, i, h, lines = 0;
	unsigned int *kind;
	char buf[8192], holds[8];
	const char *how;

	parse(&g, text, size);
	label_index(&g, object, 1);
	prev = xrealloc(NULL, g.nlabels * sizeof(*prev));
	kind = xrealloc(NULL, g.nlabels * sizeof(*kind));
	if (json)
		fputs("[", out);
	/* The holders: allow rules on @object, unconfined labels. */
	for (h = 0; h < g.nlabels; h++) {
		holds[0] = '\0';
		how = NULL;
		if (has(&g, SIGIL_RULE_UNCONFINED, g.labels[h], NULL)) {
			snprintf(holds, sizeof(holds), "rwxac");
			how = "unconfined";
		} else if (!strcmp(g.labels[h], object)) {
			snprintf(holds, sizeof(holds), "rwxac");
			how = "own";
		} else {
			for (i = 0; i < g.n; i++)
				if (g.r[i].k == SIGIL_RULE_ALLOW &&
				    !strcmp(g.r[i].f[0], g.labels[h]) &&
				    !strcmp(g.r[i].f[1], object) && g.r[i].nf == 3)
					strncat(holds, g.r[i].f[2],
						sizeof(holds) - strlen(holds) - 1);
			how = "allow";
		}
		if (!holds[0] || !wanted(holds, rights))
			continue;
		/* Canonical letters, each once. */
		{
			char c[8];
			const char *l;
			size_t m = 0;

			for (l = "rwxac"; *l; l++)
				if (strchr(holds, *l))
					c[m++] = *l;
			c[m] = '\0';
			memcpy(holds, c, m + 1);
		}
		/* Every label that can become the holder, itself first. */
		walk(&g, h, 0, prev, kind);
		for (i = 0; i < g.nlabels; i++) {
			if (prev[i] == (size_t)-1)
				continue;
			path(&g, h, i, 0, prev, kind, buf, sizeof(buf), json);
			if (json)
				fprintf(out, "%s\n {\"label\":\"%s\",\"rights\":\"%s\",\"holder\":\"%s\",\"by\":\"%s\",\"path\":%s}",
					lines ? "," : "", g.labels[i], holds, g.labels[h], how, buf);
			else
				fprintf(out, "%s %s %s %s %s\n", g.labels[i], holds,
					g.labels[h], how, buf);
			lines++;
		}
	}
	if (json)
		fputs(lines ? "\n]\n" : "]\n", out);
	free(prev);
	free(kind);
	free_graph(&g);
	return lines;
}

size_t reach_from(const char *text, size_t size, const char *subject,
		  int json, FILE *out)
{
	struct graph g;
	size_t *prev, i, t, lines = 0;
	unsigned int *kind;
	char buf[8192];
	const char *obj, *rights;

	parse(&g, text, size);
	t = label_index(&g, subject, 1);
	prev = xrealloc(NULL, g.nlabels * sizeof(*prev));
	kind = xrealloc(NULL, g.nlabels * sizeof(*kind));
	walk(&g, t, 1, prev, kind);
	if (json)
		fputs("[", out);
	for (t = 0; t < g.nlabels; t++) {
		if (prev[t] == (size_t)-1)
			continue;
		path(&g, label_index(&g, subject, 0), t, 1, prev, kind, buf,
		     sizeof(buf), json);
		if (has(&g, SIGIL_RULE_UNCONFINED, g.labels[t], NULL)) {
			if (json)
				fprintf(out, "%s\n {\"label\":\"%s\",\"kind\":\"unconfined\",\"object\":\"*\",\"rights\":\"*\",\"path\":%s}",
					lines ? "," : "", g.labels[t], buf);
			else
				fprintf(out, "%s unconfined * * %s\n", g.labels[t], buf);
			lines++;
		}
		for (i = 0; i < g.n; i++) {
			const struct rule *r = &g.r[i];

			if (strcmp(r->f[0], g.labels[t]))
				continue;
			switch (r->k) {
			case SIGIL_RULE_ALLOW:
			case SIGIL_RULE_PROCESS:
				obj = r->f[1];
				rights = r->f[2];
				break;
			case SIGIL_RULE_CAPABILITY:
			case SIGIL_RULE_POLICY:
			case SIGIL_RULE_SOCKET:
				obj = "-";
				rights = r->f[1];
				break;
			default:
				continue;
			}
			if (json)
				fprintf(out, "%s\n {\"label\":\"%s\",\"kind\":\"%s\",\"object\":\"%s\",\"rights\":\"%s\",\"path\":%s}",
					lines ? "," : "", g.labels[t],
					sigil_rule_syntax[r->k].word, obj, rights, buf);
			else
				fprintf(out, "%s %s %s %s %s\n", g.labels[t],
					sigil_rule_syntax[r->k].word, obj, rights, buf);
			lines++;
		}
	}
	if (json)
		fputs(lines ? "\n]\n" : "]\n", out);
	free(prev);
	free(kind);
	free_graph(&g);
	return lines;
}
