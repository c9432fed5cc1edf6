/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Sigil LSM - The caches of decisions
 *
 * An allowed check costs a few comparisons because three caches answer
 * most of them without asking the policy:
 *
 * - Per inode (&struct sigil_inode.cache): the file rights of the last
 *   label that asked about the inode.  Serves path walks, opens, reads and
 *   writes, mappings, and descriptors passed or inherited.
 * - Per credentials (&struct sigil_cred.cache): the process rights of the
 *   last label that acted on the tasks with those credentials (ptrace,
 *   signals, scheduling, /proc/PID reads).
 * - Per label (&struct sigil_label.unconfined): whether the label is
 *   unconfined, keyed on the sequence number of one policy.
 *
 * The first two are &struct sigil_cache, keyed on sigil_epoch: each policy
 * load and each change of an in-core label advances it (after the change
 * is visible, with a full barrier), so that every entry cached before
 * becomes stale at once.  The third is keyed on the policy's sequence
 * number, which is never reused.  Nothing is ever invalidated one entry at
 * a time, and nothing waits for a reader.
 *
 * Copyright © 2026 The Sigil authors
 */

#ifndef _SECURITY_SIGIL_CACHE_H
#define _SECURITY_SIGIL_CACHE_H

#include <linux/atomic.h>
#include <linux/compiler.h>
#include <linux/types.h>

#include "label.h"

/* Advanced by every policy load and relabel; see sigil_bump_epoch(). */
extern atomic64_t sigil_epoch;

/**
 * struct sigil_cache - The rights of the last label that asked about an
 * object (an inode, a task's credentials)
 *
 * A label cached here cannot be freed and its address reused within one
 * epoch: the rights it had come from the policy, which holds it, or from
 * being the object's own label, which the object holds until a relabel
 * advances the epoch.
 */
struct sigil_cache {
	/**
	 * @seq: Even when @subject and @rights are stable; odd while a
	 * writer, which claims it with a compare-and-exchange, updates them.
	 * Nobody waits on it: a reader or a writer that finds it odd goes
	 * without the cache, so it is safe in any context.
	 */
	atomic_t seq;
	/**
	 * @subject: The label of the last task that asked.
	 */
	const struct sigil_label *subject;
	/**
	 * @rights: The value of sigil_epoch when it asked, shifted left by
	 * 8, ored with every right it had (SIGIL_PERM_* or SIGIL_PROC_*).
	 */
	u64 rights;
};

/**
 * sigil_cache_hit - Whether a cache answers a check
 *
 * @c: The cache.
 * @subject: The label that asks.
 * @epoch: sigil_epoch, read with acquire ordering before the object's
 * label or the policy.
 * @perms: The rights it asks for.
 *
 * Returns true if @subject was the last to ask, in @epoch, and had @perms.
 */
static inline bool sigil_cache_hit(const struct sigil_cache *c,
				   const struct sigil_label *subject,
				   u64 epoch, u8 perms)
{
	const int seq = atomic_read_acquire(&c->seq);
	const struct sigil_label *last;
	u64 rights;

	if (seq & 1)
		return false;
	last = READ_ONCE(c->subject);
	rights = READ_ONCE(c->rights);
	/* Pairs with the release in sigil_cache_store(). */
	smp_rmb();
	if (atomic_read(&c->seq) != seq)
		return false;
	return last == subject && rights >> 8 == epoch && !(perms & ~(u8)rights);
}

/**
 * sigil_cache_store - Remember the rights a label had
 *
 * @c: The cache.
 * @subject: The label.
 * @epoch: sigil_epoch as read before the rights were decided.
 * @rights: The rights.
 *
 * Leaves the cache alone when another writer is at work.
 */
static inline void sigil_cache_store(struct sigil_cache *c,
				     const struct sigil_label *subject,
				     u64 epoch, u8 rights)
{
	int seq = atomic_read(&c->seq);

	if (seq & 1 || !atomic_try_cmpxchg_acquire(&c->seq, &seq, seq + 1))
		return;
	WRITE_ONCE(c->subject, subject);
	WRITE_ONCE(c->rights, epoch << 8 | rights);
	atomic_set_release(&c->seq, seq + 2);
}

#endif /* _SECURITY_SIGIL_CACHE_H */
