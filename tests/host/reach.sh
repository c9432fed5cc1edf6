#!/bin/bash
# sigilctl who-can and reach on the Debian base policy
# (src/etc/sigil/debian/policy): who can write shadow_t, and what the web
# server's label can reach, are the sets the policy means.
set -u
srcdir=${srcdir:-.}
builddir=${builddir:-.}
top=$(cd "$srcdir" && pwd)
. "$top/tests/tap.sh"
echo "1..9"
policy=$top/src/etc/sigil/debian/policy
ctl=$builddir/src/sigilctl
who=$("$ctl" who-can --rights w --policy "$policy" shadow_t)
# The session gateways reach it as the sessions they start do: sshd_t
# through kernel, crond_t through cron's jobs (cronjob_t, unconfined as
# the targeted policy's system_cronjob_t).
check "who can write shadow_t: the unconfined labels, the session gateways through them, shadow_t itself" \
	"crond_t cronjob_t unconfined transition:crond_t>cronjob_t[bin_t]
cronjob_t cronjob_t unconfined -
kernel cronjob_t unconfined transition:kernel>crond_t[crond_exec_t],transition:crond_t>cronjob_t[bin_t]
kernel kernel unconfined -
shadow_t shadow_t own -
sshd_t cronjob_t unconfined transition:sshd_t>kernel[*],transition:kernel>crond_t[crond_exec_t],transition:crond_t>cronjob_t[bin_t]
sshd_t kernel unconfined transition:sshd_t>kernel[*]" "$(echo "$who" | awk '{ print $1, $3, $4, $5 }' | LC_ALL=C sort)"
check "no confined service but the session gateways writes shadow_t" "" \
	"$(echo "$who" | awk '$1 ~ /^(httpd_t|auditd_t)$/')"
reach=$("$ctl" reach --policy "$policy" httpd_t)
check "httpd_t becomes no other label" "httpd_t" \
	"$(echo "$reach" | awk '{ print $1 }' | sort -u)"
check "httpd_t reads and serves its document root, nothing of shadow_t" \
	"httpd_t allow httpd_content_t rx - / 0" \
	"$(echo "$reach" | grep -x 'httpd_t allow httpd_content_t rx -') / $(echo "$reach" | grep -c shadow_t)"
check "httpd_t's capabilities" "dac_read_search net_bind_service setgid setuid" \
	"$(echo "$reach" | awk '$2 == "capability" { print $4 }' | sort | tr '\n' ' ' | sed 's/ $//')"
json=$("$ctl" who-can --json --rights w --policy "$policy" shadow_t)
check "--json gives the same lines" 7 "$(echo "$json" | grep -c '"label":')"
# Ports: who binds lighttpd's, what httpd_t binds and connects to.
who=$("$ctl" who-can --rights b --policy "$policy" http_port_t)
check "who can bind http_port_t: the unconfined labels, and httpd_t by its net rule" \
	"cronjob_t unconfined
httpd_t net
kernel unconfined" "$(echo "$who" | awk '{ print $3, $4 }' | LC_ALL=C sort -u)"
check "httpd_t binds http_port_t alone and connects nowhere" "httpd_t net http_port_t b" \
	"$("$ctl" reach --policy "$policy" httpd_t | awk '$2 == "net" { print $1, $2, $3, $4 }')"
# An attribute as the question: what each member reaches, by its rules
# and the attribute's.
check "reach daemon: what each of the four services reaches, etc_t by the attribute" \
	"auditd_t allow:daemon etc_t rx
crond_t allow:daemon etc_t rx
httpd_t allow:daemon etc_t rx
sshd_t allow:daemon etc_t rx" \
	"$("$ctl" reach --policy "$policy" daemon | awk '$3 == "etc_t" && $5 == "-" { print $1, $2, $3, $4 }' | LC_ALL=C sort)"
