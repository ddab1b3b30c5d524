#!/usr/bin/env python3
"""benchtool: the Python half of scripts/bench.

The benchmark is driven from shell (scripts/bench and scripts/bench.d/); what is easier to say in
Python lives here, as one subcommand each: generating the inputs (vault exports, adversarial
passwords, a copy of the Pwned Passwords data, breach batches), timing `vault add` (every run
must use a new name, which hyperfine cannot do), the zxcvbn peer's measurements, reading
numbers out of JSON, and, from benchresults.py, the results file and the gate that compares it
with a baseline. Every generator is seeded, so two runs with the same sizes write the same
files. Standard library only, except the zxcvbn subcommands, which import the zxcvbn module.

Usage: benchtool.py SUBCOMMAND ARGS... (see `benchtool.py --help` and each subcommand's
--help). The arguments are positional, in the order each subcommand's description gives.
"""
import argparse
import base64
import hashlib
import json
import queue
import random
import statistics
import string
import subprocess
import sys
import threading
import time

import benchresults


def write_export(argv):
    """write-export N WIDTH CHUNK PREFIX SECRET_FILE: vault-export documents with N
    entries site/00001 ... in all, in name order (the order `vault export`
    writes), CHUNK entries per file PREFIX-001.json, PREFIX-002.json, ...; the
    password of the middle entry goes to SECRET_FILE, to check what `get` prints.
    """
    count, width, chunk, prefix, secret_path = int(argv[1]), int(argv[2]), int(argv[3]), argv[4], argv[5]
    rng = random.Random(count)
    alphabet = string.ascii_letters + string.digits + "!#%+-.:=?@_~"
    tags = ["personal", "work", "finance", "shopping", "social", "dev"]
    notes = ["Recovery codes are in the safe.", "Shared with the family; rotate yearly.",
             "Security question answer is the first pet's name, reversed."]
    entries = []
    for i in range(1, count + 1):
        number = str(i).zfill(width)
        day = 1 + i % 28
        entry = {
            "name": f"site/{number}",
            "username": f"user{number}@example.com",
            "password": "".join(rng.choice(alphabet) for _ in range(20)),
            "urls": [f"https://www.site{number}.example.com/login"],
            "fields": [],
            "tags": [rng.choice(tags)],
            "created": f"2024-03-{day:02d}T08:15:00Z",
            "modified": f"2025-01-{day:02d}T19:42:00Z",
            "history": [],
        }
        if i % 4 == 0:
            entry["notes"] = rng.choice(notes)
        entries.append(entry)
    for part, start in enumerate(range(0, count, chunk), 1):
        document = {"format": "vault-export", "version": 1, "exported": "2025-06-01T12:00:00Z",
                    "entries": entries[start:start + chunk]}
        with open(f"{prefix}-{part:03d}.json", "w") as out:
            json.dump(document, out, separators=(",", ":"))
    with open(secret_path, "w") as out:
        out.write(entries[(count + 1) // 2 - 1]["password"] + "\n")


def time_add(argv):
    """time-add VAULT RUNS WARMUP PREFIX JSON STDIN_FILE: runs `vault add PREFIX-<i>` (password on
    stdin, from STDIN_FILE) WARMUP times untimed, then RUNS times timed, and writes the timings
    (seconds) as JSON. Each run adds a new name, so every run really adds.
    """
    vault, runs, warmup, prefix, out, stdin_path = argv[1], int(argv[2]), int(argv[3]), argv[4], argv[5], argv[6]
    times = []
    for i in range(warmup + runs):
        command = [vault, "add", f"{prefix}-{i:03d}", "--username", "bench",
                   "--url", "https://added.example.com/", "--tag", "bench"]
        with open(stdin_path, "rb") as stdin:
            start = time.perf_counter()
            subprocess.run(command, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
            elapsed = time.perf_counter() - start
        if i >= warmup:
            times.append(elapsed)
    json.dump({"median": statistics.median(times), "min": min(times), "max": max(times), "times": times}, open(out, "w"))


def write_long_inputs(argv):
    """write-long-inputs FILE NAMES LENGTH: adversarial passwords of LENGTH
    characters (grapheme clusters), one per line in FILE, with what each one is
    on the same line of NAMES. Random ones come from a fixed seed.
    """
    path, names_path, length = argv[1], argv[2], int(argv[3])
    rng = random.Random(length)

    def cycle(unit):
        return (unit * (length // len(unit) + 1))[:length]

    def draw(alphabet):
        return "".join(rng.choice(alphabet) for _ in range(length))

    def grow(next_piece):
        text = ""
        while len(text) < length:
            text += next_piece()
        return text[:length]

    def fibonacci_word():
        shorter, longer = "a", "ab"
        while len(longer) < length:
            shorter, longer = longer, longer + shorter
        return longer[:length]

    small_words = ["a", "an", "the", "cat", "dog", "is", "it", "of", "to", "in", "on", "sun", "red", "man", "box", "go", "we"]
    # Man, woman, girl, boy joined by zero-width joiners: one grapheme, 7 scalars.
    family = "\U0001F468\u200D\U0001F469\u200D\U0001F467\u200D\U0001F466"
    inputs = [
        ("one letter repeated", cycle("a")),
        ("'ab' repeated", cycle("ab")),
        ("random letters", draw("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")),
        ("random digits", draw("0123456789")),
        ("a word repeated", cycle("password")),
        ("a l33t word repeated", cycle("p@ssw0rd")),
        ("keyboard rows repeated", cycle("1234567890-=qwertyuiop[]asdfghjkl;'zxcvbnm,./")),
        ("dates one after another", grow(lambda: "%02d%02d%04d" % (rng.randint(1, 28), rng.randint(1, 12), rng.randint(1950, 2030)))),
        ("'1/2/2003.' repeated", cycle("1/2/2003.")),
        ("random l33t symbols", draw("@48({[<3691!|70$5+%2")),
        ("the alphabet repeated", cycle("abcdefghijklmnopqrstuvwxyz")),
        ("random a and b", draw("ab")),
        ("a Fibonacci word", fibonacci_word()),
        ("random short words", grow(lambda: rng.choice(small_words))),
        ("a non-ASCII letter repeated", "\u00e9" * length),
        ("an emoji family repeated", family * length),
        ("random home-row keys", draw("asdfghjkl;")),
    ]
    with open(path, "w", encoding="utf-8") as out, open(names_path, "w", encoding="utf-8") as names:
        for name, text in inputs:
            out.write(text + "\n")
            names.write(name + "\n")


def zxcvbn_corpus_rate(argv):
    """zxcvbn-corpus-rate FILE ROUNDS: zxcvbn's passwords per second over FILE in
    one process (the median of ROUNDS rounds, after the module is loaded), run
    on the core the pin array names.
    """
    from zxcvbn import zxcvbn
    path, rounds = argv[1], int(argv[2])
    with open(path, encoding="utf-8") as source:
        passwords = source.read().split("\n")[:-1]
    # Some corpus lines are longer than its default limit of 72 characters.
    limit = max(len(password) for password in passwords)
    rates = []
    for _ in range(rounds):
        start = time.perf_counter()
        for password in passwords:
            zxcvbn(password, max_length=limit)
        rates.append(len(passwords) / (time.perf_counter() - start))
    print("%.0f" % statistics.median(rates))


def zxcvbn_slowest(argv):
    """zxcvbn-slowest FILE BUDGET: the slowest single password of FILE for zxcvbn.
    A child process estimates the passwords in order and reports each; the
    parent stops it when one takes more than BUDGET seconds. Prints "ms line" of
    the slowest finished one, or "over line" for the one that ran out of time.
    Both processes run on the core the pin array names.
    """
    path, budget = argv[1], float(argv[2])
    child = subprocess.Popen([sys.executable, __file__, "zxcvbn-child", path], stdout=subprocess.PIPE, text=True)
    reports = queue.Queue()

    def forward():
        for report in child.stdout:
            reports.put(report.split())
        reports.put(None)

    threading.Thread(target=forward, daemon=True).start()
    slowest = (0.0, 0)
    while True:
        # Loading the module is not timed; a password is, from its "start" on.
        report = reports.get()
        if report is None:
            break
        if report[0] != "start":
            continue
        try:
            done = reports.get(timeout=budget)
        except queue.Empty:
            child.kill()
            child.wait()
            print("over", report[1])
            sys.exit(0)
        if done is None:
            sys.exit("zxcvbn stopped on line %s" % report[1])
        elapsed = float(done[2]) * 1000
        if elapsed > slowest[0]:
            slowest = (elapsed, int(done[1]))
    if child.wait() != 0 or slowest[1] == 0:
        sys.exit("zxcvbn failed")
    print("%.1f %d" % slowest)


def write_breach_offline(argv):
    """write-breach-offline HASHES LOOKUPS LOOK_COUNT LOOKUPS_FILE KEYS_FILE ONE:
    prints HASHES unsorted `SHA1:COUNT` lines (upper-case hex, CRLF), for
    ONE (the one password the bench checks alone) and bench1 ... bench<HASHES-1>; writes LOOKUPS passwords
    to LOOKUPS_FILE, the first and every other one from those, the rest never
    listed (bench<HASHES> on), and the upper-case hashes of the first
    LOOK_COUNT of them to KEYS_FILE.
    """
    hashes, lookups, look_count = int(argv[1]), int(argv[2]), int(argv[3])
    lookups_path, keys_path, one = argv[4], argv[5], argv[6]
    sha1 = hashlib.sha1

    rng = random.Random(hashes)
    listed = rng.sample(range(1, hashes), (lookups + 1) // 2)
    passwords = ["bench%d" % (listed[k // 2] if k % 2 == 0 else hashes + k // 2) for k in range(lookups)]
    with open(lookups_path, "w") as out:
        out.write("\n".join(passwords) + "\n")
    with open(keys_path, "w") as out:
        out.writelines(sha1(p.encode()).hexdigest().upper() + "\n" for p in passwords[:look_count])

    out = sys.stdout.buffer
    out.write(b"%s:1000000\r\n" % sha1(one.encode()).hexdigest().upper().encode())
    step = 250000
    for start in range(1, hashes, step):
        digests = [sha1(b"bench%d" % i).digest() for i in range(start, min(start + step, hashes))]
        # Counts of 1 to 64: most real counts are small.
        out.write(b"".join([b"%s:%d\r\n" % (d.hex().upper().encode(), 1 + d[19] % 64) for d in digests]))


def write_breach_batch(argv):
    """write-breach-batch COUNT PASSWORDS_FILE DATA_FILE PREFIXES_FILE: COUNT random
    passwords of 16 letters and digits; the first and every other one is listed
    in DATA_FILE (fake-hibp's data, `SHA1:COUNT`); the distinct ranges (first 5
    hex digits of the hashes) go to PREFIXES_FILE, sorted.
    """
    count, passwords_path, data_path, prefixes_path = int(argv[1]), argv[2], argv[3], argv[4]
    rng = random.Random(count)
    alphabet = string.ascii_letters + string.digits
    passwords = ["".join(rng.choice(alphabet) for _ in range(16)) for _ in range(count)]
    hashes = [hashlib.sha1(p.encode()).hexdigest().upper() for p in passwords]
    with open(passwords_path, "w") as out:
        out.write("\n".join(passwords) + "\n")
    with open(data_path, "w") as out:
        out.writelines("%s:%d\n" % (h, 1 + k) for k, h in enumerate(hashes) if k % 2 == 0)
    with open(prefixes_path, "w") as out:
        out.writelines(p + "\n" for p in sorted({h[:5] for h in hashes}))


def foreign_records(count):
    """The COUNT records of write-foreign and write-sync, seeded by COUNT."""
    rng = random.Random(count)
    alphabet = string.ascii_letters + string.digits + "!#%+-.:=?@_~"
    records = []
    for i in range(1, count + 1):
        records.append({
            "folder": "folder%03d" % (i // 100), "name": "site%06d" % i, "username": "user%06d@example.com" % i,
            "password": "".join(rng.choice(alphabet) for _ in range(20)), "url": "https://www.site%06d.example.com/login" % i,
            "note": "note for record %d, with a comma" % i if i % 4 == 0 else "",
            "field": ("pin", "%04d" % rng.randrange(10000)) if i % 3 == 0 else None,
            "totp": "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567") for _ in range(32)) if i % 5 == 0 else "",
        })
    return records


def keepass_uuid(number):
    """A KeePass UUID (sixteen bytes in Base64) made from a number, so that files agree on it."""
    return base64.b64encode(number.to_bytes(16, "big")).decode()


def write_keepass_xml(records, out, deleted=()):
    """Writes records as a KeePass 2 XML export, one group for each run of records in one folder
    (so records are given grouped by folder), its UUID the MD5 of the folder's name. A record with an "id" gets that UUID and its
    "created" and "modified" times; `deleted` lists (UUID, time) pairs for DeletedObjects.
    """
    from xml.sax.saxutils import escape
    lines = ['<?xml version="1.0" encoding="UTF-8" standalone="yes"?>', "<KeePassFile>", "<Meta><Generator>benchtool</Generator></Meta>",
             "<Root>", "<Group><UUID>%s</UUID><Name>Root</Name>" % keepass_uuid(1)]
    current = None
    for r in records:
        if r["folder"] != current:
            if current is not None:
                lines.append("</Group>")
            current = r["folder"]
            group = base64.b64encode(hashlib.md5(current.encode()).digest()).decode()
            lines.append("<Group><UUID>%s</UUID><Name>%s</Name>" % (group, escape(current)))
        strings = [("Title", r["name"], False), ("UserName", r["username"], False), ("Password", r["password"], True),
                   ("URL", r["url"], False), ("Notes", r["note"], False)]
        if r["field"]:
            strings.append((r["field"][0], r["field"][1], True))
        if r["totp"]:
            strings.append(("otp", "otpauth://totp/%s?secret=%s" % (r["name"], r["totp"]), True))
        identity = "<UUID>%s</UUID>" % r["id"] if "id" in r else ""
        lines.append("<Entry>%s<Times><CreationTime>%s</CreationTime><LastModificationTime>%s</LastModificationTime></Times>"
                     % (identity, r.get("created", "2024-01-01T00:00:00Z"), r.get("modified", "2024-06-01T00:00:00Z")))
        for key, value, secret in strings:
            lines.append('<String><Key>%s</Key><Value%s>%s</Value></String>' % (key, ' ProtectInMemory="True"' if secret else "", escape(value)))
        lines.append("</Entry>")
    lines += ["</Group>", "</Group>"]
    if deleted:
        lines.append("<DeletedObjects>")
        lines += ["<DeletedObject><UUID>%s</UUID><DeletionTime>%s</DeletionTime></DeletedObject>" % pair for pair in deleted]
        lines.append("</DeletedObjects>")
    lines += ["</Root>", "</KeePassFile>"]
    with open(out, "w") as handle:
        handle.write("\n".join(lines) + "\n")


def write_foreign(argv):
    """write-foreign COUNT FORMAT OUT: an export of another password manager with COUNT
    records, for timing `vault import`: FORMAT is bitwarden-json, keepass-xml, chrome-csv or
    lastpass-csv. Records have a username, a 20-character password, a URL, a note on every
    fourth, a custom field on every third and a TOTP secret on every fifth, in folders of 100.
    Seeded by COUNT.
    """
    count, kind, out = int(argv[1]), argv[2], argv[3]
    records = foreign_records(count)
    if kind == "bitwarden-json":
        folders = sorted({r["folder"] for r in records})
        ids = {name: "f-%s" % name for name in folders}
        items = []
        for r in records:
            items.append({"id": r["name"], "folderId": ids[r["folder"]], "type": 1, "name": r["name"], "notes": r["note"] or None,
                          "favorite": False, "fields": [{"name": r["field"][0], "value": r["field"][1], "type": 1}] if r["field"] else [],
                          "login": {"username": r["username"], "password": r["password"], "totp": r["totp"] or None,
                                    "uris": [{"match": None, "uri": r["url"]}]},
                          "creationDate": "2024-01-01T00:00:00.000Z", "revisionDate": "2024-06-01T00:00:00.000Z"})
        json.dump({"encrypted": False, "folders": [{"id": ids[f], "name": f} for f in folders], "items": items}, open(out, "w"))
    elif kind in ("chrome-csv", "lastpass-csv"):
        import csv
        with open(out, "w", newline="") as handle:
            writer = csv.writer(handle)
            if kind == "chrome-csv":
                writer.writerow(["name", "url", "username", "password", "note"])
                for r in records:
                    writer.writerow([r["name"], r["url"], r["username"], r["password"], r["note"]])
            else:
                writer.writerow(["url", "username", "password", "totp", "extra", "name", "grouping", "fav"])
                for r in records:
                    writer.writerow([r["url"], r["username"], r["password"], r["totp"], r["note"], r["name"], r["folder"], "0"])
    elif kind == "keepass-xml":
        write_keepass_xml(records, out)
    else:
        sys.exit("write-foreign: unknown format %s" % kind)


def write_sync(argv):
    """write-sync RECORDS CHANGES DIR: the inputs of the sync area (a three-way merge), seeded
    by RECORDS and CHANGES. DIR/base.xml: the write-foreign records as a KeePass XML export,
    every entry with a UUID of its own: the common ancestor. DIR/ours.tsv and DIR/theirs.tsv:
    CHANGES changes each, for vault's own commands on two copies of the ancestor, one per line,
    tab-separated: "username NAME NEW", "password NAME NEW", "add NAME PASSWORD", "rm NAME" or
    "mv NAME NEW", in a shuffled order. min(10, CHANGES / 2) entries are changed on both sides,
    in pairs (ours, theirs) of username-username and password-password (conflicts),
    username-password, mv-username and password-rm (an edit beats a removal); the other changes
    of each side are username, password, add, rm, mv and add in turn (more additions than
    removals, so that neither copy alone has the merge's count), on entries of their own.
    DIR/ours.xml and DIR/theirs.xml: the ancestor with the same changes, for KeePassXC, each
    change stamped one second after the one before (theirs a day after ours), removed entries
    in DeletedObjects. Prints two numbers: how many entries the merged vault has (RECORDS, plus
    the additions of both sides, minus the entries removed on one side and not changed on the
    other), and how many entries both sides changed.
    """
    count, changes, folder = int(argv[1]), int(argv[2]), argv[3]
    records = foreign_records(count)
    for number, r in enumerate(records, 1):
        r["id"] = keepass_uuid(2 ** 121 + number)
    write_keepass_xml(records, "%s/base.xml" % folder)
    rng = random.Random("sync %d %d" % (count, changes))
    alphabet = string.ascii_letters + string.digits + "!#%+-.:=?@_~"
    shared = min(10, changes // 2)
    pairs = [("username", "username"), ("password", "password"), ("username", "password"), ("mv", "username"), ("password", "rm")]
    kinds = ["username", "password", "add", "rm", "mv", "add"]
    own = [kinds[k % len(kinds)] for k in range(changes - shared)]
    needed = shared + 2 * sum(kind != "add" for kind in own)
    if needed > count:
        sys.exit("write-sync: %d changes on each side need %d entries, there are %d" % (changes, needed, count))
    picked = iter(rng.sample(range(count), needed))
    scripts = {"ours": [], "theirs": []}
    for k in range(shared):
        index = next(picked)
        scripts["ours"].append((pairs[k % len(pairs)][0], index))
        scripts["theirs"].append((pairs[k % len(pairs)][1], index))
    results = {}
    for day, side in enumerate(("ours", "theirs"), 1):
        script = scripts[side] + [(kind, None if kind == "add" else next(picked)) for kind in own]
        rng.shuffle(script)
        edited = [dict(r) for r in records]
        lines, deleted, changed, removed, added = [], [], set(), set(), 0
        for step, (kind, index) in enumerate(script):
            when = "2025-06-%02dT%02d:%02d:%02dZ" % (day, step // 3600, step // 60 % 60, step % 60)
            secret = "".join(rng.choice(alphabet) for _ in range(24))
            if kind == "add":
                added += 1
                r = {"folder": records[rng.randrange(count)]["folder"], "name": "%s-new-%04d" % (side, added),
                     "username": "%s-new-%04d@example.org" % (side, added), "password": secret,
                     "url": "https://new%04d.%s.example.org/" % (added, side), "note": "", "field": None, "totp": "",
                     "id": keepass_uuid(2 ** 122 * day + added), "created": when, "modified": when}
                edited.append(r)
                lines.append(("add", "%s/%s" % (r["folder"], r["name"]), secret))
                continue
            r = edited[index]
            name = "%s/%s" % (r["folder"], r["name"])
            if kind == "rm":
                deleted.append((r["id"], when))
                removed.add(index)
                edited[index] = None
                lines.append(("rm", name))
                continue
            if kind == "username":
                r["username"] = "%s-%04d@example.org" % (side, step)
                lines.append(("username", name, r["username"]))
            elif kind == "password":
                r["password"] = secret
                lines.append(("password", name, secret))
            else:
                r["name"] += "-" + side
                lines.append(("mv", name, "%s/%s" % (r["folder"], r["name"])))
            r["modified"] = when
            changed.add(index)
        with open("%s/%s.tsv" % (folder, side), "w") as out:
            out.writelines("\t".join(line) + "\n" for line in lines)
        kept = sorted((r for r in edited if r is not None), key=lambda r: r["folder"])
        write_keepass_xml(kept, "%s/%s.xml" % (folder, side), deleted)
        results[side] = (added, removed, changed)
    (added_ours, removed_ours, changed_ours), (added_theirs, removed_theirs, changed_theirs) = results["ours"], results["theirs"]
    gone = (removed_ours - changed_theirs) | (removed_theirs - changed_ours)
    print(count + added_ours + added_theirs - len(gone), shared)


def zxcvbn_child(argv):
    """zxcvbn-child PATH: run by zxcvbn-slowest in a process of its own. Estimates each line
    of PATH in order with zxcvbn, printing "ready" once the module is loaded, then "start N"
    before and "done N SECONDS" after the Nth password, so that the parent can time each
    one and stop it when one takes too long.
    """
    from zxcvbn import zxcvbn
    with open(argv[1], encoding="utf-8") as source:
        passwords = source.read().split("\n")[:-1]
    # Its limit is raised so that it takes every line (code points, not graphemes).
    limit = max(len(password) for password in passwords)
    print("ready", flush=True)
    for number, password in enumerate(passwords, 1):
        print("start", number, flush=True)
        start = time.perf_counter()
        zxcvbn(password, max_length=limit)
        print("done", number, time.perf_counter() - start, flush=True)


def median(argv):
    """median JSON [INDEX]: the median of the INDEXth command (default the first) of a
    hyperfine --export-json file, in milliseconds with one decimal.
    """
    index = int(argv[2]) if len(argv) > 2 else 0
    print("%.1f" % (json.load(open(argv[1]))["results"][index]["median"] * 1000))


def spread(argv):
    """spread JSON [INDEX]: the interquartile range of the INDEXth command's times (default the
    first) in a hyperfine --export-json file, in milliseconds with one decimal: its noise.
    """
    index = int(argv[2]) if len(argv) > 2 else 0
    times = sorted(json.load(open(argv[1]))["results"][index]["times"])
    quartiles = statistics.quantiles(times, n=4)
    print("%.1f" % ((quartiles[2] - quartiles[0]) * 1000))


def field(argv):
    """field FILE KEY: one member of the JSON object in FILE, printed as Python prints it."""
    print(json.load(open(argv[1]))[argv[2]])


SUBCOMMANDS = {
    "write-export": write_export,
    "time-add": time_add,
    "write-long-inputs": write_long_inputs,
    "zxcvbn-corpus-rate": zxcvbn_corpus_rate,
    "zxcvbn-slowest": zxcvbn_slowest,
    "zxcvbn-child": zxcvbn_child,
    "write-breach-offline": write_breach_offline,
    "write-breach-batch": write_breach_batch,
    "write-foreign": write_foreign,
    "write-sync": write_sync,
    "median": median,
    "spread": spread,
    "field": field,
    **benchresults.SUBCOMMANDS,
}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True, metavar="SUBCOMMAND")
    for name, function in SUBCOMMANDS.items():
        doc = function.__doc__
        summary = " ".join(doc.split(":", 1)[1].split()).split(". ")[0].split("; ")[0]
        sub = commands.add_parser(name, help=summary, description=doc,
                                  formatter_class=argparse.RawDescriptionHelpFormatter)
        sub.add_argument("args", nargs=argparse.REMAINDER, help="the positional arguments the description names")
    options = parser.parse_args()
    # Each subcommand reads its arguments as argv[1], argv[2], ... and returns its exit status
    # (None is 0).
    sys.exit(SUBCOMMANDS[options.command]([options.command] + options.args))


if __name__ == "__main__":
    main()
