/* SPDX-License-Identifier: GPL-2.0-only */
/* <linux/sort.h> for the policy's files in user space: see ../kshim.h. */
#include "../kshim.h"
