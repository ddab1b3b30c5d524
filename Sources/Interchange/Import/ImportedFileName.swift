/// Names for the files an import attaches: what another manager called a file, made a name
/// `AttachmentName` accepts, and numbered apart when one entry has two files of one name.
enum ImportedFileName {
    /// The longest attachment name, in bytes (a Linux file name's limit).
    private static let maximumLength = 255

    /// `name` as an attachment's name: `/` and control characters made `_`, an empty or dot
    /// name `attachment`, cut to 255 bytes.
    static func usable(_ name: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in name.unicodeScalars {
            scalars.append(scalar == "/" || scalar.properties.generalCategory == .control ? "_" : scalar)
        }
        var usable = String(scalars)
        while usable.utf8.count > maximumLength { usable.removeLast() }
        return usable.isEmpty || usable == "." || usable == ".." ? "attachment" : usable
    }

    /// The usable `names` in order, each one that came before numbered apart before its
    /// extension (`scan.pdf`, `scan (2).pdf`, `scan (3).pdf`), so that none replaces another.
    /// Each name's numbering goes on from the number it took last, so N files of one name take
    /// about N tries, not N²/2.
    static func distinct(_ names: [String]) -> [String] {
        var taken = Set<String>()
        var nextNumber: [String: Int] = [:]
        return names.map { name in
            var candidate = name
            var number = nextNumber[name] ?? 2
            while !taken.insert(candidate).inserted {
                candidate = numbered(name, number)
                number += 1
            }
            nextNumber[name] = number
            return candidate
        }
    }

    /// `name` with ` (number)` before its extension (the part from its last `.`, unless that
    /// starts the name), the part before it shortened to keep within 255 bytes. The number stays
    /// whole, so different numbers always give different names.
    private static func numbered(_ name: String, _ number: Int) -> String {
        let dot = name.lastIndex(of: ".").flatMap { $0 == name.startIndex ? nil : $0 } ?? name.endIndex
        var stem = String(name[..<dot])
        let tail = " (\(number))" + name[dot...]
        while !stem.isEmpty && stem.utf8.count + tail.utf8.count > maximumLength { stem.removeLast() }
        return usable(stem + tail)
    }
}
