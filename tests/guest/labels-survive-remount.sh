# Ensure that file labels reach the disk: files labelled on ext4 and on ext3
# keep their labels after an unmount and a mount (read back from the
# security.sigil xattr).  Leaves /persist on both disks for the host's
# debugfs check (tests/drivers/guest-suite.sh).
. ./lib.sh
for t in ext4 ext3; do
	m=$(disk_mount $t) || exit 1
	dev=$(disk_dev $t) || exit 1
	mkdir -p "$m/persist" || fail "cannot create $m/persist"
	./sigil-core make-labelled-files "$m/persist" || fail "$t: labelling failed"
	umount "$m" || fail "cannot unmount $m"
	mount -t $t "$dev" "$m" || fail "cannot mount $dev as $t again"
	./sigil-core labels-read-back-from-disk "$m/persist" ||
		fail "$t: labels lost across the remount"
done
