// SPDX-License-Identifier: GPL-2.0-only
/*
 * Sigil LSM - The kernel's own services
 *
 * Loading modules, kexec images and security data into the kernel, the
 * operations that lockdown guards, BPF and perf events are granted to a
 * confined label by the capability rule their use implies, whether or not
 * the kernel asks that capability itself (a module the kernel loads on a
 * task's behalf, a BPF map that needs no privilege, the kernel log):
 * sys_module, sys_boot, mac_admin, sys_rawio (integrity), sys_admin
 * (confidentiality), bpf, perfmon and syslog.  Firmware is chosen by the
 * driver that asks for it, not by the task, and is not mediated.  Kernel
 * threads act for the kernel itself.  A perf event carries the label of
 * the task that opened it: reading or changing another label's event
 * needs r or w on it.
 *
 * Copyright © 2026 The Sigil authors
 */

#include <linux/capability.h>
#include <linux/kernel_read_file.h>
#include <linux/lsm_hooks.h>
#include <linux/perf_event.h>
#include <linux/sched.h>
#include <linux/security.h>

#include "cred.h"
#include "enforce.h"
#include "label.h"
#include "setup.h"

/* Whether the kernel acts for itself, not for a task. */
static bool for_kernel(void)
{
	return !in_task() || current->flags & PF_KTHREAD;
}

/* The capability that loading or reading @id into the kernel needs, or -1. */
static int load_cap(const enum kernel_read_file_id id)
{
	switch (id) {
	case READING_FIRMWARE:
		return -1;
	case READING_MODULE:
		return CAP_SYS_MODULE;
	case READING_KEXEC_IMAGE:
	case READING_KEXEC_INITRAMFS:
		return CAP_SYS_BOOT;
	case READING_POLICY:
	case READING_X509_CERTIFICATE:
		return CAP_MAC_ADMIN;
	default:
		return CAP_SYS_ADMIN;
	}
}

static int check_load(const enum kernel_read_file_id id, const char *op)
{
	const int cap = load_cap(id);

	if (cap < 0 || for_kernel())
		return 0;
	return sigil_check_capability(sigil_current_label(), cap, op);
}

/* A module the kernel loads because a task asked for something. */
static int hook_kernel_module_request(char *const kmod_name)
{
	if (for_kernel())
		return 0;
	return sigil_check_capability(sigil_current_label(), CAP_SYS_MODULE,
				      "module_request");
}

/* init_module(2), kexec_load(2): the data comes from memory. */
static int hook_kernel_load_data(const enum kernel_load_data_id id,
				 const bool contents)
{
	return check_load((enum kernel_read_file_id)id, "load_data");
}

/* finit_module(2), kexec_file_load(2), policy and key files. */
static int hook_kernel_read_file(struct file *const file,
				 const enum kernel_read_file_id id,
				 const bool contents)
{
	return check_load(id, "read_file");
}

/*
 * What lockdown guards: writing the running kernel (/dev/mem, module
 * parameters, debugfs, ...) needs sys_rawio, reading it (/proc/kcore,
 * kprobes, tracefs, ...) sys_admin.
 */
static int hook_locked_down(const enum lockdown_reason what)
{
	if (for_kernel())
		return 0;
	return sigil_check_capability(sigil_current_label(),
				      what <= LOCKDOWN_INTEGRITY_MAX ?
				      CAP_SYS_RAWIO : CAP_SYS_ADMIN,
				      "lockdown");
}

/*
 * The kernel log, read or cleared through syslog(2), /proc/kmsg or a
 * reader of /dev/kmsg, or its console level changed: syslog, even where
 * dmesg_restrict lets any task read it.
 */
static int hook_syslog(const int type)
{
	if (for_kernel())
		return 0;
	return sigil_check_capability(sigil_current_label(), CAP_SYSLOG,
				      "syslog");
}

#ifdef CONFIG_BPF_SYSCALL
/*
 * Every bpf(2) command, BPF tokens included: BPF objects carry no label
 * (a map or program blob is not shared between modules in this kernel),
 * so the bpf rule grants them all.
 */
static int hook_bpf(const int cmd, union bpf_attr *const attr,
		    const unsigned int size)
{
	return sigil_check_capability(sigil_current_label(), CAP_BPF, "bpf");
}
#endif

#ifdef CONFIG_PERF_EVENTS
static struct sigil_label **event_label(const struct perf_event *const event)
{
	return event->security + sigil_blob_sizes.lbs_perf_event;
}

/* perf_event_open(2) of any kind: perfmon. */
static int hook_perf_event_open(const int type)
{
	return sigil_check_capability(sigil_current_label(), CAP_PERFMON,
				      "perf_event_open");
}

/* The event holds its label until perf_event_free. */
static int hook_perf_event_alloc(struct perf_event *const event)
{
	*event_label(event) = sigil_label_get(sigil_current_label());
	return 0;
}

static void hook_perf_event_free(struct perf_event *const event)
{
	sigil_label_put(*event_label(event));
}

static int check_event(const struct perf_event *const event, const u8 perms,
		       const char *const op)
{
	struct sigil_label *const label = *event_label(event);

	return sigil_check_object(sigil_current_label(),
				  sigil_label_or_kernel(label), perms, op);
}

static int hook_perf_event_read(struct perf_event *const event)
{
	return check_event(event, SIGIL_PERM_READ, "perf_event_read");
}

static int hook_perf_event_write(struct perf_event *const event)
{
	return check_event(event, SIGIL_PERM_WRITE, "perf_event_write");
}
#endif

static struct security_hook_list sigil_system_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(kernel_module_request, hook_kernel_module_request),
	LSM_HOOK_INIT(kernel_load_data, hook_kernel_load_data),
	LSM_HOOK_INIT(kernel_read_file, hook_kernel_read_file),
	LSM_HOOK_INIT(locked_down, hook_locked_down),
	LSM_HOOK_INIT(syslog, hook_syslog),
#ifdef CONFIG_BPF_SYSCALL
	LSM_HOOK_INIT(bpf, hook_bpf),
#endif
#ifdef CONFIG_PERF_EVENTS
	LSM_HOOK_INIT(perf_event_open, hook_perf_event_open),
	LSM_HOOK_INIT(perf_event_alloc, hook_perf_event_alloc),
	LSM_HOOK_INIT(perf_event_free, hook_perf_event_free),
	LSM_HOOK_INIT(perf_event_read, hook_perf_event_read),
	LSM_HOOK_INIT(perf_event_write, hook_perf_event_write),
#endif
};

/**
 * sigil_add_system_hooks - Register the hooks on the kernel's services
 */
void __init sigil_add_system_hooks(void)
{
	security_add_hooks(sigil_system_hooks, ARRAY_SIZE(sigil_system_hooks),
			   &sigil_lsmid);
}
