import SeededRandom
import Testing
@testable import VaultCore

/// `SecretMasker`: every occurrence replaced, also when a secret is split across reads or
/// between two streams, and nothing held back that cannot start a secret.
struct SecretMaskerTests {
    private static let marker = SecretMasker.defaultMarker

    /// The whole of `text`, fed in `chunks` (byte counts, the rest in one last chunk).
    private static func masked(_ text: [UInt8], secrets: [String], chunks: [Int] = []) -> [UInt8] {
        var masker = SecretMasker(secrets: secrets)
        var rest = text[...]
        var output: [UInt8] = []
        for size in chunks {
            output += masker.feed(rest.prefix(size), from: 0).bytes
            rest = rest.dropFirst(size)
        }
        return output + masker.feed(rest, from: 0).bytes + masker.finish().bytes
    }

    private static func masked(_ text: String, secrets: [String], chunks: [Int] = []) -> String {
        String(decoding: masked(Array(text.utf8), secrets: secrets, chunks: chunks), as: UTF8.self)
    }

    @Test(arguments: [
        ("password=hunter2\n", ["hunter2"], "password=\(marker)\n"),
        ("abcde", ["abc", "cde"], "\(marker)"),
        ("xabcdex", ["bcd", "abcde"], "x\(marker)x"),
        ("abcdeX abc", ["abc", "abcdef"], "\(marker)deX \(marker)"),
        ("abcdef", ["abc", "abcdef"], "\(marker)"),
        ("ab", ["abc"], "ab"),
        ("café crème", ["é c"], "caf\(marker)rème"),
        ("nothing here", [""], "nothing here"),
        ("", ["secret"], ""),
    ])
    func masksWholeText(text: String, secrets: [String], expected: String) {
        #expect(Self.masked(text, secrets: secrets) == expected)
    }

    @Test func adjacentOccurrencesShareOneMarker() {
        // The type's documentation: "Overlapping or adjacent occurrences are covered by one marker".
        #expect(Self.masked("[s3cret1s3cret1]", secrets: ["s3cret1"]) == "[\(Self.marker)]")
        #expect(Self.masked("[abcxyz]", secrets: ["abc", "xyz"]) == "[\(Self.marker)]")
    }

    @Test func secretSplitInsideAMultiByteCharacter() {
        let text = Array("→ pässwörd ←".utf8)
        for cut in 1..<text.count {
            #expect(Self.masked(text, secrets: ["pässwörd"], chunks: [cut]) == Array("→ \(Self.marker) ←".utf8), "cut at \(cut)")
        }
    }

    @Test func promptWithoutNewlinePassesAtOnce() {
        var masker = SecretMasker(secrets: ["hunter2", "xyzzy"])
        #expect(masker.feed(Array("Password: ".utf8), from: 0).bytes == Array("Password: ".utf8))
        #expect(masker.feed(Array("say x".utf8), from: 0).bytes == Array("say ".utf8), "only the x that may start xyzzy is held")
        #expect(masker.feed(Array("y".utf8), from: 0).bytes == [], "xy may still be xyzzy")
        #expect(masker.feed(Array("!".utf8), from: 0).bytes == Array("xy!".utf8))
        #expect(masker.feed(Array("xyzz".utf8), from: 0).bytes == [])
        #expect(masker.finish().bytes == Array("xyzz".utf8), "at the end a partial secret is text")
    }

    @Test func emptyMaskerPassesEverything() {
        var masker = SecretMasker(secrets: ["", ""])
        #expect(masker.isEmpty)
        #expect(masker.feed([0, 255, 10], from: 0).bytes == [0, 255, 10])
        #expect(masker.finish().isEmpty)
    }

    // MARK: - Properties over random secrets and texts

    /// Bytes none of which is in the marker, so that a secret can only show where the masker
    /// let its bytes through.
    private static let alphabet = Array("xz01".utf8)

    private static func randomBytes(_ count: Int, _ random: inout SeededRandom) -> [UInt8] {
        (0..<count).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
    }

    /// Random secrets (some prefixes of others) and a text holding them among random bytes.
    private static func randomCase(_ random: inout SeededRandom) -> (secrets: [[UInt8]], text: [UInt8]) {
        var secrets = (0..<(1 + Int(random.next() % 3))).map { _ in randomBytes(1 + Int(random.next() % 5), &random) }
        if random.next() % 3 == 0 { secrets.append(secrets[0] + randomBytes(1 + Int(random.next() % 3), &random)) }
        var text: [UInt8] = []
        for _ in 0..<Int(random.next() % 8) {
            text += randomBytes(Int(random.next() % 4), &random)
            text += secrets[Int(random.next() % UInt64(secrets.count))]
        }
        return (secrets, text + randomBytes(Int(random.next() % 3), &random))
    }

    /// What masking must give: each maximal run of bytes covered by occurrences that overlap
    /// one another is one marker.
    private static func expected(_ text: [UInt8], secrets: [[UInt8]]) -> [UInt8] {
        var runs: [Range<Int>] = []
        for start in text.indices {
            for secret in secrets where text[start...].starts(with: secret) {
                let occurrence = start..<(start + secret.count)
                // Overlapping and adjacent occurrences share one run, and so one marker.
                if let last = runs.last, last.overlaps(occurrence) || last.upperBound == occurrence.lowerBound {
                    runs[runs.count - 1] = last.lowerBound..<max(last.upperBound, occurrence.upperBound)
                } else {
                    runs.append(occurrence)
                }
            }
        }
        var output: [UInt8] = []
        var position = 0
        for run in runs {
            output += text[position..<run.lowerBound] + Array(marker.utf8)
            position = run.upperBound
        }
        return output + text[position...]
    }

    private static func contains(_ output: [UInt8], _ secret: [UInt8]) -> Bool {
        output.indices.contains { output[$0...].starts(with: secret) }
    }

    @Test(arguments: 0..<40)
    func splittingNeverChangesTheOutput(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        for _ in 0..<25 {
            let (secretBytes, text) = Self.randomCase(&random)
            let secrets = secretBytes.map { String(decoding: $0, as: UTF8.self) }
            let whole = Self.masked(text, secrets: secrets)
            let shown = String(decoding: text, as: UTF8.self)
            #expect(whole == Self.expected(text, secrets: secretBytes), "\(secrets) in \(shown)")
            for secret in secretBytes {
                #expect(!Self.contains(whole, secret), "\(secrets) in \(shown)")
            }
            #expect(Self.masked(text, secrets: secrets, chunks: Array(repeating: 1, count: text.count)) == whole,
                    "byte by byte: \(secrets) in \(shown)")
            for cut in 0...text.count {
                #expect(Self.masked(text, secrets: secrets, chunks: [cut]) == whole, "cut at \(cut): \(secrets) in \(shown)")
            }
            var chunks: [Int] = []
            while chunks.reduce(0, +) < text.count { chunks.append(Int(random.next() % 5)) }
            #expect(Self.masked(text, secrets: secrets, chunks: chunks) == whole, "chunks \(chunks): \(secrets) in \(shown)")
        }
    }

    /// While no secret has shown up whole, exactly the longest tail that may start a secret is
    /// held back.
    @Test(arguments: 0..<20)
    func holdsBackOnlyWhatMayStartASecret(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        for _ in 0..<25 {
            let secrets = (0..<(1 + Int(random.next() % 3))).map { _ in Self.randomBytes(2 + Int(random.next() % 4), &random) }
            let text = Self.randomBytes(Int(random.next() % 30), &random)
            var masker = SecretMasker(secrets: secrets.map { String(decoding: $0, as: UTF8.self) })
            var passed: [UInt8] = []
            for (index, byte) in text.enumerated() {
                let fed = Array(text[...index])
                if secrets.contains(where: { Self.contains(fed, $0) }) { break }
                passed += masker.feed([byte], from: 0).bytes
                let held = (0...fed.count).first { start in
                    secrets.contains { $0.count > fed.count - start && $0.starts(with: fed[start...]) }
                } ?? fed.count
                #expect(passed == Array(fed[..<held]), "\(fed) with secrets \(secrets)")
            }
        }
    }

    // MARK: - Two streams, as a terminal shows standard output and error together

    /// Each stream's output, after feeding `reads` (stream, text) in order and ending.
    private static func streams(_ reads: [(Int, String)], secrets: [String]) -> [String] {
        var masker = SecretMasker(secrets: secrets, streams: 2)
        var passed: [SecretMasker.Passed] = []
        for (stream, text) in reads { passed += masker.feed(Array(text.utf8), from: stream) }
        passed += masker.finish()
        return (0..<2).map { stream in String(decoding: passed.filter { $0.stream == stream }.bytes, as: UTF8.self) }
    }

    @Test func secretSplitBetweenStreamsIsMaskedInBoth() {
        #expect(Self.streams([(0, "token: hun"), (1, "ter2\n")], secrets: ["hunter2"]) == ["token: \(Self.marker)", "\(Self.marker)\n"])
        // Each stream's marker ends where the other's begins: a marker stands for bytes read in a row.
        let twice = Self.marker + Self.marker
        #expect(Self.streams([(0, "h"), (1, "u"), (0, "n"), (1, "ter2")], secrets: ["hunter2"]) == [twice, twice])
    }

    @Test func secretWithinOneStreamIsMaskedWhateverTheOtherWritesBetween() {
        // Two markers: one marker for both parts would put what the other stream wrote between
        // them beside what follows, where a secret could then show.
        #expect(Self.streams([(0, "hun"), (1, "progress 10%\n"), (0, "ter2!")], secrets: ["hunter2"])
                == ["\(Self.marker)\(Self.marker)!", "progress 10%\n"])
    }

    @Test func bytesAreKeptInTheOrderRead() {
        var masker = SecretMasker(secrets: ["hunter2"], streams: 2)
        #expect(masker.feed(Array("hun".utf8), from: 0).isEmpty)
        #expect(masker.feed(Array("50%\n".utf8), from: 1).isEmpty, "hun may still go on in standard output")
        #expect(masker.end(1).isEmpty)
        #expect(masker.feed(Array("gry".utf8), from: 0) == [SecretMasker.Passed(stream: 0, bytes: Array("hun".utf8)),
                                                          SecretMasker.Passed(stream: 1, bytes: Array("50%\n".utf8)),
                                                          SecretMasker.Passed(stream: 0, bytes: Array("gry".utf8))])
        // Read as "hun" "!" "ter2", the bytes never showed the secret in a row.
        #expect(Self.streams([(0, "hun"), (1, "!"), (1, "ter2")], secrets: ["hunter2"]) == ["hun", "!ter2"])
    }

    @Test func heldBackBytesAreReleasedWithTheStartMaskedWhichStillCounts() {
        var masker = SecretMasker(secrets: ["hunter2"], streams: 2)
        #expect(masker.feed(Array("token: h".utf8), from: 0) == [SecretMasker.Passed(stream: 0, bytes: Array("token: ".utf8))])
        #expect(masker.feed(Array("log line\n".utf8), from: 1).isEmpty)
        #expect(masker.isHoldingBack)
        #expect(masker.releaseHeld() == [SecretMasker.Passed(stream: 0, bytes: Array(Self.marker.utf8)),
                                         SecretMasker.Passed(stream: 1, bytes: Array("log line\n".utf8))])
        #expect(!masker.isHoldingBack)
        // The rest of the secret, when it comes, is masked too; other bytes are not.
        #expect(masker.feed(Array("unter2 ok".utf8), from: 0) == [SecretMasker.Passed(stream: 0, bytes: Array("\(Self.marker) ok".utf8))])
        #expect(masker.feed(Array("h".utf8), from: 0).isEmpty)
        #expect(masker.releaseHeld().isEmpty, "nothing waits behind it")
        #expect(masker.feed(Array("ello".utf8), from: 0) == [SecretMasker.Passed(stream: 0, bytes: Array("hello".utf8))])
    }

    @Test func theRestOfASecretSplitBetweenStreamsIsMaskedAfterARelease() {
        var masker = SecretMasker(secrets: ["hunter2"], streams: 2)
        _ = masker.feed(Array("h".utf8), from: 0)
        _ = masker.feed(Array("u".utf8), from: 1)
        #expect(masker.releaseHeld().bytes == Array((Self.marker + Self.marker).utf8))
        // Covered, and continuing the marker the u left on standard error.
        #expect(masker.feed(Array("nter2!".utf8), from: 1) == [SecretMasker.Passed(stream: 1, bytes: Array("!".utf8))])
    }

    @Test func noMoreThanTheLimitWaits() {
        var masker = SecretMasker(secrets: ["hunter2"], streams: 2)
        _ = masker.feed(Array("h".utf8), from: 0)
        var passed = 0
        for _ in 0..<40 { passed += masker.feed([UInt8](repeating: 0x2E, count: 4096), from: 1).bytes.count }
        #expect(passed >= 40 * 4096 - SecretMasker.holdLimit && passed <= 40 * 4096 + Self.marker.utf8.count, "\(passed) bytes passed")
        #expect(!masker.isHoldingBack)
    }

    @Test(arguments: 0..<20)
    func noSecretShowsInEitherStreamNorInTheirInterleavingEvenWhenReleased(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        for _ in 0..<25 {
            let (secretBytes, text) = Self.randomCase(&random)
            let secrets = secretBytes.map { String(decoding: $0, as: UTF8.self) }
            var masker = SecretMasker(secrets: secrets, streams: 2)
            var shown: [UInt8] = [], perStream: [[UInt8]] = [[], []]
            var rest = text[...]
            while !rest.isEmpty {
                let size = 1 + Int(random.next() % 3), stream = Int(random.next() % 2)
                // Now and then the relay's wait runs out and the held bytes are released.
                let release = random.next() % 4 == 0 ? masker.releaseHeld() : []
                for part in release + masker.feed(rest.prefix(size), from: stream) {
                    shown += part.bytes
                    perStream[part.stream] += part.bytes
                }
                rest = rest.dropFirst(size)
            }
            for part in masker.finish() {
                shown += part.bytes
                perStream[part.stream] += part.bytes
            }
            for secret in secretBytes {
                #expect(!Self.contains(shown, secret) && !Self.contains(perStream[0], secret) && !Self.contains(perStream[1], secret),
                        "\(secrets) in \(String(decoding: text, as: UTF8.self))")
            }
        }
    }
}

private extension Array where Element == SecretMasker.Passed {
    /// Everything passed on, whatever its stream.
    var bytes: [UInt8] { flatMap(\.bytes) }
}
