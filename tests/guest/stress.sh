# Stress: for SECONDS (the argument), three workers do exec transitions,
# labelled creations (attr/fscreate and the parent's label), relabels,
# reads of other tasks' attributes, signals, reads through held
# descriptors and policy queries, while two reloaders alternate two valid
# policies and toggle the enforcing mode.  Both policies allow everything
# the workers do: any refusal is a failure.  Afterwards every created
# file must carry the label it was created with.  Prints the operations
# done.  Usage: sh stress.sh NAME SECONDS (NAME names the run in LIST)
. ./lib.sh
seconds=${2:-10}
policy_test_dir stress run
mkdir "$d/dir" "$d/out"; filecon -s sdir_t "$d/dir"; filecon -s sdir_t "$d/out"
echo data >"$d/data"; filecon -s data_t "$d/data"
p1='unconfined kernel
transition kernel stress_t
allow stress_t unlabeled rx
allow stress_t sdir_t rwxc
allow stress_t out_t rw
allow stress_t data_t r
fscreate stress_t out_t
process stress_t victim_t rs
allow stress_t victim_t rx
transition kernel victim_t
allow victim_t unlabeled rx'
printf '%s\n' "$p1" >"$d/p1"
printf '%s\nallow stress_t other_t r\ngenfs proc /sys sysctl_t\n' "$p1" >"$d/p2"
sigilctl load "$d/p1" || fail "cannot load the first policy"

execcon victim_t sleep 100000 &
vpid=$!
trap 'kill -9 $vpid 2>/dev/null; sigilctl enforce 1; wait' EXIT
end=$(( $(date +%s) + seconds ))

# worker N: one round of every operation until the end; counts in
# $d/ops.N, failures in $d/bad.N, expected labels in $d/labels.N.
worker() {
	w=$1 i=0 ops=0
	: >"$d/bad.$w"
	while [ "$(date +%s)" -lt $end ]; do
		i=$((i + 1))
		seen=$(execcon stress_t proccon 2>&1)
		[ "$seen" = stress_t ] || echo "exec transition: saw '$seen'" >>"$d/bad.$w"
		execcon stress_t fscreatecon-run out_t -o "$d/out/f$w.$i" -- true ||
			echo "fscreate creation $i failed" >>"$d/bad.$w"
		echo "$d/out/f$w.$i out_t" >>"$d/labels.$w"
		execcon stress_t sh -c ": >'$d/dir/p$w.$i'" ||
			echo "creation $i in sdir_t failed" >>"$d/bad.$w"
		echo "$d/dir/p$w.$i sdir_t" >>"$d/labels.$w"
		if [ $((i % 2)) = 0 ]; then l=rel_a_t; else l=rel_b_t; fi
		: >"$d/r$w.$i"
		filecon -s $l "$d/r$w.$i" || echo "relabel $i failed" >>"$d/bad.$w"
		echo "$d/r$w.$i $l" >>"$d/labels.$w"
		seen=$(execcon stress_t cat /proc/$vpid/attr/current 2>&1)
		[ "$seen" = victim_t ] || echo "read of victim_t's attribute: saw '$seen'" >>"$d/bad.$w"
		seen=$(execcon stress_t ./task-ops kill $vpid 0 2>&1)
		[ "$seen" = ok ] || echo "signal to victim_t: saw '$seen'" >>"$d/bad.$w"
		seen=$(execcon stress_t ./file-ops hold "$d/data" r "$d/data" 2>&1 | tr '\n' ' ')
		[ "$seen" = "ok ok " ] || echo "reads through a held descriptor: saw '$seen'" >>"$d/bad.$w"
		seen=$(sigilctl access stress_t out_t rw 2>&1)
		[ "$seen" = allowed ] || echo "access query: saw '$seen'" >>"$d/bad.$w"
		ops=$((ops + 8))
	done
	echo $ops >"$d/ops.$w"
}
# reloader N: loads its policy and toggles the mode until the end.
reloader() {
	n=0
	while [ "$(date +%s)" -lt $end ]; do
		n=$((n + 1))
		sigilctl load "$d/p$1" || echo "load of p$1 failed" >>"$d/bad.r$1"
		sigilctl enforce $((n % 2)) || echo "enforce failed" >>"$d/bad.r$1"
	done
	echo $((2 * n)) >"$d/ops.r$1"
}

pids=
for w in 1 2 3; do
	worker $w &
	pids="$pids $!"
done
reloader 1 &
pids="$pids $!"
reloader 2 &
wait $pids $!
sigilctl enforce 1
bad=$(cat "$d"/bad.* 2>/dev/null)
total=$(cat "$d"/ops.* | awk '{ s += $1 } END { print s }')
files=0 wrong=
while read -r f want; do
	files=$((files + 1))
	seen=$(filecon "$f" 2>&1 | cut -d' ' -f1)
	[ "$seen" = "$want" ] || wrong="$wrong
$f: expected $want, saw $seen"
done <<EOF
$(cat "$d"/labels.*)
EOF
echo "stress: $total operations in ${seconds}s, $files files checked"
[ -z "$bad" ] || fail "refused or wrong operations:
$(echo "$bad" | sort | uniq -c | head -n 20)"
[ -z "$wrong" ] || fail "files with the wrong label:$wrong"
[ "$files" -gt 0 ] || fail "no file was created"
exit 0
