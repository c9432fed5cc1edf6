/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Ensure that libsigil writes go to the calling thread: an exec label
 * set by one thread is not seen by its sibling, through the system calls
 * and through /proc alike (SIGIL_PROCATTR_NO_SYSCALLS), and that both
 * paths read the same values.
 */
#include <config.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sigil.h"

static int go[2], done[2];
static char seen[64];

static void *sibling(void *arg)
{
	char c, *v = NULL;
	int err;

	(void)arg;
	read(go[0], &c, 1);
	err = sigil_attr_get(0, "sigil", SIGIL_ATTR_EXEC, &v);
	snprintf(seen, sizeof(seen), "%d:%s", err, v ? v : "(unset)");
	free(v);
	write(done[1], "", 1);
	return NULL;
}

static int run(const char *how)
{
	char c, *v = NULL;
	pthread_t t;
	int err, bad = 0;

	if (pipe(go) || pipe(done))
		return 1;
	pthread_create(&t, NULL, sibling, NULL);
	err = sigil_attr_set("sigil", SIGIL_ATTR_EXEC, "main_t");
	if (err) {
		printf("%s: sigil_attr_set: expected 0, saw %d (%s)\n", how, err,
		       sigil_strerror(err));
		bad = 1;
	}
	write(go[1], "", 1);
	read(done[0], &c, 1);
	pthread_join(t, NULL);
	if (strcmp(seen, "0:(unset)")) {
		printf("%s: sibling's exec: expected 0:(unset), saw %s\n", how, seen);
		bad = 1;
	}
	err = sigil_attr_get(0, "sigil", SIGIL_ATTR_EXEC, &v);
	if (err || !v || strcmp(v, "main_t")) {
		printf("%s: own exec: expected main_t, saw %d:%s\n", how, err,
		       v ? v : "(unset)");
		bad = 1;
	}
	free(v);
	sigil_attr_set("sigil", SIGIL_ATTR_EXEC, NULL);
	err = sigil_attr_get(0, "sigil", SIGIL_ATTR_EXEC, &v);
	if (err || v) {
		printf("%s: exec after reset: expected unset, saw %d:%s\n", how,
		       err, v ? v : "(unset)");
		bad = 1;
	}
	free(v);
	return bad;
}

int main(void)
{
	int bad;

	bad = run("system calls");
	setenv("SIGIL_PROCATTR_NO_SYSCALLS", "1", 1);
	bad |= run("/proc/thread-self");
	return bad;
}
