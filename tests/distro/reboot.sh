# The second boot of the same disk (tests/drivers/distro-suite.sh): what
# the first boot wrote keeps its labels, and the policy is loaded again.
. ./lib.sh
case $1 in
labels-survive-a-reboot)
	expect_eq "/var/www/html/hello.txt" httpd_content_t "$(label /var/www/html/hello.txt)"
	expect_eq "/root/.ssh/id_ed25519" home_t "$(label /root/.ssh/id_ed25519)"
	expect_eq "lighttpd's log" httpd_log_t "$(label /var/log/lighttpd/error.log)"
	;;
policy-loaded-again-after-a-reboot)
	expect_eq "sigil-policy.service" active "$(systemctl is-active sigil-policy.service)"
	rules=$(sed -n 's/^rules: //p' /sys/kernel/security/sigil/status)
	[ "${rules:-0}" -gt 0 ] ||
		fail "no policy loaded: status says $(cat /sys/kernel/security/sigil/status)"
	expect_eq "lighttpd" httpd_t "$(proc_label lighttpd)"
	expect_eq "page" "hello from sigil" "$(http_get hello.txt)"
	;;
*) fail "unknown test $1" ;;
esac
exit 0
