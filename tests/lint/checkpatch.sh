#!/bin/bash
# Ensure that every patch of kernel-patches/series passes the kernel's
# scripts/checkpatch.pl --strict with no error, warning or check: run from
# the kernel tree (with its SPDX and MAINTAINERS checks), and run with
# --no-tree from this repository, as the before-stop hook runs it (there a
# tracked patch file is checked as a file, blank context lines and all);
# and that every plain file of kernel-patches/tree passes
# checkpatch.pl --strict --file.
set -uo pipefail
srcdir=${srcdir:-.}
top=$(cd "$srcdir" && pwd)
. "$top/guest/lib.sh"
mapfile -t patches < <(series_patches)
mapfile -t plain < <(plain_files)
echo "1..$(( ${#patches[@]} * 2 + ${#plain[@]} ))"
ensure_tree >&2
export PATH=/usr/bin:/bin:$PATH	# spdxcheck.py needs Debian's python3-ply
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

check() {	# check INDEX MODE PATCH: checkpatch's complaints into a file
	if [ "$2" = tree ]; then
		(cd "$SIGIL_LINUX" && perl scripts/checkpatch.pl --strict --quiet \
			--show-types "$3")
	elif [ "$2" = file ]; then
		(cd "$SIGIL_PLAIN" && perl "$SIGIL_LINUX/scripts/checkpatch.pl" \
			--strict --no-tree --quiet --show-types --file "$3")
	else
		(cd "$top" && perl "$SIGIL_LINUX/scripts/checkpatch.pl" --strict \
			--no-tree --quiet --show-types "$3")
	fi >"$tmp/$1.$2" 2>&1
	camel_from_kernel "$tmp/$1.$2"	# guest/lib.sh
}

# As many checkpatch runs at once as there are cores.
i=0
for mode in tree notree file; do
	if [ $mode = file ]; then set -- "${plain[@]}"; else set -- "${patches[@]}"; fi
	for p; do
		i=$((i + 1))
		check "$i" "$mode" "$p" &
		while [ "$(jobs -rp | wc -l)" -ge "$(nproc)" ]; do
			wait -n
		done
	done
done
wait

i=0
for mode in tree notree file; do
	if [ $mode = file ]; then set -- "${plain[@]}"; else set -- "${patches[@]}"; fi
	for p; do
		i=$((i + 1))
		[ $mode = file ] && name="checkpatch --strict --file: $p" ||
		name="checkpatch --strict$([ $mode = notree ] && echo ' --no-tree'): ${p##*/}"
		if [ -s "$tmp/$i.$mode" ]; then
			sed 's/^/# /' "$tmp/$i.$mode"
			echo "not ok $i - $name"
		else
			echo "ok $i - $name"
		fi
	done
done
