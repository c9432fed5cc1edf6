#!/bin/bash
# Ensure that the series for upstream, generated from the plain files and
# the shared-code patches (guest/kernel-series), applies to the pristine
# tree, passes checkpatch.pl --strict and compiles after every patch.
set -uo pipefail
srcdir=${srcdir:-.}
top=$(cd "$srcdir" && pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$top/guest/kernel-series" -o "$out" --check ||
	{ echo "# guest/kernel-series --check failed"; exit 1; }
