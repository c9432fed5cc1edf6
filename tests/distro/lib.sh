# Helpers for the Debian tests (dash).  Sourced.
fail() {
	echo "$*"
	exit 1
}
# expect_eq WHAT EXPECTED SEEN
expect_eq() {
	[ "$2" = "$3" ] || fail "$1: expected '$2', saw '$3'"
}
# base_policy: the base policy whole, /etc/sigil/policy and its
# fragments, as sigilctl load reads them, for a test's variant of it.
base_policy() {
	cat /etc/sigil/policy /etc/sigil/policy.d/*.policy
}
# status FIELD: a field of Sigil's status node (rules, generation...).
status() {
	sed -n "s/^$1: //p" /sys/kernel/security/sigil/status
}
# label FILE: its label, as filecon prints it.
label() {
	filecon "$1" | cut -d' ' -f1
}
# proc_label COMM: the label of the oldest process named COMM.
proc_label() {
	pid=$(pgrep -o -x "$1") || fail "no process named $1"
	proccon "$pid" | cut -d' ' -f2
}
# denied_in_audit_log RULE: auditd logged a denial naming RULE missing.
denied_in_audit_log() {
	for _i in $(seq 50); do
		grep -q "missing='$1'" /var/log/audit/audit.log && return 0
		sleep 0.1
	done
	fail "expected a denial naming '$1' in /var/log/audit/audit.log, saw: $(grep 'denied op=' /var/log/audit/audit.log | tail -n 3)"
}
# http_get PATH: the body of http://127.0.0.1/PATH, waiting up to 30 s for
# the web server to listen (lighttpd is Type=simple: systemd reports it
# started before it binds port 80, and a loaded machine shows the gap).
http_get() {
	for _i in $(seq 300); do
		curl -sf "http://127.0.0.1/$1" && return 0
		ss -ltn 2>/dev/null | grep -q ':80 ' && break
		sleep 0.1
	done
	curl -sf "http://127.0.0.1/$1"
}
# wait_for SECONDS COMMAND...: runs COMMAND until it succeeds, at most
# SECONDS long; its status is COMMAND's last.
# ssh_keys: root's key pair, which root's authorized_keys lists.
ssh_keys() {
	mkdir -p /root/.ssh
	[ -f /root/.ssh/id_ed25519 ] ||
		ssh-keygen -q -t ed25519 -N '' -f /root/.ssh/id_ed25519 || fail "ssh-keygen failed"
	grep -qxF "$(cat /root/.ssh/id_ed25519.pub)" /root/.ssh/authorized_keys 2>/dev/null ||
		cat /root/.ssh/id_ed25519.pub >>/root/.ssh/authorized_keys
}
wait_for() {
	_end=$(( $(date +%s) + $1 ))
	shift
	until "$@"; do
		[ "$(date +%s)" -lt "$_end" ] || return 1
		sleep 0.2
	done
}
