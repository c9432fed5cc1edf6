// SPDX-License-Identifier: GPL-2.0-only
/*
 * Sigil LSM - KUnit tests for label parsing and interning
 *
 * Copyright © 2026 The Sigil authors
 */

#include <kunit/test.h>
#include <linux/err.h>
#include <linux/rcupdate.h>
#include <linux/sprintf.h>

#include "label.h"

#define X16 "xxxxxxxxxxxxxxxx"
#define X255 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 X16 \
	"xxxxxxxxxxxxxxx"

struct parse_case {
	const char *desc;
	const char *value;
	size_t size;
	ssize_t expected;
};

#define CASE(d, v, e) { .desc = d, .value = v, .size = sizeof(v) - 1, \
			.expected = e }

static const struct parse_case parse_cases[] = {
	CASE("plain", "user_t", 6),
	CASE("trailing newline", "user_t\n", 6),
	CASE("trailing NUL", "user_t\0", 6),
	CASE("SELinux-style context", "system_u:object_r:shadow_t:s0", 29),
	CASE("punctuation", "_-.:+@/", 7),
	CASE("single quote", "a'b", -EINVAL),
	CASE("double quote", "a\"b", -EINVAL),
	CASE("equals sign", "a=b", -EINVAL),
	CASE("backslash", "a\\b", -EINVAL),
	CASE("hash", "a#b", -EINVAL),
	CASE("one byte", "a", 1),
	CASE("empty", "", 0),
	CASE("lone newline", "\n", 0),
	CASE("lone NUL", "\0", 0),
	CASE("two newlines", "a\n\n", -EINVAL),
	CASE("newline then NUL", "a\n\0", -EINVAL),
	CASE("carriage return", "a\r", -EINVAL),
	CASE("space inside", "a b", -EINVAL),
	CASE("tab inside", "a\tb", -EINVAL),
	CASE("leading space", " a", -EINVAL),
	CASE("trailing space", "a ", -EINVAL),
	CASE("DEL", "a\x7f", -EINVAL),
	CASE("UTF-8", "caf\xc3\xa9", -EINVAL),
	CASE("embedded NUL", "a\0b", -EINVAL),
	CASE("255 bytes", X255, 255),
	CASE("255 bytes and newline", X255 "\n", 255),
	CASE("256 bytes", X255 "x", -EINVAL),
};

static void parse_case_desc(const struct parse_case *c, char *desc)
{
	strscpy(desc, c->desc, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(parse, parse_cases, parse_case_desc);

static void test_parse(struct kunit *const test)
{
	const struct parse_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, c->expected, sigil_label_parse(c->value, c->size));
}

static void test_intern_same_string_same_label(struct kunit *const test)
{
	struct sigil_label *a, *b;

	a = sigil_label_intern("sigil_test_a", 12, GFP_KERNEL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	b = sigil_label_intern("sigil_test_a", 12, GFP_KERNEL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(b));
	KUNIT_EXPECT_PTR_EQ(test, a, b);
	KUNIT_EXPECT_EQ(test, 2, refcount_read(&a->usage));
	KUNIT_EXPECT_STREQ(test, "sigil_test_a", a->str);
	sigil_label_put(b);
	sigil_label_put(a);
}

static void test_intern_other_string_other_label(struct kunit *const test)
{
	struct sigil_label *a, *b;

	a = sigil_label_intern("sigil_test_a", 12, GFP_KERNEL);
	b = sigil_label_intern("sigil_test_b", 12, GFP_KERNEL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	KUNIT_ASSERT_FALSE(test, IS_ERR(b));
	KUNIT_EXPECT_PTR_NE(test, a, b);
	/* The inode caches tell labels apart by their cache ids. */
	KUNIT_EXPECT_NE(test, 0, a->cache_id);
	KUNIT_EXPECT_NE(test, 0, b->cache_id);
	KUNIT_EXPECT_NE(test, a->cache_id, b->cache_id);
	KUNIT_EXPECT_LE(test, a->cache_id, SIGIL_CACHE_ID_MAX);
	sigil_label_put(b);
	sigil_label_put(a);
}

static void test_intern_prefix_is_other_label(struct kunit *const test)
{
	struct sigil_label *a, *b;

	a = sigil_label_intern("sigil_test", 10, GFP_KERNEL);
	b = sigil_label_intern("sigil_test_longer", 10, GFP_KERNEL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	KUNIT_ASSERT_FALSE(test, IS_ERR(b));
	KUNIT_EXPECT_PTR_EQ(test, a, b);
	sigil_label_put(b);
	b = sigil_label_intern("sigil_test_longer", 17, GFP_KERNEL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(b));
	KUNIT_EXPECT_PTR_NE(test, a, b);
	sigil_label_put(b);
	sigil_label_put(a);
}

/*
 * Thousands of labels are each found again, and go when their last holder
 * does: out of the table after one grace period, freed after a second.
 */
static void test_many_labels_found_and_freed(struct kunit *const test)
{
	const unsigned int n = 4096;
	struct sigil_label **l, *found;
	unsigned int i, before;
	char s[32];
	int len;

	l = kunit_kcalloc(test, n, sizeof(*l), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, l);
	rcu_barrier();
	rcu_barrier();
	before = sigil_label_count();
	for (i = 0; i < n; i++) {
		len = snprintf(s, sizeof(s), "sigil_test.%u", i);
		l[i] = sigil_label_intern(s, len, GFP_KERNEL);
		KUNIT_ASSERT_FALSE(test, IS_ERR(l[i]));
	}
	KUNIT_EXPECT_EQ(test, before + n, sigil_label_count());
	for (i = 0; i < n; i++) {
		len = snprintf(s, sizeof(s), "sigil_test.%u", i);
		found = sigil_label_lookup(s, len);
		KUNIT_EXPECT_PTR_EQ(test, l[i], found);
		KUNIT_EXPECT_STREQ(test, s, l[i]->str);
		sigil_label_put(found);
	}
	for (i = 0; i < n; i++)
		sigil_label_put(l[i]);
	rcu_barrier();
	rcu_barrier();
	KUNIT_EXPECT_EQ(test, before, sigil_label_count());
	KUNIT_EXPECT_NULL(test, sigil_label_lookup("sigil_test.0", 12));
}

static void test_from_value(struct kunit *const test)
{
	struct sigil_label *l;

	l = sigil_label_from_value("kernel\n", 7, GFP_KERNEL);
	KUNIT_EXPECT_PTR_EQ(test, sigil_label_kernel, l);
	sigil_label_put(l);
	KUNIT_EXPECT_NULL(test, sigil_label_from_value("\n", 1, GFP_KERNEL));
	KUNIT_EXPECT_NULL(test, sigil_label_from_value("", 0, GFP_KERNEL));
	KUNIT_EXPECT_PTR_EQ(test, ERR_PTR(-EINVAL),
			    sigil_label_from_value("a b", 3, GFP_KERNEL));
}

static void test_builtin_labels(struct kunit *const test)
{
	KUNIT_EXPECT_STREQ(test, SIGIL_LABEL_KERNEL, sigil_label_kernel->str);
	KUNIT_EXPECT_STREQ(test, SIGIL_LABEL_UNLABELED,
			   sigil_label_unlabeled->str);
}

static struct kunit_case sigil_label_test_cases[] = {
	KUNIT_CASE_PARAM(test_parse, parse_gen_params),
	KUNIT_CASE(test_intern_same_string_same_label),
	KUNIT_CASE(test_intern_other_string_other_label),
	KUNIT_CASE(test_intern_prefix_is_other_label),
	KUNIT_CASE(test_many_labels_found_and_freed),
	KUNIT_CASE(test_from_value),
	KUNIT_CASE(test_builtin_labels),
	{}
};

/*
 * Booted with lsm= not naming Sigil, its init never ran: no built-in
 * labels to test against.
 */
static int sigil_label_test_init(struct kunit *const test)
{
	if (!sigil_label_kernel)
		kunit_skip(test, "Sigil is not active");
	return 0;
}

static struct kunit_suite sigil_label_test_suite = {
	.name = "sigil_label",
	.init = sigil_label_test_init,
	.test_cases = sigil_label_test_cases,
};

kunit_test_suite(sigil_label_test_suite);
