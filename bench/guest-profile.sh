#!/bin/sh
# One boot of bench/run --profile, in the guest, on the profile kernel
# (guest/kernel-profile.config): condition D (the 14-rule policy, the task
# confined in bench_t), the macro workloads one by one with ftrace's
# function profiler on the LSM framework's entry points (security_*) and
# Sigil's hooks (hook_*), or the functions of FILTER; then the fork+exec
# rows of the exec label (the one-system-call control, the task's own
# label set as exec label, a transition), with the credential and exec
# functions too.  Prints, per workload, "profile WORKLOAD FUNCTION HITS
# INSTRUCTIONS": the time a
# function took, callees included (the graph tracer), which under -icount
# is instructions, the profiler's own included.
set -eu
tar=$1 programs=$2 filter=${3:-hook_* security_*}
t=/usr/libexec/sigil/tests
b=$t/sigil-bench
fs=/sys/kernel/security/sigil
T=/sys/kernel/tracing
mount -t tracefs tracefs $T
# A function's time is what it ran, callees included, not while it slept.
echo 0 >$T/options/sleep-time
echo 1 >$T/options/graph-time
$b setup
$b policy allow 0 >/tmp/policy
cat /tmp/policy >$fs/policy
echo 90 >/proc/sys/vm/dirty_ratio
echo 80 >/proc/sys/vm/dirty_background_ratio
echo 0 >/proc/sys/vm/dirty_writeback_centisecs
echo 360000 >/proc/sys/vm/dirty_expire_centisecs
mount -o remount,commit=3600 /mnt/macro
cat "$tar" >/dev/null
$b macro-setup
echo "$filter" >$T/set_ftrace_filter

m=/mnt/macro/t
loop="cd $m && i=0 && while [ \$i -lt $((programs / 4)) ]; do /bin/cat f >/dev/null && /usr/bin/wc -l f >/dev/null && /bin/grep -q sigil f && /bin/sed -n 1p f >/dev/null || exit 1; i=\$((i + 1)); done"
profile() {	# profile NAME COMMAND: COMMAND in bench_t, profiled
	name=$1
	shift
	echo 1 >$T/function_profile_enabled
	execcon bench_t sh -c "$*"
	echo 0 >$T/function_profile_enabled
	sync
	awk -v w="$name" 'NR > 2 && $2 ~ /^[0-9]+$/ {
		t = $3; u = $4
		if (u == "us") t *= 1000; else if (u == "ms") t *= 1000000; else if (u == "s") t *= 1000000000
		printf "profile %s %s %s %.0f\n", w, $1, $2, t }' $T/trace_stat/function0
}
profile untar-tree "tar -x -o -f $tar -C $m"
profile find-stat-tree "find $m -xdev -perm -4000"
profile rm-tree "rm -rf $m/tree"
profile shell-programs "$loop"

# The exec label: fork+execs of a program without libc (one pass of each
# row), the child setting nothing but making one system call (the
# control), setting its own label as exec label, or another (bench_u),
# by lsm_set_self_attr.
echo 1 >$T/options/graph-time
: >$T/set_ftrace_filter
for f in 'hook_*' 'security_*' prepare_creds commit_creds abort_creds \
	__put_cred put_cred_rcu copy_process begin_new_exec bprm_execve \
	do_exit handle_mm_fault; do
	echo "$f" >>$T/set_ftrace_filter
done
execcon bench_u $b sleep &
other=$!
for w in fork-exec-one-syscall fork-exec-same-label-syscall \
	fork-exec-transition-syscall; do
	profile $w "SIGIL_BENCH_ONLY=$w $b work 1 1 bench_u $other >/dev/null"
done
kill $other
