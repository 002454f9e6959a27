#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Writes a LAVA job for make check's LAVA stage from the job template
(contrib/lava/qemu-job.yaml), its placeholders filled, in one of three
scenarios:

  pass      the template's job, then the test driver that computes wrong
            results (tests/modules/kaesbench_broken.ko) loaded and
            kaesbench.yaml verifying again, as kaesbench-broken: its
            implementation must be reported as failing
  no-boot   the kernel finds no init and panics: the device never boots
  dies      the kernel panics 20 s into kaesbench.yaml: a run that dies
            mid-way

The template is for an amd64 device; ARCH arm64 makes it an arm64 one,
as a lab would write it: the qemu device type's arm64 command
(qemu-system-aarch64) with the rig's machine and CPU, and the PL011 as
the console.

usage: job.py TEMPLATE SCENARIO ARCH KERNEL_URL RAMDISK_URL REPOSITORY
              REVISION TAG OUT.yaml
"""

import sys

import yaml

BROKEN = "/opt/kaesbench/kaesbench_broken.ko"


def inline(name, description, steps):
    return {
        "from": "inline",
        "name": name,
        "path": "inline/%s.yaml" % name,
        "repository": {
            "metadata": {
                "format": "Lava-Test Test Definition 1.0",
                "name": name,
                "description": description,
            },
            "run": {"steps": steps},
        },
    }


def action(job, kind):
    return next(a[kind] for a in job["actions"] if kind in a)


def scenario(job, name):
    test = action(job, "test")
    kaesbench = test["definitions"][0]
    if name == "pass":
        # Seed 1 draws a long enough encryption by its 82nd case.
        broken = dict(kaesbench, name="kaesbench-broken")
        broken["parameters"] = {"SWEEP": "false", "CASES": "128", "SEED": "1"}
        test["definitions"] += [
            inline(
                "load-broken",
                "the test driver that computes wrong results",
                ["lava-test-case load-broken --shell insmod %s" % BROKEN],
            ),
            broken,
        ]
    elif name == "no-boot":
        kernel = action(job, "deploy")["images"]["kernel"]
        kernel["image_arg"] = kernel["image_arg"].replace(
            "rdinit=/init", "rdinit=/no-such-init"
        )
        action(job, "boot")["timeout"] = {"minutes": 2}
    elif name == "dies":
        test["definitions"].insert(
            0,
            inline(
                "crash-later",
                "a kernel panic 20 s from now",
                ["(sleep 20; echo c > /proc/sysrq-trigger) >/dev/null 2>&1 &"],
            ),
        )
    else:
        sys.exit("job.py: unknown scenario %r (pass, no-boot, dies)" % name)


def for_arch(job, arch):
    if arch == "amd64":
        return
    if arch != "arm64":
        sys.exit("job.py: unknown architecture %r (amd64, arm64)" % arch)
    context = job["context"]
    context["arch"] = "arm64"
    # As the rig boots it (tests/vm/boot.sh): GICv3, and pointer
    # authentication's cheap implementation-defined hash under TCG.
    context["machine"] = "virt,gic-version=3"
    context["cpu"] = "max,pauth-impdef=on"
    context["extra_options"] = [
        o for o in context["extra_options"] if not o.startswith("-cpu ")
    ]
    kernel = action(job, "deploy")["images"]["kernel"]
    kernel["image_arg"] = kernel["image_arg"].replace(
        "console=ttyS0,115200", "console=ttyAMA0,115200"
    )


def main():
    if len(sys.argv) != 10:
        sys.exit(__doc__.split("usage: ")[-1].strip())
    (template, name, arch, kernel, ramdisk, repository, revision, tag,
     out) = sys.argv[1:]
    with open(template, encoding="utf-8") as f:
        text = f.read()
    for key, value in (
        ("KERNEL_URL", kernel),
        ("RAMDISK_URL", ramdisk),
        ("REPOSITORY", repository),
        ("REVISION", revision),
        ("TAG", "%s %s" % (tag, name)),
    ):
        text = text.replace("@%s@" % key, value)
    job = yaml.safe_load(text)
    for_arch(job, arch)
    scenario(job, name)
    with open(out, "w", encoding="utf-8") as f:
        yaml.safe_dump(job, f, sort_keys=False)


if __name__ == "__main__":
    main()
