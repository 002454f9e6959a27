#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Fails on any cycle of #include "..." lines between the files of each
# folder given: a file includes one that includes it back, directly or
# through others. A .c file and the .h of the same name are one node, for
# a header declares what its .c file defines: kernel/runner.c including
# bench/measure.h while bench/measure.c includes kernel/runner.h is a cycle.
# Each cycle is printed with the #include line behind each of its steps.
#
# An include is looked up beside the including file, then at the top of the
# folder it belongs to (the tool builds with -I. there); an include found
# in neither (the UAPI header, a system header) is no part of the graph.
#
# usage: scripts/include-cycles.sh DIR...    (default: user kmod)

set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
[ $# -gt 0 ] || set -- user kmod

# One line per include between two nodes: FROM TO FILE:LINE: TEXT
edges() {
	for root in "$@"; do
		root=${root%/}
		[ -d "$root" ] || {
			echo "include-cycles: no folder $root" >&2
			exit 2
		}
		find "$root" -name '*.[ch]' | LC_ALL=C sort | while read -r file; do
			dir=$(dirname "$file")
			grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$file" |
				while IFS= read -r line; do
					name=${line#*\"}
					name=${name%%\"*}
					if [ -f "$dir/$name" ]; then
						target=$dir/$name
					elif [ -f "$root/$name" ]; then
						target=$root/$name
					else
						continue
					fi
					# ./ and ../ out of the path, so that a node has one name.
					target=$(realpath -m --relative-to="$top" "$target")
					from=${file%.[ch]}
					to=${target%.[ch]}
					[ "$from" = "$to" ] && continue
					printf '%s %s %s:%s\n' "$from" "$to" "$file" "$line"
				done
		done
	done
}

edges "$@" | awk '
{
	from = $1; to = $2
	$1 = ""; $2 = ""
	sub(/^  /, "")
	if (!((from, to) in why)) {
		why[from, to] = $0
		out[from] = out[from] " " to
		edge[++n] = from SUBSEP to
	}
}

# The shortest path from s to t, as "s a b ... t", or "" if there is none.
function path(s, t,    head, tail, q, prev, seen, u, i, k, next_, p) {
	head = 1; tail = 0
	q[++tail] = s; seen[s] = 1
	while (head <= tail) {
		u = q[head++]
		if (u == t)
			break
		k = split(out[u], next_, " ")
		for (i = 1; i <= k; i++)
			if (!(next_[i] in seen)) {
				seen[next_[i]] = 1
				prev[next_[i]] = u
				q[++tail] = next_[i]
			}
	}
	if (!(t in seen))
		return ""
	p = t
	for (u = t; u != s; u = prev[u])
		p = prev[u] " " p
	return p
}

END {
	for (e = 1; e <= n; e++) {
		split(edge[e], ft, SUBSEP)
		rest = path(ft[2], ft[1])
		if (rest == "")
			continue
		k = split(ft[1] " " rest, node, " ")
		# The same cycle from another edge: start it at its least node.
		least = 1
		for (i = 2; i < k; i++)
			if (node[i] < node[least])
				least = i
		key = ""
		for (i = 0; i < k - 1; i++)
			key = key " " node[(least - 1 + i) % (k - 1) + 1]
		if (key in done)
			continue
		done[key] = 1
		cycles++
		line = ""
		for (i = 0; i < k; i++)
			line = line (i ? " -> " : "") node[(least - 1 + i) % (k - 1) + 1]
		print "include cycle: " line
		for (i = 0; i < k - 1; i++) {
			a = node[(least - 1 + i) % (k - 1) + 1]
			b = node[(least + i) % (k - 1) + 1]
			print "    " why[a, b]
		}
	}
	if (cycles) {
		print "include-cycles: " cycles " cycle(s)"
		exit 1
	}
}
'
