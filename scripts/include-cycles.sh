#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Fails on any cycle of #include "..." lines between the files of each
# folder given: a file includes one that includes it back, directly or
# through others. A .c file and the .h of the same name are one node, for
# a header declares what its .c file defines: bench/runner.c including
# bench/measure.h while bench/measure.c includes bench/runner.h is a cycle.
# Each group of files that include each other is named, with its shortest
# cycle and the #include line behind each of its steps.
#
# A folder given with a file "layers" (user/layers) declares the order of
# its subfolders, lowest first; then an include from a folder into one
# above it fails too, named by its file:line and the two folders, and so
# does a subfolder the file does not list. Cycles between folders are
# what that order forbids; the check of files finds the rest.
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
for root in "$@"; do
	[ -d "$root" ] || {
		echo "include-cycles: no folder $root" >&2
		exit 2
	}
done

# One line per include between two nodes: FROM TO FILE:LINE: TEXT
edges() {
	for root in "$@"; do
		root=${root%/}
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

# Each include of a folder given with a "layers" file against its order.
# $1: the folder; reads the lines of edges() for it.
against_order() {
	awk -v root="$1" -v layers="$1/layers" '
	BEGIN {
		while ((getline line < layers) > 0) {
			sub(/#.*/, "", line)
			gsub(/[[:space:]]/, "", line)
			if (line != "")
				rank[line] = ++n
		}
	}
	# The folder of a node, relative to root: "." at its top.
	function folder(node,    d) {
		d = substr(node, length(root) + 2)
		if (d !~ /\//)
			return "."
		sub(/\/[^\/]*$/, "", d)
		return d
	}
	function known(d) {
		if (d in rank)
			return 1
		if (!(d in told))
			print "include-cycles: " root "/" d "/ is in no line of " layers
		told[d] = 1
		bad = 1
		return 0
	}
	{
		from = folder($1); to = folder($2)
		$1 = ""; $2 = ""
		sub(/^  /, "")
		if (from == to || !known(from) || !known(to))
			next
		if (rank[from] < rank[to]) {
			print "include against the folder order: " $0
			print "    " from "/ is below " to "/ in " layers
			bad = 1
		}
	}
	END {
		if (bad)
			exit 1
	}
	'
}

status=0
for root in "$@"; do
	root=${root%/}
	if [ -f "$root/layers" ]; then
		edges "$root" | against_order "$root" || status=1
	fi
done

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
		node_set[ft[1]] = 1
		node_set[ft[2]] = 1
	}
	# Files that include each other, through any others, form one group.
	for (u in node_set)
		for (v in node_set)
			if (u < v && path(u, v) != "" && path(v, u) != "") {
				same[u, v] = 1
				same[v, u] = 1
			}
	nn = 0
	for (u in node_set)
		sorted[++nn] = u
	for (i = 1; i <= nn; i++)
		for (j = i + 1; j <= nn; j++)
			if (sorted[j] < sorted[i]) {
				t = sorted[i]; sorted[i] = sorted[j]; sorted[j] = t
			}
	for (i = 1; i <= nn; i++) {
		u = sorted[i]
		if (u in grouped)
			continue
		members = u
		for (j = i + 1; j <= nn; j++)
			if ((u, sorted[j]) in same) {
				members = members " " sorted[j]
				grouped[sorted[j]] = 1
			}
		if (members == u)
			continue
		grouped[u] = 1
		groups++
		# The shortest cycle of the group, to show which includes close it.
		best = ""
		k = split(members, m, " ")
		for (a = 1; a <= k; a++)
			for (b = 1; b <= k; b++)
				if ((m[a], m[b]) in why) {
					rest = path(m[b], m[a])
					if (rest != "" && (best == "" ||
					    split(rest, x, " ") < split(best, y, " ") - 1))
						best = m[a] " " rest
				}
		c = split(best, node, " ")
		line = ""
		for (a = 1; a <= c; a++)
			line = line (a > 1 ? " -> " : "") node[a]
		print "include cycle: " line
		for (a = 1; a < c; a++)
			print "    " why[node[a], node[a + 1]]
		if (k > c - 1)
			print "  files that include each other: " members
	}
	if (groups) {
		print "include-cycles: " groups " group(s) of files including each other"
		exit 1
	}
}
' || status=1
exit "$status"
