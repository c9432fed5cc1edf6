# The policy language for real use: per-label permissive, assertions
# checked by the kernel at load, fragments; one case per name:
#   sh language.sh NAME
. ./lib.sh
t=$1
policy_test_dir language "$t"

base='transition kernel app_t
allow app_t unlabeled rx
transition kernel victim_t
allow victim_t unlabeled rx'
# status_line NAME: the line of the status node that starts with NAME.
status_line() {
	sed -n "s/^$1: *//p" $fs/status
}

case $t in
permissive-label-logs-while-another-enforces)
	echo s >"$d/secret"
	filecon -s lang_secret_t "$d/secret"
	load "$base
permissive app_t"
	expect_eq "the mode" 1 "$(cat $fs/enforce)"
	expect_eq "permissive labels in status" app_t "$(status_line permissive)"
	sigilctl status | grep -qx "permissive: app_t" ||
		fail "sigilctl status does not list app_t: $(sigilctl status)"
	# app_t is permissive: the read goes through, and is logged.
	run 0 execcon app_t cat "$d/secret"
	expect_eq "what app_t read" s "$(cat $out)"
	log_has "denied op=open check=file subject=app_t object=lang_secret_t .* enforcing=1 permissive=1 missing='allow app_t lang_secret_t r'" ||
		fail "expected a denial of app_t marked permissive=1, saw: $(dmesg | grep 'subject=app_t' | tail -n 1)"
	# victim_t is not: refused, and logged as enforced.
	run 1 execcon victim_t cat "$d/secret"
	log_has "denied op=open check=file subject=victim_t object=lang_secret_t .* enforcing=1 missing='allow victim_t lang_secret_t r'" ||
		fail "expected an enforced denial of victim_t, saw: $(dmesg | grep 'subject=victim_t' | tail -n 1)"
	dmesg | grep "subject=victim_t object=lang_secret_t" | grep -q "permissive=1" &&
		fail "victim_t's denial is marked permissive=1"
	# Permissive covers what no rule can lift too, and capabilities.
	run 0 execcon app_t hostname lang-test
	log_has "subject=app_t object=- .* enforcing=1 permissive=1 missing='capability app_t sys_admin'" ||
		fail "expected a permissive capability denial, saw: $(dmesg | grep 'subject=app_t' | tail -n 1)"
	# Without the rule, app_t is enforced again.
	load "$base"
	expect_eq "permissive labels in status" "" "$(status_line permissive)"
	run 1 execcon app_t cat "$d/secret"
	;;
assertion-refuses-the-load-in-the-kernel)
	gen=$(status_line generation)
	printf 'unconfined kernel\n%s\nallow app_t lang_shadow_t r\nallow victim_t lang_shadow_t w\nallow app_t lang_shadow_t w\nnever allow * lang_shadow_t w\n' "$base" >"$d/broken"
	# Straight to the kernel: sigilctl would refuse it first.  The
	# policy is parsed when the node is closed: the generation says.
	cat "$d/broken" >$fs/policy 2>/dev/null
	expect_eq "generation after the refused load" "$gen" "$(status_line generation)"
	expect_eq "last_error" "line 9: 'never allow * lang_shadow_t w' is broken by 'allow app_t lang_shadow_t rw' and 1 more" \
		"$(status_line last_error)"
	# sigilctl names every rule that breaks it.
	run 1 sigilctl load "$d/broken"
	expect_eq "sigilctl's message" "$d/broken:6: 'allow app_t lang_shadow_t rw' breaks 'never allow * lang_shadow_t w' ($d/broken:9)
$d/broken:7: 'allow victim_t lang_shadow_t w' breaks 'never allow * lang_shadow_t w' ($d/broken:9)
$d/broken:9: 'never allow * lang_shadow_t w' is broken by 'allow app_t lang_shadow_t rw' and 1 more" "$(cat $err)"
	# Assertions that hold load, and read back.
	load "$base
allow app_t lang_shadow_t r
never allow * lang_shadow_t w
never capability app_t sys_admin
never transition victim_t *"
	grep -qx 'never allow \* lang_shadow_t w' $fs/policy ||
		fail "the assertion is not in the policy read back: $(grep never $fs/policy)"
	expect_eq "rules loaded (assertions are not rules)" 6 "$(status_line rules)"
	# An unconfined label named by an assertion breaks it.
	printf 'unconfined kernel\nnever policy kernel l\n' >"$d/unconfined"
	gen=$(status_line generation)
	cat "$d/unconfined" >$fs/policy 2>/dev/null
	expect_eq "generation after the refused load" "$gen" "$(status_line generation)"
	expect_eq "last_error" "line 2: 'never policy kernel l' is broken by 'unconfined kernel'" \
		"$(status_line last_error)"
	;;
fragments-are-assembled-in-name-order-and-named-in-errors)
	p=$d/policy
	mkdir "$p.d"
	printf 'unconfined kernel\n%s' "$base" >"$p"	# no final newline
	printf 'allow app_t frag_a_t r\n' >"$p.d/20-a.policy"
	printf '# a package'"'"'s own\nallow app_t frag_b_t r\n' >"$p.d/10-b.policy"
	printf 'allow app_t frag_c_t r\n' >"$p.d/README"
	printf 'allow app_t frag_d_t r\n' >"$p.d/.30-hidden.policy"
	run 0 sigilctl check "$p"
	expect_eq "sigilctl check" "$p: valid, 7 rules with its fragments" "$(cat $out)"
	run 0 sigilctl load "$p"
	expect_eq "rules loaded" 7 "$(status_line rules)"
	expect_eq "the fragments' rules, in name order" "allow app_t frag_b_t r
allow app_t frag_a_t r" "$(grep frag_ $fs/policy)"
	# An error names the fragment and its own line; nothing is loaded.
	gen=$(status_line generation)
	printf 'allow app_t frag_e_t r\nalow app_t frag_f_t r\n' >"$p.d/15-bad.policy"
	run 1 sigilctl load "$p"
	expect_eq "the error" "$p.d/15-bad.policy:2: unknown rule 'alow'" "$(cat $err)"
	expect_eq "generation after the refused load" "$gen" "$(status_line generation)"
	rm "$p.d/15-bad.policy"
	# An assertion in one fragment, broken by a rule of another.
	printf 'never allow * frag_a_t r\n' >"$p.d/90-never.policy"
	run 1 sigilctl load "$p"
	expect_eq "the error" "$p.d/20-a.policy:1: 'allow app_t frag_a_t r' breaks 'never allow * frag_a_t r' ($p.d/90-never.policy:1)
$p.d/90-never.policy:1: 'never allow * frag_a_t r' is broken by 'allow app_t frag_a_t r'" "$(cat $err)"
	;;
attributes-stand-for-their-members-in-the-kernel)
	echo s >"$d/conf"
	filecon -s lang_conf_t "$d/conf"
	# Straight to the kernel, whose own parser expands the attribute
	# (used before it is declared); the members get the rule, no other.
	printf 'unconfined kernel\n%s\nallow svc lang_conf_t r\nattribute svc\nmember app_t svc\n' \
		"$base" >"$d/p"
	# The policy is parsed when the node is closed: the generation says.
	gen=$(status_line generation)
	cat "$d/p" >$fs/policy
	[ "$(status_line generation)" != "$gen" ] ||
		fail "the kernel refused a policy with an attribute: $(status_line last_error)"
	run 0 execcon app_t cat "$d/conf"
	run 1 execcon victim_t cat "$d/conf"
	expect_eq "the rules the kernel made" "allow app_t lang_conf_t r" \
		"$(grep lang_conf_t $fs/policy)"
	expect_eq "the attribute's lines" "attribute svc
member app_t svc" "$(grep -w svc $fs/policy)"
	# A package's fragment adds its label to the attribute.
	mkdir "$d/p.d"
	printf 'member victim_t svc\n' >"$d/p.d/50-victim.policy"
	run 0 sigilctl load "$d/p"
	run 0 execcon victim_t cat "$d/conf"
	# Attributes do not nest: the kernel refuses, nothing changes.
	gen=$(status_line generation)
	printf 'attribute outer\nmember svc outer\n' >>"$d/p"
	cat "$d/p" >$fs/policy 2>/dev/null
	expect_eq "generation after the refused load" "$gen" "$(status_line generation)"
	expect_eq "the kernel's reason" "line $(wc -l <"$d/p"): 'svc' is an attribute: attributes do not nest" \
		"$(status_line last_error)"
	;;
rules-report-their-use-by-file-and-line)
	echo s >"$d/conf"
	filecon -s lang_conf_t "$d/conf"
	mkdir "$d/p.d"
	printf 'unconfined kernel\n%s\nallow app_t lang_conf_t r\n' "$base" >"$d/p"
	printf "# a package's rules\nallow app_t lang_unused_t w\ncapability app_t chown\n" \
		>"$d/p.d/50-pkg.policy"
	run 0 sigilctl load "$d/p"
	run 0 sigilctl rules --unused --policy "$d/p"
	grep -qx "$d/p:6: allow app_t lang_conf_t r" $out ||
		fail "expected the rule not yet used, by file and line, saw: $(cat $out)"
	run 0 execcon app_t cat "$d/conf"
	run 0 sigilctl rules --unused --policy "$d/p"
	grep -q lang_conf_t $out && fail "a rule just used is listed as unused: $(cat $out)"
	grep -qx "$d/p.d/50-pkg.policy:2: allow app_t lang_unused_t w" $out ||
		fail "expected the fragment's unused allow rule, saw: $(cat $out)"
	grep -qx "$d/p.d/50-pkg.policy:3: capability app_t chown" $out ||
		fail "expected the fragment's unused capability rule, saw: $(cat $out)"
	grep -q "transition kernel app_t" $out &&
		fail "the transition execcon used is listed as unused: $(cat $out)"
	grep -q "^sigilctl: 4 of 8 rules not used since the load at " $err ||
		fail "expected 4 of 8 rules unused (victim_t's 2, the fragment's 2), saw: $(cat $err)"
	# --stats: the count and the time of the last use.
	run 0 sigilctl rules --policy "$d/p"
	line=$(grep " $d/p:6 allow app_t lang_conf_t r$" $out)
	[ "${line%% *}" -ge 1 ] 2>/dev/null ||
		fail "expected a count of 1 or more for the rule used, saw: '$line'"
	case $line in
	*" $(date +%Y-%m-%dT)"*) ;;
	*) fail "expected today's date as the last use, saw: '$line'" ;;
	esac
	grep -qx "0 never $d/p.d/50-pkg.policy:2 allow app_t lang_unused_t w" $out ||
		fail "expected a count of 0, never used, saw: $(cat $out)"
	# Not used since a time to come: every rule.
	run 0 sigilctl rules --unused --since "@$(( $(date +%s) + 3600 ))" --policy "$d/p"
	expect_eq "rules unused since an hour from now" 8 "$(wc -l <$out)"
	# The files changed since the load: the last good policy's lines.
	echo "# edited" >>"$d/p"
	run 0 sigilctl rules --unused --policy "$d/p"
	grep -q "is not the loaded text; its lines are those of .*last-good.policy" $err ||
		fail "expected a warning that the files are not the loaded text, saw: $(cat $err)"
	grep -q "last-good.policy:8: allow app_t lang_unused_t w" $out ||
		fail "expected places in the last good policy, saw: $(cat $out)"
	# Loaded straight into the kernel: lines of the loaded text.
	printf 'unconfined kernel\n%s\nallow app_t lang_other_t r\n' "$base" >$fs/policy
	run 0 sigilctl rules --unused --policy "$d/p"
	grep -qx "loaded text:6: allow app_t lang_other_t r" $out ||
		fail "expected places in the loaded text, saw: $(cat $out)"
	# Bad usage, and a confined label without 'policy LABEL r'.
	run 2 sigilctl rules --unused --since yesterday
	grep -q "invalid time 'yesterday'" $err || fail "expected the time named, saw: $(cat $err)"
	run 2 sigilctl rules --since 1d
	run 2 sigilctl rules --unused --stats
	run 1 execcon app_t cat $fs/rules
	denial "policy app_t r"
	;;
*) fail "unknown test $t" ;;
esac
exit 0
