#!/bin/bash
# Boots the guest once and runs the whole guest suite (tests/guest/LIST) in
# it: one TAP result per listed test, plus one that the guest kernel stayed
# healthy (no panic, Oops, BUG or WARNING) and powered off.
#
# With SIGIL_KERNEL_VARIANT=debug (tests/drivers/guest-debug.sh, make check-debug)
# it boots the debug kernel instead and runs tests/guest/LIST-debug (the
# tests of LIST that together reach every function of the module LIST
# reaches, then a kmemleak scan) and, in a second guest beside it,
# tests/guest/LIST-debug-long (the long stress run, a longer fuzz, a
# kmemleak scan), with longer time limits; its disks and logs are in a
# directory of its own (tests/guest-work.debug/ and the logs
# tests/guest-work.debug.*.log), so that it can run beside make check.
set -uo pipefail
srcdir=${srcdir:-.}
top=$(cd "$srcdir" && pwd)
variant=${SIGIL_KERNEL_VARIANT:-}
lists=LIST limit=120 sfx='' long=''
if [ -n "$variant" ]; then
	lists=LIST-$variant limit=900 sfx=.$variant
	export SIGIL_GUEST_TIMEOUT=${SIGIL_GUEST_TIMEOUT:-5400}
	# The long runs boot a guest of their own, beside the first.
	[ ! -f "$top/tests/guest/LIST-$variant-long" ] || long=LIST-$variant-long
fi
work=$PWD/tests/guest-work$sfx
# The userland is make check's (tests/guest-work/root): build-userland
# takes turns on it, so that this variant does not build its own.
uwork=$PWD/tests/guest-work
n=$(cd "$top/tests/guest" && awk -f select-tests.awk $lists | wc -l)
n2=0
[ -z "$long" ] || n2=$(cd "$top/tests/guest" && awk -f select-tests.awk $long | wc -l)
echo "1..$((n + 4 + (n2 ? n2 + 1 : 0)))"

bail() {
	echo "Bail out! $*"
	exit 1
}

"$top/guest/kernel-build" >"$work.kernel.log" 2>&1 ||
	{ sed 's/^/# /' "$work.kernel.log"; bail "guest kernel build failed"; }
sed 's/^/# /' "$work.kernel.log"
mkdir -p "$work"
"$top/guest/build-userland" . "$uwork" >"$work.userland.log" 2>&1 ||
	{ sed 's/^/# /' "$work.userland.log"; bail "cross build of the guest userland failed"; }

# Fresh disk images for every run, made by mkfs like a user would.
rm -f "$work"/ext4.img "$work"/ext3.img
mkfs.ext4 -q -F -L sigil-ext4 "$work/ext4.img" 32M >/dev/null ||
	bail "mkfs.ext4 failed"
mkfs.ext3 -q -F -L sigil-ext3 "$work/ext3.img" 32M >/dev/null ||
	bail "mkfs.ext3 failed"

# The debug kernel's guests have two virtual CPUs, so that the stress,
# the concurrent loads and the threads meet under lockdep and KASAN; the
# guest kernel's has one (guest/run: half the host CPU under TCG).
smp=1
[ "${SIGIL_KERNEL_VARIANT:-}" != debug ] || smp=2
# slub_debug=P poisons freed slab objects, so that a read after free
# shows up as 0x6b bytes (the policy tests look for that).
suite() {	# suite DIR LIST...: one boot running the lists, disks in DIR
	local dir=$1
	shift
	"$top/guest/run" --timeout "${SIGIL_GUEST_TIMEOUT:-1200}" --smp "$smp" \
		--append slub_debug=P \
		--console "$dir/console.log" --root "$uwork/root" \
		--disk "$dir/ext4.img" --disk "$dir/ext3.img" \
		-- /usr/libexec/sigil/tests/run-suite "$limit" "$@" 2>&1
}
start=$(date +%s)
if [ -n "$long" ]; then
	mkdir -p "$work/long"
	cp --sparse=always "$work/ext4.img" "$work/ext3.img" "$work/long/"
	suite "$work/long" $long >"$work/long.out" &
	lpid=$!
fi
suite "$work" $lists
rc=$?
echo "# guest suite ran in $(( $(date +%s) - start ))s"
if [ "$rc" -eq 0 ]; then
	echo "ok $((n + 1)) - guest kernel stayed healthy and powered off"
else
	echo "# guest/run exited with status $rc; console log: $work/console.log"
	echo "not ok $((n + 1)) - guest kernel stayed healthy and powered off"
fi
if [ -n "$long" ]; then
	wait "$lpid"
	lrc=$?
	echo "# the long runs' boot ended $(( $(date +%s) - start ))s after the start"
	# Its results, numbered after the first boot's.
	awk -v off=$((n + 1)) '/^(not )?ok [0-9]+( |$)/ {
		i = $1 == "not" ? 3 : 2; $i += off } { print }' "$work/long.out"
	if [ "$lrc" -eq 0 ]; then
		echo "ok $((n + n2 + 2)) - the long runs' guest kernel stayed healthy and powered off"
	else
		echo "# guest/run exited with status $lrc; console log: $work/long/console.log"
		echo "not ok $((n + n2 + 2)) - the long runs' guest kernel stayed healthy and powered off"
	fi
fi
i=$((n + 1 + (n2 ? n2 + 1 : 0)))

# An independent reader of what reached the disk: e2fsprogs' debugfs.
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
	--console "$work/console-disabled.log" --root "$uwork/root" \
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
