# The admin's loop: a service whose rules are missing, run permissive,
# rules suggested from auditd's log, loaded, enforcing again.
. ./lib.sh
case $1 in
permissive-suggest-load-enforcing-round-trip)
	d=/run/roundtrip
	mkdir -p $d
	# The base policy without lighttpd's right to read its document root.
	base_policy | grep -vx 'allow httpd_t httpd_content_t rx' >$d/policy
	sigilctl load $d/policy || fail "cannot load the reduced policy"
	echo page >/var/www/html/round.txt
	filecon --restore /var/www/html/round.txt
	code=$(curl -s -o /dev/null -w '%{http_code}' http://127.0.0.1/round.txt)
	expect_eq "HTTP status without the rule, enforcing" 403 "$code"
	mark=$(wc -l </var/log/audit/audit.log)
	sigilctl enforce permissive || fail "cannot switch to permissive"
	expect_eq "page in permissive mode" page "$(curl -sf http://127.0.0.1/round.txt)"
	tail -n +"$((mark + 1))" /var/log/audit/audit.log >$d/audit.log
	sigilctl suggest $d/audit.log >$d/suggested || fail "sigilctl suggest failed"
	grep -q '^allow httpd_t httpd_content_t r' $d/suggested ||
		fail "suggest: expected a rule for httpd_content_t, saw: $(cat $d/suggested)"
	cat $d/suggested >>$d/policy
	sigilctl load $d/policy || fail "cannot load the policy with the suggested rules"
	sigilctl enforce enforcing || fail "cannot switch back to enforcing"
	expect_eq "page with the suggested rules, enforcing" page "$(curl -sf http://127.0.0.1/round.txt)"
	sigilctl load /etc/sigil/policy || fail "cannot load the base policy again"
	;;
*) fail "unknown test $1" ;;
esac
exit 0
