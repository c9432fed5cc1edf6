// SPDX-License-Identifier: GPL-2.0-only
/*
 * Sigil LSM - Label interning
 *
 * Copyright © 2026 The Sigil authors
 */

#include <linux/err.h>
#include <linux/hashtable.h>
#include <linux/idr.h>
#include <linux/init.h>
#include <linux/rculist.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/stringhash.h>

#include "label.h"

#define SIGIL_LABEL_HASH_BITS 14

static DEFINE_HASHTABLE(sigil_labels, SIGIL_LABEL_HASH_BITS);

/*
 * Protects insertions into and removals from sigil_labels.  The last put
 * may come from an RCU callback (cred_free), hence the irqsave.
 */
static DEFINE_SPINLOCK(sigil_labels_lock);

/* The cache ids of live labels. */
static DEFINE_IDA(sigil_label_ids);

struct sigil_label *sigil_label_kernel __ro_after_init;
struct sigil_label *sigil_label_unlabeled __ro_after_init;

static struct sigil_label *lookup(const char *str, size_t len, u32 hash)
{
	struct sigil_label *label;

	hash_for_each_possible_rcu(sigil_labels, label, node, hash)
		if (label->hash == hash && label->len == len &&
		    !memcmp(label->str, str, len) &&
		    refcount_inc_not_zero(&label->usage))
			return label;
	return NULL;
}

/*
 * Frees a label and gives back its cache id, once no lookup or check can
 * see it: an inode cache may still hold the id, but only with rights that
 * the policy or an object gave the label, and those hold it (cache.h).
 */
static void free_label(struct rcu_head *const rcu)
{
	struct sigil_label *const label = container_of(rcu, struct sigil_label,
						       rcu);

	if (label->cache_id)
		ida_free(&sigil_label_ids, label->cache_id);
	kfree(label);
}

/**
 * sigil_label_intern - Find or create the label for a string
 *
 * @str: The label, already checked by sigil_label_parse().
 * @len: Its length, 1 to %SIGIL_LABEL_MAX.
 * @gfp: Allocation flags for a new label.
 *
 * Returns a referenced label, or ERR_PTR(-%ENOMEM).
 */
struct sigil_label *sigil_label_intern(const char *str, size_t len, gfp_t gfp)
{
	const u32 hash = full_name_hash(NULL, str, len);
	struct sigil_label *label, *found;
	unsigned long flags;
	int id;

	rcu_read_lock();
	label = lookup(str, len, hash);
	rcu_read_unlock();
	if (label)
		return label;

	label = kmalloc(struct_size(label, str, len + 1), gfp);
	if (!label)
		return ERR_PTR(-ENOMEM);
	refcount_set(&label->usage, 1);
	atomic64_set(&label->unconfined, 0);
	atomic_set(&label->pinned, 0);
	label->secid = 0;
	id = ida_alloc_range(&sigil_label_ids, 1, SIGIL_CACHE_ID_MAX, gfp);
	label->cache_id = id > 0 ? id : 0;
	label->hash = hash;
	label->len = len;
	memcpy(label->str, str, len);
	label->str[len] = '\0';

	/* Another task may have added the same label meanwhile. */
	spin_lock_irqsave(&sigil_labels_lock, flags);
	found = lookup(str, len, hash);
	if (!found)
		hash_add_rcu(sigil_labels, &label->node, hash);
	spin_unlock_irqrestore(&sigil_labels_lock, flags);
	if (found) {
		free_label(&label->rcu);
		return found;
	}
	return label;
}

/**
 * sigil_label_from_value - Parse and intern a label given by user space
 *
 * @value: The bytes, not NUL-terminated (see sigil_label_parse()).
 * @size: Number of bytes in @value.
 * @gfp: Allocation flags.
 *
 * Returns a referenced label, NULL for an empty value, or an ERR_PTR():
 * -%EINVAL for a malformed label, -%ENOMEM.
 */
struct sigil_label *sigil_label_from_value(const void *value, size_t size,
					   gfp_t gfp)
{
	const ssize_t len = sigil_label_parse(value, size);

	if (len < 0)
		return ERR_PTR(len);
	if (len == 0)
		return NULL;
	return sigil_label_intern(value, len, gfp);
}

/**
 * sigil_label_put - Drop a reference to a label
 *
 * @label: The label, or NULL.
 *
 * May be called from any context, RCU callbacks included.
 */
void sigil_label_put(struct sigil_label *label)
{
	unsigned long flags;

	if (!label || !refcount_dec_and_test(&label->usage))
		return;
	/*
	 * Lookups skip a label whose count is zero (refcount_inc_not_zero()),
	 * so a new label for the same string may be added before this one
	 * is gone.
	 */
	spin_lock_irqsave(&sigil_labels_lock, flags);
	hash_del_rcu(&label->node);
	spin_unlock_irqrestore(&sigil_labels_lock, flags);
	call_rcu(&label->rcu, free_label);
}

/**
 * sigil_label_pin - Keep a label until the next boot
 *
 * @label: The label, which the caller holds.
 *
 * For objects whose security blob is freed without a hook (keys, perf
 * events), which hold their label without a reference: the first pin of a
 * label takes one reference that is never dropped.  Does not sleep.
 *
 * Returns @label.
 */
struct sigil_label *sigil_label_pin(struct sigil_label *label)
{
	if (!atomic_xchg(&label->pinned, 1))
		sigil_label_get(label);
	return label;
}

/**
 * sigil_label_init - Create the built-in labels
 *
 * Returns 0, or -%ENOMEM.
 */
int __init sigil_label_init(void)
{
	sigil_label_kernel = sigil_label_intern(SIGIL_LABEL_KERNEL,
						strlen(SIGIL_LABEL_KERNEL),
						GFP_KERNEL);
	sigil_label_unlabeled = sigil_label_intern(SIGIL_LABEL_UNLABELED,
						   strlen(SIGIL_LABEL_UNLABELED),
						   GFP_KERNEL);
	if (IS_ERR(sigil_label_kernel) || IS_ERR(sigil_label_unlabeled))
		return -ENOMEM;
	return 0;
}
