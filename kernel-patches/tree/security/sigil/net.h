/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Sigil LSM - Sockets
 *
 * Copyright © 2026 The Sigil authors
 */

#ifndef _SECURITY_SIGIL_NET_H
#define _SECURITY_SIGIL_NET_H

#include <linux/init.h>
#include <linux/rcupdate.h>
#include <net/sock.h>

#include "label.h"
#include "setup.h"

/**
 * struct sigil_sock - A socket's labels, in its blob
 */
struct sigil_sock {
	/**
	 * @label: The label of the task that created the socket,
	 * referenced; NULL until socket_post_create or a clone sets it,
	 * which counts as %SIGIL_LABEL_KERNEL.
	 */
	struct sigil_label *label;
	/**
	 * @peer: For a connected unix stream socket, and a TCP or UDP
	 * socket connected on this machine (inet.c), the label of the
	 * socket at the other end, referenced; NULL otherwise.  Read under
	 * RCU: the label it replaces is freed after a grace period.
	 */
	struct sigil_label __rcu *peer;
};

static inline struct sigil_sock *sigil_sock(const struct sock *const sk)
{
	return sk->sk_security + sigil_blob_sizes.lbs_sock;
}

/* @sk's label, unreferenced: valid while @sk is. */
static inline struct sigil_label *sigil_sock_label(const struct sock *const sk)
{
	return sigil_label_or_kernel(READ_ONCE(sigil_sock(sk)->label));
}

/* Gives @sk the referenced @label, before anyone else can see it. */
static inline void sigil_set_sock_label(struct sock *const sk,
					struct sigil_label *const label)
{
	sigil_label_put(xchg(&sigil_sock(sk)->label, label));
}

/* Gives @sk the referenced @label of its peer, or none for NULL. */
static inline void sigil_set_peer_label(struct sock *const sk,
					struct sigil_label *const label)
{
	sigil_label_put(unrcu_pointer(xchg(&sigil_sock(sk)->peer,
					   RCU_INITIALIZER(label))));
}

#ifdef CONFIG_INET
void __init sigil_add_inet_hooks(void);
int sigil_inet_sendmsg(struct socket *sock, struct msghdr *msg);
int sigil_inet_create(int family, int type, int protocol);
#else
static inline void sigil_add_inet_hooks(void)
{
}

static inline int sigil_inet_sendmsg(struct socket *sock, struct msghdr *msg)
{
	return 0;
}

static inline int sigil_inet_create(int family, int type, int protocol)
{
	return 0;
}
#endif

#if IS_ENABLED(CONFIG_NETWORK_SECMARK) && IS_ENABLED(CONFIG_NETFILTER)
void __init sigil_add_packet_hooks(void);
int sigil_packet_recvmsg(struct sock *sk, int flags);
#else
static inline void sigil_add_packet_hooks(void)
{
}

static inline int sigil_packet_recvmsg(struct sock *sk, int flags)
{
	return 0;
}
#endif

#endif /* _SECURITY_SIGIL_NET_H */
