import VaultCore

/// The text armour of a key file (RFC 7468, and the older OpenSSL form with headers):
/// `-----BEGIN LABEL-----`, optional `Name: value` header lines (`Proc-Type`, `DEK-Info`), a
/// blank line after them, the Base64 body, `-----END LABEL-----`. Text before the first line
/// and after the last is ignored, as OpenSSH and OpenSSL ignore it. The body is decoded into
/// memory wiped when released, since it is a private key.
struct PEMArmor {
    /// What the BEGIN line names: `OPENSSH PRIVATE KEY`, `RSA PRIVATE KEY`, `PRIVATE KEY`…
    let label: String
    /// The header lines, as name and value.
    let headers: [(name: String, value: String)]
    /// The decoded body.
    let body: SecureBytes

    /// Finds the first armoured block in `text`; nil when it has none or it is not well formed.
    init?(_ text: String) {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
            .map { $0.trimmingSuffix(while: { $0 == " " || $0 == "\t" || $0 == "\r" }) }
        guard let begin = lines.firstIndex(where: { $0.hasPrefix("-----BEGIN ") && $0.hasSuffix("-----") }) else { return nil }
        let label = String(lines[begin].dropFirst("-----BEGIN ".count).dropLast(5))
        guard let end = lines[begin...].firstIndex(of: "-----END \(label)-----"[...]) else { return nil }
        var bodyStart = begin + 1
        var headers: [(String, String)] = []
        // Headers end at a blank line; a block without any has its Base64 straight away.
        if let first = lines[bodyStart..<end].first, first.contains(":") {
            while bodyStart < end, let colon = lines[bodyStart].firstIndex(of: ":") {
                let line = lines[bodyStart]
                headers.append((String(line[..<colon]), String(line[line.index(after: colon)...].drop { $0 == " " })))
                bodyStart += 1
            }
            guard bodyStart < end, lines[bodyStart].isEmpty else { return nil }
        }
        let base64 = lines[bodyStart..<end].joined()
        guard let body = Self.decode(base64) else { return nil }
        self.label = label
        self.headers = headers
        self.body = body
    }

    /// Whether the block is an encrypted PEM key: OpenSSL's older form (`Proc-Type: 4,ENCRYPTED`)
    /// or encrypted PKCS#8. (An OpenSSH key file says so inside.)
    var isEncrypted: Bool {
        label == "ENCRYPTED PRIVATE KEY" || header("Proc-Type")?.hasSuffix("ENCRYPTED") == true
    }

    /// The value of the header called `name`, if the block has it.
    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Decodes Base64 (spaces ignored) into wiped memory.
    private static func decode(_ base64: String) -> SecureBytes? {
        var text = Array(base64.utf8)
        defer { Sodium.wipe(&text) }
        guard let decoded = try? SecureBytes(count: text.count / 4 * 3 + 3, protection: .wipedOnRelease),
              let length = decoded.withUnsafeMutableBytes({ output in
                  text.withUnsafeBytes { Sodium.base64Decode($0, ignoring: " \t", into: output) }
              }) else { return nil }
        return decoded.part(0..<length)
    }
}

extension Substring {
    fileprivate func trimmingSuffix(while isTrimmed: (Character) -> Bool) -> Substring {
        var end = endIndex
        while end > startIndex, isTrimmed(self[index(before: end)]) { end = index(before: end) }
        return self[..<end]
    }
}
