import VaultCore
import VaultSystem
import SystemPackage

/// The terminal's clipboard through the OSC 52 escape sequence, which terminals such as
/// xterm, kitty, WezTerm, foot, iTerm2 and tmux (with set-clipboard) honour, also over SSH.
/// It cannot read the clipboard back, so clearing it later is unconditional.
public struct OSC52Clipboard: Clipboard {
    public var name: String { "osc52" }
    /// Where the sequence is written: the terminal.
    let descriptor: FileDescriptor

    public init(descriptor: Int32) {
        self.descriptor = FileDescriptor(rawValue: descriptor)
    }

    public func copy(_ secret: UnsafeRawBufferPointer) throws(ClipboardError) {
        let opening = Array("\u{1B}]52;c;".utf8)
        let encodedLength = (secret.count + 2) / 3 * 4
        guard let sequence = try? SecureBytes(count: opening.count + encodedLength + 2) else {
            throw .helperFailed("osc52", "out of memory")
        }
        sequence.withUnsafeMutableBytes { output in
            output.copyBytes(from: opening)
            Sodium.base64Encode(secret, into: UnsafeMutableRawBufferPointer(rebasing: output[opening.count..<(opening.count + encodedLength + 1)]))
            output[opening.count + encodedLength] = 0x07
        }
        sequence.withUnsafeBytes { bytes in try? descriptor.writeEvery(UnsafeRawBufferPointer(rebasing: bytes.dropLast())) }
    }

    public func read(limit: Int) throws(ClipboardError) -> SecureBytes? { nil }

    public func clear() throws(ClipboardError) {
        try? descriptor.writeEvery(Array("\u{1B}]52;c;\u{07}".utf8))
    }
}
