#!/usr/bin/env python3
"""Renders README's "Accuracy" section from measurements (called by bench/accuracy.sh).

  accuracy_tool.py DEV_JSON MINED_JSON LABELS JUDGEMENTS README [PRECISION_DIR...]

DEV_JSON / MINED_JSON: `review-pr eval --format json` of the dev corpus and of the mined
cases. LABELS: bench/labels/labels.tsv (repo, pr, evidence_commit, file, line, label, reason).
JUDGEMENTS: bench/precision/judgements.tsv. The section between the README markers
<!-- accuracy:begin --> and <!-- accuracy:end --> is replaced.
"""
import collections
import json
import os
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))


def pct(a, b):
    return f"{100 * a / b:.1f}%" if b else "—"


def dev_rows(dev):
    t = dev["overall"]  # eval JSON: the whole run's totals
    return [
        "| dev corpus (`../shared/corpus`, 42 cases) | "
        f"{t['tp']}/{t['expected']} expected findings ({pct(t['tp'], t['expected'])}); "
        f"{t['tp']}/{t['expected_implemented']} on codes with a rule; "
        f"{t['negatives_with_red']} clean cases with a red |"
    ]


def split_table(mined):
    splits = collections.defaultdict(dict)  # source -> split -> cell (eval JSON lists the cells)
    for cell in mined.get("splits", []):
        splits[cell["source"]][cell["split"]] = dict(cell, red=cell["red_findings"])
    out = ["| source | split | cases | located recall | findings per PR | reds | clean PRs with a red |",
           "|---|---|---|---|---|---|---|"]
    for source in sorted(splits, key=lambda s: (s != "all", s)):
        cells = splits[source]
        for split in ("tune", "validate"):
            c = cells.get(split)
            if not c:
                continue
            out.append(f"| {source} | {split} | {c['cases']} | {c['located']}/{c['locations']} ({pct(c['located'], c['locations'])}) | "
                       f"{c['findings'] / c['cases']:.2f} | {c['red']} | {c['negatives_with_red']}/{c['negative']} |")
        if "tune" in cells and "validate" in cells:
            a, b = cells["tune"], cells["validate"]
            ra = a["located"] / a["locations"] if a["locations"] else 0
            rb = b["located"] / b["locations"] if b["locations"] else 0
            out.append(f"| {source} | gap (tune − validate) | | {100 * (ra - rb):+.1f} points | | | |")
    return out


def labelled_prs(labels_path):
    prs = set()
    for line in open(labels_path):
        if line.startswith("#") or not line.strip():
            continue
        repo, pr = line.split("\t")[:2]
        prs.add((repo.lower(), pr))
    return prs


def unlabelled_rows(mined, labels_path):
    """Each split counted again without the PRs of the labelled sample. The labels were made
    under an earlier split hash (2026-12-01, before ada2657): about half of their PRs are in
    `validate` today, and rules were designed from labels since, so only validate PRs that were
    never labelled are independent of the design."""
    labelled = labelled_prs(labels_path)
    cells = collections.defaultdict(lambda: collections.Counter())
    for case in mined.get("cases", []):
        if (case["repo"].lower(), str(case.get("pr"))) in labelled:
            continue
        c = cells[case.get("split")]
        c["cases"] += 1
        c["findings"] += case.get("findings", 0)
        for e in case.get("expected_locations", []):
            c["locations"] += 1
            c["located"] += bool(e.get("located"))
    out = []
    for split in ("tune", "validate"):
        c = cells.get(split)
        if c:
            out.append(f"| all, PRs never labelled | {split} | {c['cases']} | {c['located']}/{c['locations']} "
                       f"({pct(c['located'], c['locations'])}) | {c['findings'] / c['cases']:.2f} | | |")
    return out


def label_splits(mined, labels_path):
    split_of = {(c["repo"].lower(), str(c.get("pr"))): c.get("split") for c in mined.get("cases", [])}
    by = collections.Counter(split_of.get(k, "not mined") for k in labelled_prs(labels_path))
    return ", ".join(f"{n} in {s}" for s, n in sorted(by.items()))


def label_table(mined, labels_path):
    located = {}  # (repo, pr, evidence_commit, file, line) -> matched
    for case in mined.get("cases", []):
        for e in case.get("expected_locations", []):
            key = (case["repo"].lower(), str(case.get("pr")), case.get("evidence_commit", ""), e["file"], str(e["line"]))
            located[key] = e["located"]
    by_class = collections.defaultdict(lambda: [0, 0])
    missing = 0
    for line in open(labels_path):
        if line.startswith("#") or not line.strip():
            continue
        repo, pr, commit, file, ln, label = line.rstrip("\n").split("\t")[:6]
        key = (repo.lower(), pr, commit, file, ln)
        if key not in located:
            missing += 1
            continue
        kind = label.split(":", 1)[0]
        name = label if kind != "none" else "none (not a defect)"
        by_class[name][0] += 1
        by_class[name][1] += located[key]
    rows = ["| label | locations | located by any finding |", "|---|---|---|"]
    defects = [0, 0]
    for name in sorted(by_class, key=lambda k: (-by_class[k][0], k)):
        n, hit = by_class[name]
        if not name.startswith("none"):
            defects[0] += n
            defects[1] += hit
        rows.append(f"| {name} | {n} | {hit} ({pct(hit, n)}) |")
    rows.append(f"| **all defects** | {defects[0]} | {defects[1]} ({pct(defects[1], defects[0])}) |")
    note = f"{missing} labelled locations are not in this mined set (mined again with other options) and are left out." if missing else ""
    return rows, note


def label_counts(labels_path):
    by = collections.Counter()
    for line in open(labels_path):
        if line.startswith("#") or not line.strip():
            continue
        label = line.split("\t")[5]
        by[label if not label.startswith("none:") else "none (not a defect)"] += 1
    rows = ["| label | locations |", "|---|---|"]
    rows += [f"| {k} | {n} |" for k, n in sorted(by.items(), key=lambda kv: (-kv[1], kv[0]))]
    return rows


def precision_table(judgements, dirs):
    cmd = [sys.executable, os.path.join(here, "precision_tool.py"), "table", judgements] + list(dirs)
    return subprocess.run(cmd, check=True, capture_output=True, text=True).stdout.rstrip("\n").split("\n")


def main(argv):
    if len(argv) < 6:
        sys.exit(__doc__)
    # "-" for a measurement not taken in this run: its part says so instead of a number.
    dev = json.load(open(argv[1])) if argv[1] != "-" else None
    mined = json.load(open(argv[2])) if argv[2] != "-" else None
    labels, judgements, readme = argv[3], argv[4], argv[5]
    label_rows, label_note = label_table(mined, labels) if mined else (label_counts(labels), "Recall per class needs the mined eval (not run for this version of the section).")
    body = [
        "<!-- accuracy:begin -->",
        "<!-- generated by `bench/accuracy.sh`: do not edit by hand -->",
        "How often review-pr says what human reviewers said, on cases it was tuned on and on cases it",
        "was not. Regenerate with `bench/accuracy.sh AITER_MIRROR ATOM_MIRROR` (mirrors with",
        "`refs/pull/*/head`, e.g. `git clone --mirror`).",
        "",
        "**Dev corpus** (`review-pr eval ../shared/corpus --repo ROCm/aiter=… --repo ROCm/ATOM=…`): matched by checklist code,",
        "file and line ±5.",
        "",
        "| set | result |",
        "|---|---|",
        *(dev_rows(dev) if dev else ["| dev corpus | not measured in this run |"]),
        "",
        "**Mined cases** (`review-pr mine`, then `review-pr eval`): locations that review made authors change",
        "(review-fix), that a later fix changed and blamed to the PR (follow-up, szz), and clean merged PRs",
        "(negative). Located recall = expected locations with any finding within ±5 lines. Rules and",
        "fixtures are informed by `tune` only; `validate` shows over-fitting as a gap.",
        "",
        *((split_table(mined) + unlabelled_rows(mined, labels)) if mined else ["Not measured in this run."]),
        "",
        *([f"The labelled sample below (its PRs are now {label_splits(mined, labels)}) was mostly "
           f"labelled under an earlier split hash (the labels file's header says which rows), and rules "
           f"were designed from those labels, so the independent measure is the `validate` row of PRs "
           f"never labelled."] if mined else []),
        "",
        "**Labelled sample** (`bench/labels/labels.tsv`): what each mined location really",
        "was, and how often review-pr pointed at it. The defect classes with low recall are what to learn next.",
        "",
        *label_rows,
        "",
        *([label_note, ""] if label_note else []),
        "**Precision** (`bench/precision.sh`): findings on the newest tune-split PR branch heads of both",
        "repositories, judged by reading the code (`bench/precision/judgements.tsv`): true = worth the",
        "author's time, noise = correct but not worth it, false = wrong. A rule under 70% true on at",
        "least 10 judged findings is fixed or demoted to a note. Judgements were made on the findings of",
        "the rules as they were then; a rule fixed since is re-measured by the next round.",
        "",
        *precision_table(judgements, argv[6:]),
        "<!-- accuracy:end -->",
    ]
    text = open(readme).read()
    start, end = text.find("<!-- accuracy:begin -->"), text.find("<!-- accuracy:end -->")
    if start < 0 or end < 0:
        sys.exit("README has no accuracy markers")
    text = text[:start] + "\n".join(body) + text[end + len("<!-- accuracy:end -->"):]
    open(readme, "w").write(text)


if __name__ == "__main__":
    main(sys.argv)
