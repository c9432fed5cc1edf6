# Common settings for the guest/ scripts.  Sourced, not run.
# shellcheck shell=bash

SIGIL_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
: "${SIGIL_CACHE:=${XDG_CACHE_HOME:-$HOME/.cache}/sigil}"
: "${SIGIL_KERNEL_SOURCE:=/usr/src/linux-source-6.12.tar.xz}"
SIGIL_LINUX=$SIGIL_CACHE/linux
SIGIL_HEADERS=$SIGIL_CACHE/headers
SIGIL_BUSYBOX=$SIGIL_CACHE/busybox-arm64/bin/busybox
SIGIL_PATCHES=$SIGIL_TOP/kernel-patches
# The module's own files, as plain source mirroring the kernel tree.
SIGIL_PLAIN=$SIGIL_PATCHES/tree
# The subject of the one generated commit that holds them in the cache.
SIGIL_PLAIN_SUBJECT="sigil: the module's own files (generated from kernel-patches/tree)"
export SIGIL_CACHE

# The compiler's garbage collector left idle for the kernel's translation
# units (none needs a gigabyte): measured on fs/ext4/ and mm/ of the debug
# kernel, 6 to 11% less CPU (user and system) for the same objects, since
# the code generated does not depend on it.  Every make of a kernel
# directory passes it, or kbuild would see a changed command and rebuild.
SIGIL_KCFLAGS="--param=ggc-min-expand=1000 --param=ggc-min-heapsize=1048576"

# The kernel variant: "" for the guest kernel (guest/kernel.config), or
# "debug" (or "profile") for the same with guest/kernel-debug.config (or
# guest/kernel-profile.config) on top, built in a
# directory of its own.  "peer" is the guest kernel itself, which has
# SELinux, Smack and AppArmor built in (lsm= chooses the active ones); the
# name stays for the scripts that boot the peer modules.
# SIGIL_KERNEL_VARIANT=debug|peer in the environment, or --debug / --peer
# to guest/kernel-build and guest/run, selects it.
set_variant() {
	SIGIL_VARIANT=$1
	[ "$1" != peer ] || set -- ""
	SIGIL_KBUILD=$SIGIL_CACHE/kbuild${1:+-$1}
	SIGIL_IMAGE=$SIGIL_KBUILD/arch/arm64/boot/Image
	SIGIL_FRAGMENTS=("$SIGIL_TOP/guest/kernel.config")
	[ -z "$1" ] || SIGIL_FRAGMENTS+=("$SIGIL_TOP/guest/kernel-$1.config")
	SIGIL_KMAKE=(make -s -C "$SIGIL_LINUX" O="$SIGIL_KBUILD" ARCH=arm64
		     CROSS_COMPILE=aarch64-linux-gnu- KCFLAGS="$SIGIL_KCFLAGS")
}
set_variant "${SIGIL_KERNEL_VARIANT:-}"

die() {
	echo "${0##*/}: $*" >&2
	exit 1
}

say() {
	echo "${0##*/}: $*" >&2
}

kgit() {
	git -C "$SIGIL_LINUX" -c user.name=Sigil -c user.email=sigil@localhost \
		-c advice.detachedHead=false "$@"
}

# Lists the patch files of the series, in order, one per line.
series_patches() {
	local series=$SIGIL_PATCHES/series p
	[ -f "$series" ] || die "$series is missing"
	while read -r p; do
		case $p in ''|'#'*) continue ;; esac
		[ -f "$SIGIL_PATCHES/$p" ] ||
			die "kernel-patches/series names $p, which does not exist"
		echo "$SIGIL_PATCHES/$p"
	done < "$series"
}

# Lists the module's plain files, relative to kernel-patches/tree, sorted.
plain_files() {
	[ -d "$SIGIL_PLAIN" ] || die "$SIGIL_PLAIN is missing"
	(cd "$SIGIL_PLAIN" && find . -type f ! -name '*~' ! -name '.*' |
		sed 's|^\./||' | LC_ALL=C sort)
}

# Unpacks the Debian source tarball into a git repository, once.
ensure_tree() {
	[ -d "$SIGIL_LINUX/.git" ] && kgit rev-parse -q --verify upstream \
		>/dev/null && return 0
	mkdir -p "$SIGIL_CACHE"
	exec 8>"$SIGIL_CACHE/.tree.lock"
	flock 8
	# Another process may have unpacked the tree while this one waited.
	if [ -d "$SIGIL_LINUX/.git" ] && kgit rev-parse -q --verify upstream >/dev/null; then
		exec 8>&-
		return 0
	fi
	[ -f "$SIGIL_KERNEL_SOURCE" ] ||
		die "$SIGIL_KERNEL_SOURCE not found (run guest/setup-host)"
	say "unpacking $SIGIL_KERNEL_SOURCE into $SIGIL_LINUX"
	rm -rf "$SIGIL_LINUX.tmp" "$SIGIL_LINUX"
	mkdir -p "$SIGIL_LINUX.tmp"
	xz -T0 -dc "$SIGIL_KERNEL_SOURCE" |
		tar -x -C "$SIGIL_LINUX.tmp" --strip-components=1 ||
		die "cannot unpack $SIGIL_KERNEL_SOURCE"
	mv "$SIGIL_LINUX.tmp" "$SIGIL_LINUX"
	# Debian's top-level .gitignore ignores every top-level entry; drop
	# that block so that new files in the tree show up in git status.
	sed -i '/^# Debian packaging/,$d' "$SIGIL_LINUX/.gitignore"
	say "importing the tree into git (about a minute)"
	kgit init -q -b sigil
	# No automatic repacking: after the import's commit, git gc --auto
	# would pack the 85,000 new objects in the background, about 120
	# CPU-seconds of a cold CI run, for a cache that never leaves the disk.
	kgit config gc.auto 0
	kgit add -A
	kgit commit -q -m "Linux $(make -s -C "$SIGIL_LINUX" kernelversion) from $(basename "$SIGIL_KERNEL_SOURCE")"
	kgit tag upstream
	exec 8>&-
}

# Prints a key for everything the kernel build depends on.
kernel_key() {
	{
		echo "source $(stat -c '%s %Y' "$SIGIL_KERNEL_SOURCE")"
		sha256sum "${SIGIL_FRAGMENTS[@]}" "$SIGIL_TOP/guest/kernel-build" \
			"$SIGIL_TOP/guest/lib.sh"
		series_patches | xargs -r sha256sum
		plain_files | (cd "$SIGIL_PLAIN" && xargs -r sha256sum)
	} | sed "s|$SIGIL_TOP/||" | sha256sum | cut -c1-16
}

# camel_from_kernel FILE: checkpatch's complaints in FILE without the
# CamelCase checks of identifiers the kernel's own headers define (audit's
# Audit_equal): checkpatch seeds its exceptions from the structs and
# macros it finds, not from enum members, so a module using the kernel's
# names would be flagged.  Empties FILE when nothing else is left.
camel_from_kernel() {
	local id keep=1 out=
	grep -q 'CHECK:CAMELCASE' "$1" || return 0
	while IFS= read -r line; do
		case $line in
		CHECK:CAMELCASE:*)
			id=${line#*<}; id=${id%>*}
			keep=1
			grep -rqw -- "$id" "$SIGIL_LINUX/include" && keep=0 ;;
		'') [ $keep = 1 ] && out+=$'\n'; keep=1; continue ;;
		esac
		[ $keep = 1 ] && out+="$line"$'\n'
	done <"$1"
	# The totals line would still count them: recount.
	printf '%s' "$out" | grep -v '^total: ' >"$1.new"
	grep -q '^\(ERROR\|WARNING\|CHECK\):' "$1.new" || : >"$1.new"
	mv "$1.new" "$1"
}
