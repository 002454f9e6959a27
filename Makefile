# SPDX-License-Identifier: GPL-2.0
#
# kaesbench: the module (kmod/), the tool (user/) and their tests.
#
#   make              build module and tool (KDIR= or KERNELDIR= picks the
#                     kernel build tree; default: the running kernel's)
#   make ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu- KDIR=...
#                     the same for arm64, in a clean tree: the module
#                     against arm64 headers, the tool against an unpacked
#                     arm64 Debian userland (scripts/sysroot.sh)
#   make run ARCH=arm64  the sweep in an arm64 VM (Debian 12's 6.12)
#   make run          benchmark this machine, or a VM if it cannot load modules
#   make check        unit tests, static checks, the VM suite on 6.1, 6.12,
#                     Debian sid's latest and arm64's 6.12 (tests/check.mk)
#   make check-full   the same, with arm64's 6.1 too
#   make check-next   the kernels make check leaves out: Debian
#                     experimental's next release (7.3-rc) and Debian 12's
#                     PREEMPT_RT kernel, the whole VM suite on each and the
#                     host stages that build for them (tests/check.mk)
#   make fuzz         the tool's parsers under libFuzzer on this host
#                     (FUZZ_SECONDS=300 each), then the netlink fuzzer's
#                     long run in a 6.12 VM (FUZZ_COUNT=1000000 messages),
#                     for before a release
#   make include-cycles  fails on a cycle of #include lines in user/ or kmod/,
#                     and on an include against user/'s folder order
#                     (user/layers)
#   make check-vm     the VM suite on SERIES (default 6.12), or only the
#                     files TESTS names: SERIES="6.12 latest" TESTS=60-verify
#   make check-arm64  the VM suite on both arm64 kernels (Debian 12's 6.1
#                     and 6.12; make check boots part of it on 6.12, for time)
#   make check-lava   Debian's lava-dispatcher runs contrib/lava's job on
#                     a QEMU device booting the rig's 6.12 (LAVA_SERIES=),
#                     as make check does
#   make check-debug  the VM suite on a debug 6.12 (KASAN, kmemleak, lockdep),
#                     built from Debian's source on first use (long)
#   make bench        kaesbench against tcrypt in one VM boot, then what
#                     checking measured requests costs (benchmarks)
#   make bench-openssl the OpenSSL path against openssl speed, on this host
#   make bench-afalg  the AF_ALG path against cryptsetup benchmark, in a VM
#   make bench-ipsec  kaesbench ipsec's generator against iperf3 through
#                     one ESP tunnel, in a VM
#   make bench-ovpn   kaesbench ovpn's generator against iperf3 through
#                     one ovpn tunnel, in a VM of series latest
#   make bench-tls    kaesbench tls's kTLS sender and receiver against
#                     OpenSSL's own kTLS transfer at 16 KiB records, in a
#                     VM of series latest
#   make style        checkpatch --strict on the module
#   make sparse       sparse and W=1 against KDIR
#   make install      module (modules_install, depmod), tool, man page and
#                     bash completion; DESTDIR= stages everything,
#                     INSTALL_MOD_PATH= the module alone, PREFIX= the rest
#                     (install-module, install-tool: one half)
#   make uninstall    removes exactly what make install put
#   make dkms-source  the module's sources, with dkms.conf, in
#                     $(DESTDIR)/usr/src/kaesbench-VERSION for dkms add

KERNELDIR ?= /lib/modules/$(shell uname -r)/build
KDIR ?= $(KERNELDIR)

PREFIX ?= /usr/local
DESTDIR ?=
INSTALL_MOD_PATH ?= $(DESTDIR)
# Where the distribution's own kernels put out-of-tree modules; the same
# on 6.1, whose kbuild default is "extra", and 6.12, whose default is
# "updates".
INSTALL_MOD_DIR ?= extra
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
DEPMOD ?= depmod
# The release the module is built for (its vermagic), which need not be the
# running one; Debian's 6.1 headers hold another in kernel.release.
KVER = $(shell sed -n 's/^\#define UTS_RELEASE "\(.*\)"$$/\1/p' \
	"$(KDIR)/include/generated/utsrelease.h" 2>/dev/null)
MODDIR = $(INSTALL_MOD_PATH)/lib/modules/$(KVER)
VERSION = $(shell sed -n 's/^\#define KAESBENCH_VERSION "\(.*\)"$$/\1/p' \
	include/kaesbench_version.h)
DKMS_SOURCE = $(DESTDIR)/usr/src/kaesbench-$(VERSION)
# Debian's headers configure signing at install (CONFIG_MODULE_SIG_ALL)
# without shipping the key: sign where the key is, rather than fail to,
# noisily, everywhere else (dkms signs with its own key).
SIG_KEY = $(shell sed -n 's/^CONFIG_MODULE_SIG_KEY="\{0,1\}\([^"]*\)"\{0,1\}$$/\1/p' \
	"$(KDIR)/include/config/auto.conf" 2>/dev/null)
NO_SIGN = $(if $(SIG_KEY),$(if $(filter pkcs11:%,$(SIG_KEY))$(wildcard \
	$(KDIR)/$(SIG_KEY) $(SIG_KEY)),,CONFIG_MODULE_SIG_ALL=))
export PREFIX DESTDIR

# The compiler the kernel was built with must build its modules. Debian's
# build trees name theirs (.kernelvariables: x86_64-linux-gnu-gcc-16);
# another tree builds with plain gcc, which is replaced by gcc-N when its
# major version is not the kernel's. CC= on the command line wins.
KCONFIG = $(KDIR)/include/config/auto.conf
KCC_TEXT = $(shell sed -n 's/^CONFIG_CC_VERSION_TEXT="\{0,1\}\([^"]*\)"\{0,1\}$$/\1/p' \
	"$(KCONFIG)" 2>/dev/null)
KGCC_MAJOR = $(shell sed -n 's/^CONFIG_GCC_VERSION=\([0-9]*\)[0-9]\{4\}$$/\1/p' \
	"$(KCONFIG)" 2>/dev/null)
GCC_MAJOR = $(shell gcc -dumpversion 2>/dev/null | cut -d. -f1)
# A kernel built natively for another architecture names a plain gcc-N:
# cross-building, its modules need $(CROSS_COMPILE)gcc-N.
DEBIAN_KCC_TEXT = $(if $(wildcard $(KDIR)/.kernelvariables),$(firstword $(KCC_TEXT)))
DEBIAN_KCC = $(if $(DEBIAN_KCC_TEXT),$(if $(filter $(CROSS_COMPILE)%,$(DEBIAN_KCC_TEXT)),,$(CROSS_COMPILE))$(DEBIAN_KCC_TEXT))
CC_GIVEN = $(filter command line,$(origin CC))
MODULE_CC = $(if $(CC_GIVEN)$(DEBIAN_KCC),,$(if $(and $(KGCC_MAJOR),$(filter-out \
	$(KGCC_MAJOR),$(GCC_MAJOR))),gcc-$(KGCC_MAJOR)))
NEEDED_CC = $(if $(CC_GIVEN),,$(or $(MODULE_CC),$(DEBIAN_KCC)))

# Cross-building (CROSS_COMPILE given): kbuild builds the module with it;
# the tool and the test tools build against ARCH's Debian userland,
# unpacked under .cache/sysroot, which names their compiler and libraries
# (scripts/sysroot.sh: nothing is installed into this machine).
CROSS_TOOL = $(if $(CROSS_COMPILE),scripts/sysroot.sh run $(ARCH))

all: module tool

module:
	@test -f "$(KDIR)/Makefile" || { \
		echo "kaesbench: no kernel build tree at $(KDIR)." >&2; \
		echo "Install the headers of the running kernel (apt-get install linux-headers-$$(uname -r))" >&2; \
		echo "or name a build tree: make KDIR=/path/to/linux" >&2; \
		exit 1; }
	@test -z "$(NEEDED_CC)" || command -v "$(NEEDED_CC)" >/dev/null || { \
		echo "kaesbench: $(KDIR) was built with $(KCC_TEXT);" >&2; \
		echo "its modules need $(NEEDED_CC), which this machine lacks." >&2; \
		echo "Install gcc-$(KGCC_MAJOR) (Debian: apt-get install gcc-$(KGCC_MAJOR))," \
			"or name a compiler: make CC=..." >&2; \
		exit 1; }
	$(MAKE) -C "$(KDIR)" M="$(CURDIR)" $(if $(MODULE_CC),CC=$(MODULE_CC)) modules

tool:
	$(CROSS_TOOL) $(MAKE) -C user

test-tools:
	$(CROSS_TOOL) $(MAKE) -C tests/tools

# ARCH=arm64 on another machine: the arm64 VM (scripts/run.sh --arch).
run:
	@scripts/run.sh $(if $(filter arm64,$(ARCH)),--arch arm64)

# tests/check.mk schedules the stages: -j3 for the two VMs and a host
# stage beside them; -k: a stage whose recipe cannot even start does not
# stop the others (a failed stage records its outcome and succeeds).
CHECK_MK = $(MAKE) --no-print-directory -f tests/check.mk \
	$(if $(filter check-full,$@),FULL=1) $(if $(filter check-next,$@),NEXT=1)
check check-full check-next:
	@$(CHECK_MK) prepare && $(CHECK_MK) -k -j3 check

FUZZ_COUNT ?= 1000000
FUZZ_SECONDS ?= 300
fuzz: tool test-tools
	@$(MAKE) -s -C tests/fuzz run FUZZ_SECONDS=$(FUZZ_SECONDS)
	@tests/vm/fuzz.sh $(FUZZ_COUNT)

include-cycles:
	@scripts/include-cycles.sh user kmod

# make check-vm SERIES="6.12 latest" TESTS=60-verify,40-run: the VM suite,
# or only the files TESTS names in the order given (tests/vm/rig.sh -t).
SERIES ?= 6.12
check-vm:
	@scripts/deps.sh check
	@$(MAKE) -s tool test-tools
	@tests/vm/rig.sh check $(SERIES) $(if $(TESTS),-t $(TESTS))

check-arm64:
	@scripts/deps.sh arm64
	@$(MAKE) -s tool test-tools
	@tests/vm/rig.sh check arm64-6.1 arm64-6.12

# LAVA_SERIES: the kernel series the LAVA device boots (make check: 6.12).
LAVA_SERIES ?= 6.12
check-lava:
	@scripts/deps.sh check
	@$(MAKE) -s tool test-tools
	@tests/lava/run.sh $(LAVA_SERIES)

check-debug:
	@scripts/deps.sh debug
	@$(MAKE) -s tool test-tools
	@tests/vm/rig.sh check debug

bench:
	@tests/bench/run.sh
	@tests/bench/check-cost.sh

bench-openssl: tool
	@tests/bench/openssl.sh

bench-afalg:
	@tests/bench/afalg.sh

bench-ipsec:
	@tests/bench/path.sh ipsec

bench-ovpn:
	@tests/bench/path.sh ovpn

bench-tls:
	@tests/bench/path.sh tls

style:
	scripts/lint.sh style

sparse:
	$(MAKE) -C "$(KDIR)" M="$(CURDIR)" C=2 W=1 modules

install: install-module install-tool

# The kernel's modules_install skips depmod without a System.map, which a
# headers package lacks: the index is updated here, where there is one. A
# staging tree for a package has none; its package runs depmod.
install-module: module
	$(MAKE) -C "$(KDIR)" M="$(CURDIR)" INSTALL_MOD_PATH="$(INSTALL_MOD_PATH)" \
		INSTALL_MOD_DIR="$(INSTALL_MOD_DIR)" $(NO_SIGN) modules_install
	$(call update_module_index)

install-tool: tool
	$(CROSS_TOOL) $(MAKE) -C user install
	install -D -m 0644 contrib/completion/kaesbench.bash \
		"$(DESTDIR)$(BASHCOMPDIR)/kaesbench"

uninstall: uninstall-module uninstall-tool

# modules_install puts the module where Kbuild builds it, in kmod/, and may
# have compressed it (CONFIG_MODULE_COMPRESS_ALL).
uninstall-module:
	@test -n "$(KVER)" || { \
		echo "kaesbench: no kernel build tree at $(KDIR) to name the release" >&2; \
		exit 1; }
	for suffix in '' .gz .xz .zst; do \
		rm -f "$(MODDIR)/$(INSTALL_MOD_DIR)/kmod/kaesbench.ko$$suffix"; \
	done
	rmdir "$(MODDIR)/$(INSTALL_MOD_DIR)/kmod" "$(MODDIR)/$(INSTALL_MOD_DIR)" \
		2>/dev/null || true
	$(call update_module_index)

uninstall-tool:
	$(MAKE) -C user uninstall
	rm -f "$(DESTDIR)$(BASHCOMPDIR)/kaesbench"

# What dkms needs to build the module, and no more: "make module".
dkms-source:
	rm -rf "$(DKMS_SOURCE)"
	mkdir -p "$(DKMS_SOURCE)"
	cp -r dkms.conf Makefile Kbuild kmod include "$(DKMS_SOURCE)/"
	$(MAKE) -C "$(DKMS_SOURCE)" clean-module

define update_module_index
	if [ -e "$(MODDIR)/modules.dep" ]; then \
		$(DEPMOD) $(if $(INSTALL_MOD_PATH),-b "$(INSTALL_MOD_PATH)") -a "$(KVER)"; \
	else \
		echo "kaesbench: no module index in $(MODDIR): depmod $(KVER) left to the package"; \
	fi
endef

clean: clean-module
	$(MAKE) -C user clean
	$(MAKE) -C tests/tools clean
	$(MAKE) -C tests/fuzz clean

clean-module:
	rm -f kmod/*.o kmod/*.ko kmod/*.mod kmod/*.mod.c kmod/.*.cmd \
		kmod/modules.order .*.cmd modules.order Module.symvers

.PHONY: all module tool test-tools run check check-full check-next check-vm check-arm64 check-lava check-debug fuzz include-cycles bench bench-openssl bench-afalg bench-ipsec bench-ovpn bench-tls \
	style sparse install install-module install-tool uninstall uninstall-module \
	uninstall-tool dkms-source clean clean-module
