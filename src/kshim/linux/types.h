/* SPDX-License-Identifier: GPL-2.0-only */
/* <linux/types.h>: the system's (for <linux/sigil.h>), then ../kshim.h. */
#include_next <linux/types.h>
#include "../kshim.h"
