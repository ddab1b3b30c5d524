@testable import Breach

/// Hashes as text, for writing expected values and data files in tests.
extension PasswordHash {
    /// A hash written in hex (either case), if it is one.
    init?(hex text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard bytes.count == 40, bytes.allSatisfy(HexDigits.isHex) else { return nil }
        self.init(hex: bytes.map(HexDigits.uppercased))
    }

    var text: String { String(decoding: hex, as: UTF8.self) }
}
