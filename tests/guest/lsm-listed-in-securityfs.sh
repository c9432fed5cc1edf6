# Ensure that the booted kernel lists sigil in /sys/kernel/security/lsm.
. ./lib.sh
list=$(cat /sys/kernel/security/lsm) || fail "cannot read /sys/kernel/security/lsm"
echo "active modules: $list"
case ",$list," in
*,sigil,*) ;;
*) fail "expected 'sigil' in /sys/kernel/security/lsm, saw '$list'" ;;
esac
