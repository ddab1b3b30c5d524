# shellcheck shell=bash disable=SC2154  # the driver, scripts/bench, sets the variables read here
# Sourced by scripts/bench (not run on its own), last. Writes the results file, $results_file
# (BENCH_RESULTS): the date, the machine, the settings that change the figures, and every figure
# that the summary checked against a target, for `benchtool.py gate` to compare with a baseline.
# docs/benchmarks.md describes the file.
# Reads results_file, bench_figures (target_check's records), figure_settings and cpu (summary.sh).

python3 "$benchtool" write-results "$bench_figures" "$results_file" "$cpu" "$(nproc)" "$(uname -r)" \
    "${figure_settings[@]}" || die "writing the results file $results_file failed"
log "results: $results_file"
