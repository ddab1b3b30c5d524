import FoundationEssentials
import VaultCore

extension SecureBytes {
    /// A copy of `data` (what swift-crypto's ciphers return: a decrypted key) in memory wiped on
    /// release; `data` is then overwritten with zeros, so that only the copy holds it.
    convenience init(takingOver data: inout Data) throws {
        try self.init(count: data.count, protection: .wipedOnRelease)
        withUnsafeMutableBytes { output in data.withUnsafeBytes { output.copyMemory(from: $0) } }
        data.resetBytes(in: 0..<data.count)
    }
}
