#!/bin/sh
# One boot of bench/run, in the guest: condition COND (A to E, or L for the
# policy loads) with PASSES passes of each workload at SCALE (4: full
# size).  Prints "lsm LIST", then the lines of sigil-bench.
set -eu
cond=$1 passes=$2 scale=$3 sizes=${4:-10 1000 10000 100000}
t=/usr/libexec/sigil/tests
b=$t/sigil-bench
fs=/sys/kernel/security/sigil

lsms=$(cat /sys/kernel/security/lsm)
echo "lsm $lsms"
case ",$lsms," in *,sigil,*) sigil=1 ;; *) sigil=0 ;; esac
$b setup

case $cond in
C|D) $b policy allow 0 >/tmp/policy ;;
E) $b policy mixed 100000 >/tmp/policy ;;
esac
[ ! -f /tmp/policy ] || cat /tmp/policy >$fs/policy

# The other task of the ptrace and signal workloads, labelled bench_u.
if [ "$sigil" = 1 ]; then
	execcon bench_u $b sleep &
else
	$b sleep &
fi
other=$!

# The label of the exec with a transition (none without Sigil).
x=bench_u
[ "$sigil" = 1 ] || x=-
case $cond in
A|B|C) $b work "$passes" "$scale" $x $other ;;
D|E) execcon bench_t $b work "$passes" "$scale" $x $other ;;
L)
	# Loads repeat within a tick: three passes are plenty.
	lp=$passes
	[ "$lp" -le 3 ] || lp=3
	for kind in allow transition entrypoint; do
		for n in $sizes; do
			$b load $kind "$n" "$lp"
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
