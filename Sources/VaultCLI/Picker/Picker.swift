/// The picker at work on a full screen: draws the state, turns the bytes typed into keys and
/// the keys into a new state, and draws again, until a choice is made or the pick is left. A
/// change of the terminal's size is noticed within a quarter of a second and redrawn for.
public enum Picker {
    /// How long an Esc waits for the rest of a sequence before it counts as the Esc key.
    static let escapeWait = 50
    /// How often the screen's size is looked at while no key comes.
    static let resizeCheck = 250

    /// Runs the picker from `state` on `screen` (which the caller opened and closes).
    public static func run(_ state: PickerState, on screen: any FullScreen) throws -> PickerOutcome {
        var state = state
        var decoder = PickerKeyDecoder()
        var size = screen.size
        try draw(&state, size: size, on: screen)
        while true {
            let bytes = try screen.readInput(waitingAtMost: decoder.isWaiting ? escapeWait : resizeCheck)
            let keys = bytes.isEmpty ? decoder.flush() : decoder.feed(bytes)
            for key in keys {
                if let outcome = state.handle(key) { return outcome }
            }
            let now = screen.size
            if !keys.isEmpty || now != size {
                size = now
                try draw(&state, size: size, on: screen)
            }
        }
    }

    private static func draw(_ state: inout PickerState, size: ScreenSize, on screen: any FullScreen) throws {
        state.scroll(rows: PickerView.listRows(size))
        try screen.draw(PickerView.frame(state, size: size))
    }
}
