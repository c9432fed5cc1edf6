# Ports and local servers on the Debian system (sigil(7), "Ports"): the
# base policy gives lighttpd ports 80 and 443 alone and no connect, sshd
# port 22, and no service another label's local server.
. ./lib.sh
d=/run/sigil-net-test
mkdir -p $d

# as_httpd COMMAND: runs the shell command COMMAND in httpd_t, as a CGI
# program would run, under the base policy with a shell as an entry
# point; prints its output and error.
as_httpd() {
	(cd / && execcon httpd_t -- bash -c "$1") 2>&1
}
# with_rules RULE-LINES: the base policy, bash an entry point to httpd_t,
# and RULE-LINES.
with_rules() {
	{ base_policy; echo 'entrypoint httpd_t bin_t'; printf '%s\n' "$1"; } >$d/policy
	sigilctl load $d/policy || fail "cannot load the policy for the test: $1"
}
restore() {
	sigilctl load /etc/sigil/policy || fail "cannot load the base policy again"
}

case $1 in
web-server-binds-only-its-ports)
	# lighttpd itself, started by hand on 8080 with a configuration
	# beside its own (which it may read): refused, with the record.
	alt=/etc/lighttpd/sigil-test-8080.conf
	sed 's/^server.port.*/server.port = 8080/' /etc/lighttpd/lighttpd.conf >$alt
	grep -q '^server.port = 8080' $alt || echo 'server.port = 8080' >>$alt
	sed -i "/^server.pid-file/d; /^server.errorlog/d" $alt
	out=$(cd / && timeout 20 lighttpd -D -f $alt 2>&1)
	rm -f $alt
	case $out in
	*"Permission denied"*) ;;
	*) fail "lighttpd on port 8080: expected 'Permission denied', saw: $out" ;;
	esac
	denied_in_audit_log "net httpd_t unreserved_port b"
	grep "missing='net httpd_t unreserved_port b'" /var/log/audit/audit.log |
		grep -q "proto=tcp port=8080" ||
		fail "the denial does not name tcp port 8080: $(grep 'check=net' /var/log/audit/audit.log | tail -n 1)"
	# Its own port is bound, and served.
	expect_eq "the web server's label" httpd_t "$(proc_label lighttpd)"
	ss -ltn | grep -q ':80 ' || fail "nothing listens on port 80"
	;;
web-server-connects-nowhere)
	with_rules ""
	out=$(as_httpd 'exec 3<>/dev/tcp/127.0.0.1/22 && echo connected')
	restore
	case $out in
	*connected*) fail "httpd_t connected to port 22: $out" ;;
	*"Permission denied"*) ;;
	*) fail "httpd_t connecting to port 22: expected 'Permission denied', saw: $out" ;;
	esac
	denied_in_audit_log "net httpd_t ssh_port_t c"
	;;
local-server-of-another-label-needs-a-rule)
	# With the port's rule, the server's label is still missing.
	with_rules "net httpd_t ssh_port_t c"
	out=$(as_httpd 'exec 3<>/dev/tcp/127.0.0.1/22 && echo connected')
	case $out in
	*connected*) restore; fail "httpd_t reached sshd_t's server without a rule: $out" ;;
	esac
	denied_in_audit_log "allow httpd_t sshd_t c"
	# Over IPv6 too.
	out=$(as_httpd 'exec 3<>/dev/tcp/::1/22 && echo connected')
	case $out in
	*connected*) restore; fail "httpd_t reached sshd_t's server over ::1 without a rule: $out" ;;
	esac
	with_rules "net httpd_t ssh_port_t c
allow httpd_t sshd_t c"
	out=$(as_httpd 'exec 3<>/dev/tcp/127.0.0.1/22 && head -c 4 <&3')
	restore
	expect_eq "what sshd says first to httpd_t, allowed" SSH- "$out"
	;;
peer-label-of-a-loopback-connection-names-the-server)
	http_get '' >/dev/null
	out=$(bash -c 'exec 0<>/dev/tcp/127.0.0.1/80 && proccon --peer')
	expect_eq "SO_PEERSEC of a connection to lighttpd" httpd_t "$out"
	out=$(bash -c 'exec 0<>/dev/tcp/127.0.0.1/22 && proccon --peer')
	expect_eq "SO_PEERSEC of a connection to sshd" sshd_t "$out"
	;;
suggest-proposes-a-port-of-the-services-own)
	out=$(sigilctl suggest /var/log/audit/audit.log) ||
		fail "sigilctl suggest failed: $out"
	echo "$out" | grep -qx 'port tcp 8080 httpd_port_t' ||
		fail "sigilctl suggest: expected 'port tcp 8080 httpd_port_t', saw: $out"
	echo "$out" | grep -q '^net httpd_t httpd_port_t b' ||
		fail "sigilctl suggest: expected 'net httpd_t httpd_port_t b', saw: $out"
	echo "$out" | grep -q 'unreserved_port' &&
		fail "sigilctl suggest opened every unreserved port: $out"
	;;
*) fail "unknown test $1" ;;
esac
exit 0
