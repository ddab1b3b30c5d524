"""Tests of `benchtool.py gate` and of the results files it reads (write-results, check-results).

Run from the repository's root: python3 -m unittest Benchmarks/test_benchtool_gate.py
(or python3 -m unittest discover -s Benchmarks). Each test runs benchtool.py as `make bench`
does, in a process of its own, on files in a temporary folder.
"""
import json
import os
import subprocess
import sys
import tempfile
import unittest

BENCHTOOL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "benchtool.py")


def figure(label, value, unit="ms", relation="<", target=25, result=None):
    if result is None:
        result = "not measured" if value is None else "ok"
    return {"label": label, "value": value, "unit": unit, "relation": relation, "target": target, "result": result}


def results(*figures, cpu="Test CPU @ 3.00GHz", nproc=8, settings=None):
    return {
        "format": "vault-bench-results",
        "version": 1,
        "date": "2026-11-29T12:00:00Z",
        "machine": {"cpu": cpu, "nproc": nproc, "kernel": "6.1.0"},
        "settings": {"BENCH_SIZES": "100 1000", "VAULT_BIN": ""} if settings is None else settings,
        "figures": list(figures),
    }


class GateTestCase(unittest.TestCase):
    def setUp(self):
        folder = tempfile.TemporaryDirectory()
        self.addCleanup(folder.cleanup)
        self.folder = folder.name
        self.results_path = os.path.join(self.folder, "results.json")
        self.baseline_path = os.path.join(self.folder, "baseline.json")

    def write(self, path, document):
        with open(path, "w", encoding="utf-8") as out:
            out.write(document if isinstance(document, str) else json.dumps(document))

    def benchtool(self, *arguments, tolerance=None):
        environment = {key: value for key, value in os.environ.items() if key != "BENCH_TOLERANCE"}
        if tolerance is not None:
            environment["BENCH_TOLERANCE"] = tolerance
        return subprocess.run([sys.executable, BENCHTOOL, *arguments], capture_output=True, text=True,
                              env=environment)

    def gate(self, now, baseline, tolerance=None):
        self.write(self.results_path, now)
        if baseline is not None:
            self.write(self.baseline_path, baseline)
        return self.benchtool("gate", self.results_path, self.baseline_path, tolerance=tolerance)

    def line_of(self, run, label):
        lines = [line for line in run.stdout.splitlines() if line.strip().startswith(label + ":")]
        self.assertEqual(len(lines), 1, f"one line for {label!r} in:\n{run.stdout}")
        return lines[0]


class Comparisons(GateTestCase):
    def test_small_changes_pass(self):
        run = self.gate(results(figure("get cheap-kdf 1000 entries", 21.0), figure("rate", 52000, "passwords/s", ">=", 50000)),
                        results(figure("get cheap-kdf 1000 entries", 20.0), figure("rate", 50000, "passwords/s", ">=", 50000)))
        self.assertEqual(run.returncode, 0, run.stdout + run.stderr)
        self.assertTrue(self.line_of(run, "get cheap-kdf 1000 entries").endswith("baseline 20.0 ms, now 21.0 ms, +5.0 %: ok"))
        self.assertTrue(self.line_of(run, "rate").endswith(": ok"))
        self.assertIn("gate: no regression in 2 figures compared", run.stdout)

    def test_slower_beyond_the_tolerance_fails(self):
        run = self.gate(results(figure("get cheap-kdf 1000 entries", 26.0), figure("audit", 900.0, target=2000)),
                        results(figure("get cheap-kdf 1000 entries", 20.0), figure("audit", 880.0, target=2000)))
        self.assertEqual(run.returncode, 1, run.stdout + run.stderr)
        self.assertTrue(self.line_of(run, "get cheap-kdf 1000 entries").endswith("+30.0 %: REGRESSED"))
        self.assertTrue(self.line_of(run, "audit").endswith(": ok"))
        self.assertIn("gate: 1 of 2 figures compared REGRESSED: get cheap-kdf 1000 entries", run.stdout)

    def test_the_tolerance_comes_from_the_environment(self):
        now, baseline = results(figure("get", 26.0)), results(figure("get", 20.0))
        self.assertEqual(self.gate(now, baseline, tolerance="40").returncode, 0)
        self.assertEqual(self.gate(now, baseline, tolerance="10").returncode, 1)

    def test_a_change_under_the_floor_passes(self):
        # +50 %, but 0.2 ms: noise on a small figure.
        run = self.gate(results(figure("keyring fallback no-bus", 0.6, target=200)),
                        results(figure("keyring fallback no-bus", 0.4, target=200)))
        self.assertEqual(run.returncode, 0, run.stdout + run.stderr)
        self.assertTrue(self.line_of(run, "keyring fallback no-bus").endswith("+50.0 %: ok"))

    def test_a_change_over_the_floor_and_the_tolerance_fails(self):
        run = self.gate(results(figure("keyring fallback no-bus", 1.6, target=200)),
                        results(figure("keyring fallback no-bus", 0.4, target=200)))
        self.assertEqual(run.returncode, 1, run.stdout + run.stderr)

    def test_a_growth_in_kib_has_no_floor(self):
        # Git growth per edit: +0.4 KiB is +33 %, and KiB has no floor to hide it behind.
        label = "git growth per edit + sync 1000 entries"
        run = self.gate(results(figure(label, 1.6, "KiB", "<=", 2)), results(figure(label, 1.2, "KiB", "<=", 2)))
        self.assertEqual(run.returncode, 1, run.stdout + run.stderr)
        self.assertTrue(self.line_of(run, label).endswith("baseline 1.2 KiB, now 1.6 KiB, +33.3 %: REGRESSED"))

    def test_a_higher_is_better_figure_that_drops_fails(self):
        run = self.gate(results(figure("breach offline", 70000, "lookups/s", ">=", 100000)),
                        results(figure("breach offline", 100000, "lookups/s", ">=", 100000)))
        self.assertEqual(run.returncode, 1, run.stdout + run.stderr)
        self.assertTrue(self.line_of(run, "breach offline").endswith("-30.0 %: REGRESSED"))

    def test_a_higher_is_better_figure_that_rises_passes(self):
        run = self.gate(results(figure("breach offline", 150000, "lookups/s", ">=", 100000)),
                        results(figure("breach offline", 100000, "lookups/s", ">=", 100000)))
        self.assertEqual(run.returncode, 0, run.stdout + run.stderr)

    def test_figures_missing_on_either_side_are_named_and_pass(self):
        run = self.gate(results(figure("both", 10.0), figure("only now", 5.0), figure("failed now", None)),
                        results(figure("both", 10.0), figure("only before", 7.0), figure("failed now", 3.0)))
        self.assertEqual(run.returncode, 0, run.stdout + run.stderr)
        self.assertTrue(self.line_of(run, "only now").endswith("not in the baseline (now 5.0 ms)"))
        self.assertTrue(self.line_of(run, "only before").endswith("not measured in this run (baseline 7.0 ms)"))
        self.assertTrue(self.line_of(run, "failed now").endswith("not measured in this run (baseline 3.0 ms)"))
        self.assertIn("gate: no regression in 1 figure compared", run.stdout)

    def test_the_same_label_in_another_unit_is_not_compared(self):
        run = self.gate(results(figure("memory", 900.0, "KiB")), results(figure("memory", 60.0, "MiB")))
        self.assertEqual(run.returncode, 0, run.stdout + run.stderr)
        self.assertIn("no regression in 0 figures compared", run.stdout)

    def test_missed_targets_are_listed_but_pass_unless_they_regressed(self):
        missed = figure("get cheap-kdf 100 entries", 108.4, result="MISSED")
        run = self.gate(results(missed), results(figure("get cheap-kdf 100 entries", 110.0, result="MISSED")))
        self.assertEqual(run.returncode, 0, run.stdout + run.stderr)
        self.assertIn("gate: target missed (it fails the gate only if it regressed): get cheap-kdf 100 entries: "
                      "108.4 ms < 25 ms", run.stdout)


class NotCompared(GateTestCase):
    def test_another_cpu_is_not_compared(self):
        run = self.gate(results(figure("get", 90.0), cpu="Other CPU"), results(figure("get", 20.0)))
        self.assertEqual(run.returncode, 0, run.stdout + run.stderr)
        self.assertEqual(run.stdout.splitlines(), [
            "gate: not compared: the baseline comes from another machine (Test CPU @ 3.00GHz, 8 processors; "
            "this run: Other CPU, 8 processors); figures compare only on the same machine and settings."])

    def test_another_processor_count_is_not_compared(self):
        run = self.gate(results(figure("get", 90.0), nproc=2), results(figure("get", 20.0)))
        self.assertEqual(run.returncode, 0, run.stdout + run.stderr)
        self.assertEqual(len(run.stdout.splitlines()), 1, run.stdout)
        self.assertIn("another machine", run.stdout)

    def test_other_settings_are_not_compared(self):
        run = self.gate(results(figure("get", 90.0), settings={"BENCH_SIZES": "100", "VAULT_BIN": ""}),
                        results(figure("get", 20.0)))
        self.assertEqual(run.returncode, 0, run.stdout + run.stderr)
        self.assertEqual(run.stdout.splitlines(), [
            "gate: not compared: the baseline was recorded with other settings (BENCH_SIZES '100 1000' there, "
            "'100' here); figures compare only on the same machine and settings."])

    def test_a_setting_recorded_on_one_side_only_is_another_setting(self):
        run = self.gate(results(figure("get", 90.0), settings={"BENCH_SIZES": "100 1000", "VAULT_BIN": "", "NEW": "1"}),
                        results(figure("get", 20.0)))
        self.assertEqual(run.returncode, 0, run.stdout + run.stderr)
        self.assertIn("NEW '(not recorded)' there, '1' here", run.stdout)

    def test_no_baseline_says_how_to_record_one(self):
        run = self.gate(results(figure("get", 20.0)), None)
        self.assertEqual(run.returncode, 0, run.stdout + run.stderr)
        self.assertIn(f"gate: no baseline at {self.baseline_path}", run.stdout)
        self.assertIn("make bench-baseline", run.stdout)


class BadFiles(GateTestCase):
    def assert_one_line_error(self, run, *fragments):
        self.assertEqual(run.returncode, 2, run.stdout + run.stderr)
        self.assertEqual(run.stdout, "")
        lines = run.stderr.splitlines()
        self.assertEqual(len(lines), 1, run.stderr)
        self.assertTrue(lines[0].startswith("gate: error: "), lines[0])
        for fragment in fragments:
            self.assertIn(fragment, lines[0])

    def test_a_truncated_baseline_is_an_error(self):
        text = json.dumps(results(figure("get", 20.0)))
        run = self.gate(results(figure("get", 20.0)), text[:len(text) // 2])
        self.assert_one_line_error(run, self.baseline_path, "not complete JSON")

    def test_a_baseline_without_figures_is_an_error(self):
        baseline = results(figure("get", 20.0))
        del baseline["figures"]
        self.assert_one_line_error(self.gate(results(figure("get", 20.0)), baseline), 'no "figures" list')

    def test_a_figure_with_a_bad_relation_is_an_error(self):
        baseline = results(figure("get", 20.0, relation=">"))
        self.assert_one_line_error(self.gate(results(figure("get", 20.0)), baseline), 'figure "get"', '"relation"')

    def test_a_figure_with_a_text_value_is_an_error(self):
        baseline = results(figure("get", "20.0"))
        self.assert_one_line_error(self.gate(results(figure("get", 20.0)), baseline), '"value"')

    def test_missing_results_are_an_error(self):
        run = self.benchtool("gate", self.results_path, self.baseline_path)
        self.assert_one_line_error(run, self.results_path, "no such file")

    def test_a_bad_tolerance_is_an_error(self):
        run = self.gate(results(figure("get", 20.0)), results(figure("get", 20.0)), tolerance="a lot")
        self.assert_one_line_error(run, "BENCH_TOLERANCE")


class ResultsFiles(GateTestCase):
    """The files the gate reads, as scripts/bench writes them."""

    def write_results(self, figures_text, *settings):
        figures_path = os.path.join(self.folder, "figures.tsv")
        self.write(figures_path, figures_text)
        out = os.path.join(self.folder, "new", "results.json")
        run = self.benchtool("write-results", figures_path, out, "Test CPU", "4", "6.1.0", *settings)
        return run, out

    def test_target_check_records_become_a_complete_file(self):
        run, out = self.write_results(
            "get  cheap-kdf      100 entries\t108.4\tms\t<\t25\tMISSED\n"
            "keyring fallback no-bus\t+3.2\tms\t<\t200\tok\n"
            "cached get   1000 entries / gopass show\t\t\t<=\t1\tnot measured\n",
            "BENCH_SIZES=100 1000", "VAULT_BIN=")
        self.assertEqual(run.returncode, 0, run.stderr)
        with open(out, encoding="utf-8") as source:
            document = json.load(source)
        self.assertEqual(document["machine"], {"cpu": "Test CPU", "nproc": 4, "kernel": "6.1.0"})
        self.assertEqual(document["settings"], {"BENCH_SIZES": "100 1000", "VAULT_BIN": ""})
        self.assertEqual(document["figures"], [
            figure("get cheap-kdf 100 entries", 108.4, result="MISSED"),
            figure("keyring fallback no-bus", 3.2, target=200),
            figure("cached get 1000 entries / gopass show", None, unit="", relation="<=", target=1),
        ])
        check = self.benchtool("check-results", out)
        self.assertEqual(check.returncode, 0, check.stderr)
        self.assertIn("3 figures", check.stdout)

    def test_a_figure_recorded_twice_is_refused(self):
        run, out = self.write_results("get\t1.0\tms\t<\t25\tok\nget\t2.0\tms\t<\t25\tok\n")
        self.assertEqual(run.returncode, 2)
        self.assertIn('figure "get" appears twice', run.stderr)
        self.assertFalse(os.path.exists(out))

    def test_check_results_refuses_an_incomplete_file(self):
        document = results(figure("get", 20.0))
        del document["machine"]["nproc"]
        self.write(self.results_path, document)
        run = self.benchtool("check-results", self.results_path)
        self.assertEqual(run.returncode, 2)
        self.assertIn('"machine" needs "cpu", "nproc" and "kernel"', run.stderr)


if __name__ == "__main__":
    unittest.main()
