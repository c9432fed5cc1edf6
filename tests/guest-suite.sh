#!/bin/bash
# Boots the guest once and runs the whole guest suite (tests/guest/LIST) in
# it: one TAP result per listed test, plus one that the guest kernel stayed
# healthy (no panic, Oops, BUG or WARNING) and powered off.
#
# With SIGIL_KERNEL_VARIANT=debug (tests/guest-debug.sh, make check-debug)
# it boots the debug kernel instead, runs tests/guest/LIST-debug (the
# tests of LIST that together reach every function of the module LIST
# reaches, then the long stress run, a longer fuzz and a kmemleak scan)
# with longer time limits, and
# works in a directory of its own (tests/guest-work.debug/ and its logs
# tests/guest-work.debug.*.log), so that it can run beside make check.
set -uo pipefail
srcdir=${srcdir:-.}
top=$(cd "$srcdir" && pwd)
variant=${SIGIL_KERNEL_VARIANT:-}
lists=LIST limit=120 sfx=
if [ -n "$variant" ]; then
	lists=LIST-$variant limit=900 sfx=.$variant
	export SIGIL_GUEST_TIMEOUT=${SIGIL_GUEST_TIMEOUT:-5400}
fi
work=$PWD/tests/guest-work$sfx
# The tests the lists name, less those a "skip" line leaves out.
n=$(cd "$top/tests/guest" && awk -f select-tests.awk $lists | wc -l)
echo "1..$((n + 4))"

bail() {
	echo "Bail out! $*"
	exit 1
}

"$top/guest/kernel-build" >"$work.kernel.log" 2>&1 ||
	{ sed 's/^/# /' "$work.kernel.log"; bail "guest kernel build failed"; }
sed 's/^/# /' "$work.kernel.log"
"$top/guest/build-userland" . "$work" >"$work.userland.log" 2>&1 ||
	{ sed 's/^/# /' "$work.userland.log"; bail "cross build of the guest userland failed"; }

# Fresh disk images for every run, made by mkfs like a user would.
rm -f "$work"/ext4.img "$work"/ext3.img
mkfs.ext4 -q -F -L sigil-ext4 "$work/ext4.img" 32M >/dev/null ||
	bail "mkfs.ext4 failed"
mkfs.ext3 -q -F -L sigil-ext3 "$work/ext3.img" 32M >/dev/null ||
	bail "mkfs.ext3 failed"

# slub_debug=P poisons freed slab objects, so that a read after free
# shows up as 0x6b bytes (the policy tests look for that).
start=$(date +%s)
"$top/guest/run" --timeout "${SIGIL_GUEST_TIMEOUT:-1200}" \
	--append slub_debug=P \
	--console "$work/console.log" --root "$work/root" \
	--disk "$work/ext4.img" --disk "$work/ext3.img" \
	-- /usr/libexec/sigil/tests/run-suite "$limit" $lists 2>&1
rc=$?
echo "# guest suite ran in $(( $(date +%s) - start ))s"
if [ "$rc" -eq 0 ]; then
	echo "ok $((n + 1)) - guest kernel stayed healthy and powered off"
else
	echo "# guest/run exited with status $rc; console log: $work/console.log"
	echo "not ok $((n + 1)) - guest kernel stayed healthy and powered off"
fi

# An independent reader of what reached the disk: e2fsprogs' debugfs.
i=$((n + 1))
for t in ext4 ext3; do
	i=$((i + 1))
	bad=
	while read -r f want; do
		seen=$(debugfs -R "ea_get -V $f security.sigil" "$work/$t.img" 2>/dev/null)
		[ "$seen" = "$want" ] || bad="$bad $f='$seen' (expected '$want')"
	done <<LABELS
/persist/persist-file persist_t
/persist/persist-dir persist_t
/persist/persist-dir/child persist_t
/persist-tools/out tools_t
/persist-tools/dir tools_t
/persist-tools/replaced tools_t
LABELS
	if [ -z "$bad" ]; then
		echo "ok $i - debugfs on the host reads the security.sigil labels from the $t image"
	else
		echo "# saw:$bad"
		echo "not ok $i - debugfs on the host reads the security.sigil labels from the $t image"
	fi
done

# A boot of its own: Sigil built in but not named by lsm=.
i=$((i + 1))
"$top/guest/run" --timeout 300 --append lsm=capability \
	--console "$work/console-disabled.log" --root "$work/root" \
	--disk "$work/ext4.img" \
	-- sh -c 'cd /usr/libexec/sigil/tests && sh ./sigil-disabled.sh' >"$work.disabled.log" 2>&1
rc=$?
sed 's/^/# /' "$work.disabled.log"
if [ "$rc" -eq 0 ]; then
	echo "ok $i - booted with lsm=capability, Sigil stays inactive and its interfaces refuse as documented"
else
	echo "# exit status $rc; console log: $work/console-disabled.log"
	echo "not ok $i - booted with lsm=capability, Sigil stays inactive and its interfaces refuse as documented"
fi
