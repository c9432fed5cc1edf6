# The Debian system itself: systemd, the policy's unit, the labels.
. ./lib.sh
case $1 in
systemd-is-pid-1-and-the-system-is-running)
	expect_eq "PID 1" systemd "$(cat /proc/1/comm)"
	state=$(systemctl is-system-running)
	[ "$state" = running ] ||
		fail "system state: expected 'running', saw '$state'; failed units: $(systemctl --failed --no-legend --plain | cut -d' ' -f1 | tr '\n' ' ')"
	;;
policy-loaded-at-boot-by-its-unit)
	expect_eq "sigil-policy.service" active "$(systemctl is-active sigil-policy.service)"
	rules=$(sed -n 's/^rules: //p' /sys/kernel/security/sigil/status)
	want=$(sigilctl check /etc/sigil/policy 2>&1 | sed -n 's/.*: \([0-9]*\) rules.*/\1/p')
	[ "${rules:-0}" -gt 0 ] || fail "no policy loaded: status says $(cat /sys/kernel/security/sigil/status)"
	[ -z "$want" ] || expect_eq "rules loaded" "$want" "$rules"
	expect_eq "mode" 1 "$(cat /sys/kernel/security/sigil/enforce)"
	;;
policy-loaded-before-the-confined-services-start)
	loaded=$(systemctl show -p ActiveEnterTimestampMonotonic --value sigil-policy.service)
	[ "${loaded:-0}" -gt 0 ] || fail "sigil-policy.service never became active"
	for u in lighttpd auditd cron; do
		started=$(systemctl show -p ExecMainStartTimestampMonotonic --value $u.service)
		[ "${started:-0}" -gt "$loaded" ] ||
			fail "$u.service started at ${started}us, before the policy was loaded at ${loaded}us"
	done
	;;
restore-dry-run-finds-nothing-to-change)
	out=$(filecon --restore -R -n -v /usr /etc /var /home /root /opt /srv 2>&1) ||
		fail "filecon --restore -n failed: $out"
	expect_eq "what filecon --restore -n would change" "" "$out"
	;;
files-carry-the-file-contexts-labels)
	expect_eq "/etc/shadow" shadow_t "$(label /etc/shadow)"
	expect_eq "/etc/passwd" etc_t "$(label /etc/passwd)"
	expect_eq "/usr/sbin/lighttpd" httpd_exec_t "$(label /usr/sbin/lighttpd)"
	expect_eq "/var/www/html" httpd_content_t "$(label /var/www/html)"
	expect_eq "/var/log/audit" auditd_log_t "$(label /var/log/audit)"
	expect_eq "/usr/lib" lib_t "$(label /usr/lib)"
	# Nothing on the root file system is left unlabelled.
	n=$(filecon -R / | awk '$1 == "unlabeled" { print $2 }' |
		grep -v '^/\(proc\|sys\|dev\|run\)/' | head -n 5)
	expect_eq "unlabelled files on the root file system" "" "$n"
	;;
services-run-in-their-labels)
	expect_eq "lighttpd" httpd_t "$(proc_label lighttpd)"
	expect_eq "auditd" auditd_t "$(proc_label auditd)"
	expect_eq "cron" crond_t "$(proc_label cron)"
	expect_eq "sshd" sshd_t "$(proc_label sshd)"
	expect_eq "systemd" kernel "$(proc_label systemd)"
	;;
ps-shows-the-labels)
	ps -eo label,comm | grep -q '^httpd_t  *lighttpd$' ||
		fail "ps -eo label,comm: expected 'httpd_t lighttpd', saw: $(ps -eo label,comm | grep lighttpd)"
	;;
*) fail "unknown test $1" ;;
esac
exit 0
