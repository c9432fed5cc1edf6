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
	 * @unlogged: Denials since boot that made no record.
	 */
	u64 unlogged;
	/**
	 * @rules: Rules in the running policy.
	 */
	unsigned int rules;
	/**
	 * @labels: Labels in core (sigil_label_count()).
	 */
	unsigned int labels;
	/**
	 * @enforcing: Whether denials are enforced.
	 */
	bool enforcing;
};

DECLARE_STATIC_KEY_FALSE(sigil_policy_loaded);

u64 sigil_decide(const struct sigil_query *q);
bool sigil_label_unconfined(const struct sigil_label *label);
bool sigil_label_named(const struct sigil_label *label);
int sigil_deny(const struct sigil_query *q, u64 why, const char *op,
	       const struct dentry *dentry);
int sigil_refuse(const char *op, const struct sigil_label *subject,
		 const struct sigil_label *object, const char *why);
int sigil_check(const struct sigil_query *q, const char *op,
		const struct dentry *dentry);
int sigil_check_object(const struct sigil_label *subject,
		       const struct sigil_label *object, u8 perms,
		       const char *op);
int sigil_check_capability(const struct sigil_label *subject, int cap,
			   const char *op);
u8 sigil_rights(u8 kind, const struct sigil_label *subject,
		const struct sigil_label *object);
struct sigil_policy *sigil_replace_policy(struct sigil_policy *policy);
void sigil_policy_free_rcu(struct sigil_policy *policy);
struct sigil_label *sigil_genfs_label(const char *fstype, const char *path);
int sigil_fslabels(const char *fstype);
int sigil_check_port(struct sigil_query *q, const struct sigil_label *fallback,
		     const char *op);
bool sigil_exec_rules(void);
struct sigil_label *sigil_exec_label(const struct sigil_label *from,
				     const struct sigil_label *program);
struct sigil_label *sigil_new_file_label(struct sigil_label *task,
					 struct sigil_label *parent,
					 const struct qstr *name);
void sigil_show_permissive(struct seq_file *m);
int sigil_rules_show(struct seq_file *m);
void sigil_set_enforcing(bool enforcing);
void sigil_get_status(struct sigil_status *status);
int sigil_policy_show(struct seq_file *m);

#endif /* _SECURITY_SIGIL_ENFORCE_H */
