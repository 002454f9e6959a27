# SPDX-License-Identifier: GPL-2.0
#
# kaesbench: the module (kmod/), the tool (user/) and their tests.
#
#   make              build module and tool (KDIR= or KERNELDIR= picks the
#                     kernel build tree; default: the running kernel's)
#   make run          benchmark this machine, or a VM if it cannot load modules
#   make check        unit tests, static checks, the VM suite on 6.1 and 6.12
#   make check-debug  the VM suite on a debug 6.12 (KASAN, kmemleak, lockdep),
#                     built from Debian's source on first use (long)
#   make bench        kaesbench against tcrypt in one VM boot (a benchmark)
#   make bench-openssl the OpenSSL path against openssl speed, on this host
#   make bench-afalg  the AF_ALG path against cryptsetup benchmark, in a VM
#   make style        checkpatch --strict on the module
#   make sparse       sparse and W=1 against KDIR
#   make install      module (modules_install), tool and man page

KERNELDIR ?= /lib/modules/$(shell uname -r)/build
KDIR ?= $(KERNELDIR)

all: module tool

module:
	@test -f "$(KDIR)/Makefile" || { \
		echo "kaesbench: no kernel build tree at $(KDIR)." >&2; \
		echo "Install the headers of the running kernel (apt-get install linux-headers-$$(uname -r))" >&2; \
		echo "or name a build tree: make KDIR=/path/to/linux" >&2; \
		exit 1; }
	$(MAKE) -C "$(KDIR)" M="$(CURDIR)" modules

tool:
	$(MAKE) -C user

test-tools:
	$(MAKE) -C tests/tools

run:
	@scripts/run.sh

check:
	@tests/check.sh

check-debug:
	@scripts/deps.sh debug
	@$(MAKE) -s tool test-tools
	@tests/vm/rig.sh check debug

bench:
	@tests/bench/run.sh

bench-openssl: tool
	@tests/bench/openssl.sh

bench-afalg:
	@tests/bench/afalg.sh

style:
	scripts/lint.sh style

sparse:
	$(MAKE) -C "$(KDIR)" M="$(CURDIR)" C=2 W=1 modules

install: all
	$(MAKE) -C "$(KDIR)" M="$(CURDIR)" modules_install
	depmod -a
	$(MAKE) -C user install

clean:
	$(MAKE) -C user clean
	$(MAKE) -C tests/tools clean
	rm -f kmod/*.o kmod/*.ko kmod/*.mod kmod/*.mod.c kmod/.*.cmd \
		kmod/modules.order .*.cmd modules.order Module.symvers

.PHONY: all module tool test-tools run check check-debug bench bench-openssl bench-afalg style sparse install clean
