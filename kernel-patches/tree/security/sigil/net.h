/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Sigil LSM - Sockets
 *
 * Copyright © 2026 The Sigil authors
 */

#ifndef _SECURITY_SIGIL_NET_H
#define _SECURITY_SIGIL_NET_H

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
	 * @peer: For a connected unix stream socket, the label of the
	 * socket at the other end, referenced; NULL otherwise.  Read under
	 * RCU: the label it replaces is freed after a grace period.
	 */
	struct sigil_label __rcu *peer;
};

static inline struct sigil_sock *sigil_sock(const struct sock *const sk)
{
	return sk->sk_security + sigil_blob_sizes.lbs_sock;
}

#endif /* _SECURITY_SIGIL_NET_H */
