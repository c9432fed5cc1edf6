#!/bin/bash
# Ensure that the tools handle their options as documented, on
# the host: --help and --version, refused conflicts and repeats, the exit
# statuses of sigil(7) (runcon's with COMMAND, 1 and 2 without) and the
# pages that list them, options stopping at COMMAND, and a clear message
# (never a crash) whatever LSM the host kernel has.
set -u
b=${builddir:-.}/src
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "1..102"
n=0
# check NAME EXPECTED-STATUS COMMAND...: status and a non-crash.
check() {
	local name=$1 want=$2 rc
	shift 2
	"$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	n=$((n + 1))
	if [ "$rc" = "$want" ]; then
		echo "ok $n - $name"
	else
		echo "# expected exit status $want, saw $rc; stderr:"
		sed 's/^/#   /' "$tmp/err"
		echo "not ok $n - $name"
	fi
}
# grepout NAME PATTERN FILE
grepout() {
	n=$((n + 1))
	if grep -q -- "$2" "$tmp/$3"; then
		echo "ok $n - $1"
	else
		echo "# expected /$2/ in $3, saw:"
		sed 's/^/#   /' "$tmp/$3"
		echo "not ok $n - $1"
	fi
}

check "proccon --help exits 0" 0 "$b/proccon" --help
grepout "proccon --help shows Usage and the exit status" "Exit status" out
check "execcon --version exits 0" 0 "$b/execcon" --version
grepout "execcon --version names the package" "execcon (sigil)" out
check "an unknown option is exit 2" 2 "$b/proccon" --bogus
grepout "... and says how to get help" "Try 'proccon --help'" err
check "proccon -A with a PID is refused" 2 "$b/proccon" -A 1
check "proccon -a with an unknown attribute is refused" 2 "$b/proccon" -a nosuch
grepout "... naming the attribute" "unknown attribute 'nosuch'" err
check "proccon -a twice is refused" 2 "$b/proccon" -a exec -a prev
check "execcon without a command is exit 125" 125 "$b/execcon" x_t
grepout "... saying 'missing command'" "missing command" err
check "execcon -t twice is refused" 125 "$b/execcon" -t a -t b true
grepout "... as 'multiple types'" "multiple types" err
check "execcon --lsm with an unknown module is refused" 125 \
	"$b/execcon" --lsm nosuch x_t true

check "fscreatecon-run --help exits 0" 0 "$b/fscreatecon-run" --help
grepout "... and documents --replace" "--replace=FILE" out
check "fscreatecon-run with nothing to create is exit 125" 125 "$b/fscreatecon-run" x_t -- true
grepout "... saying so" "nothing to create" err
check "fscreatecon-run with two standard outputs is refused" 125 \
	"$b/fscreatecon-run" x_t -o a -o b -- true
check "fscreatecon-run with an empty context is exit 125" 125 \
	"$b/fscreatecon-run" '' -o "$tmp/never" -- true
grepout "... saying so" "empty context" err
check "fscreatecon-run --fd 1 with -o is refused" 125 \
	"$b/fscreatecon-run" x_t --fd 1="$tmp/a" -o "$tmp/b" -- true
grepout "... naming the descriptor" "descriptor 1 given twice" err
check "fscreatecon-run --fd 0 is refused" 125 \
	"$b/fscreatecon-run" x_t --fd 0="$tmp/a" -- true
grepout "... as standard input" "descriptor 0 is standard input" err
check "filecon without a file is exit 2" 2 "$b/filecon"
grepout "... saying 'missing file operand'" "missing file operand" err
check "filecon -s with --reference is refused" 2 "$b/filecon" -s a --reference=b c
check "execcon with an empty context is exit 125" 125 "$b/execcon" '' true
grepout "... saying so" "empty context" err
check "execcon with an option after the context is exit 125" 125 \
	"$b/execcon" x_t -t y_t true
grepout "... naming the option" "option '-t' after the context" err
check "proccon --lsm of a module without attributes is exit 2" 2 \
	"$b/proccon" --lsm capability
grepout "... saying it has none" "security module 'capability' has no process attributes" err
check "filecon --lsm of a module without file labels is exit 2" 2 \
	"$b/filecon" --lsm yama f
grepout "... saying so" "security module 'yama' has no file labels" err
check "sigilctl check of a missing file is exit 1" 1 "$b/sigilctl" check /nonexistent/policy
grepout "... with the system's reason" "cannot open '/nonexistent/policy': No such file or directory" err
check "proccon -A with -s is refused" 2 "$b/proccon" -A -s x_t
grepout "... saying what combines" "cannot be combined" err
# sigilctl(8): exit status 2 for every usage error.
check "sigilctl --bogus is exit 2" 2 "$b/sigilctl" --bogus
grepout "... and says how to get help" "Try 'sigilctl --help'" err
check "sigilctl -h is exit 2" 2 "$b/sigilctl" -h
check "sigilctl access with a field holding a space is exit 2" 2 \
	"$b/sigilctl" access 'a b' r
grepout "... naming the field" "invalid field 'a b' in the query" err
printf 'unconfined a\nunconfined a\nallow a b r\nallow a b w\n' >"$tmp/dup.policy"
check "sigilctl check of repeated rules exits 0" 0 "$b/sigilctl" check "$tmp/dup.policy"
grepout "... counting them once, as the kernel does" "valid, 2 rules" out

# sigilctl enforce and suggest: words and usage errors, logs read offline.
check "sigilctl enforce with a bad mode is exit 2" 2 "$b/sigilctl" enforce Enforcing
grepout "... naming the accepted modes" "enforce takes enforcing, permissive, 1 or 0, not 'Enforcing'" err
check "sigilctl suggest with two files is exit 2" 2 "$b/sigilctl" suggest a b
printf '%s\n' "type=UNKNOWN[1425] msg=audit(1.0:1): denied op=open check=file subject=a_t object=b_t pid=1 comm=\"x\" enforcing=1 missing='allow a_t b_t r'" \
	"[    2.0] audit: type=1425 audit(2.0:2): denied op=write check=file subject=a_t object=b_t pid=2 comm=\"x\" enforcing=1 missing='allow a_t b_t w'" >"$tmp/audit.log"
check "sigilctl suggest reads a log on any host" 0 "$b/sigilctl" suggest "$tmp/audit.log"
grepout "... and merges the two denials into one rule" "^allow a_t b_t rw$" out
check "sigilctl suggest of a missing file is exit 1" 1 "$b/sigilctl" suggest "$tmp/none.log"
grepout "... naming it with the system's reason" "cannot open '$tmp/none.log': No such file or directory" err

# filecon --restore -P: progress on a terminal only (script(1) gives one).
mkdir -p "$tmp/pr/d"
: >"$tmp/pr/d/a"; : >"$tmp/pr/d/b"
printf '%s(/.*)? pr_t\n' "$tmp/pr" >"$tmp/pr.spec"
script -qec "$b/filecon --restore -R -n -P --xattr user.sigiltest --spec $tmp/pr.spec $tmp/pr" /dev/null >"$tmp/out" 2>&1
grepout "filecon --restore -P on a terminal counts the files" "filecon: 4 files read, 4 to relabel" out
check "filecon --restore -P without a terminal" 0 "$b/filecon" --restore -R -n -P --xattr user.sigiltest --spec "$tmp/pr.spec" "$tmp/pr"
n=$((n + 1))
if [ -s "$tmp/err" ]; then
	echo "# expected nothing on standard error, saw: $(cat "$tmp/err")"
	echo "not ok $n - ... prints no progress"
else
	echo "ok $n - ... prints no progress"
fi
check "filecon -P without --restore is exit 2" 2 "$b/filecon" -P "$tmp/pr"

# sigilctl access: a bad query is named before the kernel is asked.
check "sigilctl access with an unknown letter is exit 2" 2 "$b/sigilctl" access a_t b_t q
grepout "... naming the field at fault" "invalid query 'a_t b_t q': invalid permissions 'q' (one or more of r, w, x, a, c, once each)" err
check "sigilctl access about a genfs rule is exit 2" 2 "$b/sigilctl" access genfs proc / p_t
grepout "... saying it cannot be asked" "invalid query 'genfs proc / p_t': unknown query 'genfs'" err
check "sigilctl access with an invalid third label is exit 2" 2 "$b/sigilctl" access transition a_t b_t $'c\001'
grepout "... naming the label" "invalid label" err

# sigilctl check: an error found after every rule still names its line.
printf 'unconfined kernel\n# x\nentrypoint x_t y_t\n' >"$tmp/noentry.policy"
check "sigilctl check of an entrypoint without transition exits 1" 1 "$b/sigilctl" check "$tmp/noentry.policy"
grepout "... naming the entrypoint rule's line" "noentry.policy:3: entrypoint for 'x_t', but no transition rule leads to it" err

# sigilctl check warns of the labels any program enters, unless said.
printf 'unconfined kernel\ntransition kernel a_t\ntransition kernel b_t\nentrypoint b_t *\n' >"$tmp/any.policy"
check "sigilctl check of a transition no entrypoint narrows exits 0" 0 "$b/sigilctl" check "$tmp/any.policy"
grepout "... warning that any program enters a_t, on its line" "any.policy:2: warning: any program kernel runs enters a_t: no entrypoint rule narrows 'transition kernel a_t'" err
n=$((n + 1))
if grep -q "b_t" "$tmp/err"; then
	echo "# expected no warning of b_t ('entrypoint b_t *'), saw:"
	sed 's/^/#   /' "$tmp/err"
	echo "not ok $n - ... and none of b_t, which 'entrypoint b_t *' opens on purpose"
else
	echo "ok $n - ... and none of b_t, which 'entrypoint b_t *' opens on purpose"
fi

# sigilctl suggest never widens a catch-all.
printf '%s\n' "[    3.0] audit: type=1425 audit(3.0:3): denied op=open check=file subject=web_t object=unlabeled pid=3 comm=\"sh\" name=\"null\" dev=\"devtmpfs\" ino=5 enforcing=1 missing='allow web_t unlabeled rw'" \
	"[    4.0] audit: type=1425 audit(4.0:4): denied op=open check=file subject=web_t object=dev_t pid=3 comm=\"sh\" name=\"tty\" dev=\"devtmpfs\" ino=6 enforcing=1 missing='allow web_t dev_t w'" >"$tmp/wide.log"
printf 'genfs devtmpfs / dev_t\n' >"$tmp/genfs.policy"
check "sigilctl suggest of w on unlabeled exits 0" 0 "$b/sigilctl" suggest --policy "$tmp/genfs.policy" "$tmp/wide.log"
grepout "... keeps r on unlabeled" "^allow web_t unlabeled r$" out
grepout "... comments out w on unlabeled" "^# not suggested, unlabeled is a catch-all: allow web_t unlabeled w$" out
grepout "... and w on a genfs rule's label for /" "^# not suggested, dev_t is a catch-all: allow web_t dev_t w$" out
grepout "... and warns, naming the rule" "not suggested: 'allow web_t unlabeled w' would open every file labelled unlabeled" err

# filecon --match and --restore: offline matching, refused combinations.
printf '/srv(/.*)? srv_t\n/srv/key -- key_t\n' >"$tmp/fc"
check "filecon --match works without a security module" 0 "$b/filecon" --match --spec "$tmp/fc" /srv/key /etc
grepout "... printing path and label" "^/srv/key key_t$" out
grepout "... and <<none>> where nothing matches" "^/etc <<none>>$" out
check "filecon -n without --restore is exit 2" 2 "$b/filecon" -n /srv
check "filecon --restore -h is exit 2" 2 "$b/filecon" --restore -h /srv
check "filecon --match with -s is exit 2" 2 "$b/filecon" --match -s x_t /srv
printf '/srv( srv_t\n' >"$tmp/bad.fc"
check "filecon --match with an invalid spec is exit 1" 1 "$b/filecon" --match --spec "$tmp/bad.fc" /srv
grepout "... naming the line and the expression" "bad.fc:1: invalid regular expression '/srv(': " err

# sigil(7): runcon's 125 for the tools that run COMMAND, usage errors
# included; 1 for a failure and 2 for a usage error in the others.  A
# label with a control byte is refused by every module, and by a kernel
# without one.
bad=$'sigil\001test'
check "proccon: a usage error is 2" 2 "$b/proccon" --bogus
check "proccon: a failure is 1" 1 "$b/proccon" 2147483647
check "proccon -s CONTEXT COMMAND: a usage error is 125" 125 \
	"$b/proccon" -s x_t --bogus true
check "proccon -s CONTEXT COMMAND: a failure is 125" 125 "$b/proccon" -s "$bad" true
check "execcon: a usage error is 125" 125 "$b/execcon" --bogus x_t true
check "execcon: a failure is 125" 125 "$b/execcon" "$bad" true
check "fscreatecon-run: a usage error is 125" 125 \
	"$b/fscreatecon-run" --bogus x_t -o "$tmp/never" -- true
check "fscreatecon-run: a failure is 125" 125 \
	"$b/fscreatecon-run" x_t -o "$tmp/missing/f" -- true
check "filecon: a usage error is 2" 2 "$b/filecon" --bogus f
check "filecon: a failure is 1" 1 "$b/filecon" --xattr user.sigiltest "$tmp/missing"
check "sigilctl: a usage error is 2" 2 "$b/sigilctl" --bogus
check "sigilctl: a failure is 1" 1 "$b/sigilctl" check "$tmp/missing.policy"

# pagestatus PAGE STATUSES: the statuses the page's EXIT STATUS lists
# (sigil(7): its "Exit status of the tools"), as .It entries.
pagestatus() {
	local page=${srcdir:-.}/man/$1 seen
	[ -f "$page" ] || page=$page.in
	seen=$(awk '/^\.S[hs] /{p = $0 ~ /^\.Sh EXIT STATUS$|^\.Ss Exit status of the tools$/; next}
		p && /^\.It [0-9]+$/ {print $2}' "$page" | sort -n | tr '\n' ' ')
	n=$((n + 1))
	if [ "$seen" = "$2 " ]; then
		echo "ok $n - $1 lists exit statuses $2"
	else
		echo "# expected exit statuses $2 in $page, saw: $seen"
		echo "not ok $n - $1 lists exit statuses $2"
	fi
}
pagestatus proccon.1 "0 1 2 125 126 127"
pagestatus execcon.1 "125 126 127"
pagestatus fscreatecon-run.1 "0 125 126 127"
pagestatus filecon.1 "0 1 2"
pagestatus sigilctl.8 "0 1 2 3 4"
pagestatus sigil.7 "0 1 2 125 126 127"

# Whatever the host kernel offers: a context, or a clear message.
"$b/proccon" >"$tmp/out" 2>"$tmp/err"
rc=$?
n=$((n + 1))
if [ "$rc" = 0 ] && [ -s "$tmp/out" ] || { [ "$rc" = 1 ] && grep -q '^proccon: cannot read current of this process' "$tmp/err"; }; then
	echo "# host: status $rc, $(cat "$tmp/out" "$tmp/err")"
	echo "ok $n - proccon on the host prints a context or says why not"
else
	echo "# expected status 0 with a context, or 1 with a message; saw $rc"
	sed 's/^/#   /' "$tmp/out" "$tmp/err"
	echo "not ok $n - proccon on the host prints a context or says why not"
fi
