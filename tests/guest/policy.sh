# The Sigil policy, one rule per name:   sh policy.sh NAME
# Each test loads the policies it needs; every one keeps 'unconfined kernel'
# so that the test shell itself is never confined.  Run last in the suite.
. ./lib.sh
t=$1
policy_test_dir policy "$t"

status_field() {
	sed -n "s/^$1: //p" $fs/status
}
# The rules a confined app_t needs to run the tools at all.
base='transition kernel app_t
allow app_t unlabeled rx'

case $t in
allow-rule-allows-and-denies)
	: >"$d/data"; filecon -s data_t "$d/data"
	echo secret >"$d/other"; filecon -s other_t "$d/other"
	echo log >"$d/log"; filecon -s log_t "$d/log"
	load "$base
allow app_t data_t r
allow app_t log_t a"
	run 0 execcon app_t cat "$d/data"
	run 1 execcon app_t cat "$d/other"
	grep -q 'Permission denied' $err || fail "expected EACCES, saw '$(cat $err)'"
	run 1 execcon app_t sh -c "echo x >\"$d/data\""
	run 0 execcon app_t sh -c "echo appended >>\"$d/log\""
	run 1 execcon app_t sh -c "echo x >\"$d/log\""
	expect_eq "log after the append and the refused overwrite" "log
appended" "$(cat "$d/log")"
	log_has "audit: type=1425 audit([0-9.:]*): denied op=open check=file subject=app_t object=other_t program=[^ ]* pid=[0-9]* comm=\"cat\" name=\"other\" dev=\"[^\"]*\" ino=[0-9]* enforcing=1 missing='allow app_t other_t r'$" ||
		fail "expected a denial log line for 'other', saw: $(dmesg | grep 'denied op=' | tail -3)"
	;;
create-needs-c-and-remove-needs-w)
	mkdir "$d/dir"; filecon -s dir_t "$d/dir"
	: >"$d/dir/old"
	load "$base
allow app_t dir_t x"
	run 1 execcon app_t sh -c ": >\"$d/dir/new\""
	run 1 execcon app_t rm -f "$d/dir/old"
	load "$base
allow app_t dir_t xcw"
	run 0 execcon app_t sh -c ": >\"$d/dir/new\""
	expect_eq "label of the new file" dir_t "$(filecon "$d/dir/new" | cut -d' ' -f1)"
	run 0 execcon app_t rm -f "$d/dir/old"
	;;
own-label-and-unconfined)
	: >"$d/mine"; filecon -s app_t "$d/mine"
	: >"$d/theirs"; filecon -s theirs_t "$d/theirs"
	load "$base
transition kernel root_t
unconfined root_t
allow root_t unlabeled rx"
	run 0 execcon app_t sh -c "echo mine >\"$d/mine\"; cat \"$d/mine\""
	run 1 execcon app_t cat "$d/theirs"
	run 0 execcon root_t sh -c "echo ok >\"$d/theirs\""
	;;
exec-refused-at-write-and-at-execve)
	load "$base"
	run 125 execcon other_t true
	grep -q "no rule to allow it: denied: missing 'transition kernel other_t'" $err ||
		fail "expected the missing rule named, saw '$(cat $err)'"
	load "$base
transition kernel late_t
allow late_t unlabeled rx"
	mkfifo "$d/go"
	sh -c "echo late_t >/proc/self/attr/exec; read go <\"$d/go\"; proccon >\"$d/ran\" 2>&1; echo rc=\$? >\"$d/out\"
		read c </proc/self/attr/current; read e </proc/self/attr/exec; echo \"current=\$c exec=\$e\" >>\"$d/out\"" &
	pid=$!
	for i in $(seq 50); do
		[ "$(proccon -a exec $pid | cut -d' ' -f2)" = late_t ] && break
		sleep 0.1
	done
	load "$base"
	echo >"$d/go"
	wait $pid
	expect_eq "the shell after its execve was refused" "rc=126
current=kernel exec=late_t" "$(cat "$d/out")"
	;;
entrypoint-narrows-transitions)
	cp /usr/bin/proccon "$d/ep-proccon"
	filecon -s ep_exec_t "$d/ep-proccon"
	load "$base
transition kernel ep_t
entrypoint ep_t ep_exec_t
allow ep_t unlabeled rx
allow ep_t ep_exec_t rx"
	run 0 execcon ep_t "$d/ep-proccon"
	expect_eq "label in the entrypoint program" ep_t "$(cat $out)"
	# An unlabeled program: the hint is to label it, not to make every
	# unlabeled file an entrypoint.
	run 126 execcon ep_t /usr/bin/proccon
	grep -q "'/usr/bin/proccon' is unlabeled, and no entrypoint rule of 'ep_t' names it: give it the label of ep_t's programs (filecon -s LABEL" $err ||
		fail "expected the hint to label the program, saw '$(cat $err)'"
	if grep -q "missing 'entrypoint ep_t unlabeled'" $err; then
		fail "the hint invites an entrypoint for every unlabeled file: '$(cat $err)'"
	fi
	# A program with another label: the missing entrypoint rule.
	cp /usr/bin/proccon "$d/other-proccon"
	filecon -s other_exec_t "$d/other-proccon"
	run 126 execcon ep_t "$d/other-proccon"
	grep -q "missing 'entrypoint ep_t other_exec_t'" $err ||
		fail "expected the missing entrypoint named, saw '$(cat $err)'"
	;;
dyntransition-needs-rule)
	load "$base"
	run 1 proccon -s dyn_t
	grep -q "missing 'dyntransition kernel dyn_t'" $err || fail "saw '$(cat $err)'"
	load "$base
dyntransition kernel dyn_t
allow dyn_t unlabeled rx"
	run 0 proccon -s dyn_t proccon
	expect_eq "label after the dynamic transition" dyn_t "$(cat $out)"
	;;
fscreate-needs-rule)
	mkdir "$d/dir"; filecon -s appdir_t "$d/dir"
	load "$base
allow app_t appdir_t xc"
	run 125 execcon app_t fscreatecon-run secret_t -o "$d/dir/f" -- true
	[ ! -e "$d/dir/f" ] || fail "a file was created with a refused label"
	load "$base
allow app_t appdir_t xc
fscreate app_t appdata_t"
	run 0 execcon app_t fscreatecon-run appdata_t -o "$d/dir/f" -- true
	expect_eq "label" appdata_t "$(filecon "$d/dir/f" | cut -d' ' -f1)"
	;;
relabel-needs-rule-and-capability)
	: >"$d/f"; filecon -s a_t "$d/f"
	load "$base
relabel app_t a_t b_t"
	run 1 execcon app_t filecon -s b_t "$d/f"
	grep -q "Operation not permitted" $err || fail "expected EPERM without the mac_admin capability rule, saw '$(cat $err)'"
	load "$base
capability app_t mac_admin"
	run 1 execcon app_t filecon -s b_t "$d/f"
	grep -q "Permission denied" $err || fail "expected EACCES without a rule, saw '$(cat $err)'"
	load "$base
relabel app_t a_t b_t
capability app_t mac_admin"
	run 1 ./as-user -M 0 execcon app_t filecon -s b_t "$d/f"
	grep -q "Operation not permitted" $err || fail "expected EPERM without CAP_MAC_ADMIN, saw '$(cat $err)'"
	run 0 execcon app_t filecon -s b_t "$d/f"
	expect_eq "label after the allowed relabel" b_t "$(filecon "$d/f" | cut -d' ' -f1)"
	;;
refusals-name-the-missing-rule)
	: >"$d/f"; filecon -s a_t "$d/f"
	mkdir "$d/dir"; filecon -s appdir_t "$d/dir"
	# app_t may ask the policy (its access node), nothing more.
	q='genfs securityfs /sigil/access query_t
allow app_t query_t rw'
	load "$base
$q
capability app_t mac_admin"
	run 1 execcon app_t filecon -s b_t "$d/f"
	grep -q "missing 'relabel app_t a_t b_t'" $err ||
		fail "filecon: expected the missing relabel rule, saw '$(cat $err)'"
	load "$base
$q
relabel app_t a_t b_t"
	run 1 execcon app_t filecon -s b_t "$d/f"
	grep -q "missing 'capability app_t mac_admin'" $err ||
		fail "filecon: expected the missing capability rule, saw '$(cat $err)'"
	load "$base
$q
allow app_t appdir_t xc"
	run 125 execcon app_t fscreatecon-run secret_t -o "$d/dir/f" -- true
	grep -q "missing 'fscreate app_t secret_t'" $err ||
		fail "fscreatecon-run: expected the missing fscreate rule, saw '$(cat $err)'"
	run 1 execcon app_t proccon -s dyn2_t
	grep -q "missing 'dyntransition app_t dyn2_t'" $err ||
		fail "proccon: expected the missing dyntransition rule, saw '$(cat $err)'"
	# Without the access node, no hint, the same error.
	load "$base
capability app_t mac_admin"
	run 1 execcon app_t filecon -s b_t "$d/f"
	grep -q "Permission denied" $err && ! grep -q "missing '" $err ||
		fail "expected a bare refusal when the policy cannot be asked, saw '$(cat $err)'"
	;;
permissive-logs-but-allows)
	echo secret >"$d/f"; filecon -s secret_t "$d/f"
	load "$base"
	before=$(status_field denials)
	run 0 sigilctl enforce 0
	expect_eq "enforce" 0 "$(cat $fs/enforce)"
	run 0 execcon app_t cat "$d/f"
	expect_eq "what app_t read in permissive mode" secret "$(cat $out)"
	log_has "subject=app_t object=secret_t .* name=\"f\" .*enforcing=0" ||
		fail "expected a logged denial with enforcing=0"
	run 0 sigilctl enforce 1
	run 1 execcon app_t cat "$d/f"
	after=$(status_field denials)
	[ "$after" -ge $((before + 2)) ] || fail "expected at least 2 more denials, saw $before then $after"
	;;
malformed-policy-keeps-running-one)
	load "$base"
	gen=$(status_field generation)
	canon=$(cat $fs/policy)
	i=0
	while IFS='|' read -r text why; do
		i=$((i + 1))
		printf "unconfined kernel\n$text\n" >"$d/bad$i"
		run 1 sigilctl load "$d/bad$i"
		grep -q "bad$i:2: $why" $err || fail "sigilctl on '$text': expected '$why', saw '$(cat $err)'"
		# The kernel refuses it by itself too, naming the line (the
		# shell ignores the verdict that close(2) returns).
		printf "unconfined kernel\n$text\n" >$fs/policy 2>/dev/null
		status_field last_error | grep -q "^line 2: $why" ||
			fail "status after '$text': expected 'line 2: $why', saw '$(status_field last_error)'"
	done <<'BAD'
alow a_t b_t r|unknown rule 'alow'
allow a_t b_t|'allow' takes 3 fields, not 2
allow a_t b_t rq|invalid permissions 'rq'
allow a_t b_t rr|invalid permissions 'rr'
unconfined a\001b|invalid label
transition a_t b_t c_t|'transition' takes 2 fields, not 3
BAD
	printf 'unconfined kernel\nentrypoint x_t y_t\n' >"$d/noentry"
	run 1 sigilctl load "$d/noentry"
	grep -q "entrypoint for 'x_t', but no transition rule leads to it" $err || fail "saw '$(cat $err)'"
	expect_eq "generation after the rejected policies" "$gen" "$(status_field generation)"
	expect_eq "running policy after the rejected policies" "$canon" "$(cat $fs/policy)"
	;;
canonical-readback)
	printf '# comment\n\nunconfined\tkernel   # trailing\nallow a_t b_t xr\nallow a_t b_t w\ntransition kernel a_t\n' >"$d/messy"
	run 0 sigilctl load "$d/messy"
	expect_eq "policy read back" "unconfined kernel
allow a_t b_t rwx
transition kernel a_t" "$(cat $fs/policy)"
	expect_eq "rules" 3 "$(status_field rules)"
	;;
sigilctl-check-and-access)
	printf 'unconfined kernel\nallow a_t b_t r\n' >"$d/good"
	run 0 sigilctl check "$d/good"
	expect_eq "check output" "$d/good: valid, 2 rules" "$(cat $out)"
	run 0 sigilctl load "$d/good"
	run 0 sigilctl access a_t b_t r
	expect_eq "access answer" allowed "$(cat $out)"
	run 1 sigilctl access a_t b_t rw
	expect_eq "access answer" "denied: missing 'allow a_t b_t w'" "$(cat $out)"
	run 0 sigilctl access a_t a_t rwxac
	run 0 sigilctl access kernel secret_t w
	run 1 sigilctl access transition kernel a_t
	run 2 sigilctl access a_t b_t rq
	run 2 sigilctl enforce 2
	;;
unprivileged-writes-refused)
	load "$base"
	gen=$(status_field generation)
	run 1 ./as-user -M 0 sigilctl load "$d/policy"
	grep -q "Operation not permitted" $err || fail "policy: expected EPERM, saw '$(cat $err)'"
	run 1 ./as-user -M 0 sigilctl enforce 0
	grep -q "Operation not permitted" $err || fail "enforce: expected EPERM, saw '$(cat $err)'"
	run 1 ./as-user 1000 sigilctl enforce 0
	expect_eq "generation" "$gen" "$(status_field generation)"
	expect_eq "enforce" 1 "$(cat $fs/enforce)"
	run 0 ./as-user 1000 sigilctl access a_t a_t r
	;;
reload-while-processes-exec-and-create)
	mkdir "$d/dir"; filecon -s work_t "$d/dir"
	p1="$base
allow app_t work_t rwxc
allow app_t out_t rw
fscreate app_t out_t"
	p2="$p1
allow app_t other_t r"
	printf 'unconfined kernel\n%s\n' "$p1" >"$d/p1"
	printf 'unconfined kernel\n%s\n' "$p2" >"$d/p2"
	sigilctl load "$d/p1" || fail "cannot load p1"
	for w in 1 2; do
		(
			i=0 bad=0
			while [ $i -lt 40 ]; do
				i=$((i + 1))
				execcon app_t fscreatecon-run out_t -o "$d/dir/f$w-$i" -- proccon >/dev/null 2>>"$d/err$w" ||
					bad=$((bad + 1))
			done
			echo "$bad" >"$d/bad$w"
		) &
	done
	n=0
	while [ $n -lt 60 ]; do
		n=$((n + 1))
		sigilctl load "$d/p$((n % 2 + 1))" || fail "reload $n failed"
	done
	wait
	expect_eq "failures in worker 1" 0 "$(cat "$d/bad1")"
	expect_eq "failures in worker 2" 0 "$(cat "$d/bad2")"
	expect_eq "files created" 80 "$(ls "$d/dir" | wc -l)"
	expect_eq "labels of the files" out_t "$(filecon "$d"/dir/* | cut -d' ' -f1 | sort -u)"
	[ "$(status_field generation)" -ge 61 ] || fail "expected at least 61 policy loads"
	;;
hundred-thousand-rules)
	awk 'BEGIN { print "unconfined kernel"; for (i = 0; i < 100000; i++) printf "allow s%d_t o%d_t rw\n", i, i }' >"$d/big"
	start=$(date +%s)
	run 0 sigilctl load "$d/big"
	echo "loaded 100001 rules in $(( $(date +%s) - start ))s"
	expect_eq "rules" 100001 "$(status_field rules)"
	run 0 sigilctl access s99999_t o99999_t rw
	run 1 sigilctl access s99999_t o99998_t r
	expect_eq "lines read back" 100001 "$(wc -l <$fs/policy)"
	;;
concurrent-loads-log-their-own-rule-count)
	# Two writers load policies of 3 and 5 rules at once.  Each "policy
	# loaded" line must give the count of a policy that was loaded: a
	# count read from a policy the other writer already freed shows up
	# as slab poison (the suite boots with slub_debug=P).
	printf 'unconfined kernel\nallow a_t b_t r\nallow a_t c_t r\n' >"$d/p3"
	printf 'unconfined kernel\nallow a_t b_t r\nallow a_t c_t r\nallow a_t d_t r\nallow a_t e_t r\n' >"$d/p5"
	marker="sigil-test-mark-$$-$(date +%s)"
	echo "$marker" >/dev/kmsg
	for w in 3 5; do
		(
			i=0
			while [ $i -lt 40 ]; do
				i=$((i + 1))
				sigilctl load "$d/p$w" || echo "load $i of p$w failed" >>"$d/errors"
			done
		) &
	done
	wait
	[ ! -s "$d/errors" ] || fail "loads failed: $(cat "$d/errors")"
	dmesg | sed -n "/$marker/,\$p" | sed -n 's/.*policy loaded: \([0-9]*\) rules.*/\1/p' >"$d/counts"
	expect_eq "'policy loaded' lines" 80 "$(wc -l <"$d/counts")"
	bad=$(grep -vx '[35]' "$d/counts" | sort -u | tr '\n' ' ')
	[ -z "$bad" ] || fail "'policy loaded' lines with counts of no loaded policy: $bad"
	;;
cat-loads-a-large-policy-whole|dd-bs-4096-loads-a-large-policy-whole|sigilctl-loads-a-large-policy-whole)
	# Several MiB: busybox cat and dd write it in many chunks, sigilctl
	# in one write; the whole text is loaded when the file is closed.
	awk 'BEGIN { print "unconfined kernel"; for (i = 0; i < 150000; i++) printf "allow big%d_t obj%d_t rw\n", i, i; print "allow last_t final_t r" }' >"$d/big"
	[ "$(wc -c <"$d/big")" -gt 4000000 ] || fail "the test policy is smaller than 4 MB"
	gen=$(status_field generation)
	case $t in
	cat-*) cat "$d/big" >$fs/policy || fail "cat into the policy file failed" ;;
	dd-*) dd if="$d/big" of=$fs/policy bs=4096 2>"$d/dd.err" || fail "dd failed: $(cat "$d/dd.err")" ;;
	sigilctl-*) run 0 sigilctl load "$d/big" ;;
	esac
	expect_eq "generation" $((gen + 1)) "$(status_field generation)"
	expect_eq "rules" 150002 "$(status_field rules)"
	expect_eq "last_error" none "$(status_field last_error)"
	run 0 sigilctl access last_t final_t r
	run 0 sigilctl access big0_t obj0_t rw
	run 0 sigilctl access kernel anything_t w
	expect_eq "first rule read back" "unconfined kernel" "$(head -n 1 $fs/policy)"
	;;
killed-writer-loads-nothing)
	# Half a policy, ending at a line end, then the writer dies of a
	# signal with the file open: nothing is loaded.  A writer that exits
	# without closing it loads what it wrote.
	load "$base"
	gen=$(status_field generation)
	for sig in KILL TERM; do
		sh -c "exec 3>$fs/policy; printf 'unconfined kernel\\nallow half_t x_t r\\n' >&3; kill -$sig \$\$; sleep 5" || true
		expect_eq "generation after a writer killed by SIG$sig" "$gen" "$(status_field generation)"
		expect_eq "last_error after SIG$sig" "writer killed before it closed the policy" "$(status_field last_error)"
	done
	run 1 sigilctl access half_t x_t r
	sh -c "exec 3>$fs/policy; printf 'unconfined kernel\\nallow whole_t x_t r\\n' >&3; exit 0"
	expect_eq "generation after a writer that exits" $((gen + 1)) "$(status_field generation)"
	run 0 sigilctl access whole_t x_t r
	;;
error-at-the-end-of-a-large-policy-loads-nothing)
	load "$base"
	gen=$(status_field generation)
	canon=$(cat $fs/policy)
	awk 'BEGIN { print "unconfined kernel"; for (i = 0; i < 100000; i++) printf "allow big%d_t obj%d_t rw\n", i, i; print "allow last_t final_t rq" }' >"$d/bad"
	cat "$d/bad" >$fs/policy
	expect_eq "last_error after cat" "line 100002: invalid permissions 'rq' (one or more of r, w, x, a, c, once each)" "$(status_field last_error)"
	dd if="$d/bad" of=$fs/policy bs=4096 2>/dev/null
	run 1 sigilctl load "$d/bad"
	grep -q "bad:100002: invalid permissions 'rq'" $err || fail "sigilctl: saw '$(cat $err)'"
	# Past the offline check, the kernel's verdict comes from close().
	cp "$d/bad" "$d/bad2"
	printf 'entrypoint x_t y_t\n' >>"$d/bad2"
	sed -i '$d' "$d/bad2"; sed -i '$d' "$d/bad2"
	printf 'allow last_t final_t r\nentrypoint x_t y_t\n' >>"$d/bad2"
	run 1 sigilctl load "$d/bad2"
	grep -q "entrypoint for 'x_t', but no transition rule leads to it" $err ||
		fail "sigilctl after a kernel rejection: saw '$(cat $err)'"
	expect_eq "generation" "$gen" "$(status_field generation)"
	expect_eq "running policy" "$canon" "$(cat $fs/policy)"
	;;
writes-of-one-open-gather-then-a-new-open-replaces)
	load "$base"
	gen=$(status_field generation)
	# Two writes through one descriptor make one policy.
	{
		printf 'unconfined kernel\n'
		printf 'allow one_t two_t r\n'
	} >$fs/policy || fail "the second write through one descriptor failed"
	expect_eq "rules after two writes of one open" 2 "$(status_field rules)"
	expect_eq "generation" $((gen + 1)) "$(status_field generation)"
	# A write after that successful load, through a new open, replaces it.
	printf 'unconfined kernel\nallow three_t four_t w\n' >$fs/policy ||
		fail "the write after a successful load failed"
	expect_eq "policy after the next open" "unconfined kernel
allow three_t four_t w" "$(cat $fs/policy)"
	expect_eq "generation" $((gen + 2)) "$(status_field generation)"
	# An open without a write loads nothing; writing out of sequence fails.
	: >$fs/policy
	expect_eq "generation after an open without a write" $((gen + 2)) "$(status_field generation)"
	printf 'unconfined kernel\n' | dd of=$fs/policy bs=1 seek=5 2>/dev/null &&
		fail "a write at offset 5 of a fresh open was accepted"
	expect_eq "generation after a write out of sequence" $((gen + 2)) "$(status_field generation)"
	;;
blank-lines-cost-no-memory)
	# 10 MiB of blank lines: the tables are sized by rules, not lines.
	head -c 10485760 /dev/zero | tr '\0' '\n' >"$d/blank"
	printf 'unconfined kernel\n' >>"$d/blank"
	gen=$(status_field generation)
	run 0 sigilctl load "$d/blank"
	expect_eq "rules" 1 "$(status_field rules)"
	expect_eq "generation" $((gen + 1)) "$(status_field generation)"
	rm -f "$d/blank"
	;;
oversized-policy-refused-and-reported)
	load "$base"
	gen=$(status_field generation)
	# 65 MiB, one MiB a write: the 65th write fails with EFBIG.
	dd if=/dev/zero of=$fs/policy bs=1048576 count=65 2>"$d/dd.err" &&
		fail "a 65 MiB policy was accepted"
	grep -q "too large" "$d/dd.err" || fail "dd: expected EFBIG, saw '$(cat "$d/dd.err")'"
	expect_eq "last_error" "larger than 67108864 bytes" "$(status_field last_error)"
	dmesg | tail -n 5 | grep -q "policy rejected, larger than 67108864 bytes; the running policy stays" ||
		fail "expected the rejection in the kernel log, saw: $(dmesg | tail -n 3)"
	expect_eq "generation" "$gen" "$(status_field generation)"
	;;
invalid-label-errors-name-the-label)
	load "$base"
	long=$(head -c 256 /dev/zero | tr '\0' x)
	i=0
	while IFS='|' read -r text; do
		i=$((i + 1))
		printf "unconfined kernel\n$text\n" >"$d/bad$i"
		run 1 sigilctl check "$d/bad$i"
		offline=$(sed "s|^$d/bad$i:2: ||" $err)
		# The kernel, given the same text directly, must say the same.
		cat "$d/bad$i" >$fs/policy
		expect_eq "kernel and sigilctl check on '$text'" "line 2: $offline" "$(status_field last_error)"
		case $offline in
		"invalid label 'unconfined'"*|"invalid label 'allow'"*|"invalid label 'relabel'"*)
			fail "the error names the rule keyword: $offline" ;;
		"invalid label"*) ;;
		*) fail "expected an invalid label error, saw '$(cat $err)'" ;;
		esac
	done <<BAD
unconfined kernel\r
allow a_t b_t\177 r
unconfined caf\303\251
unconfined $long
relabel a_t b_t c\033_t
BAD
	expect_eq "rows tried" 5 "$i"
	;;
offline-refusal-in-the-system-log-not-in-status)
	# sigilctl refuses an invalid policy before the kernel sees it: the
	# kernel's last_error cannot say so (sigilctl(8)); the system log does.
	load "$base"
	syslogd -n -O "$d/messages" &
	slog=$!
	for i in $(seq 50); do
		[ -S /dev/log ] && break
		sleep 0.1
	done
	printf 'unconfined kernel\nallow a_t b_t rq\n' >"$d/bad"
	run 1 sigilctl load "$d/bad"
	grep -q "bad:2: invalid permissions 'rq'" $err || fail "stderr: saw '$(cat $err)'"
	expect_eq "the kernel's last_error" none "$(status_field last_error)"
	for i in $(seq 50); do
		grep -q "policy not loaded" "$d/messages" 2>/dev/null && break
		sleep 0.1
	done
	kill $slog
	grep -q "sigilctl\[[0-9]*\]: policy not loaded, the running one stays: $d/bad:2: invalid permissions 'rq'" "$d/messages" ||
		fail "system log: saw '$(cat "$d/messages" 2>/dev/null)'"
	;;
access-query-refuses-embedded-nul)
	load "$base
allow app_t data_t r"
	run 0 sigilctl access app_t data_t r
	printf 'app_t data_t r\0junk' >"$d/q"
	./xattr write $fs/access "$d/q" >$out 2>$err && fail "a query with an embedded NUL was answered: $(cat $out)"
	grep -q "Invalid argument" $err || fail "expected EINVAL, saw '$(cat $err)'"
	printf 'app_t data_t r\0' >"$d/q"
	./xattr write $fs/access "$d/q" >$out 2>$err && fail "a query with a trailing NUL was answered: $(cat $out)"
	grep -q "Invalid argument" $err || fail "expected EINVAL, saw '$(cat $err)'"
	;;
*)
	fail "no policy test named '$t'"
	;;
esac
exit 0
