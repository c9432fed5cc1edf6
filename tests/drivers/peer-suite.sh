#!/bin/bash
# The peer suite (make check-peer): boots the peer kernel (SELinux, Smack
# and AppArmor built in beside Sigil, in the guest kernel) once per
# module and once per stack, with lsm= choosing the active ones, and runs
# the matching list of tests/guest/LIST-peer in each: the tools under each
# module, and Sigil beside SELinux and beside Smack.  One TAP result per
# listed test, plus one per boot that the kernel stayed healthy.
set -uo pipefail
srcdir=${srcdir:-.}
top=$(cd "$srcdir" && pwd)
work=$PWD/tests/guest-work
list=$top/tests/guest/LIST-peer
# BOOT LSM= : the boots, in order; a test line "BOOT peer.sh NAME ARGS".
boots="selinux:selinux smack:smack apparmor:apparmor
stack-selinux:selinux,sigil stack-smack:smack,sigil"
nboots=$(echo $boots | wc -w)
echo "1..$(( $(grep -cv '^\(#.*\)\?$' "$list") + nboots ))"
bail() {
	echo "Bail out! $*"
	exit 1
}

"$top/guest/kernel-build" --peer >"$work.kernel.peer.log" 2>&1 ||
	{ sed 's/^/# /' "$work.kernel.peer.log"; bail "peer kernel build failed"; }
"$top/guest/build-userland" . "$work" >"$work.userland.log" 2>&1 ||
	{ sed 's/^/# /' "$work.userland.log"; bail "cross build of the guest userland failed"; }
mkdir -p "$work/peer"
checkpolicy -U allow -c 33 -o "$work/peer/selinux.policy" "$top/tests/peer/selinux.conf" \
	>"$work/peer/checkpolicy.log" 2>&1 ||
	{ sed 's/^/# /' "$work/peer/checkpolicy.log"; bail "checkpolicy refused tests/peer/selinux.conf"; }

n=0
for b in $boots; do
	name=${b%%:*} lsm=${b#*:}
	# This boot's tests, as a list for run-suite.
	sed -n "s/^$name //p" "$list" >"$work/peer/LIST-$name"
	# The image outside peer/, which goes into the initramfs.
	mkdir -p "$work/peer-disk"
	rm -f "$work/peer-disk/ext4.img"
	mkfs.ext4 -q -F "$work/peer-disk/ext4.img" 32M >/dev/null || bail "mkfs.ext4 failed"
	start=$(date +%s)
	"$top/guest/run" --peer --timeout 900 --append "lsm=$lsm" \
		--console "$work/console-peer-$name.log" --root "$work/root" \
		--add "$work/peer:/usr/libexec/sigil/tests/peer" \
		--disk "$work/peer-disk/ext4.img" \
		-- /usr/libexec/sigil/tests/run-suite 120 peer/LIST-$name 2>&1 |
		awk -v base=$n -v boot="$name" '
		/^(not )?ok [0-9]+ / {
			k = ($1 == "not") ? 3 : 2
			$k = $k + base
			sub(/ - /, " - " boot ": ")
		}
		{ print }'
	rc=${PIPESTATUS[0]}
	n=$((n + $(grep -cv '^\(#.*\)\?$' "$work/peer/LIST-$name") + 1))
	echo "# $name (lsm=$lsm) ran in $(( $(date +%s) - start ))s"
	if [ "$rc" -eq 0 ]; then
		echo "ok $n - $name: the peer kernel with lsm=$lsm stayed healthy and powered off"
	else
		echo "# guest/run exited with status $rc; console log: $work/console-peer-$name.log"
		echo "not ok $n - $name: the peer kernel with lsm=$lsm stayed healthy and powered off"
	fi
done
