# The tools under SELinux, Smack and AppArmor, and Sigil stacked beside
# SELinux or Smack, on the peer kernel (tests/drivers/peer-suite.sh boots
# it once per module with lsm=...); one case per name:  sh peer.sh NAME DIR
# DIR is a file system with extended attributes (/mnt/ext4 or /tmp).
. ./lib.sh
t=$1
base=${2:-/tmp}
d=$base/peer-$t
rm -rf "$d"
mkdir -p "$d" || fail "cannot create $d"

# printf, not echo, into attr files: busybox's echo writes the newline
# apart, and a lone newline resets an SELinux attribute.
SE=system_u:system_r
SEO=system_u:object_r
# The SELinux policy (tests/peer/selinux.conf), compiled on the host.
selinux_up() {
	[ -e /sys/fs/selinux/load ] || mount -t selinuxfs selinuxfs /sys/fs/selinux ||
		fail "cannot mount selinuxfs"
	if [ ! -d /sys/fs/selinux/class/file ]; then
		cat ./peer/selinux.policy >/sys/fs/selinux/load ||
			fail "the kernel refused tests/peer/selinux.conf"
	fi
	echo 1 >/sys/fs/selinux/enforce || fail "cannot enforce SELinux"
}
# Smack's rules: app reads, writes and appends to data; nothing else of others'.
smack_up() {
	[ -e /sys/fs/smackfs/load2 ] || mount -t smackfs smackfs /sys/fs/smackfs ||
		fail "cannot mount smackfs"
	for r in "app data rwa"; do
		echo "$r" >/sys/fs/smackfs/load2 || fail "smackfs refused the rule '$r'"
	done
}

case $t in
# SELinux alone (lsm=selinux).
selinux-policy-loads-and-enforces)
	selinux_up
	expect_eq "SELinux enforcing" 1 "$(cat /sys/fs/selinux/enforce)"
	expect_eq "the shell's context" "$SE:kernel_t" "$(proccon)"
	expect_eq "default module of the tools" selinux "$(proccon -L | grep -x selinux)"
	;;
selinux-proccon-self-others-all-list)
	selinux_up
	run 0 proccon 1
	expect_eq "proccon 1" "1 $SE:kernel_t" "$(cat $out)"
	run 0 proccon --all
	grep -qx "current $SE:kernel_t" $out || fail "proccon --all: expected current, saw: $(cat $out)"
	run 0 proccon -L
	expect_eq "proccon -L" "capability
selinux" "$(cat $out)"
	run 0 proccon -A
	grep -q "^ *1  *$SE:kernel_t  *init$" $out || fail "proccon -A: expected init's row, saw: $(head -n 3 $out)"
	run 1 proccon 999999
	grep -q "No such process" $err || fail "expected ESRCH named, saw '$(cat $err)'"
	;;
selinux-execcon-context-and-field-edits)
	selinux_up
	expect_eq "execcon CONTEXT" "$SE:app_t" "$(execcon $SE:app_t proccon)"
	expect_eq "execcon -t" "$SE:app_t" "$(execcon -t app_t proccon)"
	expect_eq "execcon -u -r -t" "$SE:app_t" "$(execcon -u system_u -r system_r -t app_t proccon)"
	# A range on a policy without MLS: the kernel refuses the context.
	run 125 execcon -l s0 -t app_t proccon
	grep -q "cannot set exec context to '$SE:app_t:s0' (selinux): Invalid argument" $err ||
		fail "expected the context named and EINVAL, saw '$(cat $err)'"
	;;
selinux-execcon-refusals-exit-codes)
	selinux_up
	run 126 execcon -t other_t true
	grep -q "refused the transition" $err || fail "expected a refused transition, saw '$(cat $err)'"
	run 125 execcon not-a-context true
	run 127 execcon -t app_t /nonexistent/command
	run 126 execcon -t app_t /tmp
	# The confined domain: its data, not the secret.
	echo data >"$d/data"; filecon -s $SEO:app_data_t "$d/data"
	echo s >"$d/secret"; filecon -s $SEO:secret_t "$d/secret"
	run 0 execcon -t app_t cat "$d/data"
	run 1 execcon -t app_t cat "$d/secret"
	grep -q "Permission denied" $err || fail "expected EACCES for secret_t, saw '$(cat $err)'"
	;;
selinux-fscreatecon-run)
	selinux_up
	run 0 fscreatecon-run $SEO:app_data_t -o "$d/out" -m "$d/dir" -- echo hello
	expect_eq "label of -o" "$SEO:app_data_t" "$(label "$d/out")"
	expect_eq "label of -m" "$SEO:app_data_t" "$(label "$d/dir")"
	expect_eq "its security.selinux" "$SEO:app_data_t" "$(./xattr get "$d/out" security.selinux)"
	expect_eq "content" hello "$(cat "$d/out")"
	chmod 640 "$d/out"
	run 0 fscreatecon-run $SEO:secret_t --replace "$d/out" -- sed s/hello/bye/ "$d/out"
	expect_eq "label after --replace" "$SEO:secret_t" "$(label "$d/out")"
	expect_eq "mode after --replace" -rw-r----- "$(ls -l "$d/out" | cut -c1-10)"
	# app_t may not create secret_t files: refused, nothing left.
	mkdir "$d/appdir"; filecon -s $SEO:app_dir_t "$d/appdir"
	run 125 execcon -t app_t fscreatecon-run $SEO:secret_t -o "$d/appdir/f" -- true
	[ ! -e "$d/appdir/f" ] || fail "a refused creation left $d/appdir/f"
	run 0 execcon -t app_t fscreatecon-run $SEO:app_data_t -o "$d/appdir/g" -- true
	expect_eq "label of app_t's file" "$SEO:app_data_t" "$(label "$d/appdir/g")"
	;;
selinux-filecon)
	selinux_up
	mkdir -p "$d/tree/sub"; : >"$d/tree/sub/f"; : >"$d/ref"
	ln -s sub/f "$d/tree/link"
	run 0 filecon -s $SEO:app_data_t "$d/ref"
	expect_eq "filecon -s" "$SEO:app_data_t $d/ref" "$(filecon "$d/ref")"
	run 0 filecon -R -s $SEO:app_dir_t "$d/tree"
	expect_eq "filecon -R, file below" "$SEO:app_dir_t" "$(label "$d/tree/sub/f")"
	expect_eq "filecon -R, the link itself" "$SEO:app_dir_t" "$(filecon -h "$d/tree/link" | cut -d' ' -f1)"
	run 0 filecon --reference="$d/ref" "$d/tree/sub/f"
	expect_eq "filecon --reference" "$SEO:app_data_t" "$(label "$d/tree/sub/f")"
	# With CAP_MAC_ADMIN, SELinux keeps a context its policy does not
	# know, unmapped, as written; a confined domain is refused a relabel.
	run 0 filecon -s not-a-context "$d/ref"
	expect_eq "an unmapped context, as written" not-a-context "$(label "$d/ref")"
	echo x >"$d/data"; filecon -s $SEO:app_data_t "$d/data"
	run 1 execcon -t app_t filecon -s $SEO:secret_t "$d/data"
	grep -q "cannot set the security.selinux label of '$d/data' to '$SEO:secret_t': Permission denied" $err ||
		fail "expected app_t's relabel refused, saw '$(cat $err)'"
	;;
# Smack alone (lsm=smack).
smack-labels-rules-and-proccon)
	smack_up
	expect_eq "the shell's label" _ "$(proccon)"
	expect_eq "proccon -L" "capability
smack" "$(proccon -L)"
	run 0 proccon -s app proccon
	expect_eq "proccon -s LABEL COMMAND" app "$(cat $out)"
	run 0 proccon --all 1
	expect_eq "proccon --all 1" "1 current _" "$(cat $out)"
	;;
smack-filecon-and-rules-enforced)
	smack_up
	echo d >"$d/data"; echo s >"$d/secret"; : >"$d/log"
	run 0 filecon -s data "$d/data"
	run 0 filecon -s secret "$d/secret"
	run 0 filecon -s log "$d/log"
	expect_eq "its security.SMACK64" data "$(./xattr get "$d/data" security.SMACK64)"
	# Root holds CAP_MAC_OVERRIDE, which Smack honours: the checks are
	# those of a user without it (as-user 1000).
	chmod 666 "$d/data" "$d/log"
	run 0 proccon -s app ./as-user 1000 cat "$d/data"
	run 1 proccon -s app ./as-user 1000 cat "$d/secret"
	grep -q "Permission denied" $err || fail "expected EACCES for secret, saw '$(cat $err)'"
	run 0 proccon -s app ./as-user 1000 sh -c "echo more >>\"$d/data\""
	run 1 proccon -s app ./as-user 1000 sh -c "echo more >>\"$d/log\""
	run 0 filecon --reference="$d/data" "$d/log"
	expect_eq "filecon --reference" data "$(label "$d/log")"
	mkdir -p "$d/tree/sub"; : >"$d/tree/sub/f"
	run 0 filecon -R -s data "$d/tree"
	expect_eq "filecon -R" data "$(label "$d/tree/sub/f")"
	;;
smack-has-no-exec-or-fscreate)
	smack_up
	run 125 execcon app true
	grep -q "smack has no exec attribute" $err ||
		fail "expected execcon to say Smack has no exec attribute, saw '$(cat $err)'"
	run 125 fscreatecon-run app -o "$d/f" -- true
	grep -q "smack has no fscreate attribute" $err ||
		fail "expected fscreatecon-run to say Smack has no fscreate attribute, saw '$(cat $err)'"
	[ ! -e "$d/f" ] || fail "fscreatecon-run created $d/f"
	;;
# AppArmor alone (lsm=apparmor), no profile loaded.
apparmor-proccon-and-refusals)
	expect_eq "the shell's context" unconfined "$(proccon)"
	run 125 execcon no_such_profile true
	grep -q "cannot set exec context to 'no_such_profile' (apparmor)" $err ||
		fail "expected the refused profile named, saw '$(cat $err)'"
	;;
# Sigil beside SELinux (lsm=selinux,sigil) or Smack (lsm=smack,sigil).
stack-both-listed)
	other=$3
	lsms=$(cat /sys/kernel/security/lsm)
	case ",$lsms," in *,$other,*sigil,*) ;; *) fail "expected $other then sigil in $lsms" ;; esac
	run 0 proccon -L
	expect_eq "proccon -L" "capability
$other
sigil" "$(cat $out)"
	ids=$(./self-attr | cut -d' ' -f1 | tr '\n' ' ')
	case $other in
	selinux) expect_eq "lsm_get_self_attr modules" "101 114 " "$ids" ;;
	smack) expect_eq "lsm_get_self_attr modules" "102 114 " "$ids" ;;
	esac
	;;
stack-attr-nodes-each-work)
	other=$3
	[ "$other" = selinux ] && selinux_up
	[ "$other" = smack ] && smack_up
	expect_eq "Sigil's attr/sigil/current" kernel "$(cat /proc/self/attr/sigil/current)"
	expect_eq "proccon --lsm sigil" kernel "$(proccon --lsm sigil)"
	case $other in
	selinux) want=$SE:kernel_t ;;
	smack) want=_ ;;
	esac
	expect_eq "the unprefixed attr/current ($other's)" "$want" "$(tr -d '\0' </proc/self/attr/current)"
	expect_eq "proccon --lsm $other" "$want" "$(proccon --lsm $other)"
	expect_eq "lsm_get_self_attr: both contexts" "114 kernel" "$(./self-attr | grep '^114 ')"
	./self-attr | grep -q "^10[12] $want$" || fail "lsm_get_self_attr: expected $other's '$want', saw: $(./self-attr)"
	# The tools default to Sigil when it is active.
	expect_eq "proccon (default: sigil)" kernel "$(proccon)"
	;;
stack-file-carries-both-labels)
	other=$3
	[ "$other" = selinux ] && selinux_up
	[ "$other" = smack ] && smack_up
	case $other in
	selinux) theirs=$SEO:app_data_t xa=security.selinux
		sh -c "printf both_t >/proc/self/attr/sigil/fscreate;
			printf $theirs >/proc/self/attr/fscreate; echo x >\"$d/f\"" ||
			fail "cannot create a file with both fscreate labels" ;;
	smack) theirs=_ xa=security.SMACK64
		sh -c "printf both_t >/proc/self/attr/sigil/fscreate; echo x >\"$d/f\"" ||
			fail "cannot create a file with Sigil's fscreate" ;;
	esac
	expect_eq "security.sigil" both_t "$(./xattr get "$d/f" security.sigil)"
	expect_eq "$xa" "$theirs" "$(./xattr get "$d/f" $xa)"
	expect_eq "filecon --lsm sigil" both_t "$(filecon --lsm sigil "$d/f" | cut -d' ' -f1)"
	expect_eq "filecon --lsm $other" "$theirs" "$(filecon --lsm $other "$d/f" | cut -d' ' -f1)"
	;;
stack-secids-answered-by-the-other-module)
	# One secid per task in 6.12's audit path: the module that labels the
	# whole system answers peer labels and audit, and Sigil stays silent.
	other=$3
	policy_test_dir stack-secids "$other"
	log_has "sigil: another module answers secids and peer labels" ||
		fail "expected Sigil to leave secids to $other, saw: $(dmesg | grep 'sigil:' | head -n 3)"
	case $other in
	selinux)
		selinux_up
		want="peer $SE:kernel_t" field=subj_type value=kernel_t
		subj="subj=$SE:kernel_t" ;;
	smack)
		smack_up
		want="peer _" field=subj_user value=_ subj="subj=_" ;;
	esac
	expect_eq "SO_PEERSEC of a socketpair" "$want" "$(./peer-ops socketpair)"
	echo x >"$d/f"
	./audit-rules stack-key $field = $value "cat $d/f >/dev/null" >"$d/events" 2>&1 ||
		fail "audit-rules: $(cat "$d/events")"
	grep -q "^type=1300 .* $subj .*key=\"stack-key\"" "$d/events" ||
		fail "expected a SYSCALL record with $subj from $other's audit rule, saw: $(cat "$d/events")"
	;;
stack-both-modules-enforce)
	other=$3
	policy_test_dir stack "$other"
	printf 'unconfined kernel\ntransition kernel app_t\nallow app_t unlabeled rx\nallow app_t open_t r\ncapability app_t setuid\ncapability app_t setgid\n' >"$d/sigil.policy"
	sigilctl load "$d/sigil.policy" || fail "cannot load the Sigil policy"
	echo a >"$d/sigil-denies"; filecon --lsm sigil -s closed_t "$d/sigil-denies"
	echo b >"$d/other-denies"; filecon --lsm sigil -s open_t "$d/other-denies"
	echo c >"$d/both-allow"; filecon --lsm sigil -s open_t "$d/both-allow"
	case $other in
	selinux)
		selinux_up
		filecon --lsm selinux -s $SEO:app_data_t "$d/sigil-denies"
		filecon --lsm selinux -s $SEO:secret_t "$d/other-denies"
		filecon --lsm selinux -s $SEO:app_data_t "$d/both-allow"
		as() { sh -c 'printf app_t >/proc/self/attr/sigil/exec;
			printf '"$SE"':app_t >/proc/self/attr/exec; exec "$@"' sh "$@"; } ;;
	smack)
		smack_up
		filecon --lsm smack -s data "$d/sigil-denies"
		filecon --lsm smack -s secret "$d/other-denies"
		filecon --lsm smack -s data "$d/both-allow"
		as() { sh -c 'printf app_t >/proc/self/attr/sigil/exec;
			printf app >/proc/self/attr/smack/current; exec "$@"' sh "$@"; } ;;
	esac
	# As a user: root's CAP_MAC_OVERRIDE would pass Smack's checks.
	run 0 as ./as-user 1000 cat "$d/both-allow"
	expect_eq "what both allow" c "$(cat $out)"
	run 1 as ./as-user 1000 cat "$d/sigil-denies"
	denial "allow app_t closed_t r"
	run 1 as ./as-user 1000 cat "$d/other-denies"
	case $other in
	selinux) log_has 'avc:  denied  { read } .*name="other-denies"' ||
		fail "expected SELinux's avc denial, saw: $(dmesg | grep avc | tail -n 2)" ;;
	smack) log_has 'lsm=SMACK fn=smack_inode_permission action=denied subject="app" object="secret"' ||
		fail "expected Smack's denial, saw: $(dmesg | grep -i smack | tail -n 2)" ;;
	esac
	dmesg | grep "missing='allow app_t open_t" && fail "Sigil logged a denial for a file it allows"
	;;
*)
	fail "no peer test named '$t'"
	;;
esac
exit 0
