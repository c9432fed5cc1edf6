// SPDX-License-Identifier: GPL-2.0-only
/*
 * Sigil LSM - Label interning
 *
 * Copyright © 2026 The Sigil authors
 */

#include <linux/atomic.h>
#include <linux/err.h>
#include <linux/idr.h>
#include <linux/init.h>
#include <linux/jhash.h>
#include <linux/rcupdate.h>
#include <linux/rhashtable.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/xarray.h>

#include "label.h"

/*
 * The interning table: a resizable hash table whose hash function is
 * seeded at random (and reseeded when a chain grows long), so that no
 * choice of label strings crowds one bucket, and which shrinks again as
 * labels are freed.  A list table, since a label whose last reference has
 * gone stays in it, unreachable to lookups, until an RCU callback takes
 * it out; a new label for the same string may be added meanwhile.
 */
struct label_key {
	const char *str;
	u32 len;
};

static u32 key_hash(const void *const data, const u32 len, const u32 seed)
{
	const struct label_key *const key = data;

	return jhash(key->str, key->len, seed);
}

static u32 label_hash(const void *const data, const u32 len, const u32 seed)
{
	const struct sigil_label *const label = data;

	return jhash(label->str, label->len, seed);
}

static int label_cmp(struct rhashtable_compare_arg *const arg,
		     const void *const obj)
{
	const struct label_key *const key = arg->key;
	const struct sigil_label *const label = obj;

	return label->len != key->len || memcmp(label->str, key->str, key->len);
}

static const struct rhashtable_params sigil_label_params = {
	.head_offset = offsetof(struct sigil_label, node),
	.hashfn = key_hash,
	.obj_hashfn = label_hash,
	.obj_cmpfn = label_cmp,
	.automatic_shrinking = true,
};

static struct rhltable sigil_labels;

/* Serializes the additions, so that no two live labels share a string. */
static DEFINE_SPINLOCK(sigil_labels_lock);

/* The cache ids of live labels. */
static DEFINE_IDA(sigil_label_ids);

/*
 * Secid to label, unreferenced: a label takes its entry out as it goes
 * (unhash_label()), so that a secid keeps no label in memory.  Secids are
 * given in turn from sigil_secid_next, so that one is not given again
 * before the 32-bit space has gone round.
 */
static DEFINE_XARRAY_FLAGS(sigil_secids, XA_FLAGS_ALLOC1 | XA_FLAGS_LOCK_IRQ);
static u32 sigil_secid_next;

/* The last label's serial number. */
static atomic64_t sigil_label_serial = ATOMIC64_INIT(0);

/* Labels in the table, freed or not yet. */
static atomic_t sigil_nlabels = ATOMIC_INIT(0);

struct sigil_label *sigil_label_kernel __ro_after_init;
struct sigil_label *sigil_label_unlabeled __ro_after_init;

/* A live label for @key, referenced, or NULL; under RCU. */
static struct sigil_label *lookup(const struct label_key *const key)
{
	struct rhlist_head *list, *pos;
	struct sigil_label *label;

	list = rhltable_lookup(&sigil_labels, key, sigil_label_params);
	rhl_for_each_entry_rcu(label, pos, list, node)
		if (refcount_inc_not_zero(&label->usage))
			return label;
	return NULL;
}

/**
 * sigil_label_lookup - Find the live label for a string
 *
 * @str: The label, already checked by sigil_label_parse().
 * @len: Its length, 1 to %SIGIL_LABEL_MAX.
 *
 * Creates nothing: for callers that must not add labels.
 *
 * Returns a referenced label, or NULL when no live label has that string.
 */
struct sigil_label *sigil_label_lookup(const char *const str, const size_t len)
{
	const struct label_key key = { str, len };
	struct sigil_label *label;

	rcu_read_lock();
	label = lookup(&key);
	rcu_read_unlock();
	return label;
}

/**
 * sigil_label_peek - Find the interned string for a string, under RCU
 *
 * @str: Any bytes, not a label only: a file name.
 * @len: Their number.
 *
 * Takes no reference: the result is for comparing with labels that the
 * caller holds, while it is in the RCU read-side section.
 *
 * Returns the live label for @str, or NULL; NULL for a string longer
 * than %SIGIL_LABEL_MAX, which no label is.
 */
const struct sigil_label *sigil_label_peek(const char *const str,
					   const size_t len)
{
	const struct label_key key = { str, len };
	struct rhlist_head *list, *pos;
	struct sigil_label *label;

	if (!len || len > SIGIL_LABEL_MAX)
		return NULL;
	list = rhltable_lookup(&sigil_labels, &key, sigil_label_params);
	rhl_for_each_entry_rcu(label, pos, list, node)
		if (refcount_read(&label->usage))
			return label;
	return NULL;
}

/* Frees a label once no lookup can see it, and gives back its cache id. */
static void free_label(struct rcu_head *const rcu)
{
	struct sigil_label *const label = container_of(rcu, struct sigil_label,
						       rcu);

	if (label->cache_id)
		ida_free(&sigil_label_ids, label->cache_id);
	atomic_dec(&sigil_nlabels);
	kfree(label);
}

/*
 * After the last put: out of the table and out of the secids, in a
 * context where the table's locks may be taken; freed after the lookups
 * that may still have found it.  An inode cache may still hold the cache
 * id, but only with rights that the policy or an object gave the label,
 * and those held it (cache.h).
 */
static void unhash_label(struct rcu_head *const rcu)
{
	struct sigil_label *const label = container_of(rcu, struct sigil_label,
						       rcu);

	unsigned long flags;

	rhltable_remove(&sigil_labels, &label->node, sigil_label_params);
	if (label->secid) {
		xa_lock_irqsave(&sigil_secids, flags);
		__xa_erase(&sigil_secids, label->secid);
		xa_unlock_irqrestore(&sigil_secids, flags);
	}
	call_rcu(&label->rcu, free_label);
}

/**
 * sigil_label_secid - A label's secid
 *
 * @label: The label, which the caller holds.
 *
 * Gives @label a secid the first time, which names it until it is freed.
 * May be called in any context.
 *
 * Returns the secid, or 0 when memory is short.
 */
u32 sigil_label_secid(struct sigil_label *const label)
{
	unsigned long flags;
	u32 secid;

	/* Pairs with the release below: the entry is visible. */
	secid = smp_load_acquire(&label->secid);
	if (secid)
		return secid;
	xa_lock_irqsave(&sigil_secids, flags);
	secid = label->secid;
	if (!secid && __xa_alloc_cyclic(&sigil_secids, &secid, label,
					xa_limit_32b, &sigil_secid_next,
					GFP_ATOMIC) >= 0)
		/* Publishes the secid after its entry. */
		smp_store_release(&label->secid, secid);
	xa_unlock_irqrestore(&sigil_secids, flags);
	return secid;
}

/**
 * sigil_label_by_secid - The label a secid names
 *
 * @secid: A secid.
 *
 * Returns the label, referenced, or NULL for a secid that was not given
 * or whose label is gone.
 */
struct sigil_label *sigil_label_by_secid(const u32 secid)
{
	struct sigil_label *label;

	rcu_read_lock();
	label = xa_load(&sigil_secids, secid);
	if (label && !refcount_inc_not_zero(&label->usage))
		label = NULL;
	rcu_read_unlock();
	return label;
}

/**
 * sigil_label_has_secid - Whether a secid names a label
 *
 * @label: The label, which the caller holds.
 * @secid: A secid.
 *
 * Compares without reading the label a secid names.
 *
 * Returns true when @secid is @label's.
 */
bool sigil_label_has_secid(const struct sigil_label *const label,
			   const u32 secid)
{
	bool same;

	rcu_read_lock();
	same = secid && xa_load(&sigil_secids, secid) == label;
	rcu_read_unlock();
	return same;
}

/**
 * sigil_label_intern - Find or create the label for a string
 *
 * @str: The label, already checked by sigil_label_parse().
 * @len: Its length, 1 to %SIGIL_LABEL_MAX.
 * @gfp: Allocation flags for a new label: with __GFP_ACCOUNT for a label
 * a task chose (an attribute, a relabel, a policy), charged to its memory
 * cgroup; without for one read from a file system, which a task in a
 * small cgroup could otherwise make unreadable.
 *
 * Returns a referenced label, or ERR_PTR(-%ENOMEM).
 */
struct sigil_label *sigil_label_intern(const char *str, size_t len, gfp_t gfp)
{
	const struct label_key key = { str, len };
	struct sigil_label *label, *found;
	int id, err;

	label = sigil_label_lookup(str, len);
	if (label)
		return label;

	label = kmalloc(struct_size(label, str, len + 1), gfp);
	if (!label)
		return ERR_PTR(-ENOMEM);
	refcount_set(&label->usage, 1);
	label->serial = atomic64_inc_return(&sigil_label_serial);
	atomic64_set(&label->unconfined, 0);
	label->secid = 0;
	id = ida_alloc_range(&sigil_label_ids, 1, SIGIL_CACHE_ID_MAX, gfp);
	label->cache_id = id > 0 ? id : 0;
	label->len = len;
	memcpy(label->str, str, len);
	label->str[len] = '\0';

	/* Another task may have added the same label meanwhile. */
	spin_lock(&sigil_labels_lock);
	rcu_read_lock();
	found = lookup(&key);
	rcu_read_unlock();
	/* The key, not the label: label_cmp() compares keys alone. */
	err = found ? 0 : rhltable_insert_key(&sigil_labels, &key, &label->node,
					      sigil_label_params);
	if (!found && !err)
		atomic_inc(&sigil_nlabels);
	spin_unlock(&sigil_labels_lock);
	if (found || err) {
		if (label->cache_id)
			ida_free(&sigil_label_ids, label->cache_id);
		kfree(label);
		return found ?: ERR_PTR(-ENOMEM);
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
 * May be called from any context, RCU callbacks included.  Lookups skip a
 * label whose count is zero (refcount_inc_not_zero()), so a new label for
 * the same string may be added before this one is gone.
 */
void sigil_label_put(struct sigil_label *label)
{
	if (label && refcount_dec_and_test(&label->usage))
		call_rcu(&label->rcu, unhash_label);
}

/**
 * sigil_label_count - The number of labels in core
 *
 * Those freed but not yet given back count until they are.
 *
 * Returns the count.
 */
unsigned int sigil_label_count(void)
{
	return atomic_read(&sigil_nlabels);
}

/**
 * sigil_label_init - Create the built-in labels
 *
 * Returns 0, or -%ENOMEM.
 */
int __init sigil_label_init(void)
{
	if (rhltable_init(&sigil_labels, &sigil_label_params))
		return -ENOMEM;
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
