# The boots after the first two (tests/drivers/distro-suite.sh), on the
# same disk: the host put a fragment that breaks an assertion into
# /etc/sigil/policy.d/ (boot 3), then removed the last good policy
# (boot 4), then booted with sigil.boot=unconfined (boot 5).
. ./lib.sh
case $1 in
broken-fragment-boots-on-the-last-good-policy)
	frag=/etc/sigil/policy.d/90-broken.policy
	[ -f $frag ] || fail "the host's broken fragment $frag is missing"
	sigilctl check /etc/sigil/policy >/dev/null 2>&1 &&
		fail "sigilctl check finds /etc/sigil/policy with $frag valid"
	expect_eq "sigil-policy.service" failed "$(systemctl is-failed sigil-policy.service)"
	want=$(sigilctl check /var/lib/sigil/last-good.policy | sed -n 's/.*: valid, \([0-9]*\) rules.*/\1/p')
	[ -n "$want" ] || fail "no valid last good policy in /var/lib/sigil"
	expect_eq "rules loaded (the last good policy's)" "$want" "$(status rules)"
	expect_eq "generation" 1 "$(status generation)"
	expect_eq "mode" 1 "$(cat /sys/kernel/security/sigil/enforce)"
	journalctl -q --no-pager -b -p crit -t sigilctl |
		grep -q "/etc/sigil/policy did not load: the last good policy, /var/lib/sigil/last-good.policy, is loaded instead" ||
		fail "no critical journal line of the fallback: $(journalctl -q --no-pager -b -t sigilctl | tail -n 3)"
	expect_eq "lighttpd" httpd_t "$(proc_label lighttpd)"
	expect_eq "page" "hello from sigil" "$(http_get hello.txt)"
	expect_eq "/run/systemd relabelled" init_run_t "$(label /run/systemd)"
	;;
no-good-policy-stops-the-boot-in-emergency-mode)
	expect_eq "emergency.target" active "$(systemctl is-active emergency.target)"
	expect_eq "multi-user.target" inactive "$(systemctl is-active multi-user.target)"
	expect_eq "generation (no policy)" 0 "$(status generation)"
	for u in lighttpd ssh cron auditd; do
		expect_eq "$u.service" inactive "$(systemctl is-active $u.service)"
	done
	pgrep -x lighttpd >/dev/null && fail "lighttpd runs without a policy"
	journalctl -q --no-pager -b -p emerg -t sigilctl | grep -q "the boot stops" ||
		fail "no emergency journal line: $(journalctl -q --no-pager -b -t sigilctl | tail -n 3)"
	;;
sessions-are-refused-without-a-policy)
	id alice >/dev/null 2>&1 || useradd -m alice || fail "useradd alice failed"
	out=$(su -l alice -c 'cat /proc/self/attr/current' 2>&1) &&
		fail "su -l alice opened a session with no policy loaded: '$out'"
	refused() {
		journalctl -q --no-pager -b | grep -q "refusing alice's session under su-l: no Sigil policy is loaded"
	}
	wait_for 30 refused || fail "no journal line of the refusal: $(journalctl -q --no-pager -b | grep pam_sigil | tail -n 2)"
	;;
unconfined-boot-when-the-kernel-command-line-asks)
	grep -qw sigil.boot=unconfined /proc/cmdline || fail "not booted with sigil.boot=unconfined: $(cat /proc/cmdline)"
	expect_eq "sigil-policy.service" failed "$(systemctl is-failed sigil-policy.service)"
	expect_eq "multi-user.target" active "$(systemctl is-active multi-user.target)"
	expect_eq "generation (no policy)" 0 "$(status generation)"
	expect_eq "lighttpd, unconfined" kernel "$(proc_label lighttpd)"
	journalctl -q --no-pager -b -p alert -t sigilctl | grep -q "booting without a policy, as sigil.boot=unconfined asks" ||
		fail "no alert journal line: $(journalctl -q --no-pager -b -t sigilctl | tail -n 3)"
	# Sessions start, as the admin chose.
	expect_eq "su -l alice" kernel "$(su -l alice -c 'cat /proc/self/attr/current' 2>&1)"
	;;
*) fail "unknown test $1" ;;
esac
exit 0
