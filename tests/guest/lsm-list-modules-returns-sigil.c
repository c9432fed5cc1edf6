/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Ensure that lsm_list_modules(2) reports LSM_ID_SIGIL among the active
 * modules, and that a too-small buffer gets E2BIG with the size needed.
 */
#include <config.h>

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "lsm-abi.h"

int main(void)
{
	uint64_t ids[32];
	uint32_t size = sizeof(ids), small = 0;
	long n, i, found = 0;

	n = syscall(__NR_lsm_list_modules, ids, &size, 0);
	if (n < 0) {
		printf("expected a module count, saw error: %s\n", strerror(errno));
		return 1;
	}
	for (i = 0; i < n; i++) {
		printf("module %ld: id %llu\n", i, (unsigned long long)ids[i]);
		if (ids[i] == LSM_ID_SIGIL)
			found = 1;
	}
	if (!found) {
		printf("expected id %d (LSM_ID_SIGIL) among %ld modules, saw none\n",
		       LSM_ID_SIGIL, n);
		return 1;
	}
	if (size != n * sizeof(uint64_t)) {
		printf("expected size %zu, saw %u\n", n * sizeof(uint64_t), size);
		return 1;
	}
	if (syscall(__NR_lsm_list_modules, ids, &small, 0) != -1 ||
	    errno != E2BIG || small != size) {
		printf("expected E2BIG and size %u for a 0-byte buffer, saw %s and %u\n",
		       size, strerror(errno), small);
		return 1;
	}
	return 0;
}
