/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Sigil LSM - Credentials
 *
 * Copyright © 2026 The Sigil authors
 */

#ifndef _SECURITY_SIGIL_CRED_H
#define _SECURITY_SIGIL_CRED_H

#include <linux/cred.h>

#include "cache.h"
#include "label.h"
#include "setup.h"

/**
 * struct sigil_cred - A task's labels, in its credentials
 *
 * Each non-NULL member holds a reference.  Credentials are copied at fork
 * and whenever a task changes them, so each thread carries its own.
 */
struct sigil_cred {
	/**
	 * @cache_id: The cache id of @label (0 while it is NULL), which the
	 * inode cache's hit path compares without loading @label.  Set with
	 * @label by sigil_cred_set_label().
	 */
	u32 cache_id;
	/**
	 * @label: The task's label (attr/current); NULL only in credentials
	 * made before Sigil started, which count as %SIGIL_LABEL_KERNEL.
	 */
	struct sigil_label *label;
	/**
	 * @exec: The label for the next execve (attr/exec), or NULL.
	 */
	struct sigil_label *exec;
	/**
	 * @fscreate: The label of the files the task creates
	 * (attr/fscreate), or NULL for the parent directory's.
	 */
	struct sigil_label *fscreate;
	/**
	 * @prev: The label before the last execve that changed it
	 * (attr/prev), or NULL for %SIGIL_LABEL_KERNEL.
	 */
	struct sigil_label *prev;
	/**
	 * @reset_inherited: Set by the execve that made these credentials
	 * when it moved a confined label to another: the program starts
	 * without the limits, timers and signals the old label left.
	 */
	bool reset_inherited;
	/**
	 * @cache: The process rights of the last label that acted on the
	 * tasks with these credentials (see cache.h).
	 */
	struct sigil_cache cache;
};

static inline struct sigil_cred *sigil_cred(const struct cred *const cred)
{
	return cred->security + sigil_blob_offsets.cred;
}

/**
 * sigil_cred_set_label - Set the task's label in credentials being prepared
 *
 * @c: The credentials' blob.
 * @label: The label; the caller's reference moves to @c.
 *
 * The caller puts the label @c held before, if any.
 */
static inline void sigil_cred_set_label(struct sigil_cred *const c,
					struct sigil_label *const label)
{
	c->label = label;
	c->cache_id = label ? label->cache_id : 0;
}

/**
 * sigil_current_cache_id - The cache id of the calling task's label
 *
 * Returns it, or 0 (which no cache entry holds) for credentials made
 * before Sigil started.
 */
static __always_inline u32 sigil_current_cache_id(void)
{
	return sigil_cred(current_cred())->cache_id;
}

/**
 * sigil_cred_label - A task's label
 *
 * @cred: The task's credentials.
 *
 * Returns the label, unreferenced: valid while @cred is.
 */
static inline struct sigil_label *sigil_cred_label(const struct cred *const cred)
{
	struct sigil_label *const label = sigil_cred(cred)->label;

	return sigil_label_or_kernel(label);
}

/**
 * sigil_current_label - The calling task's label
 *
 * Returns the label, unreferenced: valid while the task's credentials are.
 */
static inline struct sigil_label *sigil_current_label(void)
{
	return sigil_cred_label(current_cred());
}

#endif /* _SECURITY_SIGIL_CRED_H */
