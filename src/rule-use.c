/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sigilctl rules: how often each rule of the running policy was used (see
 * rule-use.h).
 */
#include <config.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rule-use.h"

/* Reads an unsigned decimal number ending at a space; NULL if none. */
static char *number(char *p, unsigned long long *v)
{
	char *end;

	if (!isdigit((unsigned char)*p))
		return NULL;
	*v = strtoull(p, &end, 10);
	return *end == ' ' ? end + 1 : NULL;
}

int rule_use_parse(char *text, struct rule_use_node *node, unsigned int *bad)
{
	unsigned long long line, count, last;
	struct rule_use *r;
	char *p = text, *eol, *q;
	unsigned int n = 1;
	int used;

	memset(node, 0, sizeof(*node));
	*bad = 1;
	if (sscanf(text, "load %lld %16llx%n", &node->loaded, &node->hash,
		   &used) != 2 || (text[used] != '\n' && text[used] != '\0'))
		return -1;
	for (p = strchr(text, '\n'); p && *++p; p = eol) {
		n++;
		eol = strchr(p, '\n');
		if (eol)
			*eol = '\0';
		q = number(p, &line);
		q = q ? number(q, &count) : NULL;
		q = q ? number(q, &last) : NULL;
		if (!q || !*q || line == 0 || line > 0xffffffffULL) {
			*bad = n;
			rule_use_free(node);
			return -1;
		}
		r = realloc(node->rules, (node->n + 1) * sizeof(*r));
		if (!r) {
			rule_use_free(node);
			return -1;
		}
		node->rules = r;
		r[node->n].line = (unsigned int)line;
		r[node->n].count = (unsigned long)count;
		r[node->n].last = (long long)last;
		r[node->n].rule = q;
		node->n++;
		if (!eol)
			break;
	}
	return 0;
}

int rule_use_time(const char *s, time_t now, long long *t)
{
	static const char *const formats[] = {
		"%Y-%m-%d", "%Y-%m-%dT%H:%M", "%Y-%m-%dT%H:%M:%S",
		"%Y-%m-%d %H:%M", "%Y-%m-%d %H:%M:%S",
	};
	struct tm tm;
	char unit, extra;
	const char *end;
	long long v;
	size_t i;

	if (s[0] == '@') {
		if (sscanf(s + 1, "%lld%c", &v, &extra) != 1 || v < 0)
			return -1;
		*t = v;
		return 0;
	}
	if (sscanf(s, "%lld%c%c", &v, &unit, &extra) == 2 && v >= 0 &&
	    isdigit((unsigned char)s[0]) && strchr("smhd", unit)) {
		*t = (long long)now - v * (unit == 's' ? 1 : unit == 'm' ? 60 :
					   unit == 'h' ? 3600 : 86400);
		return 0;
	}
	for (i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
		memset(&tm, 0, sizeof(tm));
		end = strptime(s, formats[i], &tm);
		if (!end || *end)
			continue;
		tm.tm_isdst = -1;
		*t = (long long)mktime(&tm);
		return *t == -1 ? -1 : 0;
	}
	return -1;
}

void rule_use_format_time(long long t, char *buf, size_t size)
{
	const time_t tt = (time_t)t;
	struct tm tm;

	if (!t || !localtime_r(&tt, &tm) ||
	    !strftime(buf, size, "%Y-%m-%dT%H:%M:%S", &tm))
		snprintf(buf, size, "never");
}

size_t rule_use_print_unused(const struct rule_use_node *node, long long since,
			     void (*where)(unsigned int line, char *buf,
					   size_t size),
			     FILE *out)
{
	char place[8300];
	size_t i, n = 0;

	for (i = 0; i < node->n; i++) {
		const struct rule_use *r = &node->rules[i];

		if (r->last && r->last >= since)
			continue;
		where(r->line, place, sizeof(place));
		fprintf(out, "%s: %s\n", place, r->rule);
		n++;
	}
	return n;
}

void rule_use_print_stats(const struct rule_use_node *node,
			  void (*where)(unsigned int line, char *buf,
					size_t size),
			  FILE *out)
{
	char place[8300], when[32];
	size_t i;

	for (i = 0; i < node->n; i++) {
		const struct rule_use *r = &node->rules[i];

		where(r->line, place, sizeof(place));
		rule_use_format_time(r->last, when, sizeof(when));
		fprintf(out, "%lu %s %s %s\n", r->count, when, place, r->rule);
	}
}

void rule_use_free(struct rule_use_node *node)
{
	free(node->rules);
	memset(node, 0, sizeof(*node));
}
