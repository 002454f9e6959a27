#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Compares the kaesbench spec with what the loaded module tells nlctrl.

usage: ynl_policy.py YNL_DIR SPEC FAMILY_JSON POLICY_JSON
FAMILY_JSON: the ynl CLI's "--do getfamily" reply for kaesbench (its
operations and their flags); POLICY_JSON: its "--dump getpolicy" (each
operation's request policy). Per operation: do and dump as the spec has
them, admin-perm as the spec has it, the attributes the request takes,
their types and bounds. Prints each difference; exits 1 on any.
"""

import json
import sys

YNL_TYPE = {
    "u32": "u32",
    "u64": "u64",
    "s32": "s32",
    "string": "nul-string",
    "flag": "flag",
    "binary": "binary",
    "nest": "nested",
}
U32_MAX = 2**32 - 1


def main():
    ynl_dir, spec_path, family_path, policy_path = sys.argv[1:]
    sys.path.insert(0, ynl_dir)
    from lib import SpecFamily  # the ynl CLI's own spec reader

    spec = SpecFamily(spec_path, schema_path="")
    consts = {name: c["value"] for name, c in spec.consts.items()
              if isinstance(c, dict) and c["type"] == "const"}
    with open(family_path) as f:
        family = json.load(f)
    with open(policy_path) as f:
        dump = json.load(f)

    # [{"1": {"id": 0, "flags": ["cmd-cap-dump", ...]}}, ...]
    kernel_ops = {op["id"]: set(op.get("flags", []))
                  for entry in family["ops"] for op in entry.values()}
    op_policy = {}
    policies = {}
    for msg in dump:
        if "op-policy" in msg:
            op_policy[msg["op-policy"]["op-id"]] = msg["op-policy"]
        if "policy" in msg:
            p = msg["policy"]
            policies.setdefault(p["policy-id"], {})[p["attr-id"]] = p

    problems = []
    attrs = spec.attr_sets[spec.yaml["name"]]
    by_value = {a.value: a for a in attrs.attrs.values()}
    for op in spec.msgs.values():
        has_do, has_dump = "do" in op.yaml, "dump" in op.yaml
        flags = kernel_ops.get(op.value)
        if not (has_do or has_dump):
            # Sent by the module only (sample, run-end): no handler.
            if flags is not None:
                problems.append(f"{op.name}: the module handles it")
            continue
        if flags is None:
            problems.append(f"{op.name} ({op.value}): not in the module")
            continue
        for present, what in ((has_do, "do"), (has_dump, "dump")):
            if (f"cmd-cap-{what}" in flags) != present:
                problems.append(f"{op.name}: {what} in the spec: {present}, "
                                f"in the module: {not present}")
        admin = "admin-perm" in op.yaml.get("flags", [])
        if ("admin-perm" in flags) != admin:
            problems.append(f"{op.name}: admin-perm differs")

        kind = "do" if has_do else "dump"
        want = op.yaml[kind].get("request", {}).get("attributes", [])
        pid = op_policy.get(op.value, {}).get(kind)
        policy = policies.get(pid, {}) if pid is not None else {}
        # An attribute the policy rejects is as good as absent.
        got = {attrs.attrs_by_val[i].name if i in attrs.attrs_by_val else i: p
               for i, p in policy.items() if p["type"] != "reject"}
        for name in sorted(set(want) - set(got)):
            problems.append(f"{op.name}: the module does not take {name}")
        for name in sorted(set(got) - set(want), key=str):
            problems.append(f"{op.name}: the module takes {name}, "
                            "the spec does not")
        for name in sorted(set(want) & set(got)):
            problems += compare_attr(op.name, attrs[name], got[name], consts)
    for value in sorted(set(kernel_ops) - {o.value for o in spec.msgs.values()}):
        problems.append(f"command {value}: in the module, not in the spec")

    for p in problems:
        print(p)
    print(f"{len(spec.msgs)} commands, {len(by_value)} attributes compared")
    sys.exit(1 if problems else 0)


def compare_attr(op, attr, policy, consts):
    """The spec's attribute against one entry of the module's policy."""
    problems = []
    where = f"{op}: {attr.name}"
    if YNL_TYPE.get(attr.type) != policy["type"]:
        return [f"{where}: {attr.type} in the spec, {policy['type']} "
                "in the module"]
    checks = attr.yaml.get("checks", {})
    if attr.type in ("u32", "u64"):
        full = U32_MAX if attr.type == "u32" else 2**64 - 1
        want = (consts.get(checks.get("min"), checks.get("min", 0)),
                consts.get(checks.get("max"), checks.get("max", full)))
        got = (policy.get("min-value-u"), policy.get("max-value-u"))
        if got != (None, None) and want != got:
            problems.append(f"{where}: {want[0]}..{want[1]} in the spec, "
                            f"{got[0]}..{got[1]} in the module")
    if attr.type == "string" and "max-len" in checks:
        if policy.get("max-length") != checks["max-len"]:
            problems.append(f"{where}: max-len {checks['max-len']} in the "
                            f"spec, {policy.get('max-length')} in the module")
    # Binary lengths: the module checks run-sizes in a validation
    # function, which the policy dump does not describe.
    return problems


if __name__ == "__main__":
    main()
