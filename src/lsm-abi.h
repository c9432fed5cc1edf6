/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The Linux 6.8 LSM system call ABI (<linux/lsm.h>), for C libraries whose
 * kernel headers predate it, plus the Sigil module's identifier from the
 * Sigil kernel series.
 */
#ifndef SIGIL_LSM_ABI_H
#define SIGIL_LSM_ABI_H

#include <stdint.h>
#include <sys/syscall.h>

#ifdef HAVE_LINUX_LSM_H
# include <linux/lsm.h>
#else
struct lsm_ctx {
	uint64_t id;
	uint64_t flags;
	uint64_t len;
	uint64_t ctx_len;
	uint8_t ctx[];
};

# define LSM_ID_UNDEF		0
# define LSM_ID_CAPABILITY	100
# define LSM_ID_SELINUX		101
# define LSM_ID_SMACK		102
# define LSM_ID_TOMOYO		103
# define LSM_ID_APPARMOR	104
# define LSM_ID_YAMA		105
# define LSM_ID_LOADPIN		106
# define LSM_ID_SAFESETID	107
# define LSM_ID_LOCKDOWN	108
# define LSM_ID_BPF		109
# define LSM_ID_LANDLOCK	110
# define LSM_ID_IMA		111
# define LSM_ID_EVM		112
# define LSM_ID_IPE		113

# define LSM_ATTR_UNDEF		0
# define LSM_ATTR_CURRENT	100
# define LSM_ATTR_EXEC		101
# define LSM_ATTR_FSCREATE	102
# define LSM_ATTR_KEYCREATE	103
# define LSM_ATTR_PREV		104
# define LSM_ATTR_SOCKCREATE	105

# define LSM_FLAG_SINGLE	0x0001
#endif

#ifndef LSM_ID_SIGIL
# define LSM_ID_SIGIL		114
#endif

/* The numbers are the same on every architecture (asm-generic). */
#ifndef __NR_lsm_get_self_attr
# define __NR_lsm_get_self_attr	459
#endif
#ifndef __NR_lsm_set_self_attr
# define __NR_lsm_set_self_attr	460
#endif
#ifndef __NR_lsm_list_modules
# define __NR_lsm_list_modules	461
#endif

#endif /* SIGIL_LSM_ABI_H */
