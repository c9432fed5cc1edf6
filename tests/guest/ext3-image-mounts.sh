# Ensure that an ext3 image made on the host by mkfs.ext3 mounts as ext3 and
# takes a file.
. ./lib.sh
m=$(disk_mount ext3) || exit 1
expect_eq "file system type of $m" ext3 "$(mount_type $m)"
echo hello >"$m/hello-ext3" || fail "cannot write to $m"
expect_eq "content of $m/hello-ext3" hello "$(cat "$m/hello-ext3")"
