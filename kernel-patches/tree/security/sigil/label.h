/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Sigil LSM - Label interning
 *
 * Copyright © 2026 The Sigil authors
 */

#ifndef _SECURITY_SIGIL_LABEL_H
#define _SECURITY_SIGIL_LABEL_H

#include <linux/atomic.h>
#include <linux/cache.h>
#include <linux/compiler_types.h>
#include <linux/errno.h>
#include <linux/gfp_types.h>
#include <linux/init.h>
#include <linux/list.h>
#include <linux/refcount.h>
#include <linux/rhashtable-types.h>
#include <linux/types.h>
#include <uapi/linux/sigil.h>

/* Label cache ids are 24 bits wide (see cache.h). */
#define SIGIL_CACHE_ID_MAX ((1U << 24) - 1)

/**
 * struct sigil_label - An interned label
 *
 * There is one live &struct sigil_label per distinct label string, so
 * labels are compared by pointer.  Each task attribute, object and policy
 * rule holding a label holds a reference; after the last put the label
 * leaves the table and is freed after the lookups that may see it.
 * Nothing else keeps a label: its secid (secid.c) names it only while it
 * lives.
 */
struct sigil_label {
	/**
	 * @node: Entry in the interning table.
	 */
	struct rhlist_head node;
	/**
	 * @rcu: Takes the label out of the table, then frees it.
	 */
	struct rcu_head rcu;
	/**
	 * @usage: Number of references.
	 */
	refcount_t usage;
	/**
	 * @serial: A number no other label has had since boot, for records
	 * that must tell labels apart without holding them (audit.c).
	 */
	u64 serial;
	/**
	 * @unconfined: Whether the label is unconfined, cached for one
	 * policy: that policy's sequence number shifted left by one, ored
	 * with the answer; 0 for none.
	 */
	atomic64_t unconfined;
	/**
	 * @secid: The label's secid, 0 until sigil_label_secid() gives it
	 * one (for secid.c).
	 */
	u32 secid;
	/**
	 * @cache_id: A number no other live label has, 1 to
	 * %SIGIL_CACHE_ID_MAX, by which the inode caches know the label
	 * (cache.h); 0 if none was free, and then none caches it.  It is
	 * given back after the label is freed.
	 */
	u32 cache_id;
	/**
	 * @len: Length of @str, 1 to %SIGIL_LABEL_MAX.
	 */
	u32 len;
	/**
	 * @str: The label, NUL-terminated.
	 */
	char str[];
};

extern struct sigil_label *sigil_label_kernel __ro_after_init;
extern struct sigil_label *sigil_label_unlabeled __ro_after_init;

struct sigil_label *sigil_label_intern(const char *str, size_t len, gfp_t gfp);
struct sigil_label *sigil_label_from_value(const void *value, size_t size,
					   gfp_t gfp);
void sigil_label_put(struct sigil_label *label);
struct sigil_label *sigil_label_lookup(const char *str, size_t len);
const struct sigil_label *sigil_label_peek(const char *str, size_t len);
u32 sigil_label_secid(struct sigil_label *label);
struct sigil_label *sigil_label_by_secid(u32 secid);
bool sigil_label_has_secid(const struct sigil_label *label, u32 secid);
unsigned int sigil_label_count(void);
int __init sigil_label_init(void);

/**
 * sigil_label_parse - Check a label given by user space or read from disk
 *
 * @value: The bytes, not NUL-terminated.
 * @size: Number of bytes in @value.
 *
 * The accepted input is
 *
 * ==================  ===============================================
 * ``""``              empty: resets an attribute, where that is valid
 * ``"\n"``, ``"\0"``  empty too
 * ``LABEL``           1 to 255 bytes, each a letter, a digit or one of
 *                     ``_-.:+@/`` (sigil_label_byte())
 * ``LABEL"\n"``       the same label
 * ``LABEL"\0"``       the same label
 * ==================  ===============================================
 *
 * Anything else, such as a second trailing byte, white space, a quote, '='
 * or a control character within the label, is refused.
 *
 * Returns the length of the label (0 for empty), or -%EINVAL.
 */
static inline ssize_t sigil_label_parse(const char *value, size_t size)
{
	size_t i;

	if (size && (value[size - 1] == '\n' || value[size - 1] == '\0'))
		size--;
	if (size > SIGIL_LABEL_MAX)
		return -EINVAL;
	for (i = 0; i < size; i++)
		if (!sigil_label_byte(value[i]))
			return -EINVAL;
	return size;
}

/**
 * sigil_label_get - Take a reference to a label
 *
 * @label: The label, or NULL.
 *
 * Returns @label.
 */
static inline struct sigil_label *sigil_label_get(struct sigil_label *label)
{
	if (label)
		refcount_inc(&label->usage);
	return label;
}

/*
 * An object's or credentials' label, with NULL (made before Sigil labelled
 * it) counting as %SIGIL_LABEL_KERNEL; unreferenced.
 */
static inline struct sigil_label *sigil_label_or_kernel(struct sigil_label *label)
{
	return label ? label : sigil_label_kernel;
}

#endif /* _SECURITY_SIGIL_LABEL_H */
