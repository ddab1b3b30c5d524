import FuzzSupport
@testable import Breach

/// The Pwned Passwords range answer parser (`RangeResponse`) on any body, as the API (or
/// whatever answers in its place) could send it. It must refuse with the line it stopped at, or
/// give counts whose every suffix is 35 upper-case hex digits with a count from 1 to the largest
/// of 18 digits; a suffix the answer gives once with a count is found with that count (one given
/// more than once, which the real service never does, with one of its non-zero counts); and the
/// answer re-rendered as `SUFFIX:COUNT` lines with padding reads the same. The body is checked
/// against a reading of its own, line by line, so that each refusal and each acceptance is
/// explained (Fuzz/seeds/breach-range/README.md).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBreachRange(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let body = Fuzzer.bytes(data, size)
    let expected = RangeLines(body)
    let response: RangeResponse
    do {
        response = try RangeResponse(body: body, prefix: RangeLines.prefix)
    } catch {
        Fuzzer.require(error == .notRangeFormat(prefix: RangeLines.prefix, line: expected.refusedLine ?? -1),
                       "refused as \(error), expected line \(expected.refusedLine.map(String.init) ?? "none")")
        Fuzzer.require(!error.message.contains("\n"), "a refusal of more than one line")
        return 0
    }
    Fuzzer.require(expected.refusedLine == nil, "accepted, but line \(expected.refusedLine ?? 0) is not SUFFIX:COUNT")
    for (suffix, count) in response.counts {
        Fuzzer.require(suffix.count == 35 && suffix.allSatisfy(RangeLines.isUpperHex), "a suffix that is not 35 upper-case hex digits")
        Fuzzer.require((1...RangeLines.largestCount).contains(count), "a count out of range: \(count)")
        _ = BreachCount.roughly(count)
    }
    checkLookups(response, expected)
    checkRerendered(response)
    return 0
}

/// Every suffix of the answer is looked up as a whole hash of the range.
private func checkLookups(_ response: RangeResponse, _ expected: RangeLines) {
    for (suffix, counts) in expected.counts {
        let found = response.count(of: PasswordHash(hex: Array(RangeLines.prefix.utf8) + suffix))
        let given = counts.filter { $0 > 0 }
        if counts.count == 1 {
            Fuzzer.require(found == counts[0], "a suffix given once with \(counts[0]) is found with \(found)")
        } else {
            Fuzzer.require(given.isEmpty ? found == 0 : given.contains(found), "a repeated suffix is found with \(found), given \(counts)")
        }
    }
    Fuzzer.require(response.counts.count == expected.counts.values.filter { $0.contains { $0 > 0 } }.count,
                   "counts for suffixes the answer does not give")
}

/// The counts written back as the service writes them, with a padding line, read the same.
private func checkRerendered(_ response: RangeResponse) {
    var lines = response.counts.map { String(decoding: $0.key, as: UTF8.self) + ":" + String($0.value) }
    if let padding = ["0", "F", "7", "A"].map({ String(repeating: $0, count: 35) })
        .first(where: { response.counts[ArraySlice($0.utf8)] == nil }) {
        lines.append(padding + ":0")
    }
    let again = try? RangeResponse(body: Array(lines.sorted().joined(separator: "\r\n").utf8), prefix: RangeLines.prefix)
    Fuzzer.require(again?.counts == response.counts, "the answer re-rendered reads differently")
}

/// The body read independently of `RangeResponse`, through `String` and `Int`: the first line
/// that is neither empty nor `SUFFIX:COUNT`, and every count given per upper-cased suffix.
struct RangeLines {
    static let prefix = "5BAA6"
    /// The largest count of 18 digits, the most the parser reads.
    static let largestCount = 999_999_999_999_999_999

    /// The 1-based number of the line that refuses the body (1 for a body without entries).
    var refusedLine: Int?
    var counts: [[UInt8]: [Int]] = [:]

    init(_ body: [UInt8]) {
        var number = 0
        var start = body.startIndex
        while start <= body.endIndex {
            number += 1
            let end = body[start...].firstIndex(of: UInt8(ascii: "\n")) ?? body.endIndex
            var line = body[start..<end]
            start = end + 1
            // Not `removeLast()`: on a slice of `body`, which is still held, that would copy
            // the whole body for every line (a timeout on a long answer of CRLF lines).
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            if line.isEmpty { continue }
            guard let (suffix, count) = Self.entry(line) else {
                refusedLine = number
                return
            }
            counts[suffix, default: []].append(count)
        }
        if counts.isEmpty { refusedLine = 1 }
    }

    /// `SUFFIX:COUNT`: the suffix is what comes before the first colon, the count what follows.
    private static func entry(_ line: ArraySlice<UInt8>) -> ([UInt8], Int)? {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let suffix = String(decoding: line[..<colon], as: UTF8.self)
        let digits = String(decoding: line[(colon + 1)...], as: UTF8.self)
        guard suffix.utf8.count == 35, suffix.unicodeScalars.allSatisfy({ $0.properties.isASCIIHexDigit }),
              (1...18).contains(digits.utf8.count), digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
              let count = Int(digits) else { return nil }
        return (Array(suffix.uppercased().utf8), count)
    }

    static func isUpperHex(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }
}

@_cdecl("breach_range_fuzz_main")
public func breachRangeFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    Fuzzer.main(argc, argv, fuzzBreachRange)
}
