// SPDX-License-Identifier: GPL-2.0-only
/*
 * Sigil LSM - KUnit tests for the inode cache word
 *
 * Copyright © 2026 The Sigil authors
 */

#include <kunit/test.h>
#include <linux/atomic.h>

#include "cache.h"

#define ID_A 7
#define ID_B 8
#define EPOCH 0x123456789ULL

/* Whether @c answers label @id asking for @perms in @epoch. */
static bool hit(const atomic64_t *const c, const u32 id, const u64 epoch,
		const u8 perms)
{
	return sigil_icache_hit(c, id, sigil_icache_epoch_key(epoch), perms);
}

/* A word filled for label ID_A in EPOCH with r and x. */
static void fill_a(struct kunit *const test, atomic64_t *const c)
{
	const s64 token = sigil_icache_claim(c);

	KUNIT_ASSERT_NE(test, 0, token);
	sigil_icache_fill(c, token, ID_A, EPOCH,
			  SIGIL_PERM_READ | SIGIL_PERM_EXEC);
}

static void test_empty_cache_answers_nothing(struct kunit *const test)
{
	atomic64_t c = ATOMIC64_INIT(0);

	KUNIT_EXPECT_FALSE(test, hit(&c, ID_A, EPOCH, SIGIL_PERM_READ));
	KUNIT_EXPECT_FALSE(test, hit(&c, 0, 0, SIGIL_PERM_READ));
}

static void test_hit_only_for_the_rights_cached(struct kunit *const test)
{
	atomic64_t c = ATOMIC64_INIT(0);

	fill_a(test, &c);
	KUNIT_EXPECT_TRUE(test, hit(&c, ID_A, EPOCH, SIGIL_PERM_READ));
	KUNIT_EXPECT_TRUE(test, hit(&c, ID_A, EPOCH,
				    SIGIL_PERM_READ | SIGIL_PERM_EXEC));
	KUNIT_EXPECT_FALSE(test, hit(&c, ID_A, EPOCH, SIGIL_PERM_WRITE));
	KUNIT_EXPECT_FALSE(test, hit(&c, ID_A, EPOCH,
				     SIGIL_PERM_READ | SIGIL_PERM_CREATE));
}

static void test_no_hit_for_another_label(struct kunit *const test)
{
	atomic64_t c = ATOMIC64_INIT(0);

	fill_a(test, &c);
	KUNIT_EXPECT_FALSE(test, hit(&c, ID_B, EPOCH, SIGIL_PERM_READ));
	KUNIT_EXPECT_FALSE(test, hit(&c, 0, EPOCH, SIGIL_PERM_READ));
	KUNIT_EXPECT_FALSE(test, hit(&c, SIGIL_CACHE_ID_MAX, EPOCH,
				     SIGIL_PERM_READ));
}

static void test_no_hit_in_another_epoch(struct kunit *const test)
{
	atomic64_t c = ATOMIC64_INIT(0);

	fill_a(test, &c);
	KUNIT_EXPECT_FALSE(test, hit(&c, ID_A, EPOCH + 1, SIGIL_PERM_READ));
	KUNIT_EXPECT_FALSE(test, hit(&c, ID_A, EPOCH - 1, SIGIL_PERM_READ));
}

static void test_clear_empties_the_cache(struct kunit *const test)
{
	atomic64_t c = ATOMIC64_INIT(0);

	fill_a(test, &c);
	sigil_icache_clear(&c);
	KUNIT_EXPECT_FALSE(test, hit(&c, ID_A, EPOCH, SIGIL_PERM_READ));
}

/* A decision taken before a relabel is not stored after it. */
static void test_fill_after_clear_is_dropped(struct kunit *const test)
{
	atomic64_t c = ATOMIC64_INIT(0);
	const s64 token = sigil_icache_claim(&c);

	KUNIT_ASSERT_NE(test, 0, token);
	sigil_icache_clear(&c);
	sigil_icache_fill(&c, token, ID_A, EPOCH, SIGIL_PERM_READ);
	KUNIT_EXPECT_FALSE(test, hit(&c, ID_A, EPOCH, SIGIL_PERM_READ));
}

/* Nor after another writer's claim, even one that stored the same. */
static void test_fill_after_another_claim_is_dropped(struct kunit *const test)
{
	atomic64_t c = ATOMIC64_INIT(0);
	const s64 token = sigil_icache_claim(&c);

	KUNIT_ASSERT_NE(test, 0, token);
	fill_a(test, &c);
	sigil_icache_fill(&c, token, ID_B, EPOCH, SIGIL_PERM_READ);
	KUNIT_EXPECT_FALSE(test, hit(&c, ID_B, EPOCH, SIGIL_PERM_READ));
	KUNIT_EXPECT_TRUE(test, hit(&c, ID_A, EPOCH, SIGIL_PERM_READ));
}

/*
 * The hit path compares with sigil_icache_epoch, kept equal to the key of
 * sigil_epoch (here before any policy load, and after each).
 */
static void test_hit_path_epoch_follows_sigil_epoch(struct kunit *const test)
{
	const u64 epoch = atomic64_read(&sigil_epoch);

	KUNIT_EXPECT_EQ(test, sigil_icache_epoch_key(epoch),
			READ_ONCE(sigil_icache_epoch));
}

/* Tokens grant nothing, whatever their bits, and never repeat. */
static void test_tokens_grant_nothing(struct kunit *const test)
{
	atomic64_t c = ATOMIC64_INIT(0);
	s64 token, last = 0;
	int i;

	for (i = 0; i < 64; i++) {
		token = sigil_icache_claim(&c);
		KUNIT_ASSERT_NE(test, 0, token);
		KUNIT_EXPECT_NE(test, last, token);
		KUNIT_EXPECT_EQ(test, 0, token & 0xff);
		KUNIT_EXPECT_FALSE(test, hit(&c, (u64)token >> 40,
					     (u64)token >> 8, SIGIL_PERM_READ));
		last = token;
	}
}

static struct kunit_case sigil_cache_test_cases[] = {
	KUNIT_CASE(test_empty_cache_answers_nothing),
	KUNIT_CASE(test_hit_only_for_the_rights_cached),
	KUNIT_CASE(test_no_hit_for_another_label),
	KUNIT_CASE(test_no_hit_in_another_epoch),
	KUNIT_CASE(test_clear_empties_the_cache),
	KUNIT_CASE(test_fill_after_clear_is_dropped),
	KUNIT_CASE(test_fill_after_another_claim_is_dropped),
	KUNIT_CASE(test_hit_path_epoch_follows_sigil_epoch),
	KUNIT_CASE(test_tokens_grant_nothing),
	{}
};

static struct kunit_suite sigil_cache_test_suite = {
	.name = "sigil_cache",
	.test_cases = sigil_cache_test_cases,
};

kunit_test_suite(sigil_cache_test_suite);
