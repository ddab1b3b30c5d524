/// The terminal's clipboard through the OSC 52 escape sequence, which terminals such as
/// xterm, kitty, WezTerm, foot, iTerm2 and tmux (with set-clipboard) honour, also over SSH.
/// It cannot read the clipboard back, so clearing it later is unconditional.
public struct OSC52Clipboard: Clipboard {
    public var name: String { "osc52" }
    /// Where the sequence is written: the terminal.
    let descriptor: Int32

    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    public func copy(_ secret: UnsafeRawBufferPointer) throws(ClipboardError) {
        let encoded = Sodium.base64Encode(secret)
        var sequence = Array("\u{1B}]52;c;".utf8) + Array(encoded.utf8) + [0x07]
        defer { for index in sequence.indices { sequence[index] = 0 } }
        sequence.withUnsafeBytes { HelperProcess.writeAll($0, to: descriptor) }
    }

    public func read() throws(ClipboardError) -> SecureBytes? { nil }

    public func clear() throws(ClipboardError) {
        Array("\u{1B}]52;c;\u{07}".utf8).withUnsafeBytes { HelperProcess.writeAll($0, to: descriptor) }
    }
}
