/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Editing the fields of a user:role:type[:range] context.
 */
#include <config.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sigil.h"

static const char *const field_names[SIGIL_CONTEXT_NFIELDS] = {
	"user", "role", "type", "range"
};

int sigil_context_edit(const char *ctx,
		       const char *const fields[SIGIL_CONTEXT_NFIELDS],
		       char **out, const char **why)
{
	const char *part[SIGIL_CONTEXT_NFIELDS] = { NULL };
	size_t plen[SIGIL_CONTEXT_NFIELDS] = { 0 };
	static _Thread_local char reason[96];	/* *@why, per thread */
	const char *p = ctx, *colon;
	size_t total = 0;
	int i, n = 0;
	char *s;

	/* Split: three colon-free fields, then the range, if any, whole. */
	while (n < SIGIL_CONTEXT_RANGE && (colon = strchr(p, ':'))) {
		part[n] = p;
		plen[n++] = (size_t)(colon - p);
		p = colon + 1;
	}
	part[n] = p;
	plen[n++] = strlen(p);
	if (n < SIGIL_CONTEXT_RANGE) {
		*why = "it is not of the form user:role:type[:range]";
		return -EINVAL;
	}
	for (i = 0; i < n; i++) {
		if (plen[i] == 0) {
			snprintf(reason, sizeof(reason), "its %s field is empty",
				 field_names[i]);
			*why = reason;
			return -EINVAL;
		}
	}
	for (i = 0; i < SIGIL_CONTEXT_NFIELDS; i++) {
		if (!fields[i])
			continue;
		if (fields[i][0] == '\0' ||
		    (i != SIGIL_CONTEXT_RANGE && strchr(fields[i], ':'))) {
			snprintf(reason, sizeof(reason),
				 "a %s must be non-empty%s", field_names[i],
				 i != SIGIL_CONTEXT_RANGE ? " and without ':'" : "");
			*why = reason;
			return -EINVAL;
		}
		part[i] = fields[i];
		plen[i] = strlen(fields[i]);
		if (i == SIGIL_CONTEXT_RANGE)
			n = SIGIL_CONTEXT_NFIELDS;
	}
	for (i = 0; i < n; i++)
		total += plen[i] + 1;
	s = malloc(total);
	if (!s)
		return -ENOMEM;
	*out = s;
	for (i = 0; i < n; i++) {
		memcpy(s, part[i], plen[i]);
		s += plen[i];
		*s++ = i + 1 < n ? ':' : '\0';
	}
	return 0;
}
