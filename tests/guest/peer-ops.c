/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Peer labels of sockets, for labels.sh; each prints the label it learns,
 * or the errno name, and exits 0 or 1:
 *   peer-ops serve PATH        listen on the unix stream socket PATH and
 *                              bind the datagram socket PATH.dgram, both
 *                              with SO_PASSSEC; print "listening PID", then
 *                              for each connection "peer LABEL" (SO_PEERSEC
 *                              of the accepted socket) and "message LABEL"
 *                              (SCM_SECURITY of its first message, with
 *                              SO_PASSCRED, which streams need), for
 *                              each datagram "datagram LABEL"; answer
 *                              "pong"
 *   peer-ops connect PATH      connect, print SO_PEERSEC of this end (the
 *                              server's label), send a message
 *   peer-ops connect-exec PATH COMMAND [ARG]...
 *                              connect, then run COMMAND with the socket
 *                              as its standard input
 *   peer-ops send PATH         send a datagram to PATH.dgram
 *   peer-ops hold PATH         bind the datagram socket PATH with
 *                              SO_PASSSEC, print "bound", wait for the
 *                              file PATH.go, then print the SCM_SECURITY
 *                              label of the datagram queued meanwhile
 *   peer-ops socketpair        SO_PEERSEC of one end of a socketpair(2)
 *   peer-ops seqpacket         the same for a connected SOCK_SEQPACKET pair
 *   peer-ops unconnected       SO_PEERSEC of an unconnected unix socket
 *   peer-ops inet              SO_PEERSEC of a TCP connection over loopback
 *   peer-ops short             SO_PEERSEC into a 1-byte buffer: ERANGE, and
 *                              the length it would need
 */
#include <config.h>

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "result.h"

#ifndef SCM_SECURITY
#define SCM_SECURITY 0x03	/* <linux/socket.h>; glibc does not export it */
#endif

static socklen_t unix_addr(struct sockaddr_un *a, const char *path,
			   const char *suffix)
{
	memset(a, 0, sizeof(*a));
	a->sun_family = AF_UNIX;
	snprintf(a->sun_path, sizeof(a->sun_path), "%s%s", path, suffix);
	return sizeof(*a);
}

/* Prints SO_PEERSEC of @fd after @what, or the errno name. */
static int print_peer(const char *what, int fd)
{
	char buf[300];
	socklen_t len = sizeof(buf) - 1;

	if (getsockopt(fd, SOL_SOCKET, SO_PEERSEC, buf, &len)) {
		printf("%s ", what);
		return result(0);
	}
	buf[len] = '\0';
	printf("%s %s\n", what, buf);
	return 0;
}

/* Receives one message on @fd and prints its SCM_SECURITY after @what. */
static int print_scm(const char *what, int fd)
{
	char data[64], ctl[CMSG_SPACE(300)];
	struct iovec iov = { data, sizeof(data) };
	struct msghdr m = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = ctl, .msg_controllen = sizeof(ctl),
	};
	struct cmsghdr *c;

	if (recvmsg(fd, &m, 0) < 0) {
		printf("%s ", what);
		return result(0);
	}
	for (c = CMSG_FIRSTHDR(&m); c; c = CMSG_NXTHDR(&m, c))
		if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_SECURITY) {
			printf("%s %.*s\n", what,
			       (int)(c->cmsg_len - CMSG_LEN(0)),
			       (char *)CMSG_DATA(c));
			return 0;
		}
	printf("%s -\n", what);
	return 0;
}

static int passsec(int fd)
{
	const int on = 1;

	return setsockopt(fd, SOL_SOCKET, SO_PASSSEC, &on, sizeof(on));
}

static int serve(const char *path)
{
	struct sockaddr_un a;
	int s = socket(AF_UNIX, SOCK_STREAM, 0), d, c;

	if (s < 0 || bind(s, (struct sockaddr *)&a, unix_addr(&a, path, "")) ||
	    listen(s, 8) || chmod(path, 0666))
		return result(0);
	d = socket(AF_UNIX, SOCK_DGRAM, 0);
	if (d < 0 || passsec(d) ||
	    bind(d, (struct sockaddr *)&a, unix_addr(&a, path, ".dgram")))
		return result(0);
	if (fork() == 0) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		for (;;)
			print_scm("datagram", d);
	}
	/* A client that leaves without a word must not kill the server. */
	signal(SIGPIPE, SIG_IGN);
	printf("listening %d\n", (int)getpid());
	for (;;) {
		c = accept(s, NULL, NULL);
		if (c < 0)
			continue;
		print_peer("peer", c);
		/*
		 * A stream socket passes SCM_SECURITY only with credentials
		 * (unix_stream_read_generic()), as journald asks for them.
		 */
		if (!passsec(c) && !setsockopt(c, SOL_SOCKET, SO_PASSCRED,
					       &(int){ 1 }, sizeof(int)))
			print_scm("message", c);
		if (write(c, "pong", 4) < 0)
			perror("write");
		close(c);
	}
}

static int connect_to(const char *path)
{
	struct sockaddr_un a;
	int s = socket(AF_UNIX, SOCK_STREAM, 0);

	if (s < 0 || connect(s, (struct sockaddr *)&a, unix_addr(&a, path, "")))
		return -1;
	return s;
}

static int do_connect(const char *path)
{
	int s = connect_to(path), err;
	char buf[8];

	if (s < 0)
		return result(0);
	err = print_peer("server", s);
	if (write(s, "ping", 4) != 4 || read(s, buf, 4) != 4)
		return result(0);
	return err;
}

static int connect_exec(const char *path, char **argv)
{
	int s = connect_to(path);

	if (s < 0 || dup2(s, 0) < 0)
		return result(0);
	execvp(argv[0], argv);
	perror(argv[0]);
	return 127;
}

static int send_dgram(const char *path)
{
	struct sockaddr_un a;
	int s = socket(AF_UNIX, SOCK_DGRAM, 0);

	if (s < 0)
		return result(0);
	return result(sendto(s, "x", 1, 0, (struct sockaddr *)&a,
			     unix_addr(&a, path, ".dgram")) == 1);
}

static int hold(const char *path)
{
	struct sockaddr_un a;
	char go[120];
	int d = socket(AF_UNIX, SOCK_DGRAM, 0);

	if (d < 0 || passsec(d) ||
	    bind(d, (struct sockaddr *)&a, unix_addr(&a, path, ".dgram")) ||
	    chmod(a.sun_path, 0666))
		return result(0);
	printf("bound\n");
	snprintf(go, sizeof(go), "%s.go", path);
	while (access(go, F_OK))
		usleep(20000);
	return print_scm("datagram", d);
}

static int pair(int type)
{
	int sv[2];

	if (socketpair(AF_UNIX, type, 0, sv))
		return result(0);
	return print_peer("peer", sv[0]);
}

static int inet(void)
{
	struct sockaddr_in a = { .sin_family = AF_INET };
	socklen_t len = sizeof(a);
	int l = socket(AF_INET, SOCK_STREAM, 0), c = socket(AF_INET, SOCK_STREAM, 0);

	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (l < 0 || c < 0 || bind(l, (struct sockaddr *)&a, sizeof(a)) ||
	    listen(l, 1) || getsockname(l, (struct sockaddr *)&a, &len) ||
	    connect(c, (struct sockaddr *)&a, sizeof(a)))
		return result(0);
	return print_peer("peer", c);
}

static int unconnected(void)
{
	int s = socket(AF_UNIX, SOCK_STREAM, 0);

	if (s < 0)
		return result(0);
	return print_peer("peer", s);
}

static int too_short(void)
{
	int sv[2];
	char c;
	socklen_t len = 1;

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
		return result(0);
	if (!getsockopt(sv[0], SOL_SOCKET, SO_PEERSEC, &c, &len)) {
		printf("no error, length %u\n", (unsigned int)len);
		return 1;
	}
	printf("%s %u\n", strerrorname_np(errno), (unsigned int)len);
	return 1;
}

int main(int argc, char **argv)
{
	const char *op = argc > 1 ? argv[1] : "";

	setvbuf(stdout, NULL, _IONBF, 0);
	if (!strcmp(op, "serve") && argc == 3)
		return serve(argv[2]);
	if (!strcmp(op, "connect") && argc == 3)
		return do_connect(argv[2]);
	if (!strcmp(op, "connect-exec") && argc >= 4)
		return connect_exec(argv[2], argv + 3);
	if (!strcmp(op, "send") && argc == 3)
		return send_dgram(argv[2]);
	if (!strcmp(op, "hold") && argc == 3)
		return hold(argv[2]);
	if (!strcmp(op, "socketpair") && argc == 2)
		return pair(SOCK_STREAM);
	if (!strcmp(op, "seqpacket") && argc == 2)
		return pair(SOCK_SEQPACKET);
	if (!strcmp(op, "unconnected") && argc == 2)
		return unconnected();
	if (!strcmp(op, "inet") && argc == 2)
		return inet();
	if (!strcmp(op, "short") && argc == 2)
		return too_short();
	fprintf(stderr, "peer-ops: bad arguments (see the comment at the top of tests/guest/peer-ops.c)\n");
	return 2;
}
