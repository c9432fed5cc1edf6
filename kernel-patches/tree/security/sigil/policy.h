/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Sigil LSM - Policy: rules, their table, the parser and the load checks
 *
 * One header for three files, which compile into the kernel and, over
 * the shim headers of src/kshim/, into sigilctl: policy.c (the rule
 * table and its lookups, the printer of a rule), verify.c (what is
 * checked of a rule against the others and of the whole policy) and
 * parse.c (the text, read once).
 *
 * Copyright © 2026 The Sigil authors
 */

#ifndef _SECURITY_SIGIL_POLICY_H
#define _SECURITY_SIGIL_POLICY_H

#include <linux/bits.h>
#include <linux/build_bug.h>
#include <linux/compiler_attributes.h>
#include <linux/types.h>
#include <linux/workqueue.h>

#include <uapi/linux/sigil.h>

#include "label.h"

/* What the parser notes in a transition rule's perms. */
#define SIGIL_TRANSITION_RULE	BIT(0)	/* the rule is there */
#define SIGIL_TRANSITION_NARROW	BIT(1)	/* entrypoint rules name its target */

/*
 * A port rule keeps its protocol and its range of ports in its perms, one
 * rule for each entry of the list written.
 */
#define SIGIL_PORT_PERMS(proto, lo, hi) \
	((u64)(proto) << 32 | (u64)(hi) << 16 | (u64)(lo))
#define SIGIL_PORT_LO(perms)	((u16)(perms))
#define SIGIL_PORT_HI(perms)	((u16)((perms) >> 16))
#define SIGIL_PORT_PROTO(perms)	((unsigned int)((perms) >> 32) & 0xff)

/**
 * struct sigil_ports - A run of ports that one port rule labels
 */
struct sigil_ports {
	/**
	 * @lo: The first port of the run.
	 */
	u16 lo;
	/**
	 * @hi: The last port of the run.
	 */
	u16 hi;
	/**
	 * @rule: The most specific port rule for each port of the run.
	 */
	const struct sigil_rule *rule;
};

/**
 * struct sigil_rule - One rule of a policy
 */
struct sigil_rule {
	/**
	 * @next: The next rule in the same bucket of the policy's table.
	 */
	struct sigil_rule *next;
	/**
	 * @l: The labels the rule names, in order, referenced; unused ones
	 * are NULL, and so is "*" in an assertion.  A genfs rule keeps its
	 * file system type and path in @l[0] and @l[1], interned like labels.
	 */
	struct sigil_label *l[3];
	/**
	 * @perms: The rights of allow (SIGIL_PERM_*), process
	 * (SIGIL_PROC_*) and policy (SIGIL_POLICY_*) rules; the
	 * capabilities of capability rules, the address families of socket
	 * rules and the source of newfiles rules, one bit each;
	 * SIGIL_TRANSITION_* for transition rules; the protocol and range
	 * of port rules, as SIGIL_PORT_PERMS() makes them.
	 */
	u64 perms : 56;
	/**
	 * @kind: One of &enum sigil_rule_kind.
	 */
	u64 kind : 8;
};

/* Makes sure that the rule's kind field holds every kind. */
static_assert(SIGIL_RULE_KINDS <= 1 << 8);

/**
 * struct sigil_rule_use - How often a rule of the running policy was used
 *
 * Written without a lock by the checks that find the rule: two at once
 * may count one, never none.
 */
struct sigil_rule_use {
	/**
	 * @count: Lookups that found the rule (cache fills, not hits),
	 * stopping at U32_MAX.
	 */
	u32 count;
	/**
	 * @last: When it was last found, in seconds since the policy's
	 * load (on the boot clock) plus one; 0 for never.
	 */
	u32 last;
};

/**
 * struct sigil_attr - An attribute of a policy: a named group of labels
 */
struct sigil_attr {
	/**
	 * @name: The attribute, held by its attribute rule.
	 */
	struct sigil_label *name;
	/**
	 * @n: Number of members.
	 */
	unsigned int n;
	/**
	 * @members: Its members, held by their member rules.
	 */
	struct sigil_label **members;
};

/**
 * struct sigil_policy - A loaded policy, replaced as a whole under RCU
 */
struct sigil_policy {
	/**
	 * @seq: Number of the load that installed it, from 1; 0 before.
	 */
	u64 seq;
	/**
	 * @nrules: Number of rules, allow rules for one pair merged, one per
	 * name of capability and socket rules.
	 */
	unsigned int nrules;
	/**
	 * @nused: Entries used in @rules.
	 */
	unsigned int nused;
	/**
	 * @room: Entries allocated in @rules and @lines; the table has as
	 * many buckets.
	 */
	unsigned int room;
	/**
	 * @hash_bits: The table has 2^@hash_bits buckets.
	 */
	unsigned int hash_bits;
	/**
	 * @table: Hash table of @rules, keyed on kind and label pointers.
	 */
	struct sigil_rule **table;
	/**
	 * @rules: The rules, in the order first written.
	 */
	struct sigil_rule *rules;
	/**
	 * @lines: The line each rule of @rules was first written on.
	 */
	unsigned int *lines;
	/**
	 * @ngenfs: Number of genfs rules.
	 */
	unsigned int ngenfs;
	/**
	 * @genfs: The genfs rules, for sigil_policy_genfs(); made by
	 * sigil_policy_index() once every rule is in.
	 */
	const struct sigil_rule **genfs;
	/**
	 * @nports: Number of port rules, one per range written.
	 */
	unsigned int nports;
	/**
	 * @nruns: Number of entries in each of @runs.
	 */
	unsigned int nruns[SIGIL_PROTOS];
	/**
	 * @runs: For each protocol, the ports port rules name, in order, in
	 * runs that one rule labels, for sigil_policy_port(); made by
	 * sigil_policy_index().
	 */
	struct sigil_ports *runs[SIGIL_PROTOS];
	/**
	 * @nexec: Number of exec rules: none, and an execve asks no more.
	 */
	unsigned int nexec;
	/**
	 * @ncreate: Number of create rules: none, and a creation asks no
	 * more.
	 */
	unsigned int ncreate;
	/**
	 * @nnames: Number of create rules that name the new file.
	 */
	unsigned int nnames;
	/**
	 * @name_room: Entries allocated in @names.
	 */
	unsigned int name_room;
	/**
	 * @names: The file names of those rules, referenced; such a rule's
	 * perms hold its name's index here plus one, an unnamed create
	 * rule's 0.
	 */
	struct sigil_label **names;
	/**
	 * @newfiles_creator: Whether a newfiles rule says "creator".
	 */
	bool newfiles_creator;
	/**
	 * @nnevers: Number of assertions.
	 */
	unsigned int nnevers;
	/**
	 * @never_room: Entries allocated in @nevers and @never_lines.
	 */
	unsigned int never_room;
	/**
	 * @nevers: The assertions ("never" rules), checked at load and kept
	 * for sigil_policy_show(); a NULL label stands for "*".
	 */
	struct sigil_rule *nevers;
	/**
	 * @never_lines: The line of each assertion, for error messages.
	 */
	unsigned int *never_lines;
	/**
	 * @nattrs: Number of attributes.
	 */
	unsigned int nattrs;
	/**
	 * @attrs: The attributes, in the order of their attribute rules,
	 * whose permissions hold their index here; made by
	 * sigil_policy_index_attrs() before the rules that name them are
	 * read.
	 */
	struct sigil_attr *attrs;
	/**
	 * @attr_members: The members of every attribute, one run each.
	 */
	struct sigil_label **attr_members;
	/**
	 * @newfiles: The newfiles rule, or NULL; set by
	 * sigil_policy_start_use().
	 */
	const struct sigil_rule *newfiles;
	/**
	 * @use: How often each rule of @rules was used, once the policy is
	 * about to run (sigil_policy_start_use()); NULL before.
	 */
	struct sigil_rule_use *use;
	/**
	 * @loaded: When the policy was loaded, in seconds since the epoch.
	 */
	s64 loaded;
	/**
	 * @loaded_boot: The same time, in seconds since boot (suspended
	 * time included), which the uses are counted from: a step of the
	 * clock does not move them.
	 */
	s64 loaded_boot;
	/**
	 * @text_hash: The FNV-1a hash of the text it was loaded from, by
	 * which sigilctl tells that its files are still that text.
	 */
	u64 text_hash;
	/**
	 * @free_work: Frees the policy after a grace period.
	 */
	struct rcu_work free_work;
};

struct sigil_policy_error;

/**
 * typedef sigil_breaking_fn - Told of a rule that breaks an assertion
 *
 * @err: The error being filled in.
 * @policy: The policy, for sigil_policy_rule_format().
 * @assertion: The first broken assertion.
 * @aline: Its line.
 * @rule: A rule that breaks it, with all its rights.
 * @rline: The line @rule was first written on.
 */
typedef void (*sigil_breaking_fn)(struct sigil_policy_error *err,
				  const struct sigil_policy *policy,
				  const struct sigil_rule *assertion,
				  unsigned int aline,
				  const struct sigil_rule *rule,
				  unsigned int rline);

/**
 * struct sigil_policy_error - Where and why a policy was rejected
 */
struct sigil_policy_error {
	/**
	 * @line: The line at fault, from 1; 0 when the policy as a whole is.
	 */
	unsigned int line;
	/**
	 * @reason: What is wrong with it; bytes of the text quoted in it
	 * are escaped: printable ASCII as itself, a backslash, a quote and
	 * any other byte as \xHH.
	 */
	char reason[256];
	/**
	 * @breaking: NULL, or called for each rule that breaks the first
	 * broken assertion, in the order written, before the load fails
	 * (sigilctl check lists them; the kernel passes NULL).
	 */
	sigil_breaking_fn breaking;
};

/**
 * struct sigil_rule_text - One rule or query, as parsed from its line
 */
struct sigil_rule_text {
	/**
	 * @kind: One of &enum sigil_rule_kind.
	 */
	u8 kind;
	/**
	 * @nlabels: Number of labels in @l.
	 */
	u8 nlabels;
	/**
	 * @perms: The permission bits of the last field, 0 without one.
	 */
	u64 perms;
	/**
	 * @l: The labels named, in order, referenced; unused ones are NULL,
	 * and so is "*" in an assertion.
	 */
	struct sigil_label *l[3];
	/**
	 * @name: For a create rule that names the new file, the name,
	 * interned like a label and referenced; else NULL.
	 */
	struct sigil_label *name;
	/**
	 * @never: Whether the line is an assertion ("never" and a rule).
	 */
	bool never;
	/**
	 * @ports: For a port rule, its list of ports as written, in the
	 * parsed line (@perms holds the protocol and the first range).
	 */
	const char *ports;
	/**
	 * @ports_len: The length of @ports.
	 */
	size_t ports_len;
};

/**
 * struct sigil_query - One question to the policy, in the form of the rule
 * that would allow it
 */
struct sigil_query {
	/**
	 * @kind: A kind of rule that a query may ask about: %SIGIL_RULE_ALLOW
	 * (file access), %SIGIL_RULE_TRANSITION, %SIGIL_RULE_DYNTRANSITION,
	 * %SIGIL_RULE_FSCREATE, %SIGIL_RULE_RELABEL, %SIGIL_RULE_PROCESS,
	 * %SIGIL_RULE_CAPABILITY, %SIGIL_RULE_POLICY,
	 * %SIGIL_RULE_NNP_TRANSITION, %SIGIL_RULE_NOSUID_TRANSITION,
	 * %SIGIL_RULE_SOCKET or %SIGIL_RULE_NET (those with a check name in
	 * grammar.h).
	 */
	u8 kind;
	/**
	 * @perms: For file access, process, policy, capability and socket
	 * questions, the bits asked for (as in &struct sigil_rule).
	 */
	u64 perms;
	/**
	 * @subject: The acting task's label; for a transition, the label
	 * it leaves.
	 */
	const struct sigil_label *subject;
	/**
	 * @object: The file's or the other task's label; for a transition
	 * or fscreate, the label asked for; for a net question, the port's
	 * or the packet's;
	 * for a relabel, the file's label now.  NULL for capability, policy
	 * and socket questions.
	 */
	const struct sigil_label *object;
	/**
	 * @target: For a relabel, the new label; for a transition at
	 * execve, the executed file's label, which an entrypoint rule may
	 * require; else NULL.
	 */
	const struct sigil_label *target;
	/**
	 * @query: Asked through the access node: it decides nothing, and
	 * counts no rule as used.
	 */
	bool query;
	/**
	 * @port: For a net question, the port, for the log.
	 */
	u16 port;
	/**
	 * @proto: For a net question, the port's protocol (SIGIL_PROTO_*),
	 * for the log; %SIGIL_PROTOS for a packet's label, which has no
	 * port.
	 */
	u8 proto;
};

/*
 * What sigil_decide() answers for a denial: the kind of the rule that
 * would allow the query (SIGIL_RULE_KINDS for none), and in the bits
 * above SIGIL_WHY_SHIFT the permissions that rule would have to give.
 */
#define SIGIL_WHY_SHIFT		8
#define SIGIL_WHY(kind, lack)	((u64)(lack) << SIGIL_WHY_SHIFT | (kind))

/*
 * Room for a rule as text: a keyword, three labels, a last field or a
 * file name.
 */
#define SIGIL_RULE_TEXT_MAX	(4 * (SIGIL_LABEL_MAX + 1) + 48)

/*
 * Exec, create and genfs rules map their first two labels (a genfs rule:
 * its type and path) to a third: one rule for a pair, found by the pair
 * alone.
 */
static inline bool sigil_rule_is_mapping(u8 kind)
{
	return kind == SIGIL_RULE_EXEC || kind == SIGIL_RULE_CREATE ||
	       kind == SIGIL_RULE_GENFS;
}

/* policy.c: the rule table. */
const char *sigil_rule_word(u8 kind);
unsigned int sigil_rule_labels(u8 kind);
bool sigil_rule_has_perms(u8 kind);
bool sigil_rule_has_names(u8 kind);
const char *sigil_check_name(u8 kind);
const char *sigil_proto_name(unsigned int proto);
void sigil_perms_format(u8 kind, u64 perms, char *buf, size_t size);
size_t sigil_rule_format(char *buf, size_t size, u8 kind,
			 const struct sigil_label *const l[3], u64 perms);
size_t sigil_policy_rule_format(const struct sigil_policy *policy,
				const struct sigil_rule *rule, u64 perms,
				char *buf, size_t size);
const struct sigil_label *sigil_rule_name(const struct sigil_policy *policy,
					  const struct sigil_rule *rule);
__printf(3, 4) int sigil_policy_reject(struct sigil_policy_error *err,
				       unsigned int line, const char *fmt, ...);
struct sigil_policy *sigil_policy_alloc(void);
struct sigil_rule *sigil_policy_find(const struct sigil_policy *policy,
				     u8 kind, const struct sigil_label *first,
				     const struct sigil_label *second,
				     const struct sigil_label *third);
int sigil_policy_add(struct sigil_policy *policy, u8 kind,
		     struct sigil_label *l[3], u64 perms, unsigned int line);
int sigil_policy_add_named(struct sigil_policy *policy,
			   struct sigil_label *l[3], struct sigil_label *name,
			   unsigned int line);
int sigil_policy_add_never(struct sigil_policy *policy,
			   struct sigil_rule_text *rule, unsigned int line);
int sigil_policy_index(struct sigil_policy *policy);
int sigil_policy_index_attrs(struct sigil_policy *policy,
			     struct sigil_policy_error *err);
const struct sigil_attr *sigil_policy_attr(const struct sigil_policy *policy,
					   const struct sigil_label *label);
void sigil_rule_text_put(struct sigil_rule_text *rule);
void sigil_policy_free(struct sigil_policy *policy);
bool sigil_policy_names(const struct sigil_policy *policy,
			const struct sigil_label *label);
u64 sigil_policy_text_hash(const char *text, size_t size);
int sigil_policy_start_use(struct sigil_policy *policy, const char *text,
			   size_t size);
void sigil_policy_note_use(const struct sigil_policy *policy,
			   const struct sigil_rule *rule);
bool sigil_rule_is_declaration(const struct sigil_rule *rule);
bool sigil_policy_has(const struct sigil_policy *policy, u8 kind,
		      const struct sigil_label *first,
		      const struct sigil_label *second,
		      const struct sigil_label *third);
u64 sigil_policy_perms(const struct sigil_policy *policy, u8 kind,
		       const struct sigil_label *subject,
		       const struct sigil_label *object);
struct sigil_label *sigil_policy_target(const struct sigil_policy *policy,
					u8 kind,
					const struct sigil_label *first,
					const struct sigil_label *second,
					const struct sigil_label *name);
struct sigil_label *sigil_policy_genfs(const struct sigil_policy *policy,
				       const char *fstype, const char *path);
bool sigil_policy_genfs_names(const struct sigil_policy *policy,
			      const char *fstype);
struct sigil_label *sigil_policy_port(const struct sigil_policy *policy,
				      unsigned int proto, u16 port);
const struct sigil_rule **
sigil_policy_port_rules(const struct sigil_policy *policy, unsigned int proto,
			unsigned int *n);

/* verify.c: the checks of a rule against the others, and of the whole. */
int sigil_verify_rule(const struct sigil_policy *policy,
		      const struct sigil_rule_text *rule, unsigned int line,
		      struct sigil_policy_error *err);
int sigil_verify_policy(struct sigil_policy *policy,
			struct sigil_policy_error *err);
u64 sigil_never_broken(const struct sigil_rule *assertion,
		       const struct sigil_rule *rule);

/* parse.c: the parser. */
/* sigil_rule_parse() flags: a query to the access node, not a rule. */
#define SIGIL_PARSE_QUERY	BIT(0)

s64 sigil_perms_parse(u8 kind, const char *str, size_t len);
int sigil_ports_next(const char *str, size_t len, size_t *pos, u16 *lo,
		     u16 *hi);
int sigil_rule_parse(const char *line, size_t len, unsigned int flags,
		     struct sigil_rule_text *rule, unsigned int n,
		     struct sigil_policy_error *err);
struct sigil_policy *sigil_policy_parse(const char *text, size_t size,
					struct sigil_policy_error *err);

#endif /* _SECURITY_SIGIL_POLICY_H */
