import Testing
@testable import VaultSystem
#if canImport(Glibc)
import Glibc
#endif

/// The environment as `main` reads it from `environ`: split at the first `=`, the first of a
/// name given twice kept (as `getenv` does), bytes that are not UTF-8 read as U+FFFD, entries
/// with no `=` left out.
struct ProcessEnvironmentTests {
    @Test func entriesAreSplitAtTheirFirstEqualsSignAndTheFirstOfANameWins() {
        let entries: [[UInt8]] = [
            Array("VAULT_PATH=/first/vault.json".utf8), Array("HOME=/home/ann".utf8), Array("VAULT_PATH=/second/vault.json".utf8),
            Array("NO_EQUALS_SIGN".utf8), Array("LATIN1=caf".utf8) + [0xE9], Array("QUERY=a=b==c".utf8), Array("EMPTY=".utf8),
            Array("NAME_\u{e9}=\u{1F511} key".utf8),
        ]
        let strings: [UnsafeMutablePointer<CChar>?] = entries.map { bytes in
            let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (index, byte) in bytes.enumerated() { pointer[index] = CChar(bitPattern: byte) }
            pointer[bytes.count] = 0
            return pointer
        } + [nil]
        defer { for pointer in strings { pointer?.deallocate() } }
        let environment = strings.withUnsafeBufferPointer { ProcessEnvironment.entries($0.baseAddress!) }
        #expect(environment == [
            "VAULT_PATH": "/first/vault.json", "HOME": "/home/ann", "LATIN1": "caf\u{FFFD}", "QUERY": "a=b==c", "EMPTY": "",
            "NAME_\u{e9}": "\u{1F511} key",
        ])
    }

    @Test func theProcessEnvironmentIsWhatGetenvSees() {
        let environment = ProcessEnvironment.current()
        #expect(!environment.isEmpty)
        for (name, value) in environment where !name.isEmpty {
            #expect(getenv(name).map { String(cString: $0) } == value, "\(name)")
        }
    }
}
