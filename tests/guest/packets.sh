# Packet labels (packet.c): nftables secmarks whose contexts are labels,
# made as an admin makes them with nft, and the checks of the packets
# they label.  sh packets.sh TEST.
. ./lib.sh
t=$1
policy_test_dir packets "$t"
ops=./net-ops
ip link set lo up 2>/dev/null || ifconfig lo 127.0.0.1 up 2>/dev/null ||
	fail "cannot bring the loopback interface up"
command -v nft >/dev/null || fail "nft is not in the guest (guest/build-userland)"
# Whatever happens, no table of ours outlives the test.
trap 'nft delete table inet sigiltest 2>/dev/null; kill $rpid 2>/dev/null; wait 2>/dev/null' EXIT
base="transition kernel app_t
allow app_t unlabeled rx
socket app_t inet
socket app_t inet6
net app_t unreserved_port bc
net app_t ephemeral_port bc
allow app_t kernel c
net client_t web_pkt sr"

labels() {
	awk '$1 == "labels:" { print $2 }' $fs/status
}
# firewall CHAINS: the table sigiltest, with secmark web ("web_pkt") and
# the chains given (nft syntax); the running policy must name web_pkt.
firewall() {
	load "$base"
	nft delete table inet sigiltest 2>/dev/null
	printf 'table inet sigiltest {\n\tsecmark web { "web_pkt" }\n%s\n}\n' "$1" |
		nft -f - || fail "nft refused the test's firewall: $1"
}
# receiver LABEL FAMILY PROTO PORT OP: starts net-ops OP (recv, echo) as
# LABEL, in the background, until it listens; its verdict goes to
# $d/recv.
receiver() {
	: >"$d/recv"
	# Through a pipe, which app_t may write (sigil(7)).
	execcon "$1" $ops "$5" "$2" "$3" "$4" 2>&1 | cat >"$d/recv" &
	rpid=$!
	for _i in $(seq 50); do
		grep -q listening "$d/recv" && return 0
		sleep 0.1
	done
	fail "the $1 receiver did not start: $(cat "$d/recv")"
}
# verdict: the receiver's, once it has ended, in $v (a command
# substitution could not wait for it).
verdict() {
	wait $rpid
	v=$(grep -v listening "$d/recv")
}

case $t in
unknown-contexts-are-refused-and-pin-nothing)
	# Anyone may make a secmark in a network namespace of their own.
	# A context the policy does not name is refused and creates no
	# label, however many are tried; so is a label that only a file
	# carries; a label of the policy is taken.
	load "$base
net app_t web_pkt s"
	touch "$d/f" && filecon -s carried_only_t "$d/f" ||
		fail "cannot label a file carried_only_t"
	n0=$(labels)
	./as-user 1000 unshare -U -r -n sh -c '
		nft add table inet t || { echo "no table"; exit 1; }
		i=0
		while [ $i -lt 40 ]; do
			nft add secmark inet t s$i "\"made_up_$i\"" 2>/dev/null &&
				echo "made_up_$i taken"
			i=$((i + 1))
		done
		nft add secmark inet t f "\"carried_only_t\"" 2>/dev/null &&
			echo "carried_only_t taken"
		nft add secmark inet t w "\"web_pkt\"" || echo "web_pkt refused"
		exit 0' >"$d/out" 2>&1
	expect_eq "secmarks in a user namespace" "" "$(cat "$d/out")"
	n1=$(labels)
	[ "$n1" -le "$n0" ] ||
		fail "labels in core after 41 refused contexts: expected at most $n0, saw $n1"
	;;
marking-needs-m-on-the-label)
	# Without net_admin, the firewall is out of reach, labels or not.
	load "$base
socket app_t netlink
net app_t web_pkt m"
	seen=$(printf 'table inet sigiltest {\n\tsecmark web { "web_pkt" }\n}\n' |
		execcon app_t nft -f - 2>&1)
	case $seen in
	*"Operation not permitted"*) ;;
	*) fail "nft as app_t without net_admin: expected Operation not permitted, saw '$seen'" ;;
	esac
	base="$base
socket app_t netlink
capability app_t net_admin"
	load "$base"
	n0=$(denials "net app_t web_pkt m")
	seen=$(printf 'table inet sigiltest {\n\tsecmark web { "web_pkt" }\n}\n' |
		execcon app_t nft -f - 2>&1)
	case $seen in
	*"Permission denied"*) ;;
	*) fail "nft as app_t without m: expected Permission denied, saw '$seen'" ;;
	esac
	new_denial "net app_t web_pkt m" "$n0"
	nft list table inet sigiltest >/dev/null 2>&1 &&
		fail "the refused table was made anyway: $(nft list table inet sigiltest)"
	load "$base
net app_t web_pkt m"
	printf 'table inet sigiltest {\n\tsecmark web { "web_pkt" }\n}\n' |
		execcon app_t nft -f - || fail "nft as app_t with m was refused"
	nft list secmark inet sigiltest web | grep -q web_pkt ||
		fail "expected the secmark web_pkt, saw: $(nft list table inet sigiltest)"
	;;
sent-packets-need-s)
	# Datagrams to port 9000 leave labelled web_pkt; those to 9001 are
	# not labelled, and not checked.
	firewall '	chain out {
		type filter hook output priority 0;
		udp dport 9000 meta secmark set "web"
	}'
	for f in 4 6; do
		load "$base"
		n0=$(denials "net app_t web_pkt s")
		expect_as app_t EPERM $ops sendto $f udp 9000
		new_denial "net app_t web_pkt s" "$n0"
		expect_as app_t ok $ops sendto $f udp 9001
		expect_eq "the unconfined shell's labelled datagram" ok \
			"$($ops sendto $f udp 9000)"
		load "$base
net app_t web_pkt s"
		expect_as app_t ok $ops sendto $f udp 9000
	done
	# Without the firewall's secmark, nothing is labelled.
	nft delete table inet sigiltest
	load "$base"
	expect_as app_t ok $ops sendto 4 udp 9000
	;;
received-packets-need-r)
	firewall '	chain in {
		type filter hook input priority 0;
		udp dport 9000 meta secmark set "web"
		tcp dport 9000 meta secmark set "web"
	}'
	# received F P WANT: what app_t's receiver of protocol P, family F,
	# says of the shell's datagram or connection (which a dropped SYN
	# leaves waiting: given up after 3 s).
	received() {
		receiver app_t $1 $2 9000 recv
		if [ $2 = udp ]; then
			$ops sendto $1 udp 9000 >/dev/null
		else
			timeout 3 $ops connect $1 tcp 9000 >/dev/null 2>&1
		fi
		verdict
		expect_eq "app_t's $2/$1 receiver" "$3" "$v"
	}
	for f in 4 6; do
		for p in udp tcp; do
			load "$base"
			n0=$(denials "net app_t web_pkt r")
			received $f $p ETIMEDOUT
			new_denial "net app_t web_pkt r" "$n0"
			load "$base
net app_t web_pkt r"
			received $f $p ok
		done
	done
	;;
ct-secmark-labels-the-replies)
	# The label of a connection's first packet, kept by conntrack, is
	# given to the replies: app_t's answer leaves labelled web_pkt.
	firewall '	chain in {
		type filter hook input priority 0;
		udp dport 9000 meta secmark set "web"
		ct state new ct secmark set meta secmark
	}
	chain out {
		type filter hook output priority 0;
		ct state established,related meta secmark set ct secmark
	}'
	for f in 4 6; do
		load "$base
net app_t web_pkt r"
		n0=$(denials "net app_t web_pkt s")
		receiver app_t $f udp 9000 echo
		expect_eq "the shell's request, unanswered" ETIMEDOUT \
			"$($ops request $f udp 9000)"
		verdict
		expect_eq "app_t's reply without s" EPERM "$v"
		new_denial "net app_t web_pkt s" "$n0"
		load "$base
net app_t web_pkt rs"
		receiver app_t $f udp 9000 echo
		expect_eq "the shell's request, answered" ok \
			"$($ops request $f udp 9000)"
		verdict
		expect_eq "app_t's reply with s" ok "$v"
	done
	;;
error-queue-needs-r)
	# An ICMP error reaches a socket's error queue without passing
	# socket_sock_rcv_skb: reading it asks r on its label.
	firewall '	chain in {
		type filter hook input priority 0;
		meta l4proto { 1, 58 } meta secmark set "web"
	}'
	for f in 4 6; do
		load "$base"
		n0=$(denials "net app_t web_pkt r")
		expect_as app_t EACCES $ops errqueue $f udp 9001
		new_denial "net app_t web_pkt r" "$n0"
		load "$base
net app_t web_pkt r"
		expect_as app_t ok $ops errqueue $f udp 9001
	done
	;;
*)
	fail "unknown test '$t'"
	;;
esac
exit 0
