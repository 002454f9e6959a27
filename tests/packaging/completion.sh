#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The bash completion (contrib/completion/kaesbench.bash), called as
# readline would call it, with the tool built in user/: commands, each
# command's options, option values, and implementation names from this
# host's /proc/crypto.
#
# usage: tests/packaging/completion.sh

set -u

top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/packaging/lib.sh"

bash_completion=/usr/share/bash-completion/bash_completion
[ -r "$bash_completion" ] || {
	echo "completion: $bash_completion missing: apt-get install bash-completion" >&2
	exit 1
}
[ -x "$top/user/kaesbench" ] || {
	echo "completion: build the tool first (make tool)" >&2
	exit 1
}

# complete LINE: the replies for a cursor at the end of LINE, one a line,
# sorted. Words are split as readline splits them with the default
# COMP_WORDBREAKS, quotes kept.
complete_line() {
	PATH=$top/user:$PATH bash -c '
		. "$1" && . "$2" || exit 1
		COMP_LINE=$3
		COMP_POINT=${#COMP_LINE}
		eval "COMP_WORDS=($3)" 2>/dev/null || COMP_WORDS=($3)
		[[ $3 == *" " ]] && COMP_WORDS+=("")
		COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
		_kaesbench 2>/dev/null
		printf "%s\n" "${COMPREPLY[@]}"' complete \
		"$bash_completion" "$top/contrib/completion/kaesbench.bash" "$1" |
		sed '/^$/d' | sort
}

# offers LINE WORD...: every WORD is among the replies.
offers() {
	line=$1
	shift
	replies=$(complete_line "$line")
	for want in "$@"; do
		printf '%s\n' "$replies" | grep -qxF -- "$want" || {
			echo "\"$line\" does not offer \"$want\"; it offers:"
			printf '%s\n' "$replies"
			return 1
		}
	done
}

# offers_only LINE WORD...: the replies are exactly the WORDs.
offers_only() {
	line=$1
	shift
	replies=$(complete_line "$line")
	want=$(printf '%s\n' "$@" | sort)
	[ "$replies" = "$want" ] || {
		echo "\"$line\" offers:"
		printf '%s\n' "$replies"
		echo "instead of:"
		printf '%s\n' "$want"
		return 1
	}
}

# The AES entries of /proc/crypto that kaesbench lists (as in
# tests/vm/guest/tests/20-list.sh), by FIELD.
proc_crypto_aes() {
	awk -v want="$1" -F ' *: ' '
		/^$/ { if (n ~ /(^|[^a-z0-9])aes([^a-z0-9]|$)/ &&
			   t ~ /^(cipher|skcipher|lskcipher|aead)$/) print f[want]
		       n = t = ""; next }
		{ f[$1] = $2 } $1 == "name" { n = $2 } $1 == "type" { t = $2 }' \
		/proc/crypto | sort -u
}

drivers_from_proc_crypto() {
	want=$(proc_crypto_aes driver)
	[ -n "$want" ] || {
		echo "no AES entry in /proc/crypto"
		return 1
	}
	got=$(complete_line "kaesbench run -d ")
	[ "$got" = "$want" ] || {
		echo "offered:"
		echo "$got"
		echo "/proc/crypto's AES drivers:"
		echo "$want"
		return 1
	}
}

check "commands" offers "kaesbench " sweep run verify list help compare plot \
	report doctor priority
check "a command by its prefix" offers_only "kaesbench ve" verify
check "run's options, read from its --help" offers "kaesbench run --" \
	--driver --algorithm --all-impls --paths --key-bits --sizes --time \
	--samples --warmup --decrypt --depth --aad --tag --no-verify --imix \
	--context --json --help
check "verify's short options" offers "kaesbench verify -" -d -a -k -j -h
check "list's options" offers_only "kaesbench list --" --json --dump --help
check "report's options" offers_only "kaesbench report --" --output --csv \
	--baseline --help
check "report -o: a file" offers "kaesbench report -o $top/tests/report/d" \
	"$top/tests/report/data"
check "report: its saved runs are files" \
	offers "kaesbench report $top/tests/report/d" "$top/tests/report/data"
check "without a command: the sweep's options and --version" \
	offers "kaesbench --" --paths --sizes --version --help
check "-d: every AES driver of /proc/crypto" drivers_from_proc_crypto
check "-a: algorithm names, found typed inside quotes" \
	offers "kaesbench run -a 'cb" "cbc(aes)"
check "--algorithm=: the value after =" \
	offers "kaesbench verify --algorithm=ae" aes
check "--paths: a comma-separated list" \
	offers_only "kaesbench run --paths kernel,o" kernel,openssl
check "-k: key lengths" offers_only "kaesbench run -k " 128 192 256
check "--context: where the driver is called from" \
	offers_only "kaesbench run --context " softirq thread
check "verify --context too" offers_only "kaesbench verify --context s" softirq
check "a number takes no completion" offers_only "kaesbench run --depth "

checks_done "completion"
