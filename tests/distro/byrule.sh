# Labels by rule on the Debian system: the packaged units, unmodified,
# start the services in their labels through exec rules; a daemon started
# by hand lands in its label too; a conffile replaced as dpkg does it, and
# a package reinstalled by apt or by dpkg -i, keep the file contexts'
# labels.
. ./lib.sh
case $1 in
packaged-units-unmodified-start-the-services-in-their-labels)
	for u in lighttpd cron auditd ssh; do
		expect_eq "drop-ins of $u.service" "" \
			"$(systemctl show -p DropInPaths --value $u.service)"
	done
	expect_eq "lighttpd" httpd_t "$(proc_label lighttpd)"
	expect_eq "cron" crond_t "$(proc_label cron)"
	expect_eq "auditd" auditd_t "$(proc_label auditd)"
	expect_eq "sshd" sshd_t "$(proc_label sshd)"
	;;
daemon-started-from-a-root-shell-lands-in-its-label)
	systemctl stop cron || fail "cannot stop cron"
	# Its standard files are the test's: not for crond_t to inherit.
	/usr/sbin/cron </dev/null >/dev/null 2>&1 || fail "cron did not start"
	sleep 0.5
	seen=$(proc_label cron)
	pkill -x cron
	systemctl start cron
	expect_eq "cron started by hand" crond_t "$seen"
	;;
conffile-replaced-as-dpkg-does-keeps-its-label)
	c=/etc/lighttpd/lighttpd.conf
	want=$(filecon --match $c | awk '{ print $NF }')
	cp -p $c /run/lighttpd.conf.orig
	{ cat $c; echo "# replaced as dpkg does it"; } >$c.dpkg-new
	mv $c.dpkg-new $c
	expect_eq "label of the replaced $c" "$want" "$(label $c)"
	systemctl restart lighttpd || fail "lighttpd did not restart"
	expect_eq "lighttpd after the restart" httpd_t "$(proc_label lighttpd)"
	echo "after the conffile" >/var/www/html/conffile.txt
	filecon --restore /var/www/html/conffile.txt
	expect_eq "page" "after the conffile" "$(http_get conffile.txt)"
	;;
reinstalled-package-keeps-its-labels-and-its-service-confined)
	old=$(systemctl show -p MainPID --value lighttpd.service)
	DEBIAN_FRONTEND=noninteractive apt-get install --reinstall -y -q \
		-o Dpkg::Options::=--force-confold lighttpd >/run/apt.log 2>&1 ||
		fail "apt-get install --reinstall lighttpd failed: $(tail -n 5 /run/apt.log)"
	out=$(filecon --restore -R -n -v /usr /etc /var 2>&1)
	expect_eq "what filecon --restore -n would change after the reinstall" "" "$out"
	expect_eq "label of /usr/sbin/lighttpd" httpd_exec_t "$(label /usr/sbin/lighttpd)"
	new=$(systemctl show -p MainPID --value lighttpd.service)
	[ "$new" != "$old" ] || fail "the reinstall did not restart lighttpd (MainPID $old)"
	expect_eq "lighttpd restarted by the package" httpd_t "$(proc_label lighttpd)"
	expect_eq "page" "after the conffile" "$(http_get conffile.txt)"
	;;
dpkg-i-of-a-daemons-package-restarts-it-confined)
	# dpkg -i unpacks and configures in one run: the postinst restarts
	# lighttpd before dpkg's hook labels what it unpacked, so the new
	# program must be labelled when it is unpacked (the fragment's
	# create rule for lighttpd.dpkg-new).
	deb=$(ls /var/cache/apt/archives/lighttpd_*.deb 2>/dev/null | head -n 1)
	[ -n "$deb" ] || fail "no lighttpd package in apt's cache"
	old=$(systemctl show -p MainPID --value lighttpd.service)
	dpkg -i --force-confold "$deb" >/run/dpkg.log 2>&1 ||
		fail "dpkg -i $deb failed: $(tail -n 5 /run/dpkg.log)"
	new=$(systemctl show -p MainPID --value lighttpd.service)
	[ "$new" != "$old" ] || fail "dpkg -i did not restart lighttpd (MainPID $old)"
	expect_eq "label of /usr/sbin/lighttpd" httpd_exec_t "$(label /usr/sbin/lighttpd)"
	expect_eq "lighttpd restarted by dpkg -i" httpd_t "$(proc_label lighttpd)"
	out=$(filecon --restore -R -n -v /usr /etc /var 2>&1)
	expect_eq "what filecon --restore -n would change after dpkg -i" "" "$out"
	expect_eq "page" "after the conffile" "$(http_get conffile.txt)"
	;;
*) fail "unknown test $1" ;;
esac
exit 0
