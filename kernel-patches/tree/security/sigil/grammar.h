/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * Sigil LSM - The policy grammar
 *
 * The one definition of the rule keywords, the number of labels each rule
 * names, its last field, the names it may hold and the name audit gives
 * its check.  Read by policy.c and parse.c only, which the kernel and
 * sigilctl both compile; the other files ask policy.h's functions.  Bit N
 * of a rule's permissions is letter N of its letters (the SIGIL_PERM_*,
 * SIGIL_PROC_* and SIGIL_POLICY_* bits of <linux/sigil.h>).
 *
 * Copyright © 2026 The Sigil authors
 */

#ifndef _SECURITY_SIGIL_GRAMMAR_H
#define _SECURITY_SIGIL_GRAMMAR_H

#include <linux/sigil.h>

#include <linux/array_size.h>

/* The last field of a rule. */
enum sigil_tail {
	SIGIL_TAIL_NONE,	/* none */
	SIGIL_TAIL_LETTERS,	/* permission letters, one or more, once each */
	SIGIL_TAIL_NAME,	/* one name of the kind's list of names */
	SIGIL_TAIL_PORTS,	/* written first: a protocol, its ports */
};

/**
 * struct sigil_rule_syntax - How one kind of rule is written
 *
 * @word: The keyword that starts the rule.
 * @nlabels: The number of labels that follow it.
 * @tail: The last field, one of &enum sigil_tail.
 * @letters: For %SIGIL_TAIL_LETTERS, the letters, in the order of their
 * bits; else NULL.
 * @names: For %SIGIL_TAIL_NAME, the names, indexed by their bit; a NULL
 * entry names nothing.  For %SIGIL_TAIL_PORTS, the protocols.
 * @nnames: The number of entries in @names.
 * @names_are: For %SIGIL_TAIL_NAME, what a name is, for error messages.
 * @name_is: For %SIGIL_TAIL_NAME, what one name stands for, for error
 * messages ("unknown capability 'x'").
 * @check: For the kinds a query may ask about (the access node, a
 * check's audit record), the name audit records give the check
 * ("check=file"); NULL for the others.
 * @attrs: The labels that an attribute may stand for, bit N for label N:
 * the subjects and objects, not a label a rule gives (an exec or create
 * rule's third, a port's) nor a file system's.
 */
struct sigil_rule_syntax {
	const char *word;
	unsigned int nlabels;
	unsigned int tail;
	const char *letters;
	const char *const *names;
	unsigned int nnames;
	const char *names_are;
	const char *name_is;
	const char *check;
	unsigned int attrs;
};

/* The names of capability rules, as in capabilities(7), indexed by CAP_*. */
static const char *const sigil_cap_names[] = {
	"chown", "dac_override", "dac_read_search", "fowner", "fsetid",
	"kill", "setgid", "setuid", "setpcap", "linux_immutable",
	"net_bind_service", "net_broadcast", "net_admin", "net_raw",
	"ipc_lock", "ipc_owner", "sys_module", "sys_rawio", "sys_chroot",
	"sys_ptrace", "sys_pacct", "sys_admin", "sys_boot", "sys_nice",
	"sys_resource", "sys_time", "sys_tty_config", "mknod", "lease",
	"audit_write", "audit_control", "setfcap", "mac_override",
	"mac_admin", "syslog", "wake_alarm", "block_suspend", "audit_read",
	"perfmon", "bpf", "checkpoint_restore",
};

/*
 * The names of socket rules, indexed by AF_*: the address family's name
 * in address_families(7), lower case, without af_.  AF_UNSPEC names no
 * socket anyone can create.
 */
static const char *const sigil_family_names[] = {
	NULL, "unix", "inet", "ax25", "ipx", "appletalk", "netrom",
	"bridge", "atmpvc", "x25", "inet6", "rose", "decnet", "netbeui",
	"security", "key", "netlink", "packet", "ash", "econet", "atmsvc",
	"rds", "sna", "irda", "pppox", "wanpipe", "llc", "ib", "mpls", "can",
	"tipc", "bluetooth", "iucv", "rxrpc", "isdn", "phonet", "ieee802154",
	"caif", "alg", "nfc", "vsock", "kcm", "qipcrtr", "smc", "xdp",
	"mctp",
};

/*
 * The protocols of port rules, indexed by SIGIL_PROTO_*: tcp also names
 * MPTCP, udp also UDP-Lite, which share their ports.
 */
static const char *const sigil_proto_names[] = { "tcp", "udp", "sctp" };

/*
 * The names of the newfiles rule, indexed by SIGIL_NEWFILES_*: where a
 * new file takes its label from when neither attr/fscreate nor a create
 * rule names one.
 */
static const char *const sigil_newfiles_names[] = { "parent", "creator" };

/*
 * The names of the fslabels rule, indexed by SIGIL_FSLABELS_*: whether the
 * files of a file system type are labelled by their security.sigil.
 */
static const char *const sigil_fslabels_names[] = { "xattr", "genfs" };

static const struct sigil_rule_syntax sigil_rule_syntax[SIGIL_RULE_KINDS] = {
	[SIGIL_RULE_ALLOW] = {
		.word = "allow", .nlabels = 2, .tail = SIGIL_TAIL_LETTERS,
		.letters = "rwxac", .check = "file", .attrs = 3,
	},
	[SIGIL_RULE_TRANSITION] = {
		.word = "transition", .nlabels = 2, .check = "transition",
		.attrs = 3,
	},
	[SIGIL_RULE_ENTRYPOINT] = {
		.word = "entrypoint", .nlabels = 2, .attrs = 3,
	},
	[SIGIL_RULE_DYNTRANSITION] = {
		.word = "dyntransition", .nlabels = 2, .check = "dyntransition",
		.attrs = 3,
	},
	[SIGIL_RULE_FSCREATE] = {
		.word = "fscreate", .nlabels = 2, .check = "fscreate",
		.attrs = 3,
	},
	[SIGIL_RULE_RELABEL] = {
		.word = "relabel", .nlabels = 3, .check = "relabel",
		.attrs = 7,
	},
	[SIGIL_RULE_UNCONFINED] = {
		.word = "unconfined", .nlabels = 1, .check = "unconfined",
		.attrs = 1,
	},
	[SIGIL_RULE_PROCESS] = {
		.word = "process", .nlabels = 2, .tail = SIGIL_TAIL_LETTERS,
		.letters = "rtsm", .check = "process", .attrs = 3,
	},
	[SIGIL_RULE_CAPABILITY] = {
		.word = "capability", .nlabels = 1, .tail = SIGIL_TAIL_NAME,
		.names = sigil_cap_names, .nnames = ARRAY_SIZE(sigil_cap_names),
		.names_are = "a name of capabilities(7), lower case, without cap_",
		.name_is = "capability", .check = "capability", .attrs = 1,
	},
	[SIGIL_RULE_POLICY] = {
		.word = "policy", .nlabels = 1, .tail = SIGIL_TAIL_LETTERS,
		.letters = "ler", .check = "policy", .attrs = 1,
	},
	[SIGIL_RULE_NNP_TRANSITION] = {
		.word = "nnptransition", .nlabels = 2, .check = "nnptransition",
		.attrs = 3,
	},
	[SIGIL_RULE_NOSUID_TRANSITION] = {
		.word = "nosuidtransition", .nlabels = 2,
		.check = "nosuidtransition", .attrs = 3,
	},
	/* The file system type and the path are checked as labels first. */
	[SIGIL_RULE_GENFS] = { .word = "genfs", .nlabels = 3 },
	[SIGIL_RULE_SOCKET] = {
		.word = "socket", .nlabels = 1, .tail = SIGIL_TAIL_NAME,
		.names = sigil_family_names,
		.nnames = ARRAY_SIZE(sigil_family_names),
		.names_are = "an address family of address_families(7), lower case, without af_",
		.name_is = "address family", .check = "socket", .attrs = 1,
	},
	/* One rule for each pair of its first two labels. */
	[SIGIL_RULE_EXEC] = { .word = "exec", .nlabels = 3, .attrs = 3 },
	[SIGIL_RULE_CREATE] = { .word = "create", .nlabels = 3, .attrs = 3 },
	[SIGIL_RULE_PERMISSIVE] = {
		.word = "permissive", .nlabels = 1, .attrs = 1,
	},
	[SIGIL_RULE_NEWFILES] = {
		.word = "newfiles", .tail = SIGIL_TAIL_NAME,
		.names = sigil_newfiles_names,
		.nnames = ARRAY_SIZE(sigil_newfiles_names),
		.names_are = "parent or creator",
		.name_is = "source of new files' labels",
	},
	/* The file system type is checked as a label first. */
	[SIGIL_RULE_FSLABELS] = {
		.word = "fslabels", .nlabels = 1, .tail = SIGIL_TAIL_NAME,
		.names = sigil_fslabels_names,
		.nnames = ARRAY_SIZE(sigil_fslabels_names),
		.names_are = "xattr or genfs",
		.name_is = "source of a file system's labels",
	},
	/*
	 * "port PROTO PORTS LABEL": the protocol and a list of ports and
	 * ranges come before the label; one rule for each entry of the list.
	 */
	[SIGIL_RULE_PORT] = {
		.word = "port", .nlabels = 1, .tail = SIGIL_TAIL_PORTS,
		.names = sigil_proto_names,
		.nnames = ARRAY_SIZE(sigil_proto_names),
		.names_are = "tcp, udp or sctp", .name_is = "protocol",
	},
	[SIGIL_RULE_NET] = {
		.word = "net", .nlabels = 2, .tail = SIGIL_TAIL_LETTERS,
		.letters = "bcsrm", .check = "net", .attrs = 3,
	},
	/*
	 * "attribute NAME" names a group of labels, "member LABEL NAME" puts
	 * a label in it; a rule that names an attribute where @attrs allows
	 * stands for the same rule for each member, made at load.
	 */
	[SIGIL_RULE_ATTRIBUTE] = { .word = "attribute", .nlabels = 1 },
	[SIGIL_RULE_MEMBER] = { .word = "member", .nlabels = 2 },
	/*
	 * "never reach FROM TO": no chain of transition and dyntransition
	 * rules leads from FROM to TO.  An assertion only.
	 */
	[SIGIL_RULE_REACH] = { .word = "reach", .nlabels = 2, .attrs = 3 },
};

/*
 * An assertion: "never" and a rule of any kind that gives a right or a
 * label (not genfs, newfiles, fslabels, port, attribute or member), which
 * the policy must not grant, checked at load.  A label of an assertion
 * may be "*", any label of a rule (not the unconfined or permissive ones,
 * which are outside assertions that do not name them).
 */
#define SIGIL_NEVER_WORD "never"
#define SIGIL_NEVER_ANY "*"

static inline int sigil_never_kind(unsigned int kind)
{
	return kind < SIGIL_RULE_KINDS && kind != SIGIL_RULE_GENFS &&
	       kind != SIGIL_RULE_NEWFILES && kind != SIGIL_RULE_FSLABELS &&
	       kind != SIGIL_RULE_PORT && kind != SIGIL_RULE_ATTRIBUTE &&
	       kind != SIGIL_RULE_MEMBER;
}

#endif /* _SECURITY_SIGIL_GRAMMAR_H */
