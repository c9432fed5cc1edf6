// SPDX-License-Identifier: GPL-2.0-only
/*
 * Sigil LSM - Path walks, directory entries, superblocks and mounts
 *
 * Every step of a path walk needs x (or the rights of the access) on the
 * inode reached; creating a name needs c on the directory, removing or
 * renaming one w on the directory and the file.  A mount hides what it
 * covers, so mounts are checked against it too; a policy load gives the
 * in-core inodes labelled by genfs rules their label anew.
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

/* Path walks and directory entries */

/*
 * Access to a file: r, w (or a, for an append-only open) and x on files;
 * r (list), x (search) and c (any change of its entries) on directories.
 * The hooks below add w for a removal or a rename away; a change that
 * only asks for write access to the directory (a Btrfs subvolume made or
 * destroyed, an XFS O_TMPFILE) needs c.
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
		return perms | (mask & (MAY_WRITE | MAY_APPEND) ?
				SIGIL_PERM_CREATE : 0);
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
	u8 lack;

	/* A label that could not be read is read again, out of the walk. */
	if (unlikely(READ_ONCE(sigil_inode(inode)->retry))) {
		if (mask & MAY_NOT_BLOCK)
			return -ECHILD;
		sigil_inode_reread(inode, NULL);
	}
	lack = perms & ~sigil_inode_rights(inode, subject);
	if (!lack)
		return 0;
	if (mask & MAY_NOT_BLOCK)
		return -ECHILD;
	if (!op)
		op = mask & MAY_EXEC && !S_ISDIR(inode->i_mode) ? "exec" : "open";
	return sigil_inode_refuse(inode, NULL, subject, perms, lack, op);
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

	if (!perms || likely(sigil_inode_cached(inode, sigil_current_cache_id(), perms)))
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
		   sigil_inode_cached(inode, sigil_current_cache_id(), SIGIL_PERM_EXEC)))
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
	return sigil_check_inode(dir, dentry, SIGIL_PERM_CREATE, "create");
}

static int hook_inode_mkdir(struct inode *const dir,
			    struct dentry *const dentry, const umode_t mode)
{
	if (!static_branch_unlikely(&sigil_policy_loaded))
		return 0;
	return sigil_check_inode(dir, dentry, SIGIL_PERM_CREATE, "mkdir");
}

static int hook_inode_mknod(struct inode *const dir,
			    struct dentry *const dentry, const umode_t mode,
			    const dev_t dev)
{
	if (!static_branch_unlikely(&sigil_policy_loaded))
		return 0;
	return sigil_check_inode(dir, dentry, SIGIL_PERM_CREATE, "mknod");
}

static int hook_inode_symlink(struct inode *const dir,
			      struct dentry *const dentry,
			      const char *const old_name)
{
	if (!static_branch_unlikely(&sigil_policy_loaded))
		return 0;
	return sigil_check_inode(dir, dentry, SIGIL_PERM_CREATE, "symlink");
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
	err = sigil_check_inode(d_backing_inode(old_dentry), old_dentry,
				SIGIL_PERM_WRITE, "link");
	if (err)
		return err;
	return sigil_check_inode(dir, new_dentry, SIGIL_PERM_CREATE, "link");
}

/* Removing a name needs w on the directory and w on the file itself. */
static int check_remove(struct inode *const dir, struct dentry *const dentry,
			const char *const op)
{
	int err;

	err = sigil_check_inode(dir, dentry, SIGIL_PERM_WRITE, op);
	if (err)
		return err;
	return sigil_check_inode(d_backing_inode(dentry), dentry, SIGIL_PERM_WRITE,
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
		err = sigil_check_inode(new_dir, new_dentry, SIGIL_PERM_CREATE,
					"rename");
	if (!err && d_is_positive(new_dentry))
		err = sigil_check_inode(d_backing_inode(new_dentry), new_dentry,
					SIGIL_PERM_WRITE, "rename");
	return err;
}

/* chmod, chown, utimes, truncate. */
static int hook_inode_setattr(struct mnt_idmap *const idmap,
			      struct dentry *const dentry,
			      struct iattr *const attr)
{
	return sigil_check_change(dentry, "setattr");
}

/* Superblocks and mounts */

/* What relabel_sb() needs: the replaced policy, a buffer for paths. */
struct relabel {
	const struct sigil_policy *old;
	char *buf;
};

/*
 * Gives the in-core inodes of @sb labelled by genfs their label anew; all
 * of them, but those that stand for objects or tasks, when the labels of
 * @sb are no longer believed.
 */
static void relabel_sb(struct super_block *const sb, void *const arg)
{
	const struct relabel *const r = arg;
	const char *const type = sb->s_type->name;
	struct inode *inode, *toput = NULL;
	struct dentry *dentry;
	bool all;

	all = !sigil_fs_labels_trusted(sb);
	if (!all && !sigil_policy_genfs_names(r->old, type) &&
	    !sigil_genfs_label(type, NULL))
		return;
	spin_lock(&sb->s_inode_list_lock);
	list_for_each_entry(inode, &sb->s_inodes, i_sb_list) {
		spin_lock(&inode->i_lock);
		if (inode->i_state & (I_FREEING | I_WILL_FREE | I_NEW) ||
		    (!sigil_inode(inode)->genfs &&
		     (!all || sigil_inode(inode)->object ||
		      sigil_inode(inode)->task))) {
			spin_unlock(&inode->i_lock);
			continue;
		}
		__iget(inode);
		spin_unlock(&inode->i_lock);
		spin_unlock(&sb->s_inode_list_lock);
		/* An inode without a dentry is labelled when it gets one. */
		dentry = d_find_alias(inode);
		if (dentry) {
			sigil_set_genfs_label(dentry, inode, r->buf, all);
			dput(dentry);
		}
		iput(toput);
		toput = inode;
		cond_resched();
		spin_lock(&sb->s_inode_list_lock);
	}
	spin_unlock(&sb->s_inode_list_lock);
	iput(toput);
}

/**
 * sigil_relabel_genfs - Apply a new policy's genfs rules to in-core inodes
 *
 * @old: The policy it replaced, or NULL.
 * @buf: PATH_MAX bytes, allocated before the new policy was installed, so
 * that running out of memory fails the load instead of leaving inodes
 * unlabeled; freed here.
 *
 * Every in-core inode labelled by genfs rules (or unlabeled for want of
 * one) on a file system type that the new or the old policy names, and
 * every inode of a file system whose labels the new policy does not
 * believe (sigil_fs_labels_trusted()), but those of objects and tasks, gets
 * the label the new policy gives it.  Loads are serialised here.
 */
void sigil_relabel_genfs(const struct sigil_policy *old, char *buf)
{
	static DEFINE_MUTEX(relabel_mutex);
	struct relabel r = { .old = old, .buf = buf };

	mutex_lock(&relabel_mutex);
	iterate_supers(relabel_sb, &r);
	mutex_unlock(&relabel_mutex);
	kfree(buf);
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
	return sigil_check_change(path->dentry,
			    flags & MS_REMOUNT ? "remount" : "mount");
}

/* move_mount(2), the new mount API's attach: w on the target. */
static int hook_move_mount(const struct path *const from_path,
			   const struct path *const to_path)
{
	return sigil_check_change(to_path->dentry, "mount");
}

/* umount(2): w on the root of what is unmounted, the name it hides. */
static int hook_sb_umount(struct vfsmount *const mnt, const int flags)
{
	return sigil_check_change(mnt->mnt_root, "umount");
}

/* Reconfiguring a mounted file system: w on its root. */
static int hook_sb_remount(struct super_block *const sb, void *const opts)
{
	return sigil_check_change(sb->s_root, "remount");
}

static struct security_hook_list sigil_path_hooks[] __ro_after_init = {
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
	LSM_HOOK_INIT(sb_mount, hook_sb_mount),
	LSM_HOOK_INIT(move_mount, hook_move_mount),
	LSM_HOOK_INIT(sb_umount, hook_sb_umount),
	LSM_HOOK_INIT(sb_remount, hook_sb_remount),
};

/**
 * sigil_add_path_hooks - Register the hooks of path walks, directory entries and mounts
 */
void __init sigil_add_path_hooks(void)
{
	security_add_hooks(sigil_path_hooks, ARRAY_SIZE(sigil_path_hooks),
			   &sigil_lsmid);
}
