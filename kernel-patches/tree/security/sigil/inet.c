// SPDX-License-Identifier: GPL-2.0-only
/*
 * Sigil LSM - Internet sockets: ports and local peers
 *
 * A port has a label: that of the narrowest port rule whose range holds
 * it (no two rules of one width may share a port), else reserved_port
 * below the network namespace's net.ipv4.ip_unprivileged_port_start,
 * ephemeral_port in its net.ipv4.ip_local_port_range, unreserved_port
 * above.  Port 0 in a bind, which lets the kernel choose, is
 * ephemeral_port.  The TCP, UDP and SCTP sockets of IPv4 and IPv6 have
 * ports (MPTCP shares TCP's, UDP-Lite UDP's); the other protocols of
 * those families are mediated by their family alone (socket rules),
 * raw sockets by CAP_NET_RAW too.
 *
 * Binding needs b on the port's label (a net rule): bind(2), SCTP's
 * bindx and primary addresses, and listen(2), on the port it listens on
 * (an ephemeral one for a socket not yet bound; IP_LOCAL_PORT_RANGE,
 * which would choose it, is refused to a confined label).  Reaching a port needs c on its label:
 * connect(2) (UDP's too), a datagram sent to an address (sendto(2),
 * sendmsg(2), on any UDP socket), TCP Fast Open's sendto(MSG_FASTOPEN),
 * SCTP's connectx and the associations a send starts.  Unlike SELinux,
 * a bind in the ephemeral range is checked too: that range is a label
 * like any other.  The label asked is that of the task that makes the
 * call, whoever created the socket (received with SCM_RIGHTS, kept
 * across exec); a connection's own ephemeral port, chosen by the kernel
 * at connect(2) or at a first send, is part of the connection.
 *
 * A local server is reached as the socket that serves it: a connection
 * or a datagram to an address of the machine (loopback, any local
 * address, IPv4 or IPv6) needs c on the label of the TCP socket that
 * listens on it, or the UDP socket bound to it, as for a unix socket
 * (an allow rule); a broadcast or multicast datagram, c on every UDP
 * socket of its port; 0.0.0.0 or :: is the local address the kernel
 * sends it to.  A confined label may not create DCCP or SMC sockets,
 * whose ports no hook here sees.  Both ends
 * of a local TCP connection then know the other's label, and a
 * connected local UDP socket its peer's, for SO_PEERSEC, when Sigil
 * answers secids.
 *
 * Copyright © 2026 The Sigil authors
 */

#include <linux/in.h>
#include <linux/in6.h>
#include <linux/inetdevice.h>
#include <linux/lsm_hooks.h>
#include <linux/net.h>
#include <linux/rcupdate.h>
#include <linux/sctp.h>
#include <linux/socket.h>
#include <net/addrconf.h>
#include <net/inet_hashtables.h>
#include <net/inet6_hashtables.h>
#include <net/ip.h>
#include <net/ipv6.h>
#include <net/request_sock.h>
#include <net/sock.h>
#include <net/tcp.h>
#include <net/udp.h>
#include <net/udplite.h>

#include "cred.h"
#include "enforce.h"
#include "fs.h"
#include "label.h"
#include "net.h"
#include "secid.h"
#include "setup.h"

static struct sigil_label *port_reserved __ro_after_init;
static struct sigil_label *port_ephemeral __ro_after_init;
static struct sigil_label *port_unreserved __ro_after_init;

/* The SIGIL_PROTO_* of @sk's ports, or -1 for a socket without ports. */
static int sock_proto(const struct sock *const sk)
{
	if (sk->sk_family != AF_INET && sk->sk_family != AF_INET6)
		return -1;
	switch (sk->sk_protocol) {
	case IPPROTO_TCP:
	case IPPROTO_MPTCP:
		return sk->sk_type == SOCK_STREAM ? SIGIL_PROTO_TCP : -1;
	case IPPROTO_UDP:
	case IPPROTO_UDPLITE:
		return sk->sk_type == SOCK_DGRAM ? SIGIL_PROTO_UDP : -1;
	case IPPROTO_SCTP:
		return sk->sk_type == SOCK_STREAM ||
		       sk->sk_type == SOCK_SEQPACKET ? SIGIL_PROTO_SCTP : -1;
	}
	return -1;
}

/* The label of a port that no rule names, in @net. */
static struct sigil_label *default_label(const struct net *const net,
					 const u16 port)
{
	int lo, hi;

	if (!port)
		return port_ephemeral;
	if (port < READ_ONCE(net->ipv4.sysctl_ip_prot_sock))
		return port_reserved;
	inet_get_local_port_range(net, &lo, &hi);
	if (port >= lo && port <= hi)
		return port_ephemeral;
	return port_unreserved;
}

/*
 * Checks @perm (SIGIL_NET_*) of @subject on @port of protocol @proto in
 * @sk's network namespace, for operation @op.
 */
static int check_port_of(const struct sigil_label *const subject,
			 const struct sock *const sk, const int proto,
			 const u16 port, const u64 perm, const char *const op)
{
	struct sigil_query q = {
		.kind = SIGIL_RULE_NET,
		.perms = perm,
		.subject = subject,
		.port = port,
		.proto = proto,
	};

	return sigil_check_port(&q, default_label(sock_net(sk), port), op);
}

/* The same, for the task that makes the call. */
static int check_port(const struct sock *const sk, const int proto,
		      const u16 port, const u64 perm, const char *const op)
{
	return check_port_of(sigil_current_label(), sk, proto, port, perm, op);
}

/* An address's port: the same place in sockaddr_in and sockaddr_in6. */
static int addr_port(const struct sockaddr *const address, const int addrlen,
		     u16 *const port)
{
	if (addrlen < (int)offsetofend(struct sockaddr_in, sin_port))
		return -EINVAL;
	*port = ntohs(((const struct sockaddr_in *)address)->sin_port);
	return 0;
}

/* A destination of this machine, and how it is reached. */
struct local_dest {
	struct net *net;
	struct udp_table *udp;
	bool v6;
	/* 0.0.0.0 or ::, which the kernel turns into a local address. */
	bool unspec;
	/* Broadcast or multicast: every socket bound to the port. */
	bool group;
	__be32 addr4;
	struct in6_addr addr6;
	__be16 port;
};

/*
 * Whether @address (of @addrlen bytes) is an address of this machine,
 * or one that reaches its sockets (unspecified, broadcast, multicast),
 * filling in @d; a v4-mapped IPv6 address is its IPv4 address, and an
 * AF_UNSPEC one is read as IPv4, as IPv4 sockets read it (callers leave
 * out the IPv6 sockets, for which it names no address).
 */
static bool local_dest(struct net *const net,
		       const struct sockaddr *const address, const int addrlen,
		       struct local_dest *const d)
{
	const struct sockaddr_in6 *const sin6 = (const void *)address;
	const struct sockaddr_in *const sin = (const void *)address;

	memset(d, 0, sizeof(*d));
	d->net = net;
	if ((address->sa_family == AF_INET ||
	     address->sa_family == AF_UNSPEC) &&
	    addrlen >= (int)sizeof(struct sockaddr_in)) {
		d->addr4 = sin->sin_addr.s_addr;
		d->port = sin->sin_port;
	} else if (address->sa_family == AF_INET6 &&
		   addrlen >= SIN6_LEN_RFC2133) {
		d->port = sin6->sin6_port;
		d->v6 = !ipv6_addr_v4mapped(&sin6->sin6_addr);
		if (d->v6)
			d->addr6 = sin6->sin6_addr;
		else
			d->addr4 = sin6->sin6_addr.s6_addr32[3];
	} else {
		return false;
	}
	if (!d->port)
		return false;
	if (!d->v6) {
		d->unspec = !d->addr4;
		/* 0.0.0.0 is RTN_BROADCAST to inet_addr_type(). */
		d->group = !d->unspec && (ipv4_is_multicast(d->addr4) ||
					  ipv4_is_lbcast(d->addr4) ||
					  inet_addr_type(net, d->addr4) ==
					  RTN_BROADCAST);
		return d->unspec || d->group || ipv4_is_loopback(d->addr4) ||
		       inet_addr_type(net, d->addr4) == RTN_LOCAL;
	}
#if IS_BUILTIN(CONFIG_IPV6)
	d->unspec = ipv6_addr_any(&d->addr6);
	d->group = ipv6_addr_is_multicast(&d->addr6);
	return d->unspec || d->group || ipv6_addr_loopback(&d->addr6) ||
	       ipv6_chk_addr(net, &d->addr6, NULL, 0) ||
	       ipv6_chk_acast_addr(net, NULL, &d->addr6);
#else
	return false;
#endif
}

/*
 * The socket that serves @d for protocol @proto, arriving on device
 * @dif: the listening TCP socket, the UDP socket bound there.  Under
 * rcu_read_lock(); unreferenced.
 */
static struct sock *lookup_server(const struct local_dest *const d,
				  const int proto, const int dif)
{
	struct inet_hashinfo *const tcp = d->net->ipv4.tcp_death_row.hashinfo;

	if (proto == SIGIL_PROTO_TCP && !d->v6)
		return inet_lookup_listener(d->net, tcp, NULL, 0, 0, 0,
					    d->addr4, d->port, dif, 0);
	if (proto == SIGIL_PROTO_UDP && !d->v6)
		return __udp4_lib_lookup(d->net, 0, 0, d->addr4, d->port, dif,
					 0, d->udp, NULL);
#if IS_BUILTIN(CONFIG_IPV6)
	if (proto == SIGIL_PROTO_TCP)
		return inet6_lookup_listener(d->net, tcp, NULL, 0,
					     &in6addr_any, 0, &d->addr6,
					     ntohs(d->port), dif, 0);
	if (proto == SIGIL_PROTO_UDP)
		return __udp6_lib_lookup(d->net, &in6addr_any, 0, &d->addr6,
					 d->port, dif, 0, d->udp, NULL);
#endif
	return NULL;
}

/* The device that holds the IPv6 address of @d, or NULL.  Under RCU. */
static struct net_device *local_dev6(const struct local_dest *const d)
{
#if IS_BUILTIN(CONFIG_IPV6)
	return ipv6_dev_find(d->net, &d->addr6, NULL);
#else
	return NULL;
#endif
}

/*
 * The label of the socket that serves @d for protocol @proto, referenced,
 * or NULL for none: the listening TCP socket, the UDP socket bound there.
 */
static struct sigil_label *local_server(const struct local_dest *const d,
					const int proto)
{
	struct sigil_label *label = NULL;
	struct net_device *dev;
	struct sock *sk;

	rcu_read_lock();
	sk = lookup_server(d, proto, LOOPBACK_IFINDEX);
	/* Traffic to a device's own address arrives on that device. */
	if (IS_ERR_OR_NULL(sk)) {
		dev = d->v6 ? local_dev6(d) : __ip_dev_find(d->net, d->addr4,
							    false);
		if (dev && dev->ifindex != LOOPBACK_IFINDEX)
			sk = lookup_server(d, proto, dev->ifindex);
	}
	/* Listeners and UDP sockets are freed after a grace period. */
	if (!IS_ERR_OR_NULL(sk))
		label = sigil_label_get(sigil_sock_label(sk));
	rcu_read_unlock();
	return label;
}

/*
 * A datagram to a broadcast or multicast address of port @d->port is
 * delivered to every UDP socket bound to that port: c on the label of
 * each, under the port's slot lock.
 */
static int check_group(const struct local_dest *const d, const char *const op)
{
	const u16 hnum = ntohs(d->port);
	struct udp_hslot *const hslot = udp_hashslot(d->udp, d->net, hnum);
	const struct sigil_label *const subject = sigil_current_label();
	struct sock *sk;
	int err = 0;

	if (sigil_label_unconfined(subject))
		return 0;
	spin_lock_bh(&hslot->lock);
	sk_for_each(sk, &hslot->head) {
		if (!net_eq(sock_net(sk), d->net) ||
		    udp_sk(sk)->udp_port_hash != hnum)
			continue;
		err = sigil_check_object(subject, sigil_sock_label(sk),
					 SIGIL_PERM_CREATE, op);
		if (err)
			break;
	}
	spin_unlock_bh(&hslot->lock);
	return err;
}

/*
 * The address the kernel sends to for 0.0.0.0 or ::: for IPv4, the
 * socket's own source address, else loopback; for IPv6, loopback, IPv4's
 * if the socket is bound to a v4-mapped address.
 */
static void resolve_unspec(const struct sock *const sk,
			   struct local_dest *const d)
{
	if (!d->v6) {
		d->addr4 = READ_ONCE(inet_sk(sk)->inet_saddr) ?:
			   htonl(INADDR_LOOPBACK);
		return;
	}
#if IS_BUILTIN(CONFIG_IPV6)
	if (ipv6_addr_v4mapped(&sk->sk_v6_rcv_saddr)) {
		d->v6 = false;
		d->addr4 = htonl(INADDR_LOOPBACK);
	} else {
		d->addr6 = in6addr_loopback;
	}
#endif
}

/*
 * Whether the kernel would send @sk's packets to 0.0.0.0 elsewhere than
 * resolve_unspec() says: at the address of a device the socket names
 * (SO_BINDTODEVICE, IP_UNICAST_IF), which a confined task must name as
 * the destination instead.
 */
static bool unspec_elsewhere(const struct sock *const sk)
{
	return READ_ONCE(sk->sk_bound_dev_if) ||
	       READ_ONCE(inet_sk(sk)->uc_index);
}

/*
 * Reaching @address from @sk: c on its port's label, and when it is an
 * address of this machine, c on the label of the socket that serves it;
 * that label, referenced, in @peer if asked for.  @control: whether the
 * message has control data, which may choose its source (IP_PKTINFO).
 */
static int check_reach(const struct sock *const sk, const int proto,
		       const struct sockaddr *const address,
		       const int addrlen, const char *const op,
		       struct sigil_label **const peer, const bool control)
{
	const struct sigil_label *const subject = sigil_current_label();
	struct sigil_label *server;
	struct local_dest d;
	u16 port;
	int err;

	if (addr_port(address, addrlen, &port))
		return -EINVAL;
	err = check_port(sk, proto, port, SIGIL_NET_CONNECT, op);
	if (err || proto == SIGIL_PROTO_SCTP ||
	    !local_dest(sock_net(sk), address, addrlen, &d))
		return err;
	/*
	 * 0.0.0.0 or :: is sent to the address resolve_unspec() finds, or
	 * to the source a message's IP_PKTINFO or the socket's device
	 * names, which a confined task must name as the destination
	 * instead.
	 */
	if (d.unspec && !sigil_label_unconfined(subject) &&
	    (control || unspec_elsewhere(sk)))
		return sigil_refuse(op, subject, sigil_label_unlabeled,
				    "unspecified destination address on a chosen device");
	if (d.unspec)
		resolve_unspec(sk, &d);
	/* UDP-Lite's sockets are in a table of their own. */
	d.udp = sk->sk_protocol == IPPROTO_UDPLITE ? &udplite_table :
						     d.net->ipv4.udp_table;
	if (d.group)
		return proto == SIGIL_PROTO_UDP ? check_group(&d, op) : 0;
	server = local_server(&d, proto);
	if (!server)
		return 0;
	err = sigil_check_object(subject, server, SIGIL_PERM_CREATE, op);
	if (!err && peer)
		*peer = sigil_label_get(server);
	sigil_label_put(server);
	return err;
}

/*
 * Whether @sk is a DCCP or SMC socket, whose ports no hook here sees
 * (SMC binds and connects through a TCP socket of the kernel's), and a
 * confined task may not bind, connect or listen with it: one made by an
 * unconfined task may be passed to it.
 */
static int refuse_unmediated(const struct sock *const sk, const char *const op)
{
	const struct sigil_label *subject;

	if ((sk->sk_family != AF_INET && sk->sk_family != AF_INET6) ||
	    (sk->sk_protocol != IPPROTO_DCCP && sk->sk_protocol != IPPROTO_SMC))
		return 0;
	subject = sigil_current_label();
	if (sigil_label_unconfined(subject))
		return 0;
	return sigil_refuse(op, subject, sigil_label_unlabeled,
			    "a protocol whose ports are not mediated");
}

static int hook_socket_bind(struct socket *const sock,
			    struct sockaddr *const address, const int addrlen)
{
	const int proto = sock_proto(sock->sk);
	u16 port;

	if (!static_branch_unlikely(&sigil_policy_loaded))
		return 0;
	if (proto < 0)
		return refuse_unmediated(sock->sk, "bind");
	/* The family is the protocol's to check: AF_UNSPEC binds too. */
	if (addr_port(address, addrlen, &port))
		return -EINVAL;
	return check_port(sock->sk, proto, port, SIGIL_NET_BIND, "bind");
}

/*
 * connect(2): c on the port, and on a local server.  AF_UNSPEC
 * disconnects.  A UDP socket connected on this machine knows its peer.
 */
static int hook_socket_connect(struct socket *const sock,
			       struct sockaddr *const address,
			       const int addrlen)
{
	struct sock *const sk = sock->sk;
	const int proto = sock_proto(sk);
	struct sigil_label *peer = NULL;
	int err;

	if (proto < 0)
		return static_branch_unlikely(&sigil_policy_loaded) ?
		       refuse_unmediated(sk, "connect") : 0;
	if (addrlen < (int)offsetofend(struct sockaddr, sa_family))
		return 0;
	if (address->sa_family == AF_UNSPEC) {
		if (proto == SIGIL_PROTO_UDP)
			sigil_set_peer_label(sk, NULL);
		return 0;
	}
	if (!static_branch_unlikely(&sigil_policy_loaded) &&
	    (proto != SIGIL_PROTO_UDP || !sigil_secids_answered()))
		return 0;
	err = check_reach(sk, proto, address, addrlen, "connect",
			  proto == SIGIL_PROTO_UDP ? &peer : NULL, false);
	if (!err && proto == SIGIL_PROTO_UDP)
		sigil_set_peer_label(sk, peer);
	return err;
}

/*
 * listen(2): b on the port listened on, however the socket came by it (a
 * bind, an SCTP send or connectx, MPTCP's subflow); one not yet bound
 * binds an ephemeral port.
 */
static int hook_socket_listen(struct socket *const sock, const int backlog)
{
	struct sock *const sk = sock->sk;
	const int proto = sock_proto(sk);

	if (!static_branch_unlikely(&sigil_policy_loaded))
		return 0;
	if (proto < 0)
		return refuse_unmediated(sk, "listen");
	/* Listening again changes the backlog alone. */
	if (READ_ONCE(sk->sk_state) == TCP_LISTEN)
		return 0;
	return check_port(sk, proto, READ_ONCE(inet_sk(sk)->inet_num),
			  SIGIL_NET_BIND, "listen");
}

/*
 * IP_LOCAL_PORT_RANGE narrows where a bind to port 0, a listen(2) on an
 * unbound socket and a first send take their port, down to a single
 * port that b on ephemeral_port would then give: a confined label may
 * not set it.
 */
static int hook_socket_setsockopt(struct socket *const sock, const int level,
				  const int optname)
{
	const struct sigil_label *const subject = sigil_current_label();

	if (!static_branch_unlikely(&sigil_policy_loaded) ||
	    level != SOL_IP || optname != IP_LOCAL_PORT_RANGE ||
	    sock_proto(sock->sk) < 0 || sigil_label_unconfined(subject))
		return 0;
	return sigil_refuse("setsockopt", subject, port_ephemeral,
			    "IP_LOCAL_PORT_RANGE chooses ephemeral ports");
}

/**
 * sigil_inet_create - Refuse Internet sockets whose ports go unchecked
 *
 * @family: The address family.
 * @type: The socket type.
 * @protocol: The protocol.
 *
 * DCCP has ports that no hook here sees, and SMC binds and connects
 * through a TCP socket of the kernel's: a confined label may create
 * neither (an unconfined one may).
 *
 * Returns 0, or -%EPERM for an enforced refusal.
 */
int sigil_inet_create(const int family, const int type, const int protocol)
{
	const struct sigil_label *const subject = sigil_current_label();

	if ((family != AF_INET && family != AF_INET6) ||
	    (type != SOCK_DCCP && protocol != IPPROTO_DCCP &&
	     protocol != IPPROTO_SMC) ||
	    sigil_label_unconfined(subject))
		return 0;
	return sigil_refuse("socket", subject, sigil_label_unlabeled,
			    "a protocol whose ports are not mediated");
}

/**
 * sigil_inet_sendmsg - Check a message's destination address
 *
 * @sock: The socket.
 * @msg: The message.
 *
 * A datagram to an address (UDP, whether or not connected) and TCP Fast
 * Open's sendto(MSG_FASTOPEN), which connects, reach what connect(2)
 * would: c on the port, and on a local server.  SCTP's sends ask the
 * sctp_bind_connect hook.
 *
 * Returns 0, -%EACCES for an enforced denial, or -%EINVAL for an address
 * too short to hold a port.
 */
int sigil_inet_sendmsg(struct socket *const sock, struct msghdr *const msg)
{
	const struct sockaddr *const address = msg->msg_name;
	int proto;

	if (!address || !static_branch_unlikely(&sigil_policy_loaded))
		return 0;
	proto = sock_proto(sock->sk);
	/*
	 * AF_UNSPEC: for an IPv6 socket, no address (the connected peer);
	 * for an IPv4 one, an IPv4 address.
	 */
	if (msg->msg_namelen >= (int)offsetofend(struct sockaddr, sa_family) &&
	    address->sa_family == AF_UNSPEC && sock->sk->sk_family == AF_INET6)
		return 0;
	if (proto == SIGIL_PROTO_UDP ||
	    (proto == SIGIL_PROTO_TCP && msg->msg_flags & MSG_FASTOPEN))
		return check_reach(sock->sk, proto, msg->msg_name,
				   msg->msg_namelen, "send", NULL,
				   msg->msg_controllen);
	return 0;
}

/*
 * SCTP's own binds and connects, a list of addresses: bindx, primary
 * addresses (b); connectx, the association a send starts (c) by the
 * task; and from the peer's ASCONF chunks (c), by the socket's label.
 */
static int hook_sctp_bind_connect(struct sock *const sk, const int optname,
				  struct sockaddr *const address,
				  const int addrlen)
{
	int len, walk = 0, err = 0;
	struct sockaddr *addr;
	u16 port;

	if (!static_branch_unlikely(&sigil_policy_loaded))
		return 0;
	while (!err && walk < addrlen) {
		if (walk + (int)sizeof(sa_family_t) > addrlen)
			return -EINVAL;
		addr = (void *)address + walk;
		switch (addr->sa_family) {
		case AF_UNSPEC:
		case AF_INET:
			len = sizeof(struct sockaddr_in);
			break;
		case AF_INET6:
			len = sizeof(struct sockaddr_in6);
			break;
		default:
			return -EINVAL;
		}
		if (walk + len > addrlen)
			return -EINVAL;
		addr_port(addr, len, &port);
		switch (optname) {
		case SCTP_PRIMARY_ADDR:
		case SCTP_SET_PEER_PRIMARY_ADDR:
		case SCTP_SOCKOPT_BINDX_ADD:
			err = check_port(sk, SIGIL_PROTO_SCTP, port,
					 SIGIL_NET_BIND, "sctp_bind");
			break;
		case SCTP_SOCKOPT_CONNECTX:
		case SCTP_SENDMSG_CONNECT:
			err = check_port(sk, SIGIL_PROTO_SCTP, port,
					 SIGIL_NET_CONNECT, "sctp_connect");
			break;
		default:
			/* ASCONF: the socket's own rights, not the task's. */
			err = check_port_of(sigil_sock_label(sk), sk,
					    SIGIL_PROTO_SCTP, port,
					    SIGIL_NET_CONNECT, "sctp_asconf");
		}
		walk += len;
	}
	return err;
}

/*
 * The TCP socket of @net (a request socket too) whose remote end is
 * @raddr port @rport and local end @laddr port @lport, the addresses a
 * __be32 or a struct in6_addr, referenced: the other end of a connection
 * between two sockets of @net, or NULL.  Under rcu_read_lock().
 */
static struct sock *find_end(struct net *const net, const bool v6,
			     const void *const raddr, const u16 rport,
			     const void *const laddr, const u16 lport)
{
	struct inet_hashinfo *const tcp = net->ipv4.tcp_death_row.hashinfo;

#if IS_BUILTIN(CONFIG_IPV6)
	if (v6)
		return __inet6_lookup_established(net, tcp, raddr, htons(rport),
						  laddr, lport,
						  LOOPBACK_IFINDEX, 0);
#endif
	return __inet_lookup_established(net, tcp, *(const __be32 *)raddr,
					 htons(rport), *(const __be32 *)laddr,
					 lport, LOOPBACK_IFINDEX, 0);
}

/* The label of a local connection's other end, by @sk's ends, or NULL. */
static struct sigil_label *local_end(struct net *const net,
				     const struct sock *const sk)
{
	const struct sock *owner = NULL;
	struct sigil_label *label = NULL;
	struct sock *other;

	rcu_read_lock();
#if IS_BUILTIN(CONFIG_IPV6)
	if (sk->sk_family == AF_INET6 && !ipv6_addr_v4mapped(&sk->sk_v6_daddr))
		other = find_end(net, true, &sk->sk_v6_rcv_saddr, sk->sk_num,
				 &sk->sk_v6_daddr, ntohs(sk->sk_dport));
	else
#endif
		other = find_end(net, false, &sk->sk_rcv_saddr, sk->sk_num,
				 &sk->sk_daddr, ntohs(sk->sk_dport));
	if (other) {
		/* A connection the server has not accepted yet. */
		if (other->sk_state == TCP_NEW_SYN_RECV)
			owner = inet_reqsk(other)->rsk_listener;
		else if (other->sk_state != TCP_TIME_WAIT)
			owner = other;
		if (owner)
			label = sigil_label_get(sigil_sock_label(owner));
		sock_gen_put(other);
	}
	rcu_read_unlock();
	return label;
}

/*
 * A connection request from this machine: the server's end will know
 * its client's label, found by the client's socket (its ends are the
 * request's, swapped), for SO_PEERSEC.  Only a socket of this network
 * namespace has those ends: a request from elsewhere finds none.
 */
static int hook_inet_conn_request(const struct sock *const sk,
				  struct sk_buff *const skb,
				  struct request_sock *const req)
{
	const struct inet_request_sock *const ireq = inet_rsk(req);
	struct sock *client;

	if (!sigil_secids_answered())
		return 0;
	req->peer_secid = 0;
	rcu_read_lock();
#if IS_BUILTIN(CONFIG_IPV6)
	if (req->rsk_ops->family == AF_INET6)
		client = find_end(sock_net(sk), true, &ireq->ir_v6_loc_addr,
				  ireq->ir_num, &ireq->ir_v6_rmt_addr,
				  ntohs(ireq->ir_rmt_port));
	else
#endif
		client = find_end(sock_net(sk), false, &ireq->ir_loc_addr,
				  ireq->ir_num, &ireq->ir_rmt_addr,
				  ntohs(ireq->ir_rmt_port));
	if (client) {
		if (sk_fullsock(client))
			req->peer_secid = sigil_secid(sigil_sock_label(client));
		sock_gen_put(client);
	}
	rcu_read_unlock();
	return 0;
}

/* The server's end of a local connection: its client's label. */
static void hook_inet_csk_clone(struct sock *const newsk,
				const struct request_sock *const req)
{
	if (sigil_secids_answered() && req->peer_secid)
		sigil_set_peer_label(newsk, sigil_secid_label(req->peer_secid));
}

/*
 * The client's end of a connection: its server's label, if the server
 * is a socket of this network namespace.
 */
static void hook_inet_conn_established(struct sock *const sk,
				       struct sk_buff *const skb)
{
	if (sigil_secids_answered())
		sigil_set_peer_label(sk, local_end(sock_net(sk), sk));
}

/*
 * An SCTP association accepted or peeled off into a socket of its own
 * (sctp_copy_sock()): the new socket is its listener's, as a TCP
 * connection's is, with no peer label.  Without this it would be
 * unlabelled, the kernel's.
 */
static void hook_sctp_sk_clone(struct sctp_association *const asoc,
			       struct sock *const sk, struct sock *const newsk)
{
	sigil_set_sock_label(newsk, sigil_label_get(sigil_sock_label(sk)));
	sigil_set_peer_label(newsk, NULL);
}

/*
 * An MPTCP socket's subflows are its own: they take its label, those this
 * side opens and those that join it (mptcp_finish_join()).
 */
static int hook_mptcp_add_subflow(struct sock *const sk, struct sock *const ssk)
{
	struct sigil_label *const label = sigil_sock_label(sk);

	sigil_set_sock_label(ssk, sigil_label_get(label));
	if (ssk->sk_socket)
		sigil_set_object_label(SOCK_INODE(ssk->sk_socket),
				       sigil_label_get(label));
	return 0;
}

static struct security_hook_list sigil_inet_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(socket_bind, hook_socket_bind),
	LSM_HOOK_INIT(socket_connect, hook_socket_connect),
	LSM_HOOK_INIT(socket_listen, hook_socket_listen),
	LSM_HOOK_INIT(socket_setsockopt, hook_socket_setsockopt),
	LSM_HOOK_INIT(sctp_bind_connect, hook_sctp_bind_connect),
	LSM_HOOK_INIT(sctp_sk_clone, hook_sctp_sk_clone),
	LSM_HOOK_INIT(inet_conn_request, hook_inet_conn_request),
	LSM_HOOK_INIT(inet_csk_clone, hook_inet_csk_clone),
	LSM_HOOK_INIT(inet_conn_established, hook_inet_conn_established),
	LSM_HOOK_INIT(mptcp_add_subflow, hook_mptcp_add_subflow),
};

/**
 * sigil_add_inet_hooks - Register the hooks of Internet sockets
 */
void __init sigil_add_inet_hooks(void)
{
	static const char *const names[] = {
		SIGIL_LABEL_PORT_RESERVED, SIGIL_LABEL_PORT_EPHEMERAL,
		SIGIL_LABEL_PORT_UNRESERVED,
	};
	struct sigil_label **const labels[] = {
		&port_reserved, &port_ephemeral, &port_unreserved,
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(names); i++) {
		*labels[i] = sigil_label_intern(names[i], strlen(names[i]),
						GFP_KERNEL);
		if (IS_ERR(*labels[i]))
			panic("sigil: no memory for the port labels\n");
	}
	security_add_hooks(sigil_inet_hooks, ARRAY_SIZE(sigil_inet_hooks),
			   &sigil_lsmid);
}
