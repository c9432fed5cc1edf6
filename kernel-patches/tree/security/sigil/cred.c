// SPDX-License-Identifier: GPL-2.0-only
/*
 * Sigil LSM - Credential hooks
 *
 * A task's labels live in its credentials: each copy of the credentials
 * takes a reference to each label, each free drops them.
 *
 * Copyright © 2026 The Sigil authors
 */

#include <linux/cred.h>
#include <linux/lsm_hooks.h>

#include "cred.h"
#include "enforce.h"
#include "label.h"
#include "secid.h"
#include "setup.h"

static void copy_labels(struct sigil_cred *const new,
			const struct sigil_cred *const old)
{
	sigil_cred_set_label(new, sigil_label_get(old->label));
	new->exec = sigil_label_get(old->exec);
	new->fscreate = sigil_label_get(old->fscreate);
	new->prev = sigil_label_get(old->prev);
}

static int hook_cred_prepare(struct cred *const new,
			     const struct cred *const old, const gfp_t gfp)
{
	copy_labels(sigil_cred(new), sigil_cred(old));
	return 0;
}

static void hook_cred_transfer(struct cred *const new,
			       const struct cred *const old)
{
	copy_labels(sigil_cred(new), sigil_cred(old));
}

/* May run from an RCU callback: sigil_label_put() does not sleep. */
static void hook_cred_free(struct cred *const cred)
{
	struct sigil_cred *const c = sigil_cred(cred);

	sigil_label_put(c->label);
	sigil_label_put(c->exec);
	sigil_label_put(c->fscreate);
	sigil_label_put(c->prev);
}

#ifdef CONFIG_IO_URING
/*
 * An io_uring request run with credentials registered on the ring (a
 * personality): acting as another label is a change of label, allowed by
 * a dyntransition rule from the task's label to the credentials', as
 * writing attr/current would be.  Credentials of the task's own label
 * need nothing.
 */
static int hook_uring_override_creds(const struct cred *const new)
{
	const struct sigil_query q = {
		.kind = SIGIL_RULE_DYNTRANSITION,
		.subject = sigil_current_label(),
		.object = sigil_cred_label(new),
	};

	if (q.subject == q.object)
		return 0;
	return sigil_check(&q, "uring_override_creds", NULL);
}
#endif

/*
 * The secids audit records print as subj= and obj= (secid.c).  Every
 * module's hook writes the same *secid: when another module answers
 * secids, Sigil leaves its value alone.
 */
static void hook_current_getsecid_subj(u32 *const secid)
{
	if (sigil_secids_answered())
		*secid = sigil_secid(sigil_current_label());
}

static void hook_task_getsecid_obj(struct task_struct *const p,
				   u32 *const secid)
{
	if (!sigil_secids_answered())
		return;
	rcu_read_lock();
	*secid = sigil_secid(sigil_cred_label(__task_cred(p)));
	rcu_read_unlock();
}

static void hook_cred_getsecid(const struct cred *const c, u32 *const secid)
{
	if (sigil_secids_answered())
		*secid = sigil_secid(sigil_cred_label(c));
}

static struct security_hook_list sigil_cred_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(cred_prepare, hook_cred_prepare),
	LSM_HOOK_INIT(cred_transfer, hook_cred_transfer),
	LSM_HOOK_INIT(cred_free, hook_cred_free),
	LSM_HOOK_INIT(current_getsecid_subj, hook_current_getsecid_subj),
	LSM_HOOK_INIT(task_getsecid_obj, hook_task_getsecid_obj),
	LSM_HOOK_INIT(cred_getsecid, hook_cred_getsecid),
#ifdef CONFIG_IO_URING
	LSM_HOOK_INIT(uring_override_creds, hook_uring_override_creds),
#endif
};

/**
 * sigil_add_cred_hooks - Label the first task and register the credential
 * hooks
 *
 * The init task's blob is zeroed by the framework: it becomes
 * %SIGIL_LABEL_KERNEL, and every later task inherits its label.
 */
void __init sigil_add_cred_hooks(void)
{
	struct sigil_cred *const c = sigil_cred(current_cred());

	sigil_cred_set_label(c, sigil_label_get(sigil_label_kernel));
	security_add_hooks(sigil_cred_hooks, ARRAY_SIZE(sigil_cred_hooks),
			   &sigil_lsmid);
}
