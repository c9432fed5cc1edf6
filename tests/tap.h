/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A minimal TAP producer for the host unit tests: plan(), then one
 * is_int()/is_str()/ok() per assertion; done_testing() returns the exit
 * status.  A failure prints what was expected and what was seen.
 */
#ifndef SIGIL_TAP_H
#define SIGIL_TAP_H

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int tap_n, tap_failed;

static inline void plan(int n)
{
	printf("1..%d\n", n);
}

static inline int ok(int cond, const char *fmt, ...)
{
	va_list ap;

	printf("%sok %d - ", cond ? "" : "not ", ++tap_n);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	if (!cond)
		tap_failed++;
	return cond;
}

#define is_int(want, got, ...)						\
	do {								\
		long long w_ = (want), g_ = (got);			\
		if (!ok(w_ == g_, __VA_ARGS__))				\
			printf("# expected %lld, saw %lld\n", w_, g_);	\
	} while (0)

#define is_str(want, got, ...)						\
	do {								\
		const char *w_ = (want), *g_ = (got);			\
		if (!ok(g_ && strcmp(w_, g_) == 0, __VA_ARGS__))	\
			printf("# expected \"%s\", saw \"%s\"\n", w_,	\
			       g_ ? g_ : "(null)");			\
	} while (0)

static inline int done_testing(void)
{
	fflush(stdout);
	return tap_failed ? 1 : 0;
}

#endif /* SIGIL_TAP_H */
