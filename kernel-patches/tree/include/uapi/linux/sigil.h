/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * Sigil LSM - User space API
 *
 * Copyright © 2026 The Sigil authors
 */

#ifndef _UAPI_LINUX_SIGIL_H
#define _UAPI_LINUX_SIGIL_H

/*
 * A label is 1 to SIGIL_LABEL_MAX bytes, each an ASCII letter, a digit or
 * one of SIGIL_LABEL_PUNCT, so that no log record, policy line or shell
 * word that holds one needs quoting.  Written labels may end with one
 * '\n' or '\0'.
 */
#define SIGIL_LABEL_MAX 255
#define SIGIL_LABEL_PUNCT "_-.:+@/"

/* Whether @c may be a byte of a label. */
static __inline__ int sigil_label_byte(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.' ||
	       c == ':' || c == '+' || c == '@' || c == '/';
}

/* The label of the first task, and so of every task until one changes. */
#define SIGIL_LABEL_KERNEL "kernel"

/* The label of a file whose inode has no security.sigil attribute. */
#define SIGIL_LABEL_UNLABELED "unlabeled"

/*
 * The kinds of policy rules, one per keyword.  Their grammar (keyword,
 * labels named, last field, permission letters) is the one table of
 * security/sigil/grammar.h, which the kernel's parsers and sigilctl's
 * offline checker share.
 */
enum sigil_rule_kind {
	SIGIL_RULE_ALLOW,
	SIGIL_RULE_TRANSITION,
	SIGIL_RULE_ENTRYPOINT,
	SIGIL_RULE_DYNTRANSITION,
	SIGIL_RULE_FSCREATE,
	SIGIL_RULE_RELABEL,
	SIGIL_RULE_UNCONFINED,
	SIGIL_RULE_PROCESS,
	SIGIL_RULE_CAPABILITY,
	SIGIL_RULE_POLICY,
	SIGIL_RULE_NNP_TRANSITION,
	SIGIL_RULE_NOSUID_TRANSITION,
	SIGIL_RULE_GENFS,
	SIGIL_RULE_SOCKET,
	SIGIL_RULE_EXEC,
	SIGIL_RULE_CREATE,
	SIGIL_RULE_NEWFILES,
	SIGIL_RULE_PERMISSIVE,
	SIGIL_RULE_FSLABELS,
	SIGIL_RULE_PORT,
	SIGIL_RULE_NET,
	SIGIL_RULE_ATTRIBUTE,
	SIGIL_RULE_MEMBER,
	SIGIL_RULE_REACH,
	SIGIL_RULE_KINDS	/* the number of kinds */
};

/* File access rights: bit N is letter N of "rwxac" in allow rules. */
#define SIGIL_PERM_READ		(1U << 0)	/* r */
#define SIGIL_PERM_WRITE	(1U << 1)	/* w */
#define SIGIL_PERM_EXEC		(1U << 2)	/* x: execute, search */
#define SIGIL_PERM_APPEND	(1U << 3)	/* a */
#define SIGIL_PERM_CREATE	(1U << 4)	/* c: create in a directory */
#define SIGIL_PERM_ALL		((1U << 5) - 1)

/* Rights on another task: letters "rtsm" of process rules. */
#define SIGIL_PROC_READ		(1U << 0)	/* r: /proc/PID contents */
#define SIGIL_PROC_TRACE	(1U << 1)	/* t: ptrace, /proc/PID/mem */
#define SIGIL_PROC_SIGNAL	(1U << 2)	/* s: any signal */
#define SIGIL_PROC_MANAGE	(1U << 3)	/* m: scheduling, limits, pgid */
#define SIGIL_PROC_ALL		((1U << 4) - 1)

/* Rights on the policy itself: letters "ler" of policy rules. */
#define SIGIL_POLICY_LOAD	(1U << 0)	/* l */
#define SIGIL_POLICY_ENFORCE	(1U << 1)	/* e */
#define SIGIL_POLICY_READ	(1U << 2)	/* r */

/*
 * Where a new file takes its label from when neither attr/fscreate nor a
 * create rule gives one: the names of the newfiles rule, "parent" (the
 * default) and "creator".
 */
#define SIGIL_NEWFILES_PARENT	0
#define SIGIL_NEWFILES_CREATOR	1

/*
 * Where the files of a file system type take their labels from: the names
 * of the fslabels rule, "xattr" (security.sigil, else the genfs rules) and
 * "genfs" (the genfs rules alone: security.sigil is not believed).
 */
#define SIGIL_FSLABELS_XATTR	0
#define SIGIL_FSLABELS_GENFS	1

/*
 * Rights on a port's or a packet's label: letters "bcsrm" of net rules.
 * A port's label is asked for b and c; a packet's, which the firewall
 * gives it (secmark), for s, r and m.
 */
#define SIGIL_NET_BIND		(1U << 0)	/* b: bind, listen unbound */
#define SIGIL_NET_CONNECT	(1U << 1)	/* c: connect, send to it */
#define SIGIL_NET_SEND		(1U << 2)	/* s: send packets of it */
#define SIGIL_NET_RECV		(1U << 3)	/* r: receive packets of it */
#define SIGIL_NET_MARK		(1U << 4)	/* m: give it to packets */
#define SIGIL_NET_ALL		((1U << 5) - 1)

/*
 * The protocols of port rules: "tcp" (TCP and MPTCP), "udp" (UDP and
 * UDP-Lite) and "sctp".
 */
#define SIGIL_PROTO_TCP		0
#define SIGIL_PROTO_UDP		1
#define SIGIL_PROTO_SCTP	2
#define SIGIL_PROTOS		3

/*
 * The labels of the ports no port rule names: below the network
 * namespace's net.ipv4.ip_unprivileged_port_start, reserved_port; in its
 * net.ipv4.ip_local_port_range, and port 0 (a bind that lets the kernel
 * choose), ephemeral_port; any other, unreserved_port.
 */
#define SIGIL_LABEL_PORT_RESERVED	"reserved_port"
#define SIGIL_LABEL_PORT_EPHEMERAL	"ephemeral_port"
#define SIGIL_LABEL_PORT_UNRESERVED	"unreserved_port"

/* Limits on a policy, see sigil-policy(5). */
#define SIGIL_POLICY_MAX_BYTES	(64UL << 20)
#define SIGIL_POLICY_MAX_RULES	(1UL << 20)
/* Rules that one line naming attributes may stand for. */
#define SIGIL_POLICY_MAX_EXPANSION	(1UL << 16)

#endif /* _UAPI_LINUX_SIGIL_H */
