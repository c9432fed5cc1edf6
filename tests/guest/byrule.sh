# Labels by rule, not only by request: exec rules (a program's label
# chooses the label an execve takes) and create and newfiles rules (the
# label of a new file); one case per name:  sh byrule.sh NAME [DIR]
# DIR is the file system of the creation tests (/mnt/ext4 or /tmp).
. ./lib.sh
t=$1
policy_test_dir byrule "$t"
base=${2:-/tmp}
# The "daemon": a copy of sigil-core labelled daemon_exec_t, whose "show"
# prints its attributes and AT_SECURE.
cp ./sigil-core "$d/daemon" || fail "cannot copy sigil-core"
filecon -s daemon_exec_t "$d/daemon" || fail "cannot label the daemon"
rules='transition kernel app_t
allow app_t unlabeled rx
allow app_t daemon_exec_t rx
transition kernel victim_t
allow victim_t unlabeled rx
allow victim_t daemon_exec_t rx'
# one_line: standard input on one line, single spaces ("show" prints
# each attribute as it reads it, newline and all).
one_line() {
	tr -s '\n ' '  ' | sed 's/ $//'
}
# shows COMMAND...: what the daemon's "show" printed, run by COMMAND.
shows() {
	"$@" "$d/daemon" show 2>&1 | one_line
}
# on_disk FILE: the label in FILE's security.sigil, read after the
# file system dropped its caches (ext4: from the disk).
on_disk() {
	sync
	echo 2 >/proc/sys/vm/drop_caches
	label "$1" -h
}

case $t in
exec-rule-gives-a-daemon-its-label-however-started)
	load "$rules
exec kernel daemon_exec_t app_t"
	want="current=app_t exec= fscreate= prev=kernel secure=1"
	expect_eq "the daemon run from the shell" "$want" "$(shows)"
	expect_eq "the daemon run by a child shell" "$want" "$(shows sh -c '"$0" show' )"
	expect_eq "the daemon run by env" "$want" "$(shows env)"
	# Another label has no exec rule for the daemon: it stays as it is.
	expect_eq "the daemon run by victim_t" \
		"current=victim_t exec= fscreate= prev=kernel secure=0" \
		"$(shows execcon victim_t sh -c '"$0" show')"
	# Without the rule, the daemon runs in its caller's label.
	load "$rules"
	expect_eq "the daemon without an exec rule" "current=kernel secure=0" \
		"$(shows | sed 's/ exec=.* secure=/ secure=/')"
	;;
attr-exec-wins-over-an-exec-rule)
	load "$rules
exec kernel daemon_exec_t app_t"
	expect_eq "the daemon run by execcon victim_t" \
		"current=victim_t exec= fscreate= prev=kernel secure=1" \
		"$(shows execcon victim_t)"
	;;
refused-exec-rule-fails-the-exec-as-execcon-does)
	# The rule names a transition the policy does not allow.
	load "allow app_t unlabeled rx
allow app_t daemon_exec_t rx
exec kernel daemon_exec_t app_t"
	run 126 sh -c "\"$d/daemon\" show"
	grep -q "Permission denied" $err || fail "expected EACCES from the shell, saw: $(cat $err)"
	denial "transition kernel app_t"
	# execcon meets the same refusal earlier, when it writes attr/exec.
	run 125 execcon app_t "$d/daemon" show
	grep -q "Permission denied" $err || fail "expected EACCES from execcon, saw: $(cat $err)"
	# The exec rule is an entrypoint of app_t besides those written.
	load "$rules
entrypoint app_t other_exec_t
exec kernel daemon_exec_t app_t"
	run 0 "$d/daemon" show
	load "$rules
entrypoint app_t daemon_exec_t
exec kernel daemon_exec_t app_t"
	run 0 "$d/daemon" show
	;;
exec-rule-narrows-its-label-to-its-program)
	# exec kernel daemon_exec_t app_t implies entrypoint app_t
	# daemon_exec_t: no other program enters app_t, by attr/exec either.
	prog=$(label "$(readlink -f "$(command -v true)")")
	prog=${prog:-unlabeled}
	load "$rules
exec kernel daemon_exec_t app_t"
	run 0 "$d/daemon" show
	run 126 execcon app_t true
	denial "entrypoint app_t $prog"
	# victim_t, which no exec rule enters, is entered by any program.
	run 0 execcon victim_t true
	# The implied rule is neither printed nor counted.
	expect_eq "entrypoint rules printed" "" "$(grep '^entrypoint' $fs/policy)"
	expect_eq "rules counted" 8 "$(sed -n 's/^rules: *//p' $fs/status)"
	# "entrypoint app_t *": any program, on purpose.
	load "$rules
entrypoint app_t *
exec kernel daemon_exec_t app_t"
	run 0 execcon app_t true
	run 0 "$d/daemon" show
	;;
exec-rule-under-no-new-privs-needs-nnptransition)
	load "$rules
exec kernel daemon_exec_t app_t"
	run 1 ./task-ops nnp-exec - "$d/daemon" show
	expect_eq "nnp exec by rule" EPERM "$(cat $out)"
	denial "nnptransition kernel app_t"
	load "$rules
exec kernel daemon_exec_t app_t
nnptransition kernel app_t"
	run 0 ./task-ops nnp-exec - "$d/daemon" show
	expect_eq "nnp exec by rule" "current=app_t exec= fscreate= prev=kernel secure=1" \
		"$(one_line <$out)"
	;;
create-rule-labels-new-files)
	s=$base/byrule-create
	rm -rf "$s"
	mkdir "$s" && filecon -s spool_t "$s" || fail "cannot make $s"
	load "$rules
allow app_t spool_t rwxc
allow app_t appjob_t rw
create kernel spool_t job_t
create app_t spool_t appjob_t"
	echo x >"$s/file"
	mkdir "$s/dir"
	mkfifo "$s/fifo"
	ln -s file "$s/sym"
	for f in file dir fifo sym; do
		expect_eq "label of $f, in core" job_t "$(label "$s/$f" -h)"
		expect_eq "label of $f, on disk" job_t "$(on_disk "$s/$f")"
	done
	run 0 execcon app_t sh -c "echo y >$s/mine"
	expect_eq "label of app_t's file" appjob_t "$(label "$s/mine")"
	# attr/fscreate wins.
	load "$rules
allow app_t spool_t rwxc
create kernel spool_t job_t
fscreate kernel chosen_t"
	run 0 fscreatecon-run chosen_t -o "$s/chosen" -- true
	expect_eq "label of a file made with attr/fscreate" chosen_t "$(label "$s/chosen")"
	# No rule for the pair: the directory's label.
	load "$rules"
	echo z >"$s/plain"
	expect_eq "label of a file without a create rule" spool_t "$(label "$s/plain")"
	# Renaming keeps a label; a hard link is no creation.
	load "$rules
create kernel spool_t job_t"
	mkdir "$s/other" && filecon -s other_t "$s/other"
	mv "$s/plain" "$s/other/plain"
	expect_eq "label after a rename" spool_t "$(label "$s/other/plain")"
	ln "$s/other/plain" "$s/link"
	expect_eq "label of a hard link" spool_t "$(label "$s/link")"
	;;
named-create-rule-labels-that-name-alone)
	# "The new /etc/ld.so.preload is preload_t", and no other new file.
	s=$base/byrule-named
	rm -rf "$s"
	mkdir "$s" && filecon -s etc_t "$s" || fail "cannot make $s"
	load "$rules
allow app_t etc_t rwxc
allow app_t preload_t rw
allow app_t appconf_t rw
create kernel etc_t preload_t ld.so.preload
create app_t etc_t preload_t ld.so.preload
create app_t etc_t appconf_t"
	# Each way of making it; the name alone, byte for byte.
	for how in "echo x >" "mkdir" "mkfifo" "ln -s target"; do
		sh -c "$how $s/ld.so.preload" || fail "cannot: $how $s/ld.so.preload"
		expect_eq "label of ld.so.preload made by '$how', in core" \
			preload_t "$(label "$s/ld.so.preload" -h)"
		expect_eq "label of ld.so.preload made by '$how', on disk" \
			preload_t "$(on_disk "$s/ld.so.preload")"
		rm -rf "$s/ld.so.preload"
	done
	for other in ld.so.preload.new LD.SO.PRELOAD ld.so.prelo; do
		echo x >"$s/$other"
		expect_eq "label of $other (no rule names it)" etc_t "$(label "$s/$other")"
	done
	# app_t: the named rule wins over the pair's.
	run 0 execcon app_t sh -c "echo y >$s/ld.so.preload && echo z >$s/app.conf"
	expect_eq "label of app_t's ld.so.preload" preload_t "$(label "$s/ld.so.preload")"
	expect_eq "label of app_t's other file" appconf_t "$(label "$s/app.conf")"
	# A rename onto the name is no creation: the file keeps its label.
	rm -f "$s/ld.so.preload"
	run 0 execcon app_t sh -c "echo w >$s/tmp.x && mv $s/tmp.x $s/ld.so.preload"
	expect_eq "label of a file renamed onto the name" appconf_t "$(label "$s/ld.so.preload")"
	# The kernel refuses a named rule whose label its subject may not
	# write, and keeps the running policy.
	gen=$(sed -n 's/^generation: *//p' $fs/status)
	printf 'unconfined kernel\n%s\ncreate app_t etc_t shadow_t shadow\n' "$rules" >"$d/bad"
	cat "$d/bad" >$fs/policy 2>/dev/null
	expect_eq "generation after the refused load" "$gen" "$(sed -n 's/^generation: *//p' $fs/status)"
	expect_eq "the kernel's reason" "line 8: 'create app_t etc_t shadow_t shadow' labels files that 'app_t' may not write: it needs 'allow app_t shadow_t w'" \
		"$(sed -n 's/^last_error: *//p' $fs/status)"
	expect_eq "the running policy's named rule" "create app_t etc_t preload_t ld.so.preload" \
		"$(grep '^create app_t etc_t preload_t' $fs/policy)"
	;;
newfiles-creator-gives-new-files-their-creators-label)
	s=$base/byrule-newfiles
	rm -rf "$s"
	mkdir "$s" && filecon -s spool_t "$s" || fail "cannot make $s"
	load "$rules
allow app_t spool_t rwxc
newfiles creator"
	echo x >"$s/shell"
	expect_eq "label of the shell's file" kernel "$(on_disk "$s/shell")"
	run 0 execcon app_t mkdir "$s/appdir"
	expect_eq "label of app_t's directory" app_t "$(on_disk "$s/appdir")"
	# A create rule still wins.
	load "$rules
allow app_t spool_t rwxc
allow app_t appjob_t rw
newfiles creator
create app_t spool_t appjob_t"
	run 0 execcon app_t sh -c "echo y >$s/ruled"
	expect_eq "label by a create rule under newfiles creator" appjob_t "$(label "$s/ruled")"
	;;
replaced-conffile-keeps-its-directorys-label)
	# dpkg's way: NAME.dpkg-new written beside NAME, renamed over it.
	s=$base/byrule-conf
	rm -rf "$s"
	load "$rules"
	mkdir "$s" && filecon -s conf_t "$s" || fail "cannot make $s"
	echo old >"$s/app.conf"
	expect_eq "label of the old conffile" conf_t "$(label "$s/app.conf")"
	echo new >"$s/app.conf.dpkg-new"
	mv "$s/app.conf.dpkg-new" "$s/app.conf"
	expect_eq "label of the replaced conffile" conf_t "$(on_disk "$s/app.conf")"
	;;
*) fail "unknown test $t" ;;
esac
exit 0
