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
	ssh_keys
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
su-runuser-sudo-and-user-managers-start-in-their-users-labels)
	setup
	trap cleanup EXIT
	me='cat /proc/self/attr/current'
	expect_eq "su alice (without -l)" user_t "$(su alice -c "$me" 2>&1)"
	expect_eq "runuser -u alice" user_t "$(runuser -u alice -- sh -c "$me" 2>&1)"
	expect_eq "runuser -l alice" user_t "$(runuser -l alice -c "$me" 2>&1)"
	expect_eq "sudo -u bob (group staff)" staff_t "$(sudo -u bob sh -c "$me" 2>&1)"
	# systemd's manager for alice (user@.service, PAM's systemd-user),
	# which this image, without logind's PAM module, cannot keep running:
	# its session is labelled before it fails.
	uid=$(id -u alice)
	systemctl start "user@$uid.service" >/dev/null 2>&1
	manager() {
		journalctl -q --no-pager | grep -q "pam_sigil(systemd-user:session): alice's session under systemd-user starts in user_t"
	}
	wait_for 30 manager ||
		fail "no journal line of alice's systemd --user in user_t: $(journalctl -q --no-pager | grep 'pam_sigil(systemd-user' | tail -n 2)"
	systemctl reset-failed "user@$uid.service" 2>/dev/null
	;;
terminal-takes-only-a-confined-label)
	# A session's terminal takes the session's label, unless it is
	# unconfined: every service that may write to kernel (the journal's
	# stream) could write to it.  Then it keeps its own, tty_t.
	setup
	trap cleanup EXIT
	# The answer is marked: the terminal echoes the command too.
	tty_label='echo "label=$(filecon "$(tty)" | cut -d" " -f1)"; exit'
	seen() {
		echo "$out" | tr -d '\r' | sed -n 's/.*label=\([a-z_]*_t\).*/\1/p' | head -n 1
	}
	out=$(echo "$tty_label" | script -qc 'login -f alice' /dev/null 2>&1)
	expect_eq "terminal of alice's login (user_t) in '$out'" user_t "$(seen)"
	out=$(echo "$tty_label" | script -qc 'login -f root' /dev/null 2>&1)
	expect_eq "terminal of root's login (kernel, unconfined) in '$out'" tty_t "$(seen)"
	ssh_keys
	out=$(ssh -tt -o BatchMode=yes -o StrictHostKeyChecking=no 127.0.0.1 \
		'filecon "$(tty)" | cut -d" " -f1' 2>&1 | tr -d '\r')
	expect_eq "terminal of root's ssh session (asked by sshd_t)" tty_t \
		"$(echo "$out" | grep -x '[a-z_]*_t' | head -n 1)"
	;;
cron-job-runs-in-cronjob_t)
	out=/var/tmp/sigil-cronjob-label
	rm -f $out
	echo "* * * * * root cat /proc/self/attr/current >$out" >/etc/cron.d/sigil-test
	ran() { [ -s $out ]; }
	wait_for 130 ran
	rm -f /etc/cron.d/sigil-test
	[ -s $out ] || fail "the job did not run in 130 s: $(journalctl -q --no-pager -u cron | tail -n 3)"
	expect_eq "the cron job's label" cronjob_t "$(cat $out)"
	expect_eq "cron itself" crond_t "$(proc_label cron)"
	;;
missing-users-file-or-no-line-refuses-the-session)
	setup
	trap cleanup EXIT
	# No line for carol: refused, and said so.
	printf '%s\n' 'root kernel' 'alice user_t' >$users
	out=$(su -l carol -c true 2>&1) && fail "su -l carol opened a session no line names"
	noline() {
		journalctl -q --no-pager | grep -q "refusing carol's session under su-l: no line of $users names it"
	}
	wait_for 30 noline || fail "no journal line for carol: $(journalctl -q --no-pager | grep pam_sigil | tail -n 2)"
	expect_eq "su -l alice still" user_t "$(su -l alice -c 'cat /proc/self/attr/current')"
	# No file: every session it governs is refused.
	mv $users /run/users.moved
	out=$(su -l alice -c true 2>&1)
	st=$?
	mv /run/users.moved $users
	[ $st -ne 0 ] || fail "su -l alice opened a session with no $users"
	nofile() {
		journalctl -q --no-pager | grep -q "pam_sigil(su-l:session): cannot read $users: No such file or directory"
	}
	wait_for 30 nofile || fail "no journal line naming the missing $users: $(journalctl -q --no-pager | grep pam_sigil | tail -n 2)"
	;;
*) fail "unknown test $1" ;;
esac
exit 0
