/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Sigil LSM - Audit records
 *
 * Copyright © 2026 The Sigil authors
 */

#ifndef _SECURITY_SIGIL_AUDIT_H
#define _SECURITY_SIGIL_AUDIT_H

#include <linux/dcache.h>
#include <linux/types.h>

#include "label.h"
#include "policy.h"

void sigil_audit_denial(const struct sigil_query *q, u64 why, const char *op,
			const struct dentry *dentry, bool enforcing,
			bool permissive);
void sigil_audit_refusal(const char *op, const struct sigil_label *subject,
			 const struct sigil_label *object, const char *why,
			 bool enforcing, bool permissive);
void sigil_format_missing(const struct sigil_query *q, u64 why, char *buf,
			  size_t size);
/**
 * typedef sigil_program_fn - The program of a check's subject
 *
 * @subject: The label a check was made for.
 *
 * Returns the label of the program the calling task runs, referenced,
 * when the task is @subject; else NULL.
 */
typedef struct sigil_label *(*sigil_program_fn)(const struct sigil_label *subject);

void sigil_audit_set_program(sigil_program_fn fn);
void sigil_audit_relabel(const struct dentry *dentry,
			 const struct sigil_label *subject,
			 const struct sigil_label *from,
			 const struct sigil_label *to,
			 const struct sigil_label *creator);
u64 sigil_denial_count(void);
u64 sigil_unlogged_count(void);
void sigil_audit_load(unsigned int nrules, bool loaded);
void sigil_audit_mode(bool enforcing, bool old);

#endif /* _SECURITY_SIGIL_AUDIT_H */
