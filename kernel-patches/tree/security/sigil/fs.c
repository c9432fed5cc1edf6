// SPDX-License-Identifier: GPL-2.0-only
/*
 * Sigil LSM - File labels
 *
 * A file's label lives in its security.sigil extended attribute and, once
 * the inode is in core, in the inode's security blob.
 *
 * An open file is checked when it is opened, and again each time it is
 * used (read, written, mapped, received from another task), against the
 * label it has then.  Each inode caches the rights of the last label that
 * asked in one word, by an epoch that each policy load advances and
 * emptied by a relabel (cache.h), so that a check in a path walk or a
 * read costs a load and a few comparisons.
 *
 * A mount hides what it covers, so mounts are checked against it too.
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
#include "task.h"

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
void sigil_set_inode_label(struct inode *const inode,
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

/*
 * Gives @inode, reached through @dentry, the label of the genfs rule for
 * its file system type and path (@buf has PATH_MAX bytes for the path),
 * or unlabeled; unless it has meanwhile been given a label of its own.
 */
static void set_genfs_label(struct dentry *const dentry,
			    struct inode *const inode, char *const buf)
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
	if (!rcu_access_pointer(isec->label) || isec->genfs) {
		old = replace_label(inode, label, true);
		label = NULL;
	}
	spin_unlock(&inode->i_lock);
	if (old && old != rcu_access_pointer(isec->label))
		sigil_icache_clear(&isec->cache);
	sigil_label_put(old);
	sigil_label_put(label);
}

/* A PATH_MAX buffer if genfs rules name @inode's file system type. */
static char *genfs_buffer(const struct inode *const inode, const gfp_t gfp)
{
	if (!static_branch_unlikely(&sigil_policy_loaded) ||
	    !sigil_genfs_label(inode->i_sb->s_type->name, NULL))
		return NULL;
	return kmalloc(PATH_MAX, gfp);
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
 * Returns the label, referenced: unlabeled if the inode has none yet.
 */
struct sigil_label *sigil_inode_label(const struct inode *const inode)
{
	return get_inode_label(inode);
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

/*
 * Whether @subject was the last to ask about @inode, since its last
 * relabel and the last policy load, and had @perms: the fast path of
 * every check.
 */
static __always_inline bool cached(const struct inode *const inode,
				   const u32 id, const u8 perms)
{
	return sigil_icache_hit(&sigil_inode(inode)->cache, id,
				READ_ONCE(sigil_icache_epoch), perms);
}

/*
 * The rights @subject has on @inode as labelled now, decided and cached:
 * the slow path, after cached() said no.  Does not sleep or take a
 * reference.
 */
static u8 rights(struct inode *const inode,
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
	rcu_read_unlock();
	if (token)
		sigil_icache_fill(&isec->cache, token, subject->cache_id,
				  epoch, r);
	return r;
}

/*
 * The slow path of a denial, decided by rights(): logs it with @dentry, or
 * a name of @inode when @dentry is NULL, with the rights @lack.
 */
static noinline int refuse(struct inode *const inode,
			   struct dentry *const dentry,
			   const struct sigil_label *const subject,
			   const u8 perms, const u8 lack, const char *const op)
{
	struct dentry *const alias = dentry ? NULL : d_find_alias(inode);
	struct sigil_label *const obj = get_inode_label(inode);
	const struct sigil_query q = {
		.kind = SIGIL_RULE_ALLOW,
		.perms = perms,
		.subject = subject,
		.object = obj,
	};
	int err;

	err = sigil_deny(&q, SIGIL_WHY(SIGIL_RULE_ALLOW, lack), op,
			 dentry ? dentry : alias);
	sigil_label_put(obj);
	dput(alias);
	return err;
}

/*
 * The slow path of check_rights(): a miss in the cache, or a denial.
 * @subject is NULL for the calling task's label.
 */
static noinline int check_rights_slow(struct inode *const inode,
				      struct dentry *const dentry,
				      const struct sigil_label *subject,
				      const u8 perms, const char *const op)
{
	u8 lack;

	if (!subject)
		subject = sigil_current_label();
	lack = perms & ~rights(inode, subject);

	if (!lack)
		return 0;
	return refuse(inode, dentry, subject, perms, lack, op);
}

/*
 * Checks @perms of @subject (NULL: the calling task, whose label a hit
 * does not load) on @inode; may sleep to log a denial.
 */
static __always_inline int check_rights(struct inode *const inode,
					struct dentry *const dentry,
					const struct sigil_label *const subject,
					const u8 perms, const char *const op)
{
	const u32 id = subject ? subject->cache_id : sigil_current_cache_id();

	if (likely(cached(inode, id, perms)))
		return 0;
	return check_rights_slow(inode, dentry, subject, perms, op);
}

/* Checks the task's @perms on @inode, logging a denial with @dentry. */
static int check_inode(struct inode *const inode, struct dentry *const dentry,
		       const u8 perms, const char *const op)
{
	return check_rights(inode, dentry, NULL, perms, op);
}

/* Inode hooks: creation, instantiation, freeing */

/*
 * The label of a file the calling task creates in @dir without
 * attr/fscreate: a create rule's, else the directory's, or the task's
 * under "newfiles creator".  Referenced.
 */
static struct sigil_label *new_file_label(const struct inode *const dir)
{
	struct sigil_label *const parent = get_inode_label(dir);
	struct sigil_label *const label =
		sigil_new_file_label(sigil_current_label(), parent);

	sigil_label_put(parent);
	return label;
}

/*
 * Labels a new inode inside the file system's own creation path (open,
 * mkdir, symlink, mknod, O_TMPFILE), before it can be seen: with the
 * task's attr/fscreate if set, else with the label a create rule names for
 * the task's label and the directory's, else with the parent directory's
 * label, or the task's own under "newfiles creator".
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
	int err;

	/* O_TMPFILE: no inode_create hook, and no name. */
	if (!qstr && static_branch_unlikely(&sigil_policy_loaded)) {
		err = check_inode(dir, NULL, SIGIL_PERM_CREATE, "tmpfile");
		if (err)
			return err;
	}
	/* Device nodes made without attr/fscreate are labelled by name. */
	if (!c->fscreate && !strcmp(dir->i_sb->s_type->name, "devtmpfs"))
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
			      new_file_label(dir);
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
	sigil_set_inode_label(inode, label);
	return 0;
}

/*
 * Reads the label of an inode coming into core from its xattr; an inode
 * without one takes its label from the genfs rules.
 */
static void hook_d_instantiate(struct dentry *const dentry,
			       struct inode *const inode)
{
	char buf[SIGIL_LABEL_MAX + 1], *path_buf;
	struct sigil_label *label = NULL;
	struct sigil_inode *isec;
	int len;

	if (!inode)
		return;
	isec = sigil_inode(inode);
	if (rcu_access_pointer(isec->label) && !READ_ONCE(isec->genfs))
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
	if (!rcu_access_pointer(isec->label) && inode->i_opflags & IOP_XATTR) {
		/* What is on disk, without asking the LSMs again. */
		len = __vfs_getxattr(dentry, inode, XATTR_NAME_SIGIL, buf,
				     sizeof(buf));
		if (len > 0) {
			label = sigil_label_from_value(buf, len, GFP_NOFS);
			if (IS_ERR(label)) {
				pr_warn_ratelimited("inode %lu on %s: invalid %s, taken as %s\n",
						    inode->i_ino, inode->i_sb->s_id,
						    XATTR_NAME_SIGIL,
						    SIGIL_LABEL_UNLABELED);
				label = NULL;
			}
		}
	}
	if (label) {
		/* Two dentries of one inode may race here: the first wins. */
		spin_lock(&inode->i_lock);
		if (!rcu_access_pointer(isec->label)) {
			replace_label(inode, label, false);
			label = NULL;
		}
		spin_unlock(&inode->i_lock);
		sigil_label_put(label);
		return;
	}
	path_buf = genfs_buffer(inode, GFP_NOFS);
	set_genfs_label(dentry, inode, path_buf);
	kfree(path_buf);
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

/* /proc/PID/ files carry their task's label, so file rules apply. */
static void hook_task_to_inode(struct task_struct *const p,
			       struct inode *const inode)
{
	struct sigil_label *label;

	rcu_read_lock();
	label = sigil_label_get(sigil_cred_label(__task_cred(p)));
	rcu_read_unlock();
	sigil_set_inode_label(inode, label);
}

/* Path walks and directory entries */

/*
 * Access to a file: r, w (or a, for an append-only open) and x on files;
 * r (list) and x (search) on directories, whose entries are guarded by
 * c (create) and w (remove, rename away) in the hooks below.
 */
static __always_inline u8 mask_to_perms(const struct inode *const inode,
					const int mask)
{
	u8 perms = 0;

	if (mask & MAY_READ)
		perms |= SIGIL_PERM_READ;
	if (mask & MAY_EXEC)
		perms |= SIGIL_PERM_EXEC;
	if (S_ISDIR(inode->i_mode))
		return perms;
	if (mask & MAY_APPEND)
		perms |= SIGIL_PERM_APPEND;
	else if (mask & MAY_WRITE)
		perms |= SIGIL_PERM_WRITE;
	return perms;
}

/* The slow path of check_permission(). */
static noinline int check_permission_slow(struct inode *const inode,
					  const int mask, const u8 perms,
					  const char *op)
{
	const struct sigil_label *const subject = sigil_current_label();
	const u8 lack = perms & ~rights(inode, subject);

	if (!lack)
		return 0;
	if (mask & MAY_NOT_BLOCK)
		return -ECHILD;
	if (!op)
		op = mask & MAY_EXEC && !S_ISDIR(inode->i_mode) ? "exec" : "open";
	return refuse(inode, NULL, subject, perms, lack, op);
}

/*
 * Checks @mask on @inode for @op ("open" if NULL: "exec" or "open" by
 * @mask).  The fast path takes no reference, allocates nothing and does
 * not sleep; a denial is logged with the file's name outside the RCU walk.
 */
static __always_inline int check_permission(struct inode *const inode,
					    const int mask, const char *op)
{
	const u8 perms = mask_to_perms(inode, mask);

	if (!perms || likely(cached(inode, sigil_current_cache_id(), perms)))
		return 0;
	return check_permission_slow(inode, mask, perms, op);
}

/* hook_inode_permission() but for a path step that hits the cache. */
static noinline int inode_permission_full(struct inode *const inode,
					  const int mask)
{
	return check_permission(inode, mask, NULL);
}

/*
 * Every step of a path walk (x, file or directory alike) is kept to a
 * cache lookup with constant operands; until a policy is loaded, to a
 * test.  A mask with neither r, w nor a asks for x or for nothing, so
 * that a hit on x answers it either way.
 */
static int hook_inode_permission(struct inode *const inode, const int mask)
{
	if (!static_branch_unlikely(&sigil_policy_loaded))
		return 0;
	if (likely(!(mask & (MAY_READ | MAY_WRITE | MAY_APPEND)) &&
		   cached(inode, sigil_current_cache_id(), SIGIL_PERM_EXEC)))
		return 0;
	return inode_permission_full(inode, mask);
}

/* Reading a symbolic link, or following it, reads it: r. */
static int hook_inode_readlink(struct dentry *const dentry)
{
	if (!static_branch_unlikely(&sigil_policy_loaded))
		return 0;
	return check_permission(d_backing_inode(dentry), MAY_READ, "readlink");
}

static int hook_inode_follow_link(struct dentry *const dentry,
				  struct inode *const inode, const bool rcu)
{
	if (!static_branch_unlikely(&sigil_policy_loaded))
		return 0;
	return check_permission(inode, MAY_READ | (rcu ? MAY_NOT_BLOCK : 0),
				"follow");
}

static int hook_inode_create(struct inode *const dir,
			     struct dentry *const dentry, const umode_t mode)
{
	if (!static_branch_unlikely(&sigil_policy_loaded))
		return 0;
	return check_inode(dir, dentry, SIGIL_PERM_CREATE, "create");
}

static int hook_inode_mkdir(struct inode *const dir,
			    struct dentry *const dentry, const umode_t mode)
{
	if (!static_branch_unlikely(&sigil_policy_loaded))
		return 0;
	return check_inode(dir, dentry, SIGIL_PERM_CREATE, "mkdir");
}

static int hook_inode_mknod(struct inode *const dir,
			    struct dentry *const dentry, const umode_t mode,
			    const dev_t dev)
{
	if (!static_branch_unlikely(&sigil_policy_loaded))
		return 0;
	return check_inode(dir, dentry, SIGIL_PERM_CREATE, "mknod");
}

static int hook_inode_symlink(struct inode *const dir,
			      struct dentry *const dentry,
			      const char *const old_name)
{
	if (!static_branch_unlikely(&sigil_policy_loaded))
		return 0;
	return check_inode(dir, dentry, SIGIL_PERM_CREATE, "symlink");
}

/*
 * A new name for a file needs c on the directory and w on the file: the
 * link changes the file's metadata and can expose it anew.
 */
static int hook_inode_link(struct dentry *const old_dentry,
			   struct inode *const dir,
			   struct dentry *const new_dentry)
{
	int err;

	if (!static_branch_unlikely(&sigil_policy_loaded))
		return 0;
	err = check_inode(d_backing_inode(old_dentry), old_dentry,
			  SIGIL_PERM_WRITE, "link");
	if (err)
		return err;
	return check_inode(dir, new_dentry, SIGIL_PERM_CREATE, "link");
}

/* Removing a name needs w on the directory and w on the file itself. */
static int check_remove(struct inode *const dir, struct dentry *const dentry,
			const char *const op)
{
	int err;

	err = check_inode(dir, dentry, SIGIL_PERM_WRITE, op);
	if (err)
		return err;
	return check_inode(d_backing_inode(dentry), dentry, SIGIL_PERM_WRITE,
			   op);
}

static int hook_inode_unlink(struct inode *const dir,
			     struct dentry *const dentry)
{
	if (!static_branch_unlikely(&sigil_policy_loaded))
		return 0;
	return check_remove(dir, dentry, "unlink");
}

static int hook_inode_rmdir(struct inode *const dir,
			    struct dentry *const dentry)
{
	if (!static_branch_unlikely(&sigil_policy_loaded))
		return 0;
	return check_remove(dir, dentry, "rmdir");
}

/*
 * Renaming needs what removing the old name and creating the new one
 * need, and w on a file the new name replaces.  RENAME_EXCHANGE calls
 * this once each way.
 */
static int hook_inode_rename(struct inode *const old_dir,
			     struct dentry *const old_dentry,
			     struct inode *const new_dir,
			     struct dentry *const new_dentry)
{
	int err;

	if (!static_branch_unlikely(&sigil_policy_loaded))
		return 0;
	err = check_remove(old_dir, old_dentry, "rename");
	if (!err)
		err = check_inode(new_dir, new_dentry, SIGIL_PERM_CREATE,
				  "rename");
	if (!err && d_is_positive(new_dentry))
		err = check_inode(d_backing_inode(new_dentry), new_dentry,
				  SIGIL_PERM_WRITE, "rename");
	return err;
}

/*
 * A change to the file itself rather than to its directory entries: its
 * attributes, its extended attributes other than security.sigil, what is
 * mounted on it.  w on the file.
 */
static int check_change(struct dentry *const dentry, const char *const op)
{
	if (!static_branch_unlikely(&sigil_policy_loaded) ||
	    sigil_unmediated(d_backing_inode(dentry)))
		return 0;
	return check_inode(d_backing_inode(dentry), dentry, SIGIL_PERM_WRITE,
			   op);
}

/* chmod, chown, utimes, truncate. */
static int hook_inode_setattr(struct mnt_idmap *const idmap,
			      struct dentry *const dentry,
			      struct iattr *const attr)
{
	return check_change(dentry, "setattr");
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
	to = sigil_label_from_value(value, size, GFP_KERNEL);
	if (IS_ERR_OR_NULL(to))
		return to ? PTR_ERR(to) : -EINVAL;
	from = get_inode_label(d_backing_inode(dentry));
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

static int hook_inode_setxattr(struct mnt_idmap *const idmap,
			       struct dentry *const dentry,
			       const char *const name, const void *const value,
			       const size_t size, const int flags)
{
	if (strcmp(name, XATTR_NAME_SIGIL))
		return check_change(dentry, "setxattr");
	if (!capable(CAP_MAC_ADMIN))
		return -EPERM;
	/* A file's label cannot be empty: remove the xattr instead. */
	if (sigil_label_parse(value, size) <= 0)
		return -EINVAL;
	return check_relabel(dentry, value, size);
}

static void hook_inode_post_setxattr(struct dentry *const dentry,
				     const char *const name,
				     const void *const value,
				     const size_t size, const int flags)
{
	struct sigil_label *label;

	if (strcmp(name, XATTR_NAME_SIGIL))
		return;
	label = sigil_label_from_value(value, size, GFP_KERNEL);
	/* Checked by hook_inode_setxattr(): only memory can be short. */
	if (IS_ERR_OR_NULL(label))
		label = sigil_label_get(sigil_label_unlabeled);
	sigil_set_inode_label(d_backing_inode(dentry), label);
}

static int hook_inode_removexattr(struct mnt_idmap *const idmap,
				  struct dentry *const dentry,
				  const char *const name)
{
	if (strcmp(name, XATTR_NAME_SIGIL))
		return check_change(dentry, "removexattr");
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
	label = get_inode_label(inode);
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
	label = sigil_label_from_value(value, size, GFP_KERNEL);
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

/* Open files */

/* The rights a use of @file needs: r for reading, w or a for writing. */
static u8 file_perms(const struct file *const file, const int mask)
{
	u8 perms = 0;

	if (mask & MAY_READ)
		perms |= SIGIL_PERM_READ;
	if (mask & (MAY_WRITE | MAY_APPEND))
		perms |= file->f_flags & O_APPEND ? SIGIL_PERM_APPEND :
						     SIGIL_PERM_WRITE;
	return perms;
}

/* The rights an open file's mode implies. */
static u8 mode_perms(const struct file *const file)
{
	int mask = 0;

	if (file->f_mode & FMODE_READ)
		mask |= MAY_READ;
	if (file->f_mode & FMODE_WRITE)
		mask |= MAY_WRITE;
	return file_perms(file, mask);
}

/*
 * Checks @perms of @subject (NULL: the calling task's label) on @file, as
 * its inode is labelled now.
 */
static __always_inline int check_file(struct file *const file,
				      const struct sigil_label *const subject,
				      const u8 perms, const char *const op)
{
	struct inode *const inode = file_inode(file);

	if (!perms || sigil_unmediated(inode))
		return 0;
	return check_rights(inode, file->f_path.dentry, subject, perms, op);
}

static __always_inline int check_current(struct file *const file,
					 const u8 perms, const char *const op)
{
	if (!static_branch_unlikely(&sigil_policy_loaded))
		return 0;
	return check_file(file, NULL, perms, op);
}

/*
 * The open itself, whatever path led to it: the rights of its mode.  The
 * kernel reads a program it runs (x was checked); a file this open has
 * just created was vetted by the creation checks, as DAC lets the creator
 * open it whatever its mode, but reading and writing it need the rights.
 */
static int hook_file_open(struct file *const file)
{
	if (file->f_flags & __FMODE_EXEC || file->f_mode & FMODE_CREATED)
		return 0;
	return check_current(file, mode_perms(file), "open");
}

/* Each read and write: a cached check, full when something changed. */
static int hook_file_permission(struct file *const file, const int mask)
{
	if (file->f_flags & __FMODE_EXEC)
		return 0;
	return check_current(file, file_perms(file, mask),
			     mask & MAY_READ ? "read" : "write");
}

/* A descriptor passed by SCM_RIGHTS, pidfd_getfd() or binder. */
static int hook_file_receive(struct file *const file)
{
	return check_current(file, mode_perms(file), "receive");
}

/*
 * An ioctl: the commands that change the inode (its flags, its project
 * and extended attributes, its label, version or encryption) need w,
 * whatever the descriptor's mode, as chattr(1)'s changes do through
 * setattr; every other command needs the rights of the descriptor's mode,
 * checked again as a read or write is.
 */
static int hook_file_ioctl(struct file *const file, const unsigned int cmd,
			   const unsigned long arg)
{
	u8 perms;

	/* Switching O_ASYNC on directs the file's signals, as F_SETFL does. */
	if (cmd == FIOASYNC && file_f_owner(file))
		sigil_note_fowner(file);
	switch (cmd) {
	case FS_IOC_SETFLAGS:
	case FS_IOC32_SETFLAGS:
	case FS_IOC_SETVERSION:
	case FS_IOC32_SETVERSION:
	case FS_IOC_FSSETXATTR:
	case FS_IOC_SETFSLABEL:
	case FS_IOC_SET_ENCRYPTION_POLICY:
	case FS_IOC_ENABLE_VERITY:
		perms = SIGIL_PERM_WRITE;
		break;
	default:
		perms = mode_perms(file);
		break;
	}
	return check_current(file, perms, "ioctl");
}

/*
 * An inotify, fanotify or dnotify watch on a file, a mount or a file
 * system: r on the file (or the mount's or file system's root) watched,
 * since a watch tells what happens to it.
 */
static int hook_path_notify(const struct path *const path, const u64 mask,
			    const unsigned int obj_type)
{
	if (!static_branch_unlikely(&sigil_policy_loaded))
		return 0;
	return check_inode(d_backing_inode(path->dentry), path->dentry,
			   SIGIL_PERM_READ, "watch");
}

#ifdef CONFIG_IO_URING
/* A driver command through io_uring: as an ioctl on the file. */
static int hook_uring_cmd(struct io_uring_cmd *const ioucmd)
{
	return check_current(ioucmd->file, mode_perms(ioucmd->file),
			     "uring_cmd");
}
#endif

/* Whether @file is the program the task runs, which exec vetted. */
static bool is_exe_file(const struct file *const file)
{
	const struct mm_struct *const mm = current->mm;

	return mm && rcu_access_pointer(mm->exe_file) == file;
}

/*
 * A mapping of a file: r to read it, w to share writes to it, x to
 * execute it.  Anonymous memory is not a file and is not mediated.
 */
static int check_mapping(struct file *const file, const unsigned long prot,
			 const bool shared, const char *const op)
{
	u8 perms = 0;

	if (!file || is_exe_file(file))
		return 0;
	if (prot & PROT_READ)
		perms |= SIGIL_PERM_READ;
	if (prot & PROT_WRITE && shared)
		perms |= SIGIL_PERM_WRITE;
	if (prot & PROT_EXEC)
		perms |= SIGIL_PERM_EXEC;
	return check_current(file, perms, op);
}

static int hook_mmap_file(struct file *const file, const unsigned long reqprot,
			  const unsigned long prot, const unsigned long flags)
{
	return check_mapping(file, prot, (flags & MAP_TYPE) != MAP_PRIVATE,
			     "mmap");
}

static int hook_file_mprotect(struct vm_area_struct *const vma,
			      const unsigned long reqprot,
			      const unsigned long prot)
{
	return check_mapping(vma->vm_file, prot, vma->vm_flags & VM_SHARED,
			     "mprotect");
}

/* Reads nothing, swallows writes: what replaces a descriptor exec closes. */
static ssize_t null_read(struct file *const file, char __user *const buf,
			 const size_t count, loff_t *const ppos)
{
	return 0;
}

static ssize_t null_write(struct file *const file,
			  const char __user *const buf, const size_t count,
			  loff_t *const ppos)
{
	return count;
}

static const struct file_operations null_fops = {
	.read = null_read,
	.write = null_write,
	.llseek = noop_llseek,
};

/* iterate_fd() callback: fd + 1 if the new label may not use @file. */
static int unauthorized(const void *const new, struct file *const file,
			const unsigned int fd)
{
	const struct sigil_label *const label = new;

	if (file->f_op == &null_fops)
		return 0;
	return check_file(file, label, mode_perms(file), "inherit") ? fd + 1 :
								      0;
}

/*
 * After the point of no return of an execve that changes the label, every
 * inherited descriptor the new label may not use as opened is replaced by
 * a file that reads nothing and swallows writes, as SELinux does: the
 * descriptor numbers stay taken, so that a later open cannot land on the
 * program's standard output.  The memory of the old program is gone by
 * now; its controlling terminal is kept.
 */
static void hook_bprm_committing_creds(const struct linux_binprm *const bprm)
{
	const struct sigil_label *const to = sigil_cred_label(bprm->cred);
	struct files_struct *const files = current->files;
	struct file *null = NULL;
	unsigned int n;

	if (!static_branch_unlikely(&sigil_policy_loaded) ||
	    to == sigil_current_label())
		return;
	n = iterate_fd(files, 0, unauthorized, to);
	if (!n)
		return;
	null = anon_inode_getfile("[sigil-null]", &null_fops, NULL, O_RDWR);
	if (IS_ERR(null))
		null = NULL;
	do {
		/* Without a null file, the descriptor is closed. */
		replace_fd(n - 1, null, 0);
	} while ((n = iterate_fd(files, n, unauthorized, to)) != 0);
	if (null)
		fput(null);
}

/* Superblocks and mounts */

/* Gives the in-core inodes of @sb labelled by genfs their label anew. */
static void relabel_sb(struct super_block *const sb, void *const old)
{
	struct inode *inode, *toput = NULL;
	struct dentry *dentry;
	char *buf;

	if (!sigil_policy_genfs_names(old, sb->s_type->name) &&
	    !sigil_genfs_label(sb->s_type->name, NULL))
		return;
	buf = kmalloc(PATH_MAX, GFP_KERNEL);
	spin_lock(&sb->s_inode_list_lock);
	list_for_each_entry(inode, &sb->s_inodes, i_sb_list) {
		spin_lock(&inode->i_lock);
		if (inode->i_state & (I_FREEING | I_WILL_FREE | I_NEW) ||
		    !sigil_inode(inode)->genfs) {
			spin_unlock(&inode->i_lock);
			continue;
		}
		__iget(inode);
		spin_unlock(&inode->i_lock);
		spin_unlock(&sb->s_inode_list_lock);
		/* An inode without a dentry is labelled when it gets one. */
		dentry = d_find_alias(inode);
		if (dentry) {
			set_genfs_label(dentry, inode, buf);
			dput(dentry);
		}
		iput(toput);
		toput = inode;
		cond_resched();
		spin_lock(&sb->s_inode_list_lock);
	}
	spin_unlock(&sb->s_inode_list_lock);
	iput(toput);
	kfree(buf);
}

/**
 * sigil_relabel_genfs - Apply a new policy's genfs rules to in-core inodes
 *
 * @old: The policy it replaced, or NULL.
 *
 * Every in-core inode labelled by genfs rules (or unlabeled for want of
 * one) on a file system type that the new or the old policy names gets
 * the label the new policy gives it.  Loads are serialised here.
 */
void sigil_relabel_genfs(const struct sigil_policy *old)
{
	static DEFINE_MUTEX(relabel_mutex);

	mutex_lock(&relabel_mutex);
	iterate_supers(relabel_sb, (void *)old);
	mutex_unlock(&relabel_mutex);
}

/*
 * A mount hides what it covers: mounting on a directory or file, moving
 * or binding a mount over it, remounting it and unmounting it need w on
 * it, besides the capabilities the kernel asks for.
 */

/* mount(2), bind, move and remount: w on the target. */
static int hook_sb_mount(const char *const dev_name,
			 const struct path *const path, const char *const type,
			 const unsigned long flags, void *const data)
{
	return check_change(path->dentry,
			    flags & MS_REMOUNT ? "remount" : "mount");
}

/* move_mount(2), the new mount API's attach: w on the target. */
static int hook_move_mount(const struct path *const from_path,
			   const struct path *const to_path)
{
	return check_change(to_path->dentry, "mount");
}

/* umount(2): w on the root of what is unmounted, the name it hides. */
static int hook_sb_umount(struct vfsmount *const mnt, const int flags)
{
	return check_change(mnt->mnt_root, "umount");
}

/* Reconfiguring a mounted file system: w on its root. */
static int hook_sb_remount(struct super_block *const sb, void *const opts)
{
	return check_change(sb->s_root, "remount");
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
	LSM_HOOK_INIT(inode_post_removexattr, hook_inode_post_removexattr),
	LSM_HOOK_INIT(inode_getsecurity, hook_inode_getsecurity),
	LSM_HOOK_INIT(inode_setsecurity, hook_inode_setsecurity),
	LSM_HOOK_INIT(inode_listsecurity, hook_inode_listsecurity),
	LSM_HOOK_INIT(ismaclabel, hook_ismaclabel),
	LSM_HOOK_INIT(inode_permission, hook_inode_permission),
	LSM_HOOK_INIT(inode_readlink, hook_inode_readlink),
	LSM_HOOK_INIT(inode_follow_link, hook_inode_follow_link),
	LSM_HOOK_INIT(inode_create, hook_inode_create),
	LSM_HOOK_INIT(inode_mkdir, hook_inode_mkdir),
	LSM_HOOK_INIT(inode_mknod, hook_inode_mknod),
	LSM_HOOK_INIT(inode_symlink, hook_inode_symlink),
	LSM_HOOK_INIT(inode_link, hook_inode_link),
	LSM_HOOK_INIT(inode_unlink, hook_inode_unlink),
	LSM_HOOK_INIT(inode_rmdir, hook_inode_rmdir),
	LSM_HOOK_INIT(inode_rename, hook_inode_rename),
	LSM_HOOK_INIT(inode_setattr, hook_inode_setattr),
	LSM_HOOK_INIT(file_open, hook_file_open),
	LSM_HOOK_INIT(file_permission, hook_file_permission),
	LSM_HOOK_INIT(file_receive, hook_file_receive),
	LSM_HOOK_INIT(file_ioctl, hook_file_ioctl),
	LSM_HOOK_INIT(file_ioctl_compat, hook_file_ioctl),
	LSM_HOOK_INIT(path_notify, hook_path_notify),
#ifdef CONFIG_IO_URING
	LSM_HOOK_INIT(uring_cmd, hook_uring_cmd),
#endif
	LSM_HOOK_INIT(mmap_file, hook_mmap_file),
	LSM_HOOK_INIT(file_mprotect, hook_file_mprotect),
	LSM_HOOK_INIT(bprm_committing_creds, hook_bprm_committing_creds),
	LSM_HOOK_INIT(sb_mount, hook_sb_mount),
	LSM_HOOK_INIT(move_mount, hook_move_mount),
	LSM_HOOK_INIT(sb_umount, hook_sb_umount),
	LSM_HOOK_INIT(sb_remount, hook_sb_remount),
};

/**
 * sigil_add_fs_hooks - Register the file label hooks
 */
void __init sigil_add_fs_hooks(void)
{
	security_add_hooks(sigil_fs_hooks, ARRAY_SIZE(sigil_fs_hooks),
			   &sigil_lsmid);
}
