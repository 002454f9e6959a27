#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# A path command's generator against iperf3 through the same tunnel, in one
# boot of a VM: at 64, 576 and 1500-byte packets, the generator's datagrams
# (received right, per second; the median of three measurements) and
# iperf3's UDP datagrams (-u -b 0, received per second) through lane 0's
# tunnel, and their ratio: above 1, iperf3 is what limits its own figure,
# and the generator's figure is the tunnel's. See Documentation/bench.rst.
#
# usage: tests/bench/path.sh PATH
#   ipsec  ESP, rfc4106(gcm(aes)) with a 128-bit key (strongSwan's first
#          proposal), tunnel mode, on Debian's 6.12
#   ovpn   OpenVPN's data channel in the kernel, AES-256-GCM (OpenVPN's
#          default), on Debian sid's kernel (series latest: ovpn is 6.16+)
#   KAESBENCH_BENCH_MS  each measurement's length (default 3000)
#
# Needs iperf3 in the rig's initramfs (tests/vm/initramfs.sh installs it
# when the host has it: Debian package iperf3). Exits non-zero only when
# something failed to run; a ratio below 1 is reported, not judged.

set -eu

top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
# shellcheck source=tests/bench/lib.sh
. tests/bench/lib.sh

ms=${KAESBENCH_BENCH_MS:-3000}
sizes=64,576,1500
shared="-b $sizes -t $ms -r 3 --iperf3 --no-ceiling --json"

# The paths: the command line, the VM series whose kernel has the path,
# the JSON document's list, the tunnel's name in the title, and modules
# the guest loads first (ovpn's family would load its own on lookup; a
# modprobe that fails says why where the lookup would only say "missing").
path=${1:-}
case $path in
ipsec)
	kb_cmd="kaesbench ipsec -a aes128gcm16 $shared"
	series=6.12
	key=ipsec
	label="one ESP tunnel"
	modules=
	;;
ovpn)
	kb_cmd="kaesbench ovpn -k 256 $shared"
	series=latest
	key=ovpn
	label="one ovpn tunnel"
	modules=ovpn
	;;
*)
	echo "usage: $0 ipsec|ovpn" >&2
	exit 2
	;;
esac

if ! command -v iperf3 >/dev/null; then
	echo "bench-$path: iperf3 is not installed on the host, so not in the VM" \
		"(apt-get install iperf3)" >&2
	exit 1
fi

# The guest's script: variables first, then the fixed body.
guest() {
	printf "kb_cmd='%s'\nkey='%s'\nmodules='%s'\n" "$kb_cmd" "$key" "$modules"
	cat <<'EOF'
echo "# kernel $(uname -r), $(grep -c '^processor' /proc/cpuinfo) CPUs"
if ! command -v iperf3 >/dev/null; then
	echo "# FAILED: no iperf3 in the initramfs (see tests/vm/initramfs.sh)"
	exit 1
fi
for m in $modules; do
	if ! modprobe "$m" 2>/tmp/modprobe.err; then
		echo "# FAILED: modprobe $m"
		sed 's/^/#   /' /tmp/modprobe.err
		exit 1
	fi
done
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

bench_boot "# bench-$path: kaesbench $path's generator and iperf3 through $label, one VM boot ($series)" \
	"$series"

echo
echo "in the guest: $kb_cmd"
echo
# Received per second by each, their ratio, and what each sent and lost
# (the generator's median measurement; iperf3's run).
printf '%7s  %12s  %12s  %7s  %22s  %22s\n' packet generator/s iperf3/s ratio \
	"generator sent/lost" "iperf3 sent/lost"
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
exit "$rc"
