/// The names an ICC profile carries (ICC.1:2022, 7.2 and 7.3): its description (`desc`), the
/// manufacturer and model descriptions of the device it was made for (`dmnd`, `dmdd`), and its
/// copyright (`cprt`), found through the tag table after the 128-byte header. A camera's or
/// scanner's own profile names that device. Each is text of one of three types: v2's
/// `textDescriptionType` (`desc`: an ASCII count and ASCII), v4's `multiLocalizedUnicodeType`
/// (`mluc`: records of language, country and UTF-16BE text, the US English one or else the
/// first read) or `textType` (`text`: ASCII to the end). Read as exiftool reads them
/// (lib/Image/ExifTool/ICC_Profile.pm, `ProcessICC_Profile` and `FormatICCTag`), with its names.
/// What is malformed is left out and noted as a problem: a profile vault cannot read through
/// could hide a name where its table does not say.
enum ICCProfile {
    /// exiftool's names of the tags read, by signature.
    static let names: [(signature: [UInt8], name: String)] = [
        (Array("desc".utf8), "ProfileDescription"), (Array("dmnd".utf8), "DeviceMfgDesc"),
        (Array("dmdd".utf8), "DeviceModelDesc"), (Array("cprt".utf8), "ProfileCopyright"),
    ]
    /// How every problem with a profile begins, which the stripper looks for (a damaged profile
    /// is not kept).
    static let problemPrefix = "the ICC profile"
    /// A tag table longer than this is not a profile's (exiftool refuses 256 or more).
    static let entryLimit = 255
    /// A `mluc` tag's records are looked through up to this many.
    static let recordLimit = 100

    /// The names found, and what is malformed (nil when nothing is).
    static func read(_ profile: [UInt8], group: String) -> (items: [MetadataItem], problem: String?) {
        let bytes = Bytes(profile)
        guard let declared = bytes.uint32(0, .bigEndian).map(Int.init), declared >= 132, profile.count >= 132 else {
            return ([], "\(problemPrefix) is shorter than its header and tag count")
        }
        let length = min(declared, bytes.count)
        guard let count = bytes.uint32(128, .bigEndian).map(Int.init), (1...entryLimit).contains(count) else {
            return ([], "\(problemPrefix)'s tag table claims \(bytes.uint32(128, .bigEndian) ?? 0) entries and is not read")
        }
        var items: [MetadataItem] = []
        for index in 0..<count {
            let entry = 132 + index * 12
            guard let offset = bytes.uint32(entry + 4, .bigEndian).map(Int.init), let size = bytes.uint32(entry + 8, .bigEndian).map(Int.init),
                  let range = bytes.range(offset, size), range.upperBound <= length else {
                return (items, "\(problemPrefix)'s tag \(index + 1) of \(count) lies outside the profile, and the rest is not read")
            }
            guard let name = names.first(where: { bytes.has($0.signature, at: entry) })?.name else { continue }
            guard let text = self.text(Bytes(Array(profile[range]))) else {
                return (items, "\(problemPrefix)'s \(name) cannot be read, and the rest is not read")
            }
            if !text.isEmpty { items.append(MetadataItem(group: group, name: name, value: text, category: .profile)) }
        }
        return (items, nil)
    }

    /// The text of a `desc`, `mluc` or `text` tag; nil for another type or a malformed one.
    private static func text(_ tag: Bytes) -> String? {
        if tag.has(Array("desc".utf8), at: 0), let count = tag.uint32(8, .bigEndian).map(Int.init), let ascii = tag.slice(12, count) {
            return String(decoding: ascii.prefix { $0 != 0 }, as: UTF8.self)
        }
        if tag.has(Array("text".utf8), at: 0), tag.count >= 8 {
            return String(decoding: tag.storage.dropFirst(8).prefix { $0 != 0 }, as: UTF8.self)
        }
        if tag.has(Array("mluc".utf8), at: 0), let count = tag.uint32(8, .bigEndian).map(Int.init),
           let recordSize = tag.uint32(12, .bigEndian).map(Int.init), recordSize >= 12 {
            var first: String?
            for index in 0..<min(count, recordLimit) {
                let record = 16 + index * recordSize
                guard let length = tag.uint32(record + 4, .bigEndian).map(Int.init), let offset = tag.uint32(record + 8, .bigEndian).map(Int.init),
                      let text = tag.slice(offset, length) else { break }
                let value = ValueText.utf16(text, .bigEndian)
                if tag.has(Array("enUS".utf8), at: record) { return value }
                first = first ?? value
            }
            return first ?? (count == 0 ? "" : nil)
        }
        return nil
    }

    /// The profile of a JPEG, stored in APP2 `ICC_PROFILE\0` segments that each start with their
    /// sequence number and the count of segments (ICC.1:2022, annex B.4): the chunks in
    /// sequence order.
    static func assemble(_ chunks: [ArraySlice<UInt8>]) -> [UInt8] {
        chunks.filter { $0.count >= 2 }.sorted { $0[$0.startIndex] < $1[$1.startIndex] }.flatMap { $0.dropFirst(2) }
    }
}
