/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Sigil LSM - Inode labels, and the checks on inodes that the file hooks
 * share (fs.c, path.c, file.c)
 *
 * Copyright © 2026 The Sigil authors
 */

#ifndef _SECURITY_SIGIL_FS_H
#define _SECURITY_SIGIL_FS_H

#include <linux/fs.h>
#include <linux/lsm_hooks.h>

#include "cache.h"
#include "cred.h"
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
	 * @retry: True when the label could not be read for a reason that
	 * may pass (an I/O error, short memory, a file system whose labels
	 * come from a server that is not answering yet): @label is NULL,
	 * unlabeled to the checks, and is read again when next needed
	 * (sigil_inode_fresh_label(), a denial).  Written under i_lock.
	 */
	bool retry;
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
	/**
	 * @task: True for the files of /proc/PID/, whose @label is their
	 * task's: another label needs the process rule's r (or t) on the
	 * task as well as the allow rules on the file.  Set once, before the inode
	 * can be reached.
	 */
	bool task;
	/**
	 * @creator: When a confined task made the file and it took its
	 * directory's label (no attr/fscreate, no create rule), the secid
	 * of the task's label, else 0: the file's first relabel is
	 * recorded with it, for sigilctl suggest's create rules.  Written
	 * under the inode's i_lock.
	 */
	u32 creator;
};

/**
 * struct sigil_sb - A file system's part of Sigil's state, in its blob
 */
struct sigil_sb {
	/**
	 * @trusted: Whether its labels are believed
	 * (sigil_fs_labels_trusted()), for one policy: sigil_epoch shifted
	 * left by one, ored with the answer; 0 for none yet.
	 */
	atomic64_t trusted;
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

/**
 * sigil_inode_cached - Whether an inode's cache answers a check
 *
 * @inode: The inode.
 * @id: The cache id of the label asking.
 * @perms: The rights asked for.
 *
 * The fast path of every check: true when @id was the last to ask about
 * @inode, since its last relabel and the last policy load, and had
 * @perms.
 *
 * Returns true when the rights are held.
 */
static __always_inline bool sigil_inode_cached(const struct inode *const inode,
					       const u32 id, const u8 perms)
{
	return sigil_icache_hit(&sigil_inode(inode)->cache, id,
				READ_ONCE(sigil_icache_epoch), perms);
}

u8 sigil_inode_rights(struct inode *const inode,
		      const struct sigil_label *const subject);
int sigil_inode_refuse(struct inode *const inode, struct dentry *const dentry,
		       const struct sigil_label *const subject, const u8 perms,
		       const u8 lack, const char *const op);
int sigil_check_rights_slow(struct inode *const inode,
			    struct dentry *const dentry,
			    const struct sigil_label *subject, const u8 perms,
			    const char *const op);

/**
 * sigil_check_rights - Check a label's rights on an inode
 *
 * @inode: The inode.
 * @dentry: Its name, for the log, or NULL.
 * @subject: The label asking; NULL for the calling task's, whose label a
 * hit does not load.
 * @perms: The rights asked for.
 * @op: The operation, for the log.
 *
 * May sleep to log a denial.
 *
 * Returns 0, or -%EACCES for an enforced denial.
 */
static __always_inline int
sigil_check_rights(struct inode *const inode, struct dentry *const dentry,
		   const struct sigil_label *const subject, const u8 perms,
		   const char *const op)
{
	const u32 id = subject ? subject->cache_id : sigil_current_cache_id();

	if (likely(sigil_inode_cached(inode, id, perms)))
		return 0;
	return sigil_check_rights_slow(inode, dentry, subject, perms, op);
}

/**
 * sigil_check_inode - Check the calling task's rights on an inode
 *
 * @inode: The inode.
 * @dentry: Its name, for the log.
 * @perms: The rights asked for.
 * @op: The operation, for the log.
 *
 * Returns 0, or -%EACCES for an enforced denial.
 */
static inline int sigil_check_inode(struct inode *const inode,
				    struct dentry *const dentry,
				    const u8 perms, const char *const op)
{
	return sigil_check_rights(inode, dentry, NULL, perms, op);
}

int sigil_check_change(struct dentry *const dentry, const char *const op);
void sigil_set_genfs_label(struct dentry *const dentry,
			   struct inode *const inode, char *const buf,
			   const bool force);
bool sigil_fs_labels_trusted(const struct super_block *const sb);
struct sigil_label *sigil_inode_label(const struct inode *const inode);
struct sigil_label *sigil_inode_fresh_label(struct inode *const inode,
					    struct dentry *const dentry);
void sigil_inode_reread(struct inode *const inode, struct dentry *const dentry);

/**
 * sigil_inode_revalidate - Read a label again if it could not be read
 *
 * @inode: The inode.
 * @dentry: A name of @inode, or NULL for any.
 *
 * For the checks where the task may sleep and holds no lock that the file
 * system may need to read an extended attribute.
 */
static inline void sigil_inode_revalidate(struct inode *const inode,
					  struct dentry *const dentry)
{
	if (unlikely(READ_ONCE(sigil_inode(inode)->retry)))
		sigil_inode_reread(inode, dentry);
}

void sigil_set_object_label(struct inode *const inode,
			    struct sigil_label *const label);
struct sigil_policy;
void sigil_relabel_genfs(const struct sigil_policy *old, char *buf);

#endif /* _SECURITY_SIGIL_FS_H */
