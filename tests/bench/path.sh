#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# A path command's traffic against a real program's through the same
# kernel path, in one boot of a VM. ipsec and ovpn: at 64, 576 and
# 1500-byte packets, the generator's datagrams (received right, per
# second; the median of three measurements) and iperf3's UDP datagrams
# (-u -b 0, received per second) through lane 0's tunnel, and their
# ratio: above 1, iperf3 is what limits its own figure, and the
# generator's figure is the tunnel's. tls: at 16 KiB records, kaesbench
# tls's kTLS sender and receiver against OpenSSL's own kTLS transfer of a
# file (s_server -ktls -sendfile, s_client -ktls; the median of three),
# in MB/s and records/s, and their ratio. See Documentation/bench.rst.
#
# usage: tests/bench/path.sh PATH
#   ipsec  ESP, rfc4106(gcm(aes)) with a 128-bit key (strongSwan's first
#          proposal), tunnel mode, on Debian's 6.12
#   ovpn   OpenVPN's data channel in the kernel, AES-256-GCM (OpenVPN's
#          default), on Debian sid's kernel (series latest: ovpn is 6.16+)
#   tls    kTLS, TLS 1.3 with AES-128-GCM over loopback, on Debian sid's
#          kernel, against Debian sid's OpenSSL (the one built with kTLS)
#   KAESBENCH_BENCH_MS  each measurement's length (default 3000)
#   KAESBENCH_BENCH_TLS_MB  tls: the size of OpenSSL's file (default 64)
#
# ipsec and ovpn need iperf3 in the rig's initramfs (tests/vm/initramfs.sh
# installs it when the host has it: Debian package iperf3); tls, sid's
# OpenSSL in /opt/openssl (initramfs.sh puts it there). Exits non-zero
# only when something failed to run; a ratio below 1 is reported, not
# judged.

set -eu

top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
# shellcheck source=tests/bench/lib.sh
. tests/bench/lib.sh

ms=${KAESBENCH_BENCH_MS:-3000}
sizes=64,576,1500
shared="-b $sizes -t $ms -r 3 --iperf3 --no-ceiling --json"

# The paths: the command line, the VM series whose kernel has the path,
# the JSON document's list, the tunnel's name in the title, modules the
# guest loads first (ovpn's family would load its own on lookup; a
# modprobe that fails says why where the lookup would only say "missing"),
# and the real program it is held against (iperf3, openssl: the guest's
# script and the table of each).
path=${1:-}
case $path in
ipsec)
	kb_cmd="kaesbench ipsec -a aes128gcm16 $shared"
	series=6.12
	key=ipsec
	label="one ESP tunnel"
	modules=
	against=iperf3
	;;
ovpn)
	kb_cmd="kaesbench ovpn -k 256 $shared"
	series=latest
	key=ovpn
	label="one ovpn tunnel"
	modules=ovpn
	against=iperf3
	;;
tls)
	kb_cmd="kaesbench tls -c aes-128-gcm -v 1.3 -b 16384 -t $ms -r 3 --no-ceiling --json"
	series=latest
	key=tls
	label="kTLS, TLS 1.3 AES-128-GCM over loopback"
	modules=tls
	against=openssl
	;;
*)
	echo "usage: $0 ipsec|ovpn|tls" >&2
	exit 2
	;;
esac

if [ $against = iperf3 ] && ! command -v iperf3 >/dev/null; then
	echo "bench-$path: iperf3 is not installed on the host, so not in the VM" \
		"(apt-get install iperf3)" >&2
	exit 1
fi

# The guest's script: variables first, then what every path's does
# first, then the body of the program the path is held against.
guest() {
	printf "kb_cmd='%s'\nkey='%s'\nmodules='%s'\nmb='%s'\n" "$kb_cmd" \
		"$key" "$modules" "${KAESBENCH_BENCH_TLS_MB:-64}"
	cat <<'EOF'
echo "# kernel $(uname -r), $(grep -c '^processor' /proc/cpuinfo) CPUs"
for m in $modules; do
	if ! modprobe "$m" 2>/tmp/modprobe.err; then
		echo "# FAILED: modprobe $m"
		sed 's/^/#   /' /tmp/modprobe.err
		exit 1
	fi
done
EOF
	"guest_$against"
}

# iperf3's: the path command's JSON, with the figures of the iperf3 run it
# made through the same lane, a row a point.
guest_iperf3() {
	cat <<'EOF'
if ! command -v iperf3 >/dev/null; then
	echo "# FAILED: no iperf3 in the initramfs (see tests/vm/initramfs.sh)"
	exit 1
fi
if ! $kb_cmd >/tmp/path.json 2>/tmp/path.err; then
	echo "# FAILED: $kb_cmd"
	sed 's/^/#   /' /tmp/path.err
	exit 1
fi
if ! jq -e --arg k "$key" '.[$k] | arrays' /tmp/path.json >/dev/null 2>&1; then
	echo "# FAILED: no .$key[] in what $kb_cmd printed:"
	head -c 2000 /tmp/path.json | sed 's/^/#   /'
	exit 1
fi
jq -r --arg k "$key" '.[$k][] | .driver as $d | .points[] |
	"row \(.packet_bytes) \($d) \(.tunnel.packets_per_s) " +
	"\(if .iperf3.ran then .iperf3.packets_per_s else "n/a" end) " +
	"\(.tunnel.sent) \(.tunnel.received) " +
	"\(if .iperf3.ran then "\(.iperf3.sent) \(.iperf3.lost)" else "- -" end) " +
	"\(.iperf3.error // "")"' /tmp/path.json
EOF
}

# openssl's: kaesbench's point at 16 KiB records, the selected
# implementation's (the tunnel's records and plaintext received right:
# "kaesbench RECORDS/S GBIT/S DRIVER", or "kaesbench n/a WHY"; a point's
# packet_bytes is a record's plaintext), then OpenSSL's kTLS in a
# namespace of the script's own: per run, the client's time for a 1-byte
# file ("openssl_fixed CS": its start, the handshake) and for the whole
# file ("openssl_run CS BYTES"), in centiseconds.
guest_openssl() {
	cat <<'EOF'
if ! kaesbench tls --help >/dev/null 2>&1; then
	echo "kaesbench n/a kaesbench tls is not built yet"
elif ! $kb_cmd >/tmp/path.json 2>/tmp/path.err; then
	echo "# FAILED: $kb_cmd"
	sed 's/^/#   /' /tmp/path.err
	exit 1
else
	jq -r --arg k "$key" '[.[$k][]] |
		(map(select(.selected == true)) + .)[0] | .driver as $d |
		.points[] | select(.packet_bytes == 16384) |
		"kaesbench \(.tunnel.packets_per_s) \(.tunnel.gbit_per_s) \($d)"' \
		/tmp/path.json |
		grep . || {
		echo "# FAILED: no 16384-byte point in .$key[] of what $kb_cmd printed:"
		head -c 2000 /tmp/path.json | sed 's/^/#   /'
		exit 1
	}
	# The issue's bound for a user's first run: one implementation with
	# the defaults (3 sizes, 3 x 1000 ms each of kTLS, plain TCP and
	# userspace OpenSSL, the differential, the key update, the ceiling).
	t0=$(date +%s)
	kaesbench tls >/dev/null 2>&1
	echo "# kaesbench tls with its defaults, one implementation: exit $?, $(($(date +%s) - t0)) s"
fi
# iproute2's, not busybox's (no netns), which is first on the PATH.
ip() { /sbin/ip "$@"; }
ossl=/opt/openssl/bin/openssl
if [ ! -x $ossl ]; then
	echo "# FAILED: no $ossl in the initramfs (tests/vm/initramfs.sh)"
	exit 1
fi
echo "# $($ossl version)"
ns=kb-bench-tls
dir=/tmp/bench-tls
port=4433
suite="-tls1_3 -ciphersuites TLS_AES_128_GCM_SHA256"
mkdir -p $dir && cd $dir && ip netns add $ns && ip -n $ns link set lo up || {
	echo "# FAILED: no namespace $ns"
	exit 1
}
trap 'ip netns del $ns; cd /; rm -rf $dir' EXIT
printf '[req]\ndistinguished_name = dn\nprompt = no\n[dn]\n' >openssl.cnf
export OPENSSL_CONF=$dir/openssl.cnf
$ossl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes \
	-subj /CN=kaesbench-bench -days 2 -keyout key.pem -out cert.pem \
	>/dev/null 2>&1 || { echo "# FAILED: no certificate"; exit 1; }
# Zeros: AES-GCM's time does not depend on the bytes, and /dev/urandom
# gives 7 MB/s under TCG.
head -c $((mb << 20)) /dev/zero >file.bin
printf x >one.bin
cs() { awk '{ printf "%d\n", $1 * 100 }' /proc/uptime; }
listening() {
	ip netns exec $ns cat /proc/net/tcp |
		awk -v p=":$(printf %04X $port)" '$2 ~ p "$" && $4 == "0A" { f = 1 }
			END { exit !f }'
}
# fetch FILE: s_server -ktls -sendfile serving FILE to s_client -ktls;
# the client's centiseconds and the bytes it got (FILE after s_server's
# HTTP header).
fetch() {
	ip netns exec $ns $ossl s_server -accept 127.0.0.1:$port -naccept 1 \
		-ktls -sendfile $suite -cert cert.pem -key key.pem -WWW \
		</dev/null >server.out 2>server.err &
	server=$!
	i=0
	until listening; do
		i=$((i + 1))
		[ $i -lt 600 ] || { echo "# FAILED: s_server is not listening"; exit 1; }
		sleep 0.1
	done
	printf 'GET /%s HTTP/1.0\r\n\r\n' "$1" >request
	t0=$(cs)
	ip netns exec $ns $ossl s_client -connect 127.0.0.1:$port -ktls $suite \
		-quiet <request >got 2>client.err || {
		echo "# FAILED: s_client"
		sed 's/^/#   /' client.err
		exit 1
	}
	t1=$(cs)
	wait $server
	grep -q "KTLS SENDFILE '$1' OK" server.err || {
		echo "# FAILED: s_server's sendfile() was not on kTLS:"
		sed 's/^/#   /' server.err
		exit 1
	}
	echo "$((t1 - t0)) $(wc -c <got)"
	rm -f got
}
for run in 1 2 3; do
	echo "openssl_fixed $(fetch one.bin)"
	echo "openssl_run $(fetch file.bin)"
done
echo "openssl_file $(wc -c <file.bin)"
echo "# the namespace's tls_stat: $(ip netns exec $ns cat /proc/net/tls_stat |
	awk '$2 != 0 { printf "%s %s ", $1, $2 }')"
echo "# the highest-priority gcm(aes), what OpenSSL's sockets get: $(awk '
	/^name/ { n = $3 } /^driver/ { d = $3 } /^priority/ { p = $3 }
	/^selftest/ { s = $3 }
	/^$/ { if (n == "gcm(aes)" && s == "passed" && (b == "" || p + 0 > t)) {
		b = d; t = p + 0 }
		n = d = p = s = "" }
	END { print b }' /proc/crypto)"
EOF
}

# Received per second by each, their ratio, and what each sent and lost
# (the generator's median measurement; iperf3's run).
table_iperf3() {
	printf '%7s  %12s  %12s  %7s  %22s  %22s\n' packet generator/s iperf3/s \
		ratio "generator sent/lost" "iperf3 sent/lost"
	awk '$1 == "row" {
		if ($5 == "n/a") { printf "%7s  %12.0f  %12s  %7s  %s\n", $2, $4, "n/a", "", $10; next }
		ratio = $5 > 0 ? $4 / $5 : 0
		printf "%7s  %12.0f  %12.0f  %6.2fx  %12d/%-9d  %12d/%-9d\n", $2, $4, $5, ratio,
			$6, $6 - $7, $8, $9
		rows++
	}
	END { if (!rows) exit 1 }' "$log" || rc=1
	echo
	echo "driver: $(awk '$1 == "row" { print $3; exit }' "$log"); wall time ${wall} s"
}

# kaesbench's and OpenSSL's MB/s and 16 KiB records/s, and their ratio.
# OpenSSL's: the file over the median time its client took for it, less
# the median a 1-byte file took (the client's start and the handshake,
# shown below the table); the header's bytes are left out.
table_openssl() {
	awk "$BENCH_AWK_STATS"'
	$1 == "kaesbench" { kb = $0; kb_rps = $2; kb_gbps = $3
		if (kb_rps != "n/a") driver = $4 }
	$1 == "openssl_fixed" { fixed = fixed " " $2 }
	$1 == "openssl_run" { runs = runs " " $2; got = $3 }
	$1 == "openssl_file" { file = $2 }
	END {
		if (runs == "" || file == "") exit 1
		f = median(fixed); t = median(runs) - f
		if (t <= 0) t = median(runs)
		mbs = file / 1e6 / (t / 100)
		printf "%-34s  %10s  %12s\n", "", "MB/s", "records/s"
		if (kb_rps == "n/a") {
			sub(/^kaesbench n\/a /, "", kb)
			printf "%-34s  %10s  %12s  (%s)\n", "kaesbench tls", "n/a", "n/a", kb
		} else
			printf "%-34s  %10.1f  %12.0f\n", "kaesbench tls (sender, receiver)",
				kb_gbps * 1000 / 8, kb_rps
		printf "%-34s  %10.1f  %12.0f\n", "openssl s_server/s_client -ktls",
			mbs, mbs * 1e6 / 16384
		if (kb_rps != "n/a" && mbs > 0)
			printf "%-34s  %9.2fx\n", "ratio (kaesbench / openssl)",
				kb_gbps * 1000 / 8 / mbs
		printf "\nopenssl: %d bytes a run (the file and %d of header) in %.2f s,\n",
			got, got - file, median(runs) / 100
		printf "%.2f s of it the start of the client and the handshake (a run\n", f / 100
		printf "of a 1-byte file), left out of its rate\n"
		if (driver != "") printf "kaesbench tls measured: %s\n", driver
	}' "$log" || rc=1
	echo "wall time ${wall} s"
}

bench_boot "# bench-$path: kaesbench $path against $against through $label, one VM boot ($series)" \
	"$series"

echo
echo "in the guest: $kb_cmd"
echo
"table_$against"
exit "$rc"
