// SPDX-License-Identifier: GPL-2.0-only
/*
 * Sigil LSM - Packet labels: the firewall's secmark
 *
 * The firewall may give a packet a label: an nftables secmark object
 * whose context is a label ("meta secmark set", and "ct secmark set" to
 * carry it to a connection's later packets), or iptables' SECMARK
 * target.  Making such an object needs m on its label (a net rule), for
 * the task that makes it, and only a label that the running policy names
 * is one: a context of one's choosing, as anyone may write in a network
 * namespace of a user namespace of their own, is refused and creates
 * nothing.
 *
 * A labelled packet is then checked against the socket that sends or
 * receives it: s on its label for a packet the socket sends (after the
 * output and postrouting chains of priority up to 225, the last of
 * which a firewall labels in), r for one it receives (after the input
 * chains).  The label asked is the socket's, that of the task that made
 * it, since a packet leaves and arrives when no task asks (a TCP
 * retransmission, a segment that arrives before the read): a task that
 * uses another label's socket needs w or r on that label already
 * (net.c).  A packet the firewall did not label is not checked, nor is a
 * forwarded one; a packet whose label the policy no longer names is
 * checked as unlabeled.  Until some network namespace has a secmark,
 * no packet can carry one, and no packet is looked at.
 *
 * Copyright © 2026 The Sigil authors
 */

#include <linux/atomic.h>
#include <linux/lsm_hooks.h>
#include <linux/netfilter.h>
#include <linux/netfilter_ipv4.h>
#include <linux/netfilter_ipv6.h>
#include <linux/skbuff.h>
#include <net/net_namespace.h>
#include <net/sock.h>

#include "cred.h"
#include "enforce.h"
#include "label.h"
#include "net.h"
#include "secid.h"
#include "setup.h"

/* The secmarks of every network namespace's firewall, counted. */
static atomic_t sigil_secmarks = ATOMIC_INIT(0);

/*
 * Whether @skb may carry a secmark of Sigil's: one exists somewhere, and
 * the secids are Sigil's (not those of a module that answers them).
 */
static bool packet_labelled(const struct sk_buff *const skb)
{
	return atomic_read(&sigil_secmarks) && skb->secmark &&
	       sigil_secids_answered();
}

/* Checks @perm (SIGIL_NET_*) of @subject on the packet label @object. */
static int check_packet_label(const struct sigil_label *const subject,
			      const struct sigil_label *const object,
			      const u64 perm, const char *const op)
{
	const struct sigil_query q = {
		.kind = SIGIL_RULE_NET,
		.perms = perm,
		.subject = subject,
		.object = object,
		.proto = SIGIL_PROTOS,
	};

	return sigil_check(&q, op, NULL);
}

/* Checks @perm of @sk's label on @secmark's label (unlabeled if gone). */
static int check_secmark(const struct sock *const sk, const u32 secmark,
			 const u64 perm, const char *const op)
{
	struct sigil_label *label = sigil_secid_label(secmark);
	int err;

	err = check_packet_label(sigil_sock_label(sk),
				 label ?: sigil_label_unlabeled, perm, op);
	sigil_label_put(label);
	return err;
}

/*
 * The firewall's relabel of packets to @secid (an nftables secmark
 * object made, or reset; an iptables SECMARK rule): m on its label.
 */
static int hook_secmark_relabel_packet(const u32 secid)
{
	struct sigil_label *label;
	int err;

	if (!sigil_secids_answered())
		return 0;
	label = sigil_secid_label(secid);
	if (!label)
		return -EINVAL;
	err = check_packet_label(sigil_current_label(), label, SIGIL_NET_MARK,
				 "secmark");
	sigil_label_put(label);
	return err;
}

static void hook_secmark_refcount_inc(void)
{
	atomic_inc(&sigil_secmarks);
}

static void hook_secmark_refcount_dec(void)
{
	atomic_dec(&sigil_secmarks);
}

/* A packet that @sk receives, after the input chains: r on its label. */
static int hook_socket_sock_rcv_skb(struct sock *const sk,
				    struct sk_buff *const skb)
{
	if (likely(!packet_labelled(skb)) || !sk_fullsock(sk))
		return 0;
	return check_secmark(sk, skb->secmark, SIGIL_NET_RECV, "packet_recv");
}

/**
 * sigil_packet_recvmsg - Check a read of a socket's error queue
 *
 * @sk: The socket.
 * @flags: The flags of recvmsg(2).
 *
 * An ICMP error (or a timestamp) queued with IP_RECVERR reaches the error
 * queue without socket_sock_rcv_skb(): r on the label of the packet that
 * MSG_ERRQUEUE would read.
 *
 * Returns 0, or -%EACCES for an enforced denial.
 */
int sigil_packet_recvmsg(struct sock *const sk, const int flags)
{
	struct sk_buff_head *const q = &sk->sk_error_queue;
	unsigned long irq;
	struct sk_buff *skb;
	u32 secmark = 0;

	if (likely(!(flags & MSG_ERRQUEUE) || !atomic_read(&sigil_secmarks) ||
		   !sigil_secids_answered()))
		return 0;
	spin_lock_irqsave(&q->lock, irq);
	skb = skb_peek(q);
	if (skb)
		secmark = skb->secmark;
	spin_unlock_irqrestore(&q->lock, irq);
	if (!secmark)
		return 0;
	return check_secmark(sk, secmark, SIGIL_NET_RECV, "packet_errqueue");
}

/*
 * A packet leaving the machine or looped back, after the chains that may
 * label it: s on its label for the socket that sends it, the one the
 * output path names (a multicast or broadcast copy looped back to this
 * machine has none of its own).  A SYN-ACK is its listener's; a packet of
 * no full socket (forwarded, or a time-wait socket's) is not checked.
 */
static unsigned int sigil_nf_output(void *const priv, struct sk_buff *const skb,
				    const struct nf_hook_state *const state)
{
	const struct sock *sk;

	if (likely(!packet_labelled(skb)))
		return NF_ACCEPT;
	sk = sk_to_full_sk(state->sk ?: skb->sk);
	if (!sk || !sk_fullsock(sk))
		return NF_ACCEPT;
	if (check_secmark(sk, skb->secmark, SIGIL_NET_SEND, "packet_send"))
		return NF_DROP;
	return NF_ACCEPT;
}

/*
 * A packet arriving from a device, before any chain: a label is this
 * network namespace's firewall's to give, and one given in another
 * (whose firewall a user namespace's root may write, with any number)
 * does not cross a veth pair.  Only loopback packets, labelled here as
 * they left, keep theirs.
 */
static unsigned int sigil_nf_input(void *const priv, struct sk_buff *const skb,
				   const struct nf_hook_state *const state)
{
	if (unlikely(skb->secmark) && state->in &&
	    !(state->in->flags & IFF_LOOPBACK))
		skb->secmark = 0;
	return NF_ACCEPT;
}

static const struct nf_hook_ops sigil_nf_ops[] = {
	{
		.hook = sigil_nf_output,
		.pf = NFPROTO_IPV4,
		.hooknum = NF_INET_POST_ROUTING,
		.priority = NF_IP_PRI_SELINUX_LAST,
	},
	{
		.hook = sigil_nf_input,
		.pf = NFPROTO_IPV4,
		.hooknum = NF_INET_PRE_ROUTING,
		.priority = NF_IP_PRI_FIRST,
	},
#if IS_ENABLED(CONFIG_IPV6)
	{
		.hook = sigil_nf_output,
		.pf = NFPROTO_IPV6,
		.hooknum = NF_INET_POST_ROUTING,
		.priority = NF_IP6_PRI_SELINUX_LAST,
	},
	{
		.hook = sigil_nf_input,
		.pf = NFPROTO_IPV6,
		.hooknum = NF_INET_PRE_ROUTING,
		.priority = NF_IP6_PRI_FIRST,
	},
#endif
};

static int __net_init sigil_nf_register(struct net *const net)
{
	return nf_register_net_hooks(net, sigil_nf_ops,
				     ARRAY_SIZE(sigil_nf_ops));
}

static void __net_exit sigil_nf_unregister(struct net *const net)
{
	nf_unregister_net_hooks(net, sigil_nf_ops, ARRAY_SIZE(sigil_nf_ops));
}

static struct pernet_operations sigil_net_ops = {
	.init = sigil_nf_register,
	.exit = sigil_nf_unregister,
};

/* After the network's own set-up, as SELinux's and Smack's. */
static int __init sigil_nf_init(void)
{
	int err;

	if (!sigil_enabled)
		return 0;
	err = register_pernet_subsys(&sigil_net_ops);
	if (err)
		panic("sigil: no netfilter hooks: %d\n", err);
	return 0;
}
device_initcall(sigil_nf_init);

static struct security_hook_list sigil_packet_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(secmark_relabel_packet, hook_secmark_relabel_packet),
	LSM_HOOK_INIT(secmark_refcount_inc, hook_secmark_refcount_inc),
	LSM_HOOK_INIT(secmark_refcount_dec, hook_secmark_refcount_dec),
	LSM_HOOK_INIT(socket_sock_rcv_skb, hook_socket_sock_rcv_skb),
};

/**
 * sigil_add_packet_hooks - Register the hooks of packet labels
 */
void __init sigil_add_packet_hooks(void)
{
	security_add_hooks(sigil_packet_hooks, ARRAY_SIZE(sigil_packet_hooks),
			   &sigil_lsmid);
}
