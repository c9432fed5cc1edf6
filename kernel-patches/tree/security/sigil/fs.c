// SPDX-License-Identifier: GPL-2.0-only
/*
 * Sigil LSM - Inode labels and the checks on inodes
 *
 * A file's label lives in its security.sigil extended attribute and, once
 * the inode is in core, in the inode's security blob: set at creation
 * (attr/fscreate, a create rule, the directory's or the creator's label),
 * read at instantiation, or given by genfs rules where the file system
 * keeps none; changed through the xattr and inode-security hooks.
 *
 * Each inode caches the rights of the last label that asked in one word,
 * by an epoch that each policy load advances and emptied by a relabel
 * (cache.h); the checks here, which every file hook makes (path.c,
 * file.c), cost a load and a few comparisons on a hit.
 *
 * Copyright © 2026 The Sigil authors
 */

#define pr_fmt(fmt) "sigil: " fmt

#include <linux/anon_inodes.h>
#include <linux/binfmts.h>
#include <linux/capability.h>
#include <linux/cred.h>
#include <linux/dcache.h>
#include <linux/err.h>
#include <linux/fdtable.h>
#include <linux/file.h>
#include <linux/fs.h>
#include <linux/fsnotify_backend.h>
#include <linux/io_uring/cmd.h>
#include <linux/lsm_hooks.h>
#include <linux/magic.h>
#include <linux/mm.h>
#include <linux/mman.h>
#include <linux/mount.h>
#include <linux/path.h>
#include <linux/printk.h>
#include <linux/rcupdate.h>
#include <linux/sched/mm.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/xattr.h>
#include <uapi/linux/fscrypt.h>
#include <uapi/linux/fsverity.h>
#include <uapi/linux/mount.h>
#include <asm/ioctls.h>

#include "audit.h"
#include "cache.h"
#include "cred.h"
#include "enforce.h"
#include "fs.h"
#include "label.h"
#include "policy.h"
#include "secid.h"
#include "setup.h"

/* Inode labels */

/*
 * Makes @label (referenced) the label of @inode, marked as given by genfs
 * rules or not; returns the label it replaces, whose reference the caller
 * drops.
 */
static struct sigil_label *replace_label(struct inode *const inode,
					 struct sigil_label *const label,
					 const bool genfs)
{
	struct sigil_inode *const isec = sigil_inode(inode);
	struct sigil_label *old;

	lockdep_assert_held(&inode->i_lock);
	old = rcu_dereference_protected(isec->label,
					lockdep_is_held(&inode->i_lock));
	rcu_assign_pointer(isec->label, label);
	isec->genfs = genfs;
	isec->retry = false;
	return old;
}

/**
 * sigil_set_inode_label - Give an inode a label
 *
 * @inode: The inode.
 * @label: The label, referenced: the reference is consumed.
 *
 * Does not sleep.
 */
static void sigil_set_inode_label(struct inode *const inode,
				  struct sigil_label *const label)
{
	struct sigil_label *old;

	spin_lock(&inode->i_lock);
	old = replace_label(inode, label, false);
	spin_unlock(&inode->i_lock);
	/* The decision cached on the inode is stale. */
	if (old && old != label)
		sigil_icache_clear(&sigil_inode(inode)->cache);
	sigil_label_put(old);
}

/**
 * sigil_set_object_label - Give an inode its creator's label
 *
 * @inode: An inode that nobody can reach yet, or that only a file system
 * type's genfs label has been given: a socket's, a labelled anonymous
 * inode's, a POSIX message queue's.
 * @label: The label, referenced: the reference is consumed.
 *
 * Marks the inode as an object mediated like a file (sigil_unmediated()).
 * No decision can be cached on it yet, so its cache stays.  Does not sleep.
 */
void sigil_set_object_label(struct inode *const inode,
			    struct sigil_label *const label)
{
	struct sigil_label *old;

	spin_lock(&inode->i_lock);
	old = replace_label(inode, label, false);
	WRITE_ONCE(sigil_inode(inode)->object, true);
	spin_unlock(&inode->i_lock);
	sigil_label_put(old);
}

/**
 * sigil_set_genfs_label - Label an inode by the genfs rules
 *
 * @dentry: A name of @inode.
 * @inode: The inode.
 * @buf: PATH_MAX bytes for the path, or NULL (unlabeled).
 * @force: Whether a label of the inode's own is replaced too (its file
 * system's labels are no longer believed).
 *
 * Gives @inode the label of the genfs rule for its file system type and
 * path, or unlabeled; unless it has meanwhile been given a label of its
 * own and @force is false.
 */
void sigil_set_genfs_label(struct dentry *const dentry,
			   struct inode *const inode, char *const buf,
			   const bool force)
{
	const char *const fstype = inode->i_sb->s_type->name;
	struct sigil_inode *const isec = sigil_inode(inode);
	struct sigil_label *label = NULL, *old = NULL;
	const char *path;

	if (buf) {
		path = dentry_path_raw(dentry, buf, PATH_MAX);
		if (!IS_ERR(path))
			label = sigil_genfs_label(fstype, path);
	}
	if (!label)
		label = sigil_label_get(sigil_label_unlabeled);
	spin_lock(&inode->i_lock);
	if (!rcu_access_pointer(isec->label) || isec->genfs || force) {
		old = replace_label(inode, label, true);
		label = NULL;
	}
	spin_unlock(&inode->i_lock);
	if (old && old != rcu_access_pointer(isec->label))
		sigil_icache_clear(&isec->cache);
	sigil_label_put(old);
	sigil_label_put(label);
}

/*
 * File system types whose labels, by default, are not believed: a FUSE
 * server, the host of a virtiofs or 9p share, a network or cluster file
 * system's server or other nodes, or the lower file system of ecryptfs
 * (which reads it past the security modules) choose them.
 */
static const char *const served_types[] = {
	"fuse", "fuseblk", "virtiofs", "9p", "nfs", "nfs4", "ceph", "cifs",
	"smb3", "orangefs", "gfs2", "ocfs2", "ecryptfs",
};

static bool served(const struct super_block *const sb)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(served_types); i++)
		if (!strcmp(sb->s_type->name, served_types[i]))
			return true;
	return false;
}

/**
 * sigil_fs_labels_trusted - Whether a file system's security.sigil is believed
 *
 * @sb: The file system.
 *
 * Never on a file system mounted in a user namespace that is kept on a
 * device or served (whose bytes or server its mounter chose); else as the
 * running policy's fslabels rule for its type says; else unless its labels
 * come from a server or from outside the kernel (served_types).  A file
 * system whose labels are not believed is labelled by the genfs rules
 * alone.
 *
 * Returns true when its labels are read from security.sigil.
 */
bool sigil_fs_labels_trusted(const struct super_block *const sb)
{
	struct sigil_sb *const ssb = sb->s_security +
				     sigil_blob_sizes.lbs_superblock;
	/* Before the policy: a newer policy comes with a newer epoch. */
	const u64 epoch = atomic64_read_acquire(&sigil_epoch);
	const s64 cached = atomic64_read(&ssb->trusted);
	bool trusted;
	int rule;

	/* Every creation and instantiation asks: once per policy will do. */
	if (cached && (u64)cached >> 1 == epoch)
		return cached & 1;
	if (sb->s_user_ns != &init_user_ns &&
	    (sb->s_type->fs_flags & FS_REQUIRES_DEV || served(sb))) {
		trusted = false;
	} else {
		rule = sigil_fslabels(sb->s_type->name);
		trusted = rule >= 0 ? rule == SIGIL_FSLABELS_XATTR : !served(sb);
	}
	atomic64_set(&ssb->trusted, (s64)(epoch << 1 | trusted));
	return trusted;
}

/* Returns @inode's label, referenced: unlabeled if it has none yet. */
static struct sigil_label *get_inode_label(const struct inode *const inode)
{
	struct sigil_label *label;

	rcu_read_lock();
	do {
		label = rcu_dereference(sigil_inode(inode)->label);
		if (!label)
			label = sigil_label_unlabeled;
		/* Zero: a concurrent relabel has just dropped it. */
	} while (!refcount_inc_not_zero(&label->usage));
	rcu_read_unlock();
	return label;
}

/**
 * sigil_inode_label - An inode's label
 *
 * @inode: The inode.
 *
 * Does not sleep.
 *
 * Returns the label, referenced: unlabeled if the inode has none yet.
 */
struct sigil_label *sigil_inode_label(const struct inode *const inode)
{
	return get_inode_label(inode);
}

static void label_from_store(struct dentry *const dentry,
			     struct inode *const inode);

/**
 * sigil_inode_fresh_label - An inode's label, read again if it could not be
 *
 * @inode: The inode.
 * @dentry: A name of @inode, or NULL for any.
 *
 * For the checks that may sleep: a label that could not be read when the
 * inode came into memory (sigil_inode.retry) is read now.
 *
 * Returns the label, referenced: unlabeled if it still cannot be read.
 */
struct sigil_label *sigil_inode_fresh_label(struct inode *const inode,
					    struct dentry *const dentry)
{
	sigil_inode_revalidate(inode, dentry);
	return get_inode_label(inode);
}

/**
 * sigil_inode_reread - Read a label that could not be read before
 *
 * @inode: The inode, marked to be read again (sigil_inode.retry).
 * @dentry: A name of @inode, or NULL for any.
 *
 * May sleep; see sigil_inode_revalidate().
 */
void sigil_inode_reread(struct inode *const inode, struct dentry *const dentry)
{
	struct dentry *const name = dentry ? dget(dentry) : d_find_alias(inode);

	if (name) {
		label_from_store(name, inode);
		dput(name);
	}
}

/* The secid audit prints as a file's obj= (secid.c). */
static void hook_inode_getsecid(struct inode *const inode, u32 *const secid)
{
	struct sigil_label *label;

	if (!sigil_secids_answered())
		return;
	label = get_inode_label(inode);
	*secid = sigil_secid(label);
	sigil_label_put(label);
}

/* inode_permission() may still run after inode_free_security(). */
static void hook_inode_free_security_rcu(void *const inode_security)
{
	struct sigil_inode *const isec = inode_security +
					 sigil_blob_offsets.inode;

	/* Nobody sees the inode any more. */
	sigil_label_put(rcu_dereference_protected(isec->label, true));
}

/* Checks on inodes */

/**
 * sigil_inode_rights - The rights a label has on an inode, decided and cached
 *
 * @inode: The inode.
 * @subject: The label.
 *
 * The slow path, after sigil_inode_cached() said no: the rights as the
 * inode is labelled now.  Does not sleep or take a reference.
 *
 * Returns the rights (SIGIL_PERM_*).
 */
u8 sigil_inode_rights(struct inode *const inode,
		      const struct sigil_label *const subject)
{
	struct sigil_inode *const isec = sigil_inode(inode);
	/* Before the policy: a newer policy comes with a newer epoch. */
	const u64 epoch = atomic64_read_acquire(&sigil_epoch);
	/* Before the label: a relabel takes the cache from the claim. */
	const s64 token = subject->cache_id ?
			  sigil_icache_claim(&isec->cache) : 0;
	const struct sigil_label *obj;
	u8 r;

	rcu_read_lock();
	obj = rcu_dereference(isec->label);
	r = sigil_rights(SIGIL_RULE_ALLOW, subject,
			 obj ? obj : sigil_label_unlabeled);
	if (r && obj && READ_ONCE(isec->task) &&
	    !(sigil_rights(SIGIL_RULE_PROCESS, subject, obj) &
	      (SIGIL_PROC_READ | SIGIL_PROC_TRACE)))
		r = 0;
	rcu_read_unlock();
	/*
	 * An inode without a label yet (one that could not be read) is not
	 * cached: its checks miss, and those that may read it again do.
	 */
	if (token && obj)
		sigil_icache_fill(&isec->cache, token, subject->cache_id,
				  epoch, r);
	return r;
}

/**
 * sigil_inode_refuse - Log and enforce a denial on an inode
 *
 * @inode: The inode.
 * @dentry: Its name for the log, or NULL for one of its names.
 * @subject: The task's label.
 * @perms: The rights asked for.
 * @lack: Those sigil_inode_rights() did not give.
 * @op: The operation, for the log.
 *
 * The slow path of a denial.
 *
 * Returns 0 when not enforced, else -%EACCES.
 */
noinline int sigil_inode_refuse(struct inode *const inode,
			   struct dentry *const dentry,
			   const struct sigil_label *const subject,
			   const u8 perms, u8 lack, const char *const op)
{
	struct dentry *const alias = dentry ? NULL : d_find_alias(inode);
	struct sigil_label *obj;
	struct sigil_query q = {
		.kind = SIGIL_RULE_ALLOW,
		.perms = perms,
		.subject = subject,
	};
	int err;

	obj = get_inode_label(inode);
	q.object = obj;

	/*
	 * A file of /proc/PID/ that the allow rules give, refused for the
	 * want of r (or t) on its task.
	 */
	if (READ_ONCE(sigil_inode(inode)->task) &&
	    (sigil_rights(SIGIL_RULE_ALLOW, subject, obj) & perms) == perms &&
	    !(sigil_rights(SIGIL_RULE_PROCESS, subject, obj) &
	      (SIGIL_PROC_READ | SIGIL_PROC_TRACE))) {
		q.kind = SIGIL_RULE_PROCESS;
		q.perms = SIGIL_PROC_READ;
		lack = SIGIL_PROC_READ;
	}
	err = sigil_deny(&q, SIGIL_WHY(q.kind, lack), op,
			 dentry ? dentry : alias);
	sigil_label_put(obj);
	dput(alias);
	return err;
}

/**
 * sigil_check_rights_slow - The slow path of sigil_check_rights()
 *
 * @inode: The inode.
 * @dentry: Its name, for the log, or NULL.
 * @subject: The label asking, NULL for the calling task's.
 * @perms: The rights asked for.
 * @op: The operation, for the log.
 *
 * A miss in the cache, or a denial.
 *
 * Returns 0, or -%EACCES for an enforced denial.
 */
noinline int sigil_check_rights_slow(struct inode *const inode,
				      struct dentry *const dentry,
				      const struct sigil_label *subject,
				      const u8 perms, const char *const op)
{
	u8 lack;

	if (!subject)
		subject = sigil_current_label();
	lack = perms & ~sigil_inode_rights(inode, subject);

	if (!lack)
		return 0;
	return sigil_inode_refuse(inode, dentry, subject, perms, lack, op);
}

/*
 * A change to the file itself rather than to its directory entries: its
 * attributes, its extended attributes other than security.sigil, what is
 * mounted on it.  w on the file.
 */
int sigil_check_change(struct dentry *const dentry, const char *const op)
{
	if (!static_branch_unlikely(&sigil_policy_loaded) ||
	    sigil_unmediated(d_backing_inode(dentry)))
		return 0;
	return sigil_check_inode(d_backing_inode(dentry), dentry, SIGIL_PERM_WRITE,
			   op);
}

/* Inode hooks: creation, instantiation, freeing */

/*
 * The label of a file named @name (NULL for O_TMPFILE) the calling task
 * creates in @dir without attr/fscreate: a create rule's, else the
 * directory's, or the task's under "newfiles creator".  Referenced;
 * @creator is the secid of a confined task whose file took the
 * directory's label, else 0.
 */
static struct sigil_label *new_file_label(const struct inode *const dir,
					  const struct qstr *const name,
					  u32 *const creator)
{
	struct sigil_label *const parent = get_inode_label(dir);
	struct sigil_label *const task = sigil_current_label();
	struct sigil_label *const label =
		sigil_new_file_label(task, parent, name);

	if (label == parent && label != sigil_label_unlabeled &&
	    !sigil_label_unconfined(task))
		*creator = sigil_label_secid(task);
	sigil_label_put(parent);
	return label;
}

/*
 * Labels a new inode inside the file system's own creation path (open,
 * mkdir, symlink, mknod, O_TMPFILE), before it can be seen: with the
 * task's attr/fscreate if set, else with the label a create rule names for
 * the task's label and the directory's, else with the parent directory's
 * label, or the task's own under "newfiles creator"; an unlabeled
 * directory's new file gets no label of its own.
 * The file system writes the xattr in the same transaction.  An O_TMPFILE
 * creation, which has no hook of its own, needs c on the directory here;
 * a device node that devtmpfs makes gets its label from the genfs rules
 * at hook_d_instantiate(), unless attr/fscreate is set.
 */
static int hook_inode_init_security(struct inode *const inode,
				    struct inode *const dir,
				    const struct qstr *const qstr,
				    struct xattr *const xattrs,
				    int *const xattr_count)
{
	const struct sigil_cred *const c = sigil_cred(current_cred());
	struct sigil_label *label;
	struct xattr *xattr;
	u32 creator = 0;
	int err;

	/* O_TMPFILE: no inode_create hook, and no name. */
	if (!qstr && static_branch_unlikely(&sigil_policy_loaded)) {
		err = sigil_check_inode(dir, NULL, SIGIL_PERM_CREATE, "tmpfile");
		if (err)
			return err;
	}
	/* Device nodes made without attr/fscreate are labelled by name. */
	if (!c->fscreate && !strcmp(dir->i_sb->s_type->name, "devtmpfs"))
		return -EOPNOTSUPP;
	/* Where labels are not believed, the genfs rules give them. */
	if (!sigil_fs_labels_trusted(dir->i_sb))
		return -EOPNOTSUPP;
	if (c->fscreate && static_branch_unlikely(&sigil_policy_loaded)) {
		/* The policy may have changed since attr/fscreate was set. */
		const struct sigil_query q = {
			.kind = SIGIL_RULE_FSCREATE,
			.subject = sigil_current_label(),
			.object = c->fscreate,
		};
		err = sigil_check(&q, "create", NULL);
		if (err)
			return err;
	}
	label = c->fscreate ? sigil_label_get(c->fscreate) :
			      new_file_label(dir, qstr, &creator);
	/*
	 * unlabeled is no label: a file made where nothing labels it gets
	 * none, in memory or on disk, and the genfs rules label it as they
	 * label its directory (attr/fscreate may still ask for it).
	 */
	if (label == sigil_label_unlabeled && !c->fscreate) {
		sigil_label_put(label);
		return -EOPNOTSUPP;
	}
	/* No slot: a file system without xattrs keeps the label in core. */
	xattr = lsm_get_xattr_slot(xattrs, xattr_count);
	if (xattr) {
		xattr->value = kmemdup(label->str, label->len, GFP_NOFS);
		if (!xattr->value) {
			sigil_label_put(label);
			return -ENOMEM;
		}
		xattr->value_len = label->len;
		xattr->name = XATTR_SIGIL_SUFFIX;
	}
	/* Not reachable yet: no other task writes the blob. */
	sigil_inode(inode)->creator = creator;
	sigil_set_inode_label(inode, label);
	return 0;
}

/*
 * The label @inode's security.sigil gives, referenced; NULL for none,
 * ERR_PTR(-%EINVAL) for one that is not a label (too long, malformed),
 * ERR_PTR(-%EAGAIN) when it cannot be read now (I/O, memory, a server).
 */
static struct sigil_label *xattr_label(struct dentry *const dentry,
				       struct inode *const inode)
{
	char buf[SIGIL_LABEL_MAX + 1];
	struct sigil_label *label;
	int len;

	/* What is on disk, without asking the LSMs again. */
	len = __vfs_getxattr(dentry, inode, XATTR_NAME_SIGIL, buf, sizeof(buf));
	if (len == -ENODATA || len == -EOPNOTSUPP)
		return NULL;
	if (len < 0 && len != -ERANGE)
		return ERR_PTR(-EAGAIN);
	/* Too long (-ERANGE) or empty: not a label. */
	label = len > 0 ? sigil_label_from_value(buf, len, GFP_NOFS) :
			  ERR_PTR(-EINVAL);
	if (label == ERR_PTR(-ENOMEM))
		return ERR_PTR(-EAGAIN);
	if (IS_ERR_OR_NULL(label)) {
		pr_warn_ratelimited("inode %lu on %s: invalid %s, taken as %s\n",
				    inode->i_ino, inode->i_sb->s_id,
				    XATTR_NAME_SIGIL, SIGIL_LABEL_UNLABELED);
		return ERR_PTR(-EINVAL);
	}
	return label;
}

/* Marks @inode, still without a label, to be read again when needed. */
static void label_later(struct inode *const inode)
{
	spin_lock(&inode->i_lock);
	if (!rcu_access_pointer(sigil_inode(inode)->label))
		sigil_inode(inode)->retry = true;
	spin_unlock(&inode->i_lock);
}

/*
 * Labels @inode from what its file system keeps: its security.sigil
 * where its file system's labels are believed (unlabeled for an invalid
 * one), else, or without one, the genfs rules; an object of an internal
 * file system that no genfs rule names, its creator's label, so
 * that unlabeled is left to files whose label could not be read or that
 * no rule names.  Nothing is kept when the
 * label cannot be read now: the inode stays unlabeled to the checks and
 * is read again when next needed, so that a passing error does not stick
 * to it until it leaves memory.  The root of a file system served from
 * user space is read when first needed rather than while it is mounted:
 * its server may not answer yet.
 */
static void label_from_store(struct dentry *const dentry,
			     struct inode *const inode)
{
	struct super_block *const sb = inode->i_sb;
	const bool trusted = sigil_fs_labels_trusted(sb);
	struct sigil_label *label = NULL;
	char *path_buf = NULL;

	if (!rcu_access_pointer(sigil_inode(inode)->label) &&
	    inode->i_opflags & IOP_XATTR && trusted)
		label = !(sb->s_flags & SB_BORN) && served(sb) ?
			ERR_PTR(-EAGAIN) : xattr_label(dentry, inode);
	if (label == ERR_PTR(-EAGAIN)) {
		label_later(inode);
		return;
	}
	if (label == ERR_PTR(-EINVAL))
		label = sigil_label_get(sigil_label_unlabeled);
	else if (!label && sb->s_flags & SB_NOUSER &&
		 !sigil_genfs_label(sb->s_type->name, NULL))
		/*
		 * A pipe, a memfd: its creator's label, as it comes into
		 * memory for the task that made it.  (The inode that every
		 * eventfd, timerfd or epoll file shares is S_PRIVATE: no
		 * hook sees it.)
		 */
		label = sigil_label_get(sigil_current_label());
	if (label) {
		/* Two dentries of one inode may race here: the first wins. */
		spin_lock(&inode->i_lock);
		if (!rcu_access_pointer(sigil_inode(inode)->label)) {
			replace_label(inode, label, false);
			label = NULL;
		}
		spin_unlock(&inode->i_lock);
		sigil_label_put(label);
		return;
	}
	if (static_branch_unlikely(&sigil_policy_loaded) &&
	    sigil_genfs_label(sb->s_type->name, NULL)) {
		path_buf = kmalloc(PATH_MAX, GFP_NOFS);
		if (!path_buf) {
			label_later(inode);
			return;
		}
	}
	/* A label read before its type stopped being believed goes too. */
	sigil_set_genfs_label(dentry, inode, path_buf, !trusted);
	kfree(path_buf);
}

/*
 * Labels an inode coming into core: from what its file system keeps
 * (label_from_store()), or, for a POSIX message queue, as its creator.
 */
static void hook_d_instantiate(struct dentry *const dentry,
			       struct inode *const inode)
{
	struct sigil_inode *isec;

	if (!inode)
		return;
	isec = sigil_inode(inode);
	/*
	 * A label of its own is kept, unless its file system's labels are no
	 * longer believed (an inode the load's relabelling did not reach).
	 */
	if (rcu_access_pointer(isec->label) && !READ_ONCE(isec->genfs) &&
	    (READ_ONCE(isec->object) || READ_ONCE(isec->task) ||
	     sigil_fs_labels_trusted(inode->i_sb)))
		return;
	/*
	 * A POSIX message queue is instantiated once, by the task that
	 * creates it: like a System V queue it carries that task's label
	 * (attr/fscreate if set).  The file system's root is labelled by
	 * the genfs rules.
	 */
	if (!IS_ROOT(dentry) && !strcmp(inode->i_sb->s_type->name, "mqueue")) {
		const struct sigil_cred *const c = sigil_cred(current_cred());

		sigil_set_object_label(inode, sigil_label_get(c->fscreate ?:
							      sigil_current_label()));
		return;
	}
	label_from_store(dentry, inode);
}

/*
 * An anonymous inode made with a label of its own (an io_uring ring, a
 * userfaultfd): the label of the task that made it, or of @context_inode
 * (the userfaultfd of a forked task's parent), so that another label
 * needs rules to use it, inherit it across exec or receive it.
 */
static int hook_inode_init_security_anon(struct inode *const inode,
					 const struct qstr *const name,
					 const struct inode *const context_inode)
{
	sigil_set_object_label(inode, context_inode ?
				      get_inode_label(context_inode) :
				      sigil_label_get(sigil_current_label()));
	return 0;
}

/*
 * /proc/PID/ files carry their task's label, so file rules apply, and
 * another label needs r on the task too (sigil_inode_rights()).
 */
static void hook_task_to_inode(struct task_struct *const p,
			       struct inode *const inode)
{
	struct sigil_label *label;

	rcu_read_lock();
	label = sigil_label_get(sigil_cred_label(__task_cred(p)));
	rcu_read_unlock();
	WRITE_ONCE(sigil_inode(inode)->task, true);
	sigil_set_inode_label(inode, label);
}

/* Extended attributes, the label among them */

/* Changing a file's label from its current one to @value. */
static int check_relabel(struct dentry *const dentry, const void *const value,
			 const size_t size)
{
	struct sigil_query q = { .kind = SIGIL_RULE_RELABEL };
	struct sigil_label *from, *to;
	int err;

	if (!static_branch_unlikely(&sigil_policy_loaded))
		return 0;
	to = sigil_label_from_value(value, size, GFP_KERNEL_ACCOUNT);
	if (IS_ERR_OR_NULL(to))
		return to ? PTR_ERR(to) : -EINVAL;
	from = sigil_inode_fresh_label(d_backing_inode(dentry), dentry);
	q.subject = sigil_current_label();
	q.object = from;
	q.target = to;
	err = sigil_check(&q, "relabel", dentry);
	sigil_label_put(from);
	sigil_label_put(to);
	return err;
}

static int hook_inode_xattr_skipcap(const char *const name)
{
	/* Sigil asks for CAP_MAC_ADMIN itself, not CAP_SYS_ADMIN. */
	return !strcmp(name, XATTR_NAME_SIGIL);
}

/*
 * A socket's label is its creator's, kept in the socket as well as in its
 * inode (net.c): the inode alone is not relabelled.  Nor is a file of a
 * file system whose labels are not believed: the genfs rules label it.
 */
static bool fixed_label(const struct dentry *const dentry)
{
	const struct super_block *const sb = d_backing_inode(dentry)->i_sb;

	return sb->s_magic == SOCKFS_MAGIC || !sigil_fs_labels_trusted(sb);
}

static int hook_inode_setxattr(struct mnt_idmap *const idmap,
			       struct dentry *const dentry,
			       const char *const name, const void *const value,
			       const size_t size, const int flags)
{
	if (strcmp(name, XATTR_NAME_SIGIL))
		return sigil_check_change(dentry, "setxattr");
	if (fixed_label(dentry))
		return -EOPNOTSUPP;
	if (!capable(CAP_MAC_ADMIN))
		return -EPERM;
	/* A file's label cannot be empty: remove the xattr instead. */
	if (sigil_label_parse(value, size) <= 0)
		return -EINVAL;
	return check_relabel(dentry, value, size);
}

/*
 * The label of the program the calling task runs (its executable file's),
 * referenced, when the task is @subject: NULL outside a task's context,
 * for a kernel thread, and for a check made for another subject (a
 * descriptor's opener, a socket's owner, an exec's new label).  Does not
 * sleep: for the denial records (sigil_audit_set_program()).
 */
static struct sigil_label *task_program(const struct sigil_label *subject)
{
	struct sigil_label *label;
	struct file *exe;

	if (!in_task() || !current->mm || subject != sigil_current_label())
		return NULL;
	exe = get_mm_exe_file(current->mm);
	if (!exe)
		return NULL;
	label = get_inode_label(file_inode(exe));
	fput(exe);
	return label;
}

/*
 * The first relabel of a file that a confined task made and that took
 * its directory's label is recorded: the admin has said which label such
 * files need (sigilctl suggest proposes a create rule from it).
 */
static void note_first_relabel(struct dentry *const dentry,
			       const struct sigil_label *const to)
{
	struct inode *const inode = d_backing_inode(dentry);
	struct sigil_label *from, *creator;
	u32 secid;

	spin_lock(&inode->i_lock);
	secid = sigil_inode(inode)->creator;
	sigil_inode(inode)->creator = 0;
	spin_unlock(&inode->i_lock);
	creator = secid ? sigil_label_by_secid(secid) : NULL;
	if (!creator)
		return;
	from = get_inode_label(inode);
	if (from != to)
		sigil_audit_relabel(dentry, sigil_current_label(), from, to,
				    creator);
	sigil_label_put(from);
	sigil_label_put(creator);
}

static void hook_inode_post_setxattr(struct dentry *const dentry,
				     const char *const name,
				     const void *const value,
				     const size_t size, const int flags)
{
	struct sigil_label *label;

	if (strcmp(name, XATTR_NAME_SIGIL))
		return;
	label = sigil_label_from_value(value, size, GFP_KERNEL_ACCOUNT);
	/*
	 * Checked by hook_inode_setxattr(): only memory can be short.  The
	 * disk has the label: it is read from there when next needed.
	 */
	if (IS_ERR_OR_NULL(label)) {
		sigil_set_inode_label(d_backing_inode(dentry), NULL);
		label_later(d_backing_inode(dentry));
		return;
	}
	note_first_relabel(dentry, label);
	sigil_set_inode_label(d_backing_inode(dentry), label);
}

static int hook_inode_removexattr(struct mnt_idmap *const idmap,
				  struct dentry *const dentry,
				  const char *const name)
{
	if (strcmp(name, XATTR_NAME_SIGIL))
		return sigil_check_change(dentry, "removexattr");
	if (fixed_label(dentry))
		return -EOPNOTSUPP;
	if (!capable(CAP_MAC_ADMIN))
		return -EPERM;
	return check_relabel(dentry, SIGIL_LABEL_UNLABELED,
			     strlen(SIGIL_LABEL_UNLABELED));
}

static void hook_inode_post_removexattr(struct dentry *const dentry,
					const char *const name)
{
	if (!strcmp(name, XATTR_NAME_SIGIL))
		sigil_set_inode_label(d_backing_inode(dentry),
				      sigil_label_get(sigil_label_unlabeled));
}

/* An ACL is a change of the file's attributes, as chmod(2) is: w. */
static int hook_inode_set_acl(struct mnt_idmap *const idmap,
			      struct dentry *const dentry,
			      const char *const acl_name,
			      struct posix_acl *const kacl)
{
	return sigil_check_change(dentry, "setacl");
}

static int hook_inode_remove_acl(struct mnt_idmap *const idmap,
				 struct dentry *const dentry,
				 const char *const acl_name)
{
	return sigil_check_change(dentry, "removeacl");
}

/* getxattr(2) of security.sigil returns the in-core label. */
static int hook_inode_getsecurity(struct mnt_idmap *const idmap,
				  struct inode *const inode,
				  const char *const name, void **const buffer,
				  const bool alloc)
{
	struct sigil_label *label;
	int len;

	if (strcmp(name, XATTR_SIGIL_SUFFIX))
		return -EOPNOTSUPP;
	label = sigil_inode_fresh_label(inode, NULL);
	/* Still unreadable: a stacked file system must not copy unlabeled. */
	if (unlikely(READ_ONCE(sigil_inode(inode)->retry))) {
		sigil_label_put(label);
		return -EIO;
	}
	len = label->len;
	if (alloc) {
		*buffer = kmemdup(label->str, len, GFP_KERNEL);
		if (!*buffer)
			len = -ENOMEM;
	}
	sigil_label_put(label);
	return len;
}

/* setxattr(2) on a file system without xattr handlers: in core only. */
static int hook_inode_setsecurity(struct inode *const inode,
				  const char *const name,
				  const void *const value, const size_t size,
				  const int flags)
{
	struct sigil_label *label;

	if (strcmp(name, XATTR_SIGIL_SUFFIX))
		return -EOPNOTSUPP;
	label = sigil_label_from_value(value, size, GFP_KERNEL_ACCOUNT);
	if (IS_ERR(label))
		return PTR_ERR(label);
	if (!label)
		return -EINVAL;
	sigil_set_inode_label(inode, label);
	return 0;
}

static int hook_inode_listsecurity(struct inode *const inode,
				   char *const buffer, const size_t size)
{
	const int len = sizeof(XATTR_NAME_SIGIL);

	if (buffer && len <= size)
		memcpy(buffer, XATTR_NAME_SIGIL, len);
	return len;
}

/* Without it, tmpfs would list security.sigil twice. */
static int hook_ismaclabel(const char *const name)
{
	return !strcmp(name, XATTR_SIGIL_SUFFIX);
}

static struct security_hook_list sigil_fs_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(inode_free_security_rcu, hook_inode_free_security_rcu),
	LSM_HOOK_INIT(inode_init_security, hook_inode_init_security),
	LSM_HOOK_INIT(inode_getsecid, hook_inode_getsecid),
	LSM_HOOK_INIT(d_instantiate, hook_d_instantiate),
	LSM_HOOK_INIT(inode_init_security_anon, hook_inode_init_security_anon),
	LSM_HOOK_INIT(task_to_inode, hook_task_to_inode),
	LSM_HOOK_INIT(inode_xattr_skipcap, hook_inode_xattr_skipcap),
	LSM_HOOK_INIT(inode_setxattr, hook_inode_setxattr),
	LSM_HOOK_INIT(inode_post_setxattr, hook_inode_post_setxattr),
	LSM_HOOK_INIT(inode_removexattr, hook_inode_removexattr),
	LSM_HOOK_INIT(inode_set_acl, hook_inode_set_acl),
	LSM_HOOK_INIT(inode_remove_acl, hook_inode_remove_acl),
	LSM_HOOK_INIT(inode_post_removexattr, hook_inode_post_removexattr),
	LSM_HOOK_INIT(inode_getsecurity, hook_inode_getsecurity),
	LSM_HOOK_INIT(inode_setsecurity, hook_inode_setsecurity),
	LSM_HOOK_INIT(inode_listsecurity, hook_inode_listsecurity),
	LSM_HOOK_INIT(ismaclabel, hook_ismaclabel),
};

/**
 * sigil_add_fs_hooks - Register the hooks of inode labels: creation, extended attributes
 *
 * Also names the program of each denial's subject for the audit records.
 */
void __init sigil_add_fs_hooks(void)
{
	security_add_hooks(sigil_fs_hooks, ARRAY_SIZE(sigil_fs_hooks),
			   &sigil_lsmid);
	sigil_audit_set_program(task_program);
}
