# Labels where the system's own tools look: the journal's
# _SELINUX_CONTEXT, audit rules by label (auditctl, ausearch), D-Bus's
# LinuxSecurityLabel.
. ./lib.sh
# The client of the D-Bus test: its own unique name, then what the bus
# says of it.
whoami_py='import dbus
bus = dbus.SystemBus()
me = bus.get_unique_name()
creds = bus.call_blocking("org.freedesktop.DBus", "/org/freedesktop/DBus",
                          "org.freedesktop.DBus", "GetConnectionCredentials",
                          "s", (me,))
print(bytes(creds["LinuxSecurityLabel"]).rstrip(b"\0").decode())'
# dbus_policy [EXTRA-RULES]: the base policy with a label for a D-Bus
# client: it runs python3 and reaches the bus through its socket in /run.
dbus_policy() {
	d=/run/labels-dbus
	mkdir -p $d
	{ base_policy
	  printf '%s\n' 'transition kernel dbus_client_t' \
		'entrypoint dbus_client_t bin_t'
	  for l in system_t bin_t lib_t usr_t etc_t proc_t sysfs_t tmpfs_t device_t; do
		echo "allow dbus_client_t $l rx"
	  done
	  printf '%s\n' 'allow dbus_client_t run_t x' 'allow dbus_client_t null_t rw' \
		'allow dbus_client_t random_t r' 'socket dbus_client_t unix' "$@"
	} >$d/policy
	sigilctl load $d/policy || fail "cannot load the policy with dbus_client_t"
}
case $1 in
journal-holds-the-web-servers-messages-with-its-label)
	mark="labels-$$.txt"
	# A 404 is logged as any request is.
	http_get "$mark" >/dev/null
	logger -t sigil-labels-test "from the unconfined shell"
	httpd_logged() {
		journalctl -q --no-pager _SELINUX_CONTEXT=httpd_t | grep -q "$mark"
	}
	shell_logged() {
		journalctl -q --no-pager -t sigil-labels-test | grep -q unconfined
	}
	wait_for 30 httpd_logged
	wait_for 30 shell_logged
	journalctl -q --no-pager _SELINUX_CONTEXT=httpd_t | grep -q "GET /$mark" ||
		fail "expected lighttpd's request line in 'journalctl _SELINUX_CONTEXT=httpd_t', saw: $(journalctl -q --no-pager _SELINUX_CONTEXT=httpd_t | tail -n 3)"
	# No other service's entries carry the web server's label (the
	# tests' own commands run as httpd_t, in sigil-guest-cmd.service,
	# log their errors there too) ...
	expect_eq "units of the httpd_t entries" "_SYSTEMD_UNIT=lighttpd.service" \
		"$(journalctl -q --no-pager -o verbose _SELINUX_CONTEXT=httpd_t |
			grep -o '_SYSTEMD_UNIT=.*' | sort -u | grep -vx '_SYSTEMD_UNIT=sigil-guest-cmd.service')"
	# ... and the web server's entries carry nothing else.
	expect_eq "labels of lighttpd's entries" "_SELINUX_CONTEXT=httpd_t" \
		"$(journalctl -q --no-pager -o verbose _COMM=lighttpd | grep -o '_SELINUX_CONTEXT=.*' | sort -u)"
	expect_eq "label of the shell's logger entry" "_SELINUX_CONTEXT=kernel" \
		"$(journalctl -q --no-pager -o verbose -t sigil-labels-test | grep -o '_SELINUX_CONTEXT=.*' | sort -u)"
	;;
auditctl-rule-by-label-logs-only-the-web-server)
	auditctl -a always,exit -F arch=b64 -S openat -F subj_type=httpd_t -k web >/dev/null ||
		fail "auditctl refused a rule by subj_type"
	auditctl -l | grep -q 'subj_type=httpd_t' ||
		fail "auditctl -l does not show the rule: $(auditctl -l)"
	echo "audited" >/var/www/html/audited.txt
	filecon --restore /var/www/html/audited.txt
	http_get audited.txt >/dev/null || fail "no page"
	cat /var/www/html/audited.txt >/dev/null
	audited() {
		ausearch -k web --raw 2>/dev/null | grep -q 'name="/var/www/html/audited.txt"'
	}
	wait_for 30 audited
	ausearch -k web --raw >/run/web.audit 2>/dev/null
	auditctl -d always,exit -F arch=b64 -S openat -F subj_type=httpd_t -k web >/dev/null
	grep -q '^type=PATH .*name="/var/www/html/audited.txt" .* obj=httpd_content_t ' /run/web.audit ||
		fail "expected a PATH record of audited.txt with obj=httpd_content_t, saw: $(grep -c . /run/web.audit) records: $(tail -n 4 /run/web.audit)"
	n=$(grep -c '^type=SYSCALL .* key="web"' /run/web.audit)
	[ "$n" -gt 0 ] || fail "no SYSCALL record with key web"
	# The web server's processes, lighttpd and what it runs, and no one
	# else (auditctl's own record of the rule carries the key too, as
	# the CONFIG_CHANGE of a SYSCALL with no key of its own).
	others=$(grep '^type=SYSCALL .* key="web"' /run/web.audit | grep -v ' subj=httpd_t ')
	expect_eq "SYSCALL records of key web not from httpd_t" "" "$others"
	grep '^type=SYSCALL ' /run/web.audit | grep -q ' comm="lighttpd" ' ||
		fail "expected lighttpd's own records, saw: $(grep '^type=SYSCALL ' /run/web.audit | head -n 3)"
	;;
dbus-reports-the-label-of-a-confined-client)
	expect_eq "LinuxSecurityLabel of the unconfined shell" kernel \
		"$(python3 -c "$whoami_py" 2>&1)"
	# The bus's socket is systemd's (dbus.socket), reached as its file.
	dbus_policy 'allow dbus_client_t dbus_run_t xwc'
	seen=$(execcon dbus_client_t python3 -c "$whoami_py" 2>&1)
	sigilctl load /etc/sigil/policy
	expect_eq "LinuxSecurityLabel of a dbus_client_t client" dbus_client_t "$seen"
	# Refused: without c on the bus's socket file, no connection.
	dbus_policy
	seen=$(execcon dbus_client_t python3 -c "$whoami_py" 2>&1)
	sigilctl load /etc/sigil/policy
	case $seen in
	*"Permission denied"*) ;;
	*) fail "expected the connection to the bus refused, saw: $seen" ;;
	esac
	;;
who-can-and-reach-read-the-running-policy)
	# cron's jobs are unconfined, as the targeted policy's are (sorted:
	# the order of who-can's lines is the policy's).
	expect_eq "who can write shadow_t" "crond_t cronjob_t unconfined transition:crond_t>cronjob_t[bin_t]
cronjob_t cronjob_t unconfined -
kernel cronjob_t unconfined transition:kernel>crond_t[crond_exec_t],transition:crond_t>cronjob_t[bin_t]
kernel kernel unconfined -
shadow_t shadow_t own -
sshd_t cronjob_t unconfined transition:sshd_t>kernel[*],transition:kernel>crond_t[crond_exec_t],transition:crond_t>cronjob_t[bin_t]
sshd_t kernel unconfined transition:sshd_t>kernel[*]" "$(sigilctl who-can --rights w shadow_t | awk '{ print $1, $3, $4, $5 }' | LC_ALL=C sort)"
	expect_eq "labels httpd_t becomes" httpd_t \
		"$(sigilctl reach httpd_t | awk '{ print $1 }' | sort -u)"
	sigilctl reach httpd_t | grep -qx 'httpd_t allow httpd_content_t rx -' ||
		fail "reach httpd_t does not show its document root: $(sigilctl reach httpd_t | head -n 5)"
	;;
*) fail "unknown test $1" ;;
esac
exit 0
