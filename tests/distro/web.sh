# The web server (lighttpd) confined in httpd_t, over loopback.
. ./lib.sh
case $1 in
web-server-serves-its-document-root)
	echo "hello from sigil" >/var/www/html/hello.txt
	filecon --restore /var/www/html/hello.txt
	expect_eq "page" "hello from sigil" "$(http_get hello.txt)"
	;;
web-server-cannot-read-etc-shadow)
	# A name that leads to /etc/shadow: DAC refuses www-data already.
	ln -sf /etc/shadow /var/www/html/shadow.txt
	code=$(curl -s -o /dev/null -w '%{http_code}' http://127.0.0.1/shadow.txt)
	expect_eq "HTTP status for /etc/shadow" 403 "$code"
	# A copy any user may read, labelled as the original: Sigil refuses.
	install -m 0644 /etc/shadow /var/www/html/secret.txt
	filecon -s shadow_t /var/www/html/secret.txt
	code=$(curl -s -o /dev/null -w '%{http_code}' http://127.0.0.1/secret.txt)
	expect_eq "HTTP status for a world-readable file labelled shadow_t" 403 "$code"
	denied_in_audit_log "allow httpd_t shadow_t r"
	rm -f /var/www/html/secret.txt /var/www/html/shadow.txt
	;;
web-server-cannot-write-its-document-root)
	# What a CGI could do: a shell in httpd_t (entered for the test).
	{ base_policy; echo 'entrypoint httpd_t bin_t'; } >/run/cgi.policy
	sigilctl load /run/cgi.policy || fail "cannot load the policy for the test"
	# From /: the test's directory in /run is no service's.
	(cd / && execcon httpd_t -- sh -c 'echo x >/var/www/html/new.txt') 2>/dev/null &&
		fail "httpd_t wrote into its document root"
	[ ! -e /var/www/html/new.txt ] || fail "/var/www/html/new.txt exists"
	execcon httpd_t -- cat /etc/gshadow >/dev/null 2>&1 &&
		fail "httpd_t read /etc/gshadow"
	expect_eq "httpd_t reads its pages" "hello from sigil" \
		"$(execcon httpd_t -- cat /var/www/html/hello.txt)"
	sigilctl load /etc/sigil/policy || fail "cannot load the base policy again"
	denied_in_audit_log "allow httpd_t httpd_content_t c"
	;;
*) fail "unknown test $1" ;;
esac
exit 0
