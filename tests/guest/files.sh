# Confinement of files: every creation, open descriptors, inherited and
# passed descriptors, mappings, the file itself, pseudo-file labels and
# mounts; one case per name:  sh files.sh NAME
# Each case is refused first (errno and denial line), then allowed by its
# rule.  Every policy keeps 'unconfined kernel' for the test shell.
. ./lib.sh
t=$1
policy_test_dir files "$t"

base='transition kernel app_t
allow app_t unlabeled rx'
ops=./file-ops
# denial_line OP OBJECT NAME: the log has app_t's denial of OP on NAME.
denial_line() {
	log_has "denied op=$1 check=file subject=app_t object=$2\( program=[^ ]*\)\{0,1\} pid=[0-9]* comm=\"[^\"]*\" name=\"$3\" " ||
		fail "expected an op=$1 denial line for $3, saw: $(dmesg | grep 'denied op=' | tail -n 2)"
}
# refused COMMAND...: COMMAND must fail with "Permission denied".
refused() {
	{ "$@" 2>&1; echo $? >$out.rc; } | cat >$out
	[ "$(cat $out.rc)" != 0 ] || fail "$*: succeeded, expected a refusal"
	grep -q "Permission denied" $out || fail "$*: expected 'Permission denied', saw '$(cat $out)'"
}
# create_all STATUS: each kind of creation in $d/dir, as app_t, exits
# with STATUS.
create_all() {
	for c in ": >$d/dir/f" "mkdir $d/dir/sub" "mkfifo $d/dir/fifo" \
		"ln -s target $d/dir/sym" "ln $d/src $d/dir/hard"; do
		run "$1" execcon app_t sh -c "$c"
	done
}
# setattr_all STATUS: chmod, chown, touch and truncate of $d/f, as app_t,
# each exit with STATUS.
setattr_all() {
	for c in "chmod 600" "chown 0:0" "touch -d 2001-01-01" "truncate -s 0"; do
		run "$1" execcon app_t $c "$d/f"
	done
}
label_of() {
	filecon "$1" | cut -d' ' -f1
}
# hold_then FILE MODE ACTION...: an app_t task opens FILE and uses it
# once, the test shell runs ACTION, then the task uses it again; $held is
# what the task printed (two results).
hold_then() {
	f=$1 m=$2
	shift 2
	rm -f "$d/go" "$d/held"
	execcon app_t ./file-ops hold "$f" "$m" "$d/go" 2>&1 | cat >"$d/held" &
	for i in $(seq 100); do
		[ -s "$d/held" ] && break
		sleep 0.05
	done
	"$@"
	: >"$d/go"
	wait
	held=$(cat "$d/held" | tr '\n' ' ')
}

case $t in
tmpfile-needs-create)
	mkdir "$d/dir"; filecon -s appdir_t "$d/dir"
	load "$base
allow app_t appdir_t rwx"
	expect_op EACCES tmpfile "$d/dir"
	denial "allow app_t appdir_t c"
	load "$base
allow app_t appdir_t rwxc"
	expect_op ok tmpfile "$d/dir"
	;;
tmpfile-link-exec-escape-refused)
	# The route of the escape: an anonymous file made in a directory
	# where the task may only search, linked into its own directory and
	# run into a richer label.
	mkdir "$d/dir" "$d/own"; filecon -s appdir_t "$d/dir"; filecon -s app_t "$d/own"
	load "$base
allow app_t appdir_t rwx
transition app_t rich_t
allow rich_t unlabeled rx
allow rich_t app_t rx"
	expect_op EACCES tmpfile-link "$d/dir" "$d/own/evil"
	[ ! -e "$d/own/evil" ] || fail "the anonymous file was linked into $d/own"
	denial "allow app_t appdir_t c"
	run 127 execcon app_t execcon rich_t "$d/own/evil"
	;;
every-creation-needs-create)
	mkdir "$d/dir"; filecon -s appdir_t "$d/dir"
	: >"$d/src"; filecon -s appdir_t "$d/src"
	load "$base
allow app_t appdir_t rwx"
	create_all 1
	expect_eq "files created" "" "$(ls "$d/dir")"
	denial "allow app_t appdir_t c"
	load "$base
allow app_t appdir_t rwxc"
	create_all 0
	expect_eq "files created" "f fifo hard sub sym" "$(ls "$d/dir" | tr '\n' ' ' | sed 's/ $//')"
	;;
cached-rights-belong-to-one-label)
	# Each inode caches the rights of the last label that asked: two
	# labels walking to one file and reading it, by turns and at once.
	mkdir "$d/dir"; filecon -s appdir_t "$d/dir"
	echo data >"$d/dir/f"; filecon -s data_t "$d/dir/f"
	load "$base
transition kernel other_t
allow other_t unlabeled rx
allow app_t appdir_t x
allow app_t data_t r"
	for i in 1 2 3; do
		run 0 execcon app_t cat "$d/dir/f"
		run 1 execcon other_t cat "$d/dir/f"
	done
	denial "allow other_t appdir_t x"
	# 50 reads each at once: app_t is never refused, other_t never
	# gets through; each prints the count of the other outcome.
	execcon app_t sh -c "n=0; for i in \$(seq 50); do cat $d/dir/f || n=\$((n + 1)); done; echo \$n" 2>&1 |
		tail -n 1 >"$d/app.out" &
	execcon other_t sh -c "n=0; for i in \$(seq 50); do cat $d/dir/f && n=\$((n + 1)); done; echo \$n" 2>&1 |
		tail -n 1 >"$d/other.out"
	wait
	expect_eq "app_t reads refused of 50" 0 "$(cat "$d/app.out")"
	expect_eq "other_t reads allowed of 50" 0 "$(cat "$d/other.out")"
	# The denial log allows 100 lines every 5 seconds: let the next
	# tests' lines through.
	sleep 5
	;;
cached-rights-follow-relabels-and-reloads)
	# Rights cached by a path walk go stale at a relabel of a directory
	# on the way, at a reload, and when a label stops being unconfined.
	mkdir "$d/dir"; filecon -s appdir_t "$d/dir"
	echo data >"$d/dir/f"; filecon -s data_t "$d/dir/f"
	load "$base
allow app_t appdir_t x
allow app_t data_t r"
	run 0 execcon app_t cat "$d/dir/f"
	filecon -s secret_t "$d/dir"
	run 1 execcon app_t cat "$d/dir/f"
	denial "allow app_t secret_t x"
	filecon -s appdir_t "$d/dir"
	run 0 execcon app_t cat "$d/dir/f"
	load "$base
allow app_t appdir_t x"
	run 1 execcon app_t cat "$d/dir/f"
	denial "allow app_t data_t r"
	load "$base
unconfined app_t"
	run 0 execcon app_t cat "$d/dir/f"
	load "$base
allow app_t appdir_t x"
	run 1 execcon app_t cat "$d/dir/f"
	;;
descriptor-refused-after-relabel)
	printf 'one\ntwo\n' >"$d/f"; filecon -s data_t "$d/f"
	load "$base
allow app_t data_t r"
	hold_then "$d/f" r filecon -s secret_t "$d/f"
	expect_eq "reads before and after the relabel" "ok EACCES " "$held"
	denial "allow app_t secret_t r"
	;;
descriptor-refused-after-reload)
	printf 'one\ntwo\n' >"$d/f"; filecon -s data_t "$d/f"
	load "$base
allow app_t data_t rw"
	hold_then "$d/f" w load "$base
allow app_t data_t r"
	expect_eq "writes before and after the reload" "ok EACCES " "$held"
	denial "allow app_t data_t w"
	;;
descriptor-kept-after-reload-that-keeps-access)
	printf 'one\ntwo\n' >"$d/f"; filecon -s data_t "$d/f"
	load "$base
allow app_t data_t r"
	hold_then "$d/f" r load "$base
allow app_t data_t r
allow app_t other_t r"
	expect_eq "reads before and after the reload" "ok ok " "$held"
	# Append-only: an O_APPEND descriptor needs a, and only a.
	load "$base
allow app_t data_t a"
	hold_then "$d/f" a load "$base
allow app_t data_t a
allow app_t other_t r"
	expect_eq "appends before and after the reload" "ok ok " "$held"
	;;
append-grant-changes-no-byte-already-written)
	# a opens for appending; what would change the bytes already there
	# through that descriptor needs w (or the kernel refuses it for any
	# O_APPEND descriptor), on ext4, whose fallocate has every mode.
	m=$(disk_mount ext4)/files-append
	rm -rf "$m"; mkdir -p "$m"
	head -c 8192 /dev/zero | tr '\0' A >"$m/f"; filecon -s data_t "$m/f"
	load "$base
allow app_t data_t a"
	run 0 execcon app_t $ops overwrite "$m/f" append
	for how in noappend punch zero truncate setfl; do
		run 1 execcon app_t $ops overwrite "$m/f" $how
		expect_eq "overwrite by $how with a alone" EACCES "$(cat $out)"
	done
	denial "allow app_t data_t w"
	run 1 execcon app_t $ops overwrite "$m/f" copy-range
	expect_eq "copy_file_range into an O_APPEND descriptor" EBADF "$(cat $out)"
	run 1 execcon app_t $ops overwrite "$m/f" splice
	expect_eq "splice into an O_APPEND descriptor" EINVAL "$(cat $out)"
	# A file system's ioctl through it needs w; one that only asks, a.
	run 1 execcon app_t $ops overwrite "$m/f" ficlone
	expect_eq "FICLONE into an O_APPEND descriptor" EACCES "$(cat $out)"
	run 1 execcon app_t $ops overwrite "$m/f" isatty
	expect_eq "TCGETS on an O_APPEND descriptor" ENOTTY "$(cat $out)"
	expect_eq "the first bytes" AAAAAAAA "$(head -c 8 "$m/f")"
	expect_eq "the size (8192 and one append)" 8193 "$(stat -c %s "$m/f")"
	load "$base
allow app_t data_t aw"
	for how in noappend punch; do
		run 0 execcon app_t $ops overwrite "$m/f" $how
	done
	expect_eq "the first byte after the allowed overwrites" 0 \
		"$(head -c 1 "$m/f" | od -An -tu1 | tr -d ' ')"
	rm -rf "$m"
	;;
inherited-descriptors-closed-at-transition)
	echo secret >"$d/secret"; filecon -s secret_t "$d/secret"
	echo log >"$d/log"; filecon -s log_t "$d/log"
	load "$base"
	seen=$(execcon app_t sh -c 'cat <&5; readlink /proc/self/fd/5; echo more >&6; readlink /proc/self/fd/6' 5<"$d/secret" 6>>"$d/log")
	expect_eq "what app_t reads and sees of its inherited descriptors" "anon_inode:[sigil-null]
anon_inode:[sigil-null]" "$seen"
	expect_eq "the log" log "$(cat "$d/log")"
	denial "allow app_t secret_t r"
	denial "allow app_t log_t a"
	denial_line inherit secret_t secret
	load "$base
allow app_t secret_t r
allow app_t log_t a"
	seen=$(execcon app_t sh -c 'cat <&5; echo more >&6' 5<"$d/secret" 6>>"$d/log")
	expect_eq "what app_t reads with the rule" secret "$seen"
	expect_eq "the log with the rule" "log
more" "$(cat "$d/log")"
	# Without a transition nothing is closed: the label does not change.
	seen=$(sh -c 'cat <&5' 5<"$d/secret")
	expect_eq "an exec without a transition" secret "$seen"
	;;
scm-rights-needs-access)
	# The socket the descriptor travels on is the sender's (kernel's):
	# app_t may use it, and receive only what it may use itself.
	echo secret >"$d/secret"; filecon -s secret_t "$d/secret"
	sock='allow app_t kernel rw'
	load "$base
$sock"
	run 1 ./file-ops send "$d/secret" r app_t
	expect_eq "descriptor passed to app_t" ECTRUNC "$(cat $out)"
	denial "allow app_t secret_t r"
	load "$base
$sock
allow app_t secret_t r"
	run 0 ./file-ops send "$d/secret" r app_t
	run 1 ./file-ops send "$d/secret" w app_t
	expect_eq "write descriptor passed to app_t" ECTRUNC "$(cat $out)"
	denial "allow app_t secret_t w"
	;;
pidfd-getfd-needs-access)
	echo secret >"$d/secret"; filecon -s secret_t "$d/secret"
	pol="transition kernel app_t
allow app_t unlabeled rx
transition kernel victim_t
allow victim_t unlabeled rx
allow victim_t secret_t r
process app_t victim_t t"
	load "$pol"
	execcon victim_t sh -c 'exec sleep 1000' 5<"$d/secret" &
	vpid=$!
	for i in $(seq 50); do
		[ "$(proccon $vpid 2>/dev/null | cut -d' ' -f2)" = victim_t ] && break
		sleep 0.1
	done
	trap 'kill -9 $vpid; wait' EXIT
	expect_as app_t EACCES ./task-ops getfd $vpid 5
	denial "allow app_t secret_t r"
	load "$pol
allow app_t secret_t r"
	expect_as app_t ok ./task-ops getfd $vpid 5
	;;
mmap-exec-needs-x)
	cp ./file-ops "$d/lib"; filecon -s lib_t "$d/lib"
	load "$base
allow app_t lib_t r"
	expect_op ok mmap "$d/lib" r
	expect_op EACCES mmap "$d/lib" rx
	denial "allow app_t lib_t x"
	expect_op EACCES mprotect "$d/lib"
	expect_op EACCES mmap "$d/lib" rw
	load "$base
allow app_t lib_t rx"
	expect_op ok mmap "$d/lib" rx
	expect_op ok mprotect "$d/lib"
	load "$base
allow app_t lib_t rwx"
	expect_op ok mmap "$d/lib" rw
	;;
mmap-checks-the-current-label)
	cp ./file-ops "$d/lib"; filecon -s lib_t "$d/lib"
	load "$base
allow app_t lib_t rx
allow app_t other_t r"
	expect_op ok mmap "$d/lib" rx
	filecon -s other_t "$d/lib"
	expect_op EACCES mmap "$d/lib" rx
	denial "allow app_t other_t x"
	;;
setattr-needs-write)
	echo data >"$d/f"; filecon -s ro_t "$d/f"
	load "$base
allow app_t ro_t r"
	setattr_all 1
	expect_eq "the file after refused changes" "644 data" "$(stat -c %a "$d/f") $(cat "$d/f")"
	denial "allow app_t ro_t w"
	denial_line setattr ro_t f
	load "$base
allow app_t ro_t rw"
	setattr_all 0
	expect_eq "the file after allowed changes" "600 0" "$(stat -c '%a %s' "$d/f")"
	;;
xattr-change-needs-write)
	echo data >"$d/f"; filecon -s ro_t "$d/f"
	load "$base
allow app_t ro_t r"
	run 1 execcon app_t ./xattr set "$d/f" user.note hello
	expect_eq "user.note after the refused set" "" "$(./xattr get "$d/f" user.note 2>/dev/null)"
	denial "allow app_t ro_t w"
	./xattr set "$d/f" user.old kept || fail "cannot set user.old"
	run 1 execcon app_t ./xattr remove "$d/f" user.old
	expect_eq "user.old after the refused removal" kept "$(./xattr get "$d/f" user.old)"
	load "$base
allow app_t ro_t rw"
	run 0 execcon app_t ./xattr set "$d/f" user.note hello
	expect_eq "user.note after the allowed set" hello "$(./xattr get "$d/f" user.note)"
	;;
symlink-read-and-follow-need-read)
	echo data >"$d/target"; filecon -s data_t "$d/target"
	ln -s target "$d/link"; filecon -h -s link_t "$d/link"
	load "$base
allow app_t data_t r"
	run 1 execcon app_t readlink "$d/link"
	run 1 execcon app_t cat "$d/link"
	denial "allow app_t link_t r"
	denial_line follow link_t link
	run 0 execcon app_t cat "$d/target"
	load "$base
allow app_t data_t r
allow app_t link_t r"
	run 0 execcon app_t readlink "$d/link"
	expect_eq "readlink" target "$(cat $out)"
	run 0 execcon app_t cat "$d/link"
	expect_eq "read through the link" data "$(cat $out)"
	;;
unlink-rename-and-link-need-write-on-the-file)
	mkdir "$d/dir"; filecon -s dir_t "$d/dir"
	echo keep >"$d/dir/keep"; filecon -s keep_t "$d/dir/keep"
	echo mine >"$d/dir/mine"
	load "$base
allow app_t dir_t rwxc
allow app_t keep_t r"
	run 1 execcon app_t rm -f "$d/dir/keep"
	run 1 execcon app_t mv "$d/dir/keep" "$d/dir/moved"
	run 1 execcon app_t mv "$d/dir/mine" "$d/dir/keep"
	run 1 execcon app_t ln "$d/dir/keep" "$d/dir/link"
	expect_eq "the directory after refused changes" "keep mine" "$(ls "$d/dir" | tr '\n' ' ' | sed 's/ $//')"
	expect_eq "the kept file" keep "$(cat "$d/dir/keep")"
	denial "allow app_t keep_t w"
	denial_line unlink keep_t keep
	load "$base
allow app_t dir_t rwxc
allow app_t keep_t rw"
	run 0 execcon app_t ln "$d/dir/keep" "$d/dir/link"
	run 0 execcon app_t mv "$d/dir/mine" "$d/dir/keep"
	run 0 execcon app_t rm -f "$d/dir/link"
	expect_eq "the directory after allowed changes" keep "$(ls "$d/dir")"
	;;
pseudo-files-labelled-by-genfs-rules)
	load "$base"
	expect_eq "/dev/null without a rule" unlabeled "$(label_of /dev/null)"
	disk=$(disk_dev ext4)
	load "$base
genfs devtmpfs /null null_t
genfs devtmpfs / dev_t
genfs devtmpfs ${disk#/dev} disk_t
genfs proc /sys/kernel/core_pattern core_t
genfs proc /sys sysctl_t
genfs securityfs /sigil sigilfs_t
genfs securityfs / secfs_t
genfs sysfs /block sysblock_t
genfs debugfs / debug_t
genfs cgroup2 / cgroup_t"
	expect_eq "/dev/null" null_t "$(label_of /dev/null)"
	expect_eq "/sys/block" sysblock_t "$(label_of /sys/block)"
	expect_eq "/sys/kernel" unlabeled "$(label_of /sys/kernel)"
	mkdir -p "$d/debug" "$d/cgroup"
	mount -t debugfs none "$d/debug" || fail "cannot mount debugfs"
	mount -t cgroup2 none "$d/cgroup" || fail "cannot mount cgroup2"
	expect_eq "a debugfs file" debug_t "$(label_of "$d/debug/$(ls "$d/debug" | head -n 1)")"
	expect_eq "cgroup.procs" cgroup_t "$(label_of "$d/cgroup/cgroup.procs")"
	umount "$d/debug"; umount "$d/cgroup"
	expect_eq "$disk" disk_t "$(label_of "$disk")"
	expect_eq "/dev/console" dev_t "$(label_of /dev/console)"
	expect_eq "/proc/sys/kernel/core_pattern" core_t "$(label_of /proc/sys/kernel/core_pattern)"
	expect_eq "/proc/sys/kernel/hostname" sysctl_t "$(label_of /proc/sys/kernel/hostname)"
	expect_eq "/proc/sysrq-trigger (not below /sys)" unlabeled "$(label_of /proc/sysrq-trigger)"
	expect_eq "/proc/$$/status" kernel "$(label_of /proc/$$/status)"
	expect_eq "$fs/policy" sigilfs_t "$(label_of $fs/policy)"
	expect_eq "$fs" sigilfs_t "$(label_of $fs)"
	expect_eq "/sys/kernel/security/lsm" secfs_t "$(label_of /sys/kernel/security/lsm)"
	# A label set by a task sticks across loads.
	filecon -s mine_t /dev/zero
	load "$base
genfs devtmpfs / dev_t"
	expect_eq "/dev/null after a reload without its rule" dev_t "$(label_of /dev/null)"
	expect_eq "/dev/zero, relabelled by a task" mine_t "$(label_of /dev/zero)"
	expect_eq "/proc/sys/kernel/core_pattern after the reload" unlabeled "$(label_of /proc/sys/kernel/core_pattern)"
	load "$base"
	expect_eq "/dev/null without rules" unlabeled "$(label_of /dev/null)"
	filecon -s unlabeled /dev/zero
	;;
new-device-nodes-labelled-by-name)
	load "$base
genfs devtmpfs /loop7 loop_t"
	[ -e /dev/loop7 ] && fail "/dev/loop7 exists before the test"
	mknod /dev/loop7 b 7 7 || fail "cannot mknod /dev/loop7"
	expect_eq "/dev/loop7 made by mknod" loop_t "$(label_of /dev/loop7)"
	rm -f /dev/loop7
	;;
confined-task-writes-dev-null-not-the-policy)
	load "$base
genfs devtmpfs /null null_t
genfs securityfs /sigil sigilfs_t
allow app_t null_t rw
allow app_t sigilfs_t rx
capability app_t mac_admin
policy app_t l"
	run 0 execcon app_t sh -c 'echo x >/dev/null'
	run 1 execcon app_t sh -c "echo 'unconfined app_t' >$fs/policy"
	denial "allow app_t sigilfs_t w"
	run 0 execcon app_t cat $fs/status
	expect_eq "running policy" "unconfined kernel" "$(head -n 1 $fs/policy)"
	;;
raw-disk-needs-its-label)
	disk=$(disk_dev ext3)
	load "$base"
	run 0 execcon app_t dd if="$disk" bs=512 count=1
	load "$base
genfs devtmpfs ${disk#/dev} disk_t"
	run 1 execcon app_t dd if="$disk" bs=512 count=1
	denial "allow app_t disk_t r"
	;;
mounts-need-write)
	mkdir "$d/mnt"; filecon -s mnt_t "$d/mnt"
	: >"$d/file"; filecon -s mnt_t "$d/file"
	: >"$d/src"
	pol="$base
capability app_t sys_admin
allow app_t mnt_t rx"
	load "$pol"
	refused execcon app_t mount -t tmpfs none "$d/mnt"
	refused execcon app_t mount --bind "$d/src" "$d/file"
	# The new mount API: fsopen, fsconfig and fsmount make a mount
	# that no path names; move_mount(2) attaches it.
	expect_op EACCES move-mount "$d/mnt"
	expect_eq "mounted" "" "$(mount_type "$d/mnt")"
	denial "allow app_t mnt_t w"
	denial_line mount mnt_t mnt
	mount -t tmpfs none "$d/mnt" || fail "cannot mount a tmpfs"
	filecon -s mnt_t "$d/mnt"
	refused execcon app_t mount -o remount,size=1m "$d/mnt"
	refused execcon app_t umount "$d/mnt"
	expect_eq "still mounted" tmpfs "$(mount_type "$d/mnt")"
	load "$pol
allow app_t mnt_t w"
	run 0 execcon app_t mount -o remount,size=1m "$d/mnt"
	run 0 execcon app_t umount "$d/mnt"
	run 0 execcon app_t mount -t tmpfs none "$d/mnt"
	run 0 execcon app_t mount --bind "$d/src" "$d/file"
	umount "$d/file"; umount "$d/mnt"
	expect_op ok move-mount "$d/mnt"
	expect_eq "attached by move_mount" tmpfs "$(mount_type "$d/mnt")"
	umount "$d/mnt"
	;;
directory-reparent-needs-create-on-it)
	# A change that asks only for write access to a directory (here the
	# ".." of a directory moved to another parent; on Btrfs a subvolume
	# made or destroyed) needs c on it, on tmpfs and on ext4 alike.
	for m in "$d" "$(disk_mount ext4)/files-reparent"; do
		rm -rf "$m/a" "$m/b"; mkdir -p "$m/a/sub" "$m/b"
		filecon -s parent_t "$m/a" "$m/b"; filecon -s sub_t "$m/a/sub"
		load "$base
allow app_t parent_t rwxc
allow app_t sub_t rwx"
		run 1 execcon app_t mv "$m/a/sub" "$m/b/sub"
		[ -d "$m/a/sub" ] || fail "$m/a/sub moved without c on it"
		denial "allow app_t sub_t c"
		load "$base
allow app_t parent_t rwxc
allow app_t sub_t rwxc"
		run 0 execcon app_t mv "$m/a/sub" "$m/b/sub"
		[ -d "$m/b/sub" ] || fail "$m/a/sub was not moved with c on it"
		dmesg -c >/dev/null
	done
	;;
lock-is-a-use-of-the-descriptor)
	# A lock holds other tasks back: like a read, it needs the rights
	# of the descriptor's mode under the policy in force.
	printf 'one\n' >"$d/f"; filecon -s data_t "$d/f"
	load "$base
allow app_t data_t r"
	hold_then "$d/f" l load "$base
allow app_t data_t x"
	expect_eq "locks before and after the reload" "ok EACCES " "$held"
	denial "allow app_t data_t r"
	;;
user-xattr-read-needs-r)
	# A user.* attribute holds what the owner wrote: reading it is a
	# read (the VFS asks MAY_READ of the inode, which Sigil checks as
	# r; no getxattr hook is needed).  The label describes the file, as
	# stat does.
	: >"$d/f"; filecon -s secret_t "$d/f"
	expect_eq "setxattr user.note as kernel" ok \
		"$($ops setxattr "$d/f" user.note hidden)"
	load "$base
allow app_t secret_t x"
	expect_op EACCES getxattr "$d/f" user.note
	denial "allow app_t secret_t r"
	expect_op ok getxattr "$d/f" security.sigil
	load "$base
allow app_t secret_t r"
	expect_op ok getxattr "$d/f" user.note
	;;
acl-change-needs-w)
	# An ACL changes who may use the file, as chmod does: w.
	: >"$d/f"; chown 1000 "$d/f"; filecon -s data_t "$d/f"
	load "$base
allow app_t data_t r
capability app_t fowner"
	expect_op EACCES setacl "$d/f"
	denial "allow app_t data_t w"
	load "$base
allow app_t data_t rw
capability app_t fowner"
	expect_op ok setacl "$d/f"
	;;
*)
	fail "no file confinement test named '$t'"
	;;
esac
exit 0
