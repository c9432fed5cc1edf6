// SPDX-License-Identifier: GPL-2.0-only
/*
 * Sigil LSM - Tasks acting on tasks, and capabilities
 *
 * A task of one label acting on a task of another (ptrace, signals, the
 * SIGIO a file it owns sends, scheduling, reading what /proc shows of it)
 * needs a process rule; a confined label holds only the capabilities its
 * capability rules give, in every user namespace, and needs sys_admin to
 * make one and sys_rawio to map the lowest pages.
 *
 * Copyright © 2026 The Sigil authors
 */

#include <linux/cred.h>
#include <linux/fs.h>
#include <linux/lsm_hooks.h>
#include <linux/posix-timers.h>
#include <linux/ptrace.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/security.h>
#include <linux/time.h>
#include <linux/xarray.h>

#include "audit.h"
#include "cache.h"
#include "cred.h"
#include "enforce.h"
#include "label.h"
#include "setup.h"

/*
 * A task labelled @subject acting on the task @p: its own label, or an
 * unconfined one, may do anything; otherwise a process rule must give
 * @perms.  Never sleeps: some callers hold spinlocks or the RCU lock.
 * The rights of the last label checked are cached in @p's credentials:
 * a label cached there cannot be freed within one epoch, as the policy
 * or the credentials themselves hold it.
 */
static int check_task(const struct sigil_label *const subject,
		      struct task_struct *const p, const u64 perms,
		      const char *const op)
{
	struct sigil_query q = {
		.kind = SIGIL_RULE_PROCESS,
		.perms = perms,
		.subject = subject,
	};
	struct sigil_cache *c;
	u64 epoch;
	int err = 0;
	u8 rights;

	if (!static_branch_unlikely(&sigil_policy_loaded))
		return 0;
	rcu_read_lock();
	c = &sigil_cred(__task_cred(p))->cache;
	/* Before the policy: a newer policy comes with a newer epoch. */
	epoch = atomic64_read_acquire(&sigil_epoch);
	if (likely(sigil_cache_hit(c, subject, epoch, perms)))
		goto out;
	q.object = sigil_cred_label(__task_cred(p));
	rights = sigil_rights(SIGIL_RULE_PROCESS, subject, q.object);
	sigil_cache_store(c, subject, epoch, rights);
	if (perms & ~rights)
		err = sigil_deny(&q, SIGIL_WHY(SIGIL_RULE_PROCESS,
					       perms & ~rights), op, NULL);
out:
	rcu_read_unlock();
	return err;
}

/*
 * PTRACE_MODE_ATTACH (ptrace, /proc/PID/mem, process_vm_*, pidfd_getfd)
 * needs t; PTRACE_MODE_READ (/proc/PID/environ, maps, fd links...) r.
 */
static int hook_ptrace_access_check(struct task_struct *const child,
				    const unsigned int mode)
{
	if (mode & PTRACE_MODE_ATTACH)
		return check_task(sigil_current_label(), child, SIGIL_PROC_TRACE,
				  "ptrace");
	return check_task(sigil_current_label(), child, SIGIL_PROC_READ, "procread");
}

/* PTRACE_TRACEME: the parent becomes the tracer. */
static int hook_ptrace_traceme(struct task_struct *const parent)
{
	struct sigil_label *tracer;
	int err;

	rcu_read_lock();
	tracer = sigil_label_get(sigil_cred_label(__task_cred(parent)));
	rcu_read_unlock();
	err = check_task(tracer, current, SIGIL_PROC_TRACE, "traceme");
	sigil_label_put(tracer);
	return err;
}

/* Any signal; a child may still send SIGCHLD to its parent. */
static int hook_task_kill(struct task_struct *const p,
			  struct kernel_siginfo *const info, const int sig,
			  const struct cred *const cred)
{
	bool to_parent;

	if (!static_branch_unlikely(&sigil_policy_loaded))
		return 0;
	if (sig == SIGCHLD) {
		rcu_read_lock();
		to_parent = same_thread_group(rcu_dereference(current->real_parent), p);
		rcu_read_unlock();
		if (to_parent)
			return 0;
	}
	return check_task(cred ? sigil_cred_label(cred) : sigil_current_label(), p,
			  SIGIL_PROC_SIGNAL, "signal");
}

static int hook_task_setpgid(struct task_struct *const p, const pid_t pgid)
{
	return check_task(sigil_current_label(), p, SIGIL_PROC_MANAGE, "setpgid");
}

static int hook_task_getpgid(struct task_struct *const p)
{
	return check_task(sigil_current_label(), p, SIGIL_PROC_READ, "getpgid");
}

static int hook_task_getsid(struct task_struct *const p)
{
	return check_task(sigil_current_label(), p, SIGIL_PROC_READ, "getsid");
}

static int hook_task_setnice(struct task_struct *const p, const int nice)
{
	return check_task(sigil_current_label(), p, SIGIL_PROC_MANAGE, "setnice");
}

static int hook_task_setioprio(struct task_struct *const p, const int ioprio)
{
	return check_task(sigil_current_label(), p, SIGIL_PROC_MANAGE, "setioprio");
}

static int hook_task_getioprio(struct task_struct *const p)
{
	return check_task(sigil_current_label(), p, SIGIL_PROC_READ, "getioprio");
}

static int hook_task_setscheduler(struct task_struct *const p)
{
	return check_task(sigil_current_label(), p, SIGIL_PROC_MANAGE,
			  "setscheduler");
}

static int hook_task_getscheduler(struct task_struct *const p)
{
	return check_task(sigil_current_label(), p, SIGIL_PROC_READ, "getscheduler");
}

static int hook_task_movememory(struct task_struct *const p)
{
	return check_task(sigil_current_label(), p, SIGIL_PROC_MANAGE, "movememory");
}

/* prlimit(2) on another task: reading its limits r, changing them m. */
static int hook_task_prlimit(const struct cred *const cred,
			     const struct cred *const tcred,
			     const unsigned int flags)
{
	struct sigil_query q = {
		.kind = SIGIL_RULE_PROCESS,
		.perms = flags & LSM_PRLIMIT_WRITE ? SIGIL_PROC_MANAGE :
						     SIGIL_PROC_READ,
		.subject = sigil_cred_label(cred),
		.object = sigil_cred_label(tcred),
	};

	if (!static_branch_unlikely(&sigil_policy_loaded))
		return 0;
	return sigil_check(&q, "prlimit", NULL);
}

/*
 * A confined label holds only the capabilities that capability rules
 * give it; unconfined labels, and every task before the first policy,
 * keep them all.  A probe (CAP_OPT_NOAUDIT) is not logged.
 */
static int hook_capable(const struct cred *const cred,
			struct user_namespace *const ns, const int cap,
			const unsigned int opts)
{
	struct sigil_query q = {
		.kind = SIGIL_RULE_CAPABILITY,
		.perms = BIT_ULL(cap),
		.subject = sigil_cred_label(cred),
	};

	if (!static_branch_unlikely(&sigil_policy_loaded))
		return 0;
	if (opts & CAP_OPT_NOAUDIT)
		return sigil_decide(&q) ? -EPERM : 0;
	return sigil_check(&q, "capable", NULL) ? -EPERM : 0;
}

/*
 * SIGIO and the signal F_SETSIG chooses, sent when a file is ready: from
 * the label of the task that set the file's owner, which chose where the
 * signals go, as SELinux has it (not of whoever sets the signal or turns
 * O_ASYNC on later, who could launder the sender); it needs a process
 * rule with s on every task it reaches, as kill(2) would.  The label is
 * kept here, by file, from the owner's setting until the file is
 * released; lookups, which may run in interrupt context, take no lock.
 */
static DEFINE_XARRAY_FLAGS(sigil_fowners, XA_FLAGS_LOCK_IRQ);

/*
 * F_SETOWN, F_SETOWN_EX, FIOSETOWN, SIOCSPGRP, under the owner's lock:
 * the task's label becomes the sender of @file's SIGIO.  Does not sleep.
 */
static void hook_file_set_fowner(struct file *const file)
{
	struct sigil_label *const label = sigil_label_get(sigil_current_label());
	unsigned long flags;
	void *old;

	xa_lock_irqsave(&sigil_fowners, flags);
	old = __xa_store(&sigil_fowners, (unsigned long)file, label, GFP_ATOMIC);
	if (xa_is_err(old)) {
		/* No memory: the file sends no signal (see below). */
		sigil_label_put(label);
		old = __xa_erase(&sigil_fowners, (unsigned long)file);
	}
	xa_unlock_irqrestore(&sigil_fowners, flags);
	sigil_label_put(old);
}

static void hook_file_release(struct file *const file)
{
	if (unlikely(file_f_owner(file)))
		sigil_label_put(xa_erase_irq(&sigil_fowners,
					     (unsigned long)file));
}

/* Under the RCU lock, maybe in interrupt context. */
static int hook_file_send_sigiotask(struct task_struct *const tsk,
				    struct fown_struct *const fown,
				    const int sig)
{
	struct sigil_query q = {
		.kind = SIGIL_RULE_PROCESS,
		.perms = SIGIL_PROC_SIGNAL,
	};

	if (!static_branch_unlikely(&sigil_policy_loaded))
		return 0;
	/*
	 * Unreferenced, valid under the RCU lock; not cached in @tsk's
	 * credentials, as only the policy or credentials hold such labels.
	 */
	q.subject = xa_load(&sigil_fowners, (unsigned long)fown->file);
	/* An owner whose label is unknown directs no signal. */
	if (!q.subject)
		return -EACCES;
	q.object = sigil_cred_label(__task_cred(tsk));
	return sigil_check(&q, "sigio", NULL);
}

/*
 * Mapping below mmap_min_addr: the capability the kernel's own check asks
 * (sys_rawio), through the rules, since that check does not go through
 * the capable hook.
 */
static int hook_mmap_addr(const unsigned long addr)
{
	if (addr >= dac_mmap_min_addr)
		return 0;
	return sigil_check_capability(sigil_current_label(), CAP_SYS_RAWIO,
				      "mmap_zero");
}

/*
 * A new user namespace gives its creator every capability inside it; the
 * capable hook still bounds a confined label by its rules there, and
 * making one needs the rule for sys_admin.
 */
static int hook_userns_create(const struct cred *const cred)
{
	return sigil_check_capability(sigil_cred_label(cred), CAP_SYS_ADMIN,
				      "userns_create");
}

/*
 * A confined label that execs into another cannot hand it limits or
 * signals that would steer it (a file size limit that cuts a write of
 * /etc/shadow short, a pending SIGALRM): after such a change of label, as
 * SELinux does without rlimitinh and siginh, each soft limit becomes the
 * lower of its hard limit and init's soft limit, and pending signals,
 * blocked ones and handlers are dropped, and the interval timers are
 * stopped.  What an unconfined label (the service manager, a login's
 * gateway left unconfined) sets is kept.
 */
static void hook_bprm_committed_creds(const struct linux_binprm *const bprm)
{
	struct sighand_struct *sighand;
	struct rlimit *rlim;
	unsigned int i;

	if (!sigil_cred(current_cred())->reset_inherited)
		return;
	task_lock(current);
	for (i = 0; i < RLIM_NLIMITS; i++) {
		rlim = current->signal->rlim + i;
		rlim->rlim_cur = min(rlim->rlim_max,
				     init_task.signal->rlim[i].rlim_cur);
	}
	task_unlock(current);
	if (IS_ENABLED(CONFIG_POSIX_TIMERS))
		update_rlimit_cpu(current, rlimit(RLIMIT_CPU));
	/* Before the signals go: a timer may fire meanwhile. */
	clear_itimer();
	/* Only the task itself replaces its sighand, and it is here. */
	sighand = unrcu_pointer(current->sighand);
	spin_lock_irq(&sighand->siglock);
	if (!fatal_signal_pending(current)) {
		flush_sigqueue(&current->pending);
		flush_sigqueue(&current->signal->shared_pending);
		flush_signal_handlers(current, 1);
		sigemptyset(&current->blocked);
		recalc_sigpending();
	}
	spin_unlock_irq(&sighand->siglock);
}

static struct security_hook_list sigil_task_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(ptrace_access_check, hook_ptrace_access_check),
	LSM_HOOK_INIT(ptrace_traceme, hook_ptrace_traceme),
	LSM_HOOK_INIT(task_kill, hook_task_kill),
	LSM_HOOK_INIT(task_setpgid, hook_task_setpgid),
	LSM_HOOK_INIT(task_getpgid, hook_task_getpgid),
	LSM_HOOK_INIT(task_getsid, hook_task_getsid),
	LSM_HOOK_INIT(task_setnice, hook_task_setnice),
	LSM_HOOK_INIT(task_setioprio, hook_task_setioprio),
	LSM_HOOK_INIT(task_getioprio, hook_task_getioprio),
	LSM_HOOK_INIT(task_setscheduler, hook_task_setscheduler),
	LSM_HOOK_INIT(task_getscheduler, hook_task_getscheduler),
	LSM_HOOK_INIT(task_movememory, hook_task_movememory),
	LSM_HOOK_INIT(task_prlimit, hook_task_prlimit),
	LSM_HOOK_INIT(capable, hook_capable),
	LSM_HOOK_INIT(bprm_committed_creds, hook_bprm_committed_creds),
	LSM_HOOK_INIT(file_set_fowner, hook_file_set_fowner),
	LSM_HOOK_INIT(file_release, hook_file_release),
	LSM_HOOK_INIT(file_send_sigiotask, hook_file_send_sigiotask),
	LSM_HOOK_INIT(mmap_addr, hook_mmap_addr),
	LSM_HOOK_INIT(userns_create, hook_userns_create),
};

/**
 * sigil_add_task_hooks - Register the task and capability hooks
 */
void __init sigil_add_task_hooks(void)
{
	security_add_hooks(sigil_task_hooks, ARRAY_SIZE(sigil_task_hooks),
			   &sigil_lsmid);
}
