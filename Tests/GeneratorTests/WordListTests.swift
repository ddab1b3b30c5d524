import CSodium
import Testing
@testable import Generator

/// The bundled EFF large word list is complete and unchanged.
struct WordListTests {
    @Test func hasEveryWordOnceAndTheRecordedChecksum() {
        let words = EFFWordList.words
        #expect(words.count == 7776)
        #expect(Set(words).count == 7776)
        var hash = [UInt8](repeating: 0, count: 32)
        let text = Array((words.joined(separator: "\n") + "\n").utf8)
        crypto_hash_sha256(&hash, text, UInt64(text.count))
        #expect(hash.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined() == EFFWordList.sha256)
        #expect(EFFWordList.sha256 == "6d557f0693958fb5e650b68b5bee585eb82cf4da32965505c789e924743bc522")
    }
}
