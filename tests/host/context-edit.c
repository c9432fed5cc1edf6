/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Ensure that execcon's -u/-r/-t/-l field editing replaces exactly one
 * field of user:role:type[:range], keeps a range with colons whole, and
 * refuses contexts and fields it cannot edit.
 */
#include <config.h>

#include <errno.h>
#include <stdlib.h>

#include "sigil.h"
#include "../tap.h"

static const char *edit(const char *ctx, const char *u, const char *r,
			const char *t, const char *l, int *err)
{
	static char result[256];
	const char *fields[SIGIL_CONTEXT_NFIELDS] = { u, r, t, l };
	const char *why = NULL;
	char *out = NULL;

	*err = sigil_context_edit(ctx, fields, &out, &why);
	if (*err)
		return why ? why : "(no reason)";
	snprintf(result, sizeof(result), "%s", out);
	free(out);
	return result;
}

int main(void)
{
	int err;

	plan(16);
	is_str("u:r:new_t:s0", edit("u:r:t:s0", NULL, NULL, "new_t", NULL, &err),
	       "-t replaces the type");
	is_str("staff_u:r:t:s0", edit("u:r:t:s0", "staff_u", NULL, NULL, NULL, &err),
	       "-u replaces the user");
	is_str("u:sysadm_r:t:s0", edit("u:r:t:s0", NULL, "sysadm_r", NULL, NULL, &err),
	       "-r replaces the role");
	is_str("u:r:t:s0-s0:c0.c1023",
	       edit("u:r:t:s0", NULL, NULL, NULL, "s0-s0:c0.c1023", &err),
	       "-l replaces the range, colons and all");
	is_str("u:r:x_t:s0-s0:c0.c1023",
	       edit("u:r:t:s0-s0:c0.c1023", NULL, NULL, "x_t", NULL, &err),
	       "a range with colons is kept whole");
	is_str("u:r:t", edit("u:r:t", NULL, NULL, "t", NULL, &err),
	       "a three-field context stays three fields");
	is_str("u:r:t:s1", edit("u:r:t", NULL, NULL, NULL, "s1", &err),
	       "-l adds a range to a three-field context");
	is_str("a:b:c:d", edit("u:r:t:s0", "a", "b", "c", "d", &err),
	       "all four fields at once");
	is_int(0, err, "which succeeds");
	edit("kernel", NULL, NULL, "x_t", NULL, &err);
	is_int(-EINVAL, err, "a one-field context cannot be edited");
	is_str("it is not of the form user:role:type[:range]",
	       edit("kernel", NULL, NULL, "x_t", NULL, &err), "and says why");
	edit("u:r", NULL, NULL, "x_t", NULL, &err);
	is_int(-EINVAL, err, "a two-field context cannot be edited");
	is_str("its role field is empty", edit("u::t", NULL, NULL, "x_t", NULL, &err),
	       "an empty field is refused");
	is_str("a type must be non-empty and without ':'",
	       edit("u:r:t", NULL, NULL, "a:b", NULL, &err),
	       "a type with a colon is refused");
	is_str("a user must be non-empty and without ':'",
	       edit("u:r:t", "", NULL, NULL, NULL, &err),
	       "an empty user is refused");
	is_int(-EINVAL, err, "with EINVAL");
	return done_testing();
}
