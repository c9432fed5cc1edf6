#!/bin/bash
# make check-debug: the guest suite on the debug kernel (KASAN, KFENCE,
# lockdep, RCU and list checks, kmemleak; guest/kernel-debug.config) less
# what tests/guest/LIST-debug skips, then a minute of stress, a longer
# fuzz and a kmemleak scan (LIST-debug too).
# Any report of theirs in the kernel log fails it, with the report shown.
SIGIL_KERNEL_VARIANT=debug exec bash "${srcdir:-.}/tests/guest-suite.sh"
