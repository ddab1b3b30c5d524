import FuzzSupport
import Foundation
import VaultCore

/// A team vault's change log of members (`TeamLog`) and the pin a machine keeps of it
/// (`TeamPin`), on any bytes, read for one fixed vault (`vaultID`, which the seeds are signed
/// for: a mutation that breaks a signature is refused, as it must be).
///
/// As a log: `TeamLog(text:vaultID:)` refuses the bytes, or reads a log whose text is exactly
/// the input and reads again as the same log, and which is refused for another vault; its
/// heads are hashes of its changes, in order; it has members, no name twice, and every
/// change's author is a member or a former member; it includes its own pin, has no change
/// after it, and the pin's text reads back as the pin.
///
/// As a pin: `TeamPin(text:)` refuses the bytes, or writes them back exactly.
///
/// As two logs, the bytes before and after the first newline (the text of a log has none):
/// when both read, each merged with itself is itself, and their merge does not depend on which
/// side merges (the same log, or the same refusal); a merge that stands includes both sides'
/// pins, its changes after a side's pin are exactly those the side lacks, and its text reads
/// back as the merge.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTeamLog(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzzer.bytes(data, size)
    checkLog(bytes)
    checkPin(bytes)
    if let cut = bytes.firstIndex(of: UInt8(ascii: "\n")),
       let ours = checkLog(Array(bytes[..<cut])), let theirs = checkLog(Array(bytes[(cut + 1)...])) {
        checkMerge(ours, theirs)
    }
    return 0
}

/// The entry point SwiftPM links this executable through; libFuzzer's driver does the rest, or,
/// with `VAULT_FUZZ_MAKE_SEEDS` set, `SeedMaker` writes the seeds.
@_cdecl("team_log_fuzz_main")
public func teamLogFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    if let folder = ProcessInfo.processInfo.environment["VAULT_FUZZ_MAKE_SEEDS"] {
        return SeedMaker.run(into: folder)
    }
    return Fuzzer.main(argc, argv, fuzzTeamLog)
}

/// The vault every log is read for.
let vaultID = "0f0f0f0f-0000-4000-8000-00000000f7ea"
/// Another vault, for which a log signed for `vaultID` must not read.
private let otherVaultID = "0f0f0f0f-0000-4000-8000-00000000f7eb"

/// The log `text` reads as, if it reads, once it has kept every property of a log.
@discardableResult
private func checkLog(_ text: [UInt8]) -> TeamLog? {
    guard let log = try? TeamLog(text: text, vaultID: vaultID) else { return nil }
    Fuzzer.require(log.text() == text, "a log reads from a text other than its own")
    Fuzzer.require((try? TeamLog(text: log.text(), vaultID: vaultID)) == log, "a log's text reads as another log")
    Fuzzer.require((try? TeamLog(text: text, vaultID: otherVaultID)) == nil, "a log reads for another vault")
    let hashes = Set(log.changes.map(\.hash))
    Fuzzer.require(!log.heads.isEmpty && log.heads.allSatisfy(hashes.contains), "a head is not a change of the log")
    Fuzzer.require(zip(log.heads, log.heads.dropFirst()).allSatisfy { $0.lexicographicallyPrecedes($1) }, "heads out of order")
    let names = log.state.members.map(\.name)
    Fuzzer.require(!names.isEmpty && Set(names).count == names.count, "a log has no members, or a name twice: \(names)")
    let identities = log.state.members.map(\.identity) + log.state.former.map(\.identity)
    Fuzzer.require(log.changes.allSatisfy { identities.contains($0.author) }, "a change's author was never a member")
    let pin = TeamPin(log)
    Fuzzer.require(log.includes(pin) && log.changes(after: pin).isEmpty, "a log does not hold its own pin")
    Fuzzer.require(TeamPin(text: pin.text) == pin, "a pin's text reads as another pin")
    return log
}

/// `bytes` as a pin's text.
private func checkPin(_ bytes: [UInt8]) {
    guard let pin = TeamPin(text: String(decoding: bytes, as: UTF8.self)) else { return }
    Fuzzer.require(Array(pin.text.utf8) == bytes, "a pin reads from a text other than its own")
}

/// The merge of two logs that read.
private func checkMerge(_ ours: TeamLog, _ theirs: TeamLog) {
    for side in [ours, theirs] {
        Fuzzer.require((try? side.merged(with: side)) == side, "a log merged with itself is another log")
    }
    let merged = Result { () throws(TeamLogError) in try ours.merged(with: theirs) }
    let reversed = Result { () throws(TeamLogError) in try theirs.merged(with: ours) }
    Fuzzer.require(merged == reversed, "the merge depends on which side merges: \(merged) against \(reversed)")
    guard case .success(let log) = merged else { return }
    for side in [ours, theirs] {
        let pin = TeamPin(side)
        let known = Set(side.changes.map(\.hash))
        Fuzzer.require(log.includes(pin), "a merge does not include a side's pin")
        Fuzzer.require(log.changes(after: pin) == log.changes.filter { !known.contains($0.hash) },
                       "a merge's changes after a side's pin are not those the side lacks")
    }
    Fuzzer.require((try? TeamLog(text: log.text(), vaultID: vaultID)) == log, "a merge's text reads as another log")
}
