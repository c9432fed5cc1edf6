// SPDX-License-Identifier: GPL-2.0-only
/*
 * Sigil LSM - Decisions and the running policy
 *
 * Before the first policy is loaded, file access and exec transitions are
 * allowed, as SELinux allows before its policy; writing attr/current
 * always needs a dyntransition rule.  Once a policy is loaded everything
 * it does not allow is denied, except that a task always has every right
 * on files carrying its own label and an unconfined task passes every
 * file check.  A denial is decided once, here, enforced unless the mode
 * or the subject's label is permissive, and handed to audit.c, which
 * records it.
 *
 * Copyright © 2026 The Sigil authors
 */

#define pr_fmt(fmt) "sigil: " fmt

#include <linux/atomic.h>
#include <linux/lockdep.h>
#include <linux/mutex.h>
#include <linux/printk.h>
#include <linux/rcupdate.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/workqueue.h>

#include "audit.h"
#include "cache.h"
#include "enforce.h"
#include "label.h"
#include "policy.h"

DEFINE_STATIC_KEY_FALSE(sigil_policy_loaded);

/* The running policy; replaced under sigil_policy_mutex. */
static struct sigil_policy __rcu *sigil_policy;
static DEFINE_MUTEX(sigil_policy_mutex);
/* Number of policies loaded; under sigil_policy_mutex. */
static u64 sigil_generation;
atomic64_t sigil_epoch = ATOMIC64_INIT(1);
atomic64_t sigil_icache_tokens = ATOMIC64_INIT(0);
/* sigil_icache_epoch_key() of sigil_epoch's first value. */
u64 sigil_icache_epoch = 1 << 8 | SIGIL_ICACHE_VALID;
static bool sigil_enforce = true;

/*
 * Whether @p has the rule of @kind for the labels; found, it is counted
 * as used when @count (a check's lookup, not a query's).
 */
static bool used(const struct sigil_policy *p, u8 kind,
		 const struct sigil_label *first,
		 const struct sigil_label *second,
		 const struct sigil_label *third, bool count)
{
	const struct sigil_rule *r = sigil_policy_find(p, kind, first, second,
						       third);

	if (r && count)
		sigil_policy_note_use(p, r);
	return r;
}

/*
 * Whether @label is unconfined under @p.  Each label caches the answer for
 * one policy, keyed on the policy's sequence number (never reused), so
 * that the common case costs no hash lookup.
 */
static bool unconfined(const struct sigil_policy *p,
		       const struct sigil_label *label)
{
	struct sigil_label *const l = (struct sigil_label *)label;
	const s64 cached = atomic64_read(&l->unconfined);
	bool ret;

	/* A policy not yet installed (seq 0) is not cached for. */
	if (cached >> 1 == p->seq && p->seq)
		return cached & 1;
	ret = used(p, SIGIL_RULE_UNCONFINED, label, NULL, NULL, true);
	if (p->seq)
		atomic64_set(&l->unconfined, (s64)(p->seq << 1 | ret));
	return ret;
}

/*
 * For a kind with permissions: what of @q->perms the rules do not give.
 * A rule that gives all of it is counted as used, unless @q is a query.
 */
static u64 lacking(const struct sigil_policy *p, const struct sigil_query *q)
{
	const struct sigil_rule *r = sigil_policy_find(p, q->kind, q->subject,
						       q->object, NULL);
	const u64 lack = q->perms & ~(r ? r->perms : 0);

	if (!lack && r && !q->query)
		sigil_policy_note_use(p, r);
	return lack ? SIGIL_WHY(q->kind, lack) : 0;
}

/*
 * Whether the transition @q asks, into a label that entrypoint or exec
 * rules narrow, is through one of its entry points: an entrypoint rule
 * for the file's label, or the exec rule of @q's subject for that file.
 */
static bool entered(const struct sigil_policy *p, const struct sigil_query *q)
{
	const struct sigil_rule *r;

	if (used(p, SIGIL_RULE_ENTRYPOINT, q->object, q->target, NULL,
		 !q->query))
		return true;
	r = sigil_policy_find(p, SIGIL_RULE_EXEC, q->subject, q->target, NULL);
	return r && r->l[2] == q->object;
}

/*
 * Under rcu_read_lock(); @p is NULL before the first load.  Returns 0 if
 * allowed, else the missing rule as SIGIL_WHY() makes it.
 */
static u64 decide(const struct sigil_policy *p, const struct sigil_query *q)
{
	const struct sigil_label *subject = q->subject, *object = q->object;
	const bool count = !q->query;
	const struct sigil_rule *r;

	switch (q->kind) {
	case SIGIL_RULE_ALLOW:
	case SIGIL_RULE_PROCESS:
		if (!p || subject == object || unconfined(p, subject))
			return 0;
		return lacking(p, q);
	case SIGIL_RULE_CAPABILITY:
	case SIGIL_RULE_POLICY:
	case SIGIL_RULE_SOCKET:
	case SIGIL_RULE_NET:
		/* Unconfined labels administer the policy, as before. */
		if (!p || unconfined(p, subject))
			return 0;
		return lacking(p, q);
	case SIGIL_RULE_TRANSITION:
		if (!p || subject == object)
			return 0;
		r = sigil_policy_find(p, SIGIL_RULE_TRANSITION, subject, object,
				      NULL);
		if (!r)
			return SIGIL_WHY(SIGIL_RULE_TRANSITION, 0);
		if (q->target && r->perms & SIGIL_TRANSITION_NARROW &&
		    !entered(p, q))
			return SIGIL_WHY(SIGIL_RULE_ENTRYPOINT, 0);
		if (count)
			sigil_policy_note_use(p, r);
		return 0;
	case SIGIL_RULE_NNP_TRANSITION:
	case SIGIL_RULE_NOSUID_TRANSITION:
		if (!p || subject == object ||
		    used(p, q->kind, subject, object, NULL, count))
			return 0;
		return SIGIL_WHY(q->kind, 0);
	case SIGIL_RULE_DYNTRANSITION:
		/* With or without a policy: no new entry point vets it. */
		if (subject == object ||
		    (p && used(p, q->kind, subject, object, NULL, count)))
			return 0;
		return SIGIL_WHY(q->kind, 0);
	case SIGIL_RULE_FSCREATE:
		if (!p || subject == object || unconfined(p, subject) ||
		    used(p, q->kind, subject, object, NULL, count))
			return 0;
		return SIGIL_WHY(q->kind, 0);
	case SIGIL_RULE_UNCONFINED:
		/* Only a query asks it (pam_sigil, before a terminal's relabel). */
		if (!p || unconfined(p, subject))
			return 0;
		return SIGIL_WHY(q->kind, 0);
	case SIGIL_RULE_RELABEL:
		if (!p || object == q->target || unconfined(p, subject) ||
		    used(p, q->kind, subject, object, q->target, count))
			return 0;
		return SIGIL_WHY(q->kind, 0);
	default:
		/* An unknown question gets the strictest answer. */
		return SIGIL_WHY(SIGIL_RULE_KINDS, 0);
	}
}

/**
 * sigil_decide - Answer a query without logging or enforcing
 *
 * @q: The query.
 *
 * Returns 0 if the running policy allows @q, else what is missing, for
 * sigil_deny() and sigil_format_missing().
 */
u64 sigil_decide(const struct sigil_query *q)
{
	u64 why;

	rcu_read_lock();
	why = decide(rcu_dereference(sigil_policy), q);
	rcu_read_unlock();
	return why;
}

/**
 * sigil_label_unconfined - Whether the running policy leaves a label alone
 *
 * @label: The label.
 *
 * Returns true before the first load and for a label of an unconfined
 * rule.
 */
bool sigil_label_unconfined(const struct sigil_label *label)
{
	const struct sigil_policy *p;
	bool ret;

	rcu_read_lock();
	p = rcu_dereference(sigil_policy);
	ret = !p || unconfined(p, label);
	rcu_read_unlock();
	return ret;
}

/**
 * sigil_label_named - Whether the running policy names a label
 *
 * @label: The label.
 *
 * Returns true for the built-in labels and for a label that a rule of
 * the running policy names; false for any other, and before the first
 * load.
 */
bool sigil_label_named(const struct sigil_label *label)
{
	const struct sigil_policy *p;
	bool ret;

	if (label == sigil_label_kernel || label == sigil_label_unlabeled)
		return true;
	rcu_read_lock();
	p = rcu_dereference(sigil_policy);
	ret = p && sigil_policy_names(p, label);
	rcu_read_unlock();
	return ret;
}

/**
 * sigil_check - Decide, log a denial, and enforce it unless permissive
 *
 * @q: The query.
 * @op: The operation, for the log ("open", "exec", "create", ...).
 * @dentry: The file concerned, for the log, or NULL.
 *
 * Every denial, enforced or not, is an audit record naming the rule
 * that would allow it (see audit.c).  An allowed query costs one
 * decision and no buffer.
 *
 * Returns 0, or -%EACCES for an enforced denial.
 */
int sigil_check(const struct sigil_query *q, const char *op,
		const struct dentry *dentry)
{
	const u64 why = sigil_decide(q);

	if (likely(!why))
		return 0;
	return sigil_deny(q, why, op, dentry);
}

/**
 * sigil_check_object - Check a label's rights on an object of a label
 *
 * @subject: The acting task's label.
 * @object: The label of the object: a socket, an IPC object, a key or a
 * perf event carries the label of the task that made it.
 * @perms: The rights asked for (SIGIL_PERM_*), as on a file of that label.
 * @op: The operation, for the log.
 *
 * A label has every right on objects of its own label; allow rules give
 * the rest, as for files.  Does not sleep.
 *
 * Returns 0, or -%EACCES for an enforced denial.
 */
int sigil_check_object(const struct sigil_label *subject,
		       const struct sigil_label *object, u8 perms,
		       const char *op)
{
	const struct sigil_query q = {
		.kind = SIGIL_RULE_ALLOW,
		.perms = perms,
		.subject = subject,
		.object = object,
	};

	if (!static_branch_unlikely(&sigil_policy_loaded) ||
	    subject == object || !perms)
		return 0;
	return sigil_check(&q, op, NULL);
}

/**
 * sigil_check_capability - Check that the rules give a label a capability
 *
 * @subject: The acting task's label.
 * @cap: The capability (CAP_*).
 * @op: The operation, for the log.
 *
 * For the kernel services that Sigil maps to the capability their use
 * implies, whether or not the kernel's own check asks it through the
 * capable hook.  Does not sleep.
 *
 * Returns 0, or -%EPERM for an enforced denial.
 */
int sigil_check_capability(const struct sigil_label *subject, int cap,
			   const char *op)
{
	const struct sigil_query q = {
		.kind = SIGIL_RULE_CAPABILITY,
		.perms = BIT_ULL(cap),
		.subject = subject,
	};

	if (!static_branch_unlikely(&sigil_policy_loaded))
		return 0;
	return sigil_check(&q, op, NULL) ? -EPERM : 0;
}

/**
 * sigil_rights - The rights a label has on another
 *
 * @kind: %SIGIL_RULE_ALLOW (files) or %SIGIL_RULE_PROCESS (tasks).
 * @subject: The acting task's label.
 * @object: The file's or the other task's label.
 *
 * The answer sigil_decide() gives to queries of @kind, for every right
 * at once, so that callers can cache it.  Read sigil_epoch before
 * calling: a decision cached under that epoch stays right until it
 * changes.
 *
 * Returns the rights (SIGIL_PERM_* or SIGIL_PROC_*).
 */
u8 sigil_rights(u8 kind, const struct sigil_label *subject,
		const struct sigil_label *object)
{
	const u8 all = kind == SIGIL_RULE_ALLOW ? SIGIL_PERM_ALL : SIGIL_PROC_ALL;
	const struct sigil_policy *p;
	u8 rights = all;

	rcu_read_lock();
	p = rcu_dereference(sigil_policy);
	if (p && subject != object && !unconfined(p, subject)) {
		const struct sigil_rule *r = sigil_policy_find(p, kind, subject,
							       object, NULL);

		rights = r ? r->perms : 0;
		sigil_policy_note_use(p, r);
	}
	rcu_read_unlock();
	return rights;
}

/*
 * Makes every cached decision stale.  Called after the new policy is
 * visible: a reader that sees the new epoch sees the new policy too (see
 * cache.h).
 */
static void sigil_bump_epoch(void)
{
	/* Pairs with atomic64_read_acquire() of sigil_epoch by readers. */
	smp_mb__before_atomic();
	WRITE_ONCE(sigil_icache_epoch,
		   sigil_icache_epoch_key(atomic64_inc_return(&sigil_epoch)));
}

/**
 * sigil_enforcing - Whether denials are enforced
 *
 * Returns false in permissive mode.
 */
static bool sigil_enforcing(void)
{
	return READ_ONCE(sigil_enforce);
}

/**
 * sigil_replace_policy - Install a new policy atomically
 *
 * @policy: The new policy.
 *
 * Every check sees either the old policy or the new one, never a mix.
 * The caller frees the returned old policy with sigil_policy_free_rcu(),
 * once it no longer uses it: checks may still see it until a grace
 * period has passed.
 *
 * Returns the old policy, or NULL.
 */
struct sigil_policy *sigil_replace_policy(struct sigil_policy *policy)
{
	struct sigil_policy *old;

	mutex_lock(&sigil_policy_mutex);
	policy->seq = ++sigil_generation;
	old = rcu_replace_pointer(sigil_policy, policy,
				  lockdep_is_held(&sigil_policy_mutex));
	sigil_bump_epoch();
	mutex_unlock(&sigil_policy_mutex);
	static_branch_enable(&sigil_policy_loaded);
	return old;
}

static void free_work(struct work_struct *work)
{
	sigil_policy_free(container_of(to_rcu_work(work), struct sigil_policy,
				       free_work));
}

/**
 * sigil_policy_free_rcu - Free a replaced policy after a grace period
 *
 * @policy: The policy, or NULL.
 *
 * Returns at once: the policy is freed from a workqueue once no check can
 * see it any more.
 */
void sigil_policy_free_rcu(struct sigil_policy *policy)
{
	if (!policy)
		return;
	INIT_RCU_WORK(&policy->free_work, free_work);
	queue_rcu_work(system_unbound_wq, &policy->free_work);
}

/**
 * sigil_genfs_label - The label genfs rules give a file
 *
 * @fstype: The name of its file system type.
 * @path: Its path from the root of its file system, or NULL to ask only
 * whether the running policy has genfs rules for @fstype.
 *
 * Returns the label, referenced, or NULL when no rule matches; without
 * @path, sigil_label_unlabeled (unreferenced) if some rule names @fstype.
 */
struct sigil_label *sigil_genfs_label(const char *fstype, const char *path)
{
	const struct sigil_policy *p;
	struct sigil_label *label = NULL;

	rcu_read_lock();
	p = rcu_dereference(sigil_policy);
	if (!path)
		label = sigil_policy_genfs_names(p, fstype) ?
			sigil_label_unlabeled : NULL;
	else if (p)
		label = sigil_label_get(sigil_policy_genfs(p, fstype, path));
	rcu_read_unlock();
	return label;
}

/**
 * sigil_check_port - Check a net question, the port's label found on the way
 *
 * @q: The question, its @port and @proto set; its @object is set here.
 * @fallback: The label of the port when no port rule names it (a
 * built-in label, never freed).
 * @op: The operation, for the log.
 *
 * The port's label and the decision come from one look at the running
 * policy, under one RCU read section; a reference is taken only for a
 * denial, whose record outlives it.
 *
 * Returns 0, or -%EACCES for an enforced denial.
 */
int sigil_check_port(struct sigil_query *const q,
		     const struct sigil_label *const fallback,
		     const char *const op)
{
	const struct sigil_policy *p;
	struct sigil_label *label = NULL;
	u64 why;
	int err;

	rcu_read_lock();
	p = rcu_dereference(sigil_policy);
	if (p && p->nports && q->port)
		label = sigil_policy_port(p, q->proto, q->port);
	q->object = label ?: fallback;
	why = decide(p, q);
	/* The policy holds @label until a grace period after it goes. */
	if (why)
		label = sigil_label_get(label);
	rcu_read_unlock();
	if (likely(!why))
		return 0;
	err = sigil_deny(q, why, op, NULL);
	sigil_label_put(label);
	return err;
}

/*
 * What @policy's fslabels rule says of @fstype: SIGIL_FSLABELS_*, or -1
 * for no rule.
 */
static int policy_fslabels(const struct sigil_policy *policy,
			   const char *fstype)
{
	const struct sigil_rule *r = NULL;
	struct sigil_label *type;

	if (!policy)
		return -1;
	type = sigil_label_lookup(fstype, strlen(fstype));
	if (type)
		r = sigil_policy_find(policy, SIGIL_RULE_FSLABELS, type, NULL,
				      NULL);
	sigil_label_put(type);
	sigil_policy_note_use(policy, r);
	if (!r)
		return -1;
	return r->perms & BIT(SIGIL_FSLABELS_GENFS) ? SIGIL_FSLABELS_GENFS :
						      SIGIL_FSLABELS_XATTR;
}

/**
 * sigil_fslabels - What the running policy's fslabels rule says of a type
 *
 * @fstype: The name of a file system type.
 *
 * Returns %SIGIL_FSLABELS_XATTR or %SIGIL_FSLABELS_GENFS, or -1 when no
 * policy is loaded or it has no fslabels rule for @fstype.
 */
int sigil_fslabels(const char *fstype)
{
	int ret;

	/*
	 * No test of sigil_policy_loaded, which the first load turns on
	 * after the epoch has advanced: sigil_fs_labels_trusted() caches
	 * the answer under the new epoch.
	 */
	rcu_read_lock();
	ret = policy_fslabels(rcu_dereference(sigil_policy), fstype);
	rcu_read_unlock();
	return ret;
}

/**
 * sigil_exec_rules - Whether the running policy has exec rules
 *
 * Without any, an execve need not look its file's label up.
 *
 * Returns true if it has some.
 */
bool sigil_exec_rules(void)
{
	const struct sigil_policy *p;
	bool ret = false;

	if (!static_branch_unlikely(&sigil_policy_loaded))
		return false;
	rcu_read_lock();
	p = rcu_dereference(sigil_policy);
	ret = p && p->nexec;
	rcu_read_unlock();
	return ret;
}

/**
 * sigil_exec_label - The label an exec rule gives an execve
 *
 * @from: The task's label.
 * @program: The executed file's label.
 *
 * Returns the label, referenced, or NULL when no rule names the pair.
 */
struct sigil_label *sigil_exec_label(const struct sigil_label *from,
				     const struct sigil_label *program)
{
	const struct sigil_policy *p;
	struct sigil_label *label = NULL;

	rcu_read_lock();
	p = rcu_dereference(sigil_policy);
	if (p && p->nexec)
		label = sigil_label_get(sigil_policy_target(p, SIGIL_RULE_EXEC,
							    from, program,
							    NULL));
	rcu_read_unlock();
	return label;
}

/**
 * sigil_new_file_label - The label of a file created without attr/fscreate
 *
 * @task: The creating task's label.
 * @parent: The label of the directory it is created in.
 * @name: The new file's name, or NULL (O_TMPFILE).
 *
 * The label of the create rule for the pair that names @name, else of
 * the one for every name, else @task under "newfiles creator", else
 * @parent: one look at the running policy (two when its create rules
 * name files, and a lookup of @name among the interned strings), and no
 * lookup at all when it has no create rule.
 *
 * Returns the label, referenced.
 */
struct sigil_label *sigil_new_file_label(struct sigil_label *task,
					 struct sigil_label *parent,
					 const struct qstr *name)
{
	const struct sigil_label *named = NULL;
	const struct sigil_policy *p;
	struct sigil_label *label = parent;

	if (!static_branch_unlikely(&sigil_policy_loaded))
		return sigil_label_get(parent);
	rcu_read_lock();
	p = rcu_dereference(sigil_policy);
	if (p) {
		struct sigil_label *rule = NULL;

		if (p->nnames && name)
			named = sigil_label_peek(name->name, name->len);
		if (p->ncreate)
			rule = sigil_policy_target(p, SIGIL_RULE_CREATE, task,
						   parent, named);
		if (rule) {
			label = rule;
		} else {
			sigil_policy_note_use(p, p->newfiles);
			if (p->newfiles_creator)
				label = task;
		}
	}
	label = sigil_label_get(label);
	rcu_read_unlock();
	return label;
}

/**
 * sigil_label_permissive - Whether a label's denials are only logged
 *
 * @label: The task's label.
 *
 * Returns true when the running policy has "permissive @label".
 */
static bool sigil_label_permissive(const struct sigil_label *label)
{
	const struct sigil_policy *p;
	bool ret = false;

	if (!static_branch_unlikely(&sigil_policy_loaded))
		return false;
	rcu_read_lock();
	p = rcu_dereference(sigil_policy);
	if (p)
		ret = used(p, SIGIL_RULE_PERMISSIVE, label, NULL, NULL, true);
	rcu_read_unlock();
	return ret;
}

/**
 * sigil_deny - Enforce a denial unless permissive, and record it
 *
 * @q: The query denied.
 * @why: What sigil_decide() (or a cached decision) found missing.
 * @op: The operation, for the log.
 * @dentry: The file concerned, for the log, or NULL.
 *
 * Returns 0 in permissive mode or for a permissive label, else -%EACCES.
 */
noinline int sigil_deny(const struct sigil_query *q, u64 why,
			const char *op, const struct dentry *dentry)
{
	const bool enforcing = sigil_enforcing();
	const bool permissive = sigil_label_permissive(q->subject);

	sigil_audit_denial(q, why, op, dentry, enforcing, permissive);
	return enforcing && !permissive ? -EACCES : 0;
}

/**
 * sigil_refuse - Enforce a refusal that no rule can lift, and record it
 *
 * @op: The operation, for the log.
 * @subject: The task's label.
 * @object: The label concerned.
 * @why: The reason, for the log.
 *
 * Returns 0 in permissive mode or for a permissive label, else -%EPERM.
 */
int sigil_refuse(const char *op, const struct sigil_label *subject,
		 const struct sigil_label *object, const char *why)
{
	const bool enforcing = sigil_enforcing();
	const bool permissive = sigil_label_permissive(subject);

	sigil_audit_refusal(op, subject, object, why, enforcing, permissive);
	return enforcing && !permissive ? -EPERM : 0;
}

/**
 * sigil_show_permissive - List the labels the running policy makes
 * permissive
 *
 * @m: The seq_file, for the status node: "permissive:" and the labels,
 * each after a space, in the order written.
 */
void sigil_show_permissive(struct seq_file *m)
{
	const struct sigil_policy *p;
	unsigned int i;

	seq_puts(m, "permissive:");
	mutex_lock(&sigil_policy_mutex);
	p = rcu_dereference_protected(sigil_policy,
				      lockdep_is_held(&sigil_policy_mutex));
	for (i = 0; p && i < p->nused; i++)
		if (p->rules[i].kind == SIGIL_RULE_PERMISSIVE)
			seq_printf(m, " %s", p->rules[i].l[0]->str);
	mutex_unlock(&sigil_policy_mutex);
	seq_putc(m, '\n');
}

/**
 * sigil_set_enforcing - Enforce denials, or only log them
 *
 * @enforcing: True to enforce.
 */
void sigil_set_enforcing(bool enforcing)
{
	const bool old = xchg(&sigil_enforce, enforcing);

	pr_notice("%s mode\n", enforcing ? "enforcing" : "permissive");
	sigil_audit_mode(enforcing, old);
}

/**
 * sigil_get_status - Read the counters
 *
 * @status: Where to put them.
 */
void sigil_get_status(struct sigil_status *status)
{
	const struct sigil_policy *p;

	mutex_lock(&sigil_policy_mutex);
	status->generation = sigil_generation;
	p = rcu_dereference_protected(sigil_policy,
				      lockdep_is_held(&sigil_policy_mutex));
	status->rules = p ? p->nrules : 0;
	mutex_unlock(&sigil_policy_mutex);
	status->denials = sigil_denial_count();
	status->unlogged = sigil_unlogged_count();
	status->labels = sigil_label_count();
	status->enforcing = sigil_enforcing();
}

/*
 * One line of the rules node: rule @i of @p, with the rights @bits, after
 * the line it was written on, its count and its last use.
 */
static void show_use(struct seq_file *m, const struct sigil_policy *p,
		     unsigned int i, u64 bits, char *buf)
{
	/* Checks count while it reads: a count off by one is harmless. */
	const u32 count = data_race(READ_ONCE(p->use[i].count));
	/* Likewise a time a second old. */
	const u32 last = data_race(READ_ONCE(p->use[i].last));

	sigil_policy_rule_format(p, &p->rules[i], bits, buf,
				 SIGIL_RULE_TEXT_MAX);
	seq_printf(m, "%u %u %lld %s\n", p->lines[i], count,
		   last ? p->loaded + last - 1 : 0, buf);
}

/* One line of the canonical policy: a rule, or one name of one. */
static void show_rule(struct seq_file *m, const struct sigil_policy *p,
		      const char *prefix, const struct sigil_rule *r, u64 bits,
		      char *buf)
{
	sigil_policy_rule_format(p, r, bits, buf, SIGIL_RULE_TEXT_MAX);
	seq_printf(m, "%s%s\n", prefix, buf);
}

/*
 * Each line of the running policy in canonical form, in the order first
 * written, a rule of names a line per name; with @uses, the rules node's
 * lines instead: its load line, then the rules that decide, with their
 * uses (not the assertions).
 */
static int show_policy(struct seq_file *m, bool uses)
{
	const struct sigil_policy *p;
	const struct sigil_rule *r;
	unsigned int i;
	char *buf;
	u64 bits;

	buf = kmalloc(SIGIL_RULE_TEXT_MAX, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	mutex_lock(&sigil_policy_mutex);
	p = rcu_dereference_protected(sigil_policy,
				      lockdep_is_held(&sigil_policy_mutex));
	if (p && uses)
		seq_printf(m, "load %lld %016llx\n", p->loaded, p->text_hash);
	for (i = 0; p && i < p->nused; i++) {
		r = &p->rules[i];
		if (uses && (!p->use || sigil_rule_is_declaration(r)))
			continue;
		bits = r->perms;
		do {
			/* A rule of names holds several: one line each. */
			if (sigil_rule_has_names(r->kind))
				bits &= -bits;
			if (uses)
				show_use(m, p, i, bits, buf);
			else
				show_rule(m, p, "", r, bits, buf);
			bits = sigil_rule_has_names(r->kind) ?
			       r->perms & ~(bits | (bits - 1)) : 0;
		} while (bits);
	}
	for (i = 0; p && !uses && i < p->nnevers; i++)
		show_rule(m, p, "never ", &p->nevers[i], p->nevers[i].perms,
			  buf);
	mutex_unlock(&sigil_policy_mutex);
	kfree(buf);
	return 0;
}

/**
 * sigil_rules_show - Print how often each rule of the running policy was used
 *
 * @m: The seq_file.
 *
 * A first line "load SECONDS HASH" (when the policy was loaded, the hash
 * of its text in hexadecimal), then a line for each line of the
 * canonical policy that decides something: "LINE COUNT LAST RULE", the
 * line it was first written on, the lookups that found it, when the last
 * did (seconds since the epoch, 0 for never), the rule.  The names of a
 * rule of names share its counts.
 *
 * Returns 0, or -%ENOMEM.
 */
int sigil_rules_show(struct seq_file *m)
{
	return show_policy(m, true);
}

/**
 * sigil_policy_show - Print the running policy in canonical form
 *
 * @m: The seq_file.
 *
 * One rule a line, single spaces, permissions in the grammar's order,
 * allow rules for one pair merged, no comments, in the order first
 * written.
 *
 * Returns 0, or -%ENOMEM.
 */
int sigil_policy_show(struct seq_file *m)
{
	return show_policy(m, false);
}
