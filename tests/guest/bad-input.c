/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The bad-input table: every input Sigil takes from user space, each row
 * named, with the errno expected (0: accepted).  After a refused input
 * the task's attributes, the files' labels, the running policy and the
 * mode must be exactly as before; after an accepted one, the value must
 * read back, and it is undone.  Run before any policy is loaded, as the
 * task labelled kernel.  Prints each row that fails and the count.
 *   bad-input EXT4-DIR EXT3-DIR TMPFS-DIR
 */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/xattr.h>
#include <unistd.h>

#include <linux/lsm.h>

#define FS "/sys/kernel/security/sigil/"
#define NR_GET 459
#define NR_SET 460
#define NR_LIST 461

struct state {
	char attr[3][300];	/* current, exec, fscreate */
	char label[3][300];	/* of the three files */
	char generation[32], rules[32], enforce[8];
};

static const char *files[3];
static unsigned int rows, failures;

static void slurp(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY);
	ssize_t n = fd < 0 ? -1 : read(fd, buf, size - 1);

	if (n >= 0)
		buf[n] = '\0';
	else
		snprintf(buf, size, "(error %d)", errno);
	if (fd >= 0)
		close(fd);
}

static void status_field(const char *name, char *buf, size_t size)
{
	char status[1024], *p;

	slurp(FS "status", status, sizeof(status));
	p = strstr(status, name);
	snprintf(buf, size, "%.*s", p ? (int)strcspn(p, "\n") : 0, p ? p : "");
}

static void snapshot(struct state *s)
{
	static const char *const a[] = { "current", "exec", "fscreate" };
	char path[128];
	ssize_t n;
	int i;

	for (i = 0; i < 3; i++) {
		snprintf(path, sizeof(path), "/proc/thread-self/attr/sigil/%s", a[i]);
		slurp(path, s->attr[i], sizeof(s->attr[i]));
		n = getxattr(files[i], "security.sigil", s->label[i],
			     sizeof(s->label[i]) - 1);
		s->label[i][n < 0 ? 0 : n] = '\0';
	}
	status_field("generation:", s->generation, sizeof(s->generation));
	status_field("rules:", s->rules, sizeof(s->rules));
	slurp(FS "enforce", s->enforce, sizeof(s->enforce));
}

static const char *changed(const struct state *a, const struct state *b)
{
	int i;

	for (i = 0; i < 3; i++) {
		if (strcmp(a->attr[i], b->attr[i]))
			return "a task attribute changed";
		if (strcmp(a->label[i], b->label[i]))
			return "a file's label changed";
	}
	if (strcmp(a->generation, b->generation) || strcmp(a->rules, b->rules))
		return "the running policy changed";
	if (strcmp(a->enforce, b->enforce))
		return "the mode changed";
	return NULL;
}

/*
 * One row: @err is what the operation gave (0 or an errno), @want what it
 * should give; after a refusal nothing of @before may have changed.
 */
static void row(const char *name, int want, int err, const struct state *before)
{
	struct state after;
	const char *what;

	rows++;
	if (err != want) {
		failures++;
		printf("not ok: %s: expected %s, saw %s\n", name,
		       want ? strerrorname_np(want) : "success",
		       err ? strerrorname_np(err) : "success");
		return;
	}
	if (!want)
		return;
	snapshot(&after);
	what = changed(before, &after);
	if (what) {
		failures++;
		printf("not ok: %s: refused with %s, but %s\n", name,
		       strerrorname_np(err), what);
	}
}

/* Writes @n bytes of @buf at @off to @path in one write; 0 or errno. */
static int write_node(const char *path, const void *buf, size_t n, off_t off)
{
	int fd = open(path, O_WRONLY), err = 0;

	if (fd < 0)
		return errno;
	if (pwrite(fd, buf, n, off) != (ssize_t)n)
		err = errno;
	close(fd);
	return err;
}

static char big[5000];

static const struct payload {
	const char *name, *data;
	size_t len;
	off_t off;
	int label;	/* 0 invalid, 1 empty, 2 a label, 3 own label */
} payloads[] = {
	{ "0 bytes", "", 0, 0, 1 },
	{ "lone newline", "\n", 1, 0, 1 },
	{ "lone NUL", "\0", 1, 0, 1 },
	{ "255-byte label", big, 255, 0, 2 },
	{ "256-byte label", big, 256, 0, 0 },
	{ "4096 bytes", big, 4096, 0, 0 },
	{ "4097 bytes", big, 4097, 0, 0 },
	{ "embedded NUL", "a_t\0b", 5, 0, 0 },
	{ "two trailing newlines", "a_t\n\n", 5, 0, 0 },
	{ "control byte", "a\x01_t", 4, 0, 0 },
	{ "bytes of 0x80 and above", "caf\xc3\xa9", 5, 0, 0 },
	{ "inner space", "a t", 3, 0, 0 },
	{ "leading space", " a_t", 4, 0, 0 },
	{ "single quote", "a'b_t", 5, 0, 0 },
	{ "double quote", "a\"b_t", 5, 0, 0 },
	{ "equals sign", "a=b_t", 5, 0, 0 },
	{ "backslash", "a\\b_t", 5, 0, 0 },
	{ "every punctuation byte allowed", "a_-.:+@/b", 9, 0, 2 },
	{ "label and newline", "a_t\n", 4, 0, 2 },
	{ "own label", "kernel", 6, 0, 3 },
	{ "pwrite at offset 1", "a_t", 3, 1, 0 },
};

/* What writing @p to attribute @attr (0 current ... 3 prev) gives. */
static int expected(int attr, const struct payload *p)
{
	if (p->off || attr == 3 || !p->label)
		return EINVAL;
	if (attr == 0)	/* current: no unset; dyntransition needs a rule */
		return p->label == 1 ? EINVAL : p->label == 2 ? EACCES : 0;
	return 0;
}

static void attr_rows(const char *dir, const char *prefix)
{
	static const char *const a[] = { "current", "exec", "fscreate", "prev" };
	const struct payload *p;
	char path[128], name[256], value[300];
	struct state before;
	int i, want, err;
	size_t n;

	for (i = 0; i < 4; i++) {
		for (p = payloads; p < payloads + sizeof(payloads) / sizeof(*payloads); p++) {
			snprintf(path, sizeof(path), "%s/%s%s", dir, prefix, a[i]);
			snprintf(name, sizeof(name), "%s: %s", path, p->name);
			want = expected(i, p);
			snapshot(&before);
			err = write_node(path, p->data, p->len, p->off);
			row(name, want, err, &before);
			if (want || err || i == 0)
				continue;
			/* Accepted by exec or fscreate: it reads back, then goes. */
			slurp(path, value, sizeof(value));
			/* The label without its newline, or empty. */
			n = p->label == 1 ? 0 : p->len - (p->data[p->len - 1] == '\n');
			if (strlen(value) != n + (n > 0) || memcmp(value, p->data, n)) {
				failures++;
				printf("not ok: %s: accepted, but reads back '%s'\n", name, value);
			}
			write_node(path, "", 0, 0);
		}
	}
}

static int other_errno;

static void *second_thread(void *arg)
{
	char path[64];

	(void)arg;
	snprintf(path, sizeof(path), "/proc/%d/attr/exec", getpid());
	other_errno = write_node(path, "a_t", 3, 0);
	return NULL;
}

static void *second_thread_self(void *arg)
{
	(void)arg;
	other_errno = write_node("/proc/thread-self/attr/exec", "a_t", 3, 0);
	if (!other_errno)
		write_node("/proc/thread-self/attr/exec", "", 0, 0);
	return NULL;
}

static void task_rows(void)
{
	static const char *const nodes[] = {
		"/proc/1/attr/current", "/proc/1/attr/exec", "/proc/1/attr/fscreate",
		"/proc/1/attr/sigil/current", "/proc/1/attr/sigil/exec",
		"/proc/1/attr/sigil/fscreate",
	};
	char name[128];
	struct state before;
	pthread_t t;
	size_t i;

	for (i = 0; i < sizeof(nodes) / sizeof(*nodes); i++) {
		/* proc refuses a writer other than the opener's mm: EPERM. */
		snprintf(name, sizeof(name), "another task's %s", nodes[i]);
		snapshot(&before);
		row(name, EPERM, write_node(nodes[i], "a_t", 3, 0), &before);
	}
	snapshot(&before);
	pthread_create(&t, NULL, second_thread, NULL);
	pthread_join(t, NULL);
	row("the leader's /proc/PID/attr/exec from a second thread", EACCES,
	    other_errno, &before);
	snapshot(&before);
	pthread_create(&t, NULL, second_thread_self, NULL);
	pthread_join(t, NULL);
	row("/proc/thread-self/attr/exec from a second thread", 0, other_errno,
	    &before);
}

/* An lsm_ctx for Sigil holding @len bytes of @label, in @buf. */
static struct lsm_ctx *ctx_of(void *buf, const char *label, size_t len)
{
	struct lsm_ctx *c = buf;

	c->id = LSM_ID_SIGIL;
	c->flags = 0;
	c->ctx_len = len;
	c->len = sizeof(*c) + len;
	memcpy(c->ctx, label, len);
	return c;
}

static int sys_errno(long r)
{
	return r < 0 ? errno : 0;
}

static void syscall_rows(void)
{
	static char buf[8192];
	struct lsm_ctx *c = (struct lsm_ctx *)buf;
	struct state before;
	uint64_t ids[16];
	uint32_t size;
	int err;

#define ROW(name, want, call) do {			\
		snapshot(&before);			\
		err = sys_errno(call);			\
		row(name, want, err, &before);		\
	} while (0)

	size = sizeof(buf);
	ROW("lsm_get_self_attr: LSM_ATTR_UNDEF", EINVAL, syscall(NR_GET, 0, c, &size, 0));
	ROW("lsm_get_self_attr: NULL size", EINVAL,
	    syscall(NR_GET, LSM_ATTR_CURRENT, c, NULL, 0));
	ROW("lsm_get_self_attr: size at a bad address", EFAULT,
	    syscall(NR_GET, LSM_ATTR_CURRENT, c, (void *)8, 0));
	ROW("lsm_get_self_attr: unknown flag", EINVAL,
	    syscall(NR_GET, LSM_ATTR_CURRENT, c, &size, 2));
	ROW("lsm_get_self_attr: LSM_FLAG_SINGLE with a NULL ctx", EINVAL,
	    syscall(NR_GET, LSM_ATTR_CURRENT, NULL, &size, LSM_FLAG_SINGLE));
	c->id = LSM_ID_UNDEF;
	ROW("lsm_get_self_attr: LSM_FLAG_SINGLE with LSM_ID_UNDEF", EINVAL,
	    syscall(NR_GET, LSM_ATTR_CURRENT, c, &size, LSM_FLAG_SINGLE));
	c->id = LSM_ID_CAPABILITY;
	ROW("lsm_get_self_attr: LSM_FLAG_SINGLE with another module's id", EOPNOTSUPP,
	    syscall(NR_GET, LSM_ATTR_CURRENT, c, &size, LSM_FLAG_SINGLE));
	c->id = LSM_ID_SIGIL;
	size = sizeof(buf);
	ROW("lsm_get_self_attr: LSM_FLAG_SINGLE for Sigil", 0,
	    syscall(NR_GET, LSM_ATTR_CURRENT, c, &size, LSM_FLAG_SINGLE));
	size = 0;
	ROW("lsm_get_self_attr: size 0", E2BIG,
	    syscall(NR_GET, LSM_ATTR_CURRENT, NULL, &size, 0));
	/* "kernel" and its NUL, the whole rounded up as lsm_fill_user_ctx() does. */
	rows++;
	if (size != ((sizeof(struct lsm_ctx) + 7 + 7) & ~7UL)) {
		failures++;
		printf("not ok: lsm_get_self_attr: size 0: *size set to %u, expected %zu\n",
		       size, (sizeof(struct lsm_ctx) + 7 + 7) & ~7UL);
	}
	size = 10;
	ROW("lsm_get_self_attr: size too small", E2BIG,
	    syscall(NR_GET, LSM_ATTR_CURRENT, c, &size, 0));
	size = sizeof(buf);
	ROW("lsm_get_self_attr: unset exec", EOPNOTSUPP,
	    syscall(NR_GET, LSM_ATTR_EXEC, c, &size, 0));
	size = sizeof(buf);
	/* No module knows it: each says EOPNOTSUPP, and so does the call. */
	ROW("lsm_get_self_attr: unknown attribute", EOPNOTSUPP,
	    syscall(NR_GET, 99, c, &size, 0));

	ctx_of(buf, "a_t", 4);
	ROW("lsm_set_self_attr: a flag", EINVAL,
	    syscall(NR_SET, LSM_ATTR_EXEC, c, c->len, 1));
	ROW("lsm_set_self_attr: size below struct lsm_ctx", EINVAL,
	    syscall(NR_SET, LSM_ATTR_EXEC, c, sizeof(*c) - 1, 0));
	ROW("lsm_set_self_attr: size over a page", E2BIG,
	    syscall(NR_SET, LSM_ATTR_EXEC, c, 4097, 0));
	ROW("lsm_set_self_attr: NULL ctx", EFAULT,
	    syscall(NR_SET, LSM_ATTR_EXEC, NULL, c->len, 0));
	c->len = 200;
	ROW("lsm_set_self_attr: len beyond size", EINVAL,
	    syscall(NR_SET, LSM_ATTR_EXEC, c, sizeof(*c) + 4, 0));
	ctx_of(buf, "a_t", 4);
	c->ctx_len = 40;
	ROW("lsm_set_self_attr: ctx_len beyond len", EINVAL,
	    syscall(NR_SET, LSM_ATTR_EXEC, c, sizeof(*c) + 4, 0));
	ctx_of(buf, "a_t", 4);
	c->id = LSM_ID_CAPABILITY;
	ROW("lsm_set_self_attr: another module's id", EOPNOTSUPP,
	    syscall(NR_SET, LSM_ATTR_EXEC, c, c->len, 0));
	ctx_of(buf, "a_t", 4);
	ROW("lsm_set_self_attr: current without a dyntransition rule", EACCES,
	    syscall(NR_SET, LSM_ATTR_CURRENT, c, c->len, 0));
	ROW("lsm_set_self_attr: prev", EINVAL,
	    syscall(NR_SET, LSM_ATTR_PREV, c, c->len, 0));
	ROW("lsm_set_self_attr: LSM_ATTR_UNDEF", EINVAL,
	    syscall(NR_SET, LSM_ATTR_UNDEF, c, c->len, 0));
	ROW("lsm_set_self_attr: unknown attribute", EINVAL,
	    syscall(NR_SET, 99, c, c->len, 0));
	ctx_of(buf, "a\0b", 4);
	ROW("lsm_set_self_attr: embedded NUL", EINVAL,
	    syscall(NR_SET, LSM_ATTR_EXEC, c, c->len, 0));
	ctx_of(buf, big, 257);
	ROW("lsm_set_self_attr: 256-byte label", EINVAL,
	    syscall(NR_SET, LSM_ATTR_EXEC, c, c->len, 0));
	ctx_of(buf, "a t", 4);
	ROW("lsm_set_self_attr: inner space", EINVAL,
	    syscall(NR_SET, LSM_ATTR_FSCREATE, c, c->len, 0));
	ctx_of(buf, "a_t", 3);
	ROW("lsm_set_self_attr: unterminated context is the label", 0,
	    syscall(NR_SET, LSM_ATTR_EXEC, c, c->len, 0));
	ctx_of(buf, "", 0);
	ROW("lsm_set_self_attr: empty context resets", 0,
	    syscall(NR_SET, LSM_ATTR_EXEC, c, c->len, 0));

	size = sizeof(ids);
	ROW("lsm_list_modules: a flag", EINVAL, syscall(NR_LIST, ids, &size, 1));
	ROW("lsm_list_modules: NULL size", EFAULT, syscall(NR_LIST, ids, NULL, 0));
	size = 0;
	ROW("lsm_list_modules: size 0", E2BIG, syscall(NR_LIST, ids, &size, 0));
	size = sizeof(ids);
	ROW("lsm_list_modules: NULL ids", EFAULT, syscall(NR_LIST, NULL, &size, 0));
	size = sizeof(ids);
	ROW("lsm_list_modules: valid", 0, syscall(NR_LIST, ids, &size, 0));
#undef ROW
}

/* Writes @text to the policy node in @chunks pieces; 0 or the errno. */
static int load(const char *text, size_t n, int chunks)
{
	size_t i, step = chunks > 1 ? n / chunks + 1 : n;
	int fd = open(FS "policy", O_WRONLY), err = 0;

	if (fd < 0)
		return errno;
	for (i = 0; i < n && !err; i += step)
		if (write(fd, text + i, n - i < step ? n - i : step) < 0)
			err = errno;
	if (close(fd) < 0 && !err)
		err = errno;
	return err;
}

static void node_rows(void)
{
	static const struct {
		const char *name, *text;
	} policies[] = {
		{ "garbage", "hello world\n" },
		{ "a truncated rule", "unconfined kernel\nallow a_t b_t" },
		{ "a NUL byte", "unconfined kernel\n\0allow a_t b_t r\n" },
		{ "CRLF", "unconfined kernel\r\n" },
		{ "a relative genfs path", "unconfined kernel\ngenfs proc sys s_t\n" },
		{ "a genfs path with a trailing slash", "unconfined kernel\ngenfs proc /sys/ s_t\n" },
		{ "two labels for one genfs path",
		  "unconfined kernel\ngenfs proc /sys a_t\ngenfs proc /sys b_t\n" },
		{ "genfs with too few fields", "unconfined kernel\ngenfs proc /sys\n" },
		{ "an unknown capability", "unconfined kernel\ncapability a_t CAP_KILL\n" },
		{ "process letters of allow", "unconfined kernel\nprocess a_t b_t rw\n" },
		{ "a policy letter twice", "unconfined kernel\npolicy a_t ll\n" },
		{ "nnptransition with one label", "unconfined kernel\nnnptransition a_t\n" },
		{ "nosuidtransition with three", "unconfined kernel\nnosuidtransition a b c\n" },
		{ "an entrypoint without a transition", "unconfined kernel\nentrypoint a_t b_t\n" },
		{ "two exec rules for one pair",
		  "unconfined kernel\nexec kernel x_t a_t\nexec kernel x_t b_t\n" },
		{ "two create rules for one pair",
		  "unconfined kernel\ncreate a_t d_t f_t\ncreate a_t d_t g_t\n" },
		{ "newfiles both ways", "unconfined kernel\nnewfiles parent\nnewfiles creator\n" },
		{ "newfiles of another kind", "unconfined kernel\nnewfiles sibling\n" },
		{ "permissive without a label", "unconfined kernel\npermissive\n" },
		{ "a broken assertion",
		  "unconfined kernel\nallow a_t s_t w\nnever allow * s_t w\n" },
		{ "an assertion of an unconfined label",
		  "unconfined kernel\nnever capability kernel sys_admin\n" },
		{ "never of a genfs rule", "unconfined kernel\nnever genfs proc / a\n" },
		{ "never of a port rule", "unconfined kernel\nnever port tcp 80 a\n" },
		{ "reach outside an assertion", "unconfined kernel\nreach a b\n" },
		{ "a reach assertion a chain breaks",
		  "unconfined kernel\ntransition a b\ntransition b c\nnever reach a c\n" },
		{ "never alone", "unconfined kernel\nnever\n" },
		{ "port 0", "unconfined kernel\nport tcp 0 a_t\n" },
		{ "a port of an unknown protocol", "unconfined kernel\nport dccp 80 a_t\n" },
		{ "a port list ending with a comma", "unconfined kernel\nport udp 53, a_t\n" },
		{ "two port ranges of one width overlapping",
		  "unconfined kernel\nport tcp 80-89 a_t\nport tcp 85-94 b_t\n" },
		{ "net with letters of allow", "unconfined kernel\nnet a_t b_t rw\n" },
		{ "a member of no attribute", "unconfined kernel\nmember a_t d\n" },
		{ "an attribute member of an attribute",
		  "unconfined kernel\nattribute d\nattribute e\nmember e d\n" },
		{ "the kernel label as an attribute",
		  "unconfined kernel\nattribute kernel\n" },
		{ "an attribute as a port's label",
		  "unconfined kernel\nattribute d\nmember a_t d\nport tcp 80 d\n" },
		{ "an attribute as a create rule's new label",
		  "unconfined kernel\nattribute d\nmember a_t d\ncreate a_t b_t d\n" },
		{ "an attribute rule with two names",
		  "unconfined kernel\nattribute d e\n" },
		{ "a create rule's file name with a slash",
		  "unconfined kernel\ncreate a_t d_t a_t etc/ld.so.preload\n" },
		{ "a create rule's file name '..'",
		  "unconfined kernel\ncreate a_t d_t a_t ..\n" },
		{ "a create rule for a label its subject may not write",
		  "unconfined kernel\nallow a_t f_t r\ncreate a_t d_t f_t passwd\n" },
		{ "two create rules for one name, two labels",
		  "unconfined kernel\nallow a_t f_t w\nallow a_t g_t w\n"
		  "create a_t d_t f_t n\ncreate a_t d_t g_t n\n" },
		{ "a 256-byte label", NULL },
	};
	static const struct {
		const char *name, *text;
		size_t len;
		off_t off;
	} enforce[] = {
		{ "0 bytes", "", 0, 0 }, { "2", "2", 1, 0 }, { "01", "01", 2, 0 },
		{ "1 and two newlines", "1\n\n", 3, 0 }, { "x", "x", 1, 0 },
		{ "pwrite at offset 1", "1", 1, 1 },
	}, access_q[] = {
		{ "0 bytes", "", 0, 0 }, { "garbage", "garbage", 7, 0 },
		{ "a NUL byte", "a_t b_t\0r", 9, 0 },
		{ "unknown letter", "a_t b_t q", 9, 0 },
		{ "unknown capability", "capability a_t CAP_X", 20, 0 },
		{ "a genfs rule", "genfs proc /sys s_t", 19, 0 },
		{ "a port rule", "port tcp 80 a_t", 15, 0 },
		{ "an invalid label", "a\x01 b_t r", 8, 0 },
		{ "4096 bytes", big, 4096, 0 },
		{ "pwrite at offset 1", "a_t b_t r", 9, 1 },
	};
	char name[160], text[600];
	struct state before;
	size_t i, n;
	int chunks, fd, err;

	for (i = 0; i < sizeof(policies) / sizeof(*policies); i++) {
		for (chunks = 1; chunks <= 3; chunks += 2) {
			if (policies[i].text) {
				n = strlen(policies[i].text);
				if (strstr(policies[i].name, "NUL"))
					n = 36;
				memcpy(text, policies[i].text, n);
			} else {
				n = (size_t)snprintf(text, sizeof(text), "unconfined kernel\nunconfined %.256s\n", big);
			}
			snprintf(name, sizeof(name), "policy: %s, in %d write%s", policies[i].name,
				 chunks, chunks > 1 ? "s" : "");
			snapshot(&before);
			row(name, EINVAL, load(text, n, chunks), &before);
		}
	}
	snapshot(&before);
	row("policy: a first write at offset 5", EINVAL,
	    write_node(FS "policy", "unconfined kernel\n", 18, 5), &before);
	snapshot(&before);
	fd = open(FS "policy", O_RDWR);
	err = fd < 0 ? errno : 0;
	if (fd >= 0)
		close(fd);
	row("policy: opened for reading and writing", EINVAL, err, &before);
	for (i = 0; i < sizeof(enforce) / sizeof(*enforce); i++) {
		snprintf(name, sizeof(name), "enforce: %s", enforce[i].name);
		snapshot(&before);
		row(name, EINVAL, write_node(FS "enforce", enforce[i].text, enforce[i].len,
					     enforce[i].off), &before);
	}
	for (i = 0; i < sizeof(access_q) / sizeof(*access_q); i++) {
		snprintf(name, sizeof(name), "access: %s", access_q[i].name);
		snapshot(&before);
		row(name, EINVAL, write_node(FS "access", access_q[i].text, access_q[i].len,
					     access_q[i].off), &before);
	}
}

static void xattr_rows(const char *const *fsname)
{
	static const struct {
		const char *name, *value;
		size_t len;
		int want;
	} values[] = {
		{ "empty", "", 0, EINVAL },
		{ "256 bytes", big, 256, EINVAL },
		{ "embedded NUL", "a_t\0b", 5, EINVAL },
		{ "trailing junk", "a_t\n\n", 5, EINVAL },
		{ "inner space", "a t", 3, EINVAL },
		{ "a control byte", "a\x1b", 2, EINVAL },
		{ "a valid label", "bad_input_t", 11, 0 },
	};
	char name[160], value[300], orig[300];
	struct state before;
	ssize_t n;
	size_t i;
	int f, err;

	for (f = 0; f < 3; f++) {
		for (i = 0; i < sizeof(values) / sizeof(*values); i++) {
			snprintf(name, sizeof(name), "setxattr security.sigil on %s: %s",
				 fsname[f], values[i].name);
			snapshot(&before);
			strcpy(orig, before.label[f]);
			err = setxattr(files[f], "security.sigil", values[i].value,
				       values[i].len, 0) < 0 ? errno : 0;
			row(name, values[i].want, err, &before);
			if (values[i].want || err)
				continue;
			n = getxattr(files[f], "security.sigil", value, sizeof(value) - 1);
			value[n < 0 ? 0 : n] = '\0';
			if (strcmp(value, values[i].value)) {
				failures++;
				printf("not ok: %s: accepted, but reads back '%s'\n", name, value);
			}
			setxattr(files[f], "security.sigil", orig, strlen(orig), 0);
		}
	}
}

int main(int argc, char **argv)
{
	static const char *const fsname[] = { "ext4", "ext3", "tmpfs" };
	char gen[32], path[4096];
	int i, fd;

	if (argc != 4) {
		fprintf(stderr, "usage: bad-input EXT4-DIR EXT3-DIR TMPFS-DIR\n");
		return 2;
	}
	memset(big, 'x', sizeof(big));
	status_field("generation:", gen, sizeof(gen));
	if (strcmp(gen, "generation: 0")) {
		printf("bad-input: a policy is loaded (%s); the table expects none\n", gen);
		return 1;
	}
	for (i = 0; i < 3; i++) {
		snprintf(path, sizeof(path), "%s/bad-input-file", argv[1 + i]);
		files[i] = strdup(path);
		fd = open(path, O_CREAT | O_WRONLY, 0600);
		if (fd < 0) {
			perror(path);
			return 1;
		}
		close(fd);
	}
	attr_rows("/proc/self", "attr/");
	attr_rows("/proc/self", "attr/sigil/");
	attr_rows("/proc/thread-self", "attr/");
	attr_rows("/proc/thread-self", "attr/sigil/");
	task_rows();
	syscall_rows();
	node_rows();
	xattr_rows(fsname);
	printf("bad-input: %u rows, %u failed\n", rows, failures);
	return failures ? 1 : 0;
}
