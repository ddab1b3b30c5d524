import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// `embed-text NAME INPUT OUTPUT`: writes OUTPUT, a Swift file declaring `enum NAME` whose
/// `text` is the whole of INPUT (UTF-8 text with line feeds, less one final line feed) as a raw
/// string literal. Run at build time by the EmbedText plugin, so data (word lists) lives in git
/// as text and still ends up inside the one static binary.
/// Writes `text` to standard error.
func complain(_ text: String) {
    var copy = text
    copy.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}

func fail(_ message: String) -> Never {
    complain("embed-text: \(message)\n")
    exit(1)
}

let arguments = CommandLine.arguments
guard arguments.count == 4 else {
    complain("usage: embed-text NAME INPUT OUTPUT\n")
    exit(64)
}
let (name, input, output) = (arguments[1], arguments[2], arguments[3])
let inputName = input.split(separator: "/").last.map(String.init) ?? input
guard var bytes = FileManager.default.contents(atPath: input).map(Array.init) else { fail("cannot read \(input)") }
// The compiler turns a carriage return in a literal into a line feed: refuse them rather than
// embed something other than the file.
guard !bytes.contains(0x0D) else { fail("\(inputName) has carriage returns; write it with line feeds only") }
if bytes.last == 0x0A { bytes.removeLast() }
guard let text = String(validating: bytes, as: UTF8.self) else { fail("\(inputName) is not UTF-8 text") }

// A raw string ends at `"""` followed by as many `#` as it opened with, and `\` followed by
// them starts an escape: one `#` more than the longest run of `#` bytes rules out both.
var longestRun = 0
var run = 0
for byte in bytes {
    run = byte == UInt8(ascii: "#") ? run + 1 : 0
    longestRun = max(longestRun, run)
}
let hashes = String(repeating: "#", count: longestRun + 1)
let source = """
    // Generated at build time by embed-text from \(inputName); not kept in git.

    enum \(name) {
        static let text: StaticString = \(hashes)\"\"\"
    \(text)
    \"\"\"\(hashes)
    }

    """
do {
    try source.write(toFile: output, atomically: true, encoding: .utf8)
} catch {
    fail("cannot write \(output): \(error)")
}
