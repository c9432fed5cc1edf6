/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * policy-bench: how the Sigil policy scales, measured in the guest
 * ("make bench").  Loads policies of 10 and of 100,000 rules, timing the
 * load, and times open()+close() of a file that a confined task may read
 * only by an allow rule, under each policy.  Prints the figures and the
 * ratios: the checks are hash lookups, so the per-open cost should not
 * grow with the rule count.
 *
 * Usage: policy-bench [OPENS]   (as root, in a guest booted for it alone:
 * a loaded policy stays loaded)
 */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "procattr.h"

#define FS "/sys/kernel/security/sigil/"
#define TARGET "/tmp/policy-bench-target"
#define REPEAT 3

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int cmp(const void *a, const void *b)
{
	const double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double median(double *v)
{
	qsort(v, REPEAT, sizeof(*v), cmp);
	return v[REPEAT / 2];
}

static char *make_policy(long rules, size_t *size)
{
	static const char head[] = "unconfined kernel\n"
				   "transition kernel bench_t\n"
				   "allow bench_t unlabeled rx\n"
				   "allow bench_t target_t r\n";
	size_t cap = sizeof(head) + (size_t)rules * 40, len;
	char *text = malloc(cap);
	long i;

	if (!text)
		exit(1);
	len = (size_t)snprintf(text, cap, "%s", head);
	for (i = 4; i < rules; i++)
		len += (size_t)snprintf(text + len, cap - len,
					"allow s%ld_t o%ld_t rw\n", i, i);
	*size = len;
	return text;
}

static double load(const char *text, size_t size)
{
	double t;
	int fd;

	fd = open(FS "policy", O_WRONLY);
	if (fd < 0) {
		perror("policy-bench: " FS "policy");
		exit(1);
	}
	t = now();
	if (write(fd, text, size) != (ssize_t)size) {
		perror("policy-bench: loading the policy");
		exit(1);
	}
	t = now() - t;
	close(fd);
	return t;
}

/* In a child labelled bench_t: the time of @opens open()+close() pairs. */
static double time_opens(long opens)
{
	int p[2], status;
	double t = -1;
	pid_t pid;

	if (pipe(p))
		exit(1);
	pid = fork();
	if (pid == 0) {
		char arg[32];

		if (procattr_set("sigil", PROCATTR_EXEC, "bench_t"))
			_exit(2);
		dup2(p[1], 1);
		snprintf(arg, sizeof(arg), "%ld", opens);
		execl("/proc/self/exe", "policy-bench", "--opens", arg, (char *)NULL);
		_exit(3);
	}
	close(p[1]);
	if (read(p[0], &t, sizeof(t)) != sizeof(t))
		t = -1;
	close(p[0]);
	waitpid(pid, &status, 0);
	if (t < 0) {
		fprintf(stderr, "policy-bench: the confined child failed (status %d)\n",
			status);
		exit(1);
	}
	return t;
}

static void opens_loop(long opens)
{
	double t = now();
	long i;
	int fd;

	for (i = 0; i < opens; i++) {
		fd = open(TARGET, O_RDONLY);
		if (fd < 0)
			_exit(4);
		close(fd);
	}
	t = now() - t;
	if (write(1, &t, sizeof(t)) != sizeof(t))
		_exit(5);
	_exit(0);
}

int main(int argc, char **argv)
{
	static const long sizes[] = { 10, 100000 };
	double load_s[2], open_ns[2], v[REPEAT];
	long opens = 20000;
	size_t size;
	char *text;
	int i, r, fd;

	if (argc == 3 && !strcmp(argv[1], "--opens"))
		opens_loop(atol(argv[2]));
	if (argc == 2)
		opens = atol(argv[1]);
	fd = open(TARGET, O_CREAT | O_WRONLY, 0644);
	if (fd < 0 || close(fd) ||
	    procattr_file_set(TARGET, "security.sigil", 0, "target_t")) {
		fprintf(stderr, "policy-bench: cannot create and label " TARGET "\n");
		return 1;
	}
	for (i = 0; i < 2; i++) {
		text = make_policy(sizes[i], &size);
		for (r = 0; r < REPEAT; r++)
			v[r] = load(text, size);
		load_s[i] = median(v);
		free(text);
		time_opens(opens);	/* warm the caches */
		for (r = 0; r < REPEAT; r++)
			v[r] = time_opens(opens) / opens * 1e9;
		open_ns[i] = median(v);
		printf("%7ld rules: load %.3f ms (%zu bytes), open+close by a confined task %.0f ns (median of %d runs of %ld)\n",
		       sizes[i], load_s[i] * 1e3, size, open_ns[i], REPEAT, opens);
	}
	printf("ratio 100000/10 rules: load %.1fx, per-open check %.2fx\n",
	       load_s[1] / load_s[0], open_ns[1] / open_ns[0]);
	printf("(under TCG emulation the absolute figures are slow; the ratios are what to compare)\n");
	return 0;
}
