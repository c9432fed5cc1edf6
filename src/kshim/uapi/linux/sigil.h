/* SPDX-License-Identifier: GPL-2.0-only */
/* <uapi/linux/sigil.h>, as the kernel tree names it: the UAPI header. */
#include <linux/sigil.h>
