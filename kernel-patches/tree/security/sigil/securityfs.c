// SPDX-License-Identifier: GPL-2.0-only
/*
 * Sigil LSM - The /sys/kernel/security/sigil/ interface
 *
 *   policy   write a whole policy through one open file, loaded when it is
 *            closed (CAP_MAC_ADMIN); read it back, canonical
 *   enforce  1 enforcing, 0 permissive; writing needs CAP_MAC_ADMIN
 *   access   write a query, read back the verdict
 *   status   generation, rules, denials, unlogged, labels, enforcing,
 *            last load error
 *   rules    how often each rule of the running policy was used, and
 *            when last (sigilctl rules)
 *
 * Copyright © 2026 The Sigil authors
 */

#define pr_fmt(fmt) "sigil: " fmt

#include <linux/audit.h>
#include <linux/capability.h>
#include <linux/cred.h>
#include <linux/err.h>
#include <linux/fs.h>
#include <linux/init.h>
#include <linux/mm.h>
#include <linux/mutex.h>
#include <linux/sizes.h>
#include <linux/sched/signal.h>
#include <linux/security.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include "audit.h"
#include "cred.h"
#include "enforce.h"
#include "fs.h"
#include "label.h"
#include "policy.h"
#include "setup.h"

static DEFINE_MUTEX(last_error_mutex);
static char last_error[288] = "none";

/* Records why a policy was rejected: in status, the kernel log and audit. */
static __printf(1, 2) void set_last_error(const char *fmt, ...)
{
	va_list args;

	mutex_lock(&last_error_mutex);
	va_start(args, fmt);
	vsnprintf(last_error, sizeof(last_error), fmt, args);
	va_end(args);
	pr_err("policy rejected, %s; the running policy stays\n", last_error);
	mutex_unlock(&last_error_mutex);
	sigil_audit_load(0, false);
}

/* Parses @text and, if it is valid, makes it the running policy. */
static int load_policy(const char *text, size_t size)
{
	struct sigil_policy_error err = { 0 };
	struct sigil_policy *policy, *old;
	unsigned int nrules;
	char *buf;

	policy = sigil_policy_parse(text, size, &err);
	if (IS_ERR(policy)) {
		if (PTR_ERR(policy) != -EINVAL)
			set_last_error("out of memory for a policy of %zu bytes", size);
		else if (err.line)
			set_last_error("line %u: %s", err.line, err.reason);
		else
			set_last_error("%s", err.reason);
		return PTR_ERR(policy);
	}
	/* The genfs relabel's buffer: no failure once the policy is in. */
	buf = kmalloc(PATH_MAX, GFP_KERNEL);
	if (!buf || sigil_policy_start_use(policy, text, size)) {
		kfree(buf);
		sigil_policy_free(policy);
		set_last_error("out of memory for a policy of %zu bytes", size);
		return -ENOMEM;
	}
	/* Once published, another load may free it at any time. */
	nrules = policy->nrules;
	old = sigil_replace_policy(policy);
	sigil_relabel_genfs(old, buf);
	sigil_policy_free_rcu(old);
	mutex_lock(&last_error_mutex);
	strscpy(last_error, "none", sizeof(last_error));
	mutex_unlock(&last_error_mutex);
	pr_info("policy loaded: %u rules\n", nrules);
	sigil_audit_load(nrules, true);
	return 0;
}

/*
 * A policy is written through one open file, in as many writes as the
 * writer likes (cat and dd write in chunks), and loaded when that file is
 * closed: the whole text or nothing.  A failed write (EFAULT, EFBIG,
 * ENOMEM) or a write out of sequence spoils the file, and nothing is
 * loaded from it; nor from a file whose last holder dies of a signal
 * before it closed it (a writer killed halfway would load half a
 * policy), while a writer that exits, closing it by exiting, loads.
 * The verdict is returned by the close(2) that drops the last reference
 * to the file (flush), else only reported in status and the kernel log.
 */
struct policy_load {
	/* Serialises the writes, the load and the release. */
	struct mutex lock;
	/* The text gathered so far, @len bytes in @cap. */
	char *text;
	size_t len, cap;
	/* The error that spoiled the file, or 0. */
	int err;
	/* Whether write(2) was called, and whether the text was loaded. */
	bool written, done;
};

static ssize_t policy_write(struct file *file, const char __user *buf,
			    size_t count, loff_t *ppos)
{
	struct policy_load *const load = file->private_data;
	size_t cap;
	char *text;
	ssize_t ret;

	mutex_lock(&load->lock);
	ret = load->err;
	if (ret)
		goto out;
	ret = -EINVAL;
	if (load->done || *ppos != load->len)
		goto out;
	load->written = true;
	if (count > SIGIL_POLICY_MAX_BYTES - load->len) {
		set_last_error("larger than %lu bytes", SIGIL_POLICY_MAX_BYTES);
		ret = -EFBIG;
		goto spoil;
	}
	if (load->len + count > load->cap) {
		cap = clamp(load->cap * 2, load->len + count, SIGIL_POLICY_MAX_BYTES);
		cap = max(cap, SZ_64K);
		text = kvrealloc(load->text, cap, GFP_KERNEL_ACCOUNT);
		if (!text) {
			set_last_error("out of memory for a policy of %zu bytes",
				       load->len + count);
			ret = -ENOMEM;
			goto spoil;
		}
		load->text = text;
		load->cap = cap;
	}
	if (copy_from_user(load->text + load->len, buf, count)) {
		ret = -EFAULT;
		goto spoil;
	}
	load->len += count;
	*ppos = load->len;
	ret = count;
	goto out;
spoil:
	load->err = ret;
out:
	mutex_unlock(&load->lock);
	return ret;
}

/* Loads what was written, once; returns the verdict. */
static int policy_commit(struct policy_load *const load)
{
	int ret;

	mutex_lock(&load->lock);
	ret = load->err;
	if (!ret && load->written && !load->done) {
		ret = load_policy(load->text, load->len);
		load->err = ret;
	}
	kvfree(load->text);
	load->text = NULL;
	load->len = 0;
	load->cap = 0;
	load->done = true;
	mutex_unlock(&load->lock);
	return ret;
}

static int policy_show(struct seq_file *m, void *v)
{
	return sigil_policy_show(m);
}

/*
 * Once a policy is loaded, it guards itself: the opener's label needs a
 * policy rule (or to be unconfined) to load, to switch the mode and to
 * read the policy back.  The first load at boot needs CAP_MAC_ADMIN only.
 */
static int may_administer(const struct file *file, u64 perm, const char *op)
{
	const struct sigil_query q = {
		.kind = SIGIL_RULE_POLICY,
		.perms = perm,
		.subject = sigil_cred_label(file->f_cred),
	};

	if (!static_branch_unlikely(&sigil_policy_loaded))
		return 0;
	return sigil_check(&q, op, NULL);
}

/* Read-only opens read the policy back; write-only opens load one. */
static int policy_open(struct inode *inode, struct file *file)
{
	struct policy_load *load;
	int err;

	if (!(file->f_mode & FMODE_WRITE)) {
		err = may_administer(file, SIGIL_POLICY_READ, "readpolicy");
		return err ? err : single_open(file, policy_show, NULL);
	}
	if (file->f_mode & FMODE_READ)
		return -EINVAL;
	if (!file_ns_capable(file, &init_user_ns, CAP_MAC_ADMIN))
		return -EPERM;
	err = may_administer(file, SIGIL_POLICY_LOAD, "loadpolicy");
	if (err)
		return err;
	load = kzalloc(sizeof(*load), GFP_KERNEL_ACCOUNT);
	if (!load)
		return -ENOMEM;
	mutex_init(&load->lock);
	file->private_data = load;
	return 0;
}

/* Whether the calling task is closing its files as it dies of a signal. */
static bool killed(void)
{
	return current->flags & PF_EXITING &&
	       READ_ONCE(current->signal->group_exit_code) & 0x7f;
}

/* The close(2) that drops the last reference loads, and says how it went. */
static int policy_flush(struct file *file, fl_owner_t id)
{
	struct policy_load *const load = file->private_data;

	if (!(file->f_mode & FMODE_WRITE) || file_count(file) > 1)
		return 0;
	if (killed()) {
		mutex_lock(&load->lock);
		if (load->written && !load->done && !load->err) {
			load->err = -EINTR;
			set_last_error("writer killed before it closed the policy");
		}
		mutex_unlock(&load->lock);
	}
	return policy_commit(load);
}

static int policy_release(struct inode *inode, struct file *file)
{
	struct policy_load *const load = file->private_data;

	if (!(file->f_mode & FMODE_WRITE))
		return single_release(inode, file);
	policy_commit(load);
	mutex_destroy(&load->lock);
	kfree(load);
	return 0;
}

static loff_t policy_llseek(struct file *file, loff_t offset, int whence)
{
	if (file->f_mode & FMODE_WRITE)
		return -ESPIPE;
	return seq_lseek(file, offset, whence);
}

static const struct file_operations policy_fops = {
	.open = policy_open,
	.read = seq_read,
	.write = policy_write,
	.flush = policy_flush,
	.llseek = policy_llseek,
	.release = policy_release,
};

static ssize_t enforce_read(struct file *file, char __user *buf, size_t count,
			    loff_t *ppos)
{
	struct sigil_status st;
	char tmp[4];

	sigil_get_status(&st);
	snprintf(tmp, sizeof(tmp), "%d\n", st.enforcing);
	return simple_read_from_buffer(buf, count, ppos, tmp, strlen(tmp));
}

static ssize_t enforce_write(struct file *file, const char __user *buf,
			     size_t count, loff_t *ppos)
{
	char tmp[3] = { 0 };
	int err;

	if (!file_ns_capable(file, &init_user_ns, CAP_MAC_ADMIN))
		return -EPERM;
	err = may_administer(file, SIGIL_POLICY_ENFORCE, "setenforce");
	if (err)
		return err;
	if (*ppos != 0 || count == 0 || count > 2)
		return -EINVAL;
	if (copy_from_user(tmp, buf, count))
		return -EFAULT;
	if ((tmp[0] != '0' && tmp[0] != '1') || (count == 2 && tmp[1] != '\n'))
		return -EINVAL;
	sigil_set_enforcing(tmp[0] == '1');
	return count;
}

static const struct file_operations enforce_fops = {
	.read = enforce_read,
	.write = enforce_write,
	.llseek = generic_file_llseek,
};

/*
 * A query is one line, in the form of the rule that would allow it, read
 * by the policy's own rule parser (sigil_rule_parse()):
 *
 *   [allow] SUBJECT OBJECT PERMS
 *   transition FROM TO [FILELABEL]
 *   dyntransition FROM TO
 *   fscreate SUBJECT LABEL
 *   relabel SUBJECT FROM TO
 *   process SUBJECT OBJECT PERMS
 *   capability SUBJECT NAME
 *   policy SUBJECT PERMS
 *   nnptransition FROM TO
 *   nosuidtransition FROM TO
 *
 *   socket SUBJECT FAMILY
 *
 * The answer is "allowed" or "denied: missing 'RULE'".  A task asks
 * about its own label (the query's first), or needs the policy rule's r,
 * as reading the policy does: a confined label learns nothing of others'.
 */
static int may_ask(const struct file *file, const struct sigil_query *q)
{
	const struct sigil_query read = {
		.kind = SIGIL_RULE_POLICY,
		.perms = SIGIL_POLICY_READ,
		.subject = sigil_current_label(),
	};
	int err;

	/* Whoever opened the node, and whoever writes to it. */
	if (q->subject == sigil_cred_label(file->f_cred) &&
	    q->subject == read.subject)
		return 0;
	err = may_administer(file, SIGIL_POLICY_READ, "query");
	if (err || !static_branch_unlikely(&sigil_policy_loaded))
		return err;
	return sigil_check(&read, "query", NULL);
}

static ssize_t answer(const struct file *file, const char *buf, size_t size,
		      char *out, size_t room)
{
	struct sigil_policy_error err;
	struct sigil_rule_text rule;
	struct sigil_query q;
	char missing[3 * SIGIL_LABEL_MAX + 32];
	ssize_t ret;
	u64 why;

	/* One line: a newline may end it, nothing may follow. */
	if (size && buf[size - 1] == '\n')
		size--;
	if (memchr(buf, '\n', size))
		return -EINVAL;
	ret = sigil_rule_parse(buf, size, SIGIL_PARSE_QUERY, &rule, 1, &err);
	if (ret <= 0)
		return ret ? ret : -EINVAL;
	q = (struct sigil_query) {
		.kind = rule.kind,
		.perms = rule.perms,
		.subject = rule.l[0],
		.object = rule.l[1],
		.target = rule.l[2],
		.query = true,
	};
	ret = may_ask(file, &q);
	if (ret) {
		sigil_rule_text_put(&rule);
		return ret;
	}
	why = sigil_decide(&q);
	if (why) {
		sigil_format_missing(&q, why, missing, sizeof(missing));
		ret = scnprintf(out, room, "denied: missing '%s'\n", missing);
	} else {
		ret = scnprintf(out, room, "allowed\n");
	}
	sigil_rule_text_put(&rule);
	return ret;
}

static ssize_t access_write(struct file *file, const char __user *buf,
			    size_t count, loff_t *ppos)
{
	char *data, *query;
	ssize_t len;

	if (*ppos != 0 || count >= SIMPLE_TRANSACTION_LIMIT)
		return -EINVAL;
	data = simple_transaction_get(file, buf, count);
	if (IS_ERR(data))
		return PTR_ERR(data);
	/* A query is text: a NUL would hide what follows it. */
	if (memchr(data, '\0', count))
		return -EINVAL;
	query = kmemdup(data, count, GFP_KERNEL);
	if (!query)
		return -ENOMEM;
	len = answer(file, query, count, data, SIMPLE_TRANSACTION_LIMIT);
	kfree(query);
	if (len < 0)
		return len;
	simple_transaction_set(file, len);
	return count;
}

static const struct file_operations access_fops = {
	.write = access_write,
	.read = simple_transaction_read,
	.release = simple_transaction_release,
	.llseek = generic_file_llseek,
};

static int rules_show(struct seq_file *m, void *v)
{
	return sigil_rules_show(m);
}

/* How often each rule was used: what reading the policy needs. */
static int rules_open(struct inode *inode, struct file *file)
{
	int err = may_administer(file, SIGIL_POLICY_READ, "readpolicy");

	return err ? err : single_open(file, rules_show, NULL);
}

static const struct file_operations rules_fops = {
	.open = rules_open,
	.read = seq_read,
	.llseek = seq_lseek,
	.release = single_release,
};

static int status_show(struct seq_file *m, void *v)
{
	struct sigil_status st;

	sigil_get_status(&st);
	seq_printf(m, "generation: %llu\nrules: %u\ndenials: %llu\nunlogged: %llu\nlabels: %u\nenforcing: %d\n",
		   st.generation, st.rules, st.denials, st.unlogged,
		   st.labels, st.enforcing);
	sigil_show_permissive(m);
	mutex_lock(&last_error_mutex);
	seq_printf(m, "last_error: %s\n", last_error);
	mutex_unlock(&last_error_mutex);
	return 0;
}

static int status_open(struct inode *inode, struct file *file)
{
	return single_open(file, status_show, NULL);
}

static const struct file_operations status_fops = {
	.open = status_open,
	.read = seq_read,
	.llseek = seq_lseek,
	.release = single_release,
};

static int __init sigil_securityfs_init(void)
{
	struct dentry *dir;
	static const struct {
		const char *name;
		umode_t mode;
		const struct file_operations *fops;
	} files[] = {
		{ "policy", 0600, &policy_fops },
		{ "enforce", 0644, &enforce_fops },
		{ "access", 0666, &access_fops },
		{ "status", 0444, &status_fops },
		{ "rules", 0400, &rules_fops },
	};
	struct dentry *d;
	unsigned int i;

	if (!sigil_enabled)
		return 0;
	dir = securityfs_create_dir(SIGIL_NAME, NULL);
	if (IS_ERR(dir))
		return PTR_ERR(dir);
	for (i = 0; i < ARRAY_SIZE(files); i++) {
		d = securityfs_create_file(files[i].name, files[i].mode, dir,
					   NULL, files[i].fops);
		if (IS_ERR(d)) {
			securityfs_recursive_remove(dir);
			return PTR_ERR(d);
		}
	}
	return 0;
}

/* After securityfs itself (core_initcall), as AppArmor and IPE do. */
fs_initcall(sigil_securityfs_init);
