import Crypto

/// Passwords and breach data for the `vault breach` tests: SHA-1s as the Pwned Passwords data
/// writes them, data files for `fake-hibp` and `--offline`, and passwords that share a range.
package enum BreachData {
    /// "password" and how often the real data has seen it.
    package static let password = "password"
    package static let passwordCount = 52_256_179
    /// The data file of a server that knows "password" only.
    package static let passwordOnly = file([(password, passwordCount)])

    /// The SHA-1 of the password's UTF-8 bytes, in upper-case hex.
    package static func sha1(_ password: String) -> String {
        Insecure.SHA1.hash(data: Array(password.utf8)).map { byte in
            let digits = Array("0123456789ABCDEF")
            return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
        }.joined()
    }

    /// A count with commas between thousands, as vault prints it: 52256179 → "52,256,179".
    package static func grouped(_ count: Int) -> String {
        let digits = Array(String(count))
        return String(digits.enumerated().flatMap { index, digit in
            index > 0 && (digits.count - index) % 3 == 0 ? [",", digit] : [digit]
        })
    }

    package static func prefix(_ password: String) -> String { String(sha1(password).prefix(5)) }

    /// `SHA1:COUNT` lines, one per password, sorted by hash (as the download is; `fake-hibp`
    /// does not mind the order).
    package static func file(_ counts: [(password: String, count: Int)], lineEnd: String = "\n") -> String {
        counts.map { (sha1($0.password), $0.count) }.sorted { $0.0 < $1.0 }.map { "\($0.0):\($0.1)" + lineEnd }.joined()
    }

    /// The downloader's folder of range files for the passwords: `PREFIX.txt` with the
    /// `SUFFIX:COUNT` lines of that range, sorted, CRLF.
    package static func rangeFiles(_ counts: [(password: String, count: Int)]) -> [String: String] {
        var ranges: [String: [String]] = [:]
        for (password, count) in counts {
            let hash = sha1(password)
            ranges[String(hash.prefix(5)), default: []].append("\(hash.dropFirst(5)):\(count)")
        }
        return ranges.mapValues { $0.sorted().map { $0 + "\r\n" }.joined() }
    }

    /// `groups` sets of `size` generated passwords (`stem-N`) whose SHA-1s share a prefix,
    /// found by trying names in order: the same sets on every run.
    package static func sharingPrefixes(groups: Int, size: Int = 2, stem: String) -> [[String]] {
        var byPrefix: [String: [String]] = [:]
        var found: [[String]] = []
        var number = 0
        while found.count < groups {
            let password = "\(stem)-\(number)"
            number += 1
            let prefix = prefix(password)
            byPrefix[prefix, default: []].append(password)
            if byPrefix[prefix]!.count == size { found.append(byPrefix[prefix]!) }
        }
        return found
    }
}
