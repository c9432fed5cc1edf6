/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Sigil LSM - Tasks acting on tasks
 *
 * Copyright © 2026 The Sigil authors
 */

#ifndef _SECURITY_SIGIL_TASK_H
#define _SECURITY_SIGIL_TASK_H

#include <linux/fs.h>

void sigil_note_fowner(struct file *const file);

#endif /* _SECURITY_SIGIL_TASK_H */
