# Ensure that the Sigil KUnit suites ran at boot and every case passed:
# reads their KTAP from the kernel log.
. ./lib.sh
dmesg >/tmp/dmesg.txt || fail "cannot read the kernel log"
grep -q 'kunit: disabled' /tmp/dmesg.txt && fail "KUnit is disabled in this kernel"
# Suite result lines are "ok N sigil_..." at the top level of the KTAP.
suites=$(grep -E '(^|\] )(not )?ok [0-9]+ sigil_' /tmp/dmesg.txt | grep -v '^ *#')
sed -n '/KTAP\|sigil_\|ok [0-9]/p' /tmp/dmesg.txt | sed 's/^\[[ 0-9.]*\] //' | head -80
[ -n "$suites" ] || fail "expected KTAP results for sigil_* suites, saw none"
echo "$suites" | grep -q 'not ok' && fail "a sigil KUnit suite failed: $suites"
echo "$suites" | grep -q '# SKIP' && fail "a sigil KUnit suite was skipped with Sigil active: $suites"
cases=$(grep -cE '    ok [0-9]+ ' /tmp/dmesg.txt)
[ "$cases" -ge 5 ] || fail "expected at least 5 passing KUnit cases, saw $cases"
grep -E '    not ok [0-9]+ ' /tmp/dmesg.txt && fail "a KUnit case failed"
exit 0
