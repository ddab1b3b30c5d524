/// Renders range entries as the response body: `SUFFIX:COUNT` lines joined by CRLF, no final CRLF.
enum RangeBody {
    static func render(_ entries: [RangeEntry]) -> [UInt8] {
        var body: [UInt8] = []
        body.reserveCapacity(entries.count * 44)
        for (index, entry) in entries.enumerated() {
            if index > 0 {
                body.append(UInt8(ascii: "\r"))
                body.append(UInt8(ascii: "\n"))
            }
            entry.suffix.appendHex(to: &body)
            body.append(UInt8(ascii: ":"))
            body.append(contentsOf: String(entry.count).utf8)
        }
        return body
    }
}
