# Ensure that a security.* xattr written in the guest on ext4 and on ext3 is
# read back, from the disk, after an unmount and a mount.
. ./lib.sh
for t in ext4 ext3; do
	m=$(disk_mount $t) || exit 1
	dev=$(disk_dev $t) || exit 1
	f=$m/xattr-file
	: >"$f" || fail "cannot create $f"
	./xattr set "$f" security.sigiltest "label-$t" ||
		fail "$t: setting security.sigiltest failed"
	umount "$m" || fail "cannot unmount $m"
	mount -t $t "$dev" "$m" || fail "cannot mount $dev as $t again"
	expect_eq "$t: security.sigiltest after remount" "label-$t" \
		"$(./xattr get "$f" security.sigiltest)"
done
