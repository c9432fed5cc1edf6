#!/bin/bash
# make check-debug: the whole guest suite on the debug kernel (KASAN,
# KFENCE, lockdep, RCU and list checks, kmemleak; guest/kernel-debug.config),
# then a minute of stress and a kmemleak scan (tests/guest/LIST-debug).
# Any report of theirs in the kernel log fails it, with the report shown.
SIGIL_KERNEL_VARIANT=debug exec bash "${srcdir:-.}/tests/guest-suite.sh"
