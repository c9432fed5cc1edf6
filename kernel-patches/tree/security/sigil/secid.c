// SPDX-License-Identifier: GPL-2.0-only
/*
 * Sigil LSM - Secids: labels as numbers, for audit and sockets
 *
 * The audit subsystem and the socket layer name a label by a 32-bit
 * secid and ask the module for its text when they print it: the subj= and
 * obj= fields of audit records, SCM_SECURITY.  A label is given its secid
 * the first time one is asked for, and keeps it as long as it lives: the
 * secid holds no reference, so that a secid asked for an object's label
 * (an audit rule matching files whose labels a user chose) does not keep
 * the label in memory after its last object is gone.  A secid whose label
 * has been freed names nothing (its text is "(freed)", which no label can
 * be), and is not given again before the 32-bit space has been gone
 * through.  A label the policy names
 * lives as long as the policy that names it, across reloads too if the
 * next one names it.
 *
 * In 6.12 a task has one secid for audit, and the framework asks every
 * module for it but asks the first module that answers for its text.  So
 * Sigil answers the secid interfaces only when no other module does: a
 * module that labels the whole system (SELinux, Smack, AppArmor) keeps
 * them when stacked with Sigil, in either order, and Sigil's hooks then
 * leave every secid, audit rule and peer label to it: they neither write
 * a secid nor touch another module's audit rule.
 *
 * Copyright © 2026 The Sigil authors
 */

#define pr_fmt(fmt) "sigil: " fmt

#include <linux/audit.h>
#include <linux/init.h>
#include <linux/lsm_hooks.h>
#include <linux/security.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "enforce.h"
#include "label.h"
#include "secid.h"
#include "setup.h"

/* Whether Sigil answers the secid interfaces (see the top of this file). */
static bool sigil_secids_on __ro_after_init;

/**
 * sigil_secids_answered - Whether Sigil answers the secid interfaces
 *
 * Returns true when no other module does (see the top of secid.c).
 */
bool sigil_secids_answered(void)
{
	return sigil_secids_on;
}

/**
 * sigil_secid - A label's secid
 *
 * @label: The label, which the caller holds.
 *
 * Gives @label a secid the first time, which names it until it is freed.
 * May be called in any context.
 *
 * Returns the secid, or 0 when Sigil does not answer secids or memory is
 * short (audit then prints no label).  Hooks that write a secid the
 * framework asks every module for check sigil_secids_answered() first,
 * so as not to overwrite another module's.
 */
u32 sigil_secid(struct sigil_label *const label)
{
	return sigil_secids_on ? sigil_label_secid(label) : 0;
}

/**
 * sigil_secid_label - The label a secid names
 *
 * @secid: The secid.
 *
 * Returns the label, referenced; NULL for a secid Sigil did not give or
 * whose label is gone.
 */
struct sigil_label *sigil_secid_label(const u32 secid)
{
	if (!sigil_secids_on || !secid)
		return NULL;
	return sigil_label_by_secid(secid);
}

/*
 * The text of a secid whose label is gone: not a label (parentheses are
 * not allowed in one), and not an error, which audit would take for a
 * failure of its own (audit_panic()).
 */
#define SIGIL_SECCTX_FREED "(freed)"

/*
 * A label's text, copied: the label may be freed before the caller is
 * done with it.  The length counts no NUL.  May be called in any context.
 */
static int hook_secid_to_secctx(const u32 secid, char **const secdata,
				u32 *const seclen)
{
	struct sigil_label *label;
	const char *text;
	u32 len;
	int err = 0;

	if (!sigil_secids_on)
		return -EOPNOTSUPP;
	if (!secid)
		return -EINVAL;
	label = sigil_secid_label(secid);
	text = label ? label->str : SIGIL_SECCTX_FREED;
	len = label ? label->len : strlen(SIGIL_SECCTX_FREED);
	if (secdata) {
		*secdata = kmemdup(text, len + 1, GFP_ATOMIC);
		if (!*secdata)
			err = -ENOMEM;
	}
	*seclen = len;
	sigil_label_put(label);
	return err;
}

static void hook_release_secctx(char *const secdata, const u32 seclen)
{
	if (sigil_secids_on)
		kfree(secdata);
}

/*
 * Only a label that the running policy names has a secid to give: a
 * context string of one's choosing (an nftables secmark made in a user
 * namespace) creates no label, and neither does a label that only some
 * object carries.
 */
static int hook_secctx_to_secid(const char *const secdata, const u32 seclen,
				u32 *const secid)
{
	struct sigil_label *label;
	ssize_t len;

	if (!sigil_secids_on)
		return -EOPNOTSUPP;
	len = sigil_label_parse(secdata, seclen);
	if (len <= 0)
		return -EINVAL;
	label = sigil_label_lookup(secdata, len);
	if (!label || !sigil_label_named(label)) {
		sigil_label_put(label);
		return -EINVAL;
	}
	*secid = sigil_secid(label);
	sigil_label_put(label);
	return *secid ? 0 : -ENOMEM;
}

#ifdef CONFIG_AUDIT
/*
 * Audit rules by label: subj_type and obj_type with = and !=, as
 * SELinux's type fields.  A rule holds a reference to its label.
 */
static bool sigil_audit_field(const u32 field)
{
	return field == AUDIT_SUBJ_TYPE || field == AUDIT_OBJ_TYPE;
}

static int hook_audit_rule_init(const u32 field, const u32 op,
				char *const rulestr, void **const lsmrule,
				const gfp_t gfp)
{
	struct sigil_label *label;

	if (!sigil_secids_on)
		return 0;
	*lsmrule = NULL;
	if (!sigil_audit_field(field) ||
	    (op != Audit_equal && op != Audit_not_equal))
		return -EINVAL;
	label = sigil_label_from_value(rulestr, strlen(rulestr), gfp);
	if (IS_ERR_OR_NULL(label))
		return label ? PTR_ERR(label) : -EINVAL;
	*lsmrule = label;
	return 0;
}

static int hook_audit_rule_known(struct audit_krule *const krule)
{
	u32 i;

	if (!sigil_secids_on)
		return 0;
	for (i = 0; i < krule->field_count; i++)
		if (sigil_audit_field(krule->fields[i].type))
			return 1;
	return 0;
}

static int hook_audit_rule_match(const u32 secid, const u32 field,
				 const u32 op, void *const lsmrule)
{
	bool same;

	if (!sigil_secids_on || !lsmrule)
		return 0;
	same = sigil_label_has_secid(lsmrule, secid);
	switch (op) {
	case Audit_equal:
		return same;
	case Audit_not_equal:
		return !same;
	}
	return 0;
}

static void hook_audit_rule_free(void *const lsmrule)
{
	if (sigil_secids_on)
		sigil_label_put(lsmrule);
}
#endif /* CONFIG_AUDIT */

static struct security_hook_list sigil_secid_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(secid_to_secctx, hook_secid_to_secctx),
	LSM_HOOK_INIT(release_secctx, hook_release_secctx),
	LSM_HOOK_INIT(secctx_to_secid, hook_secctx_to_secid),
#ifdef CONFIG_AUDIT
	LSM_HOOK_INIT(audit_rule_init, hook_audit_rule_init),
	LSM_HOOK_INIT(audit_rule_known, hook_audit_rule_known),
	LSM_HOOK_INIT(audit_rule_match, hook_audit_rule_match),
	LSM_HOOK_INIT(audit_rule_free, hook_audit_rule_free),
#endif
};

/**
 * sigil_add_secid_hooks - Register the secid hooks
 *
 * They answer nothing until sigil_secids_init() has seen that no other
 * module does.
 */
void __init sigil_add_secid_hooks(void)
{
	security_add_hooks(sigil_secid_hooks, ARRAY_SIZE(sigil_secid_hooks),
			   &sigil_lsmid);
}

/*
 * Once every module has registered its hooks, whichever the order: if
 * another module turns a secid into text, it answers the secid
 * interfaces, and Sigil stays silent.  The built-in labels take the first
 * secids.
 */
static int __init sigil_secids_init(void)
{
	u32 len;

	if (!sigil_enabled)
		return 0;
	if (security_secid_to_secctx(1, NULL, &len) != -EOPNOTSUPP) {
		pr_info("another module answers secids and peer labels\n");
		return 0;
	}
	sigil_secids_on = true;
	sigil_secid(sigil_label_kernel);
	sigil_secid(sigil_label_unlabeled);
	return 0;
}
late_initcall(sigil_secids_init);
