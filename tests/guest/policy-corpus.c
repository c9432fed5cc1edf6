/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Writes COUNT policies made from the fixed SEED into DIR, gen-NNN.policy,
 * for the parser agreement test (parser-agreement.sh): valid rules of
 * every kind, and the same with one fault or more: a field too many or
 * too few, an unknown keyword, bad permission letters, an unknown
 * capability, bytes a label may not hold, a label over 255 bytes, a bad
 * genfs path, two labels for one genfs path, an entrypoint without a
 * transition, bad protocols and ports, overlapping port ranges, CRLF
 * line ends, comments where a field could be.  Each
 * policy begins with "unconfined kernel", so that loading it never
 * confines the test shell.  The same SEED always gives the same files.
 *   policy-corpus SEED COUNT DIR
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long long state;

/* xorshift64*: the same sequence on every machine. */
static unsigned int rnd(unsigned int n)
{
	state ^= state >> 12;
	state ^= state << 25;
	state ^= state >> 27;
	return (unsigned int)((state * 2685821657736338717ULL) >> 33) % n;
}

#define PICK(a) ((a)[rnd(sizeof(a) / sizeof((a)[0]))])

static const char *const labels[] = { "a_t", "b_t", "c_t", "kernel", "x", "*" };
static const char *const bad_labels[] = {
	"a\x01", "caf\xc3\xa9", "q'uote", "back\\slash", "tab\x7f", "nul\x1b",
};
static const char *const words[] = {
	"allow", "transition", "entrypoint", "dyntransition", "fscreate",
	"relabel", "unconfined", "process", "capability", "policy",
	"nnptransition", "nosuidtransition", "genfs", "exec", "create",
	"newfiles", "permissive", "port", "net",
};
static const char *const bad_words[] = {
	"alow", "ALLOW", "genfs2", "transitions", "#allow", "allow\x01",
};
static const char *const caps[] = {
	"chown", "sys_admin", "mac_admin", "checkpoint_restore", "CAP_CHOWN",
	"sys_adm", "net_bind_service", "kill",
};
static const char *const newfiles[] = { "parent", "creator", "child" };
static const char *const protos[] = { "tcp", "udp", "sctp", "dccp", "TCP" };
static const char *const ports[] = {
	"80", "80,443", "8000-8099", "8080", "8000-8009", "8090-8099", "0",
	"90-80", "80,", ",80", "65536", "1-65535", "22", "80-80", "1x",
};
static const char *const fstypes[] = { "proc", "sysfs", "devtmpfs" };
static const char *const paths[] = {
	"/", "/sys", "/sys/kernel", "/null", "sys", "/sys/", "//x", "/a//b",
};

/* The permission field of a kind: valid letters, sometimes not. */
static void perms(char *out, const char *letters)
{
	size_t n = strlen(letters), i, k = 1 + rnd(n);
	static const char junk[] = "rwxacltsmeqR ";

	for (i = 0; i < k; i++)
		out[i] = rnd(8) ? letters[rnd(n)] : junk[rnd(sizeof(junk) - 1)];
	out[k] = '\0';
	if (out[k - 1] == ' ')
		out[k - 1] = 'r';
}

static const char *label(void)
{
	static char big[300];
	unsigned int n;

	switch (rnd(24)) {
	case 0:
		return PICK(bad_labels);
	case 1:
		n = 255 + rnd(3);	/* 255 is the longest label */
		memset(big, 'y', n);
		big[n] = '\0';
		return big;
	default:
		return PICK(labels);
	}
}

/* One rule line, valid or with a fault, into @f. */
static void rule(FILE *f)
{
	const unsigned int w = rnd(sizeof(words) / sizeof(words[0]));
	const char *sep = rnd(6) ? " " : "\t";
	char p[32];
	int nlabels;

	if (!rnd(20)) {
		fprintf(f, "%s%s%s%s%s", PICK(bad_words), sep, label(), sep, label());
		return;
	}
	/* Sometimes an assertion; "*" among its labels now and then. */
	if (!rnd(10))
		fprintf(f, "never%s", sep);
	fputs(words[w], f);
	if (!strcmp(words[w], "genfs")) {
		fprintf(f, "%s%s%s%s%s%s", sep, PICK(fstypes), sep, PICK(paths), sep,
			label());
	} else if (!strcmp(words[w], "newfiles")) {
		fprintf(f, "%s%s", sep, PICK(newfiles));
	} else if (!strcmp(words[w], "capability")) {
		fprintf(f, "%s%s%s%s", sep, label(), sep, PICK(caps));
	} else if (!strcmp(words[w], "allow") || !strcmp(words[w], "process")) {
		perms(p, words[w][0] == 'a' ? "rwxac" : "rtsm");
		fprintf(f, "%s%s%s%s%s%s", sep, label(), sep, label(), sep, p);
	} else if (!strcmp(words[w], "port")) {
		fprintf(f, "%s%s%s%s%s%s", sep, PICK(protos), sep, PICK(ports),
			sep, label());
	} else if (!strcmp(words[w], "net")) {
		perms(p, "bc");
		fprintf(f, "%s%s%s%s%s%s", sep, label(), sep, label(), sep, p);
	} else if (!strcmp(words[w], "policy")) {
		perms(p, "ler");
		fprintf(f, "%s%s%s%s", sep, label(), sep, p);
	} else {
		nlabels = !strcmp(words[w], "unconfined") ||
			  !strcmp(words[w], "permissive") ? 1 :
			  !strcmp(words[w], "relabel") ||
			  !strcmp(words[w], "exec") ||
			  !strcmp(words[w], "create") ? 3 : 2;
		while (nlabels--)
			fprintf(f, "%s%s", sep, label());
	}
	switch (rnd(16)) {
	case 0:
		fprintf(f, " %s", label());	/* a field too many */
		break;
	case 1:
		fputs(" # a comment", f);
		break;
	case 2:
		fputs("# glued", f);
		break;
	case 3:
		fputc('\r', f);
		break;
	case 4:
		fputs(" \t ", f);
		break;
	default:
		break;
	}
}

int main(int argc, char **argv)
{
	char path[4096];
	unsigned int count, i, lines, j;
	FILE *f;

	if (argc != 4) {
		fprintf(stderr, "usage: policy-corpus SEED COUNT DIR\n");
		return 2;
	}
	state = strtoull(argv[1], NULL, 0) | 1;
	count = (unsigned int)strtoul(argv[2], NULL, 0);
	for (i = 0; i < count; i++) {
		snprintf(path, sizeof(path), "%s/gen-%03u.policy", argv[3], i);
		f = fopen(path, "w");
		if (!f) {
			perror(path);
			return 1;
		}
		fputs("unconfined kernel\n", f);
		lines = 1 + rnd(6);
		for (j = 0; j < lines; j++) {
			switch (rnd(10)) {
			case 0:
				fputs(rnd(2) ? "\n" : "# comment line\n", f);
				break;
			case 1:	/* a field too few */
				fprintf(f, "%s %s\n", PICK(words), label());
				break;
			default:
				rule(f);
				fputc('\n', f);
				break;
			}
		}
		if (!rnd(4))
			rule(f);	/* no final newline */
		if (fclose(f)) {
			perror(path);
			return 1;
		}
	}
	return 0;
}
