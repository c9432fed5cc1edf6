#!/bin/sh
# One boot of bench/run --distro, in the Debian guest (systemd, the base
# policy), started once multi-user.target is reached: prints "lsm LIST",
# then "distro NAME FIGURE" lines in guest nanoseconds, which under
# -icount are instructions:
#   boot-busy         the CPU's busy time from the kernel's start to here:
#                     user, system, interrupts; not idle or I/O wait, during
#                     which the clock of an idle CPU jumps to its next timer
#   http-requests     REQUESTS requests for a static page to lighttpd over
#                     loopback, one curl, one keep-alive connection
set -eu
requests=${1:-500}
echo "lsm $(cat /sys/kernel/security/lsm)"
[ "$(systemctl is-active multi-user.target)" = active ] ||
	{ echo "distro-bench: multi-user.target is not active" >&2; exit 1; }
# /proc/stat counts in USER_HZ (100 a second): 10 ms, 10 million instructions.
awk '$1 == "cpu" { printf "distro boot-busy %.0f\n", ($2 + $3 + $4 + $7 + $8 + $9) * 1e7 }' /proc/stat
url=http://127.0.0.1/index.lighttpd.html
i=0
until curl -sf -o /dev/null "$url"; do
	i=$((i + 1))
	[ $i -lt 300 ] || { echo "distro-bench: lighttpd does not answer" >&2; exit 1; }
	sleep 0.1
done
t0=$(date +%s%N)
curl -sf "$url?n=[1-$requests]" >/dev/null
t1=$(date +%s%N)
echo "distro http-requests $((t1 - t0)) $requests"
