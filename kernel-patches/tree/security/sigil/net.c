// SPDX-License-Identifier: GPL-2.0-only
/*
 * Sigil LSM - Sockets
 *
 * A socket carries the label of the task that created it (a socket the
 * kernel makes for itself, %SIGIL_LABEL_KERNEL), and so does its inode:
 * using another label's socket, received or inherited, is reading and
 * writing an object of that label, as for a file (r and w).  Creating a
 * socket needs a socket rule naming its address family.  Reaching a unix
 * socket is another right, c: connecting to a listening socket, sending
 * a datagram to a socket.  A socket bound to a path is reached as its
 * file, whatever task bound it (PID 1 binds the sockets it activates),
 * so c is asked on the socket file's label, beside the w the kernel's
 * own write check asks on it; an abstract or unbound socket is reached
 * as itself, c on its label.  A service that writes to the stream
 * systemd connected for it (w on its label) does not reach the other
 * listeners of that label.  Packets carry no label.
 *
 * Internet sockets' ports and local peers are inet.c's.
 *
 * A connected unix stream socket also knows its peer's label, for
 * SO_PEERSEC: the label of the socket at the other end when connect(2) or
 * socketpair(2) joined them.  A unix datagram carries its sending
 * socket's label, for SCM_SECURITY.  Both are answered only when Sigil
 * answers secids (secid.c).
 *
 * Copyright © 2026 The Sigil authors
 */

#include <linux/lsm_hooks.h>
#include <linux/net.h>
#include <linux/rcupdate.h>
#include <linux/socket.h>
#include <linux/sockptr.h>
#include <net/af_unix.h>
#include <net/sock.h>

#include "cred.h"
#include "enforce.h"
#include "fs.h"
#include "label.h"
#include "net.h"
#include "secid.h"
#include "setup.h"

static int hook_socket_create(const int family, const int type,
			      const int protocol, const int kern)
{
	const struct sigil_query q = {
		.kind = SIGIL_RULE_SOCKET,
		.perms = BIT_ULL(family),
		.subject = sigil_current_label(),
	};
	int err;

	if (kern || !static_branch_unlikely(&sigil_policy_loaded))
		return 0;
	err = sigil_check(&q, "socket", NULL);
	return err ?: sigil_inet_create(family, type, protocol);
}

static int hook_socket_post_create(struct socket *const sock,
				   const int family, const int type,
				   const int protocol, const int kern)
{
	struct sigil_label *const label = kern ? sigil_label_kernel :
						 sigil_current_label();

	if (sock->sk)
		sigil_set_sock_label(sock->sk, sigil_label_get(label));
	sigil_set_object_label(SOCK_INODE(sock), sigil_label_get(label));
	return 0;
}

/* The socket accept(2) returns: its listener's label, which it shares. */
static int hook_socket_accept(struct socket *const sock,
			      struct socket *const newsock)
{
	sigil_set_object_label(SOCK_INODE(newsock),
			       sigil_label_get(sigil_sock_label(sock->sk)));
	return 0;
}

/*
 * Sending and receiving on a socket of another label: w and r on it; a
 * message to an Internet address reaches its port (inet.c).
 */
static int hook_socket_sendmsg(struct socket *const sock,
			       struct msghdr *const msg, const int size)
{
	const int err = sigil_check_object(sigil_current_label(),
					   sigil_sock_label(sock->sk),
					   SIGIL_PERM_WRITE, "sendmsg");

	return err ?: sigil_inet_sendmsg(sock, msg);
}

static int hook_socket_recvmsg(struct socket *const sock,
			       struct msghdr *const msg, const int size,
			       const int flags)
{
	return sigil_check_object(sigil_current_label(), sigil_sock_label(sock->sk),
				  SIGIL_PERM_READ, "recvmsg") ?:
	       sigil_packet_recvmsg(sock->sk, flags);
}

/*
 * Reaching the unix socket @other (connect(2), a datagram): c on its
 * file's label when it is bound to a path, else on its own.  Called
 * under @other's state lock, which keeps its path.
 */
static int check_reach(const struct sock *const other, const char *const op)
{
	const struct dentry *const file = unix_sk(other)->path.dentry;
	struct sigil_label *label;
	int err;

	if (!static_branch_unlikely(&sigil_policy_loaded))
		return 0;
	label = file ? sigil_inode_label(d_backing_inode(file)) :
		       sigil_label_get(sigil_sock_label(other));
	err = sigil_check_object(sigil_current_label(), label,
				 SIGIL_PERM_CREATE, op);
	sigil_label_put(label);
	return err;
}

/*
 * connect(2) to a listening unix stream socket: c on it (check_reach()).
 * The server's end of the new connection, @newsk, takes the listener's
 * label.  Under the listener's state lock: does not sleep.
 */
static int hook_unix_stream_connect(struct sock *const sock,
				    struct sock *const other,
				    struct sock *const newsk)
{
	struct sigil_label *const peer = sigil_sock_label(other);
	int err;

	err = check_reach(other, "connect");
	if (err)
		return err;
	sigil_set_sock_label(newsk, sigil_label_get(peer));
	sigil_set_peer_label(newsk, sigil_label_get(sigil_sock_label(sock)));
	sigil_set_peer_label(sock, sigil_label_get(peer));
	return 0;
}

static int hook_socket_socketpair(struct socket *const socka,
				  struct socket *const sockb)
{
	sigil_set_peer_label(socka->sk, sigil_label_get(sigil_sock_label(sockb->sk)));
	sigil_set_peer_label(sockb->sk, sigil_label_get(sigil_sock_label(socka->sk)));
	return 0;
}

/*
 * SO_PEERSEC: the label of the peer of a unix stream socket, of a TCP
 * socket connected on this machine, or of a UDP socket connected to one
 * (inet.c), NUL-terminated.  Other sockets carry no label (Sigil does no
 * labelled networking between machines): ENOPROTOOPT, as for an
 * unconnected socket.
 */
static int hook_socket_getpeersec_stream(struct socket *const sock,
					 sockptr_t optval, sockptr_t optlen,
					 const unsigned int len)
{
	struct sigil_label *peer;
	unsigned int size;
	int err = 0;

	if (!sigil_secids_answered() || !sock->sk)
		return -ENOPROTOOPT;
	rcu_read_lock();
	peer = rcu_dereference(sigil_sock(sock->sk)->peer);
	if (peer && !refcount_inc_not_zero(&peer->usage))
		peer = NULL;
	rcu_read_unlock();
	if (!peer)
		return -ENOPROTOOPT;
	size = peer->len + 1;
	if (size > len)
		err = -ERANGE;
	else if (copy_to_sockptr(optval, peer->str, size))
		err = -EFAULT;
	if (copy_to_sockptr(optlen, &size, sizeof(size)))
		err = -EFAULT;
	sigil_label_put(peer);
	return err;
}

/*
 * SCM_SECURITY: a unix datagram (or stream message) carries the secid of
 * the socket that sent it; a packet of another family, none.
 */
static int hook_socket_getpeersec_dgram(struct socket *const sock,
					struct sk_buff *const skb,
					u32 *const secid)
{
	if (!sigil_secids_answered() || !sock || !sock->sk ||
	    sock->sk->sk_family != AF_UNIX)
		return -ENOPROTOOPT;
	*secid = sigil_secid(sigil_sock_label(sock->sk));
	return *secid ? 0 : -ENOPROTOOPT;
}

/*
 * A datagram to a unix socket (sendmsg(2), or connect(2) naming it): c
 * on it (check_reach()), under its state lock.  A datagram to the peer
 * of a connected socket reaches no one new: connect(2) asked, or the
 * socket came from socketpair(2); using the socket is the sendmsg check.
 */
static int hook_unix_may_send(struct socket *const sock,
			      struct socket *const other)
{
	if (READ_ONCE(unix_peer(sock->sk)) == other->sk)
		return 0;
	return check_reach(other->sk, "send");
}

/* The new end of an accepted TCP connection, and other clones. */
static void hook_sk_clone_security(const struct sock *const sk,
				   struct sock *const newsk)
{
	sigil_set_sock_label(newsk, sigil_label_get(sigil_sock_label(sk)));
}

static void hook_sk_free_security(struct sock *const sk)
{
	sigil_label_put(sigil_sock(sk)->label);
	/* No one else can see the socket any more. */
	sigil_label_put(rcu_dereference_protected(sigil_sock(sk)->peer, 1));
}

static struct security_hook_list sigil_net_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(socket_create, hook_socket_create),
	LSM_HOOK_INIT(socket_post_create, hook_socket_post_create),
	LSM_HOOK_INIT(socket_accept, hook_socket_accept),
	LSM_HOOK_INIT(socket_sendmsg, hook_socket_sendmsg),
	LSM_HOOK_INIT(socket_recvmsg, hook_socket_recvmsg),
	LSM_HOOK_INIT(unix_stream_connect, hook_unix_stream_connect),
	LSM_HOOK_INIT(unix_may_send, hook_unix_may_send),
	LSM_HOOK_INIT(socket_socketpair, hook_socket_socketpair),
	LSM_HOOK_INIT(socket_getpeersec_stream, hook_socket_getpeersec_stream),
	LSM_HOOK_INIT(socket_getpeersec_dgram, hook_socket_getpeersec_dgram),
	LSM_HOOK_INIT(sk_clone_security, hook_sk_clone_security),
	LSM_HOOK_INIT(sk_free_security, hook_sk_free_security),
};

/**
 * sigil_add_net_hooks - Register the socket hooks
 */
void __init sigil_add_net_hooks(void)
{
	security_add_hooks(sigil_net_hooks, ARRAY_SIZE(sigil_net_hooks),
			   &sigil_lsmid);
}
