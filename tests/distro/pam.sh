# Login sessions in their users' labels (pam_sigil, /etc/sigil/users):
# login, su -l and sshd; two users in two labels, a user with no line of
# their own in the default one, a label the policy does not reach refuses
# the session.
. ./lib.sh
users=/etc/sigil/users
frag=/etc/sigil/policy.d/50-sessions.policy
setup() {
	for u in alice bob carol dave; do
		id $u >/dev/null 2>&1 || useradd -m $u || fail "useradd $u failed"
	done
	getent group staff >/dev/null || groupadd staff
	usermod -aG staff bob
	cp -p $users /run/users.orig
	printf '%s\n' 'root kernel' 'alice user_t' '%staff staff_t' \
		'dave unreach_t' '* guest_t' >$users
	# The sessions' labels, permissive: the test is where they start.
	mkdir -p /etc/sigil/policy.d
	printf '%s\n' 'transition kernel user_t' 'transition sshd_t user_t' \
		'transition kernel staff_t' 'transition kernel guest_t' \
		'permissive user_t' 'permissive staff_t' 'permissive guest_t' >$frag
	sigilctl load || fail "cannot load the policy with its fragment"
}
cleanup() {
	cp -p /run/users.orig $users
	rm -f $frag
	sigilctl load
}
case $1 in
su-login-and-ssh-sessions-start-in-their-users-labels)
	setup
	trap cleanup EXIT
	expect_eq "su -l alice" user_t "$(su -l alice -c 'cat /proc/self/attr/current')"
	expect_eq "su -l bob (group staff)" staff_t "$(su -l bob -c 'cat /proc/self/attr/current')"
	expect_eq "su -l carol (the default line)" guest_t "$(su -l carol -c 'cat /proc/self/attr/current')"
	out=$(echo 'cat /proc/self/attr/current; exit' | script -qc 'login -f alice' /dev/null 2>&1)
	expect_eq "login -f alice" user_t "$(echo "$out" | tr -d '\r' | sed -n 's/^\$ //p' | head -n 1)"
	mkdir -p /root/.ssh
	[ -f /root/.ssh/id_ed25519 ] ||
		ssh-keygen -q -t ed25519 -N '' -f /root/.ssh/id_ed25519 || fail "ssh-keygen failed"
	grep -qxF "$(cat /root/.ssh/id_ed25519.pub)" /root/.ssh/authorized_keys 2>/dev/null ||
		cat /root/.ssh/id_ed25519.pub >>/root/.ssh/authorized_keys
	mkdir -p /home/alice/.ssh
	cp /root/.ssh/id_ed25519.pub /home/alice/.ssh/authorized_keys
	chown -R alice: /home/alice/.ssh
	out=$(ssh -o BatchMode=yes -o StrictHostKeyChecking=no alice@127.0.0.1 \
		cat /proc/self/attr/current 2>&1)
	expect_eq "ssh alice@127.0.0.1" user_t "$(echo "$out" | tail -n 1)"
	out=$(ssh -o BatchMode=yes -o StrictHostKeyChecking=no 127.0.0.1 \
		cat /proc/self/attr/current 2>&1)
	expect_eq "ssh root@127.0.0.1" kernel "$(echo "$out" | tail -n 1)"
	journalctl -q --no-pager -t sshd | grep -q "pam_sigil(sshd:session): alice's session under sshd starts in user_t" ||
		fail "no journal line for alice's ssh session: $(journalctl -q --no-pager | grep pam_sigil | tail -n 3)"
	;;
unreachable-label-refuses-the-session)
	setup
	trap cleanup EXIT
	out=$(su -l dave -c 'cat /proc/self/attr/current' 2>&1) &&
		fail "su -l dave opened a session in '$out'"
	refused() {
		journalctl -q --no-pager | grep -q "refusing dave's session under su-l in unreach_t"
	}
	wait_for 30 refused
	expect_eq "the journal's line" "pam_sigil(su-l:session): refusing dave's session under su-l in unreach_t: Permission denied (denied: missing 'transition kernel unreach_t')" \
		"$(journalctl -q --no-pager | grep -o "pam_sigil(su-l:session): refusing dave's.*" | tail -n 1)"
	# A malformed users file refuses every session it would govern.
	printf 'alice\n' >$users
	su -l alice -c true 2>/dev/null && fail "a session opened under a malformed $users"
	malformed() {
		journalctl -q --no-pager | grep -q "pam_sigil(su-l:session): $users:1: expected 'USER|%GROUP|\* LABEL \[SERVICE,...\]'"
	}
	wait_for 30 malformed ||
		fail "no journal line naming $users:1: $(journalctl -q --no-pager | grep pam_sigil | tail -n 2)"
	;;
*) fail "unknown test $1" ;;
esac
exit 0
