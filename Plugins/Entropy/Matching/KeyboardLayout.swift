/// A keyboard as a graph: which key each character is on (and whether Shift is needed), and which
/// keys touch which, in a fixed order of directions so that a change of direction counts as a
/// turn. Built from the layouts' rows below, not from tables.
///
/// Typewriter keyboards are "slanted": each row sits half a key to the right of the row above,
/// so a key touches six others (left, upper left, upper right, right, lower right, lower left).
/// Keypads are square grids where a key touches eight.
final class KeyboardLayout: Sendable {
    let name: String
    /// For each key, its neighbours in direction order (nil where there is none).
    let neighbours: [[Int?]]
    /// The same, flat, -1 where there is none: what the matcher reads, many times a password.
    private let flatNeighbours: [Int]
    private let directionCount: Int
    /// Key and shift for each character; indexed by scalar value below 0x100, the rest looked up.
    private let latin: [Int32]
    private let others: [UInt32: Int32]
    /// How many characters the keyboard types, and the average number of neighbours a key has:
    /// the two numbers the guess estimate for a walk needs.
    let startingPositions: Int
    let averageDegree: Double
    /// Each key's characters (unshifted, then shifted if Shift types another) and its place,
    /// row * 100 + column counted from the left edge: what `LayoutMapping` pairs keys by.
    let keyCharacters: [[UInt32]]
    let keyPlaces: [Int]
    /// Where the straight moves are in each key's `neighbours`: along a row, and down or up a
    /// column (on a typewriter keyboard a column leans right as it goes down: 1 q a z).
    let straight: (left: Int, right: Int, up: Int, down: Int)
    let rowCount: Int

    /// `rows` are the keys of each row, left to right, each written as its unshifted character
    /// followed by its shifted one (one character when Shift types nothing else); a row's first
    /// key sits `offsets[row]` key widths from the left edge.
    init(name: String, rows: [String], offsets: [Int], slanted: Bool) {
        self.name = name
        var position: [Int: Int] = [:]  // (row, column) packed → key index
        var characters: [[UInt32]] = []
        var places: [Int] = []
        var coordinates: [(x: Int, y: Int)] = []
        for (y, row) in rows.enumerated() {
            for (column, key) in row.split(separator: " ").enumerated() {
                let x = offsets[y] + column
                position[y * 100 + x] = characters.count
                places.append(y * 100 + x)
                coordinates.append((x, y))
                characters.append(key.unicodeScalars.map(\.value))
            }
        }
        let directions: [(Int, Int)] = slanted
            ? [(-1, 0), (0, -1), (1, -1), (1, 0), (0, 1), (-1, 1)]
            : [(-1, 0), (-1, -1), (0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1)]
        neighbours = coordinates.map { key in
            directions.map { dx, dy in
                let (x, y) = (key.x + dx, key.y + dy)
                return x < 0 || y < 0 ? nil : position[y * 100 + x]
            }
        }
        keyCharacters = characters
        keyPlaces = places
        directionCount = directions.count
        let index = { (move: (Int, Int)) in directions.firstIndex { $0 == move }! }
        straight = (index((-1, 0)), index((1, 0)), index((0, -1)), index((0, 1)))
        rowCount = rows.count
        flatNeighbours = neighbours.flatMap { $0.map { $0 ?? -1 } }
        var latin = [Int32](repeating: -1, count: 0x100)
        var others: [UInt32: Int32] = [:]
        for (key, scalars) in characters.enumerated() {
            for (shift, scalar) in scalars.enumerated() {
                let entry = Int32(key * 2 + shift)
                if scalar < 0x100 { latin[Int(scalar)] = entry } else { others[scalar] = entry }
            }
        }
        self.latin = latin
        self.others = others
        let characterCount = characters.reduce(0) { $0 + $1.count }
        startingPositions = characterCount
        var degreeSum = 0
        for (key, scalars) in characters.enumerated() {
            degreeSum += scalars.count * neighbours[key].count { $0 != nil }
        }
        averageDegree = Double(degreeSum) / Double(characterCount)
    }

    /// The key a character is on and whether it needs Shift.
    func key(for code: UInt32) -> (key: Int, shifted: Bool)? {
        let entry = code < 0x100 ? latin[Int(code)] : others[code] ?? -1
        return entry < 0 ? nil : (Int(entry / 2), entry % 2 == 1)
    }

    /// The direction from key `from` to key `to`, if they touch.
    func direction(from: Int, to: Int) -> Int? {
        let row = from * directionCount
        for direction in 0..<directionCount where flatNeighbours[row + direction] == to { return direction }
        return nil
    }
}
