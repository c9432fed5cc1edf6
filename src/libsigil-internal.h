/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the files of libsigil share and do not export (libsigil.map).
 */
#ifndef SIGIL_LIBSIGIL_INTERNAL_H
#define SIGIL_LIBSIGIL_INTERNAL_H

/*
 * Whether module @name has a directory of its own in /proc/PID/attr/
 * (lsm-list.c).
 */
int lsm_attr_subdir(const char *name);

#endif /* SIGIL_LIBSIGIL_INTERNAL_H */
