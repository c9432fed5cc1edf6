#!/bin/bash
# make check-debug: the guest suite on the debug kernel (KASAN, KFENCE,
# lockdep, RCU and list checks, kmemleak; guest/kernel-debug.config): the
# tests of tests/guest/LIST-debug, those of LIST that together reach
# every function of the module that LIST reaches
# (tests/drivers/debug-coverage), and in a second guest beside it a minute
# of stress, a longer fuzz and a kmemleak scan (tests/guest/LIST-debug-long).
# Any report of theirs in the kernel log fails it, with the report shown.
SIGIL_KERNEL_VARIANT=debug exec bash "${srcdir:-.}/tests/drivers/guest-suite.sh"
