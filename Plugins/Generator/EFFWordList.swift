/// The EFF large word list for passphrases (7,776 words, so five dice pick one), split once on
/// first use. The words are data: `Resources/eff-large-word-list.txt`, with its source and
/// licence in `Resources/SOURCES.md`, embedded at build time as `EffLargeWordList`.
enum EFFWordList {
    /// SHA-256 of the words joined by line feeds, with a final one.
    static let sha256 = "6d557f0693958fb5e650b68b5bee585eb82cf4da32965505c789e924743bc522"

    static let words: [Substring] = EffLargeWordList.text.description.split(separator: "\n")
}
