# Helpers for the guest tests (busybox sh).  Sourced.
# Each test exits 0 on success, 1 on failure (after saying what it expected
# and what it saw), 77 when a feature it needs is missing.

fail() {
	echo "$*"
	exit 1
}

# expect_eq WHAT EXPECTED SEEN
expect_eq() {
	[ "$2" = "$3" ] || fail "$1: expected '$2', saw '$3'"
}

# Finds the mount point of the disk with serial $1 (guest/run --disk).
disk_mount() {
	[ -n "$(mount_type "/mnt/$1")" ] ||
		fail "disk '$1' is not mounted at /mnt/$1"
	echo "/mnt/$1"
}

# Finds the block device of the disk with serial $1.
disk_dev() {
	for d in /sys/block/vd*; do
		[ "$(cat "$d/serial" 2>/dev/null)" = "$1" ] && {
			echo "/dev/${d##*/}"
			return 0
		}
	done
	fail "no disk with serial '$1'"
}

# Prints the file system type of mount point $1.
mount_type() {
	awk -v m="$1" '$2 == m { print $3 }' /proc/mounts
}

# run EXPECTED-STATUS COMMAND...: runs COMMAND with its output in $out and
# $err, and fails unless its exit status is EXPECTED-STATUS.  COMMAND writes
# into pipes, as in a shell pipeline: a confined COMMAND needs no right on
# the files that collect its output (sigil(7): pipes are not mediated).
out=/tmp/test-run.out
err=/tmp/test-run.err
run() {
	want=$1
	shift
	{ { "$@" 2>&3; echo $? >$out.rc; } | cat >$out; } 3>&1 | cat >$err
	rc=$(cat $out.rc)
	[ "$rc" = "$want" ] || fail "$*: expected exit status $want, saw $rc ($(cat $err))"
}

# For the policy tests: policy_test_dir PREFIX NAME makes a fresh $d, and
# load RULE-LINES loads 'unconfined kernel' plus the lines given, so that
# the test shell itself is never confined.
fs=/sys/kernel/security/sigil
policy_test_dir() {
	d=/tmp/$1-$2
	rm -rf "$d"
	mkdir -p "$d" || fail "cannot create $d"
}
load() {
	printf 'unconfined kernel\n%s\n' "$1" >"$d/policy"
	sigilctl load "$d/policy" || fail "cannot load: $1"
}
# label FILE [-h]: FILE's label alone, as filecon prints it.
label() {
	filecon $2 "$1" 2>/dev/null | cut -d' ' -f1
}
# log_has PATTERN: the kernel log has a line matching PATTERN (grep).
# Audit records reach the log through the kauditd thread, a moment after
# the denial: wait for it, up to 5 seconds.
log_has() {
	_waited=0
	while ! dmesg | grep -q -- "$1"; do
		_waited=$((_waited + 1))
		[ $_waited -le 50 ] || return 1
		sleep 0.1
	done
}
# denial RULE: the kernel log has a denial line naming RULE as missing.
denial() {
	log_has "missing='$1'" || fail "expected a denial naming '$1', saw: $(dmesg | grep 'denied op=' | tail -n 2)"
}
# denials RULE: the denials in the kernel log naming RULE missing, so far.
denials() {
	dmesg | grep -c "missing='$1'"
}
# new_denial RULE N: a denial naming RULE beyond the N before, within 5
# seconds.
new_denial() {
	for _i in $(seq 50); do
		[ "$(denials "$1")" -gt "$2" ] && return 0
		sleep 0.1
	done
	fail "expected a new denial naming '$1', saw: $(dmesg | grep 'denied op=' | tail -n 2)"
}
# expect_as LABEL WANT COMMAND...: runs COMMAND as LABEL (execcon), which
# must print WANT (standard output and error).
expect_as() {
	label=$1 want=$2
	shift 2
	seen=$(execcon "$label" "$@" 2>&1)
	[ "$seen" = "$want" ] || fail "$label $*: expected '$want', saw '$seen'"
}

# expect_op WANT ARGS...: $ops (./task-ops, ./file-ops, ./object-ops, as
# the test script sets it) with ARGS, run as app_t, prints WANT (ok, or an
# errno name).
expect_op() {
	want=$1
	shift
	expect_as app_t "$want" "$ops" "$@"
}

# victim: starts a task labelled victim_t (sleep, in the background) as
# $vpid, once its label shows; the caller's policy lets kernel run it
# (transition kernel victim_t, allow victim_t unlabeled rx).  It is
# killed when the test exits.
victim() {
	execcon victim_t sleep 1000 &
	vpid=$!
	trap 'kill -9 "$vpid" 2>/dev/null; wait 2>/dev/null' EXIT
	for _i in $(seq 50); do
		[ "$(proccon $vpid 2>/dev/null | cut -d' ' -f2)" = victim_t ] && return 0
		sleep 0.1
	done
	fail "the victim_t process did not start"
}
