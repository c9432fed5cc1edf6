# fscreatecon-run and filecon in the guest, one rule per name, on the file
# system of directory DIR:   sh filetools.sh NAME DIR
. ./lib.sh
t=$1
# A small tmpfs for the disk-full case.
if [ "$2" = /mnt/small ] && [ -z "$(mount_type /mnt/small)" ]; then
	mkdir -p /mnt/small
	mount -t tmpfs -o size=256k tmpfs /mnt/small || fail "cannot mount a small tmpfs"
fi
d=$2/$1
rm -rf "$d"
mkdir -p "$d" || fail "cannot create $d"

no_temp_left() {
	left=$(ls -a "$d" | grep fscreatecon)
	[ -z "$left" ] || fail "temporary files left behind: $left"
}

case $t in
fscr-output-labelled-while-command-runs)
	run 0 fscreatecon-run out_t -o "$d/out" -- filecon "$d/out"
	expect_eq "what COMMAND saw of its own output file" "out_t $d/out" "$(cat "$d/out")"
	expect_eq "label afterwards" out_t "$(label "$d/out")"
	expect_eq "fscreatecon-run's own output" "" "$(cat $out)"
	;;
fscr-output-refuses-existing)
	echo original >"$d/f"
	run 125 fscreatecon-run x_t -o "$d/f" -- echo new
	expect_eq "content after the refusal" original "$(cat "$d/f")"
	filecon -s other_t "$d/f"
	run 125 fscreatecon-run x_t --truncate -o "$d/f" -- echo new
	grep -q "exists with label 'other_t', not 'x_t'" $err || fail "saw '$(cat $err)'"
	expect_eq "content after the --truncate refusal" original "$(cat "$d/f")"
	filecon -s x_t "$d/f"
	run 0 fscreatecon-run x_t --truncate -o "$d/f" -- echo new
	expect_eq "content after --truncate of a file labelled x_t" new "$(cat "$d/f")"
	;;
fscr-fd-option)
	run 0 fscreatecon-run fd_t --fd 3="$d/three" -o "$d/one" -- sh -c 'echo to3 >&3; echo to1'
	expect_eq "descriptor 3" to3 "$(cat "$d/three")"
	expect_eq "descriptor 1" to1 "$(cat "$d/one")"
	expect_eq "label of the --fd file" fd_t "$(label "$d/three")"
	# With 3 and 4 free, the file for 4 is opened first (on 3), -o's
	# next (on 4): putting the first on 4 must not close the second.
	run 0 sh -c 'exec 3>&- 4>&-; exec fscreatecon-run fd_t --fd 4="$1" -o "$2" -- sh -c "echo out; echo four >&4"' \
		sh "$d/four" "$d/out"
	expect_eq "descriptor 4, opened before -o" four "$(cat "$d/four")"
	expect_eq "descriptor 1, after --fd 4" out "$(cat "$d/out")"
	;;
fscr-creates-dir-link-fifo)
	run 0 fscreatecon-run tree_t -m "$d/dir" -m "$d/dir/sub" -L "$d/dir/link=sub" -f "$d/dir/fifo"
	for f in dir dir/sub dir/fifo; do
		expect_eq "label of $f" tree_t "$(label "$d/$f")"
	done
	expect_eq "label of the symlink itself" tree_t "$(label "$d/dir/link" -h)"
	[ -p "$d/dir/fifo" ] || fail "$d/dir/fifo is not a fifo"
	expect_eq "symlink target" sub "$(readlink "$d/dir/link")"
	expect_eq "fscreate of this shell afterwards" "" "$(proccon -a fscreate)"
	;;
fscr-rolls-back-partial-creation)
	run 125 fscreatecon-run r_t -m "$d/a" -o "$d/b" -m "$d/a" -- true
	grep -q "cannot create directory '$d/a': File exists" $err || fail "saw '$(cat $err)'"
	[ ! -e "$d/a" ] && [ ! -e "$d/b" ] || fail "expected $d/a and $d/b removed, saw: $(ls "$d")"
	;;
fscr-refused-context-creates-nothing)
	run 125 fscreatecon-run 'bad label' -o "$d/f" -m "$d/m" -- true
	grep -q "cannot set fscreate context to 'bad label' (sigil): Invalid argument" $err ||
		fail "saw '$(cat $err)'"
	expect_eq "directory contents" "" "$(ls "$d")"
	;;
fscr-exit-status-and-codes)
	run 3 fscreatecon-run s_t -o "$d/f" -- sh -c 'exit 3'
	run 127 fscreatecon-run s_t -m "$d/m" -o "$d/o" -- /nonexistent/cmd
	# A command that never ran leaves nothing it was to fill.
	[ ! -e "$d/m" ] && [ ! -e "$d/o" ] ||
		fail "a command not found left: $(ls "$d")"
	printf '#!/bin/sh\n' >"$d/noexec"
	run 126 fscreatecon-run s_t -m "$d/m2" -- "$d/noexec"
	run 125 fscreatecon-run s_t
	run 125 fscreatecon-run s_t --replace "$d/noexec"
	grep -q -- "--replace needs a COMMAND" $err || fail "saw '$(cat $err)'"
	;;
fscr-replace-keeps-metadata)
	printf 'alpha\nbeta\n' >"$d/shadow"
	chown 1000:1000 "$d/shadow"
	chmod 640 "$d/shadow"
	./xattr set "$d/shadow" user.kept yes || fail "cannot set user.kept"
	filecon -s old_t "$d/shadow"
	run 0 fscreatecon-run shadow_t --replace "$d/shadow" -- sed s/alpha/gamma/ "$d/shadow"
	expect_eq "new content" "gamma
beta" "$(cat "$d/shadow")"
	expect_eq "mode, owner, group" "-rw-r----- 1000 1000" \
		"$(ls -ln "$d/shadow" | awk '{ print $1, $3, $4 }')"
	expect_eq "user.kept" yes "$(./xattr get "$d/shadow" user.kept)"
	expect_eq "label" shadow_t "$(label "$d/shadow")"
	no_temp_left
	;;
fscr-replace-follows-symlinks-and-refuses-hard-links)
	mkdir "$d/real"
	printf 'alpha\n' >"$d/real/passwd"
	chmod 644 "$d/real/passwd"
	filecon -s old_t "$d/real/passwd"
	ln -s real/passwd "$d/link"
	run 0 fscreatecon-run shadow_t --replace "$d/link" -- sed s/alpha/gamma/ "$d/link"
	[ -L "$d/link" ] || fail "the symbolic link was replaced by a file"
	expect_eq "link target" real/passwd "$(readlink "$d/link")"
	expect_eq "target's new content" gamma "$(cat "$d/real/passwd")"
	expect_eq "target's label" shadow_t "$(label "$d/real/passwd")"
	expect_eq "target's mode" -rw-r--r-- "$(ls -l "$d/real/passwd" | cut -c1-10)"
	no_temp_left
	left=$(ls -a "$d/real" | grep fscreatecon)
	[ -z "$left" ] || fail "temporary files left beside the target: $left"
	# A file with another hard link: refused, nothing changed.
	printf 'one\n' >"$d/a"
	ln "$d/a" "$d/b"
	run 125 fscreatecon-run shadow_t --replace "$d/a" -- echo two
	grep -q "cannot replace '$d/a': it has other hard links" $err ||
		fail "expected the hard links named, saw '$(cat $err)'"
	expect_eq "a after the refusal" one "$(cat "$d/a")"
	expect_eq "links of a" 2 "$(stat -c %h "$d/a")"
	no_temp_left
	;;
fscr-replace-failure-keeps-original)
	printf 'alpha\nbeta\n' >"$d/f"
	md5=$(md5sum <"$d/f")
	run 1 fscreatecon-run new_t --replace "$d/f" -- sh -c 'echo partial; exit 1'
	expect_eq "checksum of the original" "$md5" "$(md5sum <"$d/f")"
	[ "$(label "$d/f")" != new_t ] || fail "the original was relabelled new_t"
	no_temp_left
	;;
fscr-replace-killed-keeps-original)
	printf 'alpha\nbeta\n' >"$d/f"
	md5=$(md5sum <"$d/f")
	run 137 fscreatecon-run new_t --replace "$d/f" -- sh -c 'echo partial; kill -9 $$'
	expect_eq "checksum of the original" "$md5" "$(md5sum <"$d/f")"
	no_temp_left
	;;
fscr-replace-tool-killed-leaves-nothing)
	# SIGKILL of fscreatecon-run itself, not of its command: the new file
	# has no name until the rename, so nothing is left and none is seen.
	printf 'alpha\nbeta\n' >"$d/f"
	md5=$(md5sum <"$d/f")
	fscreatecon-run new_t --replace "$d/f" -- \
		sh -c "echo partial; : >'$d/started'; sleep 5; echo more" &
	tool=$!
	i=0
	while [ ! -e "$d/started" ] && [ $i -lt 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	[ -e "$d/started" ] || fail "the command did not start"
	during=$(ls -a "$d" | grep fscreatecon)
	kill -9 $tool
	wait $tool
	rm -f "$d/started"
	expect_eq "temporary names while the command ran" "" "$during"
	expect_eq "checksum of the original" "$md5" "$(md5sum <"$d/f")"
	no_temp_left
	;;
fscr-replace-removes-stale-temporaries)
	# Temporaries of runs that are gone are removed; a live run's stays.
	echo old >"$d/f"
	sh -c 'exit 0' &
	dead=$!
	wait $dead
	: >"$d/.f.fscreatecon-$dead-0"
	: >"$d/.f.fscreatecon-$$-0"
	run 0 fscreatecon-run new_t --replace "$d/f" -- echo new
	[ ! -e "$d/.f.fscreatecon-$dead-0" ] ||
		fail "the stale temporary of the dead pid $dead is left"
	[ -e "$d/.f.fscreatecon-$$-0" ] ||
		fail "the temporary of the live pid $$ was removed"
	rm -f "$d/.f.fscreatecon-$$-0"
	expect_eq "new content" new "$(cat "$d/f")"
	expect_eq "new label" new_t "$(label "$d/f")"
	;;
fscr-replace-disk-full-keeps-original)
	printf 'alpha\nbeta\n' >"$d/f"
	md5=$(md5sum <"$d/f")
	# Fill the file system, leaving the original in place.
	dd if=/dev/zero of="$d/filler" bs=64k 2>/dev/null
	run 1 fscreatecon-run new_t --replace "$d/f" -- dd if=/dev/zero bs=64k count=64
	rm -f "$d/filler"
	expect_eq "checksum of the original" "$md5" "$(md5sum <"$d/f")"
	no_temp_left
	;;
filecon-dangling-symlink-names-the-missing-target)
	ln -s "$d/none" "$d/dl"
	run 1 filecon "$d/dl"
	grep -q "'$d/dl': it is a symbolic link to a missing file (-h reads the link's own label)" $err ||
		fail "reading: saw '$(cat $err)'"
	run 1 filecon -s x_t "$d/dl"
	grep -q "'$d/dl': it is a symbolic link to a missing file (-h labels the link itself)" $err ||
		fail "setting: saw '$(cat $err)'"
	run 0 filecon -h -s x_t "$d/dl"
	expect_eq "the link's own label" x_t "$(label "$d/dl" -h)"
	;;
filecon-prints-labels)
	fscreatecon-run a_t -o "$d/f1" -- true
	fscreatecon-run b_t -o "$d/f2" -- true
	run 0 filecon "$d/f1" "$d/f2"
	expect_eq "filecon f1 f2" "a_t $d/f1
b_t $d/f2" "$(cat $out)"
	;;
filecon-sets-verbose-and-reference)
	: >"$d/f1"
	: >"$d/f2"
	run 0 filecon -v -s set_t "$d/f1"
	expect_eq "-v message" "label of '$d/f1' set to 'set_t'" "$(cat $out)"
	expect_eq "label after -s" set_t "$(label "$d/f1")"
	run 0 filecon --reference="$d/f1" "$d/f2"
	expect_eq "label after --reference" set_t "$(label "$d/f2")"
	run 1 filecon -s 'a b' "$d/f1"
	grep -q "Invalid argument" $err || fail "saw '$(cat $err)'"
	expect_eq "label after the refused -s" set_t "$(label "$d/f1")"
	;;
filecon-restore-from-spec)
	# A tree with wrong labels, a subtree left alone, a link to outside.
	mkdir -p "$d/srv/keys" "$d/srv/tmp" "$d/outside"
	: >"$d/srv/index.html"; : >"$d/srv/keys/a.pem"; : >"$d/srv/tmp/scratch"
	: >"$d/outside/target"; mkfifo "$d/srv/pipe"
	ln -s ../outside/target "$d/srv/link"
	filecon -R -s wrong_t "$d/srv"
	filecon -h -s wrong_t "$d/srv/link"
	filecon -s out_t "$d/outside/target"
	filecon -s scratch_t "$d/srv/tmp/scratch"
	cat >"$d/spec" <<SPEC
# The tree of this test; everything else is left alone.
/.*                       <<none>>
$d/srv(/.*)?              web_t
$d/srv/keys(/.*)?         key_t
$d/srv/keys       -d      keydir_t
$d/srv/tmp(/.*)?          <<none>>
$d/srv/link       -l      weblink_t
$d/srv/pipe       -p      webpipe_t
SPEC
	run 0 filecon --match --spec "$d/spec" "$d/srv/keys" "$d/srv/keys/a.pem" "$d/srv/tmp/x" "$d/srv/nonexistent"
	expect_eq "filecon --match" "$d/srv/keys keydir_t
$d/srv/keys/a.pem key_t
$d/srv/tmp/x <<none>>
$d/srv/nonexistent web_t" "$(cat $out)"
	# A dry run says what would change and changes nothing.
	run 0 filecon --restore -R -n -v --spec "$d/spec" "$d/srv"
	expect_eq "lines of the dry run" 6 "$(wc -l <$out)"
	grep -qx "would relabel '$d/srv/keys/a.pem' from wrong_t to key_t" $out ||
		fail "expected the dry run to name a.pem, saw: $(cat $out)"
	expect_eq "a.pem after the dry run" wrong_t "$(label "$d/srv/keys/a.pem")"
	run 0 filecon --restore -R -v --spec "$d/spec" "$d/srv"
	grep -qx "relabelled '$d/srv/link' from wrong_t to weblink_t" $out ||
		fail "expected the link relabelled itself, saw: $(cat $out)"
	for f in srv:web_t srv/index.html:web_t srv/keys:keydir_t \
		 srv/keys/a.pem:key_t srv/pipe:webpipe_t srv/tmp:wrong_t \
		 srv/tmp/scratch:scratch_t outside/target:out_t; do
		expect_eq "label of ${f%%:*}" "${f#*:}" "$(label "$d/${f%%:*}")"
	done
	expect_eq "label of the link itself" weblink_t "$(label "$d/srv/link" -h)"
	# Nothing left to do: a second run says nothing.
	run 0 filecon --restore -R -v --spec "$d/spec" "$d/srv"
	expect_eq "a second restore's output" "" "$(cat $out)"
	# A relative operand is matched by its absolute path.
	filecon -s wrong_t "$d/srv/index.html"
	(cd "$d/srv" && filecon --restore --spec ../spec index.html) ||
		fail "filecon --restore of a relative path failed"
	expect_eq "label of index.html restored by a relative path" web_t "$(label "$d/srv/index.html")"
	;;
filecon-restore-errors-and-no-xattr-fs)
	# ramfs keeps no extended attributes: Sigil holds the label; a
	# read-only mount refuses it; an invalid spec changes nothing.
	mkdir -p "$d/ram" "$d/ro"
	mount -t ramfs none "$d/ram" || fail "cannot mount ramfs"
	mount -t tmpfs -o ro none "$d/ro" || fail "cannot mount a read-only tmpfs"
	: >"$d/ram/f"
	: >"$d/plain"
	printf '%s\n' "$d(/.*)? restored_t" >"$d/spec"
	run 1 filecon --restore -R --spec "$d/spec" "$d"
	umount "$d/ro"
	grep -q "cannot set the security.sigil label of '$d/ro' to 'restored_t' ($d/spec:1): Read-only file system" $err ||
		fail "expected the read-only mount named with the spec line, saw '$(cat $err)'"
	expect_eq "label of a file on ramfs (no xattrs)" restored_t "$(label "$d/ram/f")"
	expect_eq "label of a file after the error" restored_t "$(label "$d/plain")"
	umount "$d/ram"
	filecon -s before_t "$d/plain"
	printf '%s\n%s\n' "$d(/.*)? restored_t" "$d/x( bad_t" >"$d/spec"
	run 1 filecon --restore -R --spec "$d/spec" "$d"
	grep -q "$d/spec:2: invalid regular expression '$d/x(': " $err ||
		fail "expected the spec's line 2 named, saw '$(cat $err)'"
	expect_eq "label after the invalid spec" before_t "$(label "$d/plain")"
	run 1 filecon --restore --spec "$d/nonexistent" "$d/plain"
	grep -q "cannot open '$d/nonexistent': No such file or directory" $err ||
		fail "expected the missing spec named, saw '$(cat $err)'"
	printf '%s\n' "$d(/.*)? restored_t" >"$d/spec"
	run 1 filecon --restore --spec "$d/spec" "$d/missing" "$d/plain"
	grep -q "cannot read '$d/missing': No such file or directory" $err ||
		fail "expected the missing file named, saw '$(cat $err)'"
	expect_eq "label of the file after the missing one" restored_t "$(label "$d/plain")"
	;;
filecon-one-file-system-skips-other-mounts)
	# -x: the walk stays on the file system of its operand; a tmpfs
	# mounted below is skipped with all it holds (the mount point too:
	# it is the tmpfs's root).  Without -x the walk goes in.
	mkdir -p "$d/tree/sub" "$d/tree/mnt"
	: >"$d/tree/sub/f"
	mount -t tmpfs none "$d/tree/mnt" || fail "cannot mount a tmpfs"
	: >"$d/tree/mnt/g"
	filecon -s before_t "$d/tree/mnt" "$d/tree/mnt/g" "$d/tree/sub/f"
	printf '%s\n' "$d/tree(/.*)? restored_t" >"$d/spec"
	run 0 filecon --restore -R -x -v --spec "$d/spec" "$d/tree"
	expect_eq "label of a file on the operand's file system" restored_t "$(label "$d/tree/sub/f")"
	expect_eq "label of the mount point of another file system" before_t "$(label "$d/tree/mnt")"
	expect_eq "label of a file on the other file system" before_t "$(label "$d/tree/mnt/g")"
	grep -q "$d/tree/mnt" $out && fail "expected nothing under the mount named, saw: $(cat $out)"
	run 0 filecon --restore -R --spec "$d/spec" "$d/tree"
	expect_eq "label of a file below the mount, without -x" restored_t "$(label "$d/tree/mnt/g")"
	umount "$d/tree/mnt"
	run 2 filecon --restore -x --spec "$d/spec" "$d/tree"
	grep -q "^filecon: -x goes with -R" $err || fail "expected '-x goes with -R', saw '$(cat $err)'"
	;;
filecon-walk-never-leaves-the-tree-through-a-swapped-directory)
	# A task that may rename in the tree swaps a directory for a link to
	# another one while filecon -R walks: the label must never reach the
	# link's target (labelled by the whole path, it would).
	# The same names on both sides: a label by path lands outside when
	# the swap comes while the walk is inside d.
	mkdir -p "$d/tree/d" "$d/outside"
	for f in $(seq 100); do
		: >"$d/tree/d/f$f"
		: >"$d/outside/f$f"
	done
	filecon -s secret_t "$d/outside" "$d"/outside/f*
	printf '%s\n' "$d/tree(/.*)? log_t" >"$d/spec"
	(
		while :; do
			mv "$d/tree/d" "$d/tree/d.real" && ln -s ../outside "$d/tree/d"
			rm -f "$d/tree/d" && mv "$d/tree/d.real" "$d/tree/d"
		done
	) 2>/dev/null &
	swapper=$!
	i=0
	while [ $i -lt 40 ]; do
		filecon --restore -R --spec "$d/spec" "$d/tree" >/dev/null 2>&1
		filecon -s log_t -R "$d/tree" >/dev/null 2>&1
		i=$((i + 1))
	done
	kill $swapper
	wait $swapper 2>/dev/null
	leaked=$(filecon "$d"/outside/f* | grep -v '^secret_t ')
	expect_eq "files outside the tree not labelled secret_t" "" "$leaked"
	expect_eq "label of the directory outside the tree" secret_t "$(label "$d/outside")"
	;;
filecon-recursive-does-not-follow-symlinks)
	mkdir -p "$d/tree/sub" "$d/outside"
	: >"$d/tree/x"
	: >"$d/tree/sub/y"
	: >"$d/outside/target"
	filecon -s out_t "$d/outside/target"
	ln -s ../outside/target "$d/tree/link"
	ln -s ../outside "$d/tree/sub/dirlink"
	run 0 filecon -R -s tree_t "$d/tree"
	for f in tree tree/x tree/sub tree/sub/y; do
		expect_eq "label of $f" tree_t "$(label "$d/$f")"
	done
	expect_eq "label of the link itself" tree_t "$(label "$d/tree/link" -h)"
	expect_eq "label of the link's target" out_t "$(label "$d/outside/target")"
	run 0 filecon -R "$d/tree"
	expect_eq "lines printed by filecon -R" 6 "$(wc -l <$out)"
	;;
filecon-h-acts-on-symlink)
	: >"$d/target"
	filecon -s target_t "$d/target"
	ln -s target "$d/link"
	run 0 filecon -h -s link_t "$d/link"
	expect_eq "the link" link_t "$(label "$d/link" -h)"
	expect_eq "the target" target_t "$(label "$d/target")"
	expect_eq "filecon on the link follows it" "target_t $d/link" "$(filecon "$d/link")"
	;;
filecon-per-file-errors-continue)
	fscreatecon-run e_t -o "$d/f" -- true
	run 1 filecon "$d/missing" "$d/f"
	expect_eq "output" "e_t $d/f" "$(cat $out)"
	grep -q "cannot read the security.sigil label of '$d/missing': No such file or directory" $err ||
		fail "saw '$(cat $err)'"
	run 1 ./as-user 1000 filecon -s x_t "$d/f"
	grep -q "Operation not permitted" $err || fail "expected EPERM without CAP_MAC_ADMIN, saw '$(cat $err)'"
	;;
filecon-zero-and-xattr)
	fscreatecon-run z_t -o "$d/f" -- true
	run 0 filecon -0 "$d/f"
	expect_eq "-0 output, NUL shown as @" "z_t $d/f@" "$(tr '\000' @ <$out)"
	./xattr set "$d/f" user.mylabel custom
	run 0 filecon --xattr user.mylabel "$d/f"
	expect_eq "--xattr user.mylabel" "custom $d/f" "$(cat $out)"
	run 0 filecon --lsm sigil "$d/f"
	expect_eq "--lsm sigil" "z_t $d/f" "$(cat $out)"
	;;
leave-labelled-files)
	# For the host's debugfs check (tests/drivers/guest-suite.sh).
	p=$2/persist-tools
	rm -rf "$p"
	mkdir "$p"
	echo old >"$p/replaced"
	fscreatecon-run tools_t -o "$p/out" -m "$p/dir" -- echo hello &&
	fscreatecon-run tools_t --replace "$p/replaced" -- echo new ||
		fail "fscreatecon-run failed"
	;;
*)
	fail "no file tools test named '$t'"
	;;
esac
exit 0
