/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Editing the fields of a colon-separated user:role:type[:range] context,
 * as runcon -u/-r/-t/-l do.
 */
#ifndef SIGIL_CONTEXT_H
#define SIGIL_CONTEXT_H

enum context_field { CONTEXT_USER, CONTEXT_ROLE, CONTEXT_TYPE,
		     CONTEXT_RANGE, CONTEXT_NFIELDS };

/*
 * Replaces the fields of @ctx whose entry in @fields is non-NULL.  The
 * range is everything after the third colon (it may hold colons itself);
 * a three-field context gains a range when one is given.  On success
 * *out is malloc'ed.  Returns 0, -EINVAL with *why set when @ctx is not
 * user:role:type[:range] or a new field is empty or holds a colon (the
 * range may), or -ENOMEM.
 */
int context_edit(const char *ctx, const char *const fields[CONTEXT_NFIELDS],
		 char **out, const char **why);

#endif /* SIGIL_CONTEXT_H */
