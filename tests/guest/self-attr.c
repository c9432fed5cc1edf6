/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Prints every module's current context of this task as
 * lsm_get_self_attr(2) returns them, one "LSM_ID CONTEXT" line per
 * module, in the kernel's order; exits 1 with the reason if the call
 * fails.  The stacking tests (peer.sh) compare it with /proc.
 */
#include <config.h>

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lsm-abi.h"

int main(void)
{
	static char buf[8192];
	struct lsm_ctx *ctx;
	uint32_t size = sizeof(buf);
	long n, i;
	size_t off = 0;

	n = syscall(__NR_lsm_get_self_attr, LSM_ATTR_CURRENT, buf, &size, 0);
	if (n < 0) {
		printf("lsm_get_self_attr: %s\n", strerror(errno));
		return 1;
	}
	for (i = 0; i < n; i++) {
		ctx = (struct lsm_ctx *)(buf + off);
		/* The context is NUL-terminated for the procattr modules. */
		printf("%llu %.*s\n", (unsigned long long)ctx->id,
		       (int)strnlen((const char *)ctx->ctx, ctx->ctx_len),
		       (const char *)ctx->ctx);
		off += ctx->len;
	}
	return 0;
}
