#!/bin/bash
# Ensure that every policy of sigil-policy(5)'s EXAMPLES is one that
# sigilctl check accepts: a reader who copies one gets a policy that
# loads.  Each literal block of the section is checked on its own.
set -u
srcdir=${srcdir:-.}
builddir=${builddir:-.}
ctl=$builddir/src/sigilctl
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The blocks, one file each: the lines between .Bd -literal and .Ed.
awk -v dir="$tmp" '
	/^\.Sh EXAMPLES/ { on = 1; next }
	/^\.Sh / { on = 0 }
	on && /^\.Bd -literal/ { n++; f = sprintf("%s/%02d.policy", dir, n); inblock = 1; next }
	on && /^\.Ed/ { inblock = 0; next }
	inblock { gsub(/\\e/, "\\"); print > f }
' "$srcdir/man/sigil-policy.5.in"
set -- "$tmp"/*.policy
[ -e "$1" ] || { echo "1..1"; echo "not ok 1 - sigil-policy(5) has examples"; exit 0; }
echo "1..$#"
n=0
for f; do
	n=$((n + 1))
	if out=$("$ctl" check "$f" 2>&1); then
		echo "ok $n - example $n of sigil-policy(5) checks: $(head -n 1 "$f")"
	else
		echo "# the example:"
		sed 's/^/#   /' "$f"
		echo "# sigilctl check: $out" | head -n 5
		echo "not ok $n - example $n of sigil-policy(5) checks: $(head -n 1 "$f")"
	fi
done
