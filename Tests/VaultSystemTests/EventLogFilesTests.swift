import Foundation
import Testing
@testable import VaultCore
@testable import VaultSystem

/// The security log's files: appends from many writers at once make one chain, segments close
/// at their size and the oldest go, and the anchor a change writes moves only along the chain.
struct EventLogFilesTests {
    private static let vaultID = "11111111-2222-4333-8444-555555555555"
    private static let device = "0123456789abcdef"

    /// A folder of its own for a test, removed after it.
    private final class Folder {
        let path: String
        init() throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("event-log-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    private static func pair() throws -> SealedBoxKeyPair {
        try SealedBoxKeyPair(dataKey: try SecureBytes.random(count: 32))
    }

    private static func append(_ count: Int, to files: EventLogFiles, pair: SealedBoxKeyPair) throws {
        try append(count, to: files, publicKey: pair.publicKey)
    }

    private static func append(_ count: Int, to files: EventLogFiles, publicKey: [UInt8]) throws {
        for index in 0..<count {
            try files.append(SecurityEvent(kind: .reveal, command: "get", entry: "entry \(index)"), device: device, vaultID: vaultID,
                             publicKey: publicKey)
        }
    }

    private static func verify(_ files: EventLogFiles, pair: SealedBoxKeyPair, anchor: EventLogAnchor?) -> EventLogVerification {
        EventLogVerification(segments: files.segments().byDevice[device] ?? [], device: device, vaultID: vaultID, pairs: [pair],
                             anchor: anchor, limits: files.limits)
    }

    @Test func writersAtOnceMakeOneChain() throws {
        let folder = try Folder()
        let files = EventLogFiles(vaultPath: folder.path + "/vault.json")
        let pair = try Self.pair()
        let publicKey = pair.publicKey
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            // Each writer opens and locks the file on its own, as separate commands do.
            try? Self.append(10, to: files, publicKey: publicKey)
        }
        let result = Self.verify(files, pair: pair, anchor: files.head(device: Self.device))
        #expect(result.holds && result.events.map(\.number) == Array(1...80), "\(result.problem ?? "")")
        #expect(try FileManager.default.attributesOfItem(atPath: files.path)[.posixPermissions] as? Int == 0o700)
    }

    @Test func segmentsCloseAtTheirSizeAndTheOldestGo() throws {
        let folder = try Folder()
        let files = EventLogFiles(vaultPath: folder.path + "/vault.json", limits: EventLogLimits(segmentBytes: 4096, keptSegments: 2))
        let pair = try Self.pair()
        try Self.append(40, to: files, pair: pair)
        let names = try FileManager.default.contentsOfDirectory(atPath: files.path).sorted()
        #expect(names.count == 3 && names.last == Self.device + ".log", "\(names)")
        #expect(names.dropLast().allSatisfy { $0.count == Self.device.count + 1 + 20 + 4 })
        let result = Self.verify(files, pair: pair, anchor: nil)
        #expect(result.holds && result.events.last?.number == 40 && result.dropped != nil, "\(result.problem ?? "")")
        let everything = EventLogFiles(vaultPath: folder.path + "/vault.json", limits: EventLogLimits(segmentBytes: 4096, keptSegments: nil))
        #expect(Self.verify(everything, pair: pair, anchor: nil).problem?.contains("are missing") == true)
    }

    @Test func theAnchorMovesOnlyAlongTheChain() throws {
        let folder = try Folder()
        let files = EventLogFiles(vaultPath: folder.path + "/vault.json")
        let pair = try Self.pair()
        #expect(files.anchor(device: Self.device, after: nil) == nil, "no log, no anchor")
        try Self.append(3, to: files, pair: pair)
        let first = try #require(files.anchor(device: Self.device, after: nil))
        #expect(first.count == 3 && files.anchor(device: Self.device, after: first) == nil, "nothing new")
        try Self.append(2, to: files, pair: pair)
        #expect(files.anchor(device: Self.device, after: first)?.count == 5)
        // Cut back to two events, then grown past the anchor: it stays where it was.
        let segment = files.currentPath(device: Self.device)
        let lines = try String(contentsOfFile: segment, encoding: .utf8).split(separator: "\n").prefix(3)
        try (lines.joined(separator: "\n") + "\n").write(toFile: segment, atomically: false, encoding: .utf8)
        try Self.append(4, to: files, pair: pair)
        #expect(files.head(device: Self.device)?.count == 6)
        #expect(files.anchor(device: Self.device, after: first) == nil)
        #expect(Self.verify(files, pair: pair, anchor: first).problem?.hasPrefix("event 3 is not the one the vault anchored") == true)
    }

    @Test func aDamagedEndIsNamedAndNothingIsChainedToIt() throws {
        let folder = try Folder()
        let files = EventLogFiles(vaultPath: folder.path + "/vault.json")
        let pair = try Self.pair()
        try Self.append(2, to: files, pair: pair)
        let handle = try #require(FileHandle(forWritingAtPath: files.currentPath(device: Self.device)))
        handle.seekToEndOfFile()
        handle.write(Data("garbage\n".utf8))
        try handle.close()
        #expect(throws: EventLogError.damaged(path: files.currentPath(device: Self.device))) { try Self.append(1, to: files, pair: pair) }
        #expect(files.head(device: Self.device) == nil)
    }
}
