# Helpers for the guest tests (busybox sh).  Sourced.
# Each test exits 0 on success, 1 on failure (after saying what it expected
# and what it saw), 77 when a feature it needs is missing.

fail() {
	echo "$*"
	exit 1
}

# expect_eq WHAT EXPECTED SEEN
expect_eq() {
	[ "$2" = "$3" ] || fail "$1: expected '$2', saw '$3'"
}

# Finds the mount point of the disk with serial $1 (guest/run --disk).
disk_mount() {
	[ -n "$(mount_type "/mnt/$1")" ] ||
		fail "disk '$1' is not mounted at /mnt/$1"
	echo "/mnt/$1"
}

# Finds the block device of the disk with serial $1.
disk_dev() {
	for d in /sys/block/vd*; do
		[ "$(cat "$d/serial" 2>/dev/null)" = "$1" ] && {
			echo "/dev/${d##*/}"
			return 0
		}
	done
	fail "no disk with serial '$1'"
}

# Prints the file system type of mount point $1.
mount_type() {
	awk -v m="$1" '$2 == m { print $3 }' /proc/mounts
}
