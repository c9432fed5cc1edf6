/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Sigil LSM - Decisions and the running policy
 *
 * Copyright © 2026 The Sigil authors
 */

#ifndef _SECURITY_SIGIL_ENFORCE_H
#define _SECURITY_SIGIL_ENFORCE_H

#include <linux/dcache.h>
#include <linux/jump_label.h>
#include <linux/seq_file.h>
#include <linux/types.h>

#include "label.h"
#include "policy.h"

/**
 * struct sigil_query - One question to the policy, in the form of the rule
 * that would allow it
 */
struct sigil_query {
	/**
	 * @kind: %SIGIL_RULE_ALLOW (file access), %SIGIL_RULE_TRANSITION,
	 * %SIGIL_RULE_DYNTRANSITION, %SIGIL_RULE_FSCREATE,
	 * %SIGIL_RULE_RELABEL, %SIGIL_RULE_PROCESS, %SIGIL_RULE_CAPABILITY,
	 * %SIGIL_RULE_POLICY, %SIGIL_RULE_NNP_TRANSITION,
	 * %SIGIL_RULE_NOSUID_TRANSITION or %SIGIL_RULE_SOCKET.
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
	 * or fscreate, the label asked for; for a relabel, the file's
	 * label now.  NULL for capability, policy and socket questions.
	 */
	const struct sigil_label *object;
	/**
	 * @target: For a relabel, the new label; for a transition at
	 * execve, the executed file's label, which an entrypoint rule may
	 * require; else NULL.
	 */
	const struct sigil_label *target;
};

/*
 * What sigil_decide() answers for a denial: the kind of the rule that
 * would allow the query (SIGIL_RULE_KINDS for none), and in the bits
 * above SIGIL_WHY_SHIFT the permissions that rule would have to give.
 */
#define SIGIL_WHY_SHIFT		8
#define SIGIL_WHY(kind, lack)	((u64)(lack) << SIGIL_WHY_SHIFT | (kind))

/**
 * struct sigil_status - What /sys/kernel/security/sigil/status shows
 */
struct sigil_status {
	/**
	 * @generation: Number of policies loaded since boot.
	 */
	u64 generation;
	/**
	 * @denials: Denials since boot, enforced or not.
	 */
	u64 denials;
	/**
	 * @rules: Rules in the running policy.
	 */
	unsigned int rules;
	/**
	 * @enforcing: Whether denials are enforced.
	 */
	bool enforcing;
};

DECLARE_STATIC_KEY_FALSE(sigil_policy_loaded);

u64 sigil_decide(const struct sigil_query *q);
int sigil_check(const struct sigil_query *q, const char *op,
		const struct dentry *dentry);
int sigil_check_object(const struct sigil_label *subject,
		       const struct sigil_label *object, u8 perms,
		       const char *op);
int sigil_check_capability(const struct sigil_label *subject, int cap,
			   const char *op);
u8 sigil_rights(u8 kind, const struct sigil_label *subject,
		const struct sigil_label *object);
bool sigil_enforcing(void);
struct sigil_policy *sigil_replace_policy(struct sigil_policy *policy);
struct sigil_label *sigil_genfs_label(const char *fstype, const char *path);
bool sigil_exec_rules(void);
struct sigil_label *sigil_exec_label(const struct sigil_label *from,
				     const struct sigil_label *program);
struct sigil_label *sigil_new_file_label(struct sigil_label *task,
					 struct sigil_label *parent);
bool sigil_label_permissive(const struct sigil_label *label);
void sigil_show_permissive(struct seq_file *m);
void sigil_set_enforcing(bool enforcing);
void sigil_get_status(struct sigil_status *status);
int sigil_policy_show(struct seq_file *m);

#endif /* _SECURITY_SIGIL_ENFORCE_H */
