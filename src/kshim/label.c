/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The interned labels of label.h for the policy's files in user space
 * (see kshim.h): one &struct sigil_label per distinct string, so that
 * labels compare by pointer as in the kernel, freed at the last put.
 * One thread; a chained hash table that doubles as it fills.
 */
#include <config.h>

#include "security/sigil/label.h"

struct entry {
	struct entry *next;
	struct sigil_label *label;
	size_t hash;
};

static struct entry **table;
static size_t nbuckets, count;

static size_t hash(const char *str, size_t len)
{
	size_t h = 14695981039346656037ULL;

	while (len--)
		h = (h ^ (unsigned char)*str++) * 1099511628211ULL;
	return h;
}

static int grow(void)
{
	size_t n = nbuckets ? 2 * nbuckets : 256, i, b;
	struct entry **t = calloc(n, sizeof(*t)), *e, *next;

	if (!t)
		return -1;
	for (i = 0; i < nbuckets; i++) {
		for (e = table[i]; e; e = next) {
			next = e->next;
			b = e->hash & (n - 1);
			e->next = t[b];
			t[b] = e;
		}
	}
	free(table);
	table = t;
	nbuckets = n;
	return 0;
}

struct sigil_label *sigil_label_intern(const char *str, size_t len, gfp_t gfp)
{
	const size_t h = hash(str, len);
	struct sigil_label *label;
	struct entry *e;

	(void)gfp;
	for (e = nbuckets ? table[h & (nbuckets - 1)] : NULL; e; e = e->next)
		if (e->label->len == len && !memcmp(e->label->str, str, len)) {
			e->label->usage.refs++;
			return e->label;
		}
	if (2 * (count + 1) > nbuckets && grow())
		return ERR_PTR(-ENOMEM);
	label = calloc(1, sizeof(*label) + len + 1);
	e = malloc(sizeof(*e));
	if (!label || !e) {
		free(label);
		free(e);
		return ERR_PTR(-ENOMEM);
	}
	label->usage.refs = 1;
	label->len = (u32)len;
	memcpy(label->str, str, len);
	e->label = label;
	e->hash = h;
	e->next = table[h & (nbuckets - 1)];
	table[h & (nbuckets - 1)] = e;
	count++;
	return label;
}

void sigil_label_put(struct sigil_label *label)
{
	struct entry **p, *e;

	if (!label || --label->usage.refs)
		return;
	for (p = &table[hash(label->str, label->len) & (nbuckets - 1)];
	     (e = *p); p = &e->next) {
		if (e->label == label) {
			*p = e->next;
			free(e);
			break;
		}
	}
	count--;
	free(label);
}
