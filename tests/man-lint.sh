#!/bin/bash
# Ensure that every man page is clean under mandoc -T lint -W warning and
# has the sections a reader learns a tool from.
set -u
srcdir=${srcdir:-.}
pages=("$srcdir"/man/*.[1-8])
echo "1..$(( ${#pages[@]} * 2 ))"
n=0
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
