/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Sigil LSM - Policy
 *
 * Copyright © 2026 The Sigil authors
 */

#ifndef _SECURITY_SIGIL_POLICY_H
#define _SECURITY_SIGIL_POLICY_H

#include <linux/list.h>
#include <linux/rcupdate.h>
#include <linux/types.h>
#include <linux/workqueue.h>

#include <uapi/linux/sigil.h>

#include "label.h"

/* What the parser notes in a transition rule's perms. */
#define SIGIL_TRANSITION_RULE	BIT(0)	/* the rule is there */
#define SIGIL_TRANSITION_NARROW	BIT(1)	/* entrypoint rules name its target */

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
	 * are NULL.  A genfs rule keeps its file system type and path in
	 * @l[0] and @l[1], interned like labels.
	 */
	struct sigil_label *l[3];
	/**
	 * @perms: The rights of allow (SIGIL_PERM_*), process
	 * (SIGIL_PROC_*) and policy (SIGIL_POLICY_*) rules; the
	 * capabilities of capability rules and the address families of
	 * socket rules, one bit each; SIGIL_TRANSITION_*
	 * for transition rules.
	 */
	u64 perms : 56;
	/**
	 * @kind: One of &enum sigil_rule_kind.
	 */
	u64 kind : 8;
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
	 * @nrules: Number of rules, allow rules for one pair merged.
	 */
	unsigned int nrules;
	/**
	 * @nused: Entries used in @rules.
	 */
	unsigned int nused;
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
	 * @ngenfs: Number of genfs rules.
	 */
	unsigned int ngenfs;
	/**
	 * @genfs: The genfs rules, for sigil_policy_genfs().
	 */
	const struct sigil_rule **genfs;
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
	 * @newfiles_creator: Whether a newfiles rule says "creator".
	 */
	bool newfiles_creator;
	/**
	 * @nnevers: Number of assertions.
	 */
	unsigned int nnevers;
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
	 * @free_work: Frees the policy after a grace period.
	 */
	struct rcu_work free_work;
};

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
	 * are escaped as sigil_policy_escape() does.
	 */
	char reason[256];
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
	 * @never: Whether the line is an assertion ("never" and a rule).
	 */
	bool never;
};

/* sigil_rule_parse() flags: a query to the access node, not a rule. */
#define SIGIL_PARSE_QUERY	BIT(0)

int sigil_rule_parse(const char *line, size_t len, unsigned int flags,
		     struct sigil_rule_text *rule, unsigned int n,
		     struct sigil_policy_error *err);
void sigil_rule_text_put(struct sigil_rule_text *rule);
const char *sigil_rule_word(u8 kind);
struct sigil_policy *sigil_policy_parse(const char *text, size_t size,
					struct sigil_policy_error *err);
void sigil_policy_free(struct sigil_policy *policy);
void sigil_policy_free_rcu(struct sigil_policy *policy);
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
					const struct sigil_label *second);
struct sigil_label *sigil_policy_genfs(const struct sigil_policy *policy,
				       const char *fstype, const char *path);
bool sigil_policy_genfs_names(const struct sigil_policy *policy,
			      const char *fstype);
s64 sigil_perms_parse(u8 kind, const char *str, size_t len);
void sigil_perms_format(u8 kind, u64 perms, char *buf, size_t size);
unsigned int sigil_rule_labels(u8 kind);
bool sigil_rule_has_perms(u8 kind);
bool sigil_rule_has_names(u8 kind);

#endif /* _SECURITY_SIGIL_POLICY_H */
