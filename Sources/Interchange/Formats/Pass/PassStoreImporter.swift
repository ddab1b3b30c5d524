import FoundationEssentials
import SystemPackage
import VaultCore
import VaultSystem
#if canImport(Glibc)
import Glibc
#endif

/// Reads a password store of `pass` (and gopass): every `.gpg` file below the folder, its path
/// without `.gpg` as the name. The first line of a file is the password; a line after it that
/// holds `: ` is a field, split at the first `: ` as pass-import and gopass split it, so that a
/// key may hold spaces (`Employee ID: E-4711`): the first `login`, `username`, `user` or `email`
/// with a value gives the username, `url`, `website` and `site` the URLs. The first
/// `otpauth://` line (in any case) is the one-time password (pass-otp's convention) and later
/// ones secret fields, and anything else the notes. Hidden files and folders (`.git`,
/// `.gpg-id`) are left out.
enum PassStoreImporter {
    static func items(inFolder folder: String, decryptor: PassDecryptor, now: Date) throws -> [ImportedItem] {
        var files: [String] = []
        try collect(folder, relative: "", into: &files)
        return try files.sorted().map { relative in
            let name = String(relative.dropLast(".gpg".count))
            let record = "file \(relative)"
            // The plaintext stays in guarded memory, freed and wiped when it goes out of scope.
            let plain = try decryptor.decrypt(folder + "/" + relative)
            let text = plain.withUnsafeBytes { String(validating: $0, as: UTF8.self) }
            guard let text else { throw InterchangeError.badRecord(record: record, field: "contents", reason: "not UTF-8 text") }
            var modified = now
            var info = stat()
            if stat(folder + "/" + relative, &info) == 0 { modified = Date(timeIntervalSince1970: Double(info.st_mtim.tv_sec)) }
            return ImportedItem(entry: try entry(text, name: name, record: record, modified: modified), record: record)
        }
    }

    /// The keys whose value is the username (the first of them with a value; later ones are
    /// fields).
    private static let usernameKeys: Set<String> = ["login", "username", "user", "email"]

    /// The keys whose values are URLs.
    private static let urlKeys: Set<String> = ["url", "website", "site"]

    /// The entry one decrypted file's `text` makes: the password, the fields, the URLs, the
    /// one-time password and the notes.
    static func entry(_ text: String, name: String, record: String, modified: Date) throws(InterchangeError) -> Entry {
        var lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }.map(String.init)
        if lines.last == "" { lines.removeLast() }
        var entry = Entry(name: name, created: modified)
        entry.password = lines.first.flatMap { $0.isEmpty ? nil : $0 }
        var fields = FieldList()
        var notes: [String] = []
        for line in lines.dropFirst() {
            if line.lowercased().hasPrefix("otpauth://") {
                if entry.otp == nil {
                    entry.otp = try OTPField.uri(line, record: record, field: "otpauth line", account: name)
                } else {
                    // Only one fits an entry; the others are kept, as the secrets they are.
                    fields.add("otpauth", line, secret: true)
                }
                continue
            }
            if let (key, value) = keyAndValue(line) {
                let lowered = key.lowercased()
                if usernameKeys.contains(lowered) && entry.username == nil {
                    // An empty value is no username (empty parts are left out); a later line may give one.
                    entry.username = value.isEmpty ? nil : value
                } else if urlKeys.contains(lowered) {
                    if !value.isEmpty { entry.urls.append(value) }
                } else {
                    fields.add(key, value, secret: false, keepEmpty: true)
                }
                continue
            }
            notes.append(line)
        }
        entry.fields = fields.fields
        let joined = notes.joined(separator: "\n")
        entry.notes = joined.allSatisfy(\.isWhitespace) ? nil : joined
        return entry
    }

    /// The key and value of a `key: value` line: split at its first `: ` (a colon and a space),
    /// the key without the blanks around it (as gopass trims it), the value as it is (as gopass
    /// and pass-import keep it). A line without `: ` (`https://…`, `10:30`, `key:value`), or
    /// with nothing but blanks before it, is not a field.
    static func keyAndValue(_ line: String) -> (key: String, value: String)? {
        guard let separator = line.firstRange(of: ": ") else { return nil }
        let key = line[..<separator.lowerBound].trimmingCharacters(while: \.isBlank)
        guard !key.isEmpty else { return nil }
        return (key, String(line[separator.upperBound...]))
    }

    /// Every `.gpg` file below `folder`, as paths relative to it; hidden names are skipped and
    /// symbolic links are not followed out of the store.
    private static func collect(_ folder: String, relative: String, into files: inout [String]) throws {
        let path = relative.isEmpty ? folder : folder + "/" + relative
        guard let directory = opendir(path) else {
            throw InterchangeError.notTheFormat(.pass, reason: "\(path) cannot be read (\(String(cString: strerror(errno))))")
        }
        defer { closedir(directory) }
        while let item = readdir(directory) {
            let name = withUnsafeBytes(of: item.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard !name.hasPrefix(".") else { continue }
            let child = relative.isEmpty ? name : relative + "/" + name
            var info = stat()
            guard lstat(folder + "/" + child, &info) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFDIR {
                try collect(folder, relative: child, into: &files)
            } else if info.st_mode & S_IFMT == S_IFREG && name.hasSuffix(".gpg") {
                files.append(child)
            }
        }
    }
}
