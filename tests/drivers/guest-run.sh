#!/bin/bash
# Ensure that guest/run passes a command's output and exit status through,
# copies --add files in, keeps what the guest wrote to a --disk image, and
# fails loudly, never silently, on a kernel panic, a kernel WARNING or a
# hung guest, and that every kernel message reaches the console log; that
# a plain guest/run has the tools built for the guest, and that the guest's
# init loads /etc/sigil/policy before anything else runs.
set -uo pipefail
srcdir=${srcdir:-.}
top=$(cd "$srcdir" && pwd)
run=$top/guest/run
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "1..14"
. "$top/tests/tap.sh"

"$top/guest/kernel-build" >"$tmp/kbuild.log" 2>&1 ||
	{ sed 's/^/# /' "$tmp/kbuild.log"; echo "Bail out! kernel build failed"; exit 1; }
"$top/guest/build-userland" . "$PWD/tests/guest-work" >"$tmp/userland.log" 2>&1 ||
	{ sed 's/^/# /' "$tmp/userland.log"; echo "Bail out! guest userland build failed"; exit 1; }

out=$("$run" -- sh -c 'echo "out: $1"; echo err >&2; exit 7' sh "it's quoted" 2>"$tmp/err")
rc=$?
check "a command's exit status comes back" 7 "$rc"
check "a command's standard output streams back, arguments intact" "out: it's quoted" "$out"
check "a command's standard error comes back on standard error" err "$(cat "$tmp/err")"

echo "added file" >"$tmp/added.txt"
out=$("$run" --add "$tmp/added.txt:/opt/x/added.txt" -- cat /opt/x/added.txt 2>&1)
check "--add copies a host file to the guest path" "added file" "$out"

mkfs.ext4 -q -F "$tmp/keep.img" 16M
"$run" --disk "$tmp/keep.img" -- sh -c 'echo kept >/mnt/keep/f' >/dev/null 2>&1
check "what the guest writes to a --disk image is in the image afterwards" \
	kept "$(debugfs -R 'cat /f' "$tmp/keep.img" 2>/dev/null)"

"$run" --timeout 120 -- sh -c 'echo c >/proc/sysrq-trigger; sleep 60' >"$tmp/panic.log" 2>&1
rc=$?
sed 's/^/# /' "$tmp/panic.log" | tail -n 4
check "a kernel panic makes guest/run fail with 255 and say so" "255 yes" \
	"$rc $(grep -q 'Kernel panic' "$tmp/panic.log" && echo yes || echo no)"

"$run" --timeout 8 -- sleep 600 >"$tmp/hang.log" 2>&1
rc=$?
check "a hung guest makes guest/run fail with 255 after the timeout" "255 yes" \
	"$rc $(grep -q 'timed out' "$tmp/hang.log" && echo yes || echo no)"

# A real WARN() (LKDTM's test trigger) must fail the run, although the
# command itself succeeds.
"$run" --timeout 120 --console "$tmp/warn-console.log" -- sh -c 'mount -t debugfs none /sys/kernel/debug &&
	echo WARNING >/sys/kernel/debug/provoke-crash/DIRECT' >"$tmp/warn.log" 2>&1
rc=$?
sed 's/^/# /' "$tmp/warn.log" | head -n 4
check "a kernel WARNING makes guest/run fail with 255 and say so" "255 yes yes" \
	"$rc $(grep -q 'lkdtm: Performing direct entry WARNING' "$tmp/warn-console.log" && echo yes || echo no) $(grep -q "kernel log shows 'WARNING:'" "$tmp/warn.log" && echo yes || echo no)"

# A debug-level message (the lowest) reaches the console log.
"$run" --console "$tmp/console.log" -- sh -c 'echo "<7>sigil-harness: debug-level line" >/dev/kmsg' >/dev/null 2>&1
rc=$?
check "every kernel message, debug level included, reaches the console log" "0 yes" \
	"$rc $(grep -q 'sigil-harness: debug-level line' "$tmp/console.log" && echo yes || echo no)"

# Without --root, the tools built for the guest are there (make demo, then
# a plain guest/run); the guest's init loads /etc/sigil/policy first.
printf 'unconfined kernel\ntransition kernel app_t\nallow app_t unlabeled rx\n' >"$tmp/policy"
out=$("$run" --console "$tmp/boot.log" --add "$tmp/policy:/etc/sigil/policy" -- \
	sh -c 'command -v proccon; sigilctl status | grep -e generation -e rules' 2>&1)
rc=$?
check "a plain guest/run has the guest's tools" "0 /usr/bin/proccon" "$rc $(echo "$out" | head -n 1)"
check "the guest's init loads /etc/sigil/policy before the command runs" \
	"generation: 1 rules: 3" "$(echo "$out" | tail -n 2 | tr '\n' ' ' | sed 's/ $//')"
check "the guest's init says it loaded the policy" yes \
	"$(grep -q '^init: loaded /etc/sigil/policy (3 rules)' "$tmp/boot.log" && echo yes || echo no)"

# A policy with an error: said, nothing loaded, the boot goes on.
printf 'unconfined kernel\nalow a b r\n' >"$tmp/policy"
out=$("$run" --console "$tmp/boot.log" --add "$tmp/policy:/etc/sigil/policy" -- \
	sh -c 'sed -n "s/^generation: //p" /sys/kernel/security/sigil/status' 2>&1)
check "a refused boot policy: nothing loaded, the command still runs" 0 "$out"
check "a refused boot policy: init names the policy and the error" "yes yes" \
	"$(grep -q '^init: /etc/sigil/policy was refused' "$tmp/boot.log" && echo yes || echo no) $(grep -q "/etc/sigil/policy:2: unknown rule 'alow'" "$tmp/boot.log" && echo yes || echo no)"
