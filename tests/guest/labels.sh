# Labels where the system's tools look: peer labels of sockets
# (SO_PEERSEC, SCM_SECURITY, proccon --peer), subj= and obj= in audit
# records, audit rules by label, secids across reloads; one case per
# name:  sh labels.sh NAME
. ./lib.sh
t=$1
policy_test_dir labels "$t"

# The socket files on the test's tmpfs are unlabeled: app_t may write
# them, and reaches the servers bound there with c on them; the peer is
# what is tested.
base='transition kernel app_t
allow app_t unlabeled rwx
socket app_t unix
transition kernel victim_t
allow victim_t unlabeled rwxc
socket victim_t unix'
ops=./peer-ops
# serve: a victim_t server on $d/sock, once it listens; its lines in
# $d/serve.out.
serve() {
	execcon victim_t ./peer-ops serve "$d/sock" 2>&1 | cat >"$d/serve.out" &
	for _i in $(seq 50); do
		spid=$(sed -n 's/^listening //p' "$d/serve.out")
		if [ -n "$spid" ]; then
			trap 'kill -9 "$spid"; wait 2>/dev/null' EXIT
			return 0
		fi
		sleep 0.1
	done
	fail "the victim_t server did not start: $(cat "$d/serve.out")"
}
# served WHAT: the server's last line starting with WHAT, once it shows.
served() {
	for _i in $(seq 30); do
		seen=$(grep "^$1 " "$d/serve.out" | tail -n 1)
		[ -n "$seen" ] && break
		sleep 0.1
	done
	echo "$seen"
}
# events KEY FIELD OP LABEL SCRIPT: the audit records the rule logged
# while SCRIPT ran, in $d/events.
events() {
	./audit-rules "$@" >"$d/events" 2>&1 ||
		fail "audit-rules $*: $(cat "$d/events")"
}
# count PATTERN: how many lines of $d/events match PATTERN.
count() {
	grep -c -- "$1" "$d/events"
}

case $t in
stream-peers-see-each-others-labels)
	load "$base
allow app_t unlabeled c"
	serve
	expect_op "server victim_t" connect "$d/sock"
	expect_eq "the server's SO_PEERSEC" "peer app_t" "$(served peer)"
	expect_eq "SCM_SECURITY of the client's message" "message app_t" "$(served message)"
	# The unconfined test shell's label.
	seen=$(./peer-ops connect "$d/sock")
	expect_eq "the unconfined client's SO_PEERSEC" "server victim_t" "$seen"
	expect_eq "the server's SO_PEERSEC" "peer kernel" "$(served peer)"
	# Refused: no connection, no peer.
	load "$base"
	n=$(grep -c '^peer ' "$d/serve.out")
	expect_op EACCES connect "$d/sock"
	denial "allow app_t unlabeled c"
	sleep 0.2
	expect_eq "connections the server saw after the refusal" "$n" \
		"$(grep -c '^peer ' "$d/serve.out")"
	;;
datagram-carries-the-senders-label)
	load "$base
allow app_t unlabeled c"
	serve
	expect_op ok send "$d/sock"
	expect_eq "SCM_SECURITY of app_t's datagram" "datagram app_t" "$(served datagram)"
	run 0 ./peer-ops send "$d/sock"
	expect_eq "SCM_SECURITY of the shell's datagram" "datagram kernel" "$(served datagram)"
	load "$base"
	n=$(grep -c '^datagram ' "$d/serve.out")
	expect_op EACCES send "$d/sock"
	sleep 0.2
	expect_eq "datagrams the server saw after the refusal" "$n" \
		"$(grep -c '^datagram ' "$d/serve.out")"
	;;
socketpair-seqpacket-and-what-has-no-peer)
	load "$base
socket app_t inet
net app_t ephemeral_port bc"
	expect_op "peer app_t" socketpair
	expect_op "peer app_t" seqpacket
	expect_eq "the shell's socketpair" "peer kernel" "$(./peer-ops socketpair)"
	expect_op "peer ENOPROTOOPT" unconnected
	# A TCP connection on this machine knows its peer (inet.c): here
	# app_t's own listener.
	ifconfig lo 127.0.0.1 up 2>/dev/null || ip link set lo up 2>/dev/null ||
		fail "cannot bring the loopback interface up"
	expect_op "peer app_t" inet
	# Too small a buffer: ERANGE and the length with its NUL.
	expect_op "ERANGE 6" short
	;;
proccon-peer-reads-an-inherited-socket)
	load "$base
allow app_t unlabeled c"
	serve
	expect_as app_t victim_t ./peer-ops connect-exec "$d/sock" proccon --peer
	expect_as app_t victim_t ./peer-ops connect-exec "$d/sock" sh -c 'exec 5<&0; proccon --peer=5'
	run 1 proccon --peer </dev/null
	grep -q "proccon: cannot read the peer label of file descriptor 0: Socket operation on non-socket" $err ||
		fail "expected a message naming fd 0 and ENOTSOCK, saw: $(cat $err)"
	run 1 execcon app_t ./peer-ops connect-exec "$d/sock" sh -c 'proccon --peer=7 7</dev/null'
	run 2 proccon --peer=x
	grep -q "invalid file descriptor 'x'" $err || fail "expected a message naming 'x', saw: $(cat $err)"
	;;
secid-of-a-queued-datagram-survives-a-reload)
	# The datagram waits in the queue while a policy that no longer
	# names app_t replaces the one that did: its label is still app_t.
	load "$base
allow app_t unlabeled c"
	./peer-ops hold "$d/held" >"$d/hold.out" 2>&1 &
	hpid=$!
	trap 'kill -9 "$hpid" 2>/dev/null; wait 2>/dev/null' EXIT
	for _i in $(seq 50); do
		grep -q bound "$d/hold.out" && break
		sleep 0.1
	done
	expect_op ok send "$d/held"
	load 'allow kernel kernel r'
	touch "$d/held.go"
	wait "$hpid"
	expect_eq "the queued datagram's label after the reload" "bound
datagram app_t" "$(cat "$d/hold.out")"
	;;
audit-records-carry-subj-and-obj)
	echo s >"$d/f"
	filecon -s audit_obj_t "$d/f"
	load "$base
allow app_t audit_obj_t r"
	events subj-key subj_type = app_t "execcon app_t cat $d/f >/dev/null; cat $d/f >/dev/null"
	[ "$(count '^type=1300 .* subj=app_t .*key="subj-key"')" -ge 1 ] ||
		fail "expected a SYSCALL record with subj=app_t and the key, saw: $(cat "$d/events")"
	expect_eq "records of other subjects" 0 "$(grep '^type=1300 ' "$d/events" | grep -vc ' subj=app_t ')"
	[ "$(count '^type=1302 .*name="'"$d"'/f" .* obj=audit_obj_t ')" -ge 1 ] ||
		fail "expected a PATH record with obj=audit_obj_t, saw: $(cat "$d/events")"
	;;
audit-rules-by-object-and-not-equal)
	echo s >"$d/f"
	filecon -s audit_obj_t "$d/f"
	load "$base
allow app_t audit_obj_t r"
	script="execcon app_t cat $d/f >/dev/null; cat $d/f >/dev/null; cat /proc/version >/dev/null"
	# obj_type: both opens of the file, by either label; not /proc.
	events obj-key obj_type = audit_obj_t "$script"
	expect_eq "subjects of obj_type=audit_obj_t events" "app_t kernel" \
		"$(grep '^type=1300 ' "$d/events" | sed 's/.* subj=\([^ ]*\) .*/\1/' | sort -u | tr '\n' ' ' | sed 's/ $//')"
	expect_eq "events of /proc/version" 0 "$(count 'name="/proc/version"')"
	# subj_type!=kernel: app_t's opens only.
	events ne-key subj_type '!=' kernel "$script"
	[ "$(count '^type=1300 .* subj=app_t ')" -ge 1 ] ||
		fail "expected app_t's events under subj_type!=kernel, saw: $(cat "$d/events")"
	expect_eq "kernel's events under subj_type!=kernel" 0 "$(count '^type=1300 .* subj=kernel ')"
	;;
audit-rule-stays-valid-across-reloads)
	echo s >"$d/f"
	filecon -s audit_obj_t "$d/f"
	load "$base
allow app_t audit_obj_t r"
	cp "$d/policy" "$d/keep"
	events reload-key subj_type = app_t \
		"execcon app_t cat $d/f >/dev/null; sigilctl load $d/keep; execcon app_t cat $d/f >/dev/null"
	expect_eq "app_t's opens of the file, one before and one after the reload" 2 \
		"$(count '^type=1302 .*name="'"$d"'/f"')"
	;;
audit-rules-sigil-cannot-match-match-nothing)
	# subj_user and a malformed label: the kernel keeps the rule, as it
	# does for SELinux, and says the LSM part is invalid; it matches
	# nothing.
	echo s >"$d/f"
	load "$base"
	events user-key subj_user = app_t "execcon app_t cat $d/f >/dev/null"
	expect_eq "events of a subj_user rule" 0 "$(count '^type=1300 ')"
	log_has "audit rule for LSM 'app_t' is invalid" ||
		fail "expected the kernel to call the subj_user rule invalid, saw: $(dmesg | grep 'audit rule' | tail -n 2)"
	events bad-key subj_type = 'app t' "execcon app_t cat $d/f >/dev/null"
	expect_eq "events of a rule with a malformed label" 0 "$(count '^type=1300 ')"
	;;
*) fail "unknown test $t" ;;
esac
exit 0
