# The audit daemon and the tools that read its log.
. ./lib.sh
case $1 in
auditd-writes-sigil-denials-to-its-log)
	# The web server's refusals of the tests before.
	denied_in_audit_log "allow httpd_t shadow_t r"
	grep -q 'type=UNKNOWN\[1425\]\|type=SIGIL' /var/log/audit/audit.log ||
		fail "no record of type 1425 in the audit log"
	;;
ausearch-finds-the-sigil-records)
	out=$(ausearch -m 1425 -if /var/log/audit/audit.log 2>&1) ||
		fail "ausearch -m 1425 found nothing: $out"
	echo "$out" | grep -q "denied op=.*missing='allow httpd_t shadow_t r'" ||
		fail "ausearch -m 1425: expected the httpd_t denial, saw: $(echo "$out" | tail -n 4)"
	;;
suggest-reads-the-auditd-log)
	out=$(sigilctl suggest /var/log/audit/audit.log) ||
		fail "sigilctl suggest failed: $out"
	echo "$out" | grep -qx 'allow httpd_t shadow_t r' ||
		fail "sigilctl suggest: expected 'allow httpd_t shadow_t r', saw: $out"
	;;
services-run-confined-without-denials)
	# Beside what the tests before asked of httpd_t (their own output
	# files are the ones inherited) and of auditd_t (routes.sh's shell,
	# whose programs are not auditd), the services ran without a denial.
	attacker='sigil-route-sh\|systemd-run\|systemctl\|busctl\|udevadm\|python3\|cat\|ls\|head\|logger\|rm\|wc'
	n=$(grep 'denied op=' /var/log/audit/audit.log | grep 'subject=\(auditd_t\|crond_t\|sshd_t\)' |
		grep -v "subject=auditd_t .* comm=.\\($attacker\\). " | grep -c . || true)
	[ "$n" -eq 0 ] || fail "$n denials of auditd_t, crond_t or sshd_t: $(grep 'denied op=' /var/log/audit/audit.log | grep 'subject=\(auditd_t\|crond_t\|sshd_t\)' | grep -v "subject=auditd_t .* comm=.\\($attacker\\). " | head -n 5)"
	# httpd_t: the tests' own refusals (web.sh; net.sh's port 8080,
	# connect to sshd and the shell it runs in httpd_t).
	web='shadow_t\|httpd_content_t\|entrypoint\|port=8080\|ssh_port_t\|httpd_t sshd_t c\|comm="bash"'
	n=$(grep 'denied op=' /var/log/audit/audit.log | grep 'subject=httpd_t' | grep -v 'op=inherit' | grep -vc "$web" || true)
	[ "$n" -eq 0 ] || fail "$n unexpected denials of httpd_t: $(grep 'denied op=' /var/log/audit/audit.log | grep 'subject=httpd_t' | grep -v 'op=inherit' | grep -v "$web" | head -n 5)"
	;;
*) fail "unknown test $1" ;;
esac
exit 0
