// SPDX-License-Identifier: GPL-2.0-only
/*
 * Sigil LSM - System V IPC
 *
 * A message queue, a shared memory segment or a semaphore set carries the
 * label of the task that created it.  Another label needs, through allow
 * rules as on a file of that label, r to look it up, read, receive or
 * attach it read-only and to read its state, and w to write, send, alter,
 * attach it for writing, change its attributes or remove it.  POSIX
 * message queues are files of the mqueue file system, labelled by their
 * creator too (fs.c).
 *
 * Copyright © 2026 The Sigil authors
 */

#include <linux/ipc.h>
#include <linux/lsm_hooks.h>
#include <linux/msg.h>
#include <linux/sem.h>
#include <linux/shm.h>
#include <linux/stat.h>
#include <uapi/linux/shm.h>

#include "cred.h"
#include "enforce.h"
#include "label.h"
#include "secid.h"
#include "setup.h"

static struct sigil_label **ipc_label(const struct kern_ipc_perm *const ipcp)
{
	return ipcp->security + sigil_blob_sizes.lbs_ipc;
}

static int check_ipc(const struct kern_ipc_perm *const ipcp, const u8 perms,
		     const char *const op)
{
	struct sigil_label *const label = *ipc_label(ipcp);

	return sigil_check_object(sigil_current_label(),
				  sigil_label_or_kernel(label), perms, op);
}

/* Creation, by any of the three kinds: the creator's label. */
static int hook_ipc_alloc(struct kern_ipc_perm *const ipcp)
{
	*ipc_label(ipcp) = sigil_label_get(sigil_current_label());
	return 0;
}

static void hook_ipc_free(struct kern_ipc_perm *const ipcp)
{
	sigil_label_put(*ipc_label(ipcp));
}

/* The secid audit prints as an IPC object's obj= (secid.c). */
static void hook_ipc_getsecid(struct kern_ipc_perm *const ipcp,
			      u32 *const secid)
{
	if (sigil_secids_answered())
		*secid = sigil_secid(sigil_label_or_kernel(*ipc_label(ipcp)));
}

/* Every access the IPC code checks with ipcperms(). */
static int hook_ipc_permission(struct kern_ipc_perm *const ipcp,
			       const short flag)
{
	u8 perms = 0;

	if (flag & 0444)
		perms |= SIGIL_PERM_READ;
	if (flag & 0222)
		perms |= SIGIL_PERM_WRITE;
	return check_ipc(ipcp, perms, "ipc");
}

/* msgget(2), shmget(2), semget(2) of an existing object: r. */
static int hook_ipc_associate(struct kern_ipc_perm *const ipcp, const int flg)
{
	return check_ipc(ipcp, SIGIL_PERM_READ, "ipc_get");
}

/*
 * The control commands, whose numbers differ by kind: r for those that
 * read state (the *_STAT_ANY ones bypass ipcperms()), w for those that
 * change it; system-wide information (a NULL object) names no object.
 */
static int hook_msg_queue_msgctl(struct kern_ipc_perm *const ipcp,
				 const int cmd)
{
	switch (cmd) {
	case IPC_STAT:
	case MSG_STAT:
	case MSG_STAT_ANY:
		return check_ipc(ipcp, SIGIL_PERM_READ, "msgctl");
	case IPC_SET:
	case IPC_RMID:
		return check_ipc(ipcp, SIGIL_PERM_WRITE, "msgctl");
	default:
		return 0;
	}
}

static int hook_shm_shmctl(struct kern_ipc_perm *const ipcp, const int cmd)
{
	switch (cmd) {
	case IPC_STAT:
	case SHM_STAT:
	case SHM_STAT_ANY:
		return check_ipc(ipcp, SIGIL_PERM_READ, "shmctl");
	case IPC_SET:
	case IPC_RMID:
	case SHM_LOCK:
	case SHM_UNLOCK:
		return check_ipc(ipcp, SIGIL_PERM_WRITE, "shmctl");
	default:
		return 0;
	}
}

static int hook_sem_semctl(struct kern_ipc_perm *const ipcp, const int cmd)
{
	switch (cmd) {
	case IPC_STAT:
	case SEM_STAT:
	case SEM_STAT_ANY:
	case GETPID:
	case GETNCNT:
	case GETZCNT:
	case GETVAL:
	case GETALL:
		return check_ipc(ipcp, SIGIL_PERM_READ, "semctl");
	case IPC_SET:
	case IPC_RMID:
	case SETVAL:
	case SETALL:
		return check_ipc(ipcp, SIGIL_PERM_WRITE, "semctl");
	default:
		return 0;
	}
}

static struct security_hook_list sigil_ipc_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(msg_queue_alloc_security, hook_ipc_alloc),
	LSM_HOOK_INIT(shm_alloc_security, hook_ipc_alloc),
	LSM_HOOK_INIT(sem_alloc_security, hook_ipc_alloc),
	LSM_HOOK_INIT(msg_queue_free_security, hook_ipc_free),
	LSM_HOOK_INIT(shm_free_security, hook_ipc_free),
	LSM_HOOK_INIT(sem_free_security, hook_ipc_free),
	LSM_HOOK_INIT(ipc_permission, hook_ipc_permission),
	LSM_HOOK_INIT(ipc_getsecid, hook_ipc_getsecid),
	LSM_HOOK_INIT(msg_queue_associate, hook_ipc_associate),
	LSM_HOOK_INIT(shm_associate, hook_ipc_associate),
	LSM_HOOK_INIT(sem_associate, hook_ipc_associate),
	LSM_HOOK_INIT(msg_queue_msgctl, hook_msg_queue_msgctl),
	LSM_HOOK_INIT(shm_shmctl, hook_shm_shmctl),
	LSM_HOOK_INIT(sem_semctl, hook_sem_semctl),
};

/**
 * sigil_add_ipc_hooks - Register the System V IPC hooks
 */
void __init sigil_add_ipc_hooks(void)
{
	security_add_hooks(sigil_ipc_hooks, ARRAY_SIZE(sigil_ipc_hooks),
			   &sigil_lsmid);
}
