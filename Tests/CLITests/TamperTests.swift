import CLITestSupport
import Foundation
import Testing

/// A vault file changed anywhere, by even one bit, is refused with exit 3 and nothing on
/// standard output, and the failed command leaves the file exactly as it found it.
@Suite("Tampering")
struct TamperTests {
    /// One changed byte: where, and the XOR mask.
    struct Flip: Sendable {
        var offset: Int
        var mask: UInt8
    }

    /// Masks tried besides 0x01, one per offset in turn.
    static let otherMasks: [UInt8] = [0x80, 0x20, 0xFF, 0x02, 0x04, 0x08, 0x10, 0x40]

    /// Every header byte; in the body, every 17th byte, and in each value (seal, tombstones,
    /// page digests, sealed entries) its first 40 bytes (a slot, a nonce) and its last 40 (where
    /// a tag is), and every byte between the values (the layout). Each with 0x01 and with one
    /// other mask.
    static func flips(for layout: VaultFileLayout) -> [Flip] {
        var offsets = Set(0..<layout.bodyStart)
        offsets.formUnion(stride(from: layout.bodyStart, to: layout.bytes.count, by: 17))
        var end = layout.bodyStart
        for value in layout.bodyValues {
            offsets.formUnion(end..<value.lowerBound)
            offsets.formUnion(value.lowerBound..<min(value.lowerBound + 40, value.upperBound))
            offsets.formUnion(max(value.lowerBound, value.upperBound - 40)..<value.upperBound)
            end = value.upperBound
        }
        offsets.formUnion(end..<layout.bytes.count)
        return offsets.sorted().enumerated().flatMap { index, offset in
            [Flip(offset: offset, mask: 0x01), Flip(offset: offset, mask: otherMasks[index % otherMasks.count])]
        }
    }

    /// Writes `bytes` as a vault of its own, runs `arguments` on it, and returns what went wrong
    /// (nothing when the command failed with 3, printed nothing, and left the file as it was).
    private static func problem(
        running arguments: [String], on bytes: [UInt8], stdin: String? = nil, label: String, fixture: VaultFixture
    ) async throws -> String? {
        let path = fixture.path("tampered/\(label).json")
        try VaultFixture.writeFile(path, Data(bytes))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try await fixture.run(arguments + ["--vault", path], stdin: stdin)
        var problems: [String] = []
        if result.status != 3 { problems.append("status \(result.termination)") }
        if !result.stdoutData.isEmpty { problems.append("stdout \(result.stdout.debugDescription)") }
        if result.stderrLines.count != 1 || result.stderrLines.first?.hasPrefix("vault: error: ") != true {
            problems.append("stderr \(result.stderr.debugDescription)")
        }
        if try Data(contentsOf: URL(fileURLWithPath: path)) != Data(bytes) { problems.append("the file was modified") }
        return problems.isEmpty ? nil : "\(label): " + problems.joined(separator: ", ")
    }

    private static func expectNoProblems(_ problems: [String?], of total: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let found = problems.compactMap { $0 }
        let listing = found.prefix(20).joined(separator: "\n")
        #expect(found.isEmpty, "\(found.count) of \(total) tampered files were not refused properly:\n\(listing)",
                sourceLocation: sourceLocation)
    }

    /// A vault with one entry, and the layout of its file.
    private static func smallVault() async throws -> (VaultFixture, VaultFileLayout) {
        let fixture = try await VaultFixture.initialized()
        try await fixture.add("target", password: "tamper-pw", options: ["--username", "u"])
        try FileManager.default.createDirectory(atPath: fixture.path("tampered"), withIntermediateDirectories: false)
        let layout = try #require(VaultFileLayout([UInt8](try fixture.vaultBytes())), "cannot find the body in the vault file")
        return (fixture, layout)
    }

    private static func flipped(_ bytes: [UInt8], _ flip: Flip) -> [UInt8] {
        var copy = bytes
        copy[flip.offset] ^= flip.mask
        return copy
    }

    @Test("get refuses a vault with any one byte flipped, with 3, and does not touch the file")
    func flippedBytesOnRead() async throws {
        let (fixture, layout) = try await Self.smallVault()
        let flips = Self.flips(for: layout)
        #expect(flips.count > 2 * layout.bodyStart)
        let problems = try await concurrentMap(flips, limit: 8) { flip in
            try await Self.problem(running: ["get", "target"], on: Self.flipped(layout.bytes, flip),
                                   label: "offset \(flip.offset) xor \(String(flip.mask, radix: 16))", fixture: fixture)
        }
        Self.expectNoProblems(problems, of: flips.count)
        #expect(try await fixture.password(of: "target") == "tamper-pw", "the original still opens")
    }

    @Test("add refuses a tampered vault with 3 and does not rewrite it")
    func flippedBytesOnWrite() async throws {
        let (fixture, layout) = try await Self.smallVault()
        let flips = Self.flips(for: layout).enumerated().filter { $0.offset % 23 == 0 }.map(\.element)
        let problems = try await concurrentMap(flips, limit: 8) { flip in
            try await Self.problem(running: ["add", "intruder"], on: Self.flipped(layout.bytes, flip), stdin: "pw\n",
                                   label: "offset \(flip.offset) xor \(String(flip.mask, radix: 16))", fixture: fixture)
        }
        Self.expectNoProblems(problems, of: flips.count)
    }

    @Test("a truncated, empty or extended vault file is refused with 3")
    func truncatedOrExtended() async throws {
        let (fixture, layout) = try await Self.smallVault()
        let bytes = layout.bytes
        var variants: [(String, [UInt8])] = [0, 1, bytes.count / 2, layout.bodyStart, bytes.count - 2, bytes.count - 1].map {
            ("first \($0) bytes", Array(bytes.prefix($0)))
        }
        variants.append(("with a trailing newline", bytes + [0x0A]))
        variants.append(("with a trailing space", bytes + [0x20]))
        variants.append(("with CRLF line ends", Array(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\n", with: "\r\n").utf8)))
        var problems: [String?] = []
        for (label, variant) in variants {
            problems.append(try await Self.problem(running: ["get", "target"], on: variant, label: label, fixture: fixture))
        }
        Self.expectNoProblems(problems, of: variants.count)
    }
}
