#!/bin/bash
# Ensure that every patch of kernel-patches/series passes the kernel's
# scripts/checkpatch.pl --strict with no error, warning or check.
set -uo pipefail
srcdir=${srcdir:-.}
top=$(cd "$srcdir" && pwd)
. "$top/guest/lib.sh"
mapfile -t patches < <(series_patches)
echo "1..${#patches[@]}"
ensure_tree >&2
export PATH=/usr/bin:/bin:$PATH	# spdxcheck.py needs Debian's python3-ply
n=0
for p in "${patches[@]}"; do
	n=$((n + 1))
	out=$(cd "$SIGIL_LINUX" && perl scripts/checkpatch.pl --strict --quiet \
		--show-types "$p" 2>&1)
	if [ -z "$out" ]; then
		echo "ok $n - checkpatch --strict: ${p##*/}"
	else
		echo "$out" | sed 's/^/# /'
		echo "not ok $n - checkpatch --strict: ${p##*/}"
	fi
done
