# A TAP helper for the host-side test scripts (bash).  Sourced after the
# plan is printed: check NAME EXPECTED SEEN prints one result, and on a
# difference what was expected and what was seen.
n=0
check() {
	n=$((n + 1))
	if [ "$2" = "$3" ]; then
		echo "ok $n - $1"
	else
		echo "# expected: $2"
		echo "# saw:      $3"
		echo "not ok $n - $1"
	fi
}
