# shellcheck shell=bash disable=SC2154  # the driver, scripts/bench, sets the variables read here
# Sourced by scripts/bench (not run on its own). The two benchmarks that are scripts of their own,
# each run once and its lines kept for the summary: scripts/bench-peers (pass show,
# keepassxc-cli show and keepassxc-cli analyze --hibp at 1,000 entries) and scripts/bench-exif
# (vault exif --strip against exiftool and mat2; BENCH_EXIF_* pass through to it).
# Reads skip_peers, skip_exif, vault. Sets peer_lines and exif_lines.

peer_lines=()
if [[ "$skip_peers" == 1 ]]; then
    peer_lines+=("peer: skipped (BENCH_SKIP_PEERS=1)")
else
    log "scripts/bench-peers"
    if peers_out="$(BENCH_PEER_ENTRIES=1000 scripts/bench-peers)"; then
        mapfile -t peer_lines <<<"$peers_out"
    else
        peer_lines+=("peer: scripts/bench-peers failed")
    fi
fi

exif_lines=()
if [[ "$skip_exif" == 1 ]]; then
    exif_lines+=("exif: skipped (BENCH_SKIP_EXIF=1)")
else
    log "scripts/bench-exif"
    if exif_out="$(VAULT_BIN="$vault" scripts/bench-exif)"; then
        mapfile -t exif_lines <<<"$exif_out"
    else
        exif_lines+=("exif: scripts/bench-exif failed")
    fi
fi
