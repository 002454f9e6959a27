# SPDX-License-Identifier: GPL-2.0
# kaesbench-test: module=loaded
# What `make install` puts on a test machine: the rig runs it against this
# kernel's headers into a staging tree (DESTDIR=/opt/kaesbench/installed),
# copied here to / as a package would be. The module then loads by name
# after depmod, the tool runs from where it was installed, man finds the
# page. Leaves the module loaded, or not, as it found it.

INSTALLED=/opt/kaesbench/installed
WAS_LOADED=/tmp/kaesbench-was-loaded

installed_tree_copied() {
	[ -d $INSTALLED ] || fail "the rig staged no make install"
	grep -q '^kaesbench ' /proc/modules && : >$WAS_LOADED
	(cd $INSTALLED && find . -type f | sort)
	# A copy put in the modules tree by hand (90-lifecycle.sh's) goes first,
	# so that only the installed module answers to its name.
	rm -f "/lib/modules/$(uname -r)/extra/kaesbench.ko"
	cp -a $INSTALLED/. / || fail "cannot copy the staged tree"
	depmod || fail "depmod failed"
}

modprobe_loads_installed() {
	if grep -q '^kaesbench ' /proc/modules; then
		unload kaesbench || fail "rmmod failed"
	fi
	path=$(modinfo -n kaesbench) || fail "modinfo does not find kaesbench"
	echo "$path"
	case $path in
	/lib/modules/"$(uname -r)"/extra/kmod/kaesbench.ko*) ;;
	*) fail "not the module make install put in extra/" ;;
	esac
	modprobe kaesbench || fail "modprobe kaesbench failed"
	grep -q '^kaesbench ' /proc/modules || fail "not loaded"
}

installed_tool_lists() {
	/usr/local/sbin/kaesbench --version || fail "no tool in /usr/local/sbin"
	/usr/local/sbin/kaesbench list >/tmp/list || fail "list failed"
	head -n 5 /tmp/list
	grep -q "$CPU_CBC" /tmp/list || fail "${CPU_CBC} not listed"
}

man_finds_page() {
	# man-db's man with Debian's manpath.config, which maps a tool's
	# directory on PATH to its manual tree.
	page=$(PATH=/usr/local/sbin:$PATH man -w kaesbench 2>/dev/null) ||
		fail "man -w kaesbench found nothing"
	echo "$page"
	[ "$page" = /usr/local/share/man/man8/kaesbench.8 ] ||
		fail "not the installed page"
	grep -q '^\.TH KAESBENCH 8' "$page" || fail "not a kaesbench(8) page"
}

module_state_restored() {
	if [ -e $WAS_LOADED ]; then
		grep -q '^kaesbench ' /proc/modules || modprobe kaesbench ||
			fail "cannot reload"
	elif grep -q '^kaesbench ' /proc/modules; then
		unload kaesbench || fail "cannot unload"
	fi
}

ktap_test "make install's staged tree installs: module, tool, man page" \
	installed_tree_copied
ktap_test "modprobe kaesbench loads the installed module after depmod" \
	modprobe_loads_installed
ktap_test "the installed tool lists the implementations" installed_tool_lists
ktap_test "man finds the installed kaesbench(8)" man_finds_page
ktap_test "the module is loaded as before the install test" \
	module_state_restored
