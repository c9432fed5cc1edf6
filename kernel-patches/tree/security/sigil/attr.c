// SPDX-License-Identifier: GPL-2.0-only
/*
 * Sigil LSM - Task attributes and exec transitions
 *
 * A task's labels are read through /proc/PID/attr/ and
 * lsm_get_self_attr(2), and set through the same files and
 * lsm_set_self_attr(2), which meet in one getter and one setter.
 * attr/exec is applied at the next execve, then reset with attr/fscreate.
 *
 * Copyright © 2026 The Sigil authors
 */

#include <linux/binfmts.h>
#include <linux/cred.h>
#include <linux/err.h>
#include <linux/lsm_hooks.h>
#include <linux/mount.h>
#include <linux/personality.h>
#include <linux/ptrace.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/security.h>
#include <linux/slab.h>
#include <uapi/linux/lsm.h>

#include "audit.h"
#include "cred.h"
#include "enforce.h"
#include "fs.h"
#include "label.h"
#include "setup.h"

/*
 * Returns a referenced label, NULL for an unset attribute, or
 * ERR_PTR(-EOPNOTSUPP) for an attribute Sigil does not have.
 */
static struct sigil_label *get_attr(const struct cred *const cred,
				    const u64 attr)
{
	const struct sigil_cred *const c = sigil_cred(cred);

	switch (attr) {
	case LSM_ATTR_CURRENT:
		return sigil_label_get(sigil_cred_label(cred));
	case LSM_ATTR_EXEC:
		return sigil_label_get(c->exec);
	case LSM_ATTR_FSCREATE:
		return sigil_label_get(c->fscreate);
	case LSM_ATTR_PREV:
		return sigil_label_get(c->prev ? c->prev : sigil_label_kernel);
	default:
		return ERR_PTR(-EOPNOTSUPP);
	}
}

static struct sigil_label *get_task_attr(struct task_struct *const task,
					 const u64 attr)
{
	struct sigil_label *label;

	/* The cred's references keep its labels alive for the grace period. */
	rcu_read_lock();
	label = get_attr(__task_cred(task), attr);
	rcu_read_unlock();
	return label;
}

/*
 * The label of the calling task's tracer, referenced, or NULL when it is
 * not traced.  The caller holds cred_guard_mutex, which ptrace_attach()
 * takes too: no tracer attaches meanwhile.
 */
static struct sigil_label *tracer_label(void)
{
	struct sigil_label *tracer = NULL;
	struct task_struct *t;

	rcu_read_lock();
	t = ptrace_parent(current);
	if (t)
		tracer = sigil_label_get(sigil_cred_label(__task_cred(t)));
	rcu_read_unlock();
	return tracer;
}

/*
 * Writing attr/current changes a running program's privileges with no new
 * entry point (a dynamic transition): refused unless a policy allows it,
 * and, for a traced task, unless its tracer may trace the new label (t),
 * as at an exec (-EPERM), since the tracer goes on controlling it.
 */
static int may_dyntransition(const struct sigil_label *const from,
			     const struct sigil_label *const to)
{
	struct sigil_query q = {
		.kind = SIGIL_RULE_DYNTRANSITION,
		.subject = from,
		.object = to,
	};
	struct sigil_label *tracer;
	int err;

	err = sigil_check(&q, "setcurrent", NULL);
	if (err || !static_branch_unlikely(&sigil_policy_loaded))
		return err;
	tracer = tracer_label();
	if (!tracer)
		return 0;
	q.kind = SIGIL_RULE_PROCESS;
	q.perms = SIGIL_PROC_TRACE;
	q.subject = tracer;
	if (sigil_check(&q, "setcurrent", NULL))
		err = -EPERM;
	sigil_label_put(tracer);
	return err;
}

/* Checked at the write, so that a refusal is seen at once. */
static int may_set(const u64 attr, const struct sigil_label *const label)
{
	const struct sigil_query q = {
		.kind = attr == LSM_ATTR_EXEC ? SIGIL_RULE_TRANSITION :
						SIGIL_RULE_FSCREATE,
		.subject = sigil_current_label(),
		.object = label,
	};

	if (!label || !static_branch_unlikely(&sigil_policy_loaded))
		return 0;
	return sigil_check(&q, attr == LSM_ATTR_EXEC ? "setexec" : "setfscreate",
			   NULL);
}

/*
 * The one setter, for /proc/PID/attr/ writes and lsm_set_self_attr(2).
 * The callers hold cred_guard_mutex and have checked that the target is
 * the calling thread.  Returns 0 or a negative errno.
 */
static int set_attr(const u64 attr, const void *const value, const size_t size)
{
	struct sigil_label *label, **slot;
	struct sigil_cred *c;
	struct cred *new;
	int err;

	switch (attr) {
	case LSM_ATTR_CURRENT:
	case LSM_ATTR_EXEC:
	case LSM_ATTR_FSCREATE:
		break;
	case LSM_ATTR_PREV:
	default:
		return -EINVAL;
	}

	label = sigil_label_from_value(value, size, GFP_KERNEL_ACCOUNT);
	if (IS_ERR(label))
		return PTR_ERR(label);

	/* attr/current cannot be unset. */
	if (attr == LSM_ATTR_CURRENT)
		err = label ? may_dyntransition(sigil_current_label(),
						label) : -EINVAL;
	else
		err = may_set(attr, label);
	if (err) {
		sigil_label_put(label);
		return err;
	}

	new = prepare_creds();
	if (!new) {
		sigil_label_put(label);
		return -ENOMEM;
	}
	c = sigil_cred(new);
	if (attr == LSM_ATTR_CURRENT) {
		sigil_label_put(c->label);
		sigil_cred_set_label(c, label);
	} else {
		slot = attr == LSM_ATTR_EXEC ? &c->exec : &c->fscreate;
		sigil_label_put(*slot);
		*slot = label;
	}
	return commit_creds(new);
}

/* Reads are "LABEL\n"; an unset attribute reads as empty. */
static int hook_getprocattr(struct task_struct *const task,
			    const char *const name, char **const value)
{
	struct sigil_label *label;
	char *buf;
	int len;

	label = get_task_attr(task, lsm_name_to_attr(name));
	if (IS_ERR(label))
		return -EINVAL;
	if (!label) {
		*value = NULL;
		return 0;
	}
	buf = kasprintf(GFP_KERNEL, "%s\n", label->str);
	len = label->len + 1;
	sigil_label_put(label);
	if (!buf)
		return -ENOMEM;
	*value = buf;
	return len;
}

static int hook_setprocattr(const char *const name, void *const value,
			    const size_t size)
{
	const int err = set_attr(lsm_name_to_attr(name), value, size);

	return err ? err : size;
}

/* The context is the NUL-terminated label; an unset attribute is absent. */
static int hook_getselfattr(const unsigned int attr,
			    struct lsm_ctx __user *const ctx, u32 *const size,
			    const u32 flags)
{
	struct sigil_label *label;
	int err;

	label = get_task_attr(current, attr);
	if (IS_ERR(label))
		return PTR_ERR(label);
	if (!label)
		return -EOPNOTSUPP;
	err = lsm_fill_user_ctx(ctx, size, label->str, label->len + 1,
				LSM_ID_SIGIL, 0);
	sigil_label_put(label);
	return err ? err : 1;
}

/*
 * lsm_set_self_attr(2): the syscall holds cred_guard_mutex around the
 * hook (security/lsm_syscalls.c), as proc_pid_attr_write() does, so that
 * no tracer attaches between the check of the tracer and the new
 * credentials.
 */
static int hook_setselfattr(const unsigned int attr, struct lsm_ctx *const ctx,
			    const u32 size, const u32 flags)
{
	return set_attr(attr, ctx->ctx, ctx->ctx_len);
}

/* Exec transitions */

/*
 * An execve through attr/exec from @from to @to, running @file: allowed
 * until a policy says otherwise.
 */
static int may_transition(const struct sigil_label *const from,
			  const struct sigil_label *const to,
			  const struct file *const file)
{
	struct sigil_query q = {
		.kind = SIGIL_RULE_TRANSITION,
		.subject = from,
		.object = to,
	};
	struct sigil_label *entry;
	int err;

	if (!static_branch_unlikely(&sigil_policy_loaded))
		return 0;
	/* The label of the program run: an entrypoint rule may require it. */
	entry = sigil_inode_fresh_label(file_inode(file), file->f_path.dentry);
	q.target = entry;
	err = sigil_check(&q, "exec", file->f_path.dentry);
	sigil_label_put(entry);
	return err;
}

/*
 * A transition the kernel marks unsafe: under no_new_privs, from a nosuid
 * mount, with a tracer, or with a shared fs_struct.  The first two need
 * an explicit rule, the tracer needs to be allowed to trace the new
 * label, and a shared fs_struct is refused.  Returns 0 or -EPERM.
 */
static int may_transition_unsafely(const struct linux_binprm *const bprm,
				   const struct sigil_label *const from,
				   const struct sigil_label *const to)
{
	struct sigil_query q = { .subject = from, .object = to };
	struct sigil_label *tracer;
	int err = 0;

	if (!static_branch_unlikely(&sigil_policy_loaded))
		return 0;
	if (bprm->unsafe & LSM_UNSAFE_SHARE &&
	    sigil_refuse("exec", from, to, "fs_struct shared with another task"))
		return -EPERM;
	if (bprm->unsafe & LSM_UNSAFE_NO_NEW_PRIVS) {
		q.kind = SIGIL_RULE_NNP_TRANSITION;
		if (sigil_check(&q, "exec", bprm->file->f_path.dentry))
			return -EPERM;
	}
	if (!mnt_may_suid(bprm->file->f_path.mnt)) {
		q.kind = SIGIL_RULE_NOSUID_TRANSITION;
		if (sigil_check(&q, "exec", bprm->file->f_path.dentry))
			return -EPERM;
	}
	if (bprm->unsafe & LSM_UNSAFE_PTRACE) {
		tracer = tracer_label();
		if (tracer) {
			q.kind = SIGIL_RULE_PROCESS;
			q.perms = SIGIL_PROC_TRACE;
			q.subject = tracer;
			if (sigil_check(&q, "exec", bprm->file->f_path.dentry))
				err = -EPERM;
			sigil_label_put(tracer);
		}
	}
	return err;
}

/*
 * Runs once per execve, before the point of no return, on bprm->cred, the
 * new program's copy of the credentials: an error fails execve and leaves
 * the task as it was.  attr/exec becomes the task's label if allowed; when
 * it is not set, an exec rule for the task's label and the program's may
 * name the label instead, which is then asked for exactly as attr/exec
 * would be.  attr/exec and attr/fscreate are reset, used or not, so that
 * the new program reverts to the defaults for its own execs and files.
 */
static int hook_bprm_creds_for_exec(struct linux_binprm *const bprm)
{
	struct sigil_cred *const c = sigil_cred(bprm->cred);
	struct sigil_label *const from = sigil_cred_label(bprm->cred);
	struct sigil_label *to = c->exec, *program;
	int err;

	/* The file's label is looked up only when exec rules exist. */
	if (!to && sigil_exec_rules()) {
		program = sigil_inode_fresh_label(file_inode(bprm->file),
						  bprm->file->f_path.dentry);
		c->exec = sigil_exec_label(from, program);
		sigil_label_put(program);
		to = c->exec;
	}
	c->reset_inherited = false;
	if (to && to != from) {
		err = may_transition(from, to, bprm->file);
		if (!err)
			err = may_transition_unsafely(bprm, from, to);
		if (err)
			return err;
		/* The references move: label to prev, exec to label. */
		sigil_label_put(c->prev);
		c->prev = c->label ? c->label : sigil_label_get(from);
		sigil_cred_set_label(c, to);
		c->exec = NULL;
		c->reset_inherited = !sigil_label_unconfined(c->prev);
		/*
		 * As SELinux: AT_SECURE, so ld.so drops LD_PRELOAD and
		 * friends, and no personality that weakens the new program
		 * (no address randomisation, readable implies executable).
		 */
		bprm->secureexec = 1;
		bprm->per_clear |= PER_CLEAR_ON_SETID;
	}
	sigil_label_put(c->exec);
	c->exec = NULL;
	sigil_label_put(c->fscreate);
	c->fscreate = NULL;
	return 0;
}

static struct security_hook_list sigil_attr_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(getprocattr, hook_getprocattr),
	LSM_HOOK_INIT(setprocattr, hook_setprocattr),
	LSM_HOOK_INIT(getselfattr, hook_getselfattr),
	LSM_HOOK_INIT(setselfattr, hook_setselfattr),
	LSM_HOOK_INIT(bprm_creds_for_exec, hook_bprm_creds_for_exec),
};

/**
 * sigil_add_attr_hooks - Register the attribute and exec hooks
 */
void __init sigil_add_attr_hooks(void)
{
	security_add_hooks(sigil_attr_hooks, ARRAY_SIZE(sigil_attr_hooks),
			   &sigil_lsmid);
}
