/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Sigil LSM - Secids
 *
 * Copyright © 2026 The Sigil authors
 */

#ifndef _SECURITY_SIGIL_SECID_H
#define _SECURITY_SIGIL_SECID_H

#include <linux/types.h>

#include "label.h"

u32 sigil_secid(struct sigil_label *label);
struct sigil_label *sigil_secid_label(u32 secid);
bool sigil_secids_answered(void);

#endif /* _SECURITY_SIGIL_SECID_H */
