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
tools-link-the-shared-library)
	for tool in proccon execcon fscreatecon-run filecon sigilctl; do
		path=$(command -v $tool) || fail "$tool is not installed"
		# What ldd prints: the C library's loader lists the libraries.
		libs=$(LD_TRACE_LOADED_OBJECTS=1 "$path" 2>&1)
		echo "$libs" | grep -q "libsigil.so.0 => /usr/lib/libsigil.so.0 " ||
			fail "$tool: expected libsigil.so.0 from /usr/lib, saw: $libs"
	done
	[ -f /usr/include/sigil.h ] || fail "sigil.h is not installed"
	grep -q '^Libs: -L${libdir} -lsigil$' /usr/lib/pkgconfig/sigil.pc ||
		fail "sigil.pc: expected its Libs line, saw: $(cat /usr/lib/pkgconfig/sigil.pc)"
	;;
*)
	fail "no libsigil test named '$t'"
	;;
esac
exit 0
