/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tiny: the smallest program, for the fork+exec workloads of bench/run.
 * No C library: it exits 0 at once, so that an exec measures the kernel.
 */
void _start(void);

void _start(void)
{
#if defined(__aarch64__)
	__asm__ volatile("mov x0, #0\n\tmov x8, #93\n\tsvc #0" ::: "x0", "x8");
#elif defined(__x86_64__)
	__asm__ volatile("mov $60, %%eax\n\txor %%edi, %%edi\n\tsyscall" ::: "rax", "rdi");
#endif
	for (;;)
		;
}
