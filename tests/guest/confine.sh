# Confinement of tasks: process rules, capabilities, the policy's own
# guard and unsafe exec transitions; one rule per name:  sh confine.sh NAME
# Each case is refused first (errno and denial line), then allowed by its
# rule.  Every policy keeps 'unconfined kernel' for the test shell.
. ./lib.sh
t=$1
policy_test_dir confine "$t"

base='transition kernel app_t
allow app_t unlabeled rx
transition kernel victim_t
allow victim_t unlabeled rx'
ops=./task-ops

case $t in
ptrace-attach-needs-trace)
	load "$base"
	victim
	expect_op EACCES ptrace-peek $vpid
	denial "process app_t victim_t t"
	load "$base
process app_t victim_t t"
	expect_op ok ptrace-peek $vpid
	;;
proc-mem-needs-trace)
	load "$base
allow app_t victim_t rx"
	victim
	expect_op EACCES mem $vpid r
	expect_op EACCES mem $vpid w
	denial "process app_t victim_t t"
	load "$base
allow app_t victim_t rwx
process app_t victim_t t"
	expect_op ok mem $vpid r
	expect_op ok mem $vpid w
	;;
proc-environ-needs-read)
	load "$base
allow app_t victim_t rx"
	victim
	expect_op EACCES environ $vpid
	denial "process app_t victim_t r"
	load "$base
allow app_t victim_t rx
process app_t victim_t r"
	expect_op ok environ $vpid
	;;
proc-files-carry-the-task-label)
	load "$base"
	victim
	expect_eq "label of /proc/$vpid" victim_t "$(filecon /proc/$vpid | cut -d' ' -f1)"
	expect_eq "label of /proc/$vpid/stat" victim_t "$(filecon /proc/$vpid/stat | cut -d' ' -f1)"
	run 1 execcon app_t cat /proc/$vpid/stat
	denial "allow app_t victim_t x"
	# The file rules alone do not open another label's /proc/PID/.
	load "$base
allow app_t victim_t rx"
	run 1 execcon app_t cat /proc/$vpid/stat
	denial "process app_t victim_t r"
	run 1 execcon app_t ls /proc/$vpid/
	load "$base
allow app_t victim_t rx
process app_t victim_t r"
	run 0 execcon app_t cat /proc/$vpid/stat
	;;
task-information-needs-read)
	# What getpgid, getsid, sched_getscheduler and ioprio_get tell of
	# another label's task.
	load "$base"
	victim
	for w in pgid sid sched ioprio; do
		expect_op EACCES info $vpid $w
	done
	denial "process app_t victim_t r"
	load "$base
process app_t victim_t r"
	for w in pgid sid sched ioprio; do
		expect_op ok info $vpid $w
	done
	;;
pidfd-getfd-needs-trace)
	load "$base"
	victim
	expect_op EPERM getfd $vpid 0
	denial "process app_t victim_t t"
	load "$base
process app_t victim_t t"
	expect_op ok getfd $vpid 0
	;;
cached-process-rights-belong-to-one-label)
	# A task's credentials cache the rights of the last label that acted
	# on it: two labels signal it by turns and at once, then a reload
	# takes the right away.  SIGWINCH (28): sleep ignores it.
	load "$base
transition kernel other_t
allow other_t unlabeled rx
process app_t victim_t s"
	victim
	for i in 1 2 3; do
		expect_op ok kill $vpid 28
		expect_as other_t EACCES ./task-ops kill $vpid 28
	done
	denial "process other_t victim_t s"
	execcon app_t sh -c "n=0; for i in \$(seq 50); do kill -28 $vpid || n=\$((n + 1)); done; echo \$n" 2>&1 |
		tail -n 1 >"$d/app.out" &
	apid=$!
	execcon other_t sh -c "n=0; for i in \$(seq 50); do kill -28 $vpid && n=\$((n + 1)); done; echo \$n" 2>&1 |
		tail -n 1 >"$d/other.out"
	wait $apid
	expect_eq "app_t signals refused of 50" 0 "$(cat "$d/app.out")"
	expect_eq "other_t signals allowed of 50" 0 "$(cat "$d/other.out")"
	load "$base
transition kernel other_t"
	expect_op EACCES kill $vpid 28
	kill -0 $vpid || fail "the victim died"
	# The denial log allows 100 lines every 5 seconds: let the next
	# tests' lines through.
	sleep 5
	;;
signals-need-signal)
	load "$base"
	victim
	expect_op EACCES kill $vpid 19
	expect_op EACCES kill $vpid 15
	expect_op EACCES kill $vpid 9
	denial "process app_t victim_t s"
	kill -0 $vpid || fail "the victim died of a refused signal"
	load "$base
process app_t victim_t s"
	expect_op ok kill $vpid 19
	expect_op ok kill $vpid 18
	expect_op ok kill $vpid 15
	wait $vpid
	vpid=
	;;
sigchld-to-parent-stays-allowed)
	load "$base"
	# The parent of the app_t process is this shell (label kernel).
	expect_op ok kill $$ 17
	expect_op EACCES kill $$ 0
	denial "process app_t kernel s"
	;;
priority-scheduling-and-limits-need-manage)
	load "$base"
	victim
	expect_op EACCES setprio $vpid 5
	expect_op EACCES prlimit $vpid
	for w in policy param affinity; do
		expect_op EACCES sched $vpid $w
	done
	denial "process app_t victim_t m"
	load "$base
process app_t victim_t m"
	expect_op ok setprio $vpid 5
	expect_op ok prlimit $vpid
	for w in policy param affinity; do
		expect_op ok sched $vpid $w
	done
	;;
mount-needs-sys-admin)
	mkdir "$d/mnt"; filecon -s app_t "$d/mnt"
	load "$base"
	run 1 execcon app_t mount -t tmpfs none "$d/mnt"
	denial "capability app_t sys_admin"
	load "$base
capability app_t sys_admin"
	run 0 execcon app_t mount -t tmpfs none "$d/mnt"
	expect_eq "mounted" tmpfs "$(mount_type "$d/mnt")"
	umount "$d/mnt"
	;;
mknod-block-device-needs-mknod)
	mkdir "$d/dev"; filecon -s app_t "$d/dev"
	load "$base"
	run 1 execcon app_t mknod "$d/dev/disk" b 254 0
	[ ! -e "$d/dev/disk" ] || fail "the device node was created"
	denial "capability app_t mknod"
	load "$base
capability app_t mknod"
	run 0 execcon app_t mknod "$d/dev/disk" b 254 0
	[ -b "$d/dev/disk" ] || fail "no block device node after the allowed mknod"
	;;
chown-of-another-users-file-needs-chown)
	: >"$d/f"; chown 1000:1000 "$d/f"; filecon -s app_t "$d/f"
	load "$base"
	run 1 execcon app_t chown 0 "$d/f"
	denial "capability app_t chown"
	expect_eq "owner" 1000 "$(stat -c %u "$d/f")"
	load "$base
capability app_t chown"
	run 0 execcon app_t chown 0 "$d/f"
	expect_eq "owner" 0 "$(stat -c %u "$d/f")"
	;;
policy-guards-itself)
	admin="$base
allow app_t unlabeled rwx
capability app_t mac_admin"
	load "$admin"
	gen=$(sed -n 's/^generation: //p' $fs/status)
	run 1 execcon app_t sigilctl load "$d/policy"
	grep -q "Permission denied" $err || fail "load: expected EACCES, saw '$(cat $err)'"
	denial "policy app_t l"
	run 1 execcon app_t sigilctl enforce 0
	grep -q "Permission denied" $err || fail "enforce: expected EACCES, saw '$(cat $err)'"
	denial "policy app_t e"
	expect_eq "enforce" 1 "$(cat $fs/enforce)"
	run 1 execcon app_t cat $fs/policy
	denial "policy app_t r"
	run 0 execcon app_t sigilctl status
	run 1 execcon app_t sigilctl access app_t victim_t r
	expect_eq "access query by a confined task" "denied: missing 'allow app_t victim_t r'" "$(cat $out)"
	expect_eq "generation" "$gen" "$(sed -n 's/^generation: //p' $fs/status)"
	load "$admin
policy app_t ler"
	run 0 execcon app_t sigilctl load "$d/policy"
	run 0 execcon app_t sigilctl enforce 1
	run 0 execcon app_t cat $fs/policy
	expect_eq "generation" $((gen + 2)) "$(sed -n 's/^generation: //p' $fs/status)"
	;;
nnp-transition-needs-rule)
	load "$base"
	run 1 ./task-ops nnp-exec app_t proccon
	expect_eq "nnp exec" EPERM "$(cat $out)"
	denial "nnptransition kernel app_t"
	load "$base
nnptransition kernel app_t"
	run 0 ./task-ops nnp-exec app_t proccon
	expect_eq "label under no_new_privs" app_t "$(cat $out)"
	;;
nosuid-transition-needs-rule)
	mkdir "$d/ns"
	mount -t tmpfs -o nosuid none "$d/ns" || fail "cannot mount a nosuid tmpfs"
	cp /usr/bin/proccon "$d/ns/"
	load "$base"
	run 126 execcon app_t "$d/ns/proccon"
	denial "nosuidtransition kernel app_t"
	load "$base
nosuidtransition kernel app_t"
	run 0 execcon app_t "$d/ns/proccon"
	expect_eq "label from a nosuid mount" app_t "$(cat $out)"
	umount "$d/ns"
	;;
traced-transition-needs-trace)
	trace='transition kernel tracer_t
allow tracer_t unlabeled rx
transition tracer_t app_t
allow app_t unlabeled rx'
	load "$trace"
	run 1 execcon tracer_t ./task-ops traced-exec app_t proccon
	expect_eq "traced exec" EPERM "$(cat $out)"
	denial "process tracer_t app_t t"
	load "$trace
process tracer_t app_t t"
	run 0 execcon tracer_t ./task-ops traced-exec app_t proccon
	expect_eq "label of the traced program" app_t "$(cat $out)"
	;;
traced-dyntransition-needs-trace)
	# A traced task changing its own label: its tracer must be able to
	# trace the new one, by either way of writing it.
	trace='transition kernel tracer_t
allow tracer_t unlabeled rx
dyntransition tracer_t app_t'
	for how in proc syscall; do
		load "$trace"
		run 1 execcon tracer_t ./task-ops traced-setcurrent app_t $how
		expect_eq "traced dyntransition ($how)" EPERM "$(cat $out)"
		denial "process tracer_t app_t t"
		load "$trace
process tracer_t app_t t"
		run 0 execcon tracer_t ./task-ops traced-setcurrent app_t $how
	done
	;;
limits-from-a-confined-label-reset-at-exec)
	# A confined label cannot hand its lowered limits (a file size limit
	# that would cut a write short) or its interval timers to the label
	# it execs into; what an unconfined label sets is kept.
	load "$base
transition app_t victim_t"
	expect_eq "file size limit set by kernel" 1 \
		"$(sh -c 'ulimit -S -f 1; execcon victim_t sh -c "ulimit -S -f"' 2>&1)"
	expect_eq "file size limit set by app_t" unlimited \
		"$(execcon app_t sh -c 'ulimit -S -f 1; execcon victim_t sh -c "ulimit -S -f"' 2>&1)"
	expect_eq "file size limit kept within app_t" 1 \
		"$(execcon app_t sh -c 'ulimit -S -f 1; sh -c "ulimit -S -f"' 2>&1)"
	# Nor can it hand over an interval timer (its signal would come
	# later, once the new program has set its handlers).
	expect_as app_t 0 ./object-ops itimer-exec victim_t
	left=$(./object-ops itimer-exec victim_t 2>&1)
	[ "$left" -gt 990 ] 2>/dev/null ||
		fail "expected the timer kernel set to run on in victim_t, saw '$left' seconds left"
	# Nor turn address randomisation off for it (personality(2)), as
	# after a setuid exec: from any label, as for SELinux.
	expect_as app_t randomize ./object-ops personality-exec victim_t
	expect_eq "personality kept within kernel" no-randomize \
		"$(./object-ops personality-exec kernel 2>&1)"
	;;
*)
	fail "no confinement test named '$t'"
	;;
esac
exit 0
