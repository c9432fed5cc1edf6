# The in-guest fuzzer (fuzz-attr) for ITERATIONS rounds from SEED, on files
# of ext4, ext3 and tmpfs; then the mode and a plain policy are restored.
# A kernel report fails the whole run (guest/run), a broken invariant this
# test.  Usage: sh fuzz.sh NAME ITERATIONS SEED
. ./lib.sh
policy_test_dir fuzz "$1"
mkdir -p /mnt/ext4/fuzz /mnt/ext3/fuzz
start=$(date +%s)
./fuzz-attr "$3" "$2" /mnt/ext4/fuzz /mnt/ext3/fuzz "$d"
rc=$?
echo "fuzz: $2 rounds in $(( $(date +%s) - start ))s"
echo 1 >$fs/enforce
printf 'unconfined kernel\n' >$fs/policy
rm -rf /mnt/ext4/fuzz /mnt/ext3/fuzz
[ "$rc" = 0 ] || fail "fuzz-attr failed (seed $3, $2 iterations)"
