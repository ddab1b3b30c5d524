import Foundation

/// `embed-text NAME INPUT OUTPUT`: writes OUTPUT, a Swift file declaring `enum NAME` whose
/// `text` is the whole of INPUT (a UTF-8 text file, less one final newline) as a raw string
/// literal. Run at build time by the EmbedText plugin, so data (word lists) lives in git as
/// text and still ends up inside the one static binary.
let arguments = CommandLine.arguments
guard arguments.count == 4 else {
    FileHandle.standardError.write(Data("usage: embed-text NAME INPUT OUTPUT\n".utf8))
    exit(64)
}
let (name, input, output) = (arguments[1], arguments[2], arguments[3])
guard var text = try? String(contentsOfFile: input, encoding: .utf8) else {
    FileHandle.standardError.write(Data("embed-text: cannot read \(input) as UTF-8 text\n".utf8))
    exit(1)
}
if text.hasSuffix("\n") { text.removeLast() }

// A raw string ends at `"""` followed by as many `#` as it opened with, and `\` followed by
// them starts an escape: one `#` more than the longest run in the text rules out both.
var longestRun = 0
var run = 0
for character in text {
    run = character == "#" ? run + 1 : 0
    longestRun = max(longestRun, run)
}
let hashes = String(repeating: "#", count: longestRun + 1)
let source = """
    // Generated at build time by embed-text from \((input as NSString).lastPathComponent); not kept in git.

    enum \(name) {
        static let text: StaticString = \(hashes)\"\"\"
    \(text)
    \"\"\"\(hashes)
    }

    """
do {
    try source.write(toFile: output, atomically: true, encoding: .utf8)
} catch {
    FileHandle.standardError.write(Data("embed-text: cannot write \(output): \(error)\n".utf8))
    exit(1)
}
