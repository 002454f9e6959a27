#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
#
# Validates kaesbench JSON documents against
# Documentation/kaesbench-results.schema.json (Debian's python3-jsonschema).
#
# usage: tests/results/validate.py FILE...      documents, "-" for stdin
#        tests/results/validate.py --ktap LOG   every document a KTAP log
#                                               holds between marker lines
#
# In a KTAP log, a document is the diagnostic lines between
#   # kaesbench-results-json: begin NAME
#   # kaesbench-results-json: end
# (tests/vm/guest/tests/75-results.sh prints them); a log without any
# fails, so that the validation cannot be skipped unseen.
#
# Prints one line per document, "NAME: valid" or its errors; exits 0 when
# all are valid, 1 otherwise, 2 on a usage error or without jsonschema.

import json
import os
import sys

BEGIN = "# kaesbench-results-json: begin "
END = "# kaesbench-results-json: end"
SCHEMA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                      "Documentation", "kaesbench-results.schema.json")


def ktap_documents(path):
    """(name, text) of each document between marker lines."""
    docs, name, lines = [], None, []
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith(BEGIN):
                name, lines = line[len(BEGIN):], []
            elif line == END and name is not None:
                docs.append((name, "\n".join(lines)))
                name = None
            elif name is not None:
                lines.append(line[2:] if line.startswith("# ") else line)
    if name is not None:
        docs.append((name, None))  # cut off: a VM that died mid-document
    return docs


def file_documents(paths):
    for path in paths:
        if path == "-":
            yield "stdin", sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as f:
                yield path, f.read()


def main(argv):
    try:
        import jsonschema
    except ImportError:
        print("validate.py: python3-jsonschema is missing: "
              "run scripts/deps.sh check as root", file=sys.stderr)
        return 2
    if len(argv) < 2 or (argv[1] == "--ktap" and len(argv) != 3):
        print(__doc__ or "usage: validate.py FILE... | --ktap LOG",
              file=sys.stderr)
        return 2
    with open(SCHEMA, encoding="utf-8") as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)

    if argv[1] == "--ktap":
        docs = ktap_documents(argv[2])
        if not docs:
            print(f"{argv[2]}: no results JSON between marker lines")
            return 1
    else:
        docs = list(file_documents(argv[1:]))

    bad = 0
    for name, text in docs:
        if text is None:
            print(f"{name}: cut off before its end marker")
            bad += 1
            continue
        try:
            doc = json.loads(text)
        except json.JSONDecodeError as e:
            print(f"{name}: not JSON: {e}")
            bad += 1
            continue
        errors = sorted(validator.iter_errors(doc),
                        key=lambda e: list(e.absolute_path))
        if not errors:
            print(f"{name}: valid (schema_version {doc['schema_version']})")
            continue
        bad += 1
        print(f"{name}: {len(errors)} schema error(s):")
        for e in errors[:10]:
            where = "/".join(str(p) for p in e.absolute_path) or "(top)"
            print(f"  at {where}: {e.message[:300]}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
