"""pyright vs review-pr on mined cases (see pyright_compare.sh for usage)."""
import argparse
import hashlib
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

CATEGORIES = {
    "reportUndefinedVariable": "undefined-name",
    "reportAttributeAccessIssue": "unknown-attribute",
    "reportCallIssue": "wrong-call",
    "reportArgumentType": "wrong-call",
}
WINDOW = 5


def added_python_lines(diff_text):
    """{path: set(added line numbers in the head)} for .py files the diff adds lines to."""
    added, path, line = {}, None, 0
    for raw in diff_text.splitlines():
        if raw.startswith("+++ "):
            name = raw[4:].strip()
            path = name[2:] if name.startswith("b/") else None
            if path and not path.endswith(".py"):
                path = None
            continue
        if raw.startswith("@@"):
            m = re.match(r"@@ -\d+(?:,\d+)? \+(\d+)(?:,\d+)? @@", raw)
            line = int(m.group(1)) if m else 0
            continue
        if path is None or raw.startswith("--- ") or raw.startswith("diff "):
            continue
        if raw.startswith("+"):
            added.setdefault(path, set()).add(line)
            line += 1
        elif raw.startswith(" "):
            line += 1
    return added


def run_pyright(mirror, head, files):
    """(errors [{file, line, rule, message}], seconds) for pyright basic on `files` at `head`."""
    tmp = tempfile.mkdtemp(prefix="pyright-cmp-")
    try:
        archive = subprocess.run(["git", "--git-dir", mirror, "archive", head, "--", "*.py"],
                                 check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
        with open(os.path.join(tmp, "pyrightconfig.json"), "w") as f:
            json.dump({"typeCheckingMode": "basic"}, f)
        present = [p for p in files if os.path.exists(os.path.join(tmp, p))]
        if not present:
            return [], 0.0
        start = time.monotonic()
        proc = subprocess.run([os.environ["PYRIGHT"], "--outputjson", *present], cwd=tmp, capture_output=True, text=True)
        seconds = time.monotonic() - start
        try:
            report = json.loads(proc.stdout)
        except json.JSONDecodeError:
            print(f"pyright_compare: pyright output unreadable for {head}: {proc.stderr[:200]}", file=sys.stderr)
            return [], seconds
        errors = []
        for d in report.get("generalDiagnostics", []):
            if d.get("severity") != "error":
                continue
            errors.append({"file": os.path.relpath(d["file"], tmp), "line": d["range"]["start"]["line"] + 1,
                           "rule": d.get("rule", ""), "message": d.get("message", "").split("\n")[0]})
        return errors, seconds
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def near(loc, points):
    return any(p["file"] == loc["file"] and abs(p["line"] - loc["line"]) <= WINDOW for p in points)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("mined")
    ap.add_argument("out")
    ap.add_argument("--split")
    ap.add_argument("--cases")
    ap.add_argument("--review-pr")
    ap.add_argument("--review-pr-seconds", type=float)
    ap.add_argument("--sample", type=int,
                    help="only the first N cases per split that hold an expected location in a Python file, in a "
                         "fixed order (sha1 of the case id): pyright takes ~30-80 s per PR on a loaded machine")
    ap.add_argument("--expected-files", action="store_true",
                    help="run pyright only on changed files that hold an expected location (cheaper; pyright's "
                         "time and error count per PR are then lower bounds)")
    a = ap.parse_args()
    repos = dict(s.split("=", 1) for s in os.environ["REPOS"].split())
    wanted = set(a.cases.split(",")) if a.cases else None
    previous = {}
    if os.path.exists(a.out):  # resume: a case already measured is not run again
        previous = {c["id"]: c for c in json.load(open(a.out)).get("cases", [])}
    cases = []
    order = sorted(os.listdir(a.mined), key=lambda c: hashlib.sha1(c.encode()).hexdigest() if a.sample else c)
    taken = {}
    for cid in order:
        meta_path = os.path.join(a.mined, cid, "case.json")
        if not os.path.exists(meta_path) or (wanted and cid not in wanted):
            continue
        meta = json.load(open(meta_path))
        if a.split and meta.get("split") != a.split:
            continue
        added = added_python_lines(open(os.path.join(a.mined, cid, "pr.diff"), errors="replace").read())
        if a.sample:
            if not any(e.get("file") in added for e in meta.get("expected", [])):
                continue
            if taken.get(meta.get("split"), 0) >= a.sample:
                continue
            taken[meta.get("split")] = taken.get(meta.get("split"), 0) + 1
        if cid in previous:
            cases.append(previous[cid])
            continue
        if a.expected_files:
            holding = {e["file"] for e in meta.get("expected", []) if e.get("file")}
            added = {p: lines for p, lines in added.items() if p in holding}
        mirror = repos.get(meta["repo"])
        errors, seconds = (run_pyright(mirror, meta["head"], sorted(added)) if added and mirror else ([], 0.0))
        kept = [e for e in errors if e["line"] in added.get(e["file"], ())]
        crash = [dict(e, category=CATEGORIES[e["rule"]]) for e in kept if e["rule"] in CATEGORIES]
        expected = [{"file": e["file"], "line": e["line"]} for e in meta.get("expected", []) if e.get("file")]
        for loc in expected:
            loc["pyright"] = near(loc, crash)
        cases.append({"id": cid, "split": meta.get("split"), "kind": meta.get("kind"), "python_files": len(added),
                      "seconds": round(seconds, 3), "errors_on_added": len(kept), "crash_errors": crash,
                      "expected": expected})
        print(f"{cid}: {len(crash)} crash errors on added lines ({len(kept)} errors), "
              f"{sum(l['pyright'] for l in expected)}/{len(expected)} reached, {seconds:.1f}s", file=sys.stderr)
        json.dump({"cases": cases}, open(a.out, "w"), indent=1)
    summarize(cases, a)
    json.dump({"cases": cases, "summary": summarize(cases, a, quiet=True)}, open(a.out, "w"), indent=1)


def summarize(cases, a, quiet=False):
    rp = {}
    if a.review_pr:
        for c in json.load(open(a.review_pr))["cases"]:
            rp[c["id"]] = c
    rp_seconds = a.review_pr_seconds / max(len(rp), 1) if a.review_pr_seconds and rp else None
    summary = []
    for split in sorted({c["split"] for c in cases}):
        sc = [c for c in cases if c["split"] == split]
        locs = [(c, l) for c in sc for l in c["expected"]]
        reached = [(c, l) for c, l in locs if l["pyright"]]
        row = {"split": split, "cases": len(sc), "locations": len(locs), "pyright_reached": len(reached),
               "pyright_crash_errors_per_pr": round(sum(len(c["crash_errors"]) for c in sc) / max(len(sc), 1), 3),
               "pyright_errors_on_added_per_pr": round(sum(c["errors_on_added"] for c in sc) / max(len(sc), 1), 3)}
        timed = [c["seconds"] for c in sc if c["python_files"]]
        if timed:
            row["pyright_seconds_per_pr_mean"] = round(statistics.mean(timed), 2)
            row["pyright_seconds_per_pr_median"] = round(statistics.median(timed), 2)
        if rp:
            def located(c, l):
                for e in rp.get(c["id"], {}).get("expected_locations", []):
                    if e["file"] == l["file"] and e["line"] == l["line"]:
                        return e.get("located", False)
                return False
            row["review_pr_located"] = sum(located(c, l) for c, l in locs)
            row["both"] = sum(located(c, l) for c, l in reached)
            row["review_pr_findings_per_pr"] = round(sum(rp.get(c["id"], {}).get("findings", 0) for c in sc) / max(len(sc), 1), 3)
            if rp_seconds is not None:
                row["review_pr_seconds_per_pr"] = round(rp_seconds, 3)
            row["pyright_only"] = [
                {"case": c["id"], "file": l["file"], "line": l["line"],
                 "errors": [f'{e["line"]} {e["rule"]}: {e["message"]}' for e in c["crash_errors"]
                            if e["file"] == l["file"] and abs(e["line"] - l["line"]) <= WINDOW]}
                for c, l in reached if not located(c, l)]
        summary.append(row)
        if not quiet:
            print(json.dumps(row, indent=1))
    return summary


if __name__ == "__main__":
    main()
