#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Reads what lava-run recorded for one of make check's LAVA jobs (its log,
one YAML mapping per line, whose "results" lines are LAVA's test cases,
and result.yaml, the job's end) and checks it against what the scenario
must give (tests/lava/job.py says what each is). Prints every test case
and measurement LAVA recorded, then one KTAP line per check, and exits 1
when one fails.

usage: results.py SCENARIO LOG RESULT.yaml
"""

import sys

import yaml

# The paths of the sweep, as kaesbench names them in its CSV.
PATHS = ("kernel", "afalg-sendmsg", "afalg-vmsplice", "openssl")
# The broken test driver (tests/modules/kaesbench_broken.c).
BROKEN = "verify-cbc-aes-kaesbench-broken"


class Checks:
    def __init__(self, scenario):
        self.scenario = scenario
        self.count = 0
        self.failed = 0

    def check(self, ok, what, why=""):
        self.count += 1
        if not ok:
            self.failed += 1
        print("%sok %d %s: %s" % ("" if ok else "not ", self.count,
                                  self.scenario, what))
        if not ok and why:
            print("# %s" % why)


def read_results(log):
    """LAVA's results: (definition, case) -> the result's mapping."""
    results = {}
    with open(log, encoding="utf-8", errors="replace") as f:
        for line in f:
            if '"lvl": "results"' not in line:
                continue
            msg = yaml.safe_load(line)["msg"]
            results[(msg["definition"], str(msg["case"]))] = msg
    return results


def show(results):
    print("# LAVA's results: definition/case result [measurement units]")
    for (definition, case), r in results.items():
        if definition == "lava" and not case[0].isdigit() and case != "job":
            continue  # the dispatcher's own actions
        figure = ""
        if "measurement" in r:
            figure = " %s %s" % (r["measurement"], r.get("units", ""))
        if "error_msg" in r:
            figure = " (%s: %s)" % (r.get("error_type"), r["error_msg"])
        print("#   %s/%s %s%s" % (definition, case, r["result"], figure))


def cases(results, definition):
    return {c: r for (d, c), r in results.items() if d == definition}


def is_figure(case):
    return case.startswith(tuple(p + "-" for p in PATHS))


def check_definition(c, results, definition, broken):
    """A kaesbench.yaml run that went to its end."""
    got = cases(results, definition)
    c.check(definition in [d for d, _ in results], "%s ran" % definition)
    for case in ("load-module", "list", "verify"):
        want = "fail" if broken and case == "verify" else "pass"
        r = got.get(case, {}).get("result")
        c.check(r == want, "%s/%s %s" % (definition, case, want),
                "LAVA recorded %s" % r)
    for case in ("install-tool", "install-module"):
        r = got.get(case, {}).get("result")
        c.check(r in ("pass", "skip"), "%s/%s pass or skip" % (definition, case),
                "LAVA recorded %s" % r)
    n = got.get("implementations", {}).get("measurement", 0)
    c.check(n > 0, "%s: implementations counted (%s)" % (definition, n))
    verified = {k: r["result"] for k, r in got.items()
                if k.startswith("verify-")}
    c.check(len(verified) >= 5, "%s: %d implementations verified"
            % (definition, len(verified)))
    wrong = sorted(k for k, r in verified.items()
                   if r not in ("pass", "skip") and k != BROKEN)
    c.check(not wrong, "%s: every other implementation passes" % definition,
            "failed: %s" % " ".join(wrong))
    if broken:
        c.check(verified.get(BROKEN) == "fail",
                "%s/%s fail" % (definition, BROKEN),
                "LAVA recorded %s" % verified.get(BROKEN))
    return got


def check_figures(c, definition, got):
    figures = {k: r for k, r in got.items() if is_figure(k)}
    r = got.get("sweep", {}).get("result")
    c.check(r == "pass", "%s/sweep pass" % definition, "LAVA recorded %s" % r)
    for path in PATHS:
        n = sum(1 for k in figures if k.startswith(path + "-"))
        c.check(n > 0, "%s: %d figures of path %s" % (definition, n, path))
    bad = sorted(k for k, r in figures.items()
                 if r["result"] != "pass" or r.get("units") != "MB/s"
                 or not r.get("measurement", 0) > 0)
    c.check(figures and not bad,
            "%s: %d figures, each pass with a positive MB/s measurement"
            % (definition, len(figures)), "wrong: %s" % " ".join(bad))


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__.split("usage: ")[-1].strip())
    scenario, log, result_file = sys.argv[1:]
    c = Checks(scenario)
    results = read_results(log)
    with open(result_file, encoding="utf-8") as f:
        end = yaml.safe_load(f)
    show(results)
    job = results.get(("lava", "job"), {}).get("result")
    want = "pass" if scenario == "pass" else "fail"
    c.check(job == want and end.get("result") == want,
            "the job's result is %s" % want,
            "log: %s, result.yaml: %s (%s)" % (job, end.get("result"),
                                               end.get("error_msg")))
    if scenario == "pass":
        got = check_definition(c, results, "0_kaesbench", broken=False)
        check_figures(c, "0_kaesbench", got)
        r = results.get(("lava", "0_kaesbench"), {}).get("result")
        c.check(r == "pass", "LAVA ran kaesbench.yaml to its end")
        r = results.get(("1_load-broken", "load-broken"), {}).get("result")
        c.check(r == "pass", "the broken driver loaded", "LAVA recorded %s" % r)
        got = check_definition(c, results, "2_kaesbench-broken", broken=True)
        c.check(not any(is_figure(k) for k in got),
                "2_kaesbench-broken: verified only (SWEEP=false)")
    elif scenario == "no-boot":
        ran = sorted({d for d, _ in results if d != "lava"})
        c.check(not ran, "no test definition ran", "ran: %s" % ran)
    elif scenario == "dies":
        got = cases(results, "1_kaesbench")
        r = got.get("sweep", {}).get("result")
        c.check(r != "pass", "the sweep is not reported passed",
                "LAVA recorded %s" % r)
        r = results.get(("lava", "1_kaesbench"), {}).get("result")
        c.check(r != "pass", "kaesbench.yaml is not reported complete",
                "LAVA recorded %s" % r)
    print("# lava-%s: %d passed, %d failed" % (scenario, c.count - c.failed,
                                              c.failed))
    sys.exit(1 if c.failed else 0)


if __name__ == "__main__":
    main()
