# shellcheck shell=bash disable=SC2154  # the driver, scripts/bench, sets the variables read here
# Sourced by scripts/bench (not run on its own). The key derivation alone: kdf-bench (vault's own Argon2id) and the argon2 CLI at vault's
# default parameters, and what the cheap profile's own derivation costs.
# Reads kdf_runs, kdf_bench, work. Sets kdf_ms, kdf_line, argon2_line and the cheap profile's
# figures.

log "kdf-bench: $kdf_runs derivations at vault's default parameters"
kdf_line="$("$kdf_bench" "$kdf_runs")" || die "kdf-bench failed"
log "$kdf_line"
kdf_ms="$(sed -n 's/.*median \([0-9.]*\) ms.*/\1/p' <<<"$kdf_line")"
[[ -n "$kdf_ms" ]] || die "cannot read the median from kdf-bench's output: $kdf_line"

log "argon2 CLI at the same parameters"
printf -v argon2_cmd 'argon2 somesaltsomesalt -id -t 3 -k 65536 -p 4 -l 32 -r < %q' "$work/argon2-input"
# The password comes on stdin, so the command runs in bash; hyperfine measures
# and subtracts the shell's own start-up.
hyperfine --style basic --shell bash --warmup 2 --min-runs "$kdf_runs" \
    --command-name "argon2 -id -t 3 -k 65536 -p 4 -l 32 -r" \
    --export-json "$work/argon2.json" "$argon2_cmd" >&2 || die "hyperfine failed on argon2"
argon2_line="kdf: argon2 CLI Argon2id m=65536 KiB t=3 p=4: median $(hyperfine_median_ms "$work/argon2.json") ms (one derivation with -r; without -r it hashes, then verifies: twice)"
log "$argon2_line"

# What the cheap profile's own derivation costs, which its figures include.
printf -v argon2_cmd 'argon2 somesaltsomesalt -id -t 1 -k 8192 -p 1 -l 32 -r < %q' "$work/argon2-input"
hyperfine --style basic --shell bash --warmup 2 --min-runs "$kdf_runs" \
    --command-name "argon2 -id -t 1 -k 8192 -p 1 -l 32 -r" \
    --export-json "$work/argon2-cheap.json" "$argon2_cmd" >&2 || die "hyperfine failed on argon2"
argon2_cheap_line="kdf: argon2 CLI Argon2id m=8192 KiB t=1 p=1: median $(hyperfine_median_ms "$work/argon2-cheap.json") ms (the cheap-kdf profile's derivation, included in its figures)"
log "$argon2_cheap_line"
