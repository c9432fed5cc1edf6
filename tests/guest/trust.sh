# Which labels are believed: a file system served from user space (FUSE)
# does not choose its files' labels unless the policy says it may
# (fslabels), a label that could not be read is read again rather than
# kept as unlabeled, an invalid one is unlabeled, and the objects of the
# kernel's internal file systems carry their creator's label; one case
# per name:  sh trust.sh NAME
. ./lib.sh
t=$1
policy_test_dir trust "$t"
mnt=$d/mnt
mkdir "$mnt" || fail "cannot create $mnt"
# A user namespace's root may open it, as on a distribution.
chmod 666 /dev/fuse || fail "no /dev/fuse"

# A FUSE file that claims an entrypoint's label; app_t may enter priv_t
# only through a program of that label.
entry='transition kernel app_t
allow app_t unlabeled rx
allow app_t priv_exec_t rx
transition app_t priv_t
entrypoint priv_t priv_exec_t
nosuidtransition app_t priv_t
allow priv_t unlabeled rx
allow priv_t priv_exec_t rx'
# claim COMMAND...: COMMAND, in the mount namespace of a FUSE mount on
# $mnt whose file "true" is busybox and claims the label priv_exec_t.
claim() {
	./fuse-serve -l priv_exec_t -c /bin/busybox "$mnt" "$@"
}

case $t in
served-label-not-believed-in-a-user-namespace)
	# An unprivileged user mounts FUSE in a user namespace of its own
	# and offers a program labelled as priv_t's entrypoint: the label
	# is not believed (no genfs rule: unlabeled), and app_t cannot
	# enter priv_t through it.
	load "$entry"
	run 0 ./as-user 1000 unshare -Urm ./fuse-serve -l priv_exec_t \
		-c /bin/busybox "$mnt" sh -c "filecon $mnt/true; execcon app_t execcon priv_t $mnt/true; echo status \$?"
	expect_eq "label of the FUSE file" "unlabeled $mnt/true" "$(head -n 1 $out)"
	expect_eq "exec into priv_t through it" "status 126" "$(tail -n 1 $out)"
	denial "entrypoint priv_t unlabeled"
	# With a genfs rule, the label of the file system type and path.
	load "$entry
genfs fuse / fuse_t"
	run 0 ./as-user 1000 unshare -Urm ./fuse-serve -l priv_exec_t \
		"$mnt" filecon "$mnt/true"
	expect_eq "label by the genfs rule" "fuse_t $mnt/true" "$(cat $out)"
	;;
fslabels-rule-says-whether-a-type-is-believed)
	# By default FUSE's labels are not believed; "fslabels fuse xattr"
	# believes them (an admin's own server), "fslabels fuse genfs" is
	# the default said out loud.  An invalid label is unlabeled, not
	# the genfs rule's.
	load "genfs fuse / fuse_t"
	run 0 claim filecon "$mnt/true"
	expect_eq "default" "fuse_t $mnt/true" "$(cat $out)"
	load "genfs fuse / fuse_t
fslabels fuse xattr"
	run 0 claim filecon "$mnt/true"
	expect_eq "fslabels fuse xattr" "priv_exec_t $mnt/true" "$(cat $out)"
	# Believed, the label is an entrypoint: the route the default
	# closes, which every FUSE mount offered before it.
	load "$entry
fslabels fuse xattr"
	run 0 claim sh -c "execcon app_t execcon priv_t $mnt/true; echo status \$?"
	expect_eq "exec into priv_t through a believed label" "status 0" "$(cat $out)"
	# Never believed from a user namespace, whatever the rule.
	run 0 ./as-user 1000 unshare -Urm ./fuse-serve -l priv_exec_t \
		"$mnt" filecon "$mnt/true"
	expect_eq "fslabels fuse xattr, user namespace" "unlabeled $mnt/true" "$(cat $out)"
	run 0 ./fuse-serve -l 'bad label' "$mnt" filecon "$mnt/true"
	expect_eq "an invalid label" "unlabeled $mnt/true" "$(cat $out)"
	load "genfs fuse / fuse_t
fslabels fuse genfs"
	run 0 claim filecon "$mnt/true"
	expect_eq "fslabels fuse genfs" "fuse_t $mnt/true" "$(cat $out)"
	# A rule the other way for the same type is a load error.
	printf 'unconfined kernel\nfslabels fuse xattr\nfslabels fuse genfs\n' >$d/two
	run 1 sigilctl load $d/two
	grep -q "a second fslabels rule for 'fuse': 'xattr' before, 'genfs' here" $err ||
		fail "expected the second fslabels rule named, saw: $(cat $err)"
	;;
fslabels-genfs-relabels-files-in-memory-at-load)
	# A type whose labels stop being believed is relabelled at once,
	# its files in memory too; its labels can be neither set nor
	# written to new files meanwhile.  The disk keeps them: after a
	# remount under a policy that believes them, they are back.
	m=$(disk_mount ext3) || exit 1
	dev=$(disk_dev ext3) || exit 1
	type=$(mount_type "$m")
	rm -rf "$m/trust"
	mkdir "$m/trust" && echo x >"$m/trust/f" || fail "cannot write $m/trust"
	load ""
	run 0 filecon -s disk_x_t "$m/trust/f"
	expect_eq "label set" disk_x_t "$(label "$m/trust/f")"
	load "fslabels $type genfs
genfs $type / fs_t"
	expect_eq "label at the load" fs_t "$(label "$m/trust/f")"
	run 1 filecon -s other_t "$m/trust/f"
	echo y >"$m/trust/g" || fail "cannot create $m/trust/g"
	expect_eq "new file" fs_t "$(label "$m/trust/g")"
	load ""
	umount "$m" || fail "cannot unmount $m"
	mount -t "$type" "$dev" "$m" || fail "cannot mount $dev again"
	expect_eq "label after the remount" disk_x_t "$(label "$m/trust/f")"
	expect_eq "new file after the remount" unlabeled "$(label "$m/trust/g")"
	rm -rf "$m/trust"
	;;
label-read-error-is-read-again)
	# The first read of the file's label fails (EIO): the file is not
	# left unlabeled, which app_t may not read, but read again at the
	# denial, and app_t reads it.
	load "transition kernel app_t
allow app_t unlabeled x
allow app_t fuse_ok_t r
fslabels fuse xattr"
	run 0 ./fuse-serve -l fuse_ok_t -e 1 "$mnt" execcon app_t cat "$mnt/true"
	expect_eq "read through the retried label" hello "$(cat $out)"
	grep -q '^getxattr 2$' $err ||
		fail "expected two reads of the label (one failed), saw: $(cat $err)"
	# Read again when asked for too, before any check.
	run 0 ./fuse-serve -l fuse_ok_t -e 1 "$mnt" sh -c "cat $mnt/true >/dev/null; filecon $mnt/true"
	expect_eq "label shown after a failed read" "fuse_ok_t $mnt/true" "$(cat $out)"
	# A label that never reads is unlabeled on every route, and asking
	# for it fails: an open, a descriptor inherited into app_t (where no
	# read is tried, under the descriptor table's lock), a label query.
	run 0 ./fuse-serve -l fuse_ok_t -e 1000 "$mnt" sh -c "
		execcon app_t cat $mnt/true; echo open \$?
		exec 3<$mnt/true
		execcon app_t /bin/busybox sh -c '/bin/busybox cat <&3'
		echo inherited \$?
		filecon $mnt/true; echo label \$?"
	expect_eq "routes to an unreadable label" "open 1
inherited 0
label 1" "$(grep -v '^hello' $out)"
	grep -q hello $out && fail "expected app_t to read nothing, saw: $(cat $out)"
	denial "allow app_t unlabeled r"
	log_has "denied op=inherit check=file subject=app_t object=unlabeled" ||
		fail "expected the inherited descriptor refused"
	;;
unlabeled-is-not-written-as-a-label)
	# A file made in an unlabeled directory gets no label of its own,
	# so a genfs rule labels it as it labels the system's other files
	# without one; attr/fscreate can still ask for unlabeled.
	m=$(disk_mount ext4) || exit 1
	type=$(mount_type "$m")
	rm -rf "$m/nolabel"
	mkdir "$m/nolabel" || fail "cannot create $m/nolabel"
	load ""
	run 0 filecon -s unlabeled "$m/nolabel"
	echo x >"$m/nolabel/f" || fail "cannot create $m/nolabel/f"
	run 0 fscreatecon-run unlabeled -o "$m/nolabel/g" -- true
	load "genfs $type / fs_t"
	expect_eq "new file of an unlabeled directory" fs_t "$(label "$m/nolabel/f")"
	expect_eq "the directory, labelled unlabeled" unlabeled "$(label "$m/nolabel")"
	expect_eq "a file made with attr/fscreate unlabeled" unlabeled "$(label "$m/nolabel/g")"
	load ""
	expect_eq "without the rule" unlabeled "$(label "$m/nolabel/f")"
	rm -rf "$m/nolabel"
	;;
anonymous-objects-carry-their-creators-label)
	# A pipe and a memfd carry the label of the task that made them:
	# neither is unlabeled.  The inode that anonymous files share is
	# private to the kernel (S_PRIVATE): no module is asked its label.
	load "transition kernel app_t
allow app_t unlabeled rx"
	expect_as app_t "pipe app_t memfd app_t eventfd -" \
		./object-ops anon-labels
	expect_as kernel "pipe kernel memfd kernel eventfd -" \
		./object-ops anon-labels
	;;
*)
	fail "unknown test $t"
	;;
esac
exit 0
