# Booted with lsm= not naming sigil (tests/drivers/guest-suite.sh): the
# system works, Sigil stays out of the way, and its interfaces behave as
# sigil(7) documents.  Not in LIST: it needs a boot of its own.
. ./lib.sh
list=$(cat /sys/kernel/security/lsm) || fail "cannot read /sys/kernel/security/lsm"
case ",$list," in
*,sigil,*) fail "sigil is active although lsm= did not name it: '$list'" ;;
esac
[ ! -e /sys/kernel/security/sigil ] || fail "/sys/kernel/security/sigil exists without Sigil"

# The KUnit suites that need Sigil's labels were skipped, not failed (nor
# crashed the boot); the cache word's, pure logic, passed.
dmesg >/tmp/dmesg.txt || fail "cannot read the kernel log"
grep -E '(^|\] )(not )?ok [0-9]+ sigil_' /tmp/dmesg.txt >/tmp/suites || true
[ -s /tmp/suites ] || fail "expected KTAP results for the sigil_* suites, saw none"
grep -q 'not ok' /tmp/suites && fail "a sigil KUnit suite failed: $(cat /tmp/suites)"
expect_eq "sigil suites skipped" "sigil_label sigil_policy" \
	"$(grep '# SKIP' /tmp/suites | sed 's/.* ok [0-9]* \(sigil_[a-z]*\).*/\1/' | sort | tr '\n' ' ' | sed 's/ $//')"
grep -qE 'ok [0-9]+ sigil_cache$' /tmp/suites ||
	fail "expected the sigil_cache suite to pass, saw: $(cat /tmp/suites)"
grep -q 'ok [0-9]* test_builtin_labels # SKIP Sigil is not active' /tmp/dmesg.txt ||
	fail "expected test_builtin_labels skipped with the reason, saw: $(grep test_builtin_labels /tmp/dmesg.txt)"

# /proc/PID/attr/sigil/ exists (procfs makes it) and refuses every access.
for a in current exec fscreate prev; do
	[ -e /proc/self/attr/sigil/$a ] || fail "/proc/self/attr/sigil/$a is missing"
	cat /proc/self/attr/sigil/$a >/tmp/o 2>/tmp/e && fail "reading attr/sigil/$a succeeded: '$(cat /tmp/o)'"
	grep -q "Invalid argument" /tmp/e || fail "reading attr/sigil/$a: expected EINVAL, saw '$(cat /tmp/e)'"
done
for a in exec fscreate; do
	sh -c "echo x_t >/proc/self/attr/sigil/$a" 2>/tmp/e && fail "writing attr/sigil/$a succeeded"
	grep -q "Invalid argument" /tmp/e || fail "writing attr/sigil/$a: expected EINVAL, saw '$(cat /tmp/e)'"
done

# The tools say that no module provides process attributes.
proccon >/tmp/o 2>/tmp/e && fail "proccon succeeded without a module: '$(cat /tmp/o)'"
grep -q "no security module provides process attributes" /tmp/e ||
	fail "proccon: saw '$(cat /tmp/e)'"

# Files are created as usual, without a security.sigil label.
f=/mnt/ext4/sigil-disabled-file
echo data >$f || fail "cannot create $f"
expect_eq "content" data "$(cat $f)"
./xattr get $f security.sigil >/tmp/o 2>/tmp/e && fail "$f has a security.sigil label: $(cat /tmp/o)"
rm -f $f
echo "Sigil inactive: lsm=$list, attr/sigil refuses with EINVAL, files unlabelled"
exit 0
