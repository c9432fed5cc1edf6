/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sigil-bench: the workloads of bench/run, run in the guest.
 *
 * Under QEMU's -icount shift=0 the guest's clocks advance one nanosecond
 * per guest instruction, so the figures printed here are instructions per
 * operation: path lengths, blind to cache and TLB misses.
 *
 *   sigil-bench setup                  make and label the bench trees
 *   sigil-bench policy KIND N          print the base policy (10 rules)
 *                                      and N generated rules of KIND:
 *                                      allow, transition, entrypoint or mixed
 *   sigil-bench work PASSES SCALE XLABEL TARGETPID
 *                                      run each workload PASSES times and
 *                                      print "work NAME INSTRUCTIONS-PER-OP";
 *                                      XLABEL: the label of the exec with a
 *                                      transition ("-": none); with
 *                                      SIGIL_BENCH_ONLY=NAME only that one
 *   sigil-bench macro-setup            make and label the macro tree's
 *                                      directory, MACRO
 *   sigil-bench macro PASSES TAR PROGRAMS
 *                                      the macro workloads, each PASSES
 *                                      times: unpack TAR into MACRO, find
 *                                      with a stat of every file, delete
 *                                      the tree, a shell loop running
 *                                      PROGRAMS programs; prints "work NAME
 *                                      INSTRUCTIONS" for the whole of each
 *   sigil-bench load KIND N PASSES     load base + N rules of KIND, print
 *                                      "load KIND N INSTRUCTIONS BYTES"
 *   sigil-bench sleep                  wait for signals (the other task)
 *
 * SIGIL_BENCH_LSM=selinux or smack runs setup and work under that module
 * instead of Sigil (bench/run --peer): the same files get the module's
 * labels (bench_file_t as system_u:object_r:bench_file_t under SELinux),
 * fscreate and the exec transition go through its attributes (Smack has
 * neither: those workloads then do the same operation without).
 */
#include <config.h>

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "sigil.h"

#define EXT4 "/mnt/bench/b"
#define TMPFS "/tmp/bench"
#define TINY "/usr/libexec/sigil/tests/tiny"
#define POLICY "/sys/kernel/security/sigil/policy"
#define MAX_PASSES 64
#define MACRO "/mnt/macro/t"

static const char prog[] = "sigil-bench";

static void die(const char *what)
{
	fprintf(stderr, "%s: %s: %s\n", prog, what, strerror(errno));
	exit(1);
}

static uint64_t now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static int cmp_u64(const void *a, const void *b)
{
	const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static uint64_t median(uint64_t *v, int n)
{
	qsort(v, n, sizeof(*v), cmp_u64);
	return v[n / 2];
}

/* The module measured: sigil, or a peer (SIGIL_BENCH_LSM); set by main(). */
static const char *lsm = "sigil";

static int module_active(void)
{
	return sigil_lsm_active(lsm) == 1;
}

/* The module's form of a file label in @buf: SELinux wants a context. */
static const char *file_label(const char *name, char *buf, size_t size)
{
	snprintf(buf, size, "%s%s", strcmp(lsm, "selinux") ? "" :
		 "system_u:object_r:", name);
	return buf;
}

static void label(const char *path, const char *value)
{
	char buf[128];

	if (sigil_file_set(path, sigil_lsm_xattr(lsm), 0,
			   file_label(value, buf, sizeof(buf)))) {
		fprintf(stderr, "%s: labelling %s %s failed\n", prog, path, value);
		exit(1);
	}
}

static void mkfile(const char *path)
{
	int fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0644);

	if (fd < 0 || write(fd, "sigil bench file\n", 17) != 17 || close(fd))
		die(path);
}

/* The bench trees: a directory with a file and a 16-component chain. */
static void setup_tree(const char *top, int labelled)
{
	char path[512];
	size_t n;
	int i;

	if (mkdir(top, 0755) && errno != EEXIST)
		die(top);
	if (labelled)
		label(top, "bench_file_t");
	snprintf(path, sizeof(path), "%s/f", top);
	mkfile(path);
	n = strlen(top);
	memcpy(path, top, n + 1);
	for (i = 1; i < 16; i++) {
		n += (size_t)snprintf(path + n, sizeof(path) - n, "/d");
		if (mkdir(path, 0755) && errno != EEXIST)
			die(path);
	}
	snprintf(path + n, sizeof(path) - n, "/f");
	mkfile(path);
}

static int setup(void)
{
	const int labelled = module_active();

	if (mkdir("/mnt/bench", 0755) && errno != EEXIST)
		die("/mnt/bench");
	setup_tree(EXT4, labelled);
	setup_tree(TMPFS, labelled);
	sync();
	return 0;
}

/*
 * The rules of conditions C and D: bench_t is the confined task, bench_u
 * the label of its exec transitions and of the other task; the ports of
 * the network workloads are bench_port_t's, and the packets that
 * guest-bench.sh's firewall labels for send-udp-secmark bench_packet_t.
 */
static const char base_policy[] =
	"unconfined kernel\n"
	"transition kernel bench_t\n"
	"transition kernel bench_u\n"
	"allow bench_t unlabeled rwx\n"
	"allow bench_t bench_file_t rwxac\n"
	"fscreate bench_t bench_new_t\n"
	"allow bench_t bench_new_t rw\n"
	"transition bench_t bench_u\n"
	"process bench_t bench_u ts\n"
	"allow bench_u unlabeled rwx\n"
	"socket bench_t inet\n"
	"port tcp 8080-8089 bench_port_t\n"
	"port udp 8080-8089 bench_port_t\n"
	"net bench_t bench_port_t bc\n"
	"net bench_t bench_packet_t sr\n";

/*
 * N rules of KIND over pools of about sqrt(N) labels, as a real policy
 * names far fewer labels than rules.  The entrypoint kind is N/2 pairs
 * "transition S T" + "entrypoint T F" with a distinct T in each.
 */
static void gen(FILE *out, const char *kind, long n)
{
	long i, pool = 1;

	while (pool * pool < n)
		pool++;
	for (i = 0; i < n; i++) {
		const long a = i % pool, b = i / pool;
		const char *k = kind;

		if (!strcmp(kind, "mixed"))
			k = i % 10 < 7 ? "allow" : i % 10 < 9 ? "transition" :
			    "process";
		if (!strcmp(k, "allow"))
			fprintf(out, "allow gs%ld go%ld rw\n", a, b);
		else if (!strcmp(k, "transition"))
			fprintf(out, "transition gs%ld gt%ld\n", a, b);
		else if (!strcmp(k, "process"))
			fprintf(out, "process gs%ld gp%ld s\n", a, b);
		else if (!strcmp(k, "port"))
			/* One port each, none of the workloads'. */
			fprintf(out, "port tcp %ld gport%ld\n", 20000 + i % 40000,
				i % pool);
		else if (!strcmp(k, "entrypoint"))
			fprintf(out, i % 2 ? "entrypoint ge%ld gx%ld\n" :
				"transition gs%ld ge%ld\n",
				i % 2 ? i / 2 : (i / 2) % pool,
				i % 2 ? (i / 2) % pool : i / 2);
		else {
			fprintf(stderr, "%s: unknown rule kind '%s'\n", prog, kind);
			exit(1);
		}
	}
}

static int policy(const char *kind, long n)
{
	fputs(base_policy, stdout);
	gen(stdout, kind, n);
	return fflush(stdout) ? 1 : 0;
}

/* The workloads: each does one operation @n times. */

static void w_open(const char *path, long n)
{
	int fd;

	while (n--) {
		fd = open(path, O_RDONLY);
		if (fd < 0)
			die(path);
		close(fd);
	}
}

static void w_open_ext4(long n)
{
	w_open(EXT4 "/f", n);
}

static void w_open_tmpfs(long n)
{
	w_open(TMPFS "/f", n);
}

static void w_stat(const char *path, long n)
{
	struct stat st;

	while (n--)
		if (stat(path, &st))
			die(path);
}

static void w_stat1(long n)
{
	w_stat(EXT4 "/f", n);
}

#define D15 "/d/d/d/d/d/d/d/d/d/d/d/d/d/d/d"
static void w_walk16(long n)
{
	/* 16 components below EXT4: 15 directories and the file. */
	w_stat(EXT4 D15 "/f", n);
}

static void w_read(long n)
{
	char buf[16];
	int fd = open(EXT4 "/f", O_RDONLY);

	if (fd < 0)
		die(EXT4 "/f");
	while (n--)
		if (pread(fd, buf, sizeof(buf), 0) != sizeof(buf))
			die("pread");
	close(fd);
}

static void w_create(long n)
{
	int fd;

	while (n--) {
		fd = open(EXT4 "/new", O_CREAT | O_EXCL | O_WRONLY, 0644);
		if (fd < 0)
			die("create " EXT4 "/new");
		close(fd);
		if (unlink(EXT4 "/new"))
			die("unlink " EXT4 "/new");
	}
}

/* Whether the module is active and has attr/fscreate (Smack has not). */
static int with_fscreate;
/* bench_new_t, in the module's form. */
static char new_label[128];

static void w_create_fscreate(long n)
{
	if (with_fscreate && sigil_attr_set(lsm, SIGIL_ATTR_FSCREATE, new_label))
		die("setting attr/fscreate to bench_new_t");
	w_create(n);
	if (with_fscreate && sigil_attr_set(lsm, SIGIL_ATTR_FSCREATE, NULL))
		die("clearing attr/fscreate");
}

static const char *xlabel;
/* The task's own label: an exec label that changes nothing. */
static char *own_label;
enum { EXEC_PLAIN, EXEC_PROCFS, EXEC_SYSCALL, EXEC_SAME, EXEC_ONE_SYSCALL };

static void fork_exec(long n, int how)
{
	char *const argv[] = { "tiny", NULL };
	int status, fd;
	pid_t pid;

	while (n--) {
		pid = fork();
		if (pid < 0)
			die("fork");
		if (pid == 0) {
			if (how == EXEC_PROCFS && xlabel) {
				fd = open("/proc/self/attr/exec", O_WRONLY);
				if (fd < 0 || write(fd, xlabel, strlen(xlabel)) < 0)
					_exit(3);
				close(fd);
			} else if (how == EXEC_SYSCALL && xlabel &&
				   sigil_attr_set(lsm, SIGIL_ATTR_EXEC, xlabel)) {
				_exit(4);
			} else if (how == EXEC_SAME && own_label &&
				   sigil_attr_set(lsm, SIGIL_ATTR_EXEC, own_label)) {
				_exit(6);
			} else if (how == EXEC_ONE_SYSCALL) {
				/*
				 * The control: any system call the child makes
				 * before execve costs its page faults (the
				 * code, the stack) in every condition.
				 */
				syscall(SYS_getppid);
			}
			execv(TINY, argv);
			_exit(5);
		}
		if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
		    WEXITSTATUS(status)) {
			fprintf(stderr, "%s: exec of " TINY " (%d) failed: status %#x\n",
				prog, how, status);
			exit(1);
		}
	}
}

static void w_exec(long n)
{
	fork_exec(n, EXEC_PLAIN);
}

static void w_exec_procfs(long n)
{
	fork_exec(n, EXEC_PROCFS);
}

static void w_exec_syscall(long n)
{
	fork_exec(n, EXEC_SYSCALL);
}

static void w_exec_same(long n)
{
	fork_exec(n, EXEC_SAME);
}

static void w_exec_one_syscall(long n)
{
	fork_exec(n, EXEC_ONE_SYSCALL);
}

static pid_t target;

static int target_pidfd;

/*
 * pidfd_getfd() asks ptrace_may_access(PTRACE_MODE_ATTACH_REALCREDS) of
 * the other task, then fails with EBADF on a descriptor it has not.
 */
static void w_ptrace(long n)
{
	if (!target_pidfd) {
		target_pidfd = (int)syscall(SYS_pidfd_open, target, 0);
		if (target_pidfd < 0)
			die("pidfd_open of the other task");
	}
	while (n--)
		if (syscall(SYS_pidfd_getfd, target_pidfd, 999, 0) != -1 ||
		    errno != EBADF)
			die("pidfd_getfd of the other task");
}

/* SIGWINCH, which the other task ignores. */
static void w_signal(long n)
{
	while (n--)
		if (kill(target, SIGWINCH))
			die("kill of the other task");
}

/*
 * The network workloads, over loopback: a listening TCP socket and a
 * bound UDP socket on port 8080, made once; bench_port_t's.
 */
static int listener = -1, receiver = -1, sender = -1, marked = -1;
static struct sockaddr_in port8080, port8082;

static void net_setup(void)
{
	const int one = 1;

	if (listener >= 0)
		return;
	port8080.sin_family = AF_INET;
	port8080.sin_port = htons(8080);
	port8080.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	port8082 = port8080;
	port8082.sin_port = htons(8082);
	listener = socket(AF_INET, SOCK_STREAM, 0);
	receiver = socket(AF_INET, SOCK_DGRAM, 0);
	sender = socket(AF_INET, SOCK_DGRAM, 0);
	marked = socket(AF_INET, SOCK_DGRAM, 0);
	if (listener < 0 || receiver < 0 || sender < 0 || marked < 0)
		die("socket");
	setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (bind(listener, (struct sockaddr *)&port8080, sizeof(port8080)) ||
	    listen(listener, 64) ||
	    bind(receiver, (struct sockaddr *)&port8080, sizeof(port8080)))
		die("bind 127.0.0.1:8080");
	if (bind(marked, (struct sockaddr *)&port8082, sizeof(port8082)))
		die("bind 127.0.0.1:8082");
}

/* bind(2) of a UDP socket to 127.0.0.1:8081, then close. */
static void w_bind(long n)
{
	struct sockaddr_in a = port8080;
	int s;

	a.sin_port = htons(8081);
	for (; n > 0; n--) {
		s = socket(AF_INET, SOCK_DGRAM, 0);
		if (s < 0 || bind(s, (struct sockaddr *)&a, sizeof(a)))
			die("bind 127.0.0.1:8081");
		close(s);
	}
}

/* A TCP connection to the local listener, accepted, both ends closed. */
static void w_connect(long n)
{
	const struct linger now = { .l_onoff = 1, .l_linger = 0 };
	int c, a;

	for (; n > 0; n--) {
		c = socket(AF_INET, SOCK_STREAM, 0);
		if (c < 0 || connect(c, (struct sockaddr *)&port8080,
				     sizeof(port8080)))
			die("connect 127.0.0.1:8080");
		a = accept(listener, NULL, NULL);
		if (a < 0)
			die("accept");
		/* A reset, not TIME_WAIT: no state outlives the pass. */
		setsockopt(c, SOL_SOCKET, SO_LINGER, &now, sizeof(now));
		close(c);
		close(a);
	}
}

/* A UDP datagram to the local receiver @to of address @a. */
static void udp_send(long n, const struct sockaddr_in *a, int to)
{
	char buf[16];

	for (; n > 0; n--) {
		if (sendto(sender, "x", 1, 0, (const struct sockaddr *)a,
			   sizeof(*a)) != 1)
			die("sendto 127.0.0.1:8080 or 8082");
		/* Drained, so that no datagram is dropped for room. */
		if (recv(to, buf, sizeof(buf), MSG_DONTWAIT) < 0 &&
		    errno != EAGAIN)
			die("recv");
	}
}

static void w_udp_send(long n)
{
	udp_send(n, &port8080, receiver);
}

/*
 * The same to port 8082, whose datagrams guest-bench.sh's firewall
 * labels bench_packet_t where the policy names it (a plain mark
 * elsewhere, so that nftables costs every condition alike): checked as
 * they leave and as they arrive.
 */
static void w_udp_send_secmark(long n)
{
	udp_send(n, &port8082, marked);
}

static const struct {
	const char *name;
	void (*fn)(long n);
	long n;
} works[] = {
	{ "open-close-ext4", w_open_ext4, 2000 },
	{ "open-close-tmpfs", w_open_tmpfs, 2000 },
	{ "stat-ext4", w_stat1, 2000 },
	{ "walk-16-components", w_walk16, 1000 },
	{ "read-open-file", w_read, 4000 },
	{ "create-unlink-ext4", w_create, 500 },
	{ "create-unlink-fscreate", w_create_fscreate, 500 },
	{ "fork-exec", w_exec, 200 },
	{ "fork-exec-transition-procfs", w_exec_procfs, 200 },
	{ "fork-exec-transition-syscall", w_exec_syscall, 200 },
	{ "fork-exec-same-label-syscall", w_exec_same, 200 },
	{ "fork-exec-one-syscall", w_exec_one_syscall, 200 },
	{ "ptrace-check", w_ptrace, 4000 },
	{ "signal-check", w_signal, 4000 },
	{ "bind-close-udp", w_bind, 1000 },
	{ "connect-local-tcp", w_connect, 500 },
	{ "send-udp", w_udp_send, 2000 },
	{ "send-udp-secmark", w_udp_send_secmark, 2000 },
};

static int work(int passes, int scale, const char *x, pid_t pid)
{
	const char *only = getenv("SIGIL_BENCH_ONLY");
	uint64_t v[MAX_PASSES], t;
	size_t i;
	long n;
	int p;

	with_fscreate = module_active() &&
			sigil_lsm_has_attr(lsm, SIGIL_ATTR_FSCREATE);
	file_label("bench_new_t", new_label, sizeof(new_label));
	xlabel = strcmp(x, "-") ? x : NULL;
	/* Without an exec label to set (Smack, Sigil off), a plain exec. */
	if (xlabel && sigil_attr_get(0, lsm, SIGIL_ATTR_CURRENT, &own_label))
		own_label = NULL;
	target = pid;
	net_setup();
	for (i = 0; i < sizeof(works) / sizeof(works[0]); i++) {
		if (only && strcmp(only, works[i].name))
			continue;
		n = works[i].n * scale / 4;
		if (n < 4)
			n = 4;
		works[i].fn(n / 4);	/* warm the caches */
		for (p = 0; p < passes; p++) {
			t = now();
			works[i].fn(n);
			v[p] = (now() - t) / (uint64_t)n;
		}
		printf("work %s %llu\n", works[i].name,
		       (unsigned long long)median(v, passes));
		fflush(stdout);
	}
	return 0;
}

/*
 * The macro workloads: work a user runs, each timed whole, the program it
 * runs included.  Dirty pages are written back between them, not during:
 * guest-bench.sh holds writeback off, so the figures are the path the
 * tasks take, not the disk's.
 */
static int macro_setup(void)
{
	if (mkdir("/mnt/macro/t", 0755) && errno != EEXIST)
		die(MACRO);
	if (module_active())
		label(MACRO, "bench_file_t");
	mkfile(MACRO "/f");
	sync();
	return 0;
}

/* Runs @cmd with /bin/sh and returns how long it took; fails with it. */
static uint64_t timed(const char *cmd)
{
	uint64_t t = now();
	int status = system(cmd);

	t = now() - t;
	if (status) {
		fprintf(stderr, "%s: '%s' failed: status %#x\n", prog, cmd,
			status);
		exit(1);
	}
	return t;
}

static int macro(int passes, const char *tar, long programs)
{
	static const char *const names[] = {
		"untar-tree", "find-stat-tree", "rm-tree", "shell-programs",
	};
	uint64_t v[4][MAX_PASSES];
	char untar[512], loop[1024];
	int p, i;

	snprintf(untar, sizeof(untar), "tar -x -o -f '%s' -C " MACRO, tar);
	/* Four programs a round, each exec'd by its path (no applet shortcut). */
	snprintf(loop, sizeof(loop),
		 "cd " MACRO " && i=0 && while [ $i -lt %ld ]; do "
		 "/bin/cat f >/dev/null && /usr/bin/wc -l f >/dev/null && "
		 "/bin/grep -q sigil f && /bin/sed -n 1p f >/dev/null || exit 1; "
		 "i=$((i + 1)); done", programs / 4);
	for (p = 0; p < passes; p++) {
		v[0][p] = timed(untar);
		sync();
		/* busybox find stats every entry; -perm keeps it quiet. */
		v[1][p] = timed("find " MACRO " -xdev -perm -4000");
		v[2][p] = timed("rm -rf " MACRO "/tree");
		sync();
		v[3][p] = timed(loop);
	}
	for (i = 0; i < 4; i++)
		printf("work %s %llu\n", names[i],
		       (unsigned long long)median(v[i], passes));
	return 0;
}

/* Slab and vmalloc memory in use, in bytes. */
static long long kmem(void)
{
	char line[128];
	long long kb, total = 0;
	FILE *f = fopen("/proc/meminfo", "r");

	if (!f)
		die("/proc/meminfo");
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "Slab: %lld kB", &kb) == 1 ||
		    sscanf(line, "VmallocUsed: %lld kB", &kb) == 1)
			total += kb * 1024;
	fclose(f);
	return total;
}

static char *text_of(const char *kind, long n, size_t *size)
{
	char *text = NULL;
	FILE *f = open_memstream(&text, size);

	if (!f)
		die("open_memstream");
	fputs(base_policy, f);
	gen(f, kind, n);
	if (fclose(f))
		die("open_memstream");
	return text;
}

/* The whole load: open, write, and the close that parses and installs. */
static uint64_t load_text(const char *text, size_t size)
{
	uint64_t t = now();
	size_t done = 0;
	ssize_t w;
	int fd = open(POLICY, O_WRONLY);

	if (fd < 0)
		die(POLICY);
	while (done < size) {
		w = write(fd, text + done, size - done);
		if (w <= 0)
			die("writing the policy");
		done += (size_t)w;
	}
	if (close(fd))
		die("loading the policy");
	return now() - t;
}

/* Lets RCU free what the last load replaced. */
static void settle(void)
{
	usleep(200000);
}

/*
 * Each pass loads the base policy, then the text: the median time of the
 * latter, and the kernel memory it added in the first pass.
 */
static int load(const char *kind, long n, int passes)
{
	uint64_t v[MAX_PASSES];
	long long before = 0, added = 0;
	size_t size, bsize;
	char *text = text_of(kind, n, &size), *base = text_of("allow", 0, &bsize);
	int p;

	for (p = 0; p < passes; p++) {
		load_text(base, bsize);
		settle();
		if (!p)
			before = kmem();
		v[p] = load_text(text, size);
		if (!p) {
			settle();
			added = kmem() - before;
		}
	}
	printf("load %s %ld %llu %lld\n", kind, n,
	       (unsigned long long)median(v, passes), added);
	free(text);
	free(base);
	return 0;
}

int main(int argc, char **argv)
{
	const char *m = getenv("SIGIL_BENCH_LSM");

	if (m && *m)
		lsm = m;
	if (argc == 2 && !strcmp(argv[1], "setup"))
		return setup();
	if (argc == 4 && !strcmp(argv[1], "policy"))
		return policy(argv[2], atol(argv[3]));
	if (argc == 6 && !strcmp(argv[1], "work") && atoi(argv[2]) > 0 &&
	    atoi(argv[2]) <= MAX_PASSES && atoi(argv[3]) > 0)
		return work(atoi(argv[2]), atoi(argv[3]), argv[4],
			    (pid_t)atol(argv[5]));
	if (argc == 2 && !strcmp(argv[1], "macro-setup"))
		return macro_setup();
	if (argc == 5 && !strcmp(argv[1], "macro") && atoi(argv[2]) > 0 &&
	    atoi(argv[2]) <= MAX_PASSES && atol(argv[4]) >= 4)
		return macro(atoi(argv[2]), argv[3], atol(argv[4]));
	if (argc == 5 && !strcmp(argv[1], "load") && atol(argv[3]) >= 0 &&
	    atoi(argv[4]) > 0 && atoi(argv[4]) <= MAX_PASSES)
		return load(argv[2], atol(argv[3]), atoi(argv[4]));
	if (argc == 2 && !strcmp(argv[1], "sleep")) {
		for (;;)
			pause();
	}
	fprintf(stderr, "usage: %s setup | policy KIND N | work PASSES SCALE XLABEL PID | macro-setup | macro PASSES TAR PROGRAMS | load KIND N PASSES | sleep\n",
		prog);
	return 2;
}
