# The kernel and sigilctl check parse one grammar twice: on every policy
# of the corpus (the hand-written tests/guest/corpus/ and 300, or COUNT,
# generated from a fixed seed by policy-corpus), both accept with the same number of
# rules or both reject, with the same line and the same reason.
. ./lib.sh
# make check-debug passes a smaller count: the debug kernel parses ten
# times slower.
seed=20261203 count=${1:-300}
policy_test_dir parser agreement
./policy-corpus $seed $count "$d" || fail "policy-corpus failed"
cp corpus/*.policy "$d/" || fail "no hand-written corpus"
generation() {
	sed -n 's/^generation: //p' $fs/status
}
n=0 accepted=0 bad=
for f in "$d"/*.policy; do
	n=$((n + 1))
	# Loaded for real: without this line the test shell would be confined.
	grep -qE '^[[:blank:]]*unconfined[[:blank:]]+kernel[[:blank:]]*$' "$f" ||
		fail "${f##*/} lacks the line 'unconfined kernel'"
	if sigilctl check "$f" >"$d/out" 2>"$d/err"; then
		user="accepted, $(sed -n 's/.*: valid, \([0-9]*\) rules$/\1/p' "$d/out") rules"
	else
		# The last line is the reason; before it, a broken assertion's
		# breaking rules, one a line.
		user=$(tail -n 1 "$d/err" | sed "s|^$f:\([0-9]*\): |line \1: |; s|^$f: ||")
	fi
	before=$(generation)
	cat "$f" >$fs/policy 2>/dev/null
	if [ "$(generation)" != "$before" ]; then
		kernel="accepted, $(sed -n 's/^rules: //p' $fs/status) rules"
	else
		kernel=$(sed -n 's/^last_error: //p' $fs/status)
	fi
	case $user in accepted*) accepted=$((accepted + 1)) ;; esac
	[ "$user" = "$kernel" ] || bad="$bad
${f##*/}: sigilctl check: $user
${f##*/}: kernel:         $kernel"
done
printf 'unconfined kernel\n' >$fs/policy
echo "parser agreement: $n policies ($(ls corpus | wc -l) hand-written, $count generated from seed $seed), $accepted accepted by both"
[ -z "$bad" ] || fail "the parsers disagree:$bad"
[ "$accepted" -gt 0 ] && [ "$accepted" -lt "$n" ] ||
	fail "expected both accepted and rejected policies, saw $accepted accepted of $n"
exit 0
