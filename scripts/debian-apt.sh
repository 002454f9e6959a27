#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# apt-get and apt-cache against a Debian suite this machine's own apt does
# not follow (sid, for the newest kernel; experimental, for the next), or
# for an architecture it does not (its own release for arm64), through a
# private configuration:
# its own sources list, package lists and download cache under
# $KAESBENCH_CACHE/apt/SUITE. The system's sources, lists and dpkg
# database are never read for it nor written. The mirror is the one this
# machine's apt sources name.
#
# usage: scripts/debian-apt.sh SUITE apt-get|apt-cache ARGS...
#        scripts/debian-apt.sh which PACKAGE   prints "system" when this
#                                              machine's apt knows PACKAGE,
#                                              else the first of $SUITES
#                                              (default: sid experimental)
#                                              that does
#
# SUITE "system" is this machine's own apt configuration, unchanged.
# experimental is a partial suite, what differs from sid only, and its
# configuration has experimental alone: a kernel's packages (image,
# binary, modules, base, headers, kbuild) are all there, and apt-cache's
# candidate is experimental's, not sid's; what it depends on from sid
# (the compiler) comes from sid's configuration (scripts/kbuild.sh).
# A private suite's lists are refreshed when they are a day old. Package
# Architectures: amd64 and arm64 (the rig boots both).

set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
cache=${KAESBENCH_CACHE:-$top/.cache}
keyring=/usr/share/keyrings/debian-archive-keyring.gpg

# The URIs this machine's apt sources name.
source_uris() {
	# shellcheck disable=SC2046 # a file list
	sed -n -e 's/^URIs: *\([^ ]*\).*/\1/p' \
		-e 's/^deb \(\[[^]]*\] \)\{0,1\}\([^ ]*\) .*/\2/p' \
		$(ls /etc/apt/sources.list /etc/apt/sources.list.d/*.list \
			/etc/apt/sources.list.d/*.sources 2>/dev/null)
}

# The Debian archive this machine's apt uses (not its security archive).
mirror() {
	uri=$(source_uris | grep -v security | grep -E '/debian/?$' | head -n 1)
	[ -n "$uri" ] || {
		echo "debian-apt: no Debian mirror in this machine's apt sources" \
			"(/etc/apt/sources.list*)" >&2
		exit 1
	}
	echo "${uri%/}"
}

# The suite lines of SUITE. This machine's own release (bookworm on
# Debian 12) also gets its updates and security suites, as the system's
# sources have them: its kernels are there (the arm64 series).
suite_lines() {
	echo "deb [signed-by=$keyring] $(mirror) $1 main"
	# shellcheck disable=SC1091 # the machine's
	[ "$1" = "$(. /etc/os-release && echo "${VERSION_CODENAME:-}")" ] ||
		return 0
	echo "deb [signed-by=$keyring] $(mirror) $1-updates main"
	security=$(source_uris | grep -E '/debian-security/?$' | head -n 1)
	[ -z "$security" ] ||
		echo "deb [signed-by=$keyring] ${security%/} $1-security main"
}

# Writes SUITE's configuration unless it is there; prints its file.
configure() {
	dir=$cache/apt/$1
	conf=$dir/apt.conf
	if [ ! -e "$conf" ]; then
		mkdir -p "$dir/lists/partial" "$dir/archives/partial" "$dir/empty"
		: >"$dir/status"
		suite_lines "$1" >"$dir/sources.list"
		# Check-Valid-Until: a mirror that is a snapshot serves a Release
		# whose validity has run out; the signature is still checked.
		cat >"$conf.tmp" <<-EOF
			Dir::Etc::SourceList "$dir/sources.list";
			Dir::Etc::SourceParts "$dir/empty";
			Dir::Etc::Parts "$dir/empty";
			Dir::Etc::Preferences "$dir/empty/none";
			Dir::Etc::PreferencesParts "$dir/empty";
			Dir::State::Lists "$dir/lists";
			Dir::State::status "$dir/status";
			Dir::Cache "$dir";
			Dir::Cache::Archives "$dir/archives";
			APT::Architectures { "amd64"; "arm64"; };
			APT::Sandbox::User "root";
			Acquire::Languages "none";
			Acquire::Check-Valid-Until "false";
		EOF
		mv "$conf.tmp" "$conf"
	fi
	echo "$conf"
}

# Refreshes SUITE's lists when they are missing or a day old.
refresh() {
	conf=$1
	lists=$(dirname "$conf")/lists
	fresh=$(find "$lists" -maxdepth 1 -name '*_Packages*' -mtime -1 |
		head -n 1)
	[ -n "$fresh" ] && return 0
	APT_CONFIG=$conf apt-get update -q >&2 || {
		echo "debian-apt: cannot fetch the package lists of Debian" \
			"$(basename "$(dirname "$conf")") from $(mirror)" >&2
		exit 1
	}
}

known() {
	"$@" show "$package" >/dev/null 2>&1
}

case "${1:-}" in
which)
	package=$2
	if known apt-cache; then
		echo system
		exit 0
	fi
	for suite in ${SUITES:-sid experimental}; do
		if known "$0" "$suite" apt-cache; then
			echo "$suite"
			exit 0
		fi
	done
	echo "debian-apt: no Debian suite here has $package" \
		"(system, ${SUITES:-sid experimental})" >&2
	exit 1
	;;
system)
	shift
	exec "$@"
	;;
'' | -*)
	echo "usage: $0 SUITE apt-get|apt-cache ARGS... | which PACKAGE" >&2
	exit 2
	;;
*)
	conf=$(configure "$1")
	shift
	refresh "$conf"
	APT_CONFIG=$conf exec "$@"
	;;
esac
