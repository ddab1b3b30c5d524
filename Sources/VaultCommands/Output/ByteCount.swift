/// A number of bytes for a person: `87 bytes`, `532 KiB`, `2.1 MiB`, `1.4 GiB`.
enum ByteCount {
    static func text(_ count: Int) -> String {
        if count < 1024 { return count == 1 ? "1 byte" : "\(count) bytes" }
        let units = ["KiB", "MiB", "GiB"]
        var value = Double(count) / 1024
        var unit = 0
        while value >= 1024 && unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        let tenths = Int((value * 10).rounded())
        return tenths >= 100 ? "\(Int(value.rounded())) \(units[unit])" : "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }
}
