# Confinement of what is not a file: signals through file ownership,
# ioctls, page 0, sockets, io_uring, userfaultfd, System V and POSIX IPC,
# keys, perf events, BPF, user namespaces, watches, module loading,
# lockdown and the policy oracle; one route per name:  sh objects.sh NAME
# Each case is refused first (errno and denial line), then allowed by its
# rule.  Every policy keeps 'unconfined kernel' for the test shell, whose
# objects are labelled kernel.
. ./lib.sh
t=$1
policy_test_dir objects "$t"

base='transition kernel app_t
allow app_t unlabeled rx
transition kernel victim_t
allow victim_t unlabeled rx'
ops=./object-ops
# alive WANT: whether the victim still runs (yes or no).
alive() {
	sleep 0.2
	if kill -0 "$vpid" 2>/dev/null; then seen=yes; else seen=no; fi
	expect_eq "victim alive" "$1" "$seen"
}
# serve NAME: a unix server labelled victim_t on NAME, once it listens.
serve() {
	# Into a pipe: the server may not write the test's files.
	execcon victim_t ./object-ops unix-serve "$1" 2>&1 | cat >"$d/serve.out" &
	for _i in $(seq 50); do
		spid=$(sed -n 's/^listening //p' "$d/serve.out")
		if [ -n "$spid" ]; then
			trap 'kill -9 "$spid"; wait 2>/dev/null' EXIT
			return 0
		fi
		sleep 0.1
	done
	fail "the victim_t server did not start: $(cat "$d/serve.out")"
}

case $t in
sigio-to-another-label-needs-signal)
	# SIGTERM (15) through F_SETOWN, F_SETOWN_EX (a thread) and FIOASYNC.
	for how in setown setown-ex fioasync; do
		load "$base"
		victim
		expect_op ok sigio "$vpid" 15 "$how"
		alive yes
		denial "process app_t victim_t s"
		kill -9 "$vpid"
	done
	load "$base
process app_t victim_t s"
	victim
	expect_op ok sigio "$vpid" 15 setown
	alive no
	;;
sigio-sender-is-who-set-the-owner)
	# The signal is sent as the label that chose its target (F_SETOWN),
	# as SELinux has it, not as whoever turns O_ASYNC on later: app_t
	# sets the owner, the unconfined shell enables the signal.
	load "$base"
	victim
	run 0 ./object-ops sigio-handover "$vpid" 15 app_t
	alive yes
	denial "process app_t victim_t s"
	load "$base
process app_t victim_t s"
	run 0 ./object-ops sigio-handover "$vpid" 15 app_t
	alive no
	# The owner set by the unconfined shell: its signal, whoever sets
	# the signal number and turns O_ASYNC on.
	load "$base"
	victim
	run 0 ./object-ops sigio-inherit "$vpid" 15 app_t
	alive no
	;;
ioctl-setflags-needs-write)
	m=$(disk_mount ext4)/objects-ioctl
	rm -rf "$m"; mkdir -p "$m"
	: >"$m/f"; filecon -s f_t "$m/f"
	load "$base
allow app_t f_t r"
	expect_op EACCES setflags "$m/f"
	denial "allow app_t f_t w"
	expect_eq "flags after the refusal" - "$(./object-ops flags "$m/f")"
	load "$base
allow app_t f_t rw"
	expect_op ok setflags "$m/f"
	expect_eq "flags after the allowed change" nodump "$(./object-ops flags "$m/f")"
	rm -rf "$m"
	;;
page-zero-needs-sys-rawio)
	[ "$(cat /proc/sys/vm/mmap_min_addr)" -gt 0 ] ||
		fail "vm.mmap_min_addr is 0: nothing to test"
	load "$base"
	expect_op EPERM map-zero
	denial "capability app_t sys_rawio"
	load "$base
capability app_t sys_rawio"
	expect_op ok map-zero
	;;
socket-creation-needs-socket-rule)
	load "$base"
	for f in unix inet inet6 netlink packet; do
		expect_op EACCES socket $f
		denial "socket app_t $f"
	done
	load "$base
socket app_t unix
socket app_t inet
socket app_t inet6
socket app_t netlink
socket app_t packet
capability app_t net_raw"
	for f in unix inet inet6 netlink packet; do
		expect_op ok socket $f
	done
	;;
module-autoload-needs-sys-module)
	# No AppleTalk in this kernel: socket(2) asks for its module.
	load "$base
socket app_t appletalk"
	expect_op EAFNOSUPPORT socket appletalk
	denial "capability app_t sys_module"
	before=$(dmesg | grep -c 'op=module_request')
	load "$base
socket app_t appletalk
capability app_t sys_module"
	expect_op EAFNOSUPPORT socket appletalk
	expect_eq "module_request denials with the rule" "$before" \
		"$(dmesg | grep -c 'op=module_request')"
	;;
abstract-unix-socket-needs-c-on-its-label)
	# Using sockets of victim_t (r, w) is not reaching its listeners.
	srv="$base
socket victim_t unix
socket app_t unix
allow app_t victim_t rw"
	load "$srv"
	serve @sigil-objects
	expect_op EACCES unix-connect @sigil-objects
	denial "allow app_t victim_t c"
	expect_op EACCES unix-send @sigil-objects
	load "$srv
allow app_t victim_t c"
	expect_op ok unix-connect @sigil-objects
	expect_op ok unix-send @sigil-objects
	;;
path-unix-socket-is-reached-as-its-file)
	# c and w on the socket file, whoever bound it: nothing on victim_t.
	srv="$base
allow victim_t unlabeled rwxc
socket victim_t unix
socket app_t unix"
	load "$srv"
	serve "$d/sock"
	filecon -s sockf_t "$d/sock" "$d/sock.dgram"
	load "$srv
allow app_t sockf_t w"
	expect_op EACCES unix-connect "$d/sock"
	denial "allow app_t sockf_t c"
	expect_op EACCES unix-send "$d/sock"
	load "$srv
allow app_t sockf_t c"
	expect_op EACCES unix-connect "$d/sock"
	denial "allow app_t sockf_t w"
	load "$srv
allow app_t sockf_t wc"
	expect_op ok unix-connect "$d/sock"
	expect_op ok unix-send "$d/sock"
	;;
socket-of-another-label-does-not-cross-exec)
	load "$base"
	run 1 ./object-ops inherit socket app_t
	expect_eq "the inherited socket, used by app_t" ENOTSOCK "$(cat $out)"
	load "$base
allow app_t kernel rw"
	run 0 ./object-ops inherit socket app_t
	# A socket is checked at each send and receive: w alone keeps it
	# for sending (the journal stream a service writes to).
	load "$base
allow app_t kernel w"
	run 0 ./object-ops inherit socket app_t
	;;
io-uring-ring-does-not-cross-exec)
	load "$base"
	run 1 ./object-ops inherit uring app_t
	expect_eq "the inherited ring, mapped by app_t" ENODEV "$(cat $out)"
	load "$base
allow app_t kernel rw"
	run 0 ./object-ops inherit uring app_t
	;;
io-uring-personality-needs-dyntransition)
	echo secret >"$d/secret"; filecon -s secret_t "$d/secret"
	load "$base
allow app_t kernel rw"
	run 1 ./object-ops uring-personality app_t "$d/secret"
	expect_eq "open with kernel's registered credentials" EACCES "$(cat $out)"
	denial "dyntransition app_t kernel"
	load "$base
allow app_t kernel rw
dyntransition app_t kernel"
	run 0 ./object-ops uring-personality app_t "$d/secret"
	;;
userfaultfd-does-not-cross-exec)
	load "$base"
	run 1 ./object-ops inherit uffd app_t
	expect_eq "the inherited userfaultfd, used by app_t" ENOTTY "$(cat $out)"
	load "$base
allow app_t kernel rw"
	run 0 ./object-ops inherit uffd app_t
	;;
sysv-ipc-objects-carry-their-creator-label)
	load "$base"
	for k in msg shm sem; do
		case $k in msg) key=4211 ;; shm) key=4212 ;; sem) key=4213 ;; esac
		id=$(./object-ops ipc-make $k $key) || fail "cannot make the $k object"
		eval "id_$k=$id key_$k=$key"
		expect_op EACCES ipc $k $key "$id" get
		expect_op EACCES ipc $k $key "$id" stat
		expect_op EACCES ipc $k $key "$id" rmid
	done
	denial "allow app_t kernel r"
	expect_op EACCES ipc msg $key_msg $id_msg snd
	expect_op EACCES ipc shm $key_shm $id_shm attach-r
	expect_op EACCES ipc sem $key_sem $id_sem op
	load "$base
allow app_t kernel r"
	for k in msg shm sem; do
		eval "id=\$id_$k key=\$key_$k"
		expect_op ok ipc $k $key "$id" get
		expect_op ok ipc $k $key "$id" stat
		expect_op EACCES ipc $k $key "$id" rmid
	done
	denial "allow app_t kernel w"
	expect_op EACCES ipc msg $key_msg $id_msg snd
	expect_op ok ipc shm $key_shm $id_shm attach-r
	expect_op EACCES ipc shm $key_shm $id_shm attach-w
	expect_op EACCES ipc sem $key_sem $id_sem op
	load "$base
allow app_t kernel rw"
	expect_op ok ipc msg $key_msg $id_msg snd
	expect_op ok ipc msg $key_msg $id_msg rcv
	expect_op ok ipc shm $key_shm $id_shm attach-w
	expect_op ok ipc sem $key_sem $id_sem op
	for k in msg shm sem; do
		eval "id=\$id_$k key=\$key_$k"
		expect_op ok ipc $k $key "$id" rmid
	done
	;;
posix-mqueue-carries-its-creator-label)
	run 0 ./object-ops mq-make /sigil-objects
	load "$base"
	expect_op EACCES mq-open /sigil-objects r
	denial "allow app_t kernel r"
	load "$base
allow app_t kernel r"
	expect_op ok mq-open /sigil-objects r
	expect_op EACCES mq-open /sigil-objects w
	denial "allow app_t kernel w"
	load "$base
allow app_t kernel rw"
	expect_op ok mq-open /sigil-objects w
	;;
keys-carry-their-creator-label)
	serial=$(./object-ops key-make sigil-objects) || fail "add_key: $serial"
	load "$base"
	expect_op EACCES key-read "$serial"
	denial "allow app_t kernel r"
	load "$base
allow app_t kernel r"
	expect_op ok key-read "$serial"
	;;
session-keyring-given-to-the-parent-keeps-the-parent-label)
	# KEYCTL_SESSION_TO_PARENT replaces the parent's credentials with a
	# copy whose keyring is the child's; the label must stay the
	# parent's own, not become the app_t child's.
	load "$base"
	run 0 ./object-ops session-to-parent app_t
	grep -qx 'child: [0-9][0-9]*' $out ||
		fail "expected the child's new keyring serial, saw '$(sed -n 1p $out)'"
	expect_eq "the parent's session keyring" "session: the child's" "$(sed -n 3p $out)"
	expect_eq "the parent's label" "label: kernel" "$(sed -n 2p $out)"
	;;
perf-event-open-needs-perfmon)
	load "$base"
	expect_op EPERM perf-open
	denial "capability app_t perfmon"
	load "$base
capability app_t perfmon"
	expect_op ok perf-open
	;;
perf-event-of-another-label-needs-read-and-write)
	# The event is the test shell's (kernel); its descriptor, an
	# unlabeled anonymous inode, is kept across the exec into app_t by
	# the rule on unlabeled.  Reading the count needs r on the event's
	# label, an ioctl w.
	load "$base
allow app_t unlabeled w"
	for k in perf-read perf-ioctl; do
		run 1 ./object-ops inherit $k app_t
		expect_eq "$k of kernel's event, by app_t" EACCES "$(cat $out)"
	done
	denial "allow app_t kernel r"
	denial "allow app_t kernel w"
	load "$base
allow app_t unlabeled w
allow app_t kernel r"
	run 0 ./object-ops inherit perf-read app_t
	run 1 ./object-ops inherit perf-ioctl app_t
	load "$base
allow app_t unlabeled w
allow app_t kernel rw"
	run 0 ./object-ops inherit perf-ioctl app_t
	;;
bpf-needs-bpf-capability)
	load "$base"
	expect_op EPERM bpf-map
	denial "capability app_t bpf"
	load "$base
capability app_t bpf"
	expect_op ok bpf-map
	;;
user-namespace-needs-sys-admin-and-stays-bounded)
	echo secret >"$d/f"; filecon -s app_t "$d/f"; chmod 000 "$d/f"
	load "$base"
	run 1 execcon app_t unshare -U true
	denial "capability app_t sys_admin"
	load "$base
capability app_t sys_admin"
	run 0 execcon app_t unshare -U true
	# Root inside the namespace holds dac_override there, the rules do
	# not: reading a file of mode 000 is refused, then allowed by a rule.
	run 1 execcon app_t unshare -U -r cat "$d/f"
	denial "capability app_t dac_override"
	load "$base
capability app_t sys_admin
capability app_t dac_override"
	run 0 execcon app_t unshare -U -r cat "$d/f"
	expect_eq "read inside the namespace" secret "$(cat $out)"
	;;
watch-needs-read)
	echo secret >"$d/secret"; filecon -s secret_t "$d/secret"
	load "$base"
	expect_op EACCES watch "$d/secret"
	denial "allow app_t secret_t r"
	load "$base
allow app_t secret_t r"
	expect_op ok watch "$d/secret"
	;;
module-load-needs-sys-module)
	echo 'not a module' >"$d/mod"; filecon -s app_t "$d/mod"
	load "$base"
	expect_op EPERM module-read "$d/mod"
	expect_op EPERM module-data
	denial "capability app_t sys_module"
	load "$base
capability app_t sys_module"
	expect_op ENOEXEC module-read "$d/mod"
	expect_op ENOEXEC module-data
	;;
lockdown-needs-sys-rawio)
	# Opening LKDTM's trigger for writing, without writing to it.
	f=/sys/kernel/debug/provoke-crash/DIRECT
	grep -q ' /sys/kernel/debug ' /proc/mounts ||
		mount -t debugfs debugfs /sys/kernel/debug
	[ -e $f ] || fail "$f is missing"
	load "$base
allow app_t unlabeled rwx"
	expect_op EPERM open-w $f
	denial "capability app_t sys_rawio"
	load "$base
allow app_t unlabeled rwx
capability app_t sys_rawio"
	expect_op ok open-w $f
	;;
policy-oracle-answers-a-confined-label-about-itself)
	q="$base
genfs securityfs /sigil/access query_t
allow app_t query_t rw"
	load "$q"
	expect_op "denied: missing 'allow app_t victim_t r'" query "allow app_t victim_t r"
	expect_op allowed query "app_t query_t rw"
	expect_op "denied: missing 'unconfined app_t'" query "unconfined app_t"
	expect_eq "kernel asks whether kernel is unconfined" allowed \
		"$($ops query "unconfined kernel")"
	expect_op EACCES query "allow kernel victim_t r"
	denial "policy app_t r"
	expect_op EACCES query "transition victim_t app_t"
	expect_op EACCES query "capability victim_t sys_admin"
	# A node opened by kernel (unconfined), written by app_t: the
	# writer's label is asked too.
	run 1 execcon app_t sh -c 'echo "allow kernel victim_t r" >&5' \
		5<>/sys/kernel/security/sigil/access
	grep -q 'Permission denied' $err ||
		fail "the write by app_t: expected EACCES, saw '$(cat $err)'"
	load "$q
policy app_t r"
	expect_op allowed query "allow kernel victim_t r"
	expect_op "denied: missing 'transition victim_t app_t'" query "transition victim_t app_t"
	;;
socket-label-is-not-changed-through-its-inode)
	# The socket keeps its creator's label in the socket itself: a
	# relabel of its inode alone is refused, even to an unconfined task.
	load "$base"
	expect_eq "fsetxattr of a socket as kernel" EOPNOTSUPP \
		"$($ops socket-relabel other_t)"
	;;
syslog-needs-the-syslog-capability)
	# With dmesg_restrict off, reading the kernel log needs no
	# capability: Sigil asks for syslog on every route.
	[ "$(cat /proc/sys/kernel/dmesg_restrict)" = 0 ] ||
		fail "expected dmesg_restrict 0 in the guest"
	load "$base"
	run 1 execcon app_t dmesg
	denial "capability app_t syslog"
	run 1 execcon app_t head -c 1 /dev/kmsg
	load "$base
capability app_t syslog"
	run 0 execcon app_t dmesg
	run 0 execcon app_t head -c 1 /dev/kmsg
	;;
controlling-terminal-through-dev-tty-needs-its-rights)
	# /dev/tty is tty_t; the terminal behind it, root_tty_t (a root's
	# pts, say): opening it through /dev/tty needs w on root_tty_t too.
	if [ -z "$(mount_type /dev/pts)" ]; then
		mkdir -p /dev/pts && mount -t devpts devpts /dev/pts ||
			fail "cannot mount devpts on /dev/pts"
		trap 'umount /dev/pts' EXIT
	fi
	base_tty="$base
genfs devtmpfs /tty tty_t
allow app_t tty_t rw"
	load "$base_tty"
	run 1 $ops ctty-open app_t root_tty_t
	expect_eq "open of /dev/tty" EACCES "$(cat $out)"
	denial "allow app_t root_tty_t w"
	load "$base_tty
allow app_t root_tty_t w"
	run 0 $ops ctty-open app_t root_tty_t
	;;
labels-are-freed-with-their-last-holder)
	# An unprivileged user makes labels of its choosing: 200 tasks each
	# take a label of their own and make a key, a perf event and a
	# datagram whose SCM_SECURITY gives the label's secid a use; then
	# one task writes 1,000,000 labels to attr/fscreate.  Each label
	# lives as long as what holds it: once they are gone, the count in
	# the status node and the slab memory are back where they were.
	# Permissive, as no rule can name labels made up on the spot.
	load ""
	echo 0 >$fs/enforce
	trap 'echo 1 >$fs/enforce' EXIT
	labels() { sed -n 's/^labels: //p' $fs/status; }
	slab() { sed -n 's/^Slab: *\([0-9]*\) kB/\1/p' /proc/meminfo; }
	# settle MAX: waits up to 10 s for the count to fall to MAX.
	settle() {
		for _i in $(seq 100); do
			[ "$(labels)" -le "$1" ] && return 0
			sleep 0.1
		done
		return 1
	}
	n0=$(labels) s0=$(slab)
	run 0 ./as-user 1000 $ops label-holders 200
	settle $((n0 + 10)) ||
		fail "expected the holders' 200 labels to go with them: $n0 labels before, $(labels) after"
	run 0 ./as-user 1000 $ops label-churn 1000000
	settle $((n0 + 10)) ||
		fail "expected the 1000000 attr/fscreate labels to be freed: $n0 labels before, $(labels) after"
	s1=$(slab)
	echo "# labels $n0 before, $(labels) after; slab ${s0} kB before, ${s1} kB after"
	[ $((s1 - s0)) -lt 16384 ] ||
		fail "expected slab memory to grow by less than 16 MB, saw ${s0} kB then ${s1} kB"
	;;
*)
	fail "unknown test $t"
	;;
esac
exit 0
