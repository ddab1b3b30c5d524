"""The results file of scripts/bench and the gate that compares it with a baseline.

benchtool.py runs these as its subcommands write-results, check-results and gate;
docs/benchmarks.md describes the file and the gate's rule. Standard library only.
"""
import datetime
import json
import math
import os
import re
import sys

FORMAT = "vault-bench-results"
VERSION = 1
RESULTS_OF_A_CHECK = ("ok", "MISSED", "not measured")
# "<" and "<=": lower is better; ">=": higher is better.
RELATIONS = ("<", "<=", ">=")
# A figure regresses only when it is worse by more than this too, so that noise on a small
# figure (0.4 ms becoming 0.6 ms) does not fail the gate. Units not listed have no floor.
FLOORS = {"ms": 1.0, "MiB": 1.0, "": 0.05}
DEFAULT_TOLERANCE = 25.0
NUMBER = re.compile(r"^[+-]?[0-9]+([.][0-9]+)?$")


class ResultsError(Exception):
    """A results file that cannot be read or is not complete."""


def number(text):
    """A figure as the shell printed it, as a JSON number; None when it is not one ("", "?")."""
    if not NUMBER.match(text):
        return None
    return float(text) if "." in text else int(text)


def is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def validate(document, name):
    """Raises ResultsError naming the first thing that makes `document` no complete results."""
    def need(condition, what):
        if not condition:
            raise ResultsError(f"{name}: {what}")

    need(isinstance(document, dict), "not a JSON object")
    need(document.get("format") == FORMAT and document.get("version") == VERSION,
         f'"format" is not "{FORMAT}" version {VERSION}')
    need(isinstance(document.get("date"), str), 'no "date"')
    machine = document.get("machine")
    need(isinstance(machine, dict) and isinstance(machine.get("cpu"), str)
         and isinstance(machine.get("nproc"), int) and isinstance(machine.get("kernel"), str),
         '"machine" needs "cpu", "nproc" and "kernel"')
    settings = document.get("settings")
    need(isinstance(settings, dict) and all(isinstance(v, str) for v in settings.values()),
         '"settings" is not an object of strings')
    figures = document.get("figures")
    need(isinstance(figures, list), 'no "figures" list')
    seen = set()
    for index, figure in enumerate(figures):
        where = f"figure {index + 1}"
        need(isinstance(figure, dict), f"{where} is not an object")
        label, unit = figure.get("label"), figure.get("unit")
        need(isinstance(label, str) and label and isinstance(unit, str), f'{where} needs a "label" and a "unit"')
        where = f'figure "{label}"'
        need(figure.get("relation") in RELATIONS, f'{where}: "relation" is not one of {", ".join(RELATIONS)}')
        need(figure.get("value") is None or is_number(figure.get("value")), f'{where}: "value" is not a number or null')
        need(is_number(figure.get("target")), f'{where}: "target" is not a number')
        need(figure.get("result") in RESULTS_OF_A_CHECK, f'{where}: "result" is not one of {", ".join(RESULTS_OF_A_CHECK)}')
        need((label, unit) not in seen, f"{where} appears twice")
        seen.add((label, unit))


def load(path):
    """The results file at `path`, checked; ResultsError when it is missing or incomplete."""
    try:
        with open(path, encoding="utf-8") as source:
            document = json.load(source)
    except FileNotFoundError:
        raise ResultsError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as error:
        raise ResultsError(f"{path}: {error}") from None
    except json.JSONDecodeError as error:
        raise ResultsError(f"{path}: not complete JSON ({error})") from None
    validate(document, path)
    return document


def write_results(argv):
    """write-results FIGURES OUT CPU NPROC KERNEL [NAME=VALUE...]: writes the results file OUT from
    FIGURES, the tab-separated lines target_check appends (label, value, unit, relation, target,
    result), with the date, the machine (CPU model, processors, kernel) and the NAME=VALUE
    settings. OUT's folder is made if need be, and OUT is replaced whole, never half written.
    """
    figures_path, out, cpu, nproc, kernel, pairs = argv[1], argv[2], argv[3], int(argv[4]), argv[5], argv[6:]
    figures = []
    with open(figures_path, encoding="utf-8") as source:
        for line in source:
            label, value, unit, relation, target, result = line.rstrip("\n").split("\t")
            # The summary pads its labels into columns; the results keep the words.
            figures.append({"label": " ".join(label.split()), "value": number(value), "unit": unit,
                            "relation": relation, "target": number(target), "result": result})
    document = {
        "format": FORMAT,
        "version": VERSION,
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "machine": {"cpu": cpu, "nproc": nproc, "kernel": kernel},
        "settings": dict(pair.split("=", 1) for pair in pairs),
        "figures": figures,
    }
    try:
        validate(document, out)
    except ResultsError as error:
        print(f"write-results: error: {error}", file=sys.stderr)
        return 2
    os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
    with open(out + ".tmp", "w", encoding="utf-8") as sink:
        json.dump(document, sink, indent=2)
        sink.write("\n")
    os.replace(out + ".tmp", out)


def check_results(argv):
    """check-results FILE: exits 0 when FILE is a complete results file, and says what it holds;
    else prints why not on one line and exits 2.
    """
    try:
        document = load(argv[1])
    except ResultsError as error:
        print(f"check-results: error: {error}", file=sys.stderr)
        return 2
    machine = document["machine"]
    print(f"{argv[1]}: {figure_count(len(document['figures']))} of {document['date']}, "
          f"{machine['cpu'] or 'an unknown CPU'} ({machine['nproc']} processors)")
    return 0


def tolerance_from_environment():
    text = os.environ.get("BENCH_TOLERANCE", "")
    if not text:
        return DEFAULT_TOLERANCE
    if not NUMBER.match(text) or text.startswith("-"):
        raise ResultsError(f"BENCH_TOLERANCE is a percentage such as 25, not '{text}'")
    return float(text)


def incomparable(baseline, results):
    """Why the two runs' figures cannot be compared, or None when they can."""
    def about(machine):
        return f"{machine['cpu'] or 'an unknown CPU'}, {machine['nproc']} processors"

    old, new = baseline["machine"], results["machine"]
    if (old["cpu"], old["nproc"]) != (new["cpu"], new["nproc"]):
        return f"the baseline comes from another machine ({about(old)}; this run: {about(new)})"
    old, new = baseline["settings"], results["settings"]
    changed = [f"{name} '{old.get(name, '(not recorded)')}' there, '{new.get(name, '(not recorded)')}' here"
               for name in sorted(set(old) | set(new)) if old.get(name) != new.get(name)]
    if changed:
        return f"the baseline was recorded with other settings ({'; '.join(changed)})"
    return None


def figure_count(count):
    return f"{count} figure{'' if count == 1 else 's'}"


def shown(value, unit):
    return f"{value}{' ' + unit if unit else ''}"


def regressed(figure, before, tolerance):
    """True when `figure` is worse than `before` (its value in the baseline) by more than
    `tolerance` percent of it and by more than its unit's floor."""
    now = figure["value"]
    worse = before - now if figure["relation"] == ">=" else now - before
    return worse > tolerance / 100 * abs(before) and worse > FLOORS.get(figure["unit"], 0.0)


def gate(argv):
    """gate RESULTS BASELINE: compares the figures of RESULTS with those of BASELINE (same label and
    unit) and exits 1 when one regressed: it is worse by more than BENCH_TOLERANCE percent (25)
    and by more than its unit's floor. Prints a line per figure and the targets missed. A missing
    BASELINE, or one from another machine or with other settings, is not compared (exit 0); an
    incomplete file is an error (exit 2).
    """
    results_path, baseline_path = argv[1], argv[2]
    try:
        tolerance = tolerance_from_environment()
        results = load(results_path)
        if not os.path.exists(baseline_path):
            print(f"gate: no baseline at {baseline_path}, so nothing is compared. To record one, run `make bench` "
                  "with release builds and no BENCH_* settings, then `make bench-baseline`.")
            return 0
        baseline = load(baseline_path)
    except ResultsError as error:
        print(f"gate: error: {error}", file=sys.stderr)
        return 2
    why = incomparable(baseline, results)
    if why:
        print(f"gate: not compared: {why}; figures compare only on the same machine and settings.")
        return 0

    print(f"gate: {results_path} ({results['date']}) against the baseline {baseline_path} ({baseline['date']}): "
          f"a figure regresses when it is worse by more than {tolerance:g} % and by more than its unit's floor")
    # Figures keyed by label and unit; one that was not measured (null) counts as missing.
    before = {(f["label"], f["unit"]): f for f in baseline["figures"] if f["value"] is not None}
    now = {(f["label"], f["unit"]): f for f in results["figures"] if f["value"] is not None}
    keys = list(now) + [key for key in before if key not in now]
    width = max((len(label) for label, _ in keys), default=0) + 1
    compared, worse = 0, []
    for key in keys:
        label, unit = key
        if key not in before:
            print(f"  {label + ':':{width}} not in the baseline (now {shown(now[key]['value'], unit)})")
            continue
        if key not in now:
            print(f"  {label + ':':{width}} not measured in this run (baseline {shown(before[key]['value'], unit)})")
            continue
        old, value = before[key]["value"], now[key]["value"]
        compared += 1
        change = f"{(value - old) / abs(old) * 100:+.1f} %" if old else "change n/a"
        verdict = "REGRESSED" if regressed(now[key], old, tolerance) else "ok"
        if verdict == "REGRESSED":
            worse.append(label)
        print(f"  {label + ':':{width}} baseline {shown(old, unit)}, now {shown(value, unit)}, {change}: {verdict}")
    for figure in results["figures"]:
        if figure["result"] == "MISSED":
            print(f"gate: target missed (it fails the gate only if it regressed): {figure['label']}: "
                  f"{shown(figure['value'], figure['unit'])} {figure['relation']} {shown(figure['target'], figure['unit'])}")
    if worse:
        print(f"gate: {len(worse)} of {figure_count(compared)} compared REGRESSED: {', '.join(worse)}")
        return 1
    print(f"gate: no regression in {figure_count(compared)} compared")
    return 0


SUBCOMMANDS = {
    "write-results": write_results,
    "check-results": check_results,
    "gate": gate,
}
