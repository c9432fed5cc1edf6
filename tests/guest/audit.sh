# Audit records and sigilctl suggest; one case per name:  sh audit.sh NAME
# The guest runs no audit daemon: the kernel prints the records in its
# log (audit: type=N audit(...): ...), where the tests read them.
. ./lib.sh
t=$1
policy_test_dir audit "$t"

base='transition kernel app_t
allow app_t unlabeled rx
transition kernel victim_t
allow victim_t unlabeled rx'

case $t in
denial-is-an-audit-record-naming-the-missing-rule)
	echo s >"$d/secret"
	filecon -s audit_secret_t "$d/secret"
	load "$base"
	ino=$(stat -c %i "$d/secret")
	# The program the task runs: busybox's file, by its label (none on
	# the guest's root: unlabeled).
	prog=$(label "$(readlink -f "$(command -v cat)")")
	prog=${prog:-unlabeled}
	run 1 execcon app_t cat "$d/secret"
	log_has "audit: type=1425 audit([0-9.:]*): denied op=open check=file subject=app_t object=audit_secret_t program=$prog pid=[0-9]* comm=\"cat\" name=\"secret\" dev=\"[^\"]*\" ino=$ino enforcing=1 missing='allow app_t audit_secret_t r'$" ||
		fail "expected a type=1425 record with program=$prog, pid, comm, name, dev, ino and the missing rule, saw: $(dmesg | grep 'denied op=' | tail -n 1)"
	# A capability has no object: object=-, no name.
	run 1 execcon app_t hostname audit-test
	log_has "type=1425 .*denied op=capable check=capability subject=app_t object=- program=$prog pid=[0-9]* comm=\"hostname\" enforcing=1 missing='capability app_t sys_admin'$" ||
		fail "expected a capability record, saw: $(dmesg | grep 'denied op=' | tail -n 1)"
	;;
loads-and-mode-changes-are-audit-records)
	load "$base"
	log_has "audit: type=1403 audit([0-9.:]*): rules=5 auid=[0-9]* ses=[0-9]* lsm=sigil res=1$" ||
		fail "expected an AUDIT_MAC_POLICY_LOAD record with rules=5 res=1, saw: $(dmesg | grep 'type=1403' | tail -n 1)"
	printf 'unconfined kernel\nalow a b r\n' >"$d/bad"
	# Straight to the kernel: sigilctl load would refuse it first.
	cat "$d/bad" >$fs/policy 2>/dev/null
	log_has "type=1403 .*rules=0 auid=[0-9]* ses=[0-9]* lsm=sigil res=0$" ||
		fail "expected a res=0 record for the rejected load, saw: $(dmesg | grep 'type=1403' | tail -n 1)"
	run 0 sigilctl enforce permissive
	log_has "type=1404 .*enforcing=0 old_enforcing=1 auid=[0-9]* ses=[0-9]* lsm=sigil res=1$" ||
		fail "expected an AUDIT_MAC_STATUS record 1 -> 0, saw: $(dmesg | grep 'type=1404' | tail -n 1)"
	run 0 sigilctl enforce enforcing
	log_has "type=1404 .*enforcing=1 old_enforcing=0 auid=" ||
		fail "expected an AUDIT_MAC_STATUS record 0 -> 1, saw: $(dmesg | grep 'type=1404' | tail -n 1)"
	;;
permissive-denials-are-recorded-too)
	echo s >"$d/f"
	filecon -s audit_perm_t "$d/f"
	load "$base"
	run 0 sigilctl enforce 0
	run 0 execcon app_t cat "$d/f"
	run 0 sigilctl enforce 1
	log_has "type=1425 .*subject=app_t object=audit_perm_t .*name=\"f\" .*enforcing=0 missing='allow app_t audit_perm_t r'" ||
		fail "expected an enforcing=0 record, saw: $(dmesg | grep 'denied op=' | tail -n 1)"
	;;
permissive-denial-recorded-once-per-load)
	# As SELinux's cache: one record per subject, object and missing
	# rule until the next load; the status node counts the others.
	echo s >"$d/f"
	filecon -s audit_once_t "$d/f"
	load "$base
permissive app_t"
	u0=$(sed -n 's/^unlogged: //p' $fs/status)
	for i in 1 2 3; do
		run 0 execcon app_t cat "$d/f"
	done
	log_has "object=audit_once_t .*permissive=1" ||
		fail "expected a permissive record for audit_once_t"
	sleep 0.5
	expect_eq "records of the three reads" 1 \
		"$(dmesg | grep -c 'subject=app_t object=audit_once_t ')"
	u1=$(sed -n 's/^unlogged: //p' $fs/status)
	[ $((u1 - u0)) -ge 2 ] ||
		fail "expected the status node to count 2 or more unlogged denials, saw $u0 then $u1"
	load "$base
permissive app_t"
	run 0 execcon app_t cat "$d/f"
	sleep 0.5
	expect_eq "records after a new load" 2 \
		"$(dmesg | grep -c 'subject=app_t object=audit_once_t ')"
	;;
enforced-denials-are-rate-limited-and-counted)
	# A flood of enforced denials makes at most 500 records a second;
	# each one is still counted, and a load starts a new burst.
	echo s >"$d/f"
	filecon -s audit_flood_t "$d/f"
	load "$base"
	n0=$(sed -n 's/^denials: //p' $fs/status)
	u0=$(sed -n 's/^unlogged: //p' $fs/status)
	expect_as app_t EACCES ./file-ops open-loop "$d/f" 5000
	n1=$(sed -n 's/^denials: //p' $fs/status)
	u1=$(sed -n 's/^unlogged: //p' $fs/status)
	expect_eq "denials counted" 5000 $((n1 - n0))
	[ $((u1 - u0)) -ge 1000 ] ||
		fail "expected 1000 or more of the 5000 denials unlogged, saw $((u1 - u0))"
	sleep 1
	dmesg -c >/dev/null
	load "$base"
	run 1 execcon app_t cat "$d/f"
	log_has "subject=app_t object=audit_flood_t .*comm=\"cat\"" ||
		fail "expected a record at once after the load"
	;;
enforce-prints-and-takes-words)
	expect_eq "sigilctl enforce" enforcing "$(sigilctl enforce)"
	run 0 sigilctl enforce permissive
	expect_eq "enforce node after 'permissive'" 0 "$(cat $fs/enforce)"
	expect_eq "sigilctl enforce" permissive "$(sigilctl enforce)"
	run 0 sigilctl enforce 1
	expect_eq "sigilctl enforce after 1" enforcing "$(sigilctl enforce)"
	run 2 sigilctl enforce Enforcing
	grep -q "enforce takes enforcing, permissive, 1 or 0, not 'Enforcing'" $err ||
		fail "expected the usage error, saw '$(cat $err)'"
	run 2 sigilctl enforce 1 0
	expect_eq "mode after the refused commands" 1 "$(cat $fs/enforce)"
	;;
suggest-rules-allow-the-replayed-operations)
	# Five operations of app_t, each refused for a different rule.
	echo secret >"$d/r"; filecon -s sug_read_t "$d/r"
	echo log >"$d/a"; filecon -s sug_log_t "$d/a"
	echo data >"$d/w"; filecon -s sug_data_t "$d/w"
	replay() {	# replay WANT: each operation's exit status
		run $1 execcon app_t cat "$d/r"
		run $1 execcon app_t sh -c "echo more >>\"$d/a\""
		run $1 execcon app_t sh -c "read x <\"$d/w\" && echo new >\"$d/w\""
		run $1 execcon app_t ./task-ops kill $vpid 0
		[ "$(cat $out)" = ok ] || [ $1 = 1 ] || fail "kill as app_t: expected ok, saw '$(cat $out)'"
		run $1 execcon app_t chown 1 "$d/r"
	}
	load "$base"
	victim
	dmesg -c >/dev/null
	# task-ops prints EACCES and exits 1: the same shape as the others.
	replay 1
	# chown is refused first for the file (setattr needs w).
	for rule in 'allow app_t sug_read_t r' 'allow app_t sug_log_t a' \
		'allow app_t sug_data_t r' 'process app_t victim_t s' \
		'allow app_t sug_read_t w'; do
		denial "$rule"
	done
	dmesg >"$d/log"
	run 0 sigilctl suggest "$d/log"
	cp $out "$d/suggested"
	expect_eq "suggested rules" "allow app_t sug_read_t rw
allow app_t sug_log_t a
allow app_t sug_data_t r
process app_t victim_t s" "$(cat "$d/suggested")"
	# Loaded, they allow the first step of each operation; a permissive
	# round logs the steps further on (the write of w, the chown of r).
	printf 'unconfined kernel\n%s\n' "$base" >"$d/policy"
	cat "$d/suggested" >>"$d/policy"
	run 0 sigilctl load "$d/policy"
	run 0 sigilctl enforce permissive
	replay 0
	run 0 sigilctl enforce enforcing
	denial 'allow app_t sug_data_t w'
	denial 'capability app_t chown'
	echo data >"$d/w"
	chown 0 "$d/r"
	# From the kernel log itself (no FILE): the write merged into rw.
	run 0 sigilctl suggest --explain
	grep -q "^capability app_t chown$" $out ||
		fail "expected 'capability app_t chown', saw: $(cat $out)"
	grep -q "^allow app_t sug_data_t rw$" $out ||
		fail "expected 'allow app_t sug_data_t rw' merged, saw: $(cat $out)"
	grep -q "^#   op=open check=file subject=app_t object=sug_data_t program=[^ ]* comm=\"sh\" name=\"w\"" $out ||
		fail "expected --explain to name the denied open of w, saw: $(cat $out)"
	sigilctl suggest >>"$d/policy" 2>/dev/null
	run 0 sigilctl load "$d/policy"
	replay 0
	expect_eq "w after the replay" new "$(cat "$d/w")"
	expect_eq "owner of r after the replay" 1 "$(stat -c %u "$d/r")"
	;;
suggest-proposes-exec-and-create-rules-from-the-trail)
	# A mailer of its own kind that app_t runs, and a spool file app_t
	# made that the admin relabelled: the trail says which rules are
	# wanted, exec and create rules, not more rights for app_t.
	cp ./file-ops "$d/mailer" && filecon -s sug_mailer_exec_t "$d/mailer" ||
		fail "cannot make the mailer"
	echo q >"$d/queue" && filecon -s sug_queue_t "$d/queue"
	mkdir "$d/spool" && filecon -s sug_spool_t "$d/spool"
	rules="$base
allow app_t sug_mailer_exec_t rx
allow app_t sug_spool_t xc"
	load "$rules"
	dmesg -c >/dev/null
	run 1 execcon app_t sh -c "\"$d/mailer\" mmap \"$d/queue\" r"
	log_has "subject=app_t object=sug_queue_t program=sug_mailer_exec_t " ||
		fail "expected a denial naming program=sug_mailer_exec_t, saw: $(dmesg | grep 'denied op=' | tail -n 1)"
	# app_t makes its file (c), which takes the directory's label: it
	# may neither write nor read it.
	run 1 execcon app_t sh -c "echo job >$d/spool/job1"
	expect_eq "label of app_t's new file" sug_spool_t "$(label "$d/spool/job1")"
	denial "allow app_t sug_spool_t w"
	run 1 execcon app_t cat "$d/spool/job1"
	denial "allow app_t sug_spool_t r"
	# The admin's relabel of that file is recorded, once.
	filecon -s sug_job_t "$d/spool/job1"
	ino=$(stat -c %i "$d/spool/job1")
	log_has "relabeled op=relabel subject=kernel object=sug_spool_t new=sug_job_t .*ino=$ino" ||
		fail "expected a relabeled record for inode $ino, saw: $(dmesg | grep 'relabeled' | tail -n 1)"
	filecon -s sug_other_t "$d/spool/job1"
	expect_eq "relabeled records of the file" 1 "$(dmesg | grep -c "relabeled op=relabel.*ino=$ino")"
	# A file the unconfined shell made is no such file.
	echo x >"$d/spool/mine"
	filecon -s sug_job_t "$d/spool/mine"
	expect_eq "relabeled records of the shell's file" 0 \
		"$(dmesg | grep -c "relabeled op=relabel.*ino=$(stat -c %i "$d/spool/mine")")"
	dmesg >"$d/log"
	run 0 sigilctl suggest "$d/log"
	expect_eq "suggested rules" "exec app_t sug_mailer_exec_t sug_mailer_t
transition app_t sug_mailer_t
allow sug_mailer_t sug_mailer_exec_t rx
allow sug_mailer_t sug_queue_t r
create app_t sug_spool_t sug_job_t
allow app_t sug_job_t rw" "$(cat $out)"
	# Loaded, the mailer runs in a label of its own: a second round,
	# with that label permissive, gives it the directories on its way,
	# which app_t had; then it reads the queue, enforced.
	printf 'unconfined kernel\n%s\n' "$rules" >"$d/policy"
	cat $out >>"$d/policy"
	{ cat "$d/policy"; echo 'permissive sug_mailer_t'; } >"$d/policy-p"
	run 0 sigilctl load "$d/policy-p"
	dmesg -c >/dev/null
	run 0 execcon app_t sh -c "\"$d/mailer\" mmap \"$d/queue\" r"
	run 0 sigilctl suggest
	grep -q "^# not suggested, unlabeled is a catch-all: allow sug_mailer_t unlabeled x$" $out ||
		fail "expected the second round to name x on the unlabeled directories, withheld, saw: $(cat $out)"
	grep -q "^exec " $out &&
		fail "the second round proposes another exec rule: $(cat $out)"
	# The test's directories are unlabeled, as the base's labels have
	# them: the admin's rule, by hand.
	{ cat $out; echo 'allow sug_mailer_t unlabeled x'; } >>"$d/policy"
	run 0 sigilctl load "$d/policy"
	run 0 execcon app_t sh -c "\"$d/mailer\" mmap \"$d/queue\" r"
	run 1 execcon app_t cat "$d/queue"
	run 0 execcon app_t sh -c "echo job >$d/spool/job2 && cat $d/spool/job2"
	expect_eq "label of app_t's next spool file" sug_job_t "$(label "$d/spool/job2")"
	# With an assertion that app_t reaches nothing, no exec rule: the
	# mailer's rights go to app_t itself.
	printf 'unconfined kernel\n%s\nnever reach app_t *\n' "$rules" >"$d/policy2"
	run 0 sigilctl suggest --policy "$d/policy2" "$d/log"
	grep -q "^# not suggested, the policy forbids it ('never reach app_t \*' is broken by 'transition app_t sug_mailer_t', the last of a chain of 1): exec app_t sug_mailer_exec_t sug_mailer_t" $out ||
		fail "expected the exec rule withheld for the reach assertion, saw: $(cat $out)"
	grep -q "^allow app_t sug_queue_t r$" $out ||
		fail "expected the queue's rule for app_t instead, saw: $(cat $out)"
	;;
suggest-reads-audit-logs-and-refuses-bad-usage)
	cat >"$d/audit.log" <<'LOG'
type=UNKNOWN[1425] msg=audit(1764790001.000:46): denied op=open check=file subject=a_t object=b_t pid=155 comm="sh" name="x" dev="vda" ino=12 enforcing=1 missing='allow a_t b_t w'
type=SYSCALL msg=audit(1764790001.000:46): arch=c00000b7 syscall=56 success=no exit=-13
type=UNKNOWN[1425] msg=audit(1764790002.000:47): denied op=open check=file subject=a_t object=b_t pid=156 comm="cat" name="x" dev="vda" ino=12 enforcing=1 missing='allow a_t b_t r'
LOG
	run 0 sigilctl suggest "$d/audit.log"
	expect_eq "rules from an audit log" "allow a_t b_t rw" "$(cat $out)"
	run 0 sigilctl suggest - <"$d/audit.log"
	expect_eq "rules from standard input" "allow a_t b_t rw" "$(cat $out)"
	run 1 sigilctl suggest "$d/missing.log"
	grep -q "cannot open '$d/missing.log': No such file or directory" $err ||
		fail "expected the file named, saw '$(cat $err)'"
	run 2 sigilctl suggest a b
	run 2 sigilctl suggest --bogus
	echo nothing >"$d/empty.log"
	run 0 sigilctl suggest "$d/empty.log"
	grep -q "no Sigil denial in $d/empty.log" $err ||
		fail "expected 'no Sigil denial', saw '$(cat $err)'"
	;;
*)
	fail "no audit test named '$t'"
	;;
esac
exit 0
