#!/bin/bash
# Ensure that sparse (make C=2) finds nothing to say about any file of
# security/sigil/: address spaces (__rcu, __user), lock contexts, endianness
# and undeclared symbols.  One result per source file.
set -uo pipefail
srcdir=${srcdir:-.}
top=$(cd "$srcdir" && pwd)
. "$top/guest/lib.sh"
mapfile -t files < <(plain_files | grep '^security/sigil/.*\.c$')
echo "1..${#files[@]}"
command -v sparse >/dev/null || { echo "Bail out! sparse not found (run guest/setup-host)"; exit 1; }
"$top/guest/kernel-build" >&2 || { echo "Bail out! kernel build failed"; exit 1; }
log=$(mktemp)
trap 'rm -f "$log"' EXIT
exec 9>"$SIGIL_KBUILD.lock"
flock 9
"${SIGIL_KMAKE[@]}" C=2 security/sigil/ >"$log" 2>&1 ||
	{ sed 's/^/# /' "$log"; echo "Bail out! make C=2 security/sigil/ failed"; exit 1; }
i=0
for f in "${files[@]}"; do
	i=$((i + 1))
	# Not "grep | grep -q": under pipefail, the first grep's SIGPIPE
	# when the second leaves at its first line would read as no warning.
	if grep -qF "/$f:" "$log"; then
		grep -F "/$f:" "$log" | sed 's/^/# /'
		echo "not ok $i - sparse: $f"
	else
		echo "ok $i - sparse: $f"
	fi
done
