/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The kernel's security/sigil/policy.c, compiled for user space over this
 * directory's headers; included from here so that its object is built in
 * src/, never beside the kernel's plain files.
 */
#include <config.h>

#include "security/sigil/policy.c"
