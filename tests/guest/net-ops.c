/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The routes to a port, for ports.sh: each makes one socket of FAMILY (4
 * or 6) and PROTO (tcp, mptcp, udp, udplite, sctp, sctp-seq: one-to-many
 * SCTP; dccp and smc for "socket" alone), takes one route on the loopback
 * address and prints "ok" or the errno name of the first call that
 * failed, exiting 0 or 1:
 *   net-ops socket FAMILY PROTO          socket(2) alone
 *   net-ops bind FAMILY PROTO PORT       bind(2) to PORT (0: the kernel's
 *                                        choice)
 *   net-ops listen FAMILY PROTO          listen(2) on a socket not bound
 *   net-ops connect FAMILY PROTO PORT    connect(2)
 *   net-ops sendto FAMILY PROTO PORT     sendto(2) from a socket not
 *                                        connected
 *   net-ops sendto-unspec 4 PROTO PORT   the same, the IPv4 address's
 *                                        family AF_UNSPEC (which IPv4 UDP
 *                                        reads as AF_INET)
 *   net-ops sendmsg-connected FAMILY PROTO PORT
 *                                        connect(2) to PORT+1, then
 *                                        sendmsg(2) naming PORT
 *   net-ops sendmmsg FAMILY PROTO PORT   sendmmsg(2) naming PORT
 *   net-ops connect-any FAMILY PROTO PORT
 *                                        connect(2) to 0.0.0.0 or ::
 *   net-ops sendto-group FAMILY PROTO PORT
 *                                        sendto(2) to the multicast group
 *                                        224.0.0.1 or ff02::1 (on lo)
 *   net-ops portrange FAMILY PROTO PORT  IP_LOCAL_PORT_RANGE of PORT alone,
 *                                        then listen(2): the errno name of
 *                                        the first that failed
 *   net-ops send-listen FAMILY PROTO PORT
 *                                        sendto(2) to PORT, which binds
 *                                        the socket, then listen(2): the
 *                                        errno name of the listen
 *   net-ops fastopen FAMILY PROTO PORT   sendto(MSG_FASTOPEN), TCP Fast Open
 *   net-ops bindx FAMILY PROTO PORT      SCTP bindx: SCTP_SOCKOPT_BINDX_ADD
 *   net-ops connectx FAMILY PROTO PORT   SCTP connectx:
 *                                        SCTP_SOCKOPT_CONNECTX
 *   net-ops inherit FAMILY PROTO COMMAND [ARG]...
 *                                        make the socket, then run COMMAND
 *                                        with it as descriptor 3
 *   net-ops connect-fd FAMILY PORT       connect(2) descriptor 3
 *   net-ops serve FAMILY PROTO PORT      listen (TCP) or bind (UDP) on PORT;
 *                                        print "listening", then for each
 *                                        TCP connection "peer LABEL"
 *                                        (SO_PEERSEC of the accepted
 *                                        socket, or the errno name); for
 *                                        UDP, wait
 *   net-ops peer FAMILY PROTO PORT       connect(2) to PORT, print "peer
 *                                        LABEL", SO_PEERSEC of this end
 *   net-ops recv FAMILY PROTO PORT       listen (TCP) or bind (UDP) on PORT,
 *                                        print "listening", then wait 5 s
 *                                        for a connection or a datagram:
 *                                        "ok", or ETIMEDOUT
 *   net-ops echo FAMILY udp PORT         bind PORT, print "listening", wait
 *                                        5 s for a datagram and send one
 *                                        back: "ok", the errno name of the
 *                                        reply, or ETIMEDOUT
 *   net-ops request FAMILY udp PORT      send a datagram to PORT and wait
 *                                        5 s for the reply: "ok", the
 *                                        errno name, or ETIMEDOUT
 *   net-ops accept-read FAMILY PROTO PORT
 *                                        listen on PORT, print "listening",
 *                                        accept a connection and read a
 *                                        byte from it, waiting 5 s for
 *                                        each: "ok", or the errno name
 *   net-ops connect-send FAMILY PROTO PORT
 *                                        connect(2) to PORT and send a byte
 *   net-ops errqueue FAMILY udp PORT     with IP_RECVERR, send a datagram to
 *                                        PORT, where nothing listens, and
 *                                        read the ICMP error from the error
 *                                        queue (MSG_ERRQUEUE), waiting 5 s
 */
#include <config.h>

#include <arpa/inet.h>
#include <errno.h>
#include <linux/sctp.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "result.h"

#ifndef IPPROTO_MPTCP
#define IPPROTO_MPTCP 262
#endif
#ifndef SOL_SCTP
#define SOL_SCTP 132	/* <netinet/sctp.h> of lksctp, not glibc's */
#endif
#ifndef MSG_FASTOPEN
#define MSG_FASTOPEN 0x20000000
#endif

static int family;

static int make_socket(const char *proto)
{
	int type = SOCK_STREAM, p;

	if (!strcmp(proto, "tcp"))
		p = IPPROTO_TCP;
	else if (!strcmp(proto, "mptcp"))
		p = IPPROTO_MPTCP;
	else if (!strcmp(proto, "udp"))
		type = SOCK_DGRAM, p = IPPROTO_UDP;
	else if (!strcmp(proto, "udplite"))
		type = SOCK_DGRAM, p = IPPROTO_UDPLITE;
	else if (!strcmp(proto, "sctp"))
		p = IPPROTO_SCTP;
	else if (!strcmp(proto, "sctp-seq"))
		type = SOCK_SEQPACKET, p = IPPROTO_SCTP;
	else if (!strcmp(proto, "dccp"))
		type = 6 /* SOCK_DCCP */, p = 33 /* IPPROTO_DCCP */;
	else if (!strcmp(proto, "smc"))
		p = 256;	/* IPPROTO_SMC */
	else {
		fprintf(stderr, "net-ops: unknown protocol '%s'\n", proto);
		exit(2);
	}
	return socket(family, type, p);
}

/* The loopback address of the family, port @port. */
static socklen_t loopback(struct sockaddr_storage *ss, int port)
{
	struct sockaddr_in6 *sin6 = (struct sockaddr_in6 *)ss;
	struct sockaddr_in *sin = (struct sockaddr_in *)ss;

	memset(ss, 0, sizeof(*ss));
	if (family == AF_INET) {
		sin->sin_family = AF_INET;
		sin->sin_port = htons(port);
		sin->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
		return sizeof(*sin);
	}
	sin6->sin6_family = AF_INET6;
	sin6->sin6_port = htons(port);
	sin6->sin6_addr = in6addr_loopback;
	return sizeof(*sin6);
}

static int print_peer(int fd)
{
	char label[256];
	socklen_t len = sizeof(label);

	if (getsockopt(fd, SOL_SOCKET, SO_PEERSEC, label, &len)) {
		printf("peer %s\n", strerrorname_np(errno));
		return 1;
	}
	printf("peer %.*s\n", (int)len, label);
	return 0;
}

/*
 * Binds @s to @port of the loopback address (and listens, for @stream),
 * then says "listening": 0, or -1 with errno set.
 */
static int listening(int s, int port, int stream)
{
	struct sockaddr_storage ss;
	socklen_t len = loopback(&ss, port);
	int one = 1;

	setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (bind(s, (struct sockaddr *)&ss, len) || (stream && listen(s, 8)))
		return -1;
	printf("listening\n");
	fflush(stdout);
	return 0;
}

static int serve(int s, int port, int stream)
{
	int c;

	if (listening(s, port, stream))
		return result(0);
	if (!stream) {
		pause();
		return 0;
	}
	while ((c = accept(s, NULL, NULL)) >= 0) {
		print_peer(c);
		fflush(stdout);
		close(c);
	}
	return result(0);
}


/* Waits 5 s for @s to be readable: 1, or 0 with errno ETIMEDOUT. */
static int readable(int s)
{
	struct pollfd p = { .fd = s, .events = POLLIN };
	int n = poll(&p, 1, 5000);

	if (n == 0)
		errno = ETIMEDOUT;
	return n > 0;
}

/*
 * recv and echo: a connection or a datagram on @port, arrived or not (a
 * packet a check drops never wakes the socket); echo answers the
 * datagram.
 */
static int receive(int s, int port, int stream, int echo)
{
	struct sockaddr_storage from;
	socklen_t flen = sizeof(from);
	char buf[16];
	ssize_t n;

	if (listening(s, port, stream) || !readable(s))
		return result(0);
	if (stream)
		return result(accept(s, NULL, NULL) >= 0);
	n = recvfrom(s, buf, sizeof(buf), 0, (struct sockaddr *)&from, &flen);
	if (n < 0 || !echo)
		return result(n >= 0);
	return result(sendto(s, buf, n, 0, (struct sockaddr *)&from,
			     flen) == n);
}

/* accept-read: a connection's first byte, read from the accepted socket. */
static int accept_read(int s, int port)
{
	int c;
	char b;

	if (listening(s, port, 1) || !readable(s))
		return result(0);
	c = accept(s, NULL, NULL);
	if (c < 0 || !readable(c))
		return result(0);
	return result(recv(c, &b, 1, 0) == 1);
}

/* errqueue: the ICMP error of a datagram to a closed port. */
static int errqueue(int s, struct sockaddr_storage *ss, socklen_t len)
{
	struct pollfd p = { .fd = s, .events = 0 };
	char data[64], control[256];
	struct iovec iov = { .iov_base = data, .iov_len = sizeof(data) };
	struct msghdr m = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = control, .msg_controllen = sizeof(control),
	};
	int one = 1;

	if ((family == AF_INET ?
	     setsockopt(s, IPPROTO_IP, IP_RECVERR, &one, sizeof(one)) :
	     setsockopt(s, IPPROTO_IPV6, IPV6_RECVERR, &one, sizeof(one))) ||
	    sendto(s, "x", 1, 0, (struct sockaddr *)ss, len) != 1)
		return result(0);
	if (poll(&p, 1, 5000) <= 0 || !(p.revents & POLLERR)) {
		errno = ETIMEDOUT;
		return result(0);
	}
	return result(recvmsg(s, &m, MSG_ERRQUEUE) >= 0);
}

int main(int argc, char **argv)
{
	struct sockaddr_storage ss, other;
	const char *op = argc > 1 ? argv[1] : "";
	int s, port = argc > 4 ? atoi(argv[4]) : 0;
	struct iovec iov = { .iov_base = "x", .iov_len = 1 };
	struct mmsghdr mm = { 0 };
	struct msghdr msg = { .msg_iov = &iov, .msg_iovlen = 1 };
	socklen_t len;

	if (argc < 3)
		goto usage;
	family = !strcmp(argv[2], "6") ? AF_INET6 : AF_INET;
	if (!strcmp(op, "connect-fd") && argc == 4) {
		len = loopback(&ss, atoi(argv[3]));
		return result(!connect(3, (struct sockaddr *)&ss, len));
	}
	if (argc < 4)
		goto usage;
	s = make_socket(argv[3]);
	if (s < 0)
		return result(0);
	if (!strcmp(op, "socket"))
		return result(1);
	if (!strcmp(op, "listen"))
		return result(!listen(s, 1));
	if (!strcmp(op, "inherit") && argc > 4) {
		if (dup2(s, 3) < 0)
			return result(0);
		execvp(argv[4], argv + 4);
		return result(0);
	}
	if (argc != 5)
		goto usage;
	len = loopback(&ss, port);
	msg.msg_name = &ss;
	msg.msg_namelen = len;
	if (!strcmp(op, "bind"))
		return result(!bind(s, (struct sockaddr *)&ss, len));
	if (!strcmp(op, "connect"))
		return result(!connect(s, (struct sockaddr *)&ss, len));
	if (!strcmp(op, "sendto-unspec"))
		ss.ss_family = AF_UNSPEC;
	if (!strcmp(op, "connect-any") || !strcmp(op, "sendto-group")) {
		struct sockaddr_in6 *sin6 = (struct sockaddr_in6 *)&ss;
		struct sockaddr_in *sin = (struct sockaddr_in *)&ss;
		const int group = op[0] == 's';

		if (family == AF_INET) {
			sin->sin_addr.s_addr = group ? htonl(0xe0000001) : 0;
		} else {
			memset(&sin6->sin6_addr, 0, sizeof(sin6->sin6_addr));
			if (group) {
				sin6->sin6_addr.s6_addr[0] = 0xff;
				sin6->sin6_addr.s6_addr[1] = 0x02;
				sin6->sin6_addr.s6_addr[15] = 1;
				sin6->sin6_scope_id = 1;
			}
		}
		if (!group)
			return result(!connect(s, (struct sockaddr *)&ss, len));
		return result(sendto(s, "x", 1, 0, (struct sockaddr *)&ss,
				     len) == 1);
	}
	if (!strcmp(op, "portrange")) {
		const unsigned int range = (unsigned int)port << 16 | port;

		if (setsockopt(s, IPPROTO_IP, 51 /* IP_LOCAL_PORT_RANGE */,
			       &range, sizeof(range)))
			return result(0);
		return result(!listen(s, 1));
	}
	if (!strcmp(op, "send-listen")) {
		sendto(s, "x", 1, 0, (struct sockaddr *)&ss, len);
		return result(!listen(s, 1));
	}
	if (!strcmp(op, "sendto") || !strcmp(op, "sendto-unspec"))
		return result(sendto(s, "x", 1, 0, (struct sockaddr *)&ss,
				     len) == 1);
	if (!strcmp(op, "sendmsg-connected")) {
		loopback(&other, port + 1);
		if (connect(s, (struct sockaddr *)&other, len))
			return result(0);
		return result(sendmsg(s, &msg, 0) == 1);
	}
	if (!strcmp(op, "sendmmsg")) {
		mm.msg_hdr = msg;
		return result(sendmmsg(s, &mm, 1, 0) == 1);
	}
	if (!strcmp(op, "fastopen"))
		return result(sendto(s, "x", 1, MSG_FASTOPEN,
				     (struct sockaddr *)&ss, len) == 1);
	if (!strcmp(op, "bindx"))
		return result(!setsockopt(s, SOL_SCTP, SCTP_SOCKOPT_BINDX_ADD,
					  &ss, len));
	if (!strcmp(op, "connectx"))
		return result(setsockopt(s, SOL_SCTP, SCTP_SOCKOPT_CONNECTX,
					 &ss, len) >= 0);
	if (!strcmp(op, "serve"))
		return serve(s, port, strncmp(argv[3], "udp", 3));
	if (!strcmp(op, "recv") || !strcmp(op, "echo"))
		return receive(s, port, strncmp(argv[3], "udp", 3), op[0] == 'e');
	if (!strcmp(op, "accept-read"))
		return accept_read(s, port);
	if (!strcmp(op, "connect-send"))
		return result(!connect(s, (struct sockaddr *)&ss, len) &&
			      send(s, "x", 1, 0) == 1);
	if (!strcmp(op, "errqueue"))
		return errqueue(s, &ss, len);
	if (!strcmp(op, "request")) {
		char buf[16];

		if (sendto(s, "x", 1, 0, (struct sockaddr *)&ss, len) != 1 ||
		    !readable(s))
			return result(0);
		return result(recv(s, buf, sizeof(buf), 0) >= 0);
	}
	if (!strcmp(op, "peer")) {
		if (connect(s, (struct sockaddr *)&ss, len))
			return result(0);
		return print_peer(s);
	}
usage:
	fprintf(stderr, "net-ops: bad arguments (see the comment at the top of tests/guest/net-ops.c)\n");
	return 2;
}
