// SPDX-License-Identifier: GPL-2.0-only
/*
 * Sigil LSM - Open files
 *
 * An open file is checked when it is opened, and again each time it is
 * used (read, written, mapped, watched, received from another task, or
 * inherited across an execve that changes the label), against the label
 * its inode has then, through the inode's cache of decisions (fs.c).
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
#include <linux/fiemap.h>
#include <linux/file.h>
#include <linux/fs.h>
#include <linux/fsnotify_backend.h>
#include <linux/io_uring/cmd.h>
#include <linux/lsm_hooks.h>
#include <linux/major.h>
#include <linux/mm.h>
#include <linux/mman.h>
#include <linux/mount.h>
#include <linux/path.h>
#include <linux/printk.h>
#include <linux/rcupdate.h>
#include <linux/sched/mm.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/tty.h>
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

/* Open files */

/* The rights a use of @file needs: r for reading, w or a for writing. */
static u8 file_perms(const struct file *const file, const int mask)
{
	u8 perms = 0;

	if (mask & MAY_READ)
		perms |= SIGIL_PERM_READ;
	/*
	 * Through an O_APPEND descriptor a write appends, unless it may
	 * change the bytes already there (RWF_NOAPPEND, fallocate() modes).
	 */
	if (mask & (MAY_WRITE | MAY_APPEND))
		perms |= file->f_flags & O_APPEND && !(mask & MAY_OVERWRITE) ?
			 SIGIL_PERM_APPEND : SIGIL_PERM_WRITE;
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
	return sigil_check_rights(inode, file->f_path.dentry, subject, perms, op);
}

static __always_inline int check_current(struct file *const file,
					 const u8 perms, const char *const op)
{
	if (!static_branch_unlikely(&sigil_policy_loaded))
		return 0;
	return check_file(file, NULL, perms, op);
}

/*
 * check_current() for the hooks where the task may sleep and holds no
 * lock a file system could need: on a miss, a label that could not be
 * read is read again first (sigil_inode_revalidate()).  A hit costs what
 * it does in check_current(): such an inode is never cached.
 */
static __always_inline int check_current_may_read(struct file *const file,
						  const u8 perms,
						  const char *const op)
{
	struct inode *const inode = file_inode(file);

	if (!static_branch_unlikely(&sigil_policy_loaded) || !perms ||
	    sigil_unmediated(inode))
		return 0;
	if (likely(sigil_inode_cached(inode, sigil_current_cache_id(), perms)))
		return 0;
	sigil_inode_revalidate(inode, file->f_path.dentry);
	return sigil_check_rights_slow(inode, file->f_path.dentry, NULL, perms,
				       op);
}

/* Whether @inode is /dev/tty or /dev/console, names of other terminals. */
static bool tty_alias(const struct inode *const inode)
{
	return S_ISCHR(inode->i_mode) &&
	       (inode->i_rdev == MKDEV(TTYAUX_MAJOR, 0) ||
		inode->i_rdev == MKDEV(TTYAUX_MAJOR, 1));
}

/*
 * /dev/tty opens the calling task's controlling terminal, whose label the
 * node of /dev/tty does not carry: the open needs the rights of its mode
 * on the terminal too, as labelled on the files that opened it by its own
 * name (a pts node, a serial line).  A terminal nobody holds open by its
 * own name has no such label: the node's rights stand.
 */
static int check_controlling_tty(struct file *const file)
{
	struct tty_struct *const tty = get_current_tty();
	struct sigil_label *label = NULL;
	struct tty_file_private *priv;
	int err;

	/* Without one, the open fails with ENXIO. */
	if (!tty)
		return 0;
	spin_lock(&tty->files_lock);
	list_for_each_entry(priv, &tty->tty_files, list) {
		if (!tty_alias(file_inode(priv->file))) {
			label = sigil_inode_label(file_inode(priv->file));
			break;
		}
	}
	spin_unlock(&tty->files_lock);
	tty_kref_put(tty);
	if (!label)
		return 0;
	err = sigil_check_object(sigil_current_label(), label,
				 mode_perms(file), "open");
	sigil_label_put(label);
	return err;
}

/*
 * The open itself, whatever path led to it: the rights of its mode.  The
 * kernel reads a program it runs (x was checked); a file this open has
 * just created was vetted by the creation checks, as DAC lets the creator
 * open it whatever its mode, but reading and writing it need the rights.
 * /dev/tty needs them on the terminal it stands for as well.
 */
static int hook_file_open(struct file *const file)
{
	const struct inode *const inode = file_inode(file);
	int err;

	if (file->f_flags & __FMODE_EXEC || file->f_mode & FMODE_CREATED)
		return 0;
	err = check_current_may_read(file, mode_perms(file), "open");
	if (err || !static_branch_unlikely(&sigil_policy_loaded) ||
	    likely(!S_ISCHR(inode->i_mode)) ||
	    inode->i_rdev != MKDEV(TTYAUX_MAJOR, 0))
		return err;
	return check_controlling_tty(file);
}

/* Each read and write: a cached check, full when something changed. */
static int hook_file_permission(struct file *const file, const int mask)
{
	if (file->f_flags & __FMODE_EXEC)
		return 0;
	return check_current_may_read(file, file_perms(file, mask),
				      mask & MAY_READ ? "read" : "write");
}

/*
 * A lock (flock(), fcntl() record locks, leases) holds other tasks back
 * from the file: a use of the descriptor, checked as its mode against the
 * policy in force, as each read and write is.
 */
static int hook_file_lock(struct file *const file, const unsigned int cmd)
{
	return check_current(file, mode_perms(file), "lock");
}

/* A descriptor passed by SCM_RIGHTS, pidfd_getfd() or binder. */
static int hook_file_receive(struct file *const file)
{
	return check_current(file, mode_perms(file), "receive");
}

/*
 * Whether @label may use the socket @inode either way: a socket is
 * always open for both, and checked again at each send and receive, so
 * one of r and w is enough to keep it across an exec or to ask it an
 * ioctl (its queue sizes, the terminal questions a program asks of its
 * output): the journal stream systemd connected for a service, which
 * only writes to it.
 */
static bool socket_usable(struct inode *const inode,
			  const struct sigil_label *const label)
{
	return S_ISSOCK(inode->i_mode) &&
	       sigil_inode_rights(inode, label) &
	       (SIGIL_PERM_READ | SIGIL_PERM_WRITE);
}

/*
 * Whether the ioctl @cmd only asks about a file or its descriptor, or
 * sets the descriptor's own flags: what an append-only descriptor may do
 * without w.
 */
static bool ioctl_only_asks(const unsigned int cmd)
{
	switch (cmd) {
	case FIOCLEX:
	case FIONCLEX:
	case FIONBIO:
	case FIOASYNC:
	case FIOQSIZE:
	case FIONREAD:
	case FIGETBSZ:
	case TCGETS:
	case TIOCGWINSZ:
	case FS_IOC_GETFLAGS:
	case FS_IOC32_GETFLAGS:
	case FS_IOC_GETVERSION:
	case FS_IOC32_GETVERSION:
	case FS_IOC_FSGETXATTR:
	case FS_IOC_FIEMAP:
	case FS_IOC_GETFSLABEL:
		return true;
	default:
		return false;
	}
}

/*
 * An ioctl: the commands that change the inode (its flags, its project
 * and extended attributes, its label, version or encryption) need w,
 * whatever the descriptor's mode, as chattr(1)'s changes do through
 * setattr; every other command needs the rights of the descriptor's mode,
 * checked again as a read or write is (a socket: either, socket_usable()),
 * and w rather than a through an O_APPEND descriptor, unless it only asks
 * (a driver's or a file system's command may rewrite what is there:
 * ext4's EXT4_IOC_MOVE_EXT swaps the file's blocks).
 */
static int hook_file_ioctl(struct file *const file, const unsigned int cmd,
			   const unsigned long arg)
{
	u8 perms;

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
		if (static_branch_unlikely(&sigil_policy_loaded) &&
		    socket_usable(file_inode(file), sigil_current_label()))
			return 0;
		perms = mode_perms(file);
		if (perms & SIGIL_PERM_APPEND && !ioctl_only_asks(cmd))
			perms ^= SIGIL_PERM_APPEND | SIGIL_PERM_WRITE;
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
	return sigil_check_inode(d_backing_inode(path->dentry), path->dentry,
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
			 const bool shared, const bool may_read,
			 const char *const op)
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
	if (may_read)
		return check_current_may_read(file, perms, op);
	return check_current(file, perms, op);
}

static int hook_mmap_file(struct file *const file, const unsigned long reqprot,
			  const unsigned long prot, const unsigned long flags)
{
	return check_mapping(file, prot, (flags & MAP_TYPE) != MAP_PRIVATE,
			     true, "mmap");
}

static int hook_file_mprotect(struct vm_area_struct *const vma,
			      const unsigned long reqprot,
			      const unsigned long prot)
{
	/* mprotect() holds the mm's lock, which a FUSE server may need. */
	return check_mapping(vma->vm_file, prot, vma->vm_flags & VM_SHARED,
			     false, "mprotect");
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
	struct inode *const inode = file_inode(file);

	if (file->f_op == &null_fops)
		return 0;
	if (socket_usable(inode, label))
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

static struct security_hook_list sigil_file_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(file_open, hook_file_open),
	LSM_HOOK_INIT(file_permission, hook_file_permission),
	LSM_HOOK_INIT(file_receive, hook_file_receive),
	LSM_HOOK_INIT(file_lock, hook_file_lock),
	LSM_HOOK_INIT(file_ioctl, hook_file_ioctl),
	LSM_HOOK_INIT(file_ioctl_compat, hook_file_ioctl),
	LSM_HOOK_INIT(path_notify, hook_path_notify),
#ifdef CONFIG_IO_URING
	LSM_HOOK_INIT(uring_cmd, hook_uring_cmd),
#endif
	LSM_HOOK_INIT(mmap_file, hook_mmap_file),
	LSM_HOOK_INIT(file_mprotect, hook_file_mprotect),
	LSM_HOOK_INIT(bprm_committing_creds, hook_bprm_committing_creds),
};

/**
 * sigil_add_file_hooks - Register the hooks of open files
 */
void __init sigil_add_file_hooks(void)
{
	security_add_hooks(sigil_file_hooks, ARRAY_SIZE(sigil_file_hooks),
			   &sigil_lsmid);
}
