#!/bin/bash
# Ensure that every man page is clean under mandoc -T lint -W warning,
# has the sections a reader learns a tool from, and names no file under
# the configured sysconfdir that make install does not install (but the
# policy the admin writes), nor the project's test guest.
# A page written as man/NAME.in is checked as make wrote it, in the build
# directory, with @sysconfdir@ replaced by the configured directory.
set -u
srcdir=${srcdir:-.}
builddir=${builddir:-.}
pages=() generated=()
for m in "$srcdir"/man/*.[1-8]; do
	[ -e "$m.in" ] || pages+=("$m")
done
for m in "$srcdir"/man/*.in; do
	g=${m##*/}
	pages+=("$builddir/man/${g%.in}")
	generated+=("$builddir/man/${g%.in}")
done
sysconfdir=$(sed -n 's/^sysconfdir = //p' "$builddir/Makefile")
prefix=$(sed -n 's/^prefix = //p' "$builddir/Makefile")
sysconfdir=${sysconfdir//\$\{prefix\}/$prefix}
# What make install puts in $sysconfdir/sigil, and the admin's own files.
installed=$(sed -n 's/^dist_sigilconf_DATA = //p' "$builddir/Makefile" |
	tr ' ' '\n' | sed 's|.*/||')
# The admin's own: the policy, its fragments, the users' labels, the
# boot's configuration.
allowed=$(printf '%s\npolicy\npolicy.d\nusers\nconfig\n' "$installed")
echo "1..$(( ${#pages[@]} * 3 + ${#generated[@]} ))"
n=0
for m in "${generated[@]}"; do
	n=$((n + 1))
	if [ ! -f "$m" ]; then
		echo "not ok $n - ${m##*/} written from ${m##*/}.in (missing: run make)"
	elif grep -q '@[a-z]*@' "$m" || ! grep -q -- "$sysconfdir/sigil" "$m"; then
		echo "# expected $sysconfdir/sigil and no @...@ left, saw: $(grep -n -e '@[a-z]*@' -e '/sigil/' "$m" | head -n 3)"
		echo "not ok $n - ${m##*/} names the configured $sysconfdir"
	else
		echo "ok $n - ${m##*/} names the configured $sysconfdir"
	fi
done
for m in "${pages[@]}"; do
	n=$((n + 1))
	out=$(mandoc -T lint -W warning "$m" 2>&1)
	if [ -z "$out" ]; then
		echo "ok $n - mandoc -T lint: ${m##*/}"
	else
		echo "$out" | sed 's/^/# /'
		echo "not ok $n - mandoc -T lint: ${m##*/}"
	fi
	n=$((n + 1))
	bad=
	# A path of the source tree (src/etc/sigil/debian/) is no file of
	# the installed system, whatever sysconfdir is (/etc for a package).
	for f in $(grep -o -- "[^A-Za-z0-9_./-]$sysconfdir/sigil/[A-Za-z0-9_.-]*\|^$sysconfdir/sigil/[A-Za-z0-9_.-]*" "$m" |
		   sed 's|.*/||' | sort -u); do
		printf '%s\n' "$allowed" | grep -qxF "$f" || bad="$bad $f"
	done
	grep -qi 'sigil guest\|the guest' "$m" && bad="$bad (the test guest)"
	if [ -z "$bad" ]; then
		echo "ok $n - ${m##*/} names only installed files"
	else
		echo "# not installed in $sysconfdir/sigil, or not the reader's:$bad"
		echo "not ok $n - ${m##*/} names only installed files"
	fi
	n=$((n + 1))
	missing=
	for s in NAME DESCRIPTION EXAMPLES "SEE ALSO"; do
		grep -q "^\.Sh $s\$" "$m" || missing="$missing '$s'"
	done
	# A page about a whole model (section 7) has no synopsis.
	case $m in
	*.7) ;;
	*) grep -q '^\.Sh SYNOPSIS$' "$m" || missing="$missing 'SYNOPSIS'" ;;
	esac
	case $m in
	*.3)
		grep -q '^\.Sh RETURN VALUES$' "$m" || missing="$missing 'RETURN VALUES'"
		;;
	*.1|*.8)
		for s in OPTIONS "EXIT STATUS"; do
			grep -q "^\.Sh $s\$" "$m" || missing="$missing '$s'"
		done
		grep -q '^\.Sh \(ENVIRONMENT\|FILES\)$' "$m" || missing="$missing 'ENVIRONMENT or FILES'"
		;;
	esac
	if [ -z "$missing" ]; then
		echo "ok $n - sections of ${m##*/}"
	else
		echo "# missing sections:$missing"
		echo "not ok $n - sections of ${m##*/}"
	fi
done
