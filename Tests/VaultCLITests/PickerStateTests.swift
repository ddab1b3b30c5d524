import Testing
@testable import VaultCLI

/// The picker's state machine (keys → state) and what a frame of it shows, without a terminal.
struct PickerStateTests {
    static let candidates = [
        PickerCandidate(name: "bank", username: "alice"),
        PickerCandidate(name: "mail/home", username: "me@home.example"),
        PickerCandidate(name: "mail/work", username: "me@work.example"),
        PickerCandidate(name: "web/github", username: "octo", urls: ["https://github.com"]),
    ]

    static func keys(_ text: String) -> [PickerKey] { text.map { .character($0) } }

    @Test func typingFiltersAndEnterChoosesTheSelection() {
        var state = PickerState(candidates: Self.candidates)
        #expect(state.matches.count == 4)
        for key in Self.keys("mail") { #expect(state.handle(key) == nil) }
        #expect(state.matches.map(\.index) == [1, 2])
        #expect(state.handle(.down) == nil)
        #expect(state.handle(.enter) == .chosen("mail/work"))
    }

    @Test func theInitialQueryIsTypedAlready() {
        var state = PickerState(candidates: Self.candidates, pattern: "gith")
        #expect(state.pattern == "gith")
        #expect(state.selection?.name == "web/github")
        #expect(state.handle(.enter) == .chosen("web/github"))
    }

    @Test func movingStopsAtEitherEnd() {
        var state = PickerState(candidates: Self.candidates)
        _ = state.handle(.up)
        #expect(state.selected == 0)
        for _ in 0..<10 { _ = state.handle(.down) }
        #expect(state.selected == 3)
        _ = state.handle(.pageUp)
        #expect(state.selected == 2)
        state.scroll(rows: 2)
        _ = state.handle(.pageUp)
        #expect(state.selected == 0)
        _ = state.handle(.pageDown)
        #expect(state.selected == 2)
    }

    @Test func editingKeysChangeThePatternAndSelectTheBestAgain() {
        var state = PickerState(candidates: Self.candidates, pattern: "mail work")
        _ = state.handle(.deleteWord)
        #expect(state.pattern == "mail ")
        _ = state.handle(.backspace)
        #expect(state.pattern == "mail")
        _ = state.handle(.down)
        _ = state.handle(.character("x"))
        #expect(state.matches.isEmpty)
        #expect(state.handle(.enter) == nil, "Enter with nothing matching chooses nothing")
        _ = state.handle(.clearPattern)
        #expect(state.pattern == "")
        #expect(state.selected == 0)
        _ = state.handle(.backspace)
        #expect(state.pattern == "")
    }

    @Test func cancelLeavesWithoutAChoice() {
        var state = PickerState(candidates: Self.candidates)
        #expect(state.handle(.cancel) == .cancelled)
        var empty = PickerState(candidates: [])
        #expect(empty.handle(.enter) == nil)
        #expect(empty.handle(.cancel) == .cancelled)
    }

    @Test func scrollingKeepsTheSelectionInView() {
        let many = (0..<20).map { PickerCandidate(name: "entry\($0 < 10 ? "0" : "")\($0)") }
        var state = PickerState(candidates: many)
        state.scroll(rows: 5)
        for _ in 0..<7 { _ = state.handle(.down) }
        #expect(state.selected == 7)
        #expect(state.top == 3)
        for _ in 0..<2 { _ = state.handle(.up) }
        #expect(state.top == 3, "moving up inside the view does not scroll")
        for _ in 0..<5 { _ = state.handle(.up) }
        #expect(state.top == 0)
    }

    @Test func keysDecodeFromTheBytesATerminalSends() {
        var decoder = PickerKeyDecoder()
        #expect(decoder.feed(Array("ab\u{1B}[A\u{1B}OB\u{10}\u{0E}\r\u{7F}\u{15}\u{17}".utf8))
                == [.character("a"), .character("b"), .up, .down, .up, .down, .enter, .backspace, .clearPattern, .deleteWord])
        #expect(decoder.feed(Array("\u{1B}[5~\u{1B}[6~\u{1B}[1;5C\u{1B}x\u{01}".utf8)) == [.pageUp, .pageDown])
        #expect(decoder.feed([0x03]) == [.cancel])
        #expect(decoder.feed([0x07]) == [.cancel])
        #expect(decoder.feed(Array("é漢".utf8)) == [.character("é"), .character("漢")])
    }

    @Test func aLoneEscapeWaitsForWhatFollows() {
        var decoder = PickerKeyDecoder()
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.isWaiting)
        #expect(decoder.feed(Array("[B".utf8)) == [.down], "an arrow key split across reads")
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.flush() == [.cancel])
        #expect(!decoder.isWaiting)
        let euro = Array("€".utf8)
        #expect(decoder.feed(Array(euro.prefix(2))).isEmpty)
        #expect(decoder.feed(Array(euro.dropFirst(2))) == [.character("€")])
        #expect(decoder.feed(Array("\u{202E}".utf8)).isEmpty, "format characters never reach the pattern")
    }

    @Test func aFrameShowsPatternCountAndMatchesVisibly() {
        var state = PickerState(candidates: Self.candidates + [PickerCandidate(name: "evil", username: "x\u{1B}]52;c;eA==\u{07}")],
                                pattern: "e")
        state.scroll(rows: PickerView.listRows(ScreenSize(rows: 4, columns: 40)))
        let frame = PickerView.frame(state, size: ScreenSize(rows: 4, columns: 40))
        let lines = frame.components(separatedBy: "\r\n")
        #expect(lines.count == 4, "two matches fit below the pattern and the count: \(lines)")
        #expect(lines[0].hasPrefix(PickerView.home + "> e"))
        #expect(lines[1].contains("\(state.matches.count)/5"))
        #expect(lines[2].hasPrefix(PickerView.reverse + "> "))
        #expect(!frame.contains("\u{1B}]52"), "a username's control characters are shown as escapes")
        #expect(frame.hasSuffix("\u{1B}[1;4H"), "the cursor waits after the pattern")
    }

    @Test func aNarrowScreenCutsLinesAndShowsThePatternsEnd() {
        var state = PickerState(candidates: [PickerCandidate(name: String(repeating: "n", count: 50), username: "user")],
                                pattern: String(repeating: "n", count: 30))
        let size = ScreenSize(rows: 10, columns: 20)
        state.scroll(rows: PickerView.listRows(size))
        let lines = PickerView.frame(state, size: size).components(separatedBy: "\r\n")
        #expect(lines[0] == PickerView.home + "> " + String(repeating: "n", count: 17) + PickerView.clearLine)
        #expect(lines[2].contains(String(repeating: "n", count: 18)) && !lines[2].contains(String(repeating: "n", count: 19)))
        #expect(!lines[2].contains("user"), "no room for the username")
    }
}
