/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libFuzzer harness for the policy checker (sigilctl check): any input,
 * NUL bytes included, must give a rule count or a line and a reason that
 * is a NUL-terminated string within its buffer, without a memory error
 * (ASan) or undefined behaviour (UBSan).
 */
#include <config.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "policy-check.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char reason[256];
	unsigned int line = 0;
	long rules;

	memset(reason, 0x55, sizeof(reason));
	rules = policy_check((const char *)data, size, &line, reason,
			     sizeof(reason));
	if (rules < 0 && (!memchr(reason, '\0', sizeof(reason)) || !reason[0]))
		abort();	/* a rejection always says why */
	if (rules >= 0 && (unsigned long)rules > size)
		abort();	/* no more rules than bytes */
	return 0;
}
