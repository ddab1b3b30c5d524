import Foundation
import Testing
@testable import VaultCore

/// The security log's parts, without files: the key pair of a data key, sealed events, the
/// chain, its segments' text, and what verification finds of each kind of edit, those of a
/// careful forger who computes every link again among them (only the sealed numbers and the
/// vault's anchor catch those).
struct EventLogTests {
    private static let vaultID = "11111111-2222-4333-8444-555555555555"
    private static let device = "0123456789abcdef"

    private static func pair() throws -> SealedBoxKeyPair {
        try SealedBoxKeyPair(dataKey: try [UInt8](repeating: 9, count: 32).withUnsafeBytes { try SecureBytes(copying: $0) })
    }

    /// `count` events sealed to `pair` and chained, as one segment from event `first`.
    private static func chain(_ count: Int, pair: SealedBoxKeyPair, first: UInt64 = 1, previous: [UInt8]? = nil) throws -> EventLogSegment {
        let start = previous ?? EventChain.start(vaultID: vaultID, device: device)
        var segment = EventLogSegment(device: device, first: first, previous: start)
        var link = start
        for offset in 0..<count {
            let number = first + UInt64(offset)
            let event = SecurityEvent(number: number, milliseconds: 1_764_547_200_000 + Int64(offset), device: device, kind: .reveal,
                                      command: "get", entry: "db/prod", reason: "deploy \(offset)")
            let sealed = try event.paddedPlaintext().withUnsafeBytes { try SealedBoxKeyPair.seal($0, to: pair.publicKey) }
            link = EventChain.link(after: link, number: number, sealed: sealed)
            segment.lines.append(EventLogSegment.Line(number: number, link: link, sealed: sealed))
        }
        return segment
    }

    /// `segment` with every link computed again from its start, as a careful forger would.
    private static func relinked(_ segment: EventLogSegment) -> EventLogSegment {
        var result = segment
        var link = segment.previous
        for index in result.lines.indices {
            link = EventChain.link(after: link, number: result.lines[index].number, sealed: result.lines[index].sealed)
            result.lines[index].link = link
        }
        return result
    }

    /// Limits that explain the drops of these tests: segments of any length, one kept.
    private static let dropping = EventLogLimits(segmentBytes: 0, keptSegments: 1)

    private static func verify(_ segments: [EventLogSegment], pair: SealedBoxKeyPair, anchor: EventLogAnchor?,
                               limits: EventLogLimits = dropping) -> EventLogVerification {
        EventLogVerification(segments: segments, device: device, vaultID: vaultID, pairs: [pair], anchor: anchor, limits: limits)
    }

    private static func anchor(of segment: EventLogSegment, at number: UInt64) -> EventLogAnchor {
        EventLogAnchor(count: number, head: segment.lines.first { $0.number == number }!.link)
    }

    @Test func aDataKeysPairIsAlwaysTheSameAndOpensOnlyItsOwn() throws {
        let pair = try Self.pair()
        #expect(try Self.pair().publicKey == pair.publicKey)
        #expect(try SealedBoxKeyPair(secretKey: pair.secretKey).publicKey == pair.publicKey)
        let other = try SealedBoxKeyPair(dataKey: try SecureBytes.random(count: 32))
        #expect(other.publicKey != pair.publicKey)
        let sealed = try Array("an event".utf8).withUnsafeBytes { try SealedBoxKeyPair.seal($0, to: pair.publicKey) }
        #expect(try pair.open(sealed).withUnsafeBytes { Array($0) } == Array("an event".utf8))
        #expect(throws: CryptoError.authenticationFailed) { try other.open(sealed) }
        var flipped = sealed
        flipped[40] ^= 1
        #expect(throws: CryptoError.authenticationFailed) { try pair.open(flipped) }
    }

    @Test func anEventIsPaddedAndReadBack() throws {
        let event = SecurityEvent(number: 7, milliseconds: 5, device: Self.device, kind: .passwordFailed, command: "get",
                                  reason: "why \u{2014} \"quoted\"", detail: nil)
        let padded = try event.paddedPlaintext()
        #expect(padded.count >= 256)
        #expect(SecurityEvent.decode(paddedPlaintext: padded) == event)
        // A kind a later version records is read as its name, not taken for damage.
        let later = SecurityEvent(number: 1, device: Self.device, kind: SecurityEvent.Kind(rawValue: "team-join"), command: "team")
        #expect(SecurityEvent.decode(paddedPlaintext: try later.paddedPlaintext())?.kind.rawValue == "team-join")
    }

    @Test func anIntactChainHoldsUpToItsAnchorAndCountsWhatCameAfter() throws {
        let pair = try Self.pair()
        let segment = try Self.chain(6, pair: pair)
        let result = Self.verify([segment], pair: pair, anchor: Self.anchor(of: segment, at: 4))
        #expect(result.holds && result.events.map(\.number) == [1, 2, 3, 4, 5, 6] && result.unanchored == 2)
        #expect(result.events[2].reason == "deploy 2" && result.events[2].entry == "db/prod")
        #expect(Self.verify([segment], pair: pair, anchor: nil).unanchored == 6)
    }

    @Test func everyEditIsNamedEvenWithTheLinksComputedAgain() throws {
        let pair = try Self.pair()
        let segment = try Self.chain(6, pair: pair)
        let anchor = Self.anchor(of: segment, at: 6)
        func problem(_ edit: (inout EventLogSegment) -> Void, relink: Bool) -> String? {
            var edited = segment
            edit(&edited)
            return Self.verify([relink ? Self.relinked(edited) : edited], pair: pair, anchor: anchor).problem
        }
        // A byte of a sealed event changed.
        #expect(problem({ $0.lines[2].sealed[50] ^= 1 }, relink: false) == "event 3 was changed (its link does not match)")
        #expect(problem({ $0.lines[2].sealed[50] ^= 1 }, relink: true)?.hasPrefix("event 3 does not open") == true)
        // One dropped.
        #expect(problem({ $0.lines.remove(at: 1) }, relink: false)?.hasPrefix("event 2 is missing") == true)
        #expect(problem({ segment in
            segment.lines.remove(at: 1)
            for index in segment.lines.indices where index >= 1 { segment.lines[index].number -= 1 }
        }, relink: true)?.hasPrefix("event 2 holds another place's event") == true)
        // Two swapped, their numbers kept in order.
        #expect(problem({ segment in
            let sealed = segment.lines[1].sealed
            segment.lines[1].sealed = segment.lines[2].sealed
            segment.lines[2].sealed = sealed
        }, relink: true)?.hasPrefix("event 2 holds another place's event") == true)
        // Cut off before the anchor.
        #expect(problem({ $0.lines.removeLast(2) }, relink: false)?.contains("events 5–6 were cut off") == true)
        // One forged (sealed to the public key, as anyone can) in place of the last.
        let forged = try Self.chain(6, pair: pair).lines[5]
        #expect(problem({ $0.lines[5] = forged }, relink: true)?.hasPrefix("event 6 is not the one the vault anchored") == true)
    }

    @Test func aChainOfAnotherVaultOrDeviceIsRefused() throws {
        let pair = try Self.pair()
        let segment = try Self.chain(2, pair: pair)
        let otherVault = EventLogVerification(segments: [segment], device: Self.device, vaultID: "99999999-2222-4333-8444-555555555555",
                                              pairs: [pair], anchor: nil)
        #expect(otherVault.problem?.hasPrefix("event 1 does not start this vault's chain") == true)
        let otherDevice = EventLogVerification(segments: [segment], device: "fedcba9876543210", vaultID: Self.vaultID, pairs: [pair], anchor: nil)
        #expect(otherDevice.problem?.contains("a segment of device") == true)
        #expect(Self.verify([segment], pair: try SealedBoxKeyPair(dataKey: try SecureBytes.random(count: 32)), anchor: nil).problem?
            .hasPrefix("event 1 does not open") == true)
    }

    @Test func segmentsFollowEachOtherAndOlderOnesMayBeDropped() throws {
        let pair = try Self.pair()
        let first = try Self.chain(3, pair: pair)
        let second = try Self.chain(3, pair: pair, first: 4, previous: first.lines[2].link)
        #expect(Self.verify([first, second], pair: pair, anchor: Self.anchor(of: second, at: 5)).holds)
        var broken = second
        broken.previous = first.lines[1].link
        #expect(Self.verify([first, broken], pair: pair, anchor: nil).problem == "the segment starting at event 4 does not follow event 3")
        // The first dropped: fine where the limits explain it (a closed segment kept), said; a
        // break where every segment is kept, or fewer or smaller ones than the limits leave.
        let third = try Self.chain(2, pair: pair, first: 7, previous: second.lines[2].link)
        let kept = Self.verify([second, third], pair: pair, anchor: Self.anchor(of: second, at: 5))
        #expect(kept.holds && kept.dropped == 1...3 && !kept.anchorDropped)
        #expect(Self.verify([second, third], pair: pair, anchor: nil, limits: EventLogLimits(keptSegments: nil)).problem?
            .hasPrefix("events 1–3 are missing, and log.keep_segments keeps every segment") == true)
        #expect(Self.verify([third], pair: pair, anchor: nil).problem?.contains("fewer or smaller segments are kept") == true)
        #expect(Self.verify([second, third], pair: pair, anchor: nil, limits: EventLogLimits(segmentBytes: second.length + 1, keptSegments: 1))
            .problem?.contains("fewer or smaller segments are kept") == true)
        // Anchored at the last dropped event: the next segment must start from that very link.
        #expect(Self.verify([second, third], pair: pair, anchor: Self.anchor(of: first, at: 3)).holds)
        let replacement = try Self.chain(3, pair: pair, first: 4, previous: first.lines[1].link)
        #expect(Self.verify([replacement, third], pair: pair, anchor: Self.anchor(of: first, at: 3)).problem?.contains("the log was replaced") == true)
        #expect(Self.verify([second, third], pair: pair, anchor: Self.anchor(of: first, at: 2)).anchorDropped)
    }

    @Test func aSegmentsTextReadsBackAndItsDamageIsPlaced() throws {
        let pair = try Self.pair()
        let segment = try Self.chain(3, pair: pair)
        let text = EventLogSegment.headerText(device: Self.device, first: 1, previous: segment.previous) + segment.lines.flatMap(\.text)
        #expect(EventLogSegment.parse(text) == segment)
        #expect(EventLogSegment.lastLink(ofTail: text[...], isWhole: true)?.number == 3)
        #expect(EventLogSegment.lastLink(ofTail: text.suffix(segment.lines[2].text.count + 1), isWhole: false)?.link == segment.lines[2].link)
        let header = EventLogSegment.headerText(device: Self.device, first: 1, previous: segment.previous)
        #expect(EventLogSegment.lastLink(ofTail: header[...], isWhole: true)?.number == 0)
        #expect(EventLogSegment.parse(Array(text.dropLast()))?.damage?.problem == "the file does not end with a whole line")
        var lines = String(decoding: text, as: UTF8.self).split(separator: "\n").map(String.init)
        for odd in ["02 " + lines[2].split(separator: " ").dropFirst().joined(separator: " "), lines[2] + " ", lines[2].replacingOccurrences(of: "=", with: "")] {
            lines[2] = odd
            let damaged = EventLogSegment.parse(Array((lines.joined(separator: "\n") + "\n").utf8))
            #expect(damaged?.lines.count == 1 && damaged?.damage?.line == 3, "\(odd)")
        }
        #expect(EventLogSegment.parse(Array("vault-log v2 \(Self.device) 1 x\n".utf8)) == nil)
        #expect(EventLogSegment.parse(Array("not a log\n".utf8)) == nil)
    }

    @Test func aVersion7HeaderCarriesTheDataKeysLogKeyBoundToTheWrappedKey() throws {
        let kek = try SecureBytes.random(count: 32)
        let (envelope, dataKey) = try Envelope.create(id: Self.vaultID, cipher: .xchacha20poly1305,
                                                      kdf: KDFParameters(memoryKiB: 8192, iterations: 1, parallelism: 1),
                                                      keyEncryptionKey: kek, salt: try Sodium.randomBytes(16))
        let expectedKey = try SealedBoxKeyPair(dataKey: dataKey).publicKey
        #expect(envelope.version == Envelope.currentVersion && envelope.logKey == expectedKey)
        let text = String(decoding: envelope.render(), as: UTF8.self)
        let parsed = try Envelope.parse(envelope.render())
        #expect(parsed.logKey == envelope.logKey)
        #expect(try parsed.unwrapDataKey(with: kek).constantTimeEquals(dataKey))
        let keyLine = "\n  \"log_key\": \"\(Sodium.base64Encode(envelope.logKey!))\","
        #expect(text.contains(keyLine))
        // Another key in its place parses, and no longer unwraps: A_key binds it.
        let other = try SealedBoxKeyPair(dataKey: try SecureBytes.random(count: 32)).publicKey
        let swapped = try Envelope.parse(Array(text.replacingOccurrences(of: keyLine, with: "\n  \"log_key\": \"\(Sodium.base64Encode(other))\",").utf8))
        #expect(throws: CryptoError.authenticationFailed) { try swapped.unwrapDataKey(with: kek) }
        // Without it, or in a version 6 header, or of another length: not a vault file of its version.
        #expect(throws: FormatError.self) { try Envelope.parse(Array(text.replacingOccurrences(of: keyLine, with: "").utf8)) }
        #expect(throws: FormatError.self) {
            try Envelope.parse(Array(text.replacingOccurrences(of: "\"version\": \(Envelope.currentVersion),", with: "\"version\": 6,").utf8))
        }
        #expect(throws: FormatError.self) {
            try Envelope.parse(Array(text.replacingOccurrences(of: keyLine, with: "\n  \"log_key\": \"AAAA\",").utf8))
        }
    }

    @Test func theVaultsStateMergesAnchorsByTheFurthestAndKeepsEveryRetiredKey() throws {
        let pair = try Self.pair()
        var ours = EventLogState(anchors: ["a": EventLogAnchor(count: 3, head: [1]), "b": EventLogAnchor(count: 9, head: [2])])
        ours.retire(pair)
        ours.retire(pair)
        #expect(ours.retired.count == 1 && ours.retiredPairs().map(\.publicKey) == [pair.publicKey])
        let theirs = EventLogState(anchors: ["a": EventLogAnchor(count: 5, head: [3]), "c": EventLogAnchor(count: 1, head: [4])], retired: ["zz"])
        let merged = ours.merged(with: theirs)
        #expect(merged.anchors["a"]?.count == 5 && merged.anchors["b"]?.count == 9 && merged.anchors["c"]?.count == 1)
        #expect(merged.retired == (ours.retired + ["zz"]).sorted())
        #expect(merged == theirs.merged(with: ours))
        #expect(merged.retiredPairs().count == 1, "a retired key that is not one is passed over")
    }
}
