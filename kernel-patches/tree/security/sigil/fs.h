/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Sigil LSM - File labels
 *
 * Copyright © 2026 The Sigil authors
 */

#ifndef _SECURITY_SIGIL_FS_H
#define _SECURITY_SIGIL_FS_H

#include <linux/fs.h>
#include <linux/lsm_hooks.h>

#include "cache.h"
#include "label.h"
#include "setup.h"

/**
 * struct sigil_inode - An inode's label and last decision, in its blob
 */
struct sigil_inode {
	/**
	 * @cache: The rights of the last label that asked about the file
	 * (see cache.h).  First, so that a hit loads it at the blob's
	 * offset.
	 */
	atomic64_t cache;
	/**
	 * @label: The file's label, referenced; NULL until the inode is
	 * created or first instantiated.  Written under the inode's i_lock,
	 * read under RCU: a label it replaces stays readable until a grace
	 * period has passed (the last put frees it with kfree_rcu()).
	 */
	struct sigil_label __rcu *label;
	/**
	 * @genfs: True when @label is the one its file system type and path
	 * give it (a genfs rule, or unlabeled), rather than one read from
	 * security.sigil or set by a task: each policy load recomputes it.
	 * Written under the inode's i_lock.
	 */
	bool genfs;
	/**
	 * @object: True when @label is that of the task that made the
	 * object the inode stands for (a socket, an io_uring ring, a
	 * userfaultfd): such inodes of internal file systems are mediated
	 * like files.  Set once, before the inode can be reached.
	 */
	bool object;
};

static inline struct sigil_inode *sigil_inode(const struct inode *const inode)
{
	return inode->i_security + sigil_blob_offsets.inode;
}

/**
 * sigil_unmediated - Whether Sigil leaves an inode's files alone
 *
 * @inode: The inode.
 *
 * Pipes, anonymous inodes and memfds live on internal file systems that
 * user space cannot mount (SB_NOUSER): they are no files in Sigil's sense,
 * and reading or writing them is not mediated.  Sockets and the anonymous
 * inodes made with a label (io_uring rings, userfaultfds) live there too
 * but carry their creator's label, and are mediated like files.
 *
 * Returns true for an inode Sigil leaves alone.
 */
static inline bool sigil_unmediated(const struct inode *const inode)
{
	return inode->i_sb->s_flags & SB_NOUSER &&
	       !READ_ONCE(sigil_inode(inode)->object);
}

struct sigil_label *sigil_inode_label(const struct inode *const inode);
void sigil_set_inode_label(struct inode *const inode,
			   struct sigil_label *const label);
void sigil_set_object_label(struct inode *const inode,
			    struct sigil_label *const label);
struct sigil_policy;
void sigil_relabel_genfs(const struct sigil_policy *old);

#endif /* _SECURITY_SIGIL_FS_H */
