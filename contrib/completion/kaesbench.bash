# bash completion for kaesbench(8)                         -*- shell-script -*-
# SPDX-License-Identifier: GPL-2.0
#
# Commands and options are read from the tool's own --help, so that this
# file never lags behind the tool; implementation and algorithm names come
# from /proc/crypto, as the module would list them. Needs bash-completion.

# _kaesbench_crypto FIELD: the FIELD ("name" or "driver") of every AES
# entry of /proc/crypto that kaesbench lists: "aes" a component of the
# name, a cipher, (l)skcipher or aead.
_kaesbench_crypto()
{
    awk -v want="$1" '
        function flush() {
            if (f["name"] ~ /(^|[^[:alnum:]])aes([^[:alnum:]]|$)/ &&
                f["type"] ~ /^(cipher|skcipher|lskcipher|aead)$/)
                print f[want]
            split("", f)
        }
        /^$/ { flush(); next }
        { k = $0; sub(/[ \t]*:.*/, "", k); v = $0; sub(/^[^:]*: ?/, "", v); f[k] = v }
        END { flush() }' /proc/crypto 2>/dev/null | sort -u
}

# _kaesbench_options TOOL [COMMAND]: one "OPTION ARGUMENT" line per option
# of the help text ("-" for an option without argument), short and long.
_kaesbench_options()
{
    "$@" --help 2>/dev/null | awk '
        $1 ~ /^-/ {
            i = 1
            if ($1 ~ /^-[[:alnum:]],$/) { short = substr($1, 1, 2); i = 2 }
            else short = ""
            if ($i !~ /^--[[:alnum:]-]+$/) next
            arg = $(i + 1) ~ /^\[?[A-Z][A-Z0-9_.]*\]?$/ ? $(i + 1) : "-"
            if (short != "") print short, arg
            print $i, arg
        }'
}

_kaesbench()
{
    local cur prev words cword split
    _init_completion -s || return

    local tool=${words[0]} cmd="" i
    local commands
    commands=$("$tool" --help 2>/dev/null |
        awk '/^Commands:|Commands:$/ { on = 1; next }
             on && /^  [a-z]/ { printf "%s ", $1 } on && /^$/ { on = 0 }')
    for ((i = 1; i < cword; i++)); do
        [[ ${words[i]} == -* ]] && break
        if [[ " $commands " == *" ${words[i]} "* ]]; then
            cmd=${words[i]}
            break
        fi
    done

    # Without a command, the tool takes the sweep's options, and its own.
    local opts
    if [[ -n $cmd ]]; then
        opts=$(_kaesbench_options "$tool" "$cmd")
    else
        opts=$(_kaesbench_options "$tool" sweep
            printf '%s -\n' --help --version)
    fi

    local arg
    arg=$(awk -v o="$prev" '$1 == o { print $2; exit }' <<<"$opts")
    if [[ -n $arg && $arg != - ]]; then
        case $prev in
        -d | --driver)
            _kaesbench_reply "$(_kaesbench_crypto driver)"
            ;;
        -a | --algorithm)
            _kaesbench_reply "$(_kaesbench_crypto name)"
            ;;
        --paths)
            _kaesbench_list kernel afalg openssl
            ;;
        -k | --key-bits)
            mapfile -t COMPREPLY < <(compgen -W '128 192 256' -- "$cur")
            ;;
        --context)
            mapfile -t COMPREPLY < <(compgen -W 'thread softirq' -- "$cur")
            ;;
        *)
            # FILE, FILE.svg, DIR: a path; numbers and specs: nothing.
            [[ $arg == *FILE* || $arg == *DIR* ]] && _filedir
            ;;
        esac
        return
    fi
    $split && return

    if [[ $cur == -* ]]; then
        mapfile -t COMPREPLY < <(compgen -W "$(awk '{ print $1 }' <<<"$opts")" -- "$cur")
        [[ ${COMPREPLY-} == *= ]] && compopt -o nospace
    elif [[ -z $cmd ]]; then
        mapfile -t COMPREPLY < <(compgen -W "$commands" -- "$cur")
    elif "$tool" "$cmd" --help 2>/dev/null | head -n 3 |
        grep -q -e 'FILE' -e '\.json'; then
        # A command that takes files (compare OLD.json NEW.json).
        _filedir
    fi
}

# _kaesbench_reply WORDS: complete names such as "cbc(aes)", whose parentheses
# the shell must see quoted: readline quotes what it inserts as it would a
# file name, and $cur, as typed ('cbc( or cbc\(), is unquoted to match.
_kaesbench_reply()
{
    local IFS=$'\n' name typed=${cur#[\'\"]}
    typed=${typed//\\/}
    COMPREPLY=()
    for name in $1; do
        [[ $name == "$typed"* ]] && COMPREPLY+=("$name")
    done
    compopt -o filenames
}

# _kaesbench_list ITEM...: a comma-separated list of ITEMs.
_kaesbench_list()
{
    local head=""
    [[ $cur == *,* ]] && head=${cur%,*},
    mapfile -t COMPREPLY < <(compgen -P "$head" -W "$*" -- "${cur##*,}")
    compopt -o nospace
}

complete -F _kaesbench kaesbench
