/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Task operations for the confinement tests; each prints "ok" or the
 * errno name and exits 0 or 1:
 *   task-ops ptrace-peek PID        PTRACE_ATTACH, then PEEKDATA at its pc
 *   task-ops mem PID r|w            open /proc/PID/mem for reading or writing
 *   task-ops environ PID            read /proc/PID/environ
 *   task-ops getfd PID FD           pidfd_getfd(2) of PID's descriptor FD
 *   task-ops kill PID SIG           kill(2)
 *   task-ops setprio PID N          setpriority(2)
 *   task-ops prlimit PID            prlimit(2): set PID's RLIMIT_NOFILE
 *   task-ops sched PID WHAT         set PID's scheduling: policy
 *                                   (sched_setscheduler, SCHED_OTHER),
 *                                   param (sched_setparam), affinity
 *                                   (sched_setaffinity, CPU 0)
 *   task-ops info PID WHAT          read what WHAT names of PID: pgid
 *                                   (getpgid), sid (getsid), sched
 *                                   (sched_getscheduler), ioprio
 *                                   (ioprio_get)
 *   task-ops nnp-exec LABEL CMD...  no_new_privs, attr/exec (not for LABEL
 *                                    "-"), execvp
 *   task-ops traced-exec LABEL CMD...
 *                                   a child traced by this task writes
 *                                   attr/exec and execs CMD; prints the
 *                                   child's errno or runs CMD to the end
 *   task-ops traced-setcurrent LABEL proc|syscall
 *                                   a child traced by this task sets its
 *                                   current label to LABEL through
 *                                   /proc/thread-self/attr/current or
 *                                   lsm_set_self_attr(2)
 */
#include <config.h>

#include <linux/lsm.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

#include "result.h"

#ifdef __aarch64__
#include <asm/ptrace.h>
#endif

static int ptrace_peek(pid_t pid)
{
	long word;
	int st;

	if (ptrace(PTRACE_ATTACH, pid, 0, 0) < 0)
		return result(0);
	waitpid(pid, &st, 0);
#ifdef __aarch64__
	{
		struct user_pt_regs regs;
		struct iovec iov = { &regs, sizeof(regs) };

		if (ptrace(PTRACE_GETREGSET, pid, NT_PRSTATUS, &iov) < 0)
			return result(0);
		errno = 0;
		word = ptrace(PTRACE_PEEKDATA, pid, (void *)regs.pc, 0);
	}
#else
	errno = 0;
	word = ptrace(PTRACE_PEEKUSER, pid, 0, 0);
#endif
	(void)word;
	if (errno)
		return result(0);
	ptrace(PTRACE_DETACH, pid, 0, 0);
	return result(1);
}

/*
 * Lets the traced child @pid run to its end, passing on the signals it
 * gets but the tracing stops; its wait status in *@st.  0, or -1 when it
 * cannot be waited for.
 */
static int trace_to_end(pid_t pid, int *st)
{
	for (;;) {
		if (waitpid(pid, st, 0) < 0)
			return -1;
		if (WIFEXITED(*st) || WIFSIGNALED(*st))
			return 0;
		ptrace(PTRACE_CONT, pid, 0,
		       WSTOPSIG(*st) == SIGSTOP || WSTOPSIG(*st) == SIGTRAP ?
		       0 : WSTOPSIG(*st));
	}
}

static int traced_exec(char **argv)
{
	int st, err[2];
	pid_t pid;
	int e = 0;

	if (pipe(err) < 0)
		return result(0);
	pid = fork();
	if (pid == 0) {
		close(err[0]);
		fcntl(err[1], F_SETFD, FD_CLOEXEC);
		if (ptrace(PTRACE_TRACEME, 0, 0, 0) < 0) {
			e = errno;
			write(err[1], &e, sizeof(e));
			_exit(1);
		}
		raise(SIGSTOP);
		if (set_exec(argv[0]) < 0)
			_exit(125);
		execvp(argv[1], argv + 1);
		e = errno;
		write(err[1], &e, sizeof(e));
		_exit(126);
	}
	close(err[1]);
	if (trace_to_end(pid, &st) < 0)
		return result(0);
	if (read(err[0], &e, sizeof(e)) == sizeof(e)) {
		errno = e;
		return result(0);
	}
	return WIFEXITED(st) ? WEXITSTATUS(st) : 1;
}

/* Sets the calling thread's current label to @label, by @how. */
static int set_current(const char *label, const char *how)
{
	char buf[sizeof(struct lsm_ctx) + 256];
	struct lsm_ctx *ctx = (struct lsm_ctx *)buf;
	size_t len = strlen(label) + 1;
	int fd, ok;

	if (!strcmp(how, "proc")) {
		fd = open("/proc/thread-self/attr/current", O_WRONLY);
		ok = fd >= 0 && write(fd, label, len - 1) >= 0;
		if (fd >= 0)
			close(fd);
		return ok ? 0 : -1;
	}
	if (len > 256) {
		errno = EINVAL;
		return -1;
	}
	memset(buf, 0, sizeof(buf));
	ctx->id = LSM_ID_SIGIL;
	ctx->len = sizeof(*ctx) + len;
	ctx->ctx_len = len;
	memcpy(ctx->ctx, label, len);
	return (int)syscall(__NR_lsm_set_self_attr, LSM_ATTR_CURRENT, ctx,
			    (unsigned int)ctx->len, 0);
}

/* A child traced by this task sets its current label: its result. */
static int traced_setcurrent(const char *label, const char *how)
{
	int st, err[2];
	pid_t pid;
	int e = 0;

	if (pipe(err) < 0)
		return result(0);
	pid = fork();
	if (pid == 0) {
		close(err[0]);
		if (ptrace(PTRACE_TRACEME, 0, 0, 0) < 0)
			e = errno;
		else if (raise(SIGSTOP) || set_current(label, how) < 0)
			e = errno;
		write(err[1], &e, sizeof(e));
		_exit(0);
	}
	close(err[1]);
	if (trace_to_end(pid, &st) < 0)
		return result(0);
	if (read(err[0], &e, sizeof(e)) != sizeof(e))
		e = EIO;
	errno = e;
	return result(!e);
}

int main(int argc, char **argv)
{
	const char *cmd = argc > 1 ? argv[1] : "";
	pid_t pid = argc > 2 ? (pid_t)atoi(argv[2]) : 0;
	char path[64], buf[4096];
	int fd;

	if (!strcmp(cmd, "ptrace-peek") && argc == 3)
		return ptrace_peek(pid);
	if (!strcmp(cmd, "mem") && argc == 4) {
		snprintf(path, sizeof(path), "/proc/%d/mem", pid);
		fd = open(path, argv[3][0] == 'w' ? O_RDWR : O_RDONLY);
		return result(fd >= 0);
	}
	if (!strcmp(cmd, "environ") && argc == 3) {
		snprintf(path, sizeof(path), "/proc/%d/environ", pid);
		fd = open(path, O_RDONLY);
		return result(fd >= 0 && read(fd, buf, sizeof(buf)) >= 0);
	}
	if (!strcmp(cmd, "getfd") && argc == 4) {
		int pidfd = (int)syscall(SYS_pidfd_open, pid, 0);

		if (pidfd < 0)
			return result(0);
		return result(syscall(SYS_pidfd_getfd, pidfd, atoi(argv[3]), 0) >= 0);
	}
	if (!strcmp(cmd, "kill") && argc == 4)
		return result(kill(pid, atoi(argv[3])) == 0);
	if (!strcmp(cmd, "setprio") && argc == 4)
		return result(setpriority(PRIO_PROCESS, (id_t)pid, atoi(argv[3])) == 0);
	if (!strcmp(cmd, "info") && argc == 4) {
		if (!strcmp(argv[3], "pgid"))
			return result(getpgid(pid) >= 0);
		if (!strcmp(argv[3], "sid"))
			return result(getsid(pid) >= 0);
		if (!strcmp(argv[3], "sched"))
			return result(sched_getscheduler(pid) >= 0);
		/* IOPRIO_WHO_PROCESS */
		return result(syscall(SYS_ioprio_get, 1, pid) >= 0);
	}
	if (!strcmp(cmd, "sched") && argc == 4) {
		struct sched_param sp = { 0 };
		cpu_set_t cpus;

		if (!strcmp(argv[3], "policy"))
			return result(!sched_setscheduler(pid, SCHED_OTHER, &sp));
		if (!strcmp(argv[3], "param"))
			return result(!sched_setparam(pid, &sp));
		CPU_ZERO(&cpus);
		CPU_SET(0, &cpus);
		return result(!sched_setaffinity(pid, sizeof(cpus), &cpus));
	}
	if (!strcmp(cmd, "prlimit") && argc == 3) {
		struct rlimit rl = { 512, 512 };

		return result(prlimit(pid, RLIMIT_NOFILE, &rl, NULL) == 0);
	}
	if (!strcmp(cmd, "nnp-exec") && argc >= 4) {
		if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0 ||
		    (strcmp(argv[2], "-") && set_exec(argv[2]) < 0))
			return 125;
		execvp(argv[3], argv + 3);
		return result(0);
	}
	if (!strcmp(cmd, "traced-exec") && argc >= 4)
		return traced_exec(argv + 2);
	if (!strcmp(cmd, "traced-setcurrent") && argc == 4)
		return traced_setcurrent(argv[2], argv[3]);
	fprintf(stderr, "task-ops: unknown or incomplete command '%s'\n", cmd);
	return 2;
}
