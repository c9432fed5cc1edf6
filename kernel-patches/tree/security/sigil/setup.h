/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Sigil LSM - Security framework setup
 *
 * Copyright © 2026 The Sigil authors
 */

#ifndef _SECURITY_SIGIL_SETUP_H
#define _SECURITY_SIGIL_SETUP_H

#include <linux/init.h>
#include <linux/lsm_hooks.h>

#define SIGIL_NAME "sigil"

extern struct lsm_blob_sizes sigil_blob_sizes;

/**
 * struct sigil_blob_offsets - Where Sigil's part of the hottest blobs starts
 *
 * A copy of two fields of sigil_blob_sizes, made before any hook runs.
 * Every step of a path walk reads both; side by side, one load pair
 * fetches them (in struct lsm_blob_sizes they are twelve bytes apart).
 */
struct sigil_blob_offsets {
	/** @cred: Offset of struct sigil_cred in cred->security. */
	int cred;
	/** @inode: Offset of struct sigil_inode in inode->i_security. */
	int inode;
};

extern struct sigil_blob_offsets sigil_blob_offsets;
extern const struct lsm_id sigil_lsmid;
extern bool sigil_enabled;

/*
 * Each concept registers its own hooks (cred.c, attr.c, task.c, fs.c,
 * path.c, file.c, ipc.c, system.c, net.c, key.c, secid.c).
 */
void __init sigil_add_cred_hooks(void);
void __init sigil_add_attr_hooks(void);
void __init sigil_add_task_hooks(void);
void __init sigil_add_fs_hooks(void);
void __init sigil_add_path_hooks(void);
void __init sigil_add_file_hooks(void);
void __init sigil_add_ipc_hooks(void);
void __init sigil_add_system_hooks(void);
void __init sigil_add_net_hooks(void);
void __init sigil_add_key_hooks(void);
void __init sigil_add_secid_hooks(void);

#endif /* _SECURITY_SIGIL_SETUP_H */
