# After the whole debug suite: kmemleak finds no leaked object.  Two scans
# a few seconds apart, as Documentation/dev-tools/kmemleak.rst advises, so
# that objects allocated just before the first are not taken for leaks.
. ./lib.sh
k=/sys/kernel/debug/kmemleak
[ -e $k ] || mount -t debugfs none /sys/kernel/debug 2>/dev/null
[ -e $k ] || fail "no $k: this kernel has no kmemleak"
echo scan >$k || fail "cannot trigger a kmemleak scan"
sleep 5
echo scan >$k || fail "cannot trigger a kmemleak scan"
report=$(cat $k)
[ -z "$report" ] || fail "kmemleak suspects leaks:
$report"
echo "kmemleak: no suspected leak after two scans"
