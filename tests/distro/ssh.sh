# sshd in sshd_t, its per-connection children too; sessions leave it for
# the label /etc/sigil/users gives (pam_sigil): kernel, by default.
. ./lib.sh
case $1 in
ssh-to-localhost-works)
	mkdir -p /root/.ssh
	rm -f /root/.ssh/id_ed25519
	ssh-keygen -q -t ed25519 -N '' -f /root/.ssh/id_ed25519 || fail "ssh-keygen failed"
	cat /root/.ssh/id_ed25519.pub >>/root/.ssh/authorized_keys
	out=$(ssh -o BatchMode=yes -o StrictHostKeyChecking=no 127.0.0.1 cat /proc/self/attr/current 2>&1) ||
		fail "ssh 127.0.0.1 failed: $out"
	expect_eq "the label of a command run over ssh" kernel "$(echo "$out" | tail -n 1)"
	# The connection's own sshd, seen from inside the session.
	out=$(ssh -o BatchMode=yes 127.0.0.1 'proccon $PPID; ps -o label= -p $(ps -o ppid= -p $PPID)' 2>&1)
	n=$(echo "$out" | grep -c 'sshd_t')
	[ "$n" -ge 1 ] || fail "the connection's sshd: expected sshd_t, saw: $out"
	;;
*) fail "unknown test $1" ;;
esac
exit 0
