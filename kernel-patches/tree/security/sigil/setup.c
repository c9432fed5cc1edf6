// SPDX-License-Identifier: GPL-2.0-only
/*
 * Sigil LSM - Security framework setup
 *
 * Copyright © 2026 The Sigil authors
 */

#define pr_fmt(fmt) "sigil: " fmt

#include <linux/init.h>
#include <linux/lsm_hooks.h>
#include <uapi/linux/lsm.h>

#include "cred.h"
#include "fs.h"
#include "label.h"
#include "net.h"
#include "setup.h"

struct lsm_blob_sizes sigil_blob_sizes __ro_after_init = {
	.lbs_cred = sizeof(struct sigil_cred),
	.lbs_inode = sizeof(struct sigil_inode),
	.lbs_ipc = sizeof(struct sigil_label *),
	.lbs_key = sizeof(struct sigil_label *),
	.lbs_perf_event = sizeof(struct sigil_label *),
	.lbs_superblock = sizeof(struct sigil_sb),
	.lbs_sock = sizeof(struct sigil_sock),
	.lbs_xattr_count = 1,
};

struct sigil_blob_offsets sigil_blob_offsets __ro_after_init;

bool sigil_enabled __ro_after_init;

const struct lsm_id sigil_lsmid = {
	.name = SIGIL_NAME,
	.id = LSM_ID_SIGIL,
};

static int __init sigil_init(void)
{
	int err;

	/* The framework has replaced the sizes with offsets by now. */
	sigil_blob_offsets.cred = sigil_blob_sizes.lbs_cred;
	sigil_blob_offsets.inode = sigil_blob_sizes.lbs_inode;
	err = sigil_label_init();
	if (err)
		return err;
	sigil_add_cred_hooks();
	sigil_add_attr_hooks();
	sigil_add_task_hooks();
	sigil_add_fs_hooks();
	sigil_add_path_hooks();
	sigil_add_file_hooks();
	sigil_add_ipc_hooks();
	sigil_add_system_hooks();
	sigil_add_secid_hooks();
#ifdef CONFIG_SECURITY_NETWORK
	sigil_add_net_hooks();
	sigil_add_inet_hooks();
	sigil_add_packet_hooks();
#endif
#ifdef CONFIG_KEYS
	sigil_add_key_hooks();
#endif
	sigil_enabled = true;
	pr_info("Up and running.\n");
	return 0;
}

DEFINE_LSM(sigil) = {
	.name = SIGIL_NAME,
	.init = sigil_init,
	.blobs = &sigil_blob_sizes,
};
