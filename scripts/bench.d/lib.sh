# shellcheck shell=bash disable=SC2154  # the driver, scripts/bench, sets the variables read here
# Shared by scripts/bench and the area scripts in scripts/bench.d: messages, number
# formatting, hyperfine and JSON readers, the benchtool wrappers and the summary checks.
# Sourced, not run; it reads $work, $vault, $benchtool and $bench_figures, which the driver's
# parts set.

die() { printf 'bench: error: %s\n' "$*" >&2; exit 1; }
log() { printf 'bench: %s\n' "$*" >&2; }

is_count() { [[ "$1" =~ ^[1-9][0-9]*$ ]]; }

summary=()
record() { summary+=("$1"); log "$1"; }

# ms with one decimal from a number of seconds.
ms() { awk -v s="$1" 'BEGIN { printf "%.1f", s * 1000 }'; }

# hyperfine_median_ms JSON [INDEX]: the median of a hyperfine run's INDEXth
# command (default the first), in ms.
hyperfine_median_ms() {
    python3 "$benchtool" median "$1" "${2:-0}"
}

# Sets init_flags to the `vault init` options of a KDF profile (read by the area scripts).
# shellcheck disable=SC2034
set_init_flags() {
    if [[ "$1" == cheap ]]; then
        init_flags=(--kdf-memory-mib 8 --kdf-iterations 1 --kdf-parallelism 1)
    else
        init_flags=()
    fi
}

# Shows the tail of a log on stderr after a failure.
show_log() { [[ -s "$1" ]] && tail -n 15 -- "$1" | sed 's/^/    | /' >&2; return 0; }

# write_export N WIDTH CHUNK PREFIX SECRET_FILE: vault-export documents with N
# entries site/00001 ... in all, in name order (the order `vault export`
# writes), CHUNK entries per file PREFIX-001.json, PREFIX-002.json, ...; the
# password of the middle entry goes to SECRET_FILE, to check what `get` prints.
write_export() {
    python3 "$benchtool" write-export "$@"
}

# time_add RUNS WARMUP PREFIX JSON: runs `vault add PREFIX-<i>` (password on
# stdin) WARMUP times untimed, then RUNS times timed, and writes the timings
# (seconds) as JSON. Each run adds a new name, so every run really adds.
time_add() {
    python3 "$benchtool" time-add "$vault" "$@" "$work/add-input"
}

# json_field FILE KEY: one number from a JSON object.
json_field() { python3 "$benchtool" field "$1" "$2"; }

human_size() {
    awk -v b="$1" 'BEGIN {
        if (b >= 1048576) printf "%.1f MiB", b / 1048576
        else if (b >= 1024) printf "%.1f KiB", b / 1024
        else printf "%d B", b }'
}

# rate COUNT MS: passwords per second, rounded.
rate() { awk -v n="$1" -v m="$2" 'BEGIN { printf "%.0f", n / (m / 1000) }'; }
# difference A B: A - B with its sign and one decimal (the form of a checked "+N ms").
difference() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%+.1f", a - b }'; }
# ratio A B: A / B with no decimal, or "?" when either is not a number.
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a + 0 > 0 && b + 0 > 0) printf "%.0f", a / b; else printf "?" }'; }
is_number() { [[ "$1" =~ ^[+-]?[0-9]+([.][0-9]+)?$ ]]; }
# log_lines TEXT: each line of TEXT through log.
log_lines() { local one; while IFS= read -r one; do log "$one"; done <<<"$1"; }

# target_check LABEL VALUE UNIT RELATION TARGET [TARGET_TEXT]: prints one
# line of the summary's checks; RELATION is "<", "<=" or ">="; UNIT may be empty
# (a ratio). The figure also goes to the results file: one tab-separated line appended
# to $bench_figures, a file because the checks run in $(...) subshells.
target_check() {
    local label=$1 value=$2 unit=${3:+ $3} relation=$4 target=$5 shown=${6:-$5} result="not measured"
    if is_number "$value"; then
        result="$(awk -v v="$value" -v t="$target" -v r="$relation" \
            'BEGIN { print ((r == "<" ? v < t : r == "<=" ? v <= t : v >= t) ? "ok" : "MISSED") }')"
    fi
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$label" "$value" "$3" "$relation" "$target" "$result" >>"$bench_figures"
    printf '%-44s %s%s %s %s%s: %s' "$label:" "${value:-?}" "$unit" "$relation" "$shown" "$unit" "$result"
}

# The environment assignments (for env) that give git, and vault sync's git, the bench's
# identity and no system configuration, so that no setting of the machine's changes what is
# measured; the areas add a HOME of their own, without configuration.
# shellcheck disable=SC2034 # for the areas
git_identity=(GIT_CONFIG_NOSYSTEM=1 GIT_AUTHOR_NAME=bench GIT_AUTHOR_EMAIL=bench@example.com
    GIT_COMMITTER_NAME=bench GIT_COMMITTER_EMAIL=bench@example.com)

# middle_of N: sets `width` (the digits of entry numbers: those of N, at least 5) and `middle`
# (the name of the middle one of N entries, site/NNNNN), in the caller's scope.
# shellcheck disable=SC2034 # width and middle are for the caller
middle_of() {
    width=${#1}
    if ((width < 5)); then width=5; fi
    printf -v middle "site/%0${width}d" $((($1 + 1) / 2))
}
