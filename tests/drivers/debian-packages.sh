#!/bin/bash
# The Debian packages (make check-debs): Sigil's packages built by
# dpkg-buildpackage -b for the host's architecture (their host tests run
# in the build) and, cross, for arm64, both clean under lintian
# (guest/build-debs), and the guest kernel as a linux-image package with
# Sigil built in and named in CONFIG_LSM (guest/kernel-deb).  All three
# are cached on their inputs.  One TAP result each, and one per package
# for what it holds.
set -uo pipefail
srcdir=${srcdir:-.}
top=$(cd "$srcdir" && pwd)
host=$(dpkg --print-architecture)
echo "1..8"
n=0
result() {	# result OK DESCRIPTION
	n=$((n + 1))
	if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi
}
build() {	# build ARCH: the packages' directory, or nothing
	local log=tests/drivers/debs-$1.log start
	start=$(date +%s)
	if dir=$("$top/guest/build-debs" -a "$1" 2>"$log"); then
		echo "# $1 packages ready in $(( $(date +%s) - start ))s: $dir" >&2
		echo "$dir"
	else
		sed 's/^/# /' "$log" | tail -n 40 >&2
	fi
}
hdir=$(build "$host")
result $([ -n "$hdir" ]; echo $?) "the $host packages build, pass their host tests and are clean under lintian"
adir=$(build arm64)
result $([ -n "$adir" ]; echo $?) "the arm64 packages build cross and are clean under lintian"
# What each package holds (arm64's, the guest's).
holds() {	# holds PACKAGE PATH...: the package has each PATH
	local deb list p
	deb=$(ls "$adir"/"$1"_*.deb 2>/dev/null | head -n 1)
	[ -n "$deb" ] || { echo "# no $1 package in '$adir'"; return 1; }
	list=$(dpkg-deb -c "$deb" | awk '{ print $6 }' | sed 's|^\./|/|')
	shift
	for p in "$@"; do
		grep -qx -- "$p" <<<"$list" || { echo "# $deb lacks $p"; return 1; }
	done
}
holds libsigil0 /usr/lib/aarch64-linux-gnu/libsigil.so.0
result $? "libsigil0 holds the shared library"
holds libsigil-dev /usr/include/sigil.h /usr/lib/aarch64-linux-gnu/libsigil.so \
	/usr/lib/aarch64-linux-gnu/pkgconfig/sigil.pc /usr/share/man/man3/libsigil.3.gz
result $? "libsigil-dev holds the header, the .so link, sigil.pc and man(3)"
holds sigil-utils /usr/bin/proccon /usr/bin/execcon /usr/bin/fscreatecon-run \
	/usr/bin/filecon /usr/sbin/sigilctl /usr/libexec/sigil/dpkg-labels \
	/etc/dpkg/dpkg.cfg.d/sigil /usr/share/man/man8/sigilctl.8.gz
result $? "sigil-utils holds the tools, their pages and dpkg's hook"
holds libpam-sigil /lib/aarch64-linux-gnu/security/pam_sigil.so \
	/usr/share/pam-configs/sigil /usr/share/man/man8/pam_sigil.8.gz
result $? "libpam-sigil holds the module and its pam-auth-update profile"
holds sigil-policy-default /etc/sigil/policy /etc/sigil/policy.d/20-lighttpd.policy \
	/etc/sigil/file_contexts /etc/sigil/users /lib/systemd/system/sigil-policy.service
result $? "sigil-policy-default holds the base policy, its fragments and the boot unit"
# The kernel: a linux-image package whose config builds Sigil in.
ok=1
if image=$("$top/guest/kernel-deb" 2>tests/drivers/debs-kernel.log); then
	cfg=$(dpkg-deb --fsys-tarfile "$image" | tar -xOf - --wildcards './boot/config-*' 2>/dev/null)
	# Here-strings, not echo into grep -q: under pipefail, grep leaving
	# at its match made echo's SIGPIPE fail the test now and then (the
	# config is 61 KB, about a pipe's buffer; 1 run in 300 on an idle
	# machine, and a cold CI run).
	if grep -qx 'CONFIG_SECURITY_SIGIL=y' <<<"$cfg" &&
		grep -q '^CONFIG_LSM=".*sigil' <<<"$cfg"; then
		ok=0
		echo "# $image"
	else
		echo "# $image: its config lacks CONFIG_SECURITY_SIGIL=y or sigil in CONFIG_LSM"
	fi
else
	sed 's/^/# /' tests/drivers/debs-kernel.log | tail -n 40
fi
result $ok "the guest kernel packages as an arm64 linux-image with Sigil in CONFIG_LSM"
