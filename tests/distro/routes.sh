# The routes out of a confined root service, tried as an attacker who
# holds one would: a copy of a shell labelled auditd_exec_t, which the
# base policy's exec rule starts in auditd_t.  Each route is refused, and
# what the service needs still works.  One route per name:
#   sh routes.sh NAME
. ./lib.sh
# as_label SHELL EXECLABEL SCRIPT: runs SCRIPT in a copy of sh, SHELL,
# labelled EXECLABEL, which the base policy's exec rule starts in its
# service's label; its output and status are the script's.
as_label() {
	if [ ! -x "$1" ]; then
		cp /usr/bin/dash "$1" && filecon -s "$2" "$1" || fail "cannot make $1"
	fi
	# From /, not the test's directory, which is no service's.
	(cd / && "$1" -c "$3" 2>&1)
}
# as_service SCRIPT: in auditd_t, a confined root service.
as_service() {
	as_label /usr/local/sbin/sigil-route-sh auditd_exec_t "$1"
}
# denied RULE: the audit log shows that rule missing.
denied() {
	denied_in_audit_log "$1"
}
# refused_on OBJECT...: the audit log shows a denial of auditd_t on files
# of one of the labels OBJECT (where the way is refused depends on the
# program: the directory, or the socket file in it).
refused_on() {
	pat=$(echo "$*" | sed 's/ /\\|/g')
	for _i in $(seq 50); do
		grep -q "denied op=.* subject=auditd_t object=\($pat\) " /var/log/audit/audit.log && return 0
		sleep 0.1
	done
	fail "expected a denial of auditd_t on $*, saw: $(grep 'denied op=.*subject=auditd_t' /var/log/audit/audit.log | tail -n 3)"
}
case $1 in
the-attackers-shell-runs-in-auditd_t)
	expect_eq "label of the copied shell" auditd_t \
		"$(as_service 'cat /proc/self/attr/current')"
	;;
service-cannot-have-systemd-run-a-command)
	# systemd-run asks over the bus; systemctl, as root, over PID 1's
	# private socket.
	out=$(as_service 'systemd-run --pipe --wait -q cat /proc/self/attr/current') &&
		fail "systemd-run ran a command for auditd_t: '$out'"
	case $out in *kernel*) fail "systemd-run ran a command in kernel for auditd_t: $out" ;; esac
	refused_on dbus_run_t
	out=$(as_service 'systemctl start sigil-route-nothing.service') &&
		fail "systemctl reached PID 1 for auditd_t: '$out'"
	denied "allow auditd_t init_run_t w"
	# Nor any abstract socket of the kernel label.
	python3 -c 'import socket,time
s=socket.socket(socket.AF_UNIX); s.bind("\0sigil-route"); s.listen(); time.sleep(20)' &
	lpid=$!
	sleep 1
	out=$(as_service "python3 -c 'import socket; socket.socket(socket.AF_UNIX).connect(\"\\0sigil-route\")'") &&
		fail "auditd_t connected to an abstract socket of the kernel label"
	kill $lpid
	denied "allow auditd_t kernel c"
	# The unconfined shell still can.
	expect_eq "systemd-run from the unconfined shell" kernel \
		"$(systemd-run --pipe --wait -q cat /proc/self/attr/current 2>&1)"
	;;
service-cannot-call-systemd-over-the-bus)
	call='busctl call org.freedesktop.systemd1 /org/freedesktop/systemd1 org.freedesktop.systemd1.Manager GetDefaultTarget'
	out=$(as_service "$call") && fail "auditd_t called systemd over the bus: '$out'"
	refused_on dbus_run_t
	out=$($call 2>&1) || fail "the unconfined shell cannot call systemd over the bus: $out"
	;;
service-cannot-reach-udevs-control-socket)
	out=$(as_service 'udevadm control --reload') &&
		fail "auditd_t told udev to reload its rules: '$out'"
	refused_on udev_run_t
	;;
service-cannot-open-proc-of-unconfined-tasks)
	for f in /proc/1/status /proc/1/cmdline /proc/1/environ /proc/1/stat; do
		out=$(as_service "cat $f") && fail "auditd_t read $f: '$out'"
	done
	out=$(as_service 'ls /proc/1/fd') && fail "auditd_t listed /proc/1/fd: '$out'"
	refused_on kernel
	# Its own are its own.
	as_service 'cat /proc/self/status' | grep -q '^Name:' ||
		fail "auditd_t cannot read its own /proc/self/status"
	;;
service-cannot-plant-files-in-run)
	mkdir -p /run/systemd/system /run/udev/rules.d
	for f in /run/systemd/system/sigil-evil.service /run/udev/rules.d/99-sigil-evil.rules \
		/run/sigil/sigil-evil /run/initramfs/shutdown /run/tmpfiles.d/sigil-evil.conf \
		/run/modprobe.d/sigil-evil.conf /run/sysctl.d/sigil-evil.conf \
		/run/systemd/journal/sigil-evil /run/user/sigil-evil; do
		out=$(as_service "echo evil >$f") && fail "auditd_t wrote $f"
		[ ! -e "$f" ] || fail "$f exists after the refusal"
	done
	refused_on init_run_t
	refused_on udev_run_t
	refused_on run_misc_t
	refused_on sigil_run_t
	refused_on journal_run_t
	refused_on user_run_t
	# What unconfined tasks make in /run after boot is run_misc_t.
	echo root >/run/sigil-route-misc
	expect_eq "label of a file root made in /run" run_misc_t "$(label /run/sigil-route-misc)"
	out=$(as_service 'echo evil >/run/sigil-route-misc') &&
		fail "auditd_t wrote a file root made in /run"
	rm -f /run/sigil-route-misc
	# The names root trusts are taken at boot (/run/nscd: glibc asks
	# its socket before any name service).
	out=$(as_service 'mkdir -p /run/nscd && echo evil >/run/nscd/socket') &&
		fail "auditd_t planted /run/nscd/socket"
	expect_eq "label of /run/nscd" nscd_run_t "$(label /run/nscd)"
	refused_on nscd_run_t
	# Its own files it makes, with its own label, and removes.
	as_service 'echo 1 >/run/sigil-route.pid' || fail "auditd_t cannot make its pid file"
	expect_eq "label of auditd_t's file in /run" auditd_run_t "$(label /run/sigil-route.pid)"
	as_service 'rm /run/sigil-route.pid' || fail "auditd_t cannot remove its pid file"
	;;
service-cannot-read-devices-it-is-not-given)
	out=$(as_service 'head -c 512 /dev/vda | wc -c') &&
		[ "$out" = 512 ] && fail "auditd_t read the disk /dev/vda"
	denied "allow auditd_t disk_t r"
	# A node no genfs rule and no udev rule names: the catch-all.
	expect_eq "label of /dev/hvc3" device_t "$(label /dev/hvc3)"
	out=$(as_service 'head -c 1 /dev/hvc3') && fail "auditd_t opened /dev/hvc3"
	denied "allow auditd_t device_t r"
	# A block node made after boot, by hand, of the same disk.
	rm -f /dev/sigil-route-blk
	mknod /dev/sigil-route-blk b $((0x$(stat -c '%t' /dev/vda))) \
		$((0x$(stat -c '%T' /dev/vda))) || fail "mknod failed"
	out=$(as_service 'head -c 512 /dev/sigil-route-blk | wc -c')
	rm -f /dev/sigil-route-blk
	[ "$out" != 512 ] || fail "auditd_t read the disk through a node made after boot"
	# udev labels every block device it is told of as a disk.
	udevadm trigger --settle --action=add /sys/class/block/vdb ||
		fail "udevadm trigger failed"
	expect_eq "label of /dev/vdb after udev's add event" disk_t "$(label /dev/vdb)"
	# What every service uses still works.
	expect_eq "urandom and null" 16 \
		"$(as_service 'head -c 16 /dev/urandom >/dev/null && head -c 16 /dev/zero | wc -c')"
	;;
password-change-keeps-shadow-from-services)
	# passwd writes a new /etc/shadow and renames it over the old one;
	# sigil-relabel-secrets.path gives it shadow_t back.
	id bob >/dev/null 2>&1 || useradd -m bob || fail "useradd bob failed"
	echo 'bob:sigil-route-pw' | chpasswd || fail "chpasswd failed"
	relabelled() { [ "$(label /etc/shadow)" = shadow_t ]; }
	wait_for 10 relabelled || fail "/etc/shadow is $(label /etc/shadow) after a password change"
	expect_eq "label of /etc/shadow- (the backup)" shadow_t "$(label /etc/shadow-)"
	out=$(as_service 'head -c 1 /etc/shadow') && fail "auditd_t read /etc/shadow after a password change"
	denied "allow auditd_t shadow_t r"
	;;
service-cannot-write-to-roots-terminal)
	# root logs in (unconfined kernel); its terminal keeps tty_t, which
	# no service may write, though every service may write to kernel.
	rm -f /run/root-tty
	echo 'tty >/run/root-tty; sleep 20; exit' |
		script -qc 'login -f root' /dev/null >/dev/null 2>&1 &
	spid=$!
	got_tty() { [ -s /run/root-tty ]; }
	wait_for 20 got_tty || fail "root's login did not start"
	t=$(cat /run/root-tty)
	expect_eq "label of root's terminal $t" tty_t "$(filecon "$t" | cut -d' ' -f1)"
	out=$(as_service "echo injected >$t && echo written")
	[ "$out" != written ] || fail "auditd_t wrote to root's terminal $t"
	refused_on tty_t
	kill $spid 2>/dev/null
	;;
service-still-logs-through-the-journal)
	tag=sigil-route-$$
	as_service "logger -t $tag from-auditd_t" || fail "logger in auditd_t failed"
	logged() {
		journalctl -q --no-pager -t $tag -o verbose | grep -q '_SELINUX_CONTEXT=auditd_t'
	}
	wait_for 30 logged ||
		fail "no journal line of $tag with auditd_t: $(journalctl -q --no-pager -t $tag -o verbose | grep -i context)"
	# Each service's own lines, with its label.
	for u in ssh:sshd_t cron:crond_t lighttpd:httpd_t; do
		journalctl -q --no-pager -u ${u%%:*} -o verbose | grep -q "_SELINUX_CONTEXT=${u#*:}" ||
			fail "no line of ${u%%:*}.service with ${u#*:} in the journal"
	done
	;;
*) fail "unknown test $1" ;;
esac
exit 0
