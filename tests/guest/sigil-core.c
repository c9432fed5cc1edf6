/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The Sigil LSM core, rule by rule, as the 2003 procattr seed describes it:
 * task labels and attr/{current,exec,fscreate,prev}, file labels in
 * security.sigil, and the three interfaces (/proc/PID/attr/,
 * /proc/PID/attr/sigil/, the LSM system calls).
 *
 * Usage: sigil-core TEST [DIR]   (DIR: where file tests create files)
 * Each test prints what it expected and what it saw when it fails.
 */
#include <config.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <unistd.h>
#include <linux/capability.h>

#include "lsm-abi.h"

#define XATTR "security.sigil"

static const char *dir = "/tmp";
static int failures;

static void failf(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	failures++;
}

#define EXPECT_STR(what, want, got)					\
	do {								\
		const char *w_ = (want), *g_ = (got);			\
		if (strcmp(w_, g_))					\
			failf("%s: expected '%s', saw '%s'", what, w_, g_); \
	} while (0)

#define EXPECT_INT(what, want, got)					\
	do {								\
		long w_ = (want), g_ = (got);				\
		if (w_ != g_)						\
			failf("%s: expected %ld (%s), saw %ld (%s)", what, \
			      w_, w_ > 0 ? strerror(w_) : "-", g_,	\
			      g_ > 0 ? strerror(g_) : "-");		\
	} while (0)

/* Reads a whole procattr node; returns its bytes (static buffer). */
static const char *read_node(const char *path)
{
	static char buf[8][4200];
	static int next;
	char *b = buf[next++ % 8];
	ssize_t n;
	int fd;

	fd = open(path, O_RDONLY);
	if (fd < 0) {
		snprintf(b, 4200, "<open %s: %s>", path, strerror(errno));
		return b;
	}
	n = read(fd, b, 4199);
	if (n < 0)
		snprintf(b, 4200, "<read %s: %s>", path, strerror(errno));
	else
		b[n] = '\0';
	close(fd);
	return b;
}

static const char *attr(const char *name)
{
	char path[128];

	snprintf(path, sizeof(path), "/proc/thread-self/attr/%s", name);
	return read_node(path);
}

/* Writes @len bytes to a node in one write; returns 0 or the errno. */
static int write_node(const char *path, const void *val, size_t len)
{
	int fd, err = 0;

	fd = open(path, O_WRONLY);
	if (fd < 0)
		return errno;
	if (write(fd, val, len) != (ssize_t)len)
		err = errno ? errno : EIO;
	close(fd);
	return err;
}

static int set_attr(const char *name, const char *val)
{
	char path[128];

	snprintf(path, sizeof(path), "/proc/thread-self/attr/%s", name);
	return write_node(path, val, strlen(val));
}

/* The label of a file, from getxattr(2), or "<errno text>". */
static const char *file_label(const char *path)
{
	static char buf[4][300];
	static int next;
	char *b = buf[next++ % 4];
	ssize_t n;

	n = lgetxattr(path, XATTR, b, 299);
	if (n < 0)
		snprintf(b, 300, "<%s>", strerror(errno));
	else
		b[n] = '\0';
	return b;
}

static const char *in_dir(const char *name)
{
	static char buf[4][512];
	static int next;
	char *b = buf[next++ % 4];

	snprintf(b, 512, "%s/%s", dir, name);
	return b;
}

/*
 * Runs "sigil-core show" (which prints its attributes and AT_SECURE) in a
 * child after @setup, and returns what it printed, or the exec error.
 */
static const char *exec_show(void (*setup)(void), const char *next_exec)
{
	static char out[1024];
	int p[2], status;
	ssize_t n, len = 0;
	pid_t pid;

	if (pipe(p))
		return "<pipe failed>";
	pid = fork();
	if (pid == 0) {
		dup2(p[1], 1);
		close(p[0]);
		if (setup)
			setup();
		if (next_exec)
			execl("/proc/self/exe", "sigil-core", "show-then-exec",
			      next_exec, (char *)NULL);
		else
			execl("/proc/self/exe", "sigil-core", "show", (char *)NULL);
		printf("<execve: %s>", strerror(errno));
		_exit(0);
	}
	close(p[1]);
	while ((n = read(p[0], out + len, sizeof(out) - 1 - len)) > 0)
		len += n;
	out[len] = '\0';
	close(p[0]);
	waitpid(pid, &status, 0);
	if (len && out[len - 1] == '\n')
		out[len - 1] = '\0';
	return out;
}

static void show(void)
{
	printf("current=%s exec=%s fscreate=%s prev=%s secure=%lu\n",
	       attr("current"), attr("exec"), attr("fscreate"), attr("prev"),
	       getauxval(AT_SECURE));
	fflush(stdout);
}

/* Tests: the task attributes. */

static void boot_task_is_kernel(void)
{
	EXPECT_STR("/proc/1/attr/current", "kernel\n",
		   read_node("/proc/1/attr/current"));
	EXPECT_STR("own attr/current", "kernel\n", attr("current"));
}

static void unset_exec_and_fscreate_read_empty(void)
{
	EXPECT_STR("attr/exec", "", attr("exec"));
	EXPECT_STR("attr/fscreate", "", attr("fscreate"));
}

static void setup_exec_label(void)
{
	if (set_attr("exec", "test_exec_t"))
		printf("<write exec: %s>", strerror(errno));
}

static void exec_label_applied_at_execve_then_reset(void)
{
	EXPECT_STR("attributes after execve with attr/exec set",
		   "current=test_exec_t\n exec= fscreate= prev=kernel\n secure=1",
		   exec_show(setup_exec_label, NULL));
}

static void second_exec_stays_in_new_label(void)
{
	EXPECT_STR("attributes after a second execve from the new program",
		   "current=test_exec_t\n exec= fscreate= prev=kernel\n secure=0",
		   exec_show(setup_exec_label, "show"));
}

static void setup_exec_same_label(void)
{
	set_attr("exec", "kernel");
	set_attr("fscreate", "test_file_t");
}

static void execve_resets_exec_and_fscreate_even_unchanged(void)
{
	EXPECT_STR("attributes after execve with attr/exec = current",
		   "current=kernel\n exec= fscreate= prev=kernel\n secure=0",
		   exec_show(setup_exec_same_label, NULL));
}

static void failed_execve_keeps_attributes(void)
{
	EXPECT_INT("write attr/exec", 0, set_attr("exec", "test_exec_t"));
	execl("/nonexistent/program", "x", (char *)NULL);
	EXPECT_INT("execve of a missing program", ENOENT, errno);
	EXPECT_STR("attr/exec after the failed execve", "test_exec_t\n",
		   attr("exec"));
	EXPECT_STR("attr/current after the failed execve", "kernel\n",
		   attr("current"));
}

static void empty_write_resets_exec_and_fscreate(void)
{
	EXPECT_INT("write exec", 0, set_attr("exec", "a_t"));
	EXPECT_INT("write fscreate", 0, set_attr("fscreate", "b_t"));
	EXPECT_STR("attr/exec set", "a_t\n", attr("exec"));
	EXPECT_STR("attr/fscreate set", "b_t\n", attr("fscreate"));
	EXPECT_INT("write exec \"\"", 0, set_attr("exec", ""));
	EXPECT_INT("write fscreate \"\\n\"", 0, set_attr("fscreate", "\n"));
	EXPECT_STR("attr/exec after empty write", "", attr("exec"));
	EXPECT_STR("attr/fscreate after newline write", "", attr("fscreate"));
}

static void trailing_newline_or_nul_accepted(void)
{
	EXPECT_INT("write exec \"a_t\\n\"", 0, set_attr("exec", "a_t\n"));
	EXPECT_STR("attr/exec", "a_t\n", attr("exec"));
	EXPECT_INT("write exec \"b_t\\0\"", 0,
		   write_node("/proc/thread-self/attr/exec", "b_t", 4));
	EXPECT_STR("attr/exec", "b_t\n", attr("exec"));
	EXPECT_INT("write exec user:role:type:level", 0,
		   set_attr("exec", "system_u:system_r:shadow_t:s0"));
	EXPECT_STR("attr/exec", "system_u:system_r:shadow_t:s0\n", attr("exec"));
}

static void invalid_labels_refused_and_nothing_changed(void)
{
	static const char *const bad[] = {
		"a b", "a\tb", "a\n\n", " a", "caf\xc3\xa9", "a\x01", "a\x7f",
	};
	char longest[257];
	size_t i;

	EXPECT_INT("write exec good_t", 0, set_attr("exec", "good_t"));
	EXPECT_INT("write fscreate good_t", 0, set_attr("fscreate", "good_t"));
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		EXPECT_INT(bad[i], EINVAL, set_attr("exec", bad[i]));
		EXPECT_INT(bad[i], EINVAL, set_attr("fscreate", bad[i]));
	}
	EXPECT_INT("label with an embedded NUL", EINVAL,
		   write_node("/proc/thread-self/attr/exec", "a\0b", 3));
	memset(longest, 'x', 256);
	longest[256] = '\0';
	EXPECT_INT("256-byte label", EINVAL, set_attr("exec", longest));
	longest[255] = '\0';
	EXPECT_INT("255-byte label", 0, set_attr("fscreate", longest));
	EXPECT_INT("write fscreate good_t again", 0,
		   set_attr("fscreate", "good_t"));
	EXPECT_STR("attr/exec after the refusals", "good_t\n", attr("exec"));
	EXPECT_STR("attr/fscreate after the refusals", "good_t\n",
		   attr("fscreate"));
	EXPECT_STR("attr/current after the refusals", "kernel\n",
		   attr("current"));
}

static void current_write_is_refused(void)
{
	EXPECT_INT("dynamic transition through attr/current", EACCES,
		   set_attr("current", "other_t"));
	EXPECT_INT("invalid label to attr/current", EINVAL,
		   set_attr("current", "a b"));
	EXPECT_INT("write attr/prev", EINVAL, set_attr("prev", "other_t"));
	EXPECT_STR("attr/current", "kernel\n", attr("current"));
}

static void other_task_attributes_refused(void)
{
	char path[64];
	pid_t pid;
	int p[2];

	if (pipe(p))
		return failf("pipe: %s", strerror(errno));
	pid = fork();
	if (pid == 0) {
		char c;

		close(p[1]);
		read(p[0], &c, 1);
		_exit(0);
	}
	close(p[0]);
	/* procfs refuses a write from another mm with EPERM. */
	snprintf(path, sizeof(path), "/proc/%d/attr/exec", (int)pid);
	EXPECT_INT("root writing another task's attr/exec", EPERM,
		   write_node(path, "x_t", 3));
	snprintf(path, sizeof(path), "/proc/%d/attr/fscreate", (int)pid);
	EXPECT_INT("root writing another task's attr/fscreate", EPERM,
		   write_node(path, "x_t", 3));
	snprintf(path, sizeof(path), "/proc/%d/attr/sigil/exec", (int)pid);
	EXPECT_INT("root writing another task's attr/sigil/exec", EPERM,
		   write_node(path, "x_t", 3));
	snprintf(path, sizeof(path), "/proc/%d/attr/exec", (int)pid);
	EXPECT_STR("the other task's attr/exec", "", read_node(path));
	snprintf(path, sizeof(path), "/proc/%d/attr/current", (int)pid);
	EXPECT_STR("reading another task's attr/current", "kernel\n",
		   read_node(path));
	close(p[1]);
	waitpid(pid, NULL, 0);
}

static char thread_saw[3][300];
static int go[2];

/* Runs while the main thread sets its attr/exec: creds are per thread. */
static void *sibling(void *arg)
{
	char c;

	(void)arg;
	read(go[0], &c, 1);
	snprintf(thread_saw[0], 300, "%s", attr("exec"));
	snprintf(thread_saw[1], 300, "%d",
		 write_node("/proc/self/attr/exec", "y_t", 3));
	snprintf(thread_saw[2], 300, "%d", set_attr("exec", "thread_t"));
	return NULL;
}

static void thread_exec_label_does_not_leak(void)
{
	pthread_t t;

	if (pipe(go))
		return failf("pipe: %s", strerror(errno));
	pthread_create(&t, NULL, sibling, NULL);
	EXPECT_INT("main thread writes its attr/exec", 0,
		   set_attr("exec", "main_t"));
	write(go[1], "", 1);
	pthread_join(t, NULL);
	EXPECT_STR("sibling thread's attr/exec", "", thread_saw[0]);
	EXPECT_STR("sibling writing /proc/self (the leader's) attr/exec",
		   "13", thread_saw[1]);
	EXPECT_STR("sibling writing its own attr/exec", "0", thread_saw[2]);
	EXPECT_STR("main thread's attr/exec after the sibling's write",
		   "main_t\n", attr("exec"));
}

static long get_self_attr(unsigned int a, char *out, size_t size)
{
	char buf[4096];
	struct lsm_ctx *ctx = (struct lsm_ctx *)buf;
	uint32_t len = sizeof(buf);
	long n;

	ctx->id = LSM_ID_SIGIL;
	n = syscall(__NR_lsm_get_self_attr, a, ctx, &len, LSM_FLAG_SINGLE);
	if (n < 0) {
		snprintf(out, size, "<%s>", strerror(errno));
		return -errno;
	}
	snprintf(out, size, "%.*s", (int)ctx->ctx_len, (char *)ctx->ctx);
	if (ctx->id != LSM_ID_SIGIL || strlen(out) + 1 != ctx->ctx_len)
		failf("lsm_ctx: expected id %d and a NUL-terminated context, saw id %llu, ctx_len %llu",
		      LSM_ID_SIGIL, (unsigned long long)ctx->id,
		      (unsigned long long)ctx->ctx_len);
	return n;
}

static int set_self_attr(unsigned int a, const char *val)
{
	char buf[4096];
	struct lsm_ctx *ctx = (struct lsm_ctx *)buf;
	size_t len = strlen(val) + 1;

	ctx->id = LSM_ID_SIGIL;
	ctx->flags = 0;
	ctx->ctx_len = len;
	ctx->len = sizeof(*ctx) + len;
	memcpy(ctx->ctx, val, len);
	if (syscall(__NR_lsm_set_self_attr, a, ctx, (uint32_t)ctx->len, 0) < 0)
		return errno;
	return 0;
}

static int compare_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The names in directory @path, sorted, one space between them. */
static const char *list_dir(const char *path)
{
	static char out[256];
	char *names[16];
	struct dirent *e;
	size_t n = 0, i;
	DIR *d = opendir(path);

	out[0] = '\0';
	if (!d)
		return strerror(errno);
	while ((e = readdir(d)) && n < 16)
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			names[n++] = strdup(e->d_name);
	closedir(d);
	qsort(names, n, sizeof(*names), compare_names);
	for (i = 0; i < n; i++) {
		if (i)
			strncat(out, " ", sizeof(out) - strlen(out) - 1);
		strncat(out, names[i], sizeof(out) - strlen(out) - 1);
		free(names[i]);
	}
	return out;
}

static void three_interfaces_agree(void)
{
	char v[300];

	EXPECT_STR("the nodes listed in attr/sigil/", "current exec fscreate prev",
		   list_dir("/proc/thread-self/attr/sigil"));

	EXPECT_INT("procattr write exec", 0, set_attr("exec", "via_proc_t"));
	EXPECT_STR("attr/sigil/exec", "via_proc_t\n",
		   read_node("/proc/thread-self/attr/sigil/exec"));
	get_self_attr(LSM_ATTR_EXEC, v, sizeof(v));
	EXPECT_STR("lsm_get_self_attr(EXEC)", "via_proc_t", v);

	EXPECT_INT("lsm_set_self_attr(FSCREATE)", 0,
		   set_self_attr(LSM_ATTR_FSCREATE, "via_syscall_t"));
	EXPECT_STR("attr/fscreate", "via_syscall_t\n", attr("fscreate"));
	EXPECT_STR("attr/sigil/fscreate", "via_syscall_t\n",
		   read_node("/proc/thread-self/attr/sigil/fscreate"));

	EXPECT_INT("attr/sigil/exec write", 0,
		   write_node("/proc/thread-self/attr/sigil/exec", "via_dir_t", 9));
	EXPECT_STR("attr/exec", "via_dir_t\n", attr("exec"));

	get_self_attr(LSM_ATTR_CURRENT, v, sizeof(v));
	EXPECT_STR("lsm_get_self_attr(CURRENT)", "kernel", v);
	EXPECT_STR("attr/sigil/current", "kernel\n",
		   read_node("/proc/thread-self/attr/sigil/current"));
	get_self_attr(LSM_ATTR_PREV, v, sizeof(v));
	EXPECT_STR("lsm_get_self_attr(PREV)", "kernel", v);
	EXPECT_STR("attr/sigil/prev", "kernel\n",
		   read_node("/proc/thread-self/attr/sigil/prev"));

	EXPECT_INT("lsm_set_self_attr(CURRENT)", EACCES,
		   set_self_attr(LSM_ATTR_CURRENT, "other_t"));
	EXPECT_INT("lsm_set_self_attr(EXEC) invalid", EINVAL,
		   set_self_attr(LSM_ATTR_EXEC, "a b"));
	EXPECT_STR("attr/exec after the refused syscall", "via_dir_t\n",
		   attr("exec"));
	EXPECT_INT("lsm_set_self_attr(EXEC) empty", 0,
		   set_self_attr(LSM_ATTR_EXEC, ""));
	EXPECT_INT("lsm_get_self_attr(EXEC) unset",
		   -EOPNOTSUPP, get_self_attr(LSM_ATTR_EXEC, v, sizeof(v)));
}

/* Tests: file labels (in DIR). */

static void fscreate_labels_every_creation(void)
{
	int fd;

	EXPECT_INT("write fscreate", 0, set_attr("fscreate", "new_file_t"));
	fd = open(in_dir("f-open"), O_CREAT | O_EXCL | O_WRONLY, 0600);
	if (fd < 0)
		failf("open(O_CREAT): %s", strerror(errno));
	else
		close(fd);
	EXPECT_STR("open(O_CREAT)", "new_file_t", file_label(in_dir("f-open")));
	if (mkdir(in_dir("f-dir"), 0700))
		failf("mkdir: %s", strerror(errno));
	EXPECT_STR("mkdir", "new_file_t", file_label(in_dir("f-dir")));
	if (symlink("f-open", in_dir("f-link")))
		failf("symlink: %s", strerror(errno));
	EXPECT_STR("symlink", "new_file_t", file_label(in_dir("f-link")));
	if (mknod(in_dir("f-fifo"), S_IFIFO | 0600, 0))
		failf("mknod: %s", strerror(errno));
	EXPECT_STR("mknod", "new_file_t", file_label(in_dir("f-fifo")));

	fd = open(dir, O_TMPFILE | O_WRONLY, 0600);
	if (fd < 0) {
		failf("open(O_TMPFILE): %s", strerror(errno));
	} else {
		char proc[64];

		snprintf(proc, sizeof(proc), "/proc/self/fd/%d", fd);
		if (linkat(AT_FDCWD, proc, AT_FDCWD, in_dir("f-tmpfile"),
			   AT_SYMLINK_FOLLOW))
			failf("linkat: %s", strerror(errno));
		close(fd);
		EXPECT_STR("O_TMPFILE + linkat", "new_file_t",
			   file_label(in_dir("f-tmpfile")));
	}
}

static void fscreate_persists_then_resets(void)
{
	char name[32];
	int i, fd;

	EXPECT_INT("write fscreate", 0, set_attr("fscreate", "many_t"));
	for (i = 0; i < 3; i++) {
		snprintf(name, sizeof(name), "p-%d", i);
		fd = open(in_dir(name), O_CREAT | O_EXCL | O_WRONLY, 0600);
		if (fd >= 0)
			close(fd);
		EXPECT_STR(name, "many_t", file_label(in_dir(name)));
	}
	EXPECT_INT("write fscreate \"\"", 0, set_attr("fscreate", ""));
	fd = open(in_dir("p-after-reset"), O_CREAT | O_EXCL | O_WRONLY, 0600);
	if (fd >= 0)
		close(fd);
	EXPECT_STR("a file created after the reset gets the directory's label",
		   file_label(dir), file_label(in_dir("p-after-reset")));
}

static void setup_fscreate(void)
{
	set_attr("fscreate", "lost_t");
}

static void fscreate_reset_at_execve(void)
{
	EXPECT_STR("attributes after execve with attr/fscreate set",
		   "current=kernel\n exec= fscreate= prev=kernel\n secure=0",
		   exec_show(setup_fscreate, NULL));
}

static void file_inherits_parent_directory_label(void)
{
	int fd;

	EXPECT_INT("write fscreate", 0, set_attr("fscreate", "dir_t"));
	if (mkdir(in_dir("i-dir"), 0700))
		failf("mkdir: %s", strerror(errno));
	EXPECT_INT("write fscreate \"\"", 0, set_attr("fscreate", ""));
	fd = open(in_dir("i-dir/child"), O_CREAT | O_EXCL | O_WRONLY, 0600);
	if (fd >= 0)
		close(fd);
	EXPECT_STR("file in a dir_t directory", "dir_t",
		   file_label(in_dir("i-dir/child")));
	if (mkdir(in_dir("i-dir/sub"), 0700))
		failf("mkdir: %s", strerror(errno));
	EXPECT_STR("directory in a dir_t directory", "dir_t",
		   file_label(in_dir("i-dir/sub")));
}

static void listxattr_lists_security_sigil_once(void)
{
	char buf[1024];
	ssize_t n, i;
	int seen = 0, fd;

	/* A label of its own: a file of an unlabeled directory has none. */
	EXPECT_INT("write fscreate", 0, set_attr("fscreate", "listed_t"));
	fd = open(in_dir("l-file"), O_CREAT | O_WRONLY, 0600);
	if (fd >= 0)
		close(fd);
	EXPECT_INT("reset fscreate", 0, set_attr("fscreate", ""));
	n = llistxattr(in_dir("l-file"), buf, sizeof(buf));
	if (n < 0)
		return failf("listxattr: %s", strerror(errno));
	for (i = 0; i < n; i += strlen(buf + i) + 1)
		if (!strcmp(buf + i, XATTR))
			seen++;
	EXPECT_INT("times security.sigil is listed", 1, seen);
}

static void setxattr_relabels_at_once(void)
{
	int fd;

	if (mkdir(in_dir("r-dir"), 0700))
		failf("mkdir: %s", strerror(errno));
	if (lsetxattr(in_dir("r-dir"), XATTR, "relabelled_t", 12, 0))
		failf("setxattr: %s", strerror(errno));
	EXPECT_STR("getxattr after setxattr", "relabelled_t",
		   file_label(in_dir("r-dir")));
	fd = open(in_dir("r-dir/child"), O_CREAT | O_WRONLY, 0600);
	if (fd >= 0)
		close(fd);
	EXPECT_STR("new file inherits the new in-core label", "relabelled_t",
		   file_label(in_dir("r-dir/child")));
	if (lsetxattr(in_dir("r-dir"), XATTR, "with_newline_t\n", 15, 0))
		failf("setxattr with a trailing newline: %s", strerror(errno));
	EXPECT_STR("getxattr after setxattr with newline", "with_newline_t",
		   file_label(in_dir("r-dir")));
}

static void setxattr_invalid_label_refused(void)
{
	int fd;

	fd = open(in_dir("v-file"), O_CREAT | O_WRONLY, 0600);
	if (fd >= 0)
		close(fd);
	lsetxattr(in_dir("v-file"), XATTR, "valid_t", 7, 0);
	errno = 0;
	EXPECT_INT("setxattr \"a b\"", -1,
		   lsetxattr(in_dir("v-file"), XATTR, "a b", 3, 0));
	EXPECT_INT("errno", EINVAL, errno);
	errno = 0;
	EXPECT_INT("setxattr \"\"", -1,
		   lsetxattr(in_dir("v-file"), XATTR, "", 0, 0));
	EXPECT_INT("errno", EINVAL, errno);
	EXPECT_STR("label after the refusals", "valid_t",
		   file_label(in_dir("v-file")));
}

static int drop_cap_mac_admin(void)
{
	struct __user_cap_header_struct h = { _LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct d[2];

	if (syscall(SYS_capget, &h, d))
		return -1;
	d[CAP_MAC_ADMIN / 32].effective &= ~(1u << (CAP_MAC_ADMIN % 32));
	return syscall(SYS_capset, &h, d);
}

static void relabel_needs_cap_mac_admin(void)
{
	int fd, status;
	pid_t pid;

	fd = open(in_dir("c-file"), O_CREAT | O_WRONLY, 0600);
	if (fd >= 0)
		close(fd);
	lsetxattr(in_dir("c-file"), XATTR, "before_t", 8, 0);
	pid = fork();
	if (pid == 0) {
		if (drop_cap_mac_admin())
			_exit(10);
		if (lsetxattr(in_dir("c-file"), XATTR, "after_t", 7, 0) == 0)
			_exit(11);
		if (errno != EPERM)
			_exit(12);
		if (lremovexattr(in_dir("c-file"), XATTR) == 0)
			_exit(13);
		_exit(errno == EPERM ? 0 : 14);
	}
	waitpid(pid, &status, 0);
	EXPECT_INT("child without CAP_MAC_ADMIN (10 capset, 11 set allowed, 12 wrong errno, 13 remove allowed, 14 wrong errno)",
		   0, WEXITSTATUS(status));
	EXPECT_STR("label after the refused relabel", "before_t",
		   file_label(in_dir("c-file")));
}

static void removexattr_makes_file_unlabeled(void)
{
	int fd;

	EXPECT_INT("write fscreate", 0, set_attr("fscreate", "removed_t"));
	fd = open(in_dir("u-file"), O_CREAT | O_WRONLY, 0600);
	if (fd >= 0)
		close(fd);
	EXPECT_INT("reset fscreate", 0, set_attr("fscreate", ""));
	if (lremovexattr(in_dir("u-file"), XATTR))
		failf("removexattr: %s", strerror(errno));
	EXPECT_STR("label after removexattr", "unlabeled",
		   file_label(in_dir("u-file")));
}

static void rename_keeps_label_and_link_shares_it(void)
{
	int fd;

	EXPECT_INT("write fscreate", 0, set_attr("fscreate", "moved_t"));
	fd = open(in_dir("m-file"), O_CREAT | O_WRONLY, 0600);
	if (fd >= 0)
		close(fd);
	set_attr("fscreate", "");
	if (rename(in_dir("m-file"), in_dir("m-renamed")))
		failf("rename: %s", strerror(errno));
	EXPECT_STR("label after rename", "moved_t",
		   file_label(in_dir("m-renamed")));
	if (link(in_dir("m-renamed"), in_dir("m-link")))
		failf("link: %s", strerror(errno));
	EXPECT_STR("label of the hard link", "moved_t",
		   file_label(in_dir("m-link")));
	lsetxattr(in_dir("m-link"), XATTR, "shared_t", 8, 0);
	EXPECT_STR("relabel through one link shows through the other",
		   "shared_t", file_label(in_dir("m-renamed")));
}

/* make-persistent DIR: labels files to be checked after a remount. */
static void make_labelled_files(void)
{
	int fd;

	EXPECT_INT("write fscreate", 0, set_attr("fscreate", "persist_t"));
	fd = open(in_dir("persist-file"), O_CREAT | O_WRONLY | O_TRUNC, 0600);
	if (fd >= 0)
		close(fd);
	if (mkdir(in_dir("persist-dir"), 0700) && errno != EEXIST)
		failf("mkdir: %s", strerror(errno));
	set_attr("fscreate", "");
	fd = open(in_dir("persist-dir/child"), O_CREAT | O_WRONLY, 0600);
	if (fd >= 0)
		close(fd);
	EXPECT_STR("persist-file", "persist_t", file_label(in_dir("persist-file")));
}

/* check-persistent DIR: after the remount, from disk. */
static void labels_read_back_from_disk(void)
{
	EXPECT_STR("persist-file after remount", "persist_t",
		   file_label(in_dir("persist-file")));
	EXPECT_STR("persist-dir after remount", "persist_t",
		   file_label(in_dir("persist-dir")));
	EXPECT_STR("persist-dir/child after remount", "persist_t",
		   file_label(in_dir("persist-dir/child")));
}

static const struct {
	const char *name;
	void (*fn)(void);
	int own_dir;	/* works in DIR/NAME rather than DIR */
} tests[] = {
	{ "boot-task-is-kernel", boot_task_is_kernel, 0 },
	{ "unset-exec-and-fscreate-read-empty", unset_exec_and_fscreate_read_empty, 0 },
	{ "exec-label-applied-at-execve-then-reset", exec_label_applied_at_execve_then_reset, 0 },
	{ "second-exec-stays-in-new-label", second_exec_stays_in_new_label, 0 },
	{ "execve-resets-exec-and-fscreate-even-unchanged", execve_resets_exec_and_fscreate_even_unchanged, 0 },
	{ "failed-execve-keeps-attributes", failed_execve_keeps_attributes, 0 },
	{ "empty-write-resets-exec-and-fscreate", empty_write_resets_exec_and_fscreate, 0 },
	{ "trailing-newline-or-nul-accepted", trailing_newline_or_nul_accepted, 0 },
	{ "invalid-labels-refused-and-nothing-changed", invalid_labels_refused_and_nothing_changed, 0 },
	{ "current-write-is-refused", current_write_is_refused, 0 },
	{ "other-task-attributes-refused", other_task_attributes_refused, 0 },
	{ "thread-exec-label-does-not-leak", thread_exec_label_does_not_leak, 0 },
	{ "three-interfaces-agree", three_interfaces_agree, 0 },
	{ "fscreate-labels-every-creation", fscreate_labels_every_creation, 1 },
	{ "fscreate-persists-then-resets", fscreate_persists_then_resets, 1 },
	{ "fscreate-reset-at-execve", fscreate_reset_at_execve, 0 },
	{ "file-inherits-parent-directory-label", file_inherits_parent_directory_label, 1 },
	{ "listxattr-lists-security-sigil-once", listxattr_lists_security_sigil_once, 1 },
	{ "setxattr-relabels-at-once", setxattr_relabels_at_once, 1 },
	{ "setxattr-invalid-label-refused", setxattr_invalid_label_refused, 1 },
	{ "relabel-needs-cap-mac-admin", relabel_needs_cap_mac_admin, 1 },
	{ "removexattr-makes-file-unlabeled", removexattr_makes_file_unlabeled, 1 },
	{ "rename-keeps-label-and-link-shares-it", rename_keeps_label_and_link_shares_it, 1 },
	{ "make-labelled-files", make_labelled_files, 0 },
	{ "labels-read-back-from-disk", labels_read_back_from_disk, 0 },
};

int main(int argc, char **argv)
{
	size_t i;

	if (argc >= 2 && !strcmp(argv[1], "show")) {
		show();
		return 0;
	}
	if (argc >= 3 && !strcmp(argv[1], "show-then-exec")) {
		fflush(stdout);
		execl("/proc/self/exe", "sigil-core", argv[2], (char *)NULL);
		printf("<execve: %s>\n", strerror(errno));
		return 1;
	}
	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: sigil-core TEST [DIR]\n");
		return 2;
	}
	for (i = 0; i < sizeof(tests) / sizeof(tests[0]); i++) {
		if (strcmp(argv[1], tests[i].name))
			continue;
		if (argc == 3 && tests[i].own_dir) {
			/* A fresh directory per test and file system. */
			static char path[512];

			snprintf(path, sizeof(path), "%s/%s", argv[2], argv[1]);
			if (mkdir(path, 0755) && errno != EEXIST) {
				printf("mkdir %s: %s\n", path, strerror(errno));
				return 1;
			}
			dir = path;
		} else if (argc == 3) {
			dir = argv[2];
		}
		tests[i].fn();
		return failures ? 1 : 0;
	}
	fprintf(stderr, "sigil-core: no test named '%s'\n", argv[1]);
	return 2;
}
