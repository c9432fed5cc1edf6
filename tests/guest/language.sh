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
*) fail "unknown test $t" ;;
esac
exit 0
