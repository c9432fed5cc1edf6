// SPDX-License-Identifier: GPL-2.0-only
/*
 * Sigil LSM - Audit records
 *
 * Every denial, enforced or not, is an AUDIT_SIGIL_ACCESS record; every
 * policy load, accepted or refused, an AUDIT_MAC_POLICY_LOAD record; every
 * change of mode an AUDIT_MAC_STATUS record, as SELinux logs its own.
 * Without an audit daemon the kernel prints the records in its log;
 * without audit (not built, "audit=0", or a full backlog) a denial is
 * printed directly, in bursts of up to 100 every five seconds.  A denial
 * record reads, on one line:
 *
 *   denied op=open check=file subject=app_t object=secret_t pid=42
 *   comm="cat" name="key" dev="vda" ino=12 enforcing=1
 *   missing='allow app_t secret_t r'
 *
 * where missing is the rule that would allow the operation; a refusal
 * that no rule can lift has reason='...' instead.
 *
 * Copyright © 2026 The Sigil authors
 */

#define pr_fmt(fmt) "sigil: " fmt

#include <linux/atomic.h>
#include <linux/audit.h>
#include <linux/cred.h>
#include <linux/lsm_audit.h>
#include <linux/printk.h>
#include <linux/ratelimit.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/sprintf.h>

#include "audit.h"
#include "label.h"
#include "policy.h"

static atomic64_t sigil_denials = ATOMIC64_INIT(0);
/* Denials printed without audit: bursts of up to 100 every 5 seconds. */
static DEFINE_RATELIMIT_STATE(sigil_denial_rs, 5 * HZ, 100);

/**
 * sigil_format_missing - Write the rule that would allow a query
 *
 * @q: The query.
 * @why: What sigil_decide() answered for it, not 0.
 * @buf: Where to write the rule.
 * @size: Size of @buf.
 */
void sigil_format_missing(const struct sigil_query *q, u64 why, char *buf,
			  size_t size)
{
	const u8 kind = why & (BIT(SIGIL_WHY_SHIFT) - 1);
	const struct sigil_label *l[3] = { q->subject, q->object, q->target };

	if (kind >= SIGIL_RULE_KINDS) {
		scnprintf(buf, size, "(unknown check)");
		return;
	}
	/* An entrypoint rule names the transition's target and the file. */
	if (kind == SIGIL_RULE_ENTRYPOINT) {
		l[0] = q->object;
		l[1] = q->target;
	}
	sigil_rule_format(buf, size, kind, l, why >> SIGIL_WHY_SHIFT);
}

/* Starts a record; may run in interrupt context (task_kill). */
static struct audit_buffer *audit_start(int type)
{
	return audit_log_start(audit_context(), GFP_ATOMIC | __GFP_NOWARN,
			       type);
}

/*
 * Records a denial that a rule could lift.  The rule is written only
 * once a record (or, without audit, a line of the log) will be made, in
 * a buffer of its own, off the stack of the hook that asked, allocated
 * without dipping into the reserves.
 */
static void audit_denial(const char *op, const struct sigil_query *q, u64 why,
			 const struct dentry *dentry, bool enforcing,
			 bool permissive)
{
	const char *const check = sigil_check_name(q->kind) ?: "?";
	const char *const obj = q->object ? q->object->str : "-";
	struct common_audit_data ad = { .type = LSM_AUDIT_DATA_NONE };
	struct audit_buffer *ab = audit_start(AUDIT_SIGIL_ACCESS);
	char *missing;

	if (!ab && !__ratelimit(&sigil_denial_rs))
		return;
	missing = kmalloc(SIGIL_RULE_TEXT_MAX, GFP_NOWAIT | __GFP_NOWARN);
	if (missing)
		sigil_format_missing(q, why, missing, SIGIL_RULE_TEXT_MAX);
	if (!ab) {
		if (dentry)
			pr_notice("denied op=%s check=%s subject=%s object=%s pid=%d comm=\"%s\" name=\"%pd\" enforcing=%d%s missing='%s'\n",
				  op, check, q->subject->str, obj,
				  task_tgid_nr(current), current->comm, dentry,
				  enforcing, permissive ? " permissive=1" : "",
				  missing ?: "?");
		else
			pr_notice("denied op=%s check=%s subject=%s object=%s pid=%d comm=\"%s\" enforcing=%d%s missing='%s'\n",
				  op, check, q->subject->str, obj,
				  task_tgid_nr(current), current->comm,
				  enforcing, permissive ? " permissive=1" : "",
				  missing ?: "?");
		kfree(missing);
		return;
	}
	if (dentry) {
		ad.type = LSM_AUDIT_DATA_DENTRY;
		/* Only read: the union has no const member. */
		ad.u.dentry = (struct dentry *)dentry;
	}
	audit_log_format(ab, "denied op=%s check=%s subject=%s object=%s", op,
			 check, q->subject->str, obj);
	audit_log_lsm_data(ab, &ad);
	audit_log_format(ab, " enforcing=%d%s missing='%s'", enforcing,
			 permissive ? " permissive=1" : "", missing ?: "?");
	audit_log_end(ab);
	kfree(missing);
}

/**
 * sigil_audit_denial - Record a denial that a rule could lift
 *
 * @q: The query denied.
 * @why: What sigil_decide() (or a cached decision) found missing.
 * @op: The operation, for the log.
 * @dentry: The file concerned, for the log, or NULL.
 * @enforcing: Whether the denial is enforced.
 * @permissive: Whether the subject's label is permissive.
 *
 * The slow path of every check: the record's text is built only here.
 */
noinline void sigil_audit_denial(const struct sigil_query *q, u64 why,
				 const char *op, const struct dentry *dentry,
				 bool enforcing, bool permissive)
{
	atomic64_inc(&sigil_denials);
	audit_denial(op, q, why, dentry, enforcing, permissive);
}

/**
 * sigil_audit_refusal - Record a refusal that no rule can lift
 *
 * @op: The operation, for the log.
 * @subject: The task's label.
 * @object: The label concerned.
 * @why: The reason, for the log.
 * @enforcing: Whether the refusal is enforced.
 * @permissive: Whether the subject's label is permissive.
 */
void sigil_audit_refusal(const char *op, const struct sigil_label *subject,
			 const struct sigil_label *object, const char *why,
			 bool enforcing, bool permissive)
{
	struct common_audit_data ad = { .type = LSM_AUDIT_DATA_NONE };
	struct audit_buffer *ab;

	atomic64_inc(&sigil_denials);
	ab = audit_start(AUDIT_SIGIL_ACCESS);
	if (!ab) {
		if (__ratelimit(&sigil_denial_rs))
			pr_notice("denied op=%s subject=%s object=%s pid=%d comm=\"%s\" enforcing=%d%s reason='%s'\n",
				  op, subject->str, object->str,
				  task_tgid_nr(current), current->comm,
				  enforcing, permissive ? " permissive=1" : "",
				  why);
		return;
	}
	audit_log_format(ab, "denied op=%s subject=%s object=%s", op,
			 subject->str, object->str);
	audit_log_lsm_data(ab, &ad);
	audit_log_format(ab, " enforcing=%d%s reason='%s'", enforcing,
			 permissive ? " permissive=1" : "", why);
	audit_log_end(ab);
}

/**
 * sigil_denial_count - Denials since boot, enforced or not
 *
 * Returns the count.
 */
u64 sigil_denial_count(void)
{
	return atomic64_read(&sigil_denials);
}

/**
 * sigil_audit_load - Record a policy load, with SELinux's fields
 *
 * @nrules: Rules in the policy loaded, 0 for a refused one.
 * @loaded: Whether it was loaded (res=1) or refused (res=0).
 */
void sigil_audit_load(unsigned int nrules, bool loaded)
{
	struct audit_buffer *ab;

	ab = audit_log_start(audit_context(), GFP_KERNEL, AUDIT_MAC_POLICY_LOAD);
	if (!ab)
		return;
	audit_log_format(ab, "rules=%u auid=%u ses=%u lsm=sigil res=%d", nrules,
			 from_kuid(&init_user_ns, audit_get_loginuid(current)),
			 audit_get_sessionid(current), loaded);
	audit_log_end(ab);
}

/**
 * sigil_audit_mode - Record a change between enforcing and permissive
 *
 * @enforcing: The new mode.
 * @old: The mode before.
 */
void sigil_audit_mode(bool enforcing, bool old)
{
	struct audit_buffer *ab;

	ab = audit_log_start(audit_context(), GFP_KERNEL, AUDIT_MAC_STATUS);
	if (!ab)
		return;
	audit_log_format(ab, "enforcing=%d old_enforcing=%d auid=%u ses=%u lsm=sigil res=1",
			 enforcing, old,
			 from_kuid(&init_user_ns, audit_get_loginuid(current)),
			 audit_get_sessionid(current));
	audit_log_end(ab);
}
