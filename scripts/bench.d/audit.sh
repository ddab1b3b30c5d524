# shellcheck shell=bash disable=SC2154  # the driver, scripts/bench, sets the variables read here
# Sourced by scripts/bench (not run on its own), after the cached section, whose vault of the
# peers' size, cached_peer_size (1,000 entries, cheap KDF: 8 MiB, one pass, a few ms), it
# audits. `vault audit --offline FILE` over it, FILE a SHA1:COUNT list holding the middle entry's
# password and BENCH_AUDIT_HASHES others, first checked to find exactly that entry breached (exit
# 10), then timed with hyperfine. The KDF of that vault costs a few ms, so the figure is the
# audit's own: the issue's target is under 2 s beyond one KDF. Its peer, keepassxc-cli analyze
# --hibp on a KDBX of as many entries, is timed by scripts/bench-peers in the same run.
# Reads skip_audit, audit_hashes, skip_cached, cached_peer_size, get_runs, vault, work. Sets
# audit_lines and audit_checks.

audit_lines=()
audit_checks=()
if [[ "$skip_audit" == 1 ]]; then
    audit_lines+=("audit: skipped (BENCH_SKIP_AUDIT=1)")
elif [[ "$skip_cached" == 1 ]]; then
    audit_lines+=("audit: skipped (it audits the vault of the cached section, left out by BENCH_SKIP_CACHED=1)")
else
    alog="$work/audit.log"
    n=$cached_peer_size
    audit_vault="$work/cached-vault-$n.json"
    middle_of "$n"
    audit_offline="$work/audit-pwned.txt"
    python3 - "$work/cached-expected-$n" "$audit_offline" "$audit_hashes" <<'PY'
import hashlib, random, sys
middle = open(sys.argv[1]).read().rstrip("\n")
rng = random.Random(7)
lines = [hashlib.sha1(middle.encode()).hexdigest().upper() + ":42"]
lines += ["%040X:%d" % (rng.getrandbits(160), rng.randint(1, 9999)) for _ in range(int(sys.argv[3]))]
lines.sort()
open(sys.argv[2], "w").write("\r\n".join(lines) + "\r\n")
PY
    status=0
    "$vault" audit --vault "$audit_vault" --no-keyring --offline "$audit_offline" --json >"$work/audit.json" 2>>"$alog" || status=$?
    breached="$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(" ".join(f["entry"] for f in d["findings"] if f["kind"] == "breached"))' "$work/audit.json" 2>>"$alog")" || breached="?"
    if ((status != 10)) || [[ "$breached" != "$middle" ]]; then
        show_log "$alog"
        audit_lines+=("audit: FAILED (exit status $status, breached: ${breached:-none}, expected $middle)")
        audit_checks+=("$(target_check "audit, $n entries, offline" "" ms "<" 2000)")
    else
        printf -v audit_cmd '%q audit --vault %q --no-keyring --offline %q' "$vault" "$audit_vault" "$audit_offline"
        log "audit: hyperfine on vault audit --offline ($n entries)"
        hyperfine --style basic --shell=none --ignore-failure --warmup 1 --min-runs "$get_runs" \
            --command-name "vault audit --offline, $n entries" --export-json "$work/audit-hyperfine.json" \
            "$audit_cmd" </dev/null >&2 2>>"$alog" || die "hyperfine failed on vault audit"
        audit_ms="$(hyperfine_median_ms "$work/audit-hyperfine.json")"
        audit_hashes="$(python3 -c 'import sys; print(f"{sum(1 for _ in open(sys.argv[1])):,}")' "$audit_offline")"
        audit_lines+=("audit: vault audit --offline ($n entries, cheap KDF, a list of $audit_hashes hashes): median $audit_ms ms")
        audit_checks+=("$(target_check "audit, $n entries, offline" "$audit_ms" ms "<" 2000)")
    fi
fi
