# shellcheck shell=bash disable=SC2034  # the areas read these variables
# Sourced by scripts/bench (not run on its own). Reads the settings from the environment (BENCH_*,
# SWIFT, SWIFT_BUILD_FLAGS and the *_BIN binaries), with their defaults, and refuses values the
# areas cannot use. The settings are described in docs/benchmarks.md ("Settings"): keep that list
# and this file in step.
# Sets one variable per setting (sizes, get_runs, skip_keyring, vault, results_file, ...), the
# fixed warm-up counts, and figure_settings.

read -r -a sizes <<<"${BENCH_SIZES:-100 1000 10000 100000}"
read -r -a profiles <<<"${BENCH_PROFILES:-cheap default}"
get_runs="${BENCH_GET_RUNS:-15}"
add_runs="${BENCH_ADD_RUNS:-15}"
kdf_runs="${BENCH_KDF_RUNS:-10}"
import_chunk="${BENCH_IMPORT_CHUNK:-1000000}"
keyring_size="${BENCH_KEYRING_SIZE:-1000}"
skip_keyring="${BENCH_SKIP_KEYRING:-0}"
skip_cached="${BENCH_SKIP_CACHED:-0}"
read -r -a cached_sizes <<<"${BENCH_CACHED_SIZES:-100 1000 10000}"
cached_peers_all="${BENCH_CACHED_PEERS_ALL:-0}"
skip_audit="${BENCH_SKIP_AUDIT:-0}"
audit_hashes="${BENCH_AUDIT_HASHES:-100000}"
skip_generator="${BENCH_SKIP_GENERATOR:-0}"
gen_count="${BENCH_GEN_COUNT:-100000}"
gen_runs="${BENCH_GEN_RUNS:-5}"
skip_entropy="${BENCH_SKIP_ENTROPY:-0}"
entropy_count="${BENCH_ENTROPY_LINES:-50000}"
entropy_runs="${BENCH_ENTROPY_RUNS:-5}"
entropy_peer_rounds="${BENCH_ENTROPY_PEER_ROUNDS:-3}"
skip_interchange="${BENCH_SKIP_INTERCHANGE:-0}"
interchange_records="${BENCH_INTERCHANGE_RECORDS:-10000}"
interchange_runs="${BENCH_INTERCHANGE_RUNS:-5}"
skip_attachments="${BENCH_SKIP_ATTACHMENTS:-0}"
attach_entries="${BENCH_ATTACH_ENTRIES:-1000}"
attach_mib="${BENCH_ATTACH_MIB:-50}"
skip_growth="${BENCH_SKIP_GROWTH:-0}"
read -r -a growth_sizes <<<"${BENCH_GROWTH_SIZES:-1000 10000}"
growth_edits="${BENCH_GROWTH_EDITS:-20}"
skip_sync="${BENCH_SKIP_SYNC:-0}"
sync_records="${BENCH_SYNC_RECORDS:-10000}"
sync_changes="${BENCH_SYNC_CHANGES:-100}"
sync_runs="${BENCH_SYNC_RUNS:-5}"
sync_e2e_records="${BENCH_SYNC_E2E_RECORDS:-1000}"
sync_e2e_changes="${BENCH_SYNC_E2E_CHANGES:-10}"
skip_breach="${BENCH_SKIP_BREACH:-0}"
breach_hashes="${BENCH_BREACH_HASHES:-10000000}"
breach_lookups="${BENCH_BREACH_LOOKUPS:-100000}"
breach_look_count="${BENCH_BREACH_LOOK_COUNT:-10000}"
breach_batch="${BENCH_BREACH_BATCH:-1000}"
breach_curl_count="${BENCH_BREACH_CURL_COUNT:-1000}"
breach_runs="${BENCH_BREACH_RUNS:-5}"
skip_peers="${BENCH_SKIP_PEERS:-0}"
skip_exif="${BENCH_SKIP_EXIF:-0}"
# Relative to the repository's root, where scripts/bench runs.
results_file="${BENCH_RESULTS:-.build/bench/results.json}"
swift="${SWIFT:-swift}"
read -r -a swift_flags <<<"${SWIFT_BUILD_FLAGS:-}"
# Empty: scripts/bench.d/setup.sh builds the binary.
vault="${VAULT_BIN:-}"
kdf_bench="${KDF_BENCH_BIN:-}"
entropy_bench="${ENTROPY_BENCH_BIN:-}"
fake_hibp="${FAKE_HIBP_BIN:-}"
get_warmup=3
add_warmup=2
# Fewer add runs where one run costs most: a default-kdf vault this large.
big_vault=100000
big_add_runs=5

# The settings that change the checked figures, as the results file records them: the gate
# compares a run only with a baseline of the same ones. Run counts are not among them (more runs
# make a median steadier, not different), nor are the skips (a skipped figure is missing, not
# different); the growth's edits are (the growth per edit shares the cost of the packs among
# them). A binary is recorded as given; empty is the bench's own release build.
figure_settings=(
    "BENCH_SIZES=${sizes[*]}" "BENCH_PROFILES=${profiles[*]}" "BENCH_KEYRING_SIZE=$keyring_size"
    "BENCH_CACHED_SIZES=${cached_sizes[*]}" "BENCH_CACHED_PEERS_ALL=$cached_peers_all"
    "BENCH_AUDIT_HASHES=$audit_hashes" "BENCH_ENTROPY_LINES=$entropy_count"
    "BENCH_BREACH_HASHES=$breach_hashes" "BENCH_BREACH_LOOKUPS=$breach_lookups"
    "BENCH_INTERCHANGE_RECORDS=$interchange_records" "BENCH_GROWTH_SIZES=${growth_sizes[*]}"
    "BENCH_GROWTH_EDITS=$growth_edits" "BENCH_SYNC_RECORDS=$sync_records"
    "BENCH_SYNC_CHANGES=$sync_changes" "VAULT_BIN=$vault" "ENTROPY_BENCH_BIN=$entropy_bench"
    "SWIFT=$swift" "SWIFT_BUILD_FLAGS=${swift_flags[*]}"
)

# check_sizes SETTING N...: refuses an empty list of sizes, or one that is not a positive integer.
check_sizes() {
    local setting=$1 n
    shift
    (($# > 0)) || die "$setting is empty"
    for n in "$@"; do is_count "$n" || die "$setting: '$n' is not a positive integer"; done
}
check_sizes BENCH_SIZES "${sizes[@]}"
[[ "$skip_cached" == 1 ]] || check_sizes BENCH_CACHED_SIZES "${cached_sizes[@]}"
[[ "$skip_growth" == 1 ]] || check_sizes BENCH_GROWTH_SIZES "${growth_sizes[@]}"
for p in "${profiles[@]}"; do [[ "$p" == cheap || "$p" == default ]] || die "BENCH_PROFILES: unknown profile '$p'"; done
for v in get_runs add_runs kdf_runs import_chunk keyring_size gen_count gen_runs \
    entropy_count entropy_runs entropy_peer_rounds interchange_records interchange_runs growth_edits attach_entries attach_mib \
    sync_records sync_changes sync_runs sync_e2e_records sync_e2e_changes breach_hashes breach_lookups breach_look_count \
    breach_batch breach_curl_count breach_runs; do is_count "${!v}" || die "$v must be a positive integer"; done
((get_runs >= 2)) || die "BENCH_GET_RUNS must be at least 2"
((gen_count <= 1000000)) || die "BENCH_GEN_COUNT must be at most 1000000 (vault generate's limit)"
((breach_hashes > breach_lookups)) || die "BENCH_BREACH_HASHES must be more than BENCH_BREACH_LOOKUPS"
((breach_look_count <= breach_lookups)) || die "BENCH_BREACH_LOOK_COUNT must be at most BENCH_BREACH_LOOKUPS"
((breach_curl_count <= breach_batch)) || die "BENCH_BREACH_CURL_COUNT must be at most BENCH_BREACH_BATCH"
((sync_records >= 2 * sync_changes)) || die "BENCH_SYNC_RECORDS must be at least twice BENCH_SYNC_CHANGES"
