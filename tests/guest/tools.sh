# The process-context tools in the guest, one rule per name:
#   sh tools.sh NAME
# proccon and execcon are installed in /usr/bin by the cross build.
. ./lib.sh
t=$1


# Starts a process (as user $1, default root) that sets fscreate to $2
# and waits on a fifo; sets $pid.  stop_waiter lets it go.
start_waiter() {
	rm -f /tmp/waiter.fifo
	mkfifo /tmp/waiter.fifo
	./as-user "${1:-0}" sh -c "echo ${2:-waiter_t} >/proc/self/attr/fscreate; read x </tmp/waiter.fifo" \
		</dev/null >/dev/null 2>&1 &
	pid=$!
	# Until it has written its attribute.
	for i in $(seq 50); do
		[ -n "$(proccon -a fscreate $pid 2>/dev/null | cut -d' ' -f2)" ] && return
		sleep 0.1
	done
}
stop_waiter() {
	echo >/tmp/waiter.fifo
	wait
}

case $t in
proccon-prints-own-context)
	run 0 proccon
	expect_eq "proccon" kernel "$(cat $out)"
	;;
proccon-prints-each-pid)
	run 0 proccon 1 $$
	expect_eq "proccon 1 \$\$" "1 kernel
$$ kernel" "$(cat $out)"
	;;
proccon-reports-bad-pid-and-goes-on)
	run 1 proccon 999999 1 notapid
	expect_eq "output" "1 kernel" "$(cat $out)"
	grep -q "cannot read current of process 999999 (sigil): No such process" $err ||
		fail "expected a message naming process 999999, saw '$(cat $err)'"
	grep -q "invalid process ID 'notapid'" $err ||
		fail "expected a message naming 'notapid', saw '$(cat $err)'"
	;;
proccon-a-reads-another-attribute)
	start_waiter
	run 0 proccon -a fscreate "$pid"
	stop_waiter
	expect_eq "proccon -a fscreate" "$pid waiter_t" "$(cat $out)"
	run 0 proccon -a exec
	expect_eq "proccon -a exec (unset)" "" "$(cat $out)"
	;;
proccon-all-lists-set-attributes)
	start_waiter
	run 0 proccon --all "$pid"
	stop_waiter
	expect_eq "proccon --all" "$pid current kernel
$pid fscreate waiter_t
$pid prev kernel" "$(cat $out)"
	;;
proccon-every-process-table)
	run 0 proccon -A
	head -n 1 $out | grep -q '^ *PID  *CONTEXT  *COMMAND$' ||
		fail "expected a PID CONTEXT COMMAND header, saw '$(head -n 1 $out)'"
	grep -q '^ *1  *kernel  *init$' $out ||
		fail "expected a row '1 kernel init', saw: $(cat $out)"
	# -a chooses the attribute: a shell with attr/exec set is listed
	# under -a exec, and only processes with it set are.
	sh -c 'printf holder_t >/proc/self/attr/exec; while :; do sleep 1; done' &
	holder=$!
	sleep 0.3
	run 0 proccon -A -a exec
	kill $holder
	grep -q "^ *$holder  *holder_t  *sh$" $out ||
		fail "expected a row '$holder holder_t sh' under -a exec, saw: $(cat $out)"
	grep -q '^ *1 ' $out && fail "init has no exec attribute, yet is listed: $(cat $out)"
	;;
proccon-lists-lsms)
	run 0 proccon -L
	expect_eq "proccon -L" "capability
sigil" "$(cat $out)"
	;;
proccon-zero-ends-with-nul)
	run 0 proccon -0 1
	expect_eq "proccon -0 1, NUL shown as @" "1 kernel@" "$(tr '\000' @ <$out)"
	;;
proccon-lsm-option)
	run 0 proccon --lsm sigil
	expect_eq "proccon --lsm sigil" kernel "$(cat $out)"
	run 1 proccon --lsm selinux
	grep -q "security module 'selinux' is not active" $err ||
		fail "expected 'not active', saw '$(cat $err)'"
	;;
proccon-set-refused-without-rule)
	run 1 proccon -s other_t
	grep -q "cannot set current context to 'other_t' (sigil).*Permission denied" $err ||
		fail "expected a refusal naming the context and sigil, saw '$(cat $err)'"
	run 125 proccon -s other_t true
	run 125 proccon -s 'a b' true
	grep -q "Invalid argument" $err || fail "expected EINVAL, saw '$(cat $err)'"
	;;
proccon-reads-other-users-process)
	start_waiter 1000 other_t
	run 0 proccon -a fscreate "$pid"
	expect_eq "root reading uid 1000's fscreate" "$pid other_t" "$(cat $out)"
	run 0 ./as-user 1001 proccon 1 "$pid"
	expect_eq "uid 1001 reading init and uid 1000" "1 kernel
$pid kernel" "$(cat $out)"
	stop_waiter
	;;
execcon-runs-command-in-context)
	run 0 execcon app_t proccon
	expect_eq "execcon app_t proccon" app_t "$(cat $out)"
	run 0 execcon app_t proccon -a prev
	expect_eq "prev after execcon" kernel "$(cat $out)"
	run 0 execcon app_t sh -c 'proccon -a exec; execcon --version >/dev/null; proccon'
	expect_eq "exec reset and label kept in the command" "
app_t" "$(cat $out)"
	;;
execcon-options-stop-at-command)
	run 0 execcon app_t ls -l -d /
	grep -q '^d.* /$' $out || fail "expected ls -l -d / output, saw '$(cat $out)'"
	run 3 execcon app_t sh -c 'exit 3'
	;;
execcon-edits-fields)
	run 0 execcon u:r:t:s0 execcon -t new_t proccon
	expect_eq "-t" u:r:new_t:s0 "$(cat $out)"
	run 0 execcon u:r:t:s0 execcon -u staff_u -r sysadm_r proccon
	expect_eq "-u -r" staff_u:sysadm_r:t:s0 "$(cat $out)"
	run 0 execcon u:r:t:s0 execcon -l s0-s0:c0.c1023 proccon
	expect_eq "-l" u:r:t:s0-s0:c0.c1023 "$(cat $out)"
	run 125 execcon -t new_t proccon
	grep -q "cannot change the fields of context 'kernel'" $err ||
		fail "expected a refusal naming 'kernel', saw '$(cat $err)'"
	;;
execcon-exit-codes)
	run 125 execcon 'a b' true
	grep -q "cannot set exec context to 'a b' (sigil): Invalid argument" $err ||
		fail "expected EINVAL naming the context, saw '$(cat $err)'"
	# ... and why the label is invalid.
	grep -q "byte 2 is a space" $err || fail "expected the reason, saw '$(cat $err)'"
	long=$(printf '%0300d' 0)
	run 125 execcon "$long" true
	grep -q "1 to 255 bytes; this one has 300" $err || fail "saw '$(cat $err)'"
	run 127 execcon app_t /nonexistent/cmd
	grep -q "cannot run '/nonexistent/cmd'" $err || fail "saw '$(cat $err)'"
	printf '#!/bin/sh\n' >/tmp/noexec.sh
	chmod 644 /tmp/noexec.sh
	run 126 execcon app_t /tmp/noexec.sh
	# A directory cannot be executed: not a refused transition.
	run 126 execcon app_t /tmp
	grep -q "cannot run '/tmp'" $err || fail "saw '$(cat $err)'"
	grep -q "refused the transition" $err &&
		fail "a directory blamed on the module: '$(cat $err)'"
	run 125 execcon
	;;
libsigil-threads)
	./libsigil-threads || exit 1
	;;
proccon-proc-fallback-agrees)
	run 0 proccon --all
	a=$(cat $out)
	SIGIL_PROCATTR_NO_SYSCALLS=1 run 0 proccon --all
	expect_eq "proccon --all without the LSM system calls" "$a" "$(cat $out)"
	SIGIL_PROCATTR_NO_SYSCALLS=1 run 0 execcon viaproc_t proccon
	expect_eq "execcon through /proc" viaproc_t "$(cat $out)"
	;;
*)
	fail "no tools test named '$t'"
	;;
esac
exit 0
