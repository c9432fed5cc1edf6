/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libFuzzer harness for the context field editor (execcon -u/-r/-t/-l):
 * the input is split at its first four NUL bytes into the context and the
 * new user, role, type and range (an empty one meaning "keep").  Editing
 * must succeed with a well-formed result, or fail with a reason, without
 * a memory error or undefined behaviour.
 */
#include <config.h>

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sigil.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *fields[SIGIL_CONTEXT_NFIELDS] = { NULL }, *why = NULL;
	char *buf, *p, *out = NULL;
	int i, err;

	buf = malloc(size + 1);
	if (!buf)
		return 0;
	memcpy(buf, data, size);
	buf[size] = '\0';
	p = buf + strlen(buf);
	for (i = 0; i < SIGIL_CONTEXT_NFIELDS && p < buf + size; i++) {
		p++;
		if (*p)
			fields[i] = p;
		p += strlen(p);
	}
	err = sigil_context_edit(buf, fields, &out, &why);
	if (err == 0 && (!out || strchr(out, ':') == NULL))
		abort();	/* a result is user:role:type[:range] */
	if (err == -EINVAL && !why)
		abort();	/* a refusal says why */
	if (err && err != -EINVAL && err != -ENOMEM)
		abort();
	free(out);
	free(buf);
	return 0;
}
