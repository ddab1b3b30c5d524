import VaultCore

/// The text armour of a key file (RFC 7468, and the older OpenSSL form with headers):
/// `-----BEGIN LABEL-----`, optional `Name: value` header lines (`Proc-Type`, `DEK-Info`), a
/// blank line after them, the Base64 body, `-----END LABEL-----`. Text before the first line
/// and after the last is ignored, as OpenSSH and OpenSSL ignore it. The text is read where it
/// is and the body decoded into memory wiped when released, since it is a private key: only the
/// label and the headers become strings.
struct PEMArmor {
    /// What the BEGIN line names: `OPENSSH PRIVATE KEY`, `RSA PRIVATE KEY`, `PRIVATE KEY`…
    let label: String
    /// The header lines, as name and value.
    let headers: [(name: String, value: String)]
    /// The decoded body.
    let body: SecureBytes

    /// Finds the first armoured block in `text`; nil when it has none or it is not well formed.
    init?(_ text: UnsafeRawBufferPointer) {
        let lines = Self.lines(of: text)
        func line(_ index: Int) -> UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: text[lines[index]]) }
        let begin = Array("-----BEGIN ".utf8), dashes = Array("-----".utf8)
        guard let first = lines.indices.first(where: {
            line($0).count >= begin.count + dashes.count && line($0).starts(with: begin) && line($0).reversed().starts(with: dashes)
        }) else { return nil }
        let label = String(decoding: line(first).dropFirst(begin.count).dropLast(dashes.count), as: UTF8.self)
        let endLine = Array("-----END \(label)-----".utf8)
        guard let end = lines[first...].indices.first(where: { line($0).elementsEqual(endLine) }) else { return nil }
        var bodyStart = first + 1
        var headers: [(String, String)] = []
        // Headers end at a blank line; a block without any has its Base64 straight away.
        if bodyStart < end, line(bodyStart).contains(UInt8(ascii: ":")) {
            while bodyStart < end, let colon = line(bodyStart).firstIndex(of: UInt8(ascii: ":")) {
                let header = line(bodyStart)
                headers.append((String(decoding: header[..<colon], as: UTF8.self),
                                String(decoding: header[(colon + 1)...].drop { $0 == UInt8(ascii: " ") }, as: UTF8.self)))
                bodyStart += 1
            }
            guard bodyStart < end, line(bodyStart).isEmpty else { return nil }
        }
        let base64 = UnsafeRawBufferPointer(rebasing: text[lines[bodyStart].lowerBound..<lines[end].lowerBound])
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

    /// Where each line of `text` is, without its line break and the spaces, tabs and carriage
    /// returns that end it.
    private static func lines(of text: UnsafeRawBufferPointer) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        var start = 0
        while start <= text.count {
            let next = text[start...].firstIndex(of: UInt8(ascii: "\n")) ?? text.count
            var end = next
            while end > start, [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r")].contains(text[end - 1]) { end -= 1 }
            lines.append(start..<end)
            start = next + 1
        }
        return lines
    }

    /// Decodes Base64 (line breaks and spaces ignored) into wiped memory.
    private static func decode(_ base64: UnsafeRawBufferPointer) -> SecureBytes? {
        guard let decoded = try? SecureBytes(count: base64.count / 4 * 3 + 3, protection: .wipedOnRelease),
              let length = decoded.withUnsafeMutableBytes({ Sodium.base64Decode(base64, ignoring: " \t\r\n", into: $0) }) else {
            return nil
        }
        return decoded.part(0..<length)
    }
}
