# Ports and local peers (inet.c): every route to a bind or a connect, for
# IPv4 and IPv6, refused to app_t without its net rule (with a denial
# naming the rule) and, with the rule, answered as for the unconfined
# shell.  sh ports.sh ROUTE PROTO, PROTO one of net-ops' (tcp, mptcp,
# udp, udplite, sctp, sctp-seq).  Prints the number of cases checked.
. ./lib.sh
route=$1
proto=$2
policy_test_dir ports "$route-$proto"
ops=./net-ops
ip link set lo up 2>/dev/null || ifconfig lo 127.0.0.1 up 2>/dev/null ||
	fail "cannot bring the loopback interface up"
# The protocol of the port rules.
case $proto in
tcp | mptcp | smc) pp=tcp ;;
dccp) pp=udp ;;
udp | udplite) pp=udp ;;
sctp | sctp-seq) pp=sctp ;;
*) fail "unknown protocol '$proto'" ;;
esac
base="transition kernel app_t
allow app_t unlabeled rx
socket app_t inet
socket app_t inet6
capability app_t net_bind_service
port $pp 8080 web_port
port $pp 8000-8099 alt_port"
extra=
cases=0


# verdicts OP PORT LABEL PERM: OP on PORT (net-ops) is refused to app_t
# with a denial naming 'net app_t LABEL PERM' and, once that rule is
# loaded, answered as it is for the unconfined shell; both families.
verdicts() {
	op=$1 port=$2 lab=$3 perm=$4
	for f in 4 6; do
		unconf=$($ops "$op" $f "$proto" $port)
		load "$base$extra"
		n0=$(denials "net app_t $lab $perm")
		expect_as app_t EACCES $ops "$op" $f "$proto" $port
		new_denial "net app_t $lab $perm" "$n0"
		load "$base$extra
net app_t $lab $perm"
		expect_as app_t "$unconf" $ops "$op" $f "$proto" $port
		[ "$unconf" != EACCES ] || fail "$op $f $proto $port: the unconfined shell was refused"
		cases=$((cases + 2))
	done
}

case $route in
bind)
	# The narrowest rule wins; unnamed ports take the defaults by range.
	verdicts bind 8080 web_port b
	verdicts bind 8081 alt_port b
	verdicts bind 3000 unreserved_port b
	verdicts bind 700 reserved_port b
	verdicts bind 40000 ephemeral_port b
	# Port 0: the kernel's choice, in the ephemeral range.
	verdicts bind 0 ephemeral_port b
	;;
listen)
	# listen(2) on a socket not bound binds an ephemeral port.
	verdicts listen "" ephemeral_port b
	;;
send-listen)
	# An SCTP send binds the socket (c on the port sent to): listen(2)
	# then asks b on the port it got, as if bound.
	extra="
net app_t web_port c"
	verdicts send-listen 8080 ephemeral_port b
	;;
connect)
	verdicts connect 8080 web_port c
	verdicts connect 3000 unreserved_port c
	;;
sendto | sendmmsg)
	verdicts "$route" 8080 web_port c
	verdicts "$route" 3000 unreserved_port c
	;;
sendmsg-connected)
	# Connected to 8081, the message names 8080: that is reached too.
	extra="
net app_t alt_port c"
	verdicts sendmsg-connected 8080 web_port c
	;;
fastopen)
	verdicts fastopen 8080 web_port c
	;;
bindx)
	verdicts bindx 8080 web_port b
	;;
connectx)
	verdicts connectx 8080 web_port c
	;;
inherit)
	# A socket the shell made, connected by app_t after an exec: the
	# task that uses it is asked, not the one that made it (which may
	# connect anywhere).  Keeping the shell's socket across the exec
	# needs rw on its label.
	base="$base
allow app_t kernel rw"
	for f in 4 6; do
		unconf=$($ops inherit $f "$proto" $ops connect-fd $f 8080)
		load "$base"
		n0=$(denials "net app_t web_port c")
		expect_eq "connect by app_t of an inherited socket" EACCES \
			"$($ops inherit $f "$proto" execcon app_t $ops connect-fd $f 8080)"
		new_denial "net app_t web_port c" "$n0"
		load "$base
net app_t web_port c"
		expect_eq "connect by app_t of an inherited socket" "$unconf" \
			"$($ops inherit $f "$proto" execcon app_t $ops connect-fd $f 8080)"
		cases=$((cases + 2))
	done
	;;
accept)
	# An accepted connection is its listener's label: app_t reads it
	# with no rule on another (an SCTP association was the kernel's).
	load "$base
net app_t unreserved_port b"
	for f in 4 6; do
		execcon app_t $ops accept-read $f "$proto" 9000 2>&1 |
			cat >"$d/acc.$f" &
		apid=$!
		for _i in $(seq 50); do
			grep -q listening "$d/acc.$f" && break
			sleep 0.1
		done
		grep -q listening "$d/acc.$f" ||
			fail "the app_t server did not start: $(cat "$d/acc.$f")"
		$ops connect-send $f "$proto" 9000 >/dev/null
		wait $apid
		expect_eq "app_t's read of its accepted $proto connection" ok \
			"$(grep -v listening "$d/acc.$f")"
		cases=$((cases + 1))
	done
	;;
local-server)
	# A server of victim_t on this machine is reached only with c on
	# victim_t; both ends then know the other's label (SO_PEERSEC).
	base="$base
transition kernel victim_t
allow victim_t unlabeled rwx
socket victim_t inet
socket victim_t inet6
net victim_t unreserved_port b
net app_t unreserved_port c"
	load "$base"
	for f in 4 6; do
		port=$((9000 + f))
		execcon victim_t $ops serve $f "$proto" $port >"$d/serve.$f" 2>&1 &
		spid=$!
		trap 'kill $spid 2>/dev/null' EXIT
		for _i in $(seq 50); do
			grep -q listening "$d/serve.$f" && break
			sleep 0.1
		done
		grep -q listening "$d/serve.$f" || fail "the victim_t server did not start: $(cat "$d/serve.$f")"
		load "$base"
		n0=$(denials "allow app_t victim_t c")
		if [ "$proto" = mptcp ]; then
			# MPTCP: the listening subflow carries the server's
			# label; SO_PEERSEC is not answered for MPTCP.
			expect_as app_t EACCES $ops connect $f "$proto" $port
			new_denial "allow app_t victim_t c" "$n0"
			load "$base
allow app_t victim_t c"
			expect_as app_t ok $ops connect $f "$proto" $port
			cases=$((cases + 2))
		elif [ "$pp" = udp ]; then
			expect_as app_t EACCES $ops sendto $f "$proto" $port
			new_denial "allow app_t victim_t c" "$n0"
			expect_as app_t EACCES $ops connect $f "$proto" $port
			# AF_UNSPEC, which IPv4 UDP reads as AF_INET.
			[ $f = 6 ] || expect_as app_t EACCES $ops sendto-unspec $f "$proto" $port
			load "$base
allow app_t victim_t c"
			expect_as app_t ok $ops sendto $f "$proto" $port
			expect_as app_t "peer victim_t" $ops peer $f "$proto" $port
			cases=$((cases + 4))
		else
			expect_as app_t EACCES $ops peer $f "$proto" $port
			new_denial "allow app_t victim_t c" "$n0"
			load "$base
allow app_t victim_t c"
			expect_as app_t "peer victim_t" $ops peer $f "$proto" $port
			for _i in $(seq 50); do
				grep -q "^peer " "$d/serve.$f" && break
				sleep 0.1
			done
			expect_eq "SO_PEERSEC of the server's end" "peer app_t" \
				"$(grep '^peer ' "$d/serve.$f" | tail -n 1)"
			# The unconfined shell is kernel to the server.
			expect_eq "the shell's connection" "peer victim_t" \
				"$($ops peer $f "$proto" $port)"
			cases=$((cases + 4))
		fi
		# 0.0.0.0 and :: are the loopback address the kernel sends to.
		load "$base"
		n1=$(denials "allow app_t victim_t c")
		expect_as app_t EACCES $ops connect-any $f "$proto" $port
		new_denial "allow app_t victim_t c" "$n1"
		if [ "$pp" = udp ]; then
			# A multicast datagram reaches every socket of the port.
			n1=$(denials "allow app_t victim_t c")
			expect_as app_t EACCES $ops sendto-group $f "$proto" $port
			new_denial "allow app_t victim_t c" "$n1"
			cases=$((cases + 1))
		fi
		cases=$((cases + 1))
		kill $spid
		wait $spid 2>/dev/null
	done
	;;
portrange)
	# IP_LOCAL_PORT_RANGE would choose the port listen(2) binds: a
	# confined label may not set it, even with b on ephemeral_port.
	load "$base
net app_t ephemeral_port b"
	for f in 4 6; do
		expect_as app_t EPERM $ops portrange $f "$proto" 40000
		unconf=$($ops portrange $f "$proto" 40001)
		expect_eq "the unconfined shell's listen on a chosen range" ok "$unconf"
		cases=$((cases + 2))
	done
	log_has "reason='IP_LOCAL_PORT_RANGE chooses ephemeral ports'" ||
		fail "no refusal naming IP_LOCAL_PORT_RANGE"
	;;
unmediated)
	# DCCP and SMC have ports no hook sees: a confined label creates
	# neither socket (this kernel builds neither: unconfined, the
	# protocol is missing).
	load "$base"
	for f in 4 6; do
		expect_as app_t EPERM $ops socket $f "$proto"
		unconf=$($ops socket $f "$proto")
		[ "$unconf" != EPERM ] || fail "socket $f $proto: the unconfined shell was refused"
		cases=$((cases + 2))
	done
	log_has "reason='a protocol whose ports are not mediated'" ||
		fail "no refusal naming the unmediated protocol"
	;;
*)
	fail "unknown route '$route'"
	;;
esac
echo "$cases cases"
