/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A program of someone else's, linked against the installed libsigil
 * through pkg-config (guest/build-userland builds it with
 * `pkg-config --cflags --libs sigil` against the installed tree, not
 * with the project's build system), that uses the public API as
 * libsigil(3) documents it:
 *
 *   libsigil-client DIR
 *
 * Ensure that the module is discovered, that the calling thread's
 * attributes are read and set per thread while getpid() reads the
 * process, that a file is labelled and read back, that a context's
 * fields are edited, that errors come back as negative errno values, and
 * that the library is the shared one.  Prints what it expected and saw,
 * exits 1 on the first difference.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sigil.h>

static int failed;

static void expect(const char *what, const char *want, const char *seen)
{
	if ((want || seen) && (!want || !seen || strcmp(want, seen))) {
		printf("%s: expected '%s', saw '%s'\n", what,
		       want ? want : "(null)", seen ? seen : "(null)");
		failed = 1;
	}
}

static void expect_int(const char *what, long want, long seen)
{
	if (want != seen) {
		printf("%s: expected %ld, saw %ld\n", what, want, seen);
		failed = 1;
	}
}

static char *get(pid_t pid, int attr)
{
	char *v = NULL;
	int err = sigil_attr_get(pid, "sigil", attr, &v);

	return err ? strdup(sigil_strerror(err)) : v;
}

/* In a second thread: its own fscreate, the process's left alone. */
static void *thread(void *arg)
{
	char *mine, *process;

	(void)arg;
	expect_int("thread: set fscreate", 0,
		   sigil_attr_set("sigil", SIGIL_ATTR_FSCREATE, "client_thread_t"));
	mine = get(0, SIGIL_ATTR_FSCREATE);
	process = get(getpid(), SIGIL_ATTR_FSCREATE);
	expect("thread: own fscreate (pid 0)", "client_thread_t", mine);
	expect("thread: the process's fscreate (getpid())", NULL, process);
	free(mine);
	free(process);
	return NULL;
}

int main(int argc, char **argv)
{
	const char *fields[SIGIL_CONTEXT_NFIELDS] = { 0 };
	struct sigil_lsm lsms[SIGIL_MAX_LSMS];
	char path[4096], *v = NULL, *maps;
	const char *why = NULL;
	pthread_t t;
	int n, i, found = 0;
	FILE *f;

	if (argc != 2) {
		fprintf(stderr, "usage: libsigil-client DIR\n");
		return 2;
	}
	n = sigil_lsm_list(lsms, SIGIL_MAX_LSMS);
	for (i = 0; i < n; i++)
		found |= !strcmp(lsms[i].name, "sigil");
	expect_int("sigil among the listed modules", 1, found);
	expect("default module", "sigil", sigil_lsm_default());
	expect("file label attribute", "security.sigil", sigil_lsm_xattr("sigil"));
	expect("attribute name", "fscreate", sigil_attr_name(SIGIL_ATTR_FSCREATE));

	v = get(0, SIGIL_ATTR_CURRENT);
	expect("own label", "kernel", v);
	free(v);
	expect_int("set exec", 0, sigil_attr_set("sigil", SIGIL_ATTR_EXEC, "client_t"));
	v = get(getpid(), SIGIL_ATTR_EXEC);
	expect("exec through getpid()", "client_t", v);
	free(v);
	expect_int("reset exec", 0, sigil_attr_set("sigil", SIGIL_ATTR_EXEC, NULL));

	if (pthread_create(&t, NULL, thread, NULL) || pthread_join(t, NULL)) {
		printf("cannot run a thread\n");
		return 1;
	}
	v = get(0, SIGIL_ATTR_FSCREATE);
	expect("main thread's fscreate after the thread's", NULL, v);
	free(v);

	snprintf(path, sizeof(path), "%s/client-file", argv[1]);
	f = fopen(path, "w");
	if (!f || fclose(f)) {
		printf("cannot create %s\n", path);
		return 1;
	}
	expect_int("label a file", 0, sigil_file_set(path, "security.sigil", 1, "client_file_t"));
	v = NULL;
	expect_int("read its label", 0, sigil_file_get(path, "security.sigil", 1, &v));
	expect("its label", "client_file_t", v);
	free(v);
	v = NULL;
	expect_int("a missing file: -ENOENT",
		   -ENOENT, sigil_file_get("/nonexistent/x", "security.sigil", 1, &v));

	fields[SIGIL_CONTEXT_TYPE] = "new_t";
	v = NULL;
	expect_int("edit a context", 0,
		   sigil_context_edit("u:r:old_t:s0", fields, &v, &why));
	expect("edited context", "u:r:new_t:s0", v);
	free(v);
	expect_int("edit a context without fields: -EINVAL", -EINVAL,
		   sigil_context_edit("kernel", fields, &v, &why));

	/* The shared library, not a copy linked in. */
	f = fopen("/proc/self/maps", "r");
	maps = f ? malloc(1 << 16) : NULL;
	found = 0;
	while (maps && fgets(maps, 1 << 16, f))
		found |= strstr(maps, "/libsigil.so.0") != NULL;
	expect_int("libsigil.so.0 mapped", 1, found);
	free(maps);
	if (f)
		fclose(f);
	return failed;
}
