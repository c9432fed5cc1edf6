/* SPDX-License-Identifier: GPL-2.0-only */
/* <linux/errno.h>: the system's (the C library reads it too), then ../kshim.h. */
#include_next <linux/errno.h>
#include "../kshim.h"
