#!/bin/bash
# Ensure that libsigil is what libsigil(3) says: it exports exactly the
# functions <sigil.h> declares, all sigil_*, under the symbol version of
# src/libsigil.map; each has a man(3) page once installed; <sigil.h>
# compiles alone in C and C++; and a program built against an installed
# copy with pkg-config alone links to libsigil.so.0 and runs; and the
# example of libsigil(3) compiles and exits as runcon does.
set -u
srcdir=${srcdir:-.}
builddir=${builddir:-.}
top=$(cd "$srcdir" && pwd)
build=$(cd "$builddir" && pwd)
echo "1..10"
. "$top/tests/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

declared=$(sed -n 's/^[a-z].*[ *]\(sigil_[a-z_]*\)(.*/\1/p' "$top/src/sigil.h" | sort | tr '\n' ' ')
exported=$(nm -D --defined-only "$build/src/.libs/libsigil.so" | awk '$2 == "T" { print $3 }' |
	sed 's/@.*//' | sort | tr '\n' ' ')
mapped=$(sed -n 's/^\t\(sigil_[a-z_]*\);$/\1/p' "$top/src/libsigil.map" | sort | tr '\n' ' ')
# Read from the header: none found would make the comparisons empty.
[ "$(echo $declared | wc -w)" -ge 10 ] || declared="(fewer than 10 functions found in sigil.h: $declared)"
check "libsigil.so exports exactly the functions sigil.h declares" "$declared" "$exported"
check "src/libsigil.map names the same functions" "$declared" "$mapped"
check "every exported function has the version SIGIL_0.1" "" \
	"$(nm -D --defined-only "$build/src/.libs/libsigil.so" | awk '$2 == "T" && $3 !~ /@@SIGIL_0\.1$/ { print $3 }')"

make -s -C "$build" install DESTDIR="$tmp/root" >"$tmp/install.log" 2>&1 ||
	{ sed 's/^/# /' "$tmp/install.log"; echo "Bail out! make install DESTDIR failed"; exit 1; }
libdir=$(find "$tmp/root" -name libsigil.so.0 -printf '%h\n')
mandir=$(find "$tmp/root" -name libsigil.3 -printf '%h\n')
missing=
for f in $declared; do
	[ -f "$mandir/$f.3" ] || missing="$missing $f"
done
check "every function has a man(3) page once installed" "" "$missing"

for lang in c c++; do
	printf '#include <sigil.h>\nint main(void) { return sigil_attr_name(SIGIL_ATTR_EXEC) == 0; }\n' >"$tmp/t.$lang"
done
out=$( { gcc -std=c99 -Wall -Wextra -pedantic -Werror -I"$top/src" -fsyntax-only "$tmp/t.c" &&
	g++ -Wall -Wextra -pedantic -Werror -I"$top/src" -fsyntax-only -x c++ "$tmp/t.c++"; } 2>&1)
check "sigil.h compiles alone, as C99 and as C++, without a warning" "" "$out"

cat >"$tmp/client.c" <<'C'
#include <errno.h>
#include <stdio.h>
#include <sigil.h>

int main(void)
{
	printf("%s %s %s\n", sigil_attr_name(SIGIL_ATTR_EXEC),
	       sigil_lsm_xattr("sigil"), sigil_strerror(-EACCES));
	return 0;
}
C
pc() {
	PKG_CONFIG_SYSROOT_DIR="$tmp/root" PKG_CONFIG_LIBDIR="$libdir/pkgconfig" pkg-config "$@" sigil
}
out=$(pc --validate 2>&1 && gcc $(pc --cflags) -o "$tmp/client" "$tmp/client.c" $(pc --libs) 2>&1 &&
	LD_LIBRARY_PATH="$libdir" "$tmp/client" 2>&1)
check "a program built with pkg-config --cflags --libs sigil runs" \
	"exec security.sigil Permission denied" "$out"
check "and is linked to libsigil.so.0" yes \
	"$(LD_LIBRARY_PATH="$libdir" ldd "$tmp/client" 2>/dev/null | grep -q "libsigil.so.0 => $libdir/libsigil.so.0" && echo yes || echo no)"
missing=
for t in proccon execcon fscreatecon-run filecon sigilctl; do
	# The built binary, as libtool's wrapper runs it.
	LD_LIBRARY_PATH="$build/src/.libs" ldd "$build/src/.libs/$t" 2>/dev/null |
		grep -q "libsigil.so.0 => $build/src/.libs/libsigil.so.0" ||
		missing="$missing $t"
done
check "the five tools are linked to the shared libsigil.so.0" "" "$missing"

# libsigil(3)'s example, as a reader pastes it, against a stand-in for
# the attribute write (the host has no module): exit 127 for a command
# not found, 126 for one found but not executable (as runcon).
sed -n '/^\.Sh EXAMPLES/,/^\.Ed/p' "$top/man/libsigil.3" | sed '1,/^\.Bd/d; $d' |
	sed 's/\\e/\\/g' >"$tmp/runin.c"
cat >"$tmp/stub.c" <<'C'
#include <sigil.h>
const char *sigil_lsm_default(void) { return "sigil"; }
int sigil_attr_set(const char *lsm, int attr, const char *value) { return 0; }
const char *sigil_strerror(int err) { return "?"; }
C
: >"$tmp/plain-file"
out=$(gcc -Wall -I"$top/src" -o "$tmp/runin" "$tmp/runin.c" "$tmp/stub.c" 2>&1 &&
	{ "$tmp/runin" x_t "$tmp/no-such-command" 2>/dev/null; echo $?; })
check "libsigil(3)'s example exits 127 for a command not found" 127 "$out"
out=$("$tmp/runin" x_t "$tmp/plain-file" 2>/dev/null; echo $?)
check "libsigil(3)'s example exits 126 for a file that cannot be executed" 126 "$out"
