/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The few kernel interfaces that the policy's own files
 * (kernel-patches/tree/security/sigil/policy.c, parse.c, verify.c and the
 * headers they include) use, for user space: sigilctl compiles those
 * files as they are, over this header, the way the kernel's tools/ build
 * lib/ code over tools/include/.  Each <linux/NAME.h> of this directory
 * includes it.
 */
#ifndef SIGIL_KSHIM_H
#define SIGIL_KSHIM_H

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int64_t s64;
typedef unsigned int gfp_t;

/* Allocation flags: every allocation here is an ordinary one. */
#define GFP_KERNEL		0U
#define GFP_KERNEL_ACCOUNT	0U

#define __init
#define __ro_after_init
#define __rcu
#define __printf(a, b)		__attribute__((format(printf, a, b)))
#define static_assert(expr, ...) _Static_assert(expr, #expr)

#define BIT(n)			(1UL << (n))
#define BIT_ULL(n)		(1ULL << (n))
#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))
#define max(a, b)		((a) > (b) ? (a) : (b))
#define U16_MAX			((u16)~0U)
#define swap(a, b) \
	do { \
		__typeof__(a) swap_tmp = (a); \
		(a) = (b); \
		(b) = swap_tmp; \
	} while (0)

/* The structures label.h and policy.h embed, unused here. */
struct hlist_node {
	struct hlist_node *next, **pprev;
};

struct rhash_head {
	struct rhash_head *next;
};

struct rhlist_head {
	struct rhash_head rhead;
	struct rhlist_head *next;
};

struct rcu_head {
	struct rcu_head *next;
	void (*func)(struct rcu_head *head);
};

struct rcu_work {
	struct rcu_head rcu;
};

typedef struct {
	int counter;
} atomic_t;

typedef struct {
	long long counter;
} atomic64_t;

/* One thread: a reference count is a plain count. */
typedef struct {
	unsigned int refs;
} refcount_t;

static inline void refcount_inc(refcount_t *r)
{
	r->refs++;
}

static inline void cond_resched(void)
{
}

#define MAX_ERRNO	4095

static inline void *ERR_PTR(long error)
{
	return (void *)error;
}

static inline long PTR_ERR(const void *ptr)
{
	return (long)ptr;
}

static inline bool IS_ERR(const void *ptr)
{
	return (unsigned long)ptr >= (unsigned long)-MAX_ERRNO;
}

static inline void *kmalloc(size_t size, gfp_t gfp)
{
	(void)gfp;
	return malloc(size);
}

static inline void *kzalloc(size_t size, gfp_t gfp)
{
	(void)gfp;
	return calloc(1, size);
}

static inline void *kvcalloc(size_t n, size_t size, gfp_t gfp)
{
	(void)gfp;
	return calloc(n, size);
}

static inline void *kvmalloc_array(size_t n, size_t size, gfp_t gfp)
{
	(void)gfp;
	return size && n > SIZE_MAX / size ? NULL : malloc(n * size);
}

static inline void kfree(const void *p)
{
	free((void *)p);
}

static inline void kvfree(const void *p)
{
	free((void *)p);
}

/* Returns the length written, not what would have been. */
static inline __printf(3, 4) int scnprintf(char *buf, size_t size,
					   const char *fmt, ...)
{
	va_list args;
	int n;

	if (!size)
		return 0;
	va_start(args, fmt);
	n = vsnprintf(buf, size, fmt, args);
	va_end(args);
	if (n < 0)
		return 0;
	return (size_t)n >= size ? (int)size - 1 : n;
}

static inline ssize_t strscpy(char *dst, const char *src, size_t size)
{
	size_t len = strnlen(src, size);

	if (!size)
		return -E2BIG;
	if (len == size) {
		memcpy(dst, src, size - 1);
		dst[size - 1] = '\0';
		return -E2BIG;
	}
	memcpy(dst, src, len + 1);
	return (ssize_t)len;
}

static inline unsigned long __ffs64(u64 word)
{
	return (unsigned long)__builtin_ctzll(word);
}

/* The smallest N with 2^N >= @n, 0 for 0 and 1. */
static inline unsigned int order_base_2(unsigned long n)
{
	return n <= 1 ? 0 : 64 - (unsigned int)__builtin_clzll(n - 1);
}

#define GOLDEN_RATIO_64 0x61C8864680B583EBull

static inline u32 hash_64(u64 val, unsigned int bits)
{
	return (u32)(val * GOLDEN_RATIO_64 >> (64 - bits));
}

static inline u32 hash_ptr(const void *ptr, unsigned int bits)
{
	return hash_64((unsigned long)ptr, bits);
}

/* sort() as lib/sort.c has it: no swap function is passed here. */
static inline void sort(void *base, size_t num, size_t size,
			int (*cmp)(const void *, const void *), void *swap_fn)
{
	(void)swap_fn;
	if (num)
		qsort(base, num, size, cmp);
}

#endif /* SIGIL_KSHIM_H */
