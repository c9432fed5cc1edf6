# Sigil's Debian packages on the Debian system, which guest/distro-image
# built by installing them with apt (their copies are in /root/debs):
# what dpkg lists, a reinstall that a broken fragment fails, upgrades that
# keep every service in its label, a first install after a purge, the
# removal of the policy package (the sixth boot of
# tests/drivers/distro-suite.sh) and the boot after it (the seventh).
. ./lib.sh
# services_confined: every confined service runs in its label.
services_confined() {
	for s in lighttpd:httpd_t cron:crond_t auditd:auditd_t sshd:sshd_t; do
		expect_eq "${s%%:*} $1" "${s#*:}" "$(proc_label "${s%%:*}")"
	done
}
# repack DEB VERSION [FC-LINE]: a copy of the package DEB with VERSION
# (and FC-LINE added to its file contexts), in /run/debs-up, as a rebuild
# with a higher version would be; prints its path.
repack() {
	_x=/run/debs-up/x
	rm -rf "$_x" && mkdir -p "$_x" || fail "cannot make $_x"
	dpkg-deb -R "$1" "$_x" || fail "dpkg-deb -R $1 failed"
	sed -i "s/^Version: .*/Version: $2/" "$_x/DEBIAN/control"
	if [ -n "${3:-}" ]; then
		printf '%s\n' "$3" >>"$_x/etc/sigil/file_contexts"
		# dpkg checks a conffile's hash against its list in md5sums.
		(cd "$_x" && md5sum etc/sigil/file_contexts) >"$_x/md5.new"
		grep -v ' etc/sigil/file_contexts$' "$_x/DEBIAN/md5sums" >>"$_x/md5.new" || true
		mv "$_x/md5.new" "$_x/DEBIAN/md5sums"
	fi
	_p=$(sed -n 's/^Package: //p' "$_x/DEBIAN/control")
	_a=$(sed -n 's/^Architecture: //p' "$_x/DEBIAN/control")
	dpkg-deb -Zgzip -b "$_x" "/run/debs-up/${_p}_$2_$_a.deb" >/dev/null ||
		fail "dpkg-deb -b of $_p $2 failed"
	rm -rf "$_x"
	echo "/run/debs-up/${_p}_$2_$_a.deb"
}
apt_install() {
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$@" >/run/apt.log 2>&1
}
pkgs="libsigil0 libsigil-dev sigil-utils libpam-sigil sigil-policy-default"
case $1 in
sigils-packages-are-installed-and-own-their-files)
	for p in $pkgs; do
		expect_eq "dpkg status of $p" "install ok installed" \
			"$(dpkg-query -W -f '${Status}' $p 2>&1)"
	done
	for f in /usr/bin/filecon:sigil-utils /usr/sbin/sigilctl:sigil-utils \
		/usr/include/sigil.h:libsigil-dev \
		/etc/sigil/policy.d/20-lighttpd.policy:sigil-policy-default \
		/usr/share/pam-configs/sigil:libpam-sigil; do
		expect_eq "package of ${f%%:*}" "${f#*:}" \
			"$(dpkg-query -S "${f%%:*}" 2>&1 | cut -d: -f1)"
	done
	dpkg-query -W -f '${Conffiles}\n' sigil-policy-default | grep -q '^ /etc/sigil/policy ' ||
		fail "expected /etc/sigil/policy among the conffiles, saw: $(dpkg-query -W -f '${Conffiles}' sigil-policy-default)"
	expect_eq "libsigil0's library" "libsigil0" \
		"$(dpkg-query -S "$(readlink -f /usr/lib/*/libsigil.so.0)" | cut -d: -f1)"
	# The package enabled the boot unit, which loaded the policy.
	expect_eq "sigil-policy.service enabled" enabled "$(systemctl is-enabled sigil-policy.service)"
	case $(systemctl show -p FragmentPath --value sigil-policy.service) in
	/lib/systemd/system/* | /usr/lib/systemd/system/*) ;;
	*) fail "expected the package's unit, saw $(systemctl show -p FragmentPath --value sigil-policy.service)" ;;
	esac
	expect_eq "sigil-policy.service" active "$(systemctl is-active sigil-policy.service)"
	expect_eq "dpkg's hook" /etc/dpkg/dpkg.cfg.d/sigil "$(dpkg-query -L sigil-utils | grep -x '/etc/dpkg/dpkg.cfg.d/sigil')"
	;;
dpkg-hook-labels-the-packages-the-run-wrote-whatever-the-clock)
	# dpkg-labels as dpkg calls it, around a run that writes curl's file
	# list or not.  A list "in the future", as on a machine whose clock
	# starts behind, is not one the run wrote.
	hook=/usr/libexec/sigil/dpkg-labels f=/usr/bin/curl
	list=/var/lib/dpkg/info/curl.list
	want=$(label $f) orig=$(stat -c %Y $list)
	trap 'rmdir /run/sigil/dpkg-stamp.new 2>/dev/null; touch -d @$orig $list; filecon --restore $f' EXIT
	filecon -s etc_t $f
	touch -d @$(( $(date +%s) + 86400 )) $list
	$hook start && $hook restore
	expect_eq "label of $f after a run that wrote no file list" etc_t "$(label $f)"
	$hook start
	touch -d @$(( $(date +%s) + 90000 )) $list
	$hook restore
	expect_eq "label of $f after a run that wrote curl's list (dated later still)" "$want" "$(label $f)"
	filecon -s etc_t $f
	$hook start
	touch $list
	$hook restore
	expect_eq "label of $f after a run that wrote curl's list now" "$want" "$(label $f)"
	# A start that cannot note the lists (/run full) takes every package
	# as written.
	filecon -s etc_t $f
	touch -d @$(( $(date +%s) + 86400 )) $list
	mkdir /run/sigil/dpkg-stamp.new
	$hook start
	rmdir /run/sigil/dpkg-stamp.new
	$hook restore
	expect_eq "label of $f after a run whose start could not note the lists" "$want" "$(label $f)"
	;;
reinstalled-policy-with-a-broken-fragment-fails-and-keeps-the-running-one)
	gen=$(status generation) rules=$(status rules)
	frag=/etc/sigil/policy.d/95-by-hand.policy
	# Whatever happens, the later tests find the package configured.
	trap 'rm -f $frag; dpkg --configure -a >/dev/null 2>&1' EXIT
	printf '%s\n' '# Added by hand, and wrong: allow needs its rights.' \
		'allow httpd_t shadow_t' >$frag
	apt_install --reinstall /root/debs/sigil-policy-default_*.deb &&
		fail "apt-get install --reinstall succeeded with $frag broken"
	grep -q "$frag:2:" /run/apt.log ||
		fail "expected the error to name $frag:2, saw: $(tail -n 8 /run/apt.log)"
	expect_eq "dpkg status after the failed configure" "install ok half-configured" \
		"$(dpkg-query -W -f '${Status}' sigil-policy-default)"
	expect_eq "generation (the running policy kept)" "$gen" "$(status generation)"
	expect_eq "rules loaded" "$rules" "$(status rules)"
	services_confined "after the failed reinstall"
	# The admin mends the fragment: dpkg --configure -a loads the policy.
	rm -f $frag
	dpkg --configure -a >/run/dpkg.log 2>&1 ||
		fail "dpkg --configure -a failed: $(tail -n 5 /run/dpkg.log)"
	expect_eq "dpkg status after the fix" "install ok installed" \
		"$(dpkg-query -W -f '${Status}' sigil-policy-default)"
	expect_eq "generation after the fix (loaded again)" "$((gen + 1))" "$(status generation)"
	services_confined "after the fix"
	;;
upgrades-of-the-tools-and-the-policy-keep-every-service-in-its-label)
	gen=$(status generation)
	v=$(dpkg-query -W -f '${Version}' sigil-utils)
	# The new policy's file contexts name a directory the old ones did
	# not: the upgrade labels what is already there.
	mkdir -p /srv/sigil-up && : >/srv/sigil-up/page
	filecon -s etc_t /srv/sigil-up/page
	edit='/srv/sigil-up(/.*)?	httpd_content_t'
	utils=$(repack /root/debs/sigil-utils_*.deb "$v+up1") || exit 1
	policy=$(repack /root/debs/sigil-policy-default_*.deb "$v+up1" "$edit") || exit 1
	apt_install "$utils" "$policy" ||
		fail "apt-get install of the upgrades failed: $(tail -n 8 /run/apt.log)"
	grep -q "labelling the files by /etc/sigil/file_contexts" /run/apt.log ||
		fail "expected the upgrade to label the files by the changed file contexts, saw: $(tail -n 8 /run/apt.log)"
	expect_eq "label of a file the new file contexts name" httpd_content_t "$(label /srv/sigil-up/page)"
	for p in sigil-utils sigil-policy-default; do
		expect_eq "version of $p" "$v+up1" "$(dpkg-query -W -f '${Version}' $p)"
	done
	# The upgrade checked and loaded the policy, once, and did not stop
	# the boot unit.
	expect_eq "generation after the upgrade" "$((gen + 1))" "$(status generation)"
	expect_eq "sigil-policy.service" active "$(systemctl is-active sigil-policy.service)"
	services_confined "after the upgrade"
	# What the upgrade unpacked has its labels (the new hook's work).
	out=$(dpkg-query -L sigil-utils sigil-policy-default |
		while read -r f; do [ -e "$f" ] && echo "$f"; done |
		xargs filecon --restore -n -v 2>&1)
	expect_eq "what filecon --restore -n would change after the upgrade" "" "$out"
	expect_eq "page" "hello from sigil" "$(http_get hello.txt)"
	;;
first-install-labels-the-system-then-loads-the-policy)
	# Purged, the policy package (and libpam-sigil, which needs it) is
	# gone with its conffiles; files mislabelled meanwhile are put right
	# by the next first install, before it loads the policy.
	gen=$(status generation)
	DEBIAN_FRONTEND=noninteractive apt-get purge -y -q sigil-policy-default >/run/apt.log 2>&1 ||
		fail "apt-get purge sigil-policy-default failed: $(tail -n 8 /run/apt.log)"
	[ -e /etc/sigil/policy ] && fail "the purge left /etc/sigil/policy"
	expect_eq "generation after the purge (nothing unloaded)" "$gen" "$(status generation)"
	filecon -s etc_t /etc/shadow || fail "cannot mislabel /etc/shadow"
	filecon -s etc_t /usr/sbin/lighttpd || fail "cannot mislabel /usr/sbin/lighttpd"
	apt_install /root/debs/sigil-policy-default_*.deb /root/debs/libpam-sigil_*.deb ||
		fail "apt-get install of the policy failed: $(tail -n 8 /run/apt.log)"
	grep -q "labelling the files by /etc/sigil/file_contexts" /run/apt.log ||
		fail "expected the first install to label the files, saw: $(tail -n 8 /run/apt.log)"
	expect_eq "/etc/shadow after the first install" shadow_t "$(label /etc/shadow)"
	expect_eq "/usr/sbin/lighttpd after the first install" httpd_exec_t "$(label /usr/sbin/lighttpd)"
	expect_eq "generation after the first install" "$((gen + 1))" "$(status generation)"
	out=$(filecon --restore -R -n -v /usr /etc /var /root 2>&1)
	expect_eq "what filecon --restore -n would change after the first install" "" "$out"
	services_confined "after the first install"
	;;
removing-the-policy-package-unloads-nothing)
	# As an admin who enabled pam_sigil with pam-auth-update: the image's
	# own session lines out, the package's profile in.
	for f in /etc/pam.d/*; do
		sed -i '/^# Sigil: the session/d; /pam_sigil\.so/d' "$f"
	done
	DEBIAN_FRONTEND=noninteractive pam-auth-update --enable sigil || fail "pam-auth-update --enable sigil failed"
	grep -q pam_sigil.so /etc/pam.d/common-session ||
		fail "pam_sigil is not in common-session: $(cat /etc/pam.d/common-session)"
	gen=$(status generation) rules=$(status rules)
	[ "${rules:-0}" -gt 0 ] || fail "no policy loaded before the removal"
	DEBIAN_FRONTEND=noninteractive apt-get remove -y -q sigil-policy-default >/run/apt.log 2>&1 ||
		fail "apt-get remove sigil-policy-default failed: $(tail -n 8 /run/apt.log)"
	expect_eq "dpkg status of sigil-policy-default" "deinstall ok config-files" \
		"$(dpkg-query -W -f '${Status}' sigil-policy-default)"
	# libpam-sigil needs a policy: it goes too (it has no conffiles: dpkg
	# forgets it), and out of PAM.
	dpkg-query -W -f '${Status}' libpam-sigil 2>/dev/null | grep -q 'ok installed' &&
		fail "libpam-sigil is still installed"
	ls /lib/*/security/pam_sigil.so 2>/dev/null &&
		fail "pam_sigil.so is still installed"
	grep -q pam_sigil /etc/pam.d/common-session &&
		fail "pam_sigil is still in common-session after the removal"
	expect_eq "sigil-utils still installed" "install ok installed" \
		"$(dpkg-query -W -f '${Status}' sigil-utils)"
	# Nothing unloaded: the running policy stays until the next boot.
	expect_eq "generation" "$gen" "$(status generation)"
	expect_eq "rules loaded" "$rules" "$(status rules)"
	services_confined "after the removal"
	[ -f /etc/sigil/policy ] || fail "the removal took the conffile /etc/sigil/policy (only a purge does)"
	;;
system-boots-without-the-policy-package)
	expect_eq "multi-user.target" active "$(systemctl is-active multi-user.target)"
	expect_eq "emergency.target" inactive "$(systemctl is-active emergency.target)"
	expect_eq "sigil-policy.service" "" "$(systemctl list-unit-files --no-legend sigil-policy.service 2>/dev/null | awk '$2 != "masked"')"
	# No policy: every task runs in the unconfined kernel label.
	expect_eq "generation (no policy)" 0 "$(status generation)"
	for u in lighttpd ssh cron auditd; do
		expect_eq "$u.service" active "$(systemctl is-active $u.service)"
	done
	expect_eq "lighttpd, unconfined" kernel "$(proc_label lighttpd)"
	expect_eq "page" "hello from sigil" "$(http_get hello.txt)"
	# Sessions start: pam_sigil went with the policy.
	id alice >/dev/null 2>&1 || useradd -m alice || fail "useradd alice failed"
	expect_eq "su -l alice" kernel "$(su -l alice -c 'cat /proc/self/attr/current' 2>&1)"
	# The tools stay, and the labels stay on the files.
	expect_eq "/etc/shadow" shadow_t "$(label /etc/shadow)"
	;;
reinstall-after-removal-labels-again-and-says-to-reboot)
	# While the policy was away nothing kept the labels: a password
	# change, for one, leaves /etc/shadow with its directory's label.
	filecon -s etc_t /etc/shadow || fail "cannot mislabel /etc/shadow"
	apt_install /root/debs/sigil-policy-default_*.deb ||
		fail "apt-get install of the policy failed: $(tail -n 8 /run/apt.log)"
	grep -q "labelling the files by /etc/sigil/file_contexts" /run/apt.log ||
		fail "expected the reinstall to label the files, saw: $(tail -n 8 /run/apt.log)"
	expect_eq "/etc/shadow after the reinstall" shadow_t "$(label /etc/shadow)"
	expect_eq "generation" 1 "$(status generation)"
	grep -q "services started before it run unconfined until they restart: reboot to confine them all" /run/apt.log ||
		fail "expected the install to say that running services stay unconfined, saw: $(tail -n 8 /run/apt.log)"
	expect_eq "lighttpd, started before the policy" kernel "$(proc_label lighttpd)"
	systemctl restart lighttpd || fail "cannot restart lighttpd"
	wait_for 30 sh -c '[ "$(proccon "$(pgrep -o -x lighttpd)" | cut -d" " -f2)" = httpd_t ]' ||
		fail "lighttpd restarted runs in '$(proc_label lighttpd)', expected httpd_t"
	;;
*) fail "unknown test $1" ;;
esac
exit 0
