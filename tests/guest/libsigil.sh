# libsigil as installed: one case per name:  sh libsigil.sh NAME
. ./lib.sh
t=$1
d=/tmp/libsigil-$t
rm -rf "$d"
mkdir -p "$d" || fail "cannot create $d"

case $t in
installed-library-serves-a-pkg-config-program)
	# Built on the host with pkg-config against the installed tree.  Under
	# a policy (the suite loads many), setting exec needs a transition.
	load "transition kernel client_t"
	./libsigil-client "$d" >$out 2>&1 || fail "libsigil-client: $(cat $out)"
	expect_eq "libsigil-client's complaints" "" "$(cat $out)"
	;;
shared-library-header-and-pkg-config-installed)
	# The tools are static in the guest (guest/build-userland: TCG makes
	# a dynamic exec slow); tests/lint/libsigil-abi.sh checks the host's
	# link.
	[ -f /usr/lib/libsigil.so.0 ] || fail "libsigil.so.0 is not installed in /usr/lib"
	[ -f /usr/include/sigil.h ] || fail "sigil.h is not installed"
	grep -q '^Libs: -L${libdir} -lsigil$' /usr/lib/pkgconfig/sigil.pc ||
		fail "sigil.pc: expected its Libs line, saw: $(cat /usr/lib/pkgconfig/sigil.pc)"
	libs=$(LD_TRACE_LOADED_OBJECTS=1 ./libsigil-client 2>&1)
	echo "$libs" | grep -q "libsigil.so.0 => /usr/lib/libsigil.so.0 " ||
		fail "libsigil-client: expected libsigil.so.0 from /usr/lib, saw: $libs"
	;;
*)
	fail "no libsigil test named '$t'"
	;;
esac
exit 0
