#!/bin/sh
# Prints "N passed, N failed[, N skipped]" over the Automake .trs files
# given; a missing .trs (a test that never ran) counts as failed.
passed=0 failed=0 skipped=0
for t; do
	if [ ! -f "$t" ]; then
		failed=$((failed + 1))
		continue
	fi
	p=$(grep -c '^:test-result: \(PASS\|XFAIL\)' "$t")
	f=$(grep -c '^:test-result: \(FAIL\|XPASS\|ERROR\)' "$t")
	s=$(grep -c '^:test-result: SKIP' "$t")
	passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
done
if [ "$skipped" -gt 0 ]; then
	echo "$passed passed, $failed failed, $skipped skipped"
else
	echo "$passed passed, $failed failed"
fi
