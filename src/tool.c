/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the Sigil tools share beyond libsigil.
 */
#include <config.h>

#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <linux/sigil.h>

#include "sigil.h"
#include "tool.h"

/* @attr: the error comes from a process attribute (sigil_strerror()). */
static void vmessage(int attr, int err, const char *fmt, va_list ap)
{
	fflush(stdout);
	fprintf(stderr, "%s: ", program_name);
	vfprintf(stderr, fmt, ap);
	if (err)
		fprintf(stderr, ": %s",
			attr ? sigil_strerror(err) : strerror(err < 0 ? -err : err));
	fputc('\n', stderr);
}

void tool_error(int err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmessage(0, err, fmt, ap);
	va_end(ap);
}

noreturn void tool_die(int status, int err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmessage(0, err, fmt, ap);
	va_end(ap);
	exit(status);
}

noreturn void tool_attr_die(int status, int err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmessage(1, err, fmt, ap);
	va_end(ap);
	exit(status);
}

void tool_attr_error(int err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmessage(1, err, fmt, ap);
	va_end(ap);
}

noreturn void tool_version(void)
{
	printf("%s (%s) %s\n", program_name, PACKAGE_NAME, PACKAGE_VERSION);
	exit(EXIT_SUCCESS);
}

const char *tool_check_lsm(const char *name, int usage, int status)
{
	int active;

	if (!sigil_lsm_has_attrs(name) && sigil_lsm_id(name))
		tool_die(usage, 0,
			 "security module '%s' has no process attributes (sigil, selinux, smack and apparmor have)",
			 name);
	if (!sigil_lsm_has_attrs(name))
		tool_die(usage, 0,
			 "unknown security module '%s' (one of sigil, selinux, smack, apparmor)",
			 name);
	active = sigil_lsm_active(name);
	if (active < 0)
		tool_die(status, active, "cannot list the active security modules");
	if (!active)
		tool_die(status, 0, "security module '%s' is not active", name);
	return name;
}

void tool_explain_own_refusal(const char *lsm, int err, const char *kind,
			      const char *rest)
{
	char *self = NULL;

	if (err != -EACCES || !lsm || strcmp(lsm, "sigil") ||
	    sigil_attr_get(0, lsm, SIGIL_ATTR_CURRENT, &self) || !self)
		return;
	tool_explain_refusal(lsm, err, "%s %s %s", kind, self, rest);
	free(self);
}

int tool_read_fd(int fd, char **text, size_t *size)
{
	size_t len = 0, cap = 65536;
	char *buf = malloc(cap), *more;
	ssize_t n;
	int err;

	if (!buf)
		return -ENOMEM;
	/* One byte is kept for the NUL. */
	while ((n = read(fd, buf + len, cap - 1 - len)) != 0) {
		if (n < 0) {
			if (errno == EINTR)
				continue;
			err = -errno;
			free(buf);
			return err;
		}
		len += (size_t)n;
		if (len == cap - 1) {
			more = realloc(buf, cap *= 2);
			if (!more) {
				free(buf);
				return -ENOMEM;
			}
			buf = more;
		}
	}
	buf[len] = '\0';
	*text = buf;
	*size = len;
	return 0;
}

void tool_require_attr(const char *lsm, int attr, int status, const char *why)
{
	if (lsm && !sigil_lsm_has_attr(lsm, attr))
		tool_die(status, 0, "%s has no %s attribute: %s", lsm,
			 sigil_attr_name(attr), why);
}

noreturn void tool_exec(char *const argv[])
{
	int err;

	execvp(argv[0], argv);
	err = errno;
	tool_error(-err, "cannot run '%s'", argv[0]);
	exit(err == ENOENT ? EXIT_ENOENT : EXIT_CANNOT_INVOKE);
}

void tool_common_option(int c, const char **lsm, void (*usage)(int),
			int status)
{
	switch (c) {
	case TOOL_OPT_LSM:
		if (*lsm)
			tool_die(status, 0, "multiple security modules");
		*lsm = optarg;
		break;
	case TOOL_OPT_HELP:
		usage(EXIT_SUCCESS);
		break;
	case TOOL_OPT_VERSION:
		tool_version();
		break;
	default:
		usage(status);
	}
}

void tool_explain_label(const char *lsm, int err, const char *label)
{
	const size_t len = strlen(label);
	size_t i;

	if (err != -EINVAL || !lsm || strcmp(lsm, "sigil"))
		return;
	for (i = 0; i < len && sigil_label_byte(label[i]); i++)
		;
	if (!len)
		tool_error(0, "a sigil label is 1 to %d bytes; '' is empty",
			   SIGIL_LABEL_MAX);
	else if (len > SIGIL_LABEL_MAX)
		tool_error(0, "a sigil label is 1 to %d bytes; this one has %zu",
			   SIGIL_LABEL_MAX, len);
	else if (i < len)
		tool_error(0, "a sigil label is letters, digits and %s; byte %zu is %s",
			   SIGIL_LABEL_PUNCT, i + 1, label[i] == ' ' ? "a space" :
			   label[i] == '\n' ? "a newline" :
			   label[i] == '\t' ? "a tab" :
			   (unsigned char)label[i] > 0x20 &&
			   (unsigned char)label[i] < 0x7f ? "not one of them" :
			   "not printable ASCII");
}

void tool_explain_refusal(const char *lsm, int err, const char *fmt, ...)
{
	char query[1024], *answer = NULL;
	va_list ap;

	if (err != -EACCES || !lsm || strcmp(lsm, "sigil"))
		return;
	va_start(ap, fmt);
	vsnprintf(query, sizeof(query), fmt, ap);
	va_end(ap);
	if (sigil_query(query, &answer) == 0 &&
	    strncmp(answer, "allowed", 7))
		tool_error(0, "the sigil policy has no rule to allow it: %s", answer);
	free(answer);
}
