/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Sigil LSM - The caches of decisions
 *
 * An allowed check costs a few comparisons because three caches answer
 * most of them without asking the policy:
 *
 * - Per inode (&struct sigil_inode.cache): the file rights of the last
 *   label that asked about the inode, in one 64-bit word.  Serves path
 *   walks, opens, reads and writes, mappings, and descriptors passed or
 *   inherited.
 * - Per credentials (&struct sigil_cred.cache): the process rights of the
 *   last label that acted on the tasks with those credentials (ptrace,
 *   signals, scheduling, /proc/PID reads).
 * - Per label (&struct sigil_label.unconfined): whether the label is
 *   unconfined, keyed on the sequence number of one policy.
 *
 * The first two are keyed on sigil_epoch, which each policy load advances
 * (after the new policy is visible, with a full barrier), so that every
 * entry cached before becomes stale at once.  A relabelled inode's own
 * cache is emptied instead (sigil_icache_clear()).  The third is keyed on
 * the policy's sequence number, which is never reused.  Nothing waits for
 * a reader.
 *
 * A label in a cache cannot be freed, and its address or cache id reused,
 * within one epoch: the rights it had come from the policy, which holds
 * it, or from being the object's own label, which the object holds until
 * a relabel empties the object's cache.  A label the policy does not name
 * has no rights but on objects of its own label, so a new label that
 * takes a freed one's id has the same rights anyway.
 *
 * Copyright © 2026 The Sigil authors
 */

#ifndef _SECURITY_SIGIL_CACHE_H
#define _SECURITY_SIGIL_CACHE_H

#include <linux/atomic.h>
#include <linux/bits.h>
#include <linux/compiler.h>
#include <linux/limits.h>
#include <linux/types.h>

#include <uapi/linux/sigil.h>

#include "label.h"

/* Advanced by every policy load; see sigil_bump_epoch(). */
extern atomic64_t sigil_epoch;

/*
 * The inode cache: one word, read with one load.
 *
 *   bits 63-40  the cache id of the label that asked (&sigil_label.cache_id)
 *   bits 39-8   the low 32 bits of sigil_epoch when it asked
 *   bit 7       SIGIL_ICACHE_VALID
 *   bits 4-0    its rights (SIGIL_PERM_*)
 *
 * Only a policy load advances sigil_epoch, and loading a policy needs the
 * policy's own l right, so its low 32 bits wrap after 2^32 loads by a
 * task that could grant itself anything anyway.  A writer first claims
 * the word with a token: a number never used before (bit 7 clear, no
 * rights), then decides from the inode's label and stores its entry only
 * if the token is still there.  A relabel replaces the word with a token
 * of its own after the new label is visible, so that a decision taken on
 * the old label is never stored after the relabel is done.
 */
#define SIGIL_ICACHE_VALID	BIT_ULL(7)

/* The last token handed out (sigil_icache_claim()), shifted right by 8. */
extern atomic64_t sigil_icache_tokens;

/**
 * sigil_icache_epoch_key - The epoch's bits of an inode cache entry
 *
 * @epoch: sigil_epoch.
 *
 * Returns bits 39-7 of the entries stored in @epoch.
 */
static __always_inline u64 sigil_icache_epoch_key(u64 epoch)
{
	return (epoch & U32_MAX) << 8 | SIGIL_ICACHE_VALID;
}

/*
 * sigil_icache_epoch_key(sigil_epoch), written after each advance of
 * sigil_epoch, so that a hit computes no key.  A reader that sees it late
 * sees the previous policy's entries, as one that read sigil_epoch just
 * before the advance would.
 */
extern u64 sigil_icache_epoch;

/**
 * sigil_icache_key - What an inode cache holds for a label in an epoch
 *
 * @id: The label's cache id.
 * @epoch: sigil_epoch.
 *
 * Returns the entry without the rights.
 */
static __always_inline u64 sigil_icache_key(u32 id, u64 epoch)
{
	return (u64)id << 40 | sigil_icache_epoch_key(epoch);
}

/**
 * sigil_icache_hit - Whether an inode cache answers a check
 *
 * @c: The cache.
 * @id: The cache id of the label that asks (0 is never a hit: nothing is
 * stored for it).
 * @epoch_key: sigil_icache_epoch_key() of sigil_epoch (sigil_icache_epoch).
 * @perms: The rights it asks for.
 *
 * Returns true if the label was the last to ask, in that epoch, since the
 * inode's last relabel, and had @perms.
 */
static __always_inline bool sigil_icache_hit(const atomic64_t *c, u32 id,
					     u64 epoch_key, u8 perms)
{
	const u64 w = atomic64_read(c);

	/* No mask to build: a test of the key's bits, then of the rights. */
	return !((w ^ ((u64)id << 40 | epoch_key)) & ~(u64)SIGIL_PERM_ALL) &&
	       !(perms & ~w);
}

/*
 * A word no inode cache has held: the next token, bit 7 (SIGIL_ICACHE_VALID)
 * clear and no rights, so that it matches no sigil_icache_key().
 */
static inline s64 sigil_icache_new_token(void)
{
	return atomic64_inc_return(&sigil_icache_tokens) << 8;
}

/**
 * sigil_icache_claim - Claim an inode cache before deciding
 *
 * @c: The cache.
 *
 * Fully ordered when it succeeds: the inode's label is read after.
 *
 * Returns the token to give sigil_icache_fill(), or 0 when another
 * writer or a relabel came in between (then the decision is not cached).
 */
static inline s64 sigil_icache_claim(atomic64_t *c)
{
	s64 old = atomic64_read(c);
	const s64 token = sigil_icache_new_token();

	return atomic64_try_cmpxchg(c, &old, token) ? token : 0;
}

/**
 * sigil_icache_fill - Store a decision in a claimed inode cache
 *
 * @c: The cache.
 * @token: What sigil_icache_claim() returned.
 * @id: The cache id of the label that asked, not 0.
 * @epoch: sigil_epoch, read before the policy and the claim.
 * @rights: Its rights.
 *
 * Stores nothing if a relabel or another writer has taken the cache since
 * the claim.
 */
static inline void sigil_icache_fill(atomic64_t *c, s64 token, u32 id,
				     u64 epoch, u8 rights)
{
	atomic64_try_cmpxchg_release(c, &token,
				     (s64)(sigil_icache_key(id, epoch) | rights));
}

/**
 * sigil_icache_clear - Empty an inode cache after a relabel
 *
 * @c: The cache.
 *
 * Call after the new label is visible and before the old label is put.
 */
static inline void sigil_icache_clear(atomic64_t *c)
{
	/* Fully ordered: after the new label; see sigil_icache_claim(). */
	atomic64_xchg(c, sigil_icache_new_token());
}

/**
 * struct sigil_cache - The rights of the last label that acted on a
 * task's credentials
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
