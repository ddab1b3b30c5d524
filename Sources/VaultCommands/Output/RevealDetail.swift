import VaultCLI

/// How a reveal's security event says what was revealed and where it went.
enum RevealDetail {
    /// `what` (a field's name, `otp code`), and `to the clipboard` when it went there.
    static func text(_ what: String, clip: Bool) -> String {
        clip ? what + ", to the clipboard" : what
    }

    static func text(_ what: String, clip: ClipChoice?) -> String {
        text(what, clip: clip != nil)
    }
}
