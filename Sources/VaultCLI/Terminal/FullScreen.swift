/// The rows and columns of a terminal.
public struct ScreenSize: Equatable, Sendable {
    public var rows: Int
    public var columns: Int

    public init(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
    }
}

/// A terminal taken over whole by an interactive display (`vault pick`): keys arrive as they
/// are pressed, without echo, and what is drawn goes to a screen of its own that vanishes when
/// the display is closed, leaving the person's screen as it was.
public protocol FullScreen: AnyObject {
    /// The terminal's size now (it may change while the display is open).
    var size: ScreenSize { get }
    /// Writes text and escape sequences as they are; the caller makes untrusted text visible.
    func draw(_ text: String) throws
    /// The bytes typed, waiting for them at most `milliseconds` (forever when nil); empty when
    /// none came in time.
    func readInput(waitingAtMost milliseconds: Int?) throws -> [UInt8]
    /// Leaves the display: the person's screen and the terminal's settings come back.
    func close()
}
