# Ensure that an ext4 image made on the host by mkfs.ext4 mounts as ext4 and
# takes a file.
. ./lib.sh
m=$(disk_mount ext4) || exit 1
expect_eq "file system type of $m" ext4 "$(mount_type $m)"
echo hello >"$m/hello-ext4" || fail "cannot write to $m"
expect_eq "content of $m/hello-ext4" hello "$(cat "$m/hello-ext4")"
