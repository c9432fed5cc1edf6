#!/bin/bash
# The Debian suite (make check-distro): builds the guest kernel, the cross
# build of the project and the Debian 12 image (guest/distro-image, cached),
# boots the image once with systemd as PID 1 (guest/run --distro) and runs
# tests/distro/LIST in it once the system is up.  One TAP result per test,
# and one for the boot.
set -uo pipefail
srcdir=${srcdir:-.}
top=$(cd "$srcdir" && pwd)
work=$PWD/tests/guest-work
list=$top/tests/distro/LIST
n=$(grep -cv '^\(#.*\)\?$' "$list")
echo "1..$((n + 2))"
bail() {
	echo "Bail out! $*"
	exit 1
}
"$top/guest/kernel-build" >"$work.kernel.distro.log" 2>&1 ||
	{ sed 's/^/# /' "$work.kernel.distro.log"; bail "guest kernel build failed"; }
"$top/guest/build-userland" . "$work" >"$work.userland.log" 2>&1 ||
	{ sed 's/^/# /' "$work.userland.log"; bail "cross build of the guest userland failed"; }
"$top/guest/distro-image" "$work" >"$work.distro-image.log" 2>&1 ||
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
start=$(date +%s)
"$top/guest/run" --distro --timeout 900 --console "$work/console-distro.log" \
	--add "$top/tests/distro:/root/tests" \
	-- sh -c 'cat /run/sigil/system-state >&2; cd tests && sh ./run 120' 2>&1
rc=$?
echo "# the Debian boot ran in $(( $(date +%s) - start ))s"
if [ "$rc" -eq 0 ]; then
	echo "ok $((n + 1)) - the Debian system booted with the guest kernel, stayed healthy and powered off"
else
	echo "# guest/run exited with status $rc; console log: $work/console-distro.log"
	echo "not ok $((n + 1)) - the Debian system booted with the guest kernel, stayed healthy and powered off"
fi
if [ -z "$bad" ]; then
	echo "ok $((n + 2)) - the image carries the file contexts' labels on disk (debugfs)"
else
	echo "# saw:$bad"
	echo "not ok $((n + 2)) - the image carries the file contexts' labels on disk (debugfs)"
fi
