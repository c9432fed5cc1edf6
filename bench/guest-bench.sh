#!/bin/sh
# One boot of bench/run, in the guest: condition COND (A to E, or L for the
# policy loads; with bench/run --peer also S, SELinux, and K, Smack, each
# with the rights of D's policy) with PASSES passes of each workload at
# SCALE (4: full size).  Prints "lsm LIST", then the lines of sigil-bench.
set -eu
cond=$1 passes=$2 scale=$3 sizes=${4:-10 1000 10000 100000} programs=${5:-1000}
t=/usr/libexec/sigil/tests
b=$t/sigil-bench
fs=/sys/kernel/security/sigil

# The network workloads run over loopback.
ip link set lo up 2>/dev/null || ifconfig lo 127.0.0.1 up
lsms=$(cat /sys/kernel/security/lsm)
echo "lsm $lsms"
case ",$lsms," in *,sigil,*) sigil=1 ;; *) sigil=0 ;; esac
# The peers: SELinux with tests/peer/selinux.conf (compiled on the host),
# Smack with the rules equivalent to D's policy.
case $cond in
S)
	export SIGIL_BENCH_LSM=selinux
	mount -t selinuxfs selinuxfs /sys/fs/selinux
	cat /root/selinux.policy >/sys/fs/selinux/load
	echo 1 >/sys/fs/selinux/enforce
	;;
K)
	export SIGIL_BENCH_LSM=smack
	mount -t smackfs smackfs /sys/fs/smackfs
	for r in "bench_t _ rwx" "bench_u _ rwx" "bench_t bench_file_t rwxa" \
		 "bench_t bench_u rwx"; do
		echo "$r" >/sys/fs/smackfs/load2
	done
	;;
esac
$b setup

case $cond in
C|D) $b policy allow 0 >/tmp/policy ;;
E) $b policy mixed 100000 >/tmp/policy ;;
esac
[ ! -f /tmp/policy ] || cat /tmp/policy >$fs/policy

# send-udp-secmark's firewall: datagrams to port 8082 labelled
# bench_packet_t where the policy names it, else given a plain mark by the
# same rule, so that every condition pays nftables alike.
if [ -f /tmp/policy ]; then
	obj='secmark pkt { "bench_packet_t" }' set='meta secmark set "pkt"'
else
	obj= set='meta mark set 1'
fi
printf 'table ip bench {\n%s\nchain out {\ntype filter hook output priority 0;\nudp dport 8082 %s\n}\n}\n' \
	"$obj" "$set" | nft -f -

# The other task of the ptrace and signal workloads, labelled bench_u.
case $cond in
S) execcon system_u:system_r:bench_u $b sleep & ;;
K) proccon -s bench_u $b sleep & ;;
*)
	if [ "$sigil" = 1 ]; then
		execcon bench_u $b sleep &
	else
		$b sleep &
	fi
	;;
esac
other=$!

# The label of the exec with a transition (none without Sigil).
x=bench_u
[ "$sigil" = 1 ] || x=-
case $cond in
A|B|C) $b work "$passes" "$scale" $x $other ;;
D|E) execcon bench_t $b work "$passes" "$scale" $x $other ;;
S) execcon system_u:system_r:bench_t $b work "$passes" "$scale" \
	system_u:system_r:bench_u $other ;;
# Smack has no attr/exec: no exec transition.
K) proccon -s bench_t $b work "$passes" "$scale" - $other ;;
L)
	# Loads repeat within a tick: three passes are plenty.
	lp=$passes
	[ "$lp" -le 3 ] || lp=3
	for kind in allow transition entrypoint port; do
		for n in $sizes; do
			# Ports: up to 40,000, one port each.
			[ $kind != port ] || [ "$n" -le 40000 ] || continue
			$b load $kind "$n" "$lp"
			if [ $kind = port ]; then
				# A connect as bench_t, the ports in the policy.
				SIGIL_BENCH_ONLY=connect-local-tcp execcon bench_t \
					$b work "$passes" "$scale" bench_u $other |
					sed "s/^work /checkport $n /"
				continue
			fi
			[ $kind = allow ] || continue
			# The check of a confined task under that policy.
			SIGIL_BENCH_ONLY=open-close-ext4 execcon bench_t \
				$b work "$passes" "$scale" bench_u $other |
				sed "s/^work /check $n /"
		done
	done
	;;
*) echo "guest-bench: unknown condition '$cond'" >&2; exit 2 ;;
esac
kill $other

# The macro workloads (conditions A, D, S and K, when bench/run attached
# the source tree's disk at /mnt/tree and an empty ext4 at /mnt/macro).
# Writeback waits for the sync between workloads: the guest's clock then
# counts the tasks' path, not the disk's (an idle CPU skips time).
tar=/mnt/tree/tree.tar
if [ -f $tar ] && [ -d /mnt/macro ]; then
	echo 90 >/proc/sys/vm/dirty_ratio
	echo 80 >/proc/sys/vm/dirty_background_ratio
	echo 0 >/proc/sys/vm/dirty_writeback_centisecs
	echo 360000 >/proc/sys/vm/dirty_expire_centisecs
	mount -o remount,commit=3600 /mnt/macro
	cat $tar >/dev/null
	$b macro-setup
	echo "tree files $(tar -tf $tar | grep -vc '/$') $programs"
	# One pass: each is long, and the boots give the median.
	case $cond in
	A) $b macro 1 $tar "$programs" ;;
	D) execcon bench_t $b macro 1 $tar "$programs" ;;
	S) execcon system_u:system_r:bench_t $b macro 1 $tar "$programs" ;;
	K) proccon -s bench_t $b macro 1 $tar "$programs" ;;
	esac
fi
