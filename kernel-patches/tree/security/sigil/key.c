// SPDX-License-Identifier: GPL-2.0-only
/*
 * Sigil LSM - Keys
 *
 * A key or keyring carries the label of the credentials that made it.
 * Another label needs, through allow rules as on a file of that label, r
 * to view, read or search it and w to update it, link it, or change its
 * attributes.
 *
 * Copyright © 2026 The Sigil authors
 */

#include <linux/cred.h>
#include <linux/key.h>
#include <linux/lsm_hooks.h>

#include "cred.h"
#include "enforce.h"
#include "label.h"
#include "setup.h"

static struct sigil_label **key_label(const struct key *const key)
{
	return key->security + sigil_blob_sizes.lbs_key;
}

/* The key holds its label until key_free. */
static int hook_key_alloc(struct key *const key, const struct cred *const cred,
			  const unsigned long flags)
{
	*key_label(key) = sigil_label_get(sigil_cred_label(cred));
	return 0;
}

static void hook_key_free(struct key *const key)
{
	sigil_label_put(*key_label(key));
}

static int hook_key_permission(key_ref_t key_ref, const struct cred *const cred,
			       const enum key_need_perm need_perm)
{
	const struct key *const key = key_ref_to_ptr(key_ref);
	struct sigil_label *label;
	u8 perms;

	switch (need_perm) {
	case KEY_NEED_VIEW:
	case KEY_NEED_READ:
	case KEY_NEED_SEARCH:
		perms = SIGIL_PERM_READ;
		break;
	case KEY_NEED_WRITE:
	case KEY_NEED_LINK:
	case KEY_NEED_SETATTR:
		perms = SIGIL_PERM_WRITE;
		break;
	default:
		/* Unlinking is checked on the keyring, overrides by DAC. */
		return 0;
	}
	label = *key_label(key);
	return sigil_check_object(sigil_cred_label(cred),
				  sigil_label_or_kernel(label), perms,
				  "key");
}

static struct security_hook_list sigil_key_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(key_alloc, hook_key_alloc),
	LSM_HOOK_INIT(key_free, hook_key_free),
	LSM_HOOK_INIT(key_permission, hook_key_permission),
};

/**
 * sigil_add_key_hooks - Register the key hooks
 */
void __init sigil_add_key_hooks(void)
{
	security_add_hooks(sigil_key_hooks, ARRAY_SIZE(sigil_key_hooks),
			   &sigil_lsmid);
}
