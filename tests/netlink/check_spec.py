#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Checks Documentation/netlink/specs/kaesbench.yaml against the UAPI header.

The spec must be valid under the kernel's schema for its protocol; the
header ynl-gen-c.py renders from it (--mode uapi --header) must declare the
same names with the same values as include/uapi/linux/kaesbench.h (every
#define, enum member and enum type; the values read by a compiled program,
so that "1U << 4" and "16" compare equal); and every attribute type that
the header's opening comment documents must be the spec's.

usage: check_spec.py KERNEL_SOURCE SPEC HEADER
KERNEL_SOURCE holds tools/net/ynl and Documentation/netlink (see
scripts/kernel-source.sh). Prints one "ok"/"not ok" line per check and
"netlink-spec: N passed, N failed"; exits 1 on any failure.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile

import jsonschema
import yaml

# Declared by our header only: sentinels the spec format has no way to
# name as we do (ynl renders __KAESBENCH_IMPL_TYPE_MAX and
# KAESBENCH_IMPL_F_MASK, which we do not declare).
OURS_ONLY = {
    "__KAESBENCH_IMPL_TYPE_LAST",
    "KAESBENCH_IMPL_TYPE_MAX",
    "__KAESBENCH_IMPL_F_ALL",
    "__KAESBENCH_CONTEXT_LAST",
    "KAESBENCH_CONTEXT_MAX",
}

# The header's comment names policy types; the spec, YNL types.
NLA_TYPE = {
    "u32": "NLA_U32",
    "u64": "NLA_U64",
    "s32": "NLA_S32",
    "string": "NLA_NUL_STRING",
    "flag": "NLA_FLAG",
    "binary": "NLA_BINARY",
    "nest": "NLA_NESTED",
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


def c_name(prefix, name):
    return (prefix + name).upper().replace("-", "_")


def validate(ksrc, spec):
    proto = spec.get("protocol", "genetlink")
    schema_path = os.path.join(ksrc, "Documentation/netlink", proto + ".yaml")
    with open(schema_path) as f:
        schema = yaml.safe_load(f)
    try:
        jsonschema.validate(spec, schema)
    except jsonschema.ValidationError as e:
        return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}"]
    return []


def render(ksrc, spec_path, tmp):
    """The uapi header ynl-gen-c.py renders, or None and why."""
    # ynl-gen-c.py finds the schema beside the specs directory and looks
    # up the tree for MAINTAINERS, looping forever where there is none.
    root = os.path.join(tmp, "tree")
    specs = os.path.join(root, "Documentation/netlink/specs")
    os.makedirs(specs)
    open(os.path.join(root, "MAINTAINERS"), "w").close()
    for schema in os.listdir(os.path.join(ksrc, "Documentation/netlink")):
        if schema.endswith(".yaml"):
            shutil.copy(os.path.join(ksrc, "Documentation/netlink", schema),
                        os.path.dirname(specs))
    shutil.copy(spec_path, specs)
    out = os.path.join(tmp, "generated.h")
    proc = subprocess.run(
        [sys.executable, os.path.join(ksrc, "tools/net/ynl/ynl-gen-c.py"),
         "--mode", "uapi", "--header",
         "--spec", os.path.join(specs, os.path.basename(spec_path)),
         "-o", out],
        capture_output=True, text=True, timeout=120)
    if proc.returncode:
        return None, (proc.stdout + proc.stderr).splitlines()[-5:]
    return out, []


def declared(header):
    """The macros, enum members and enum types HEADER declares."""
    macros = subprocess.run(["cc", "-dM", "-E", header], check=True,
                            capture_output=True, text=True).stdout
    names = set(re.findall(r"^#define (_*KAESBENCH_\w+)", macros, re.M))
    text = subprocess.run(["cc", "-E", "-P", header], check=True,
                          capture_output=True, text=True).stdout
    enums = set()
    for tag, body in re.findall(r"enum\s+(\w+)\s*\{([^}]*)\}", text):
        enums.add(tag)
        for member in body.split(","):
            member = member.split("=")[0].strip()
            if member:
                names.add(member)
    return names, enums


def values(header, names, enums, tmp):
    """NAME -> value, as a program built against HEADER prints them."""
    src = os.path.join(tmp, "values.c")
    with open(src, "w") as f:
        f.write(f'#include <stdio.h>\n#include "{os.path.abspath(header)}"\n'
                "static void s(const char *n, const char *v)"
                ' { printf("%s \\"%s\\"\\n", n, v); }\n'
                "static void i(const char *n, long long v)"
                ' { printf("%s %lld\\n", n, v); }\n'
                "#define P(x) _Generic((x), char *: s, default: i)(#x, x)\n"
                "int main(void)\n{\n")
        for name in sorted(names):
            f.write(f"\tP({name});\n")
        for tag in sorted(enums):
            f.write(f'\tprintf("enum {tag} %zu\\n", sizeof(enum {tag}));\n')
        f.write("\treturn 0;\n}\n")
    exe = os.path.join(tmp, "values")
    subprocess.run(["cc", "-std=gnu11", "-Wall", "-Werror", "-o", exe, src],
                   check=True)
    out = subprocess.run([exe], check=True, capture_output=True,
                         text=True).stdout
    return dict(line.split(" ", 1) for line in out.splitlines())


def compare(ours, theirs):
    problems = []
    for name in sorted(set(ours) | set(theirs)):
        if name not in theirs:
            if name not in OURS_ONLY:
                problems.append(f"{name} = {ours[name]}: not in the spec")
        elif name not in ours:
            problems.append(f"{name} = {theirs[name]}: only in the spec")
        elif ours[name] != theirs[name]:
            problems.append(f"{name}: {ours[name]} in the header, "
                            f"{theirs[name]} in the spec")
    return problems


def documented_types(header):
    """NAME -> the NLA_ types the header's opening comment gives it, as
    "NAME: NLA_U32", "NAME (NLA_U32, ...)" or "NAME, a nest", the
    parenthesis maybe on the comment's next line."""
    with open(header) as f:
        comment = f.read().split("#ifndef", 1)[0]
    types = {}
    for name, nla in re.findall(
            r"\b(KAESBENCH_(?:\w+_)?A_\w+)(?::| \(|\n \* \(|,) *"
            r"(NLA_\w+|a nest\b)",
            comment):
        nla = "NLA_NESTED" if nla == "a nest" else nla
        types.setdefault(name, set()).add(nla)
    return types


def spec_types(spec):
    types = {}
    for attr_set in spec["attribute-sets"]:
        prefix = attr_set.get("name-prefix",
                              f"{spec['name']}-{attr_set['name']}-a-")
        for attr in attr_set["attributes"]:
            types[c_name(prefix, attr["name"])] = attr["type"]
    return types


def compare_types(documented, types):
    problems = []
    for name, nlas in sorted(documented.items()):
        nla = " and ".join(sorted(nlas))
        if name not in types:
            problems.append(f"{name} ({nla}): not in the spec")
        elif {NLA_TYPE.get(types[name])} != nlas:
            problems.append(f"{name}: {nla} in the header, "
                            f"{types[name]} in the spec")
    for name, typ in sorted(types.items()):
        if name not in documented and typ not in ("unused", "pad"):
            problems.append(f"{name} ({typ}): not documented in the header")
    return problems


# The fuzzer's value kinds (tests/tools/fuzzgen.c), as spec types.
FUZZ_KIND = {
    "V_U32": "u32",
    "V_U64": "u64",
    "V_S32": "s32",
    "V_FLAG": "flag",
    "V_STR": "string",
    "V_NEST": "nest",
    "V_SIZES": "binary",
    "V_BYTES": "binary",
}


def fuzzer_tables(fuzzgen):
    """The fuzzer's attr_kind (NAME -> V_KIND) and attr_range (NAME ->
    (min, max) as written) tables."""
    with open(fuzzgen) as f:
        text = f.read()
    kinds = re.search(r"attr_kind\[KAESBENCH_A_MAX \+ 1\] = \{(.*?)\};",
                      text, re.S)
    ranges = re.search(r"attr_range\[KAESBENCH_A_MAX \+ 1\] = \{(.*?)\};",
                       text, re.S)
    return (dict(re.findall(r"\[(KAESBENCH_A_\w+)\] = (V_\w+)",
                            kinds.group(1) if kinds else "")),
            {name: (lo.strip(), hi.strip()) for name, lo, hi in re.findall(
                r"\[(KAESBENCH_A_\w+)\] = \{([^,]+),([^}]+)\}",
                ranges.group(1) if ranges else "")})


def bound(value, names):
    """A bound as a number: a literal, a header name's value, or None."""
    if isinstance(value, int):
        return value
    value = str(value)
    if re.fullmatch(r"\d+", value):
        return int(value)
    if value == "UINT32_MAX":
        return 0xFFFFFFFF
    name = value if value.startswith("KAESBENCH_") else c_name(
        "kaesbench-", value)
    try:
        return int(names[name])
    except (KeyError, ValueError):
        return None


def compare_fuzzer(spec, fuzzgen, names):
    """Every top-level attribute typed by the fuzzer as the spec types it,
    and every u32 check of the spec the fuzzer's range."""
    kinds, ranges = fuzzer_tables(fuzzgen)
    attr_set = spec["attribute-sets"][0]
    prefix = attr_set.get("name-prefix", f"{spec['name']}-a-")
    problems = []
    for attr in attr_set["attributes"]:
        name = c_name(prefix, attr["name"])
        if attr["type"] in ("unused", "pad") and name not in kinds:
            continue
        kind = kinds.get(name)
        if kind is None:
            problems.append(f"{name} ({attr['type']}): not typed in "
                            "fuzzgen.c's attr_kind")
        elif FUZZ_KIND.get(kind) != attr["type"] and not (
                attr["type"] == "pad" and kind == "V_U64"):
            problems.append(f"{name}: {kind} in fuzzgen.c, "
                            f"{attr['type']} in the spec")
        checks = attr.get("checks", {})
        if attr["type"] != "u32" or not ({"min", "max"} & set(checks)):
            continue
        want = (bound(checks.get("min", 0), names),
                bound(checks.get("max", 0xFFFFFFFF), names))
        have = ranges.get(name)
        if have is None:
            problems.append(f"{name}: the spec checks {want[0]} to "
                            f"{want[1]}, fuzzgen.c's attr_range has no "
                            "range")
        elif (bound(have[0], names), bound(have[1], names)) != want:
            problems.append(f"{name}: {have[0]} to {have[1]} in "
                            f"fuzzgen.c, {want[0]} to {want[1]} in the "
                            "spec")
    return problems


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__.split("\n\n")[2])
    ksrc, spec_path, header = sys.argv[1:]
    with open(spec_path) as f:
        spec = yaml.safe_load(f)

    check(f"the spec is valid {spec.get('protocol', 'genetlink')}",
          validate(ksrc, spec))
    with tempfile.TemporaryDirectory() as tmp:
        generated, why = render(ksrc, spec_path, tmp)
        check("ynl-gen-c.py renders a uapi header from it", why)
        if generated:
            ours, our_enums = declared(header)
            theirs, their_enums = declared(generated)
            check(f"the same enum types ({len(our_enums)})",
                  [f"enum {e}: only in the header" for e in
                   sorted(our_enums - their_enums)] +
                  [f"enum {e}: only in the spec" for e in
                   sorted(their_enums - our_enums)])
            ours_v = values(header, ours, our_enums & their_enums, tmp)
            theirs_v = values(generated, theirs, our_enums & their_enums,
                              tmp)
            check(f"the same names and values ({len(theirs_v)}: commands, "
                  "attributes, enums, flags, limits)",
                  compare(ours_v, theirs_v))
            fuzzgen = os.path.join(os.path.dirname(os.path.abspath(
                __file__)), "../tools/fuzzgen.c")
            check("the netlink fuzzer (tests/tools/fuzzgen.c) types every "
                  "attribute and checks every range as the spec does",
                  compare_fuzzer(spec, fuzzgen, ours_v))
    documented = documented_types(header)
    check(f"the header's documented attribute types ({len(documented)}) "
          "are the spec's", compare_types(documented, spec_types(spec)))

    print(f"netlink-spec: {results['passed']} passed, "
          f"{results['failed']} failed")
    sys.exit(1 if results["failed"] else 0)


if __name__ == "__main__":
    main()
