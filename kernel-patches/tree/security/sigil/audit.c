// SPDX-License-Identifier: GPL-2.0-only
/*
 * Sigil LSM - Audit records
 *
 * Every denial, enforced or not, is an AUDIT_SIGIL_ACCESS record; every
 * policy load, accepted or refused, an AUDIT_MAC_POLICY_LOAD record; every
 * change of mode an AUDIT_MAC_STATUS record, as SELinux logs its own.
 * Without an audit daemon the kernel prints the records in its log;
 * without audit (not built, "audit=0", or a full backlog) a denial is
 * printed directly, in bursts of up to 100 every five seconds.  A
 * permissive denial is recorded once per subject, object and missing rule
 * until the next load; enforced denials in bursts of up to 500 a second.
 * The status node counts the denials that made no record.  A denial
 * record reads, on one line:
 *
 *   denied op=open check=file subject=app_t object=secret_t
 *   program=app_exec_t pid=42 comm="cat" name="key" dev="vda" ino=12
 *   enforcing=1 missing='allow app_t secret_t r'
 *
 * where missing is the rule that would allow the operation; a refusal
 * that no rule can lift has reason='...' instead.  program is the label
 * of the file the task runs, when the check is made in a task's context.
 * The first relabel of a file that a confined task made in a directory,
 * and that took the directory's label, is recorded too ("relabeled").  A denial of a port
 * names it after the object: proto=tcp port=8080 (a packet's label,
 * which the firewall gave, has no port).
 *
 * Copyright © 2026 The Sigil authors
 */

#define pr_fmt(fmt) "sigil: " fmt

#include <linux/atomic.h>
#include <linux/audit.h>
#include <linux/cred.h>
#include <linux/dcache.h>
#include <linux/fs.h>
#include <linux/hash.h>
#include <linux/init.h>
#include <linux/lsm_audit.h>
#include <linux/printk.h>
#include <linux/ratelimit.h>
#include <linux/sched.h>
#include <linux/string.h>
#include <linux/slab.h>
#include <linux/sprintf.h>

#include "audit.h"
#include "label.h"
#include "policy.h"

static atomic64_t sigil_denials = ATOMIC64_INIT(0);
/* Denials that made no record: repeated permissive ones, floods. */
static atomic64_t sigil_unlogged = ATOMIC64_INIT(0);
/* Denials printed without audit: bursts of up to 100 every 5 seconds. */
static DEFINE_RATELIMIT_STATE(sigil_denial_rs, 5 * HZ, 100);
/*
 * Enforced denials recorded: bursts of up to 500 a second, counted past
 * that; each policy load starts a new burst.
 */
static struct ratelimit_state sigil_enforced_rs =
	RATELIMIT_STATE_INIT_FLAGS(sigil_enforced_rs, HZ, 500,
				   RATELIMIT_MSG_ON_RELEASE);

/*
 * The permissive denials recorded since the last load, as SELinux's
 * access vector cache remembers them: one record per subject, object,
 * target and missing rule, in a table indexed by their hash where a new
 * denial takes the place of an older one.  The load count tells this
 * policy's entries from an earlier one's.
 */
#define SIGIL_SEEN_BITS 9

/* Labels by serial number: the table holds none, and one may be freed. */
struct sigil_seen {
	u64 subject, object, target;
	u64 why;
	u64 load;
};

static u64 serial(const struct sigil_label *const label)
{
	return label ? label->serial : 0;
}

static struct sigil_seen sigil_seen[1 << SIGIL_SEEN_BITS];
static DEFINE_SPINLOCK(sigil_seen_lock);
static u64 sigil_loads;

/* Whether a permissive denial of @q for @why was recorded since the load. */
static bool seen_before(const struct sigil_query *q, u64 why)
{
	const struct sigil_seen now = {
		serial(q->subject), serial(q->object), serial(q->target), why,
	};
	const u32 h = hash_64(now.subject ^ now.object * 31 ^
			      now.target * 961 ^ why, SIGIL_SEEN_BITS);
	struct sigil_seen *const e = &sigil_seen[h];
	unsigned long flags;
	bool seen;

	spin_lock_irqsave(&sigil_seen_lock, flags);
	seen = e->load == sigil_loads && e->subject == now.subject &&
	       e->object == now.object && e->target == now.target &&
	       e->why == why;
	if (!seen) {
		*e = now;
		e->load = sigil_loads;
	}
	spin_unlock_irqrestore(&sigil_seen_lock, flags);
	return seen;
}

/*
 * Whether a denial makes a record: a permissive one the first time since
 * the load, an enforced one within the burst.
 */
static bool worth_a_record(const struct sigil_query *q, u64 why,
			   bool enforcing, bool permissive)
{
	if (enforcing && !permissive ? !__ratelimit(&sigil_enforced_rs) :
	    q && seen_before(q, why)) {
		atomic64_inc(&sigil_unlogged);
		return false;
	}
	return true;
}

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
 * Writes @len bytes of @str, which a task chose, as audit does: quoted if
 * they are printable ASCII other than a quote, else in hexadecimal.
 */
static void untrusted(char *out, size_t room, const char *str, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (str[i] < 0x21 || str[i] > 0x7e || str[i] == '"')
			break;
	if (i == len) {
		scnprintf(out, room, "\"%.*s\"", (int)len, str);
		return;
	}
	for (i = 0; i < len && 2 * i + 2 < room; i++)
		hex_byte_pack_upper(out + 2 * i, str[i]);
	out[2 * i] = '\0';
}

/*
 * The label of the program a check's subject runs, referenced, or NULL
 * (fs.c gives it: sigil_audit_set_program()); NULL until then.
 */
static sigil_program_fn sigil_program __ro_after_init;

/**
 * sigil_audit_set_program - Name the program of each denial's subject
 *
 * @fn: What gives the label of the program the calling task runs when
 * it is the check's subject.
 *
 * Called once, at init.
 */
void __init sigil_audit_set_program(sigil_program_fn fn)
{
	sigil_program = fn;
}

/* The program of @subject's task, referenced, or NULL. */
static struct sigil_label *program_label(const struct sigil_label *subject)
{
	return sigil_program ? sigil_program(subject) : NULL;
}

/*
 * A denial's line in the kernel log when audit cannot take it: @check is
 * NULL for a refusal, which gives its reason where a denial gives the
 * missing rule.
 */
static void print_denial(const char *op, const char *check,
			 const struct sigil_label *subj_label, const char *obj,
			 const struct dentry *dentry, bool enforcing,
			 bool permissive, const char *missing)
{
	char comm[TASK_COMM_LEN], *buf, where[64] = "";
	struct sigil_label *program;
	struct name_snapshot name;
	const size_t room = 2 * (NAME_MAX + 1) + 2 * TASK_COMM_LEN + 8;

	buf = kmalloc(room, GFP_NOWAIT | __GFP_NOWARN);
	if (!buf)
		return;
	program = program_label(subj_label);
	get_task_comm(comm, current);
	untrusted(buf, 2 * TASK_COMM_LEN + 4, comm, strnlen(comm, sizeof(comm)));
	if (dentry) {
		take_dentry_name_snapshot(&name, (struct dentry *)dentry);
		untrusted(buf + 2 * TASK_COMM_LEN + 4, room - 2 * TASK_COMM_LEN - 4,
			  name.name.name, name.name.len);
		release_dentry_name_snapshot(&name);
		/* As audit writes them: the file's device and inode. */
		if (d_backing_inode(dentry))
			scnprintf(where, sizeof(where), " dev=\"%s\" ino=%lu",
				  d_backing_inode(dentry)->i_sb->s_id,
				  d_backing_inode(dentry)->i_ino);
	}
	pr_notice("denied op=%s%s%s subject=%s object=%s%s%s pid=%d comm=%s%s%s%s enforcing=%d%s %s='%s'\n",
		  op, check ? " check=" : "", check ?: "", subj_label->str, obj,
		  program ? " program=" : "", program ? program->str : "",
		  task_tgid_nr(current), buf, dentry ? " name=" : "",
		  dentry ? buf + 2 * TASK_COMM_LEN + 4 : "", where, enforcing,
		  permissive ? " permissive=1" : "",
		  check ? "missing" : "reason", missing);
	sigil_label_put(program);
	kfree(buf);
}

/* Writes " program=LABEL" into @ab, when @subject's task runs one. */
static void log_program(struct audit_buffer *ab,
			const struct sigil_label *subject)
{
	struct sigil_label *const program = program_label(subject);

	if (program)
		audit_log_format(ab, " program=%s", program->str);
	sigil_label_put(program);
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
	const bool port = q->kind == SIGIL_RULE_NET && q->proto < SIGIL_PROTOS;
	char portobj[SIGIL_LABEL_MAX + 32];
	char *missing;

	if (!ab && !__ratelimit(&sigil_denial_rs)) {
		atomic64_inc(&sigil_unlogged);
		return;
	}
	missing = kmalloc(SIGIL_RULE_TEXT_MAX, GFP_NOWAIT | __GFP_NOWARN);
	if (missing)
		sigil_format_missing(q, why, missing, SIGIL_RULE_TEXT_MAX);
	if (!ab) {
		if (port)
			snprintf(portobj, sizeof(portobj), "%s proto=%s port=%u",
				 obj, sigil_proto_name(q->proto), q->port);
		print_denial(op, check, q->subject,
			     port ? portobj : obj, dentry,
			     enforcing, permissive, missing ?: "?");
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
	if (port)
		audit_log_format(ab, " proto=%s port=%u",
				 sigil_proto_name(q->proto), q->port);
	log_program(ab, q->subject);
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
	if (worth_a_record(q, why, enforcing, permissive))
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
	if (!worth_a_record(NULL, 0, enforcing, permissive))
		return;
	ab = audit_start(AUDIT_SIGIL_ACCESS);
	if (!ab) {
		if (__ratelimit(&sigil_denial_rs))
			print_denial(op, NULL, subject, object->str, NULL,
				     enforcing, permissive, why);
		else
			atomic64_inc(&sigil_unlogged);
		return;
	}
	audit_log_format(ab, "denied op=%s subject=%s object=%s", op,
			 subject->str, object->str);
	log_program(ab, subject);
	audit_log_lsm_data(ab, &ad);
	audit_log_format(ab, " enforcing=%d%s reason='%s'", enforcing,
			 permissive ? " permissive=1" : "", why);
	audit_log_end(ab);
}

/**
 * sigil_audit_relabel - Record the first relabel of a file made by a rule
 *
 * @dentry: The file, which a confined task made and which took its
 * directory's label.
 * @subject: The label of the task that relabels it.
 * @from: That label, the directory's.
 * @to: The new label.
 * @creator: The label of the task that made it.
 *
 * A record of the same type as a denial, which reads "relabeled
 * op=relabel subject=S object=FROM new=TO creator=C ..." with the file's
 * name, device and inode: sigilctl suggest pairs it with the denials of
 * the file's maker before it to propose a create rule.
 */
void sigil_audit_relabel(const struct dentry *dentry,
			 const struct sigil_label *subject,
			 const struct sigil_label *from,
			 const struct sigil_label *to,
			 const struct sigil_label *creator)
{
	struct common_audit_data ad = {
		.type = LSM_AUDIT_DATA_DENTRY,
		/* Only read: the union has no const member. */
		.u.dentry = (struct dentry *)dentry,
	};
	struct audit_buffer *ab = audit_start(AUDIT_SIGIL_ACCESS);
	const struct inode *const inode = d_backing_inode(dentry);

	if (!ab) {
		if (__ratelimit(&sigil_denial_rs))
			pr_notice("relabeled op=relabel subject=%s object=%s new=%s creator=%s pid=%d dev=\"%s\" ino=%lu\n",
				  subject->str, from->str, to->str,
				  creator->str, task_tgid_nr(current),
				  inode->i_sb->s_id, inode->i_ino);
		return;
	}
	audit_log_format(ab, "relabeled op=relabel subject=%s object=%s new=%s creator=%s",
			 subject->str, from->str, to->str, creator->str);
	audit_log_lsm_data(ab, &ad);
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
 * sigil_unlogged_count - Denials since boot that made no record
 *
 * A permissive denial already recorded since the last load, or an
 * enforced one past the burst.
 *
 * Returns the count.
 */
u64 sigil_unlogged_count(void)
{
	return atomic64_read(&sigil_unlogged);
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
	unsigned long flags;

	if (loaded) {
		spin_lock_irqsave(&sigil_seen_lock, flags);
		sigil_loads++;
		spin_unlock_irqrestore(&sigil_seen_lock, flags);
		raw_spin_lock_irqsave(&sigil_enforced_rs.lock, flags);
		sigil_enforced_rs.begin = 0;
		sigil_enforced_rs.printed = 0;
		raw_spin_unlock_irqrestore(&sigil_enforced_rs.lock, flags);
	}

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
