#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Checks user/netlink/ovpn_uapi.h's own constants against the kernel's.

ovpn_uapi.h defines the ovpn family's names itself where the system has no
<linux/ovpn.h> (and if_link.h's ovpn section where it has none). Those
definitions must be the kernel's: every name ours defines must be the
kernel's with the same value (the values a compiled program reads, so
that "(__OVPN_A_MAX - 1)" and "3" compare equal), every enum type ours
names must be the kernel's, and every name of the kernel's ovpn.h and of
if_link.h's ovpn section must be ours, so that a client written against
either header builds against the other.

The kernel's headers: Linux 7.2's uapi (the "latest" series), from the
kernel packages make check's prepare unpacks under $KAESBENCH_CACHE/kernels,
else from Debian sid's linux-libc-dev unpacked under
$KAESBENCH_CACHE/linux-libc-dev (scripts/debian-apt.sh sid apt-get
download linux-libc-dev; dpkg-deb -x it there). Neither there: one line
saying so, and the check skips (exit 0).

usage: check_ovpn_uapi.py [KERNEL_UAPI_LINUX_DIR]
Prints one "ok"/"not ok" line per check and "ovpn-uapi: N passed, N
failed"; exits 1 on any failure.
"""

import glob
import os
import re
import subprocess
import sys
import tempfile

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OURS = os.path.join(TOP, "user", "netlink", "ovpn_uapi.h")
CACHE = os.environ.get("KAESBENCH_CACHE") or os.path.join(TOP, ".cache")
WANTED = "7.2"

# The lines of ovpn_uapi.h that choose the system's headers, and what the
# check puts in their place so that its own definitions are compiled.
OWN_SWITCHES = {
    "#include <linux/if_link.h>": "",
    "#if __has_include(<linux/ovpn.h>)": "#if 0",
    "#ifndef IFLA_OVPN_MAX": "#if 1",
}

results = {"passed": 0, "failed": 0}


def check(desc, problems):
    """One check: problems is a list of strings, empty when it passes."""
    n = results["passed"] + results["failed"] + 1
    if problems:
        results["failed"] += 1
        print(f"not ok {n} {desc}")
        for p in problems:
            print(f"# {p}")
    else:
        results["passed"] += 1
        print(f"ok {n} {desc}")


def kernel_dir(argv):
    """The directory holding the kernel's linux/ovpn.h and if_link.h."""
    if len(argv) > 1:
        return argv[1]
    found = glob.glob(os.path.join(
        CACHE, "kernels", "*", "headers", "usr", "src", "linux-headers-*-common",
        "include", "uapi", "linux", "ovpn.h"))
    found += glob.glob(os.path.join(
        CACHE, "linux-libc-dev", "usr", "include", "linux", "ovpn.h"))
    # 7.2's first (the series "latest" boots), else the newest there is.
    found.sort(key=lambda p: (f"/{WANTED}." in p or f"-{WANTED}." in p, p))
    return os.path.dirname(found[-1]) if found else None


def names(text):
    """The #define names, enum members and enum types a header declares."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    defines = set(re.findall(r"^#define[ \t]+([A-Z_][A-Z0-9_]*)[ \t]+\S", text,
                             re.M))
    defines = {d for d in defines if not d.endswith("_H")}
    types = set(re.findall(r"\benum\s+([a-z_][a-z0-9_]*)\s*\{", text))
    members = set()
    for body in re.findall(r"\benum\b[^{;]*\{(.*?)\}", text, re.S):
        members |= set(re.findall(r"^\s*([A-Za-z_][A-Za-z0-9_]*)\s*(?:=[^,]*)?,?\s*$",
                                  body, re.M))
    strings = set(re.findall(r'^#define[ \t]+([A-Z_][A-Z0-9_]*)[ \t]+"', text,
                         re.M))
    return defines | members, types, strings


def ovpn_section(if_link):
    """if_link.h's ovpn part: from its "OVPN section" comment to the end."""
    at = if_link.find("OVPN section")
    return if_link[at:] if at >= 0 else ""


def values(header_lines, wanted, strings):
    """NAME -> value as a program compiled with header_lines prints it."""
    prog = ["#include <stdio.h>"] + header_lines + ["int main(void)", "{"]
    for n in sorted(wanted):
        if n in strings:
            prog.append(f'\tprintf("%s \\"%s\\"\\n", "{n}", {n});')
        else:
            prog.append(f'\tprintf("%s %lld\\n", "{n}", (long long)({n}));')
    prog += ["\treturn 0;", "}"]
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "v.c")
        exe = os.path.join(tmp, "v")
        with open(src, "w") as f:
            f.write("\n".join(prog) + "\n")
        cc = subprocess.run(["cc", "-std=gnu11", "-w", "-o", exe, src],
                            capture_output=True, text=True)
        if cc.returncode:
            return None, cc.stderr.strip().splitlines()[:10]
        out = subprocess.run([exe], capture_output=True, text=True, check=True)
    return dict(line.split(" ", 1) for line in out.stdout.splitlines()), []


def own_header(tmp):
    """ovpn_uapi.h with its own definitions chosen, in tmp; or problems."""
    with open(OURS) as f:
        text = f.read()
    problems = []
    for line, instead in OWN_SWITCHES.items():
        if line not in text:
            problems.append(f"no line '{line}' in {OURS}: update this check")
        text = text.replace(line, instead)
    path = os.path.join(tmp, "ovpn_uapi_own.h")
    with open(path, "w") as f:
        f.write(text)
    return path, text, problems


def main(argv):
    kdir = kernel_dir(argv)
    if not kdir:
        print(f"ovpn-uapi: SKIP: no Linux {WANTED} uapi linux/ovpn.h under "
              f"{CACHE}/kernels (make check's prepare unpacks it) nor "
              f"{CACHE}/linux-libc-dev (scripts/debian-apt.sh sid apt-get "
              "download linux-libc-dev, then dpkg-deb -x it there)")
        print("ovpn-uapi: 0 passed, 0 failed")
        return 0
    k_ovpn = os.path.join(kdir, "ovpn.h")
    k_if_link = os.path.join(kdir, "if_link.h")
    print(f"# the kernel's: {k_ovpn}")
    with open(k_ovpn) as f:
        k_text = f.read()
    if os.path.exists(k_if_link):
        with open(k_if_link) as f:
            k_text += ovpn_section(f.read())
    k_names, k_types, k_strings = names(k_text)

    with tempfile.TemporaryDirectory() as tmp:
        own, own_text, problems = own_header(tmp)
        check("ovpn_uapi.h's switches to the system's headers are as this check knows them",
              problems)
        our_names, our_types, our_strings = names(own_text)
        ours, problems = values([f'#include "{own}"'], our_names, our_strings)
        check("ovpn_uapi.h's own definitions compile", problems)
        theirs, problems = values(
            [f'#include "{k_ovpn}"'] +
            ([f'#include "{k_if_link}"'] if os.path.exists(k_if_link) else []),
            k_names, k_strings)
        check("the kernel's headers compile", problems)
    if ours is None or theirs is None:
        return 1

    check(f"each of ovpn_uapi.h's {len(ours)} names is the kernel's, with its value",
          [f"{n}: ours {v}, the kernel's {theirs.get(n, '(none)')}"
           for n, v in sorted(ours.items()) if theirs.get(n) != v])
    check(f"each of the kernel's {len(theirs)} names is ovpn_uapi.h's",
          [f"{n} = {theirs[n]}: not in ovpn_uapi.h" for n in sorted(theirs)
           if n not in ours])
    check("ovpn_uapi.h's enum types are the kernel's",
          [f"enum {t}: ours only" for t in sorted(our_types - k_types)] +
          [f"enum {t}: the kernel's only" for t in sorted(k_types - our_types)])

    print(f"ovpn-uapi: {results['passed']} passed, {results['failed']} failed")
    return 1 if results["failed"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
