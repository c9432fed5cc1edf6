#!/bin/bash
# The Debian suite (make check-distro): builds the guest kernel, Sigil's
# arm64 Debian packages (guest/build-debs -a arm64) and the Debian 12
# image with them installed (guest/distro-image; all cached),
# boots a copy of the image with systemd as PID 1 (guest/run --distro-image)
# and runs tests/distro/LIST in it once the system is up, then boots the
# same disk again for tests/distro/LIST-reboot, and three more times,
# changed from the host in between, for the boot without a good policy:
# LIST-fallback (a broken fragment), LIST-emergency (no last good policy
# either), LIST-unconfined (sigil.boot=unconfined), LIST-remove (the
# fragment gone: the policy package removed) and LIST-removed (the boot
# without it).  One TAP result per test, one for each boot, one for the
# labels on the image.
set -uo pipefail
srcdir=${srcdir:-.}
top=$(cd "$srcdir" && pwd)
work=$PWD/tests/guest-work
list=$top/tests/distro/LIST
count() {
	grep -cv '^\(#.*\)\?$' "$list$1"
}
n=$(count '') n2=$(count -reboot) n3=$(count -fallback) n4=$(count -emergency)
n5=$(count -unconfined) n6=$(count -remove) n7=$(count -removed)
echo "1..$((n + n2 + n3 + n4 + n5 + n6 + n7 + 8))"
bail() {
	echo "Bail out! $*"
	exit 1
}
"$top/guest/kernel-build" >"$work.kernel.distro.log" 2>&1 ||
	{ sed 's/^/# /' "$work.kernel.distro.log"; bail "guest kernel build failed"; }
debs=$("$top/guest/build-debs" -a arm64 2>"$work.debs.log") ||
	{ sed 's/^/# /' "$work.debs.log"; bail "the arm64 packages were not built"; }
sed 's/^/# /' "$work.debs.log"
"$top/guest/distro-image" "$debs" >"$work.distro-image.log" 2>&1 ||
	{ sed 's/^/# /' "$work.distro-image.log"; bail "the Debian image was not built"; }
sed 's/^/# /' "$work.distro-image.log"
# The labels are on the disk, where a reboot finds them: e2fsprogs'
# debugfs reads them from the image on the host.
img=$(ls -t "${SIGIL_CACHE:-$HOME/.cache/sigil}"/debian/debian-*.img | head -1)
bad=
while read -r f want; do
	seen=$(debugfs -R "ea_get -V $f security.sigil" "$img" 2>/dev/null)
	[ "$seen" = "$want" ] || bad="$bad $f='$seen' (expected '$want')"
done <<LABELS
/etc/shadow shadow_t
/usr/sbin/lighttpd httpd_exec_t
/var/www/html httpd_content_t
/usr/bin/bash bin_t
/etc/sigil/policy sigil_conf_t
LABELS
# A copy that keeps what the system writes, booted twice: the tests, then
# a reboot that finds their files with their labels.
disk=$work/debian.img
rm -f "$disk"
cp --sparse=always "$img" "$disk" || bail "cannot copy $img"
boot() {	# boot N CONSOLE-LOG [--append ARGS] COMMAND: TAP result N for the boot
	local i=$1 log=$2 start rc append=()
	shift 2
	[ "$1" != --append ] || { append=(--append "$2"); shift 2; }
	start=$(date +%s)
	"$top/guest/run" --distro-image "$disk" --timeout 900 --console "$log" "${append[@]}" \
		--add "$top/tests/distro:/root/tests" \
		--add "$top/tests/guest/run-suite:/root/tests/run-suite" \
		--add "$top/tests/guest/select-tests.awk:/root/tests/select-tests.awk" \
		-- "$@" 2>&1
	rc=$?
	echo "# the boot ran in $(( $(date +%s) - start ))s"
	if [ "$rc" -eq 0 ]; then
		echo "ok $i - the Debian system booted with the guest kernel, stayed healthy and powered off"
	else
		echo "# guest/run exited with status $rc; console log: $log"
		echo "not ok $i - the Debian system booted with the guest kernel, stayed healthy and powered off"
	fi
}
boot $((n + 1)) "$work/console-distro.log" \
	sh -c 'cat /run/sigil-guest/system-state >&2; cd tests && sh ./run-suite 120'
boot $((n + n2 + 2)) "$work/console-distro-reboot.log" \
	sh -c "cd tests && N0=$((n + 1)) sh ./run-suite 120 LIST-reboot"
# edit DEBUGFS-COMMAND...: changes the powered-off disk from the host.
edit() {
	local c
	for c in "$@"; do
		debugfs -w -R "$c" "$disk" >/dev/null 2>&1
	done
}
# Boot 3: a fragment that breaks an assertion; the last good policy loads.
printf '%s\n' '# Breaks an assertion of the tests: the policy does not load.' \
	'allow httpd_t shadow_t r' 'never allow httpd_t shadow_t r' >"$work/broken.policy"
edit "mkdir /etc/sigil/policy.d" \
	"write $work/broken.policy /etc/sigil/policy.d/90-broken.policy"
i=$((n + n2 + 2))
boot $((i + n3 + 1)) "$work/console-distro-fallback.log" \
	sh -c "cd tests && N0=$i sh ./run-suite 120 LIST-fallback"
# Boot 4: no last good policy either; the boot stops in emergency mode.
edit "rm /var/lib/sigil/last-good.policy"
i=$((i + n3 + 1))
boot $((i + n4 + 1)) "$work/console-distro-emergency.log" \
	sh -c "cd tests && N0=$i sh ./run-suite 120 LIST-emergency"
# Boot 5: the same, with the kernel command line's sigil.boot=unconfined.
i=$((i + n4 + 1))
boot $((i + n5 + 1)) "$work/console-distro-unconfined.log" --append sigil.boot=unconfined \
	sh -c "cd tests && N0=$i sh ./run-suite 120 LIST-unconfined"
# Boot 6: the broken fragment gone, the policy loads; the admin removes
# the policy package.  Boot 7: the system without it.
edit "rm /etc/sigil/policy.d/90-broken.policy"
i=$((i + n5 + 1))
boot $((i + n6 + 1)) "$work/console-distro-remove.log" \
	sh -c "cd tests && N0=$i sh ./run-suite 120 LIST-remove"
i=$((i + n6 + 1))
boot $((i + n7 + 1)) "$work/console-distro-removed.log" \
	sh -c "cd tests && N0=$i sh ./run-suite 120 LIST-removed"
i=$((i + n7 + 1))
if [ -z "$bad" ]; then
	echo "ok $((i + 1)) - the image carries the file contexts' labels on disk (debugfs)"
else
	echo "# saw:$bad"
	echo "not ok $((i + 1)) - the image carries the file contexts' labels on disk (debugfs)"
fi
