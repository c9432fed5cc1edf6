# Prints the test lines of the guest lists given, in order, less those a
# later "skip PROGRAM [ARG]..." line names: the program alone skips each
# of its lines, a whole line skips that line.  Comments and blank lines
# go.  tests/guest/run-suite runs what it prints; tests/guest-suite.sh
# counts it for the plan.  LIST-debug skips tests of LIST this way.
/^skip[ \t]/ {
	sub(/^skip[ \t]+/, "")
	sub(/[ \t]*#.*$/, "")
	skip[++k] = $0
	at[k] = n
	next
}
/^[ \t]*(#|$)/ { next }
{ line[++n] = $0 }
END {
	for (i = 1; i <= n; i++) {
		drop = 0
		for (j = 1; j <= k; j++)
			if (at[j] >= i && (line[i] == skip[j] ||
			    index(line[i], skip[j] " ") == 1))
				drop = 1
		if (!drop)
			print line[i]
	}
}
