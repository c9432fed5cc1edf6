/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Audit rules by label, through the audit netlink API as auditctl and
 * auditd use it, for labels.sh:
 *
 *   audit-rules KEY FIELD OP LABEL SCRIPT
 *
 * Becomes the audit daemon (AUDIT_SET: enabled, pid), adds the rule
 * "exit,always -S openat -F arch=<this arch> -F FIELD OP LABEL -F key=KEY"
 * (FIELD: subj_type, obj_type, subj_user; OP: = or !=), runs
 * "sh -c SCRIPT", then prints each record of an event the rule logged
 * (the SYSCALL record with the key and the records of the same event),
 * one "type=N MESSAGE" line each, deletes the rule and gives the audit
 * state back (enabled as before, no daemon).  Prints "rule refused: ERRNO" if the kernel refuses the
 * rule.  Exits 0, or 1 after saying what failed.
 */
#include <config.h>

#include <errno.h>
#include <linux/audit.h>
#include <linux/netlink.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#ifdef __aarch64__
#define THIS_ARCH AUDIT_ARCH_AARCH64
#else
#define THIS_ARCH AUDIT_ARCH_X86_64
#endif

static int nl;
static unsigned int seq;

static int die(const char *what)
{
	fprintf(stderr, "audit-rules: %s: %s\n", what, strerror(errno));
	exit(1);
}

/* Sends one request; returns 0 or the kernel's negative errno (ACK). */
static int request(int type, const void *data, size_t len)
{
	char buf[8192] __attribute__((aligned(NLMSG_ALIGNTO)));
	struct nlmsghdr *h = (struct nlmsghdr *)buf;
	struct sockaddr_nl k = { .nl_family = AF_NETLINK };
	ssize_t n;

	memset(buf, 0, NLMSG_SPACE(len));
	h->nlmsg_len = NLMSG_LENGTH(len);
	h->nlmsg_type = type;
	h->nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;
	h->nlmsg_seq = ++seq;
	memcpy(NLMSG_DATA(h), data, len);
	if (sendto(nl, buf, h->nlmsg_len, 0, (struct sockaddr *)&k, sizeof(k)) < 0)
		die("sendto");
	/* The ACK; records that arrive first are not ours yet: skipped. */
	for (;;) {
		n = recv(nl, buf, sizeof(buf), 0);
		if (n < 0)
			die("recv");
		for (h = (struct nlmsghdr *)buf; NLMSG_OK(h, n); h = NLMSG_NEXT(h, n))
			if (h->nlmsg_type == NLMSG_ERROR && h->nlmsg_seq == seq)
				return ((struct nlmsgerr *)NLMSG_DATA(h))->error;
	}
}

/* AUDIT_GET: the audit state, to give back at the end. */
static void get_status(struct audit_status *st)
{
	char buf[8192] __attribute__((aligned(NLMSG_ALIGNTO)));
	struct nlmsghdr *h = (struct nlmsghdr *)buf;
	struct sockaddr_nl k = { .nl_family = AF_NETLINK };
	ssize_t n;

	memset(buf, 0, NLMSG_SPACE(0));
	h->nlmsg_len = NLMSG_LENGTH(0);
	h->nlmsg_type = AUDIT_GET;
	h->nlmsg_flags = NLM_F_REQUEST;
	h->nlmsg_seq = ++seq;
	if (sendto(nl, buf, h->nlmsg_len, 0, (struct sockaddr *)&k, sizeof(k)) < 0)
		die("sendto");
	for (;;) {
		n = recv(nl, buf, sizeof(buf), 0);
		if (n < 0)
			die("recv");
		for (h = (struct nlmsghdr *)buf; NLMSG_OK(h, n); h = NLMSG_NEXT(h, n))
			if (h->nlmsg_type == AUDIT_GET) {
				memcpy(st, NLMSG_DATA(h), sizeof(*st));
				return;
			}
	}
}

static struct audit_rule_data *make_rule(const char *key, const char *field,
					 const char *op, const char *label,
					 size_t *size)
{
	const size_t buflen = strlen(label) + strlen(key);
	struct audit_rule_data *r = calloc(1, sizeof(*r) + buflen);
	const unsigned int nr = __NR_openat;
	__u32 type;

	if (!r)
		die("calloc");
	if (!strcmp(field, "subj_type"))
		type = AUDIT_SUBJ_TYPE;
	else if (!strcmp(field, "obj_type"))
		type = AUDIT_OBJ_TYPE;
	else if (!strcmp(field, "subj_user"))
		type = AUDIT_SUBJ_USER;
	else
		errno = EINVAL, die(field);
	r->flags = AUDIT_FILTER_EXIT;
	r->action = AUDIT_ALWAYS;
	r->mask[nr / 32] |= 1U << (nr % 32);
	r->field_count = 3;
	r->fields[0] = AUDIT_ARCH;
	r->values[0] = THIS_ARCH;
	r->fieldflags[0] = AUDIT_EQUAL;
	r->fields[1] = type;
	r->values[1] = strlen(label);
	r->fieldflags[1] = !strcmp(op, "!=") ? AUDIT_NOT_EQUAL : AUDIT_EQUAL;
	r->fields[2] = AUDIT_FILTERKEY;
	r->values[2] = strlen(key);
	r->fieldflags[2] = AUDIT_EQUAL;
	r->buflen = buflen;
	memcpy(r->buf, label, strlen(label));
	memcpy(r->buf + strlen(label), key, strlen(key));
	*size = sizeof(*r) + buflen;
	return r;
}

/* Prints the records of the events with key=KEY until @ms of quiet. */
static void print_events(const char *key, int ms)
{
	char buf[10000] __attribute__((aligned(NLMSG_ALIGNTO)));
	char keyfield[300], serials[64][32];
	struct pollfd p = { nl, POLLIN, 0 };
	int nserials = 0, i;
	struct nlmsghdr *h;
	ssize_t n;

	snprintf(keyfield, sizeof(keyfield), "key=\"%s\"", key);
	while (poll(&p, 1, ms) > 0) {
		n = recv(nl, buf, sizeof(buf), 0);
		if (n < 0)
			die("recv");
		/*
		 * kauditd sends one record a message, and its nlmsg_len
		 * counts only the text (audit_log_end()): the text ends
		 * where the datagram does, or at its NUL.
		 */
		h = (struct nlmsghdr *)buf;
		if (n > NLMSG_HDRLEN) {
			const char *msg = NLMSG_DATA(h);
			const int len = strnlen(msg, n - NLMSG_HDRLEN);
			char serial[32] = "";
			const char *c = memchr(msg, ':', len);

			/* audit(SECONDS.MS:SERIAL): */
			if (c)
				snprintf(serial, sizeof(serial), "%.*s",
					 (int)strcspn(c + 1, ")"), c + 1);
			if (h->nlmsg_type == AUDIT_SYSCALL &&
			    memmem(msg, len, keyfield, strlen(keyfield)) &&
			    nserials < 64)
				strcpy(serials[nserials++], serial);
			for (i = 0; i < nserials; i++)
				if (!strcmp(serials[i], serial))
					break;
			if (i < nserials && h->nlmsg_type != AUDIT_EOE)
				printf("type=%d %.*s\n", h->nlmsg_type, len, msg);
		}
	}
}

int main(int argc, char **argv)
{
	struct sockaddr_nl me = { .nl_family = AF_NETLINK };
	struct audit_status s = { 0 }, old;
	struct audit_rule_data *rule;
	size_t size;
	pid_t child;
	int err, status;

	if (argc != 6) {
		fprintf(stderr, "usage: audit-rules KEY FIELD OP LABEL SCRIPT\n");
		return 2;
	}
	setvbuf(stdout, NULL, _IONBF, 0);
	nl = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_AUDIT);
	if (nl < 0 || bind(nl, (struct sockaddr *)&me, sizeof(me)))
		die("netlink socket");
	get_status(&old);
	s.mask = AUDIT_STATUS_ENABLED | AUDIT_STATUS_PID;
	s.enabled = 1;
	s.pid = getpid();
	err = request(AUDIT_SET, &s, sizeof(s));
	if (err)
		errno = -err, die("AUDIT_SET enabled=1 pid");
	rule = make_rule(argv[1], argv[2], argv[3], argv[4], &size);
	err = request(AUDIT_ADD_RULE, rule, size);
	if (err) {
		printf("rule refused: %s\n", strerrorname_np(-err));
	} else {
		child = fork();
		if (child == 0) {
			execl("/bin/sh", "sh", "-c", argv[5], (char *)NULL);
			_exit(127);
		}
		if (child < 0 || waitpid(child, &status, 0) < 0)
			die("running the script");
		print_events(argv[1], 500);
		err = request(AUDIT_DEL_RULE, rule, size);
		if (err)
			errno = -err, die("AUDIT_DEL_RULE");
	}
	s.mask = AUDIT_STATUS_ENABLED | AUDIT_STATUS_PID;
	s.enabled = old.enabled;
	s.pid = 0;
	err = request(AUDIT_SET, &s, sizeof(s));
	if (err)
		errno = -err, die("AUDIT_SET pid=0, enabled as before");
	return 0;
}
