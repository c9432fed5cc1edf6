/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Operations on the objects that are not files, for the confinement tests
 * (objects.sh); each prints "ok" or the errno name and exits 0 or 1:
 *   object-ops sigio PID SIG HOW     a pipe whose owner is PID (HOW: setown,
 *                                    setown-ex, fioasync), signal SIG, one
 *                                    write
 *   object-ops sigio-inherit PID SIG LABEL
 *                                    owner set here, then exec into LABEL,
 *                                    which sets the signal and O_ASYNC and
 *                                    writes
 *   object-ops sigio-handover PID SIG LABEL
 *                                    a child in LABEL sets the owner and the
 *                                    signal; then this task turns O_ASYNC
 *                                    on and writes
 *   object-ops setflags FILE         FS_IOC_SETFLAGS (nodump) on a read-only
 *                                    descriptor
 *   object-ops map-zero              mmap at address 0
 *   object-ops socket FAMILY         socket(2): unix, inet, inet6, netlink,
 *                                    packet, appletalk
 *   object-ops socket-relabel LABEL  fsetxattr(2) security.sigil of a new
 *                                    unix socket to LABEL
 *   object-ops unix-serve NAME       listen on the unix stream socket NAME
 *                                    (@NAME: abstract), and a datagram
 *                                    socket NAME.dgram; print "listening
 *                                    PID", answer each message
 *   object-ops unix-connect NAME     connect to NAME, send, read the answer
 *   object-ops unix-send NAME        send a datagram to NAME.dgram
 *   object-ops inherit KIND LABEL    make a KIND (socket, uring, uffd,
 *                                    perf-read, perf-ioctl: a perf event of
 *                                    this task's clock) here, exec into
 *                                    LABEL, which uses it (perf: read(2)
 *                                    the count, or PERF_EVENT_IOC_RESET)
 *   object-ops uring-personality LABEL FILE
 *                                    register this task's credentials on an
 *                                    io_uring, exec into LABEL, which opens
 *                                    FILE with them
 *   object-ops ipc-make KIND KEY     msgget, shmget or semget (msg, shm, sem)
 *                                    with IPC_CREAT; prints the id
 *   object-ops ipc KIND KEY ID OP    get: *get(2) of KEY (r); on ID: msg
 *                                    snd|rcv, shm attach-r|attach-w, sem op;
 *                                    stat (r), rmid (w)
 *   object-ops mq-make NAME          mq_open(O_CREAT)
 *   object-ops mq-open NAME r|w      mq_open
 *   object-ops key-make DESC         add_key(2) user key, open to all by DAC;
 *                                    prints its serial
 *   object-ops key-read SERIAL       keyctl(KEYCTL_READ)
 *   object-ops session-to-parent LABEL
 *                                    a child running as LABEL joins a new
 *                                    session keyring and gives it to this
 *                                    task (KEYCTL_SESSION_TO_PARENT); then
 *                                    prints the child's result, this
 *                                    task's label and whether its session
 *                                    keyring is the child's
 *   object-ops session-join          that child
 *   object-ops perf-open             perf_event_open(2) of this task's clock
 *   object-ops bpf-map               bpf(BPF_MAP_CREATE) of a small array
 *   object-ops watch PATH            inotify_add_watch(2)
 *   object-ops module-read FILE      finit_module(2) of FILE
 *   object-ops module-data           init_module(2) of bytes in memory
 *   object-ops open-w FILE           open FILE for writing, write nothing
 *   object-ops query LINE            one query to the policy's access node:
 *                                    prints the answer
 *   object-ops flags FILE            FS_IOC_GETFLAGS: "nodump" or "-"
 *   object-ops itimer-exec LABEL     start a 1000 s ITIMER_VIRTUAL, exec into
 *                                    LABEL, print the seconds left on it
 *                                    there (0: stopped)
 *   object-ops itimer-left           that second half
 *   object-ops personality-exec LABEL
 *                                    set ADDR_NO_RANDOMIZE, exec into LABEL,
 *                                    print whether it is still set there
 *   object-ops personality-left      that second half
 *   object-ops ctty-open LABEL PTSLABEL
 *                                    a new pseudo-terminal, its pts node
 *                                    labelled PTSLABEL and held open here,
 *                                    is the controlling terminal of a child
 *                                    that execs into LABEL and opens
 *                                    /dev/tty for writing (ctty-write)
 *   object-ops ctty-write            that child's open
 *   object-ops anon-labels           the labels of a new pipe, memfd and
 *                                    eventfd: "pipe L memfd L eventfd L"
 *   object-ops label-churn N         write N distinct labels (churn.0,
 *                                    churn.1, ...) to attr/fscreate
 *   object-ops label-holders N       N children, each of which takes the
 *                                    label churn.I (attr/current), makes a
 *                                    key, a perf event and a datagram with
 *                                    SCM_SECURITY (which must name its
 *                                    label), then exits
 */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <linux/bpf.h>
#include <linux/fs.h>
#include <linux/io_uring.h>
#include <linux/perf_event.h>
#include <linux/userfaultfd.h>
#include <mqueue.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <sys/ioctl.h>
#include <sys/ipc.h>
#include <sys/mman.h>
#include <sys/personality.h>
#include <sys/msg.h>
#include <sys/prctl.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "result.h"

#ifndef SCM_SECURITY
#define SCM_SECURITY 0x03	/* <linux/socket.h>, not in glibc's headers */
#endif

static const char *self;

/* Runs this program again as LABEL with ARGS (NULL-terminated). */
static int reexec(const char *label, char **args)
{
	if (set_exec(label))
		return 1;
	execv(self, args);
	perror(self);
	return 1;
}

static int sigio(pid_t pid, int sig, const char *how)
{
	struct f_owner_ex owner = { F_OWNER_TID, pid };
	int p[2], on = 1;

	if (pipe(p))
		return result(0);
	if (!strcmp(how, "setown-ex")) {
		if (fcntl(p[0], F_SETOWN_EX, &owner))
			return result(0);
	} else if (fcntl(p[0], F_SETOWN, pid)) {
		return result(0);
	}
	if (fcntl(p[0], F_SETSIG, sig))
		return result(0);
	if (!strcmp(how, "fioasync")) {
		if (ioctl(p[0], FIOASYNC, &on))
			return result(0);
	} else if (fcntl(p[0], F_SETFL, O_ASYNC)) {
		return result(0);
	}
	return result(write(p[1], "x", 1) == 1);
}

static int sigio_inherit(pid_t pid, const char *sig, const char *label)
{
	char fd[16];
	int p[2];

	if (pipe(p) || fcntl(p[0], F_SETOWN, pid))
		return result(0);
	snprintf(fd, sizeof(fd), "%d", p[0]);
	return reexec(label, (char *[]){ (char *)self, "sigio-fd", fd,
					 (char *)sig, NULL });
}

static int sigio_handover(pid_t pid, const char *sig, const char *label)
{
	char fd[16], who[16];
	int p[2], st;
	pid_t c;

	if (pipe(p))
		return result(0);
	snprintf(fd, sizeof(fd), "%d", p[0]);
	snprintf(who, sizeof(who), "%d", (int)pid);
	c = fork();
	if (c == 0)
		_exit(reexec(label, (char *[]){ (char *)self, "sigio-setown", fd,
						who, (char *)sig, NULL }));
	if (c < 0 || waitpid(c, &st, 0) < 0 || !WIFEXITED(st) ||
	    WEXITSTATUS(st))
		return 1;
	if (fcntl(p[0], F_SETFL, O_ASYNC))
		return result(0);
	return result(write(p[1], "x", 1) == 1);
}

/* That child: the owner and the signal of the inherited @fd; silent. */
static int sigio_setown(int fd, pid_t pid, int sig)
{
	if (fcntl(fd, F_SETOWN, pid) || fcntl(fd, F_SETSIG, sig))
		return result(0);
	return 0;
}

/* The inherited read end @fd of a pipe: signal, O_ASYNC, write to it. */
static int sigio_fd(int fd, int sig)
{
	/* The write end is the next descriptor. */
	if (fcntl(fd, F_SETSIG, sig) || fcntl(fd, F_SETFL, O_ASYNC))
		return result(0);
	return result(write(fd + 1, "x", 1) == 1);
}

static int setflags(const char *path)
{
	int fd = open(path, O_RDONLY), flags;

	if (fd < 0 || ioctl(fd, FS_IOC_GETFLAGS, &flags))
		return result(0);
	flags |= FS_NODUMP_FL;
	return result(!ioctl(fd, FS_IOC_SETFLAGS, &flags));
}

static int map_zero(void)
{
	void *p = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS |
		       MAP_FIXED, -1, 0);

	return result(p != MAP_FAILED);
}

static int family(const char *name)
{
	static const struct { const char *name; int family; } f[] = {
		{ "unix", AF_UNIX }, { "inet", AF_INET }, { "inet6", AF_INET6 },
		{ "netlink", AF_NETLINK }, { "packet", AF_PACKET },
		{ "appletalk", AF_APPLETALK },
	};
	size_t i;

	for (i = 0; i < sizeof(f) / sizeof(f[0]); i++)
		if (!strcmp(name, f[i].name))
			return f[i].family;
	fprintf(stderr, "unknown family %s\n", name);
	exit(2);
}

static int make_socket(const char *name)
{
	int fam = family(name);
	int fd = socket(fam, fam == AF_PACKET ? SOCK_RAW : SOCK_DGRAM, 0);

	return result(fd >= 0);
}

static int socket_relabel(const char *label)
{
	int fd = socket(AF_UNIX, SOCK_STREAM, 0);

	if (fd < 0)
		return result(0);
	return result(!fsetxattr(fd, "security.sigil", label, strlen(label),
				 0));
}

/* NAME, or @NAME for the abstract name space, with SUFFIX. */
static socklen_t unix_addr(struct sockaddr_un *a, const char *name,
			   const char *suffix)
{
	memset(a, 0, sizeof(*a));
	a->sun_family = AF_UNIX;
	snprintf(a->sun_path, sizeof(a->sun_path), "%s%s", name, suffix);
	if (name[0] == '@') {
		a->sun_path[0] = '\0';
		return offsetof(struct sockaddr_un, sun_path) +
		       strlen(name) + strlen(suffix);
	}
	return sizeof(*a);
}

static int unix_serve(const char *name)
{
	struct sockaddr_un a;
	socklen_t len = unix_addr(&a, name, "");
	int s = socket(AF_UNIX, SOCK_STREAM, 0), d, c;
	char buf[64];
	ssize_t n;

	if (s < 0 || bind(s, (struct sockaddr *)&a, len) || listen(s, 8))
		return result(0);
	d = socket(AF_UNIX, SOCK_DGRAM, 0);
	len = unix_addr(&a, name, ".dgram");
	if (d < 0 || bind(d, (struct sockaddr *)&a, len))
		return result(0);
	if (fork() == 0) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		for (;;)
			if (recv(d, buf, sizeof(buf), 0) > 0)
				printf("datagram\n"), fflush(stdout);
	}
	printf("listening %d\n", (int)getpid());
	fflush(stdout);
	for (;;) {
		c = accept(s, NULL, NULL);
		if (c < 0)
			continue;
		n = read(c, buf, sizeof(buf));
		if (n > 0 && write(c, "pong", 4) < 0)
			perror("write");
		close(c);
	}
}

static int unix_connect(const char *name)
{
	struct sockaddr_un a;
	socklen_t len = unix_addr(&a, name, "");
	int s = socket(AF_UNIX, SOCK_STREAM, 0);
	char buf[8] = "";

	if (s < 0 || connect(s, (struct sockaddr *)&a, len) ||
	    write(s, "ping", 4) != 4 || read(s, buf, 4) != 4)
		return result(0);
	return result(!strcmp(buf, "pong"));
}

static int unix_send(const char *name)
{
	struct sockaddr_un a;
	socklen_t len = unix_addr(&a, name, ".dgram");
	int s = socket(AF_UNIX, SOCK_DGRAM, 0);

	if (s < 0)
		return result(0);
	return result(sendto(s, "x", 1, 0, (struct sockaddr *)&a, len) == 1);
}

/* A ring of 4 entries and its mappings. */
struct ring {
	int fd;
	unsigned int *sq_tail, *sq_mask, *sq_array, *cq_head, *cq_tail,
		     *cq_mask;
	struct io_uring_sqe *sqes;
	struct io_uring_cqe *cqes;
};

static int ring_map(struct ring *r, const struct io_uring_params *p)
{
	size_t sq_len = p->sq_off.array + p->sq_entries * sizeof(unsigned int);
	size_t cq_len = p->cq_off.cqes + p->cq_entries *
			sizeof(struct io_uring_cqe);
	size_t len = sq_len > cq_len ? sq_len : cq_len;
	char *sq = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED,
			r->fd, IORING_OFF_SQ_RING);

	if (sq == MAP_FAILED)
		return -1;
	r->sqes = mmap(NULL, p->sq_entries * sizeof(struct io_uring_sqe),
		       PROT_READ | PROT_WRITE, MAP_SHARED, r->fd,
		       IORING_OFF_SQES);
	if (r->sqes == MAP_FAILED)
		return -1;
	r->sq_tail = (unsigned int *)(sq + p->sq_off.tail);
	r->sq_mask = (unsigned int *)(sq + p->sq_off.ring_mask);
	r->sq_array = (unsigned int *)(sq + p->sq_off.array);
	r->cq_head = (unsigned int *)(sq + p->cq_off.head);
	r->cq_tail = (unsigned int *)(sq + p->cq_off.tail);
	r->cq_mask = (unsigned int *)(sq + p->cq_off.ring_mask);
	r->cqes = (struct io_uring_cqe *)(sq + p->cq_off.cqes);
	return 0;
}

static int ring_setup(struct ring *r)
{
	struct io_uring_params p;

	memset(&p, 0, sizeof(p));
	r->fd = syscall(__NR_io_uring_setup, 4, &p);
	if (r->fd < 0)
		return -1;
	return ring_map(r, &p);
}

/* Maps the ring @fd made by another task (its parameters: 4 entries). */
static int ring_attach(struct ring *r, int fd)
{
	struct io_uring_params p;

	memset(&p, 0, sizeof(p));
	/* A second ring tells the offsets, the same for every ring. */
	r->fd = syscall(__NR_io_uring_setup, 4, &p);
	if (r->fd < 0)
		return -1;
	close(r->fd);
	r->fd = fd;
	return ring_map(r, &p);
}

/* Opens @path through the ring with @personality: the result, or -errno. */
static int ring_open(struct ring *r, const char *path, int personality)
{
	unsigned int tail = *r->sq_tail, i = tail & *r->sq_mask;
	struct io_uring_sqe *sqe = &r->sqes[i];

	memset(sqe, 0, sizeof(*sqe));
	sqe->opcode = IORING_OP_OPENAT;
	sqe->fd = AT_FDCWD;
	sqe->addr = (unsigned long)path;
	sqe->open_flags = O_RDONLY;
	sqe->personality = personality;
	r->sq_array[i] = i;
	__atomic_store_n(r->sq_tail, tail + 1, __ATOMIC_RELEASE);
	if (syscall(__NR_io_uring_enter, r->fd, 1, 1, IORING_ENTER_GETEVENTS,
		    NULL, 0) < 0)
		return -errno;
	i = *r->cq_head & *r->cq_mask;
	__atomic_store_n(r->cq_head, *r->cq_head + 1, __ATOMIC_RELEASE);
	return r->cqes[i].res;
}

static int uring_personality(const char *label, const char *path)
{
	struct ring r;
	char fd[16], id[16];
	int n;

	if (ring_setup(&r))
		return result(0);
	n = syscall(__NR_io_uring_register, r.fd, IORING_REGISTER_PERSONALITY,
		    NULL, 0);
	if (n < 0 || fcntl(r.fd, F_SETFD, 0))
		return result(0);
	snprintf(fd, sizeof(fd), "%d", r.fd);
	snprintf(id, sizeof(id), "%d", n);
	return reexec(label, (char *[]){ (char *)self, "uring-open", fd, id,
					 (char *)path, NULL });
}

static int uring_open(int fd, int personality, const char *path)
{
	struct ring r;
	int res;

	if (ring_attach(&r, fd))
		return result(0);
	res = ring_open(&r, path, personality);
	if (res < 0) {
		errno = -res;
		return result(0);
	}
	return result(1);
}

/* A perf event counting this task's clock; its descriptor, or -1. */
static int perf_event(const unsigned long flags)
{
	struct perf_event_attr a;

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = PERF_TYPE_SOFTWARE;
	a.config = PERF_COUNT_SW_TASK_CLOCK;
	a.exclude_kernel = 1;
	return (int)syscall(__NR_perf_event_open, &a, 0, -1, -1, flags);
}

static int inherit(const char *kind, const char *label)
{
	char fd[16];
	int sv[2], n;
	struct ring r;

	if (!strcmp(kind, "socket")) {
		if (socketpair(AF_UNIX, SOCK_DGRAM, 0, sv))
			return result(0);
		n = sv[0];
	} else if (!strcmp(kind, "uring")) {
		if (ring_setup(&r))
			return result(0);
		n = r.fd;
		/* Rings are made close-on-exec. */
		fcntl(n, F_SETFD, 0);
	} else if (!strncmp(kind, "perf-", 5)) {
		n = perf_event(0);
		if (n < 0)
			return result(0);
	} else {
		n = syscall(__NR_userfaultfd, O_CLOEXEC | UFFD_USER_MODE_ONLY);
		if (n < 0)
			return result(0);
		/* Kept across exec. */
		fcntl(n, F_SETFD, 0);
	}
	snprintf(fd, sizeof(fd), "%d", n);
	return reexec(label, (char *[]){ (char *)self, "use", (char *)kind, fd,
					 NULL });
}

/* Uses the inherited object @fd of @kind. */
static int use(const char *kind, int fd)
{
	struct uffdio_api api = { .api = UFFD_API };
	unsigned long long count;
	struct ring r;

	if (!strcmp(kind, "socket"))
		return result(send(fd, "x", 1, 0) == 1);
	if (!strcmp(kind, "uring")) {
		if (ring_attach(&r, fd))
			return result(0);
		return result(ring_open(&r, "/", 0) >= 0);
	}
	if (!strcmp(kind, "perf-read"))
		return result(read(fd, &count, sizeof(count)) == sizeof(count));
	if (!strcmp(kind, "perf-ioctl"))
		return result(!ioctl(fd, PERF_EVENT_IOC_RESET, 0));
	return result(!ioctl(fd, UFFDIO_API, &api));
}

static int ipc_get(const char *kind, key_t key, int flags)
{
	if (!strcmp(kind, "msg"))
		return msgget(key, flags);
	if (!strcmp(kind, "shm"))
		return shmget(key, 4096, flags);
	return semget(key, 1, flags);
}

static int ipc(const char *kind, key_t key, int id, const char *op)
{
	struct { long type; char text[8]; } msg = { 1, "x" };
	struct sembuf sb = { 0, 1, IPC_NOWAIT };
	struct msqid_ds mds;
	struct shmid_ds sds;
	struct semid_ds ssd;

	if (!strcmp(op, "get"))
		return result(ipc_get(kind, key, 0) >= 0);
	if (!strcmp(op, "snd"))
		return result(!msgsnd(id, &msg, 1, IPC_NOWAIT));
	if (!strcmp(op, "rcv"))
		return result(msgrcv(id, &msg, sizeof(msg.text), 0,
				     IPC_NOWAIT) >= 0);
	if (!strcmp(op, "attach-r"))
		return result(shmat(id, NULL, SHM_RDONLY) != (void *)-1);
	if (!strcmp(op, "attach-w"))
		return result(shmat(id, NULL, 0) != (void *)-1);
	if (!strcmp(op, "op"))
		return result(!semop(id, &sb, 1));
	if (!strcmp(op, "stat")) {
		if (!strcmp(kind, "msg"))
			return result(msgctl(id, IPC_STAT, &mds) >= 0);
		if (!strcmp(kind, "shm"))
			return result(shmctl(id, IPC_STAT, &sds) >= 0);
		return result(semctl(id, 0, IPC_STAT, &ssd) >= 0);
	}
	if (!strcmp(kind, "msg"))
		return result(!msgctl(id, IPC_RMID, NULL));
	if (!strcmp(kind, "shm"))
		return result(!shmctl(id, IPC_RMID, NULL));
	return result(!semctl(id, 0, IPC_RMID));
}

static int key_make(const char *desc)
{
	long id = syscall(__NR_add_key, "user", desc, "secret", 6,
			  -4 /* KEY_SPEC_USER_KEYRING */);

	if (id < 0)
		return result(0);
	/* Every right to everyone, so that only Sigil decides. */
	if (syscall(__NR_keyctl, 5 /* KEYCTL_SETPERM */, id, 0x3f3f3f3f) < 0)
		return result(0);
	printf("%ld\n", id);
	return 0;
}

static int key_read(long id)
{
	char buf[16];

	return result(syscall(__NR_keyctl, 11 /* KEYCTL_READ */, id, buf,
			      sizeof(buf)) == 6);
}

/* The child of session_to_parent(): prints its new keyring's serial. */
static int session_join(void)
{
	long id = syscall(__NR_keyctl, 1 /* KEYCTL_JOIN_SESSION_KEYRING */,
			  NULL);

	if (id < 0 ||
	    syscall(__NR_keyctl, 18 /* KEYCTL_SESSION_TO_PARENT */) < 0)
		return result(0);
	printf("%ld\n", id);
	return 0;
}

static int session_to_parent(const char *label)
{
	char out[32] = "", label_now[64] = "";
	int p[2], status, fd;
	ssize_t n;
	long mine;
	pid_t pid;

	if (pipe(p))
		return result(0);
	pid = fork();
	if (pid < 0)
		return result(0);
	if (!pid) {
		dup2(p[1], 1);
		return reexec(label, (char *[]){ (char *)self, "session-join",
						 NULL });
	}
	close(p[1]);
	n = read(p[0], out, sizeof(out) - 1);
	if (waitpid(pid, &status, 0) < 0)
		return result(0);
	out[n > 0 ? n : 0] = '\0';
	out[strcspn(out, "\n")] = '\0';
	/* The new keyring is installed on this task's way back to user space. */
	mine = syscall(__NR_keyctl, 0 /* KEYCTL_GET_KEYRING_ID */,
		       -3 /* KEY_SPEC_SESSION_KEYRING */, 0);
	fd = open("/proc/self/attr/current", O_RDONLY);
	n = fd < 0 ? -1 : read(fd, label_now, sizeof(label_now) - 1);
	label_now[n > 0 ? n : 0] = '\0';
	label_now[strcspn(label_now, "\n")] = '\0';
	printf("child: %s\nlabel: %s\nsession: %s\n", out, label_now,
	       *out >= '0' && *out <= '9' && atol(out) == mine ?
	       "the child's" : "its own");
	return 0;
}

static int perf_open(void)
{
	return result(perf_event(0) >= 0);
}

static int bpf_map(void)
{
	union bpf_attr a;

	memset(&a, 0, sizeof(a));
	a.map_type = BPF_MAP_TYPE_ARRAY;
	a.key_size = 4;
	a.value_size = 4;
	a.max_entries = 1;
	return result(syscall(__NR_bpf, BPF_MAP_CREATE, &a, sizeof(a)) >= 0);
}

static int itimer_exec(const char *label)
{
	struct itimerval v = { .it_value = { .tv_sec = 1000 } };

	if (setitimer(ITIMER_VIRTUAL, &v, NULL))
		return result(0);
	return reexec(label, (char *[]){ (char *)self, "itimer-left", NULL });
}

static int itimer_left(void)
{
	struct itimerval v;

	if (getitimer(ITIMER_VIRTUAL, &v))
		return result(0);
	printf("%ld\n", (long)v.it_value.tv_sec);
	return 0;
}

static int ctty_open(const char *label, const char *pts_label)
{
	int master = posix_openpt(O_RDWR | O_NOCTTY), slave, status;
	const char *name;
	pid_t pid;

	if (master < 0 || fcntl(master, F_SETFD, FD_CLOEXEC) ||
	    grantpt(master) || unlockpt(master))
		return result(0);
	name = ptsname(master);
	slave = name ? open(name, O_RDWR | O_NOCTTY) : -1;
	if (slave < 0 || setxattr(name, "security.sigil", pts_label,
				  strlen(pts_label), 0))
		return result(0);
	pid = fork();
	if (pid < 0)
		return result(0);
	if (!pid) {
		/* The terminal becomes the child's; this task holds it open. */
		if (setsid() < 0 || ioctl(slave, TIOCSCTTY, 0))
			_exit(result(0));
		close(slave);
		_exit(reexec(label, (char *[]){ (char *)self, "ctty-write",
						 NULL }));
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return result(0);
	return WEXITSTATUS(status);
}

static int personality_exec(const char *label)
{
	if (personality(ADDR_NO_RANDOMIZE) < 0)
		return result(0);
	return reexec(label, (char *[]){ (char *)self, "personality-left",
					 NULL });
}

/* The label of @fd's inode, or "-". */
static const char *fd_label(int fd, char *buf, size_t size)
{
	ssize_t n = fgetxattr(fd, "security.sigil", buf, size - 1);

	if (n < 0)
		return "-";
	buf[n] = '\0';
	return buf;
}

static int anon_labels(void)
{
	char a[256], b[256], c[256];
	int p[2], m, e;

	if (pipe(p) || (m = memfd_create("anon", 0)) < 0 ||
	    (e = eventfd(0, 0)) < 0)
		return result(0);
	printf("pipe %s memfd %s eventfd %s\n", fd_label(p[0], a, sizeof(a)),
	       fd_label(m, b, sizeof(b)), fd_label(e, c, sizeof(c)));
	return 0;
}

static int label_churn(long n)
{
	int fd = open("/proc/thread-self/attr/fscreate", O_WRONLY);
	char label[32];
	long i;

	if (fd < 0)
		return result(0);
	for (i = 0; i < n; i++) {
		int len = snprintf(label, sizeof(label), "churn.%ld", i);

		if (pwrite(fd, label, len, 0) != len)
			return result(0);
	}
	return result(!write(fd, "", 0) || errno == EINVAL);
}

/* One holder of label-holders: 0 when every object was made. */
static int hold_label(long i)
{
	char label[32], got[64], cbuf[CMSG_SPACE(64)];
	struct iovec iov = { .iov_base = got, .iov_len = 1 };
	struct msghdr mh = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = cbuf, .msg_controllen = sizeof(cbuf),
	};
	struct cmsghdr *cm;
	int fd, sv[2], one = 1, len, tries;

	len = snprintf(label, sizeof(label), "churn.%ld", i);
	fd = open("/proc/thread-self/attr/current", O_WRONLY);
	if (fd < 0 || write(fd, label, len) != len)
		return 1;
	close(fd);
	/* The keys of earlier holders may not be collected yet. */
	for (tries = 0; syscall(__NR_add_key, "user", label, "x", 1,
				-1 /* KEY_SPEC_THREAD_KEYRING */) < 0; tries++)
		if (errno != EDQUOT || tries == 500 || usleep(10000))
			return 1;
	if (perf_event(0) < 0 ||
	    socketpair(AF_UNIX, SOCK_DGRAM, 0, sv) ||
	    setsockopt(sv[1], SOL_SOCKET, SO_PASSSEC, &one, sizeof(one)) ||
	    send(sv[0], "x", 1, 0) != 1 || recvmsg(sv[1], &mh, 0) != 1)
		return 1;
	for (cm = CMSG_FIRSTHDR(&mh); cm; cm = CMSG_NXTHDR(&mh, cm))
		if (cm->cmsg_type == SCM_SECURITY &&
		    cm->cmsg_len - CMSG_LEN(0) == (size_t)len &&
		    !memcmp(CMSG_DATA(cm), label, len))
			return 0;
	return 1;
}

static int label_holders(long n)
{
	int status;
	long i;

	for (i = 0; i < n; i++) {
		pid_t pid = fork();

		if (pid < 0)
			return result(0);
		if (!pid)
			_exit(hold_label(i));
		if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
		    WEXITSTATUS(status)) {
			fprintf(stderr, "holder %ld failed\n", i);
			return result(0);
		}
	}
	return result(1);
}

static int query(const char *line)
{
	int fd = open("/sys/kernel/security/sigil/access", O_RDWR);
	char buf[512];
	ssize_t n;

	if (fd < 0 || write(fd, line, strlen(line)) < 0)
		return result(0);
	n = read(fd, buf, sizeof(buf) - 1);
	if (n < 0)
		return result(0);
	buf[n] = '\0';
	fputs(buf, stdout);
	return 0;
}

int main(int argc, char **argv)
{
	const char *op = argc > 1 ? argv[1] : "";

	self = argv[0];
	setvbuf(stdout, NULL, _IONBF, 0);
	if (!strcmp(op, "sigio") && argc == 5)
		return sigio(atoi(argv[2]), atoi(argv[3]), argv[4]);
	if (!strcmp(op, "sigio-inherit") && argc == 5)
		return sigio_inherit(atoi(argv[2]), argv[3], argv[4]);
	if (!strcmp(op, "sigio-handover") && argc == 5)
		return sigio_handover(atoi(argv[2]), argv[3], argv[4]);
	if (!strcmp(op, "sigio-setown") && argc == 5)
		return sigio_setown(atoi(argv[2]), atoi(argv[3]), atoi(argv[4]));
	if (!strcmp(op, "sigio-fd") && argc == 4)
		return sigio_fd(atoi(argv[2]), atoi(argv[3]));
	if (!strcmp(op, "setflags") && argc == 3)
		return setflags(argv[2]);
	if (!strcmp(op, "map-zero") && argc == 2)
		return map_zero();
	if (!strcmp(op, "socket") && argc == 3)
		return make_socket(argv[2]);
	if (!strcmp(op, "socket-relabel") && argc == 3)
		return socket_relabel(argv[2]);
	if (!strcmp(op, "unix-serve") && argc == 3)
		return unix_serve(argv[2]);
	if (!strcmp(op, "unix-connect") && argc == 3)
		return unix_connect(argv[2]);
	if (!strcmp(op, "unix-send") && argc == 3)
		return unix_send(argv[2]);
	if (!strcmp(op, "inherit") && argc == 4)
		return inherit(argv[2], argv[3]);
	if (!strcmp(op, "session-to-parent") && argc == 3)
		return session_to_parent(argv[2]);
	if (!strcmp(op, "session-join") && argc == 2)
		return session_join();
	if (!strcmp(op, "use") && argc == 4)
		return use(argv[2], atoi(argv[3]));
	if (!strcmp(op, "uring-personality") && argc == 4)
		return uring_personality(argv[2], argv[3]);
	if (!strcmp(op, "uring-open") && argc == 5)
		return uring_open(atoi(argv[2]), atoi(argv[3]), argv[4]);
	if (!strcmp(op, "ipc-make") && argc == 4) {
		int id = ipc_get(argv[2], atoi(argv[3]), IPC_CREAT | 0666);

		if (id < 0)
			return result(0);
		printf("%d\n", id);
		return 0;
	}
	if (!strcmp(op, "ipc") && argc == 6)
		return ipc(argv[2], atoi(argv[3]), atoi(argv[4]), argv[5]);
	if (!strcmp(op, "mq-make") && argc == 3)
		return result(mq_open(argv[2], O_CREAT | O_RDWR, 0666,
				      NULL) >= 0);
	if (!strcmp(op, "mq-open") && argc == 4)
		return result(mq_open(argv[2], argv[3][0] == 'w' ? O_WRONLY :
						     O_RDONLY) >= 0);
	if (!strcmp(op, "key-make") && argc == 3)
		return key_make(argv[2]);
	if (!strcmp(op, "key-read") && argc == 3)
		return key_read(atol(argv[2]));
	if (!strcmp(op, "itimer-exec") && argc == 3)
		return itimer_exec(argv[2]);
	if (!strcmp(op, "personality-exec") && argc == 3)
		return personality_exec(argv[2]);
	if (!strcmp(op, "personality-left") && argc == 2) {
		puts(personality(0xffffffff) & ADDR_NO_RANDOMIZE ?
		     "no-randomize" : "randomize");
		return 0;
	}
	if (!strcmp(op, "itimer-left") && argc == 2)
		return itimer_left();
	if (!strcmp(op, "ctty-open") && argc == 4)
		return ctty_open(argv[2], argv[3]);
	if (!strcmp(op, "ctty-write") && argc == 2)
		return result(open("/dev/tty", O_WRONLY) >= 0);
	if (!strcmp(op, "anon-labels") && argc == 2)
		return anon_labels();
	if (!strcmp(op, "label-churn") && argc == 3)
		return label_churn(atol(argv[2]));
	if (!strcmp(op, "label-holders") && argc == 3)
		return label_holders(atol(argv[2]));
	if (!strcmp(op, "perf-open") && argc == 2)
		return perf_open();
	if (!strcmp(op, "bpf-map") && argc == 2)
		return bpf_map();
	if (!strcmp(op, "watch") && argc == 3)
		return result(inotify_add_watch(inotify_init(), argv[2],
						IN_MODIFY) >= 0);
	if (!strcmp(op, "module-read") && argc == 3) {
		int fd = open(argv[2], O_RDONLY);

		return result(fd >= 0 &&
			      !syscall(__NR_finit_module, fd, "", 0));
	}
	if (!strcmp(op, "module-data") && argc == 2) {
		/* Longer than an ELF header, which is checked before the LSM. */
		static const char data[128] = "not a module";

		return result(!syscall(__NR_init_module, data, sizeof(data), ""));
	}
	if (!strcmp(op, "open-w") && argc == 3) {
		int fd = open(argv[2], O_WRONLY);

		return result(fd >= 0 && !close(fd));
	}
	if (!strcmp(op, "flags") && argc == 3) {
		int fd = open(argv[2], O_RDONLY), flags;

		if (fd < 0 || ioctl(fd, FS_IOC_GETFLAGS, &flags))
			return result(0);
		puts(flags & FS_NODUMP_FL ? "nodump" : "-");
		return 0;
	}
	if (!strcmp(op, "query") && argc == 3)
		return query(argv[2]);
	fprintf(stderr, "usage: object-ops OPERATION ARGS (see the source)\n");
	return 2;
}
