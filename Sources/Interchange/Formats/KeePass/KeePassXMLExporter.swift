import FoundationEssentials
import VaultCore
import VaultSystem

/// Writes KeePass 2 XML that KeePassXC (`keepassxc-cli import`) and KeePass import: name
/// prefixes become groups under a root group, each entry's parts become its standard strings,
/// further URLs `KP2A_URL_n` strings (as KeePassXC keeps them), the one-time password its `otp`
/// string, custom fields strings of their own (secret ones marked ProtectInMemory; one whose name
/// KeePass gives a meaning is written as `vault field: NAME`), earlier passwords `History`
/// entries, a type other than login the string `vault type`, and tags that `Tags` would not give
/// back as they are (one holding a separator, spaces at either end, an empty one) the string
/// `vault tags` too. The layout follows what KeePassXC's own export writes.
enum KeePassXMLExporter {
    /// The document of `entries`, each attachment's content (which `contents` gives) kept once
    /// among the database's binaries and named by the entries that have it.
    static func document(_ entries: [Entry], exported: Date, contents: (Attachment) throws -> [UInt8]) throws -> String {
        for entry in entries {
            let values = [entry.name, entry.username, entry.password, entry.notes, entry.otp].compactMap { $0 }
                + entry.urls + entry.tags + entry.fields.flatMap { [$0.name, $0.value] } + entry.history.map(\.password)
            if !values.allSatisfy(XMLWriter.isRepresentable) {
                throw InterchangeError.cannotExport(entry: entry.name, reason: "a value holds a control character that XML cannot carry")
            }
        }
        let now = Exporter.timestamp(exported)
        var xml = XMLWriter()
        xml.open("KeePassFile")
        xml.open("Meta")
        for (name, value) in [("Generator", "vault"), ("DatabaseName", "vault export"), ("DatabaseNameChanged", now),
                              ("DatabaseDescription", ""), ("DatabaseDescriptionChanged", now), ("DefaultUserName", ""),
                              ("DefaultUserNameChanged", now), ("MaintenanceHistoryDays", "365"), ("Color", ""),
                              ("MasterKeyChanged", now), ("MasterKeyChangeRec", "-1"), ("MasterKeyChangeForce", "-1")] {
            xml.element(name, text: value)
        }
        xml.open("MemoryProtection")
        for (name, value) in [("ProtectTitle", "False"), ("ProtectUserName", "False"), ("ProtectPassword", "True"),
                              ("ProtectURL", "False"), ("ProtectNotes", "False")] {
            xml.element(name, text: value)
        }
        xml.close()
        xml.element("CustomIcons", text: "")
        xml.element("RecycleBinEnabled", text: "False")
        xml.element("RecycleBinUUID", text: noUUID)
        xml.element("RecycleBinChanged", text: now)
        xml.element("EntryTemplatesGroup", text: noUUID)
        xml.element("EntryTemplatesGroupChanged", text: now)
        xml.element("LastSelectedGroup", text: noUUID)
        xml.element("LastTopVisibleGroup", text: noUUID)
        xml.element("HistoryMaxItems", text: "10")
        xml.element("HistoryMaxSize", text: "6291456")
        var binaries: [String: Int] = [:]
        xml.open("Binaries")
        for attachment in entries.flatMap(\.attachments) where binaries[attachment.content] == nil {
            binaries[attachment.content] = binaries.count
            var content = try contents(attachment)
            defer { Sodium.wipe(&content) }
            xml.element("Binary", text: content.withUnsafeBytes(Sodium.base64Encode),
                        attributes: ["ID": "\(binaries[attachment.content]!)", "Compressed": "False"])
        }
        xml.close()
        xml.close()
        xml.open("Root")
        try write(Folder(entries), named: "Root", now: exported, binaries: binaries, to: &xml)
        xml.close()
        xml.close()
        return xml.document
    }

    /// KeePass's "no group": sixteen zero bytes.
    private static let noUUID = "AAAAAAAAAAAAAAAAAAAAAA=="

    /// Entries grouped by the folders of their names.
    private struct Folder {
        var entries: [(title: String, entry: Entry)] = []
        var folders: [(name: String, folder: Folder)] = []

        init() {}

        init(_ entries: [Entry]) {
            for entry in entries {
                let segments = entry.name.split(separator: "/").map(String.init)
                insert(entry, title: segments.last ?? entry.name, path: segments.dropLast())
            }
        }

        mutating func insert(_ entry: Entry, title: String, path: ArraySlice<String>) {
            guard let first = path.first else {
                entries.append((title, entry))
                return
            }
            if let index = folders.firstIndex(where: { $0.name == first }) {
                folders[index].folder.insert(entry, title: title, path: path.dropFirst())
            } else {
                var folder = Folder()
                folder.insert(entry, title: title, path: path.dropFirst())
                folders.append((first, folder))
            }
        }
    }

    private static func write(_ folder: Folder, named name: String, now: Date, binaries: [String: Int], to xml: inout XMLWriter) throws {
        xml.open("Group")
        xml.element("UUID", text: try uuid())
        xml.element("Name", text: name)
        xml.element("Notes", text: "")
        xml.element("IconID", text: "48")
        times(created: now, modified: now, to: &xml)
        xml.element("IsExpanded", text: "True")
        xml.element("DefaultAutoTypeSequence", text: "")
        xml.element("EnableAutoType", text: "null")
        xml.element("EnableSearching", text: "null")
        xml.element("LastTopVisibleEntry", text: noUUID)
        for (title, entry) in folder.entries {
            try write(entry, title: title, binaries: binaries, to: &xml)
        }
        for (name, child) in folder.folders {
            try write(child, named: name, now: now, binaries: binaries, to: &xml)
        }
        xml.close()
    }

    private static func write(_ entry: Entry, title: String, binaries: [String: Int], to xml: inout XMLWriter) throws {
        let id = try uuid()
        xml.open("Entry")
        writeBody(of: entry, title: title, id: id, password: entry.password, modified: entry.modified, to: &xml)
        for attachment in entry.attachments {
            xml.open("Binary")
            xml.element("Key", text: attachment.name)
            xml.element("Value", text: "", attributes: ["Ref": "\(binaries[attachment.content]!)"])
            xml.close()
        }
        xml.open("History")
        for version in versions(of: entry) {
            xml.open("Entry")
            writeBody(of: entry, title: title, id: id, password: version.password, modified: version.made, to: &xml, strings: false)
            xml.close()
        }
        xml.close()
        xml.close()
    }

    /// The entry's earlier versions, oldest first: each earlier password, made when the one
    /// before it was replaced (the first when the entry was created). A reader takes the time a
    /// password was replaced from the version after it, so when the entry was edited after its
    /// last password change, a version with the current password, made at that change, ends
    /// the list and keeps the change's own time.
    private static func versions(of entry: Entry) -> [(password: String?, made: Date)] {
        var versions: [(password: String?, made: Date)] = entry.history.enumerated().map { index, change in
            (change.password, index == 0 ? entry.created : entry.history[index - 1].replaced)
        }
        if let last = entry.history.last, last.replaced != entry.modified {
            versions.append((entry.password, last.replaced))
        }
        return versions
    }

    /// The parts of an entry element; a history version (`strings` false) carries only the
    /// title, username and its password.
    private static func writeBody(
        of entry: Entry, title: String, id: String, password: String?, modified: Date, to xml: inout XMLWriter, strings full: Bool = true
    ) {
        xml.element("UUID", text: id)
        xml.element("IconID", text: "0")
        xml.element("ForegroundColor", text: "")
        xml.element("BackgroundColor", text: "")
        xml.element("OverrideURL", text: "")
        xml.element("Tags", text: full ? entry.tags.joined(separator: ";") : "")
        times(created: entry.created, modified: modified, to: &xml)
        var strings: [(String, String, Bool)] = [("Title", title, false), ("UserName", entry.username ?? "", false), ("Password", password ?? "", true)]
        if full {
            strings += [("URL", entry.urls.first ?? "", false), ("Notes", entry.notes ?? "", false)]
            strings += entry.urls.dropFirst().enumerated().map { ("KP2A_URL_\($0.offset + 1)", $0.element, false) }
            if let otp = entry.otp { strings.append(("otp", otp, true)) }
            strings += entry.fields.map { (CarriedFields.exportedName($0.name, reserved: isKeePassName), $0.value, $0.secret) }
            // Tags that `Tags` would not give back as they are (holding a separator, spaces at
            // either end, empty) travel whole in `vault tags`.
            if KeePassXMLImporter.tags(entry.tags.joined(separator: ";")) != entry.tags {
                let tags = CarriedFields.tagsField(entry.tags)
                strings.append((tags.name, tags.value, tags.secret))
            }
            if entry.type != .login { strings.append((CarriedFields.type, entry.type.rawValue, false)) }
        }
        for (key, value, secret) in strings {
            xml.open("String")
            xml.element("Key", text: key)
            xml.element("Value", text: value, attributes: secret ? ["ProtectInMemory": "True"] : [:])
            xml.close()
        }
        if full {
            xml.open("AutoType")
            xml.element("Enabled", text: "True")
            xml.element("DataTransferObfuscation", text: "0")
            xml.element("DefaultSequence", text: "")
            xml.close()
        }
    }

    /// Whether KeePass, or vault's import of KeePass XML, gives a string of this name a meaning
    /// of its own: a standard string, a further URL or a one-time password setting.
    private static func isKeePassName(_ name: String) -> Bool {
        KeePassXMLImporter.standardKeys.contains(name) || name.hasPrefix("KP2A_URL") || KeePassOTP.isSettingName(name)
    }

    private static func times(created: Date, modified: Date, to xml: inout XMLWriter) {
        xml.open("Times")
        xml.element("LastModificationTime", text: Exporter.timestamp(modified))
        xml.element("CreationTime", text: Exporter.timestamp(created))
        xml.element("LastAccessTime", text: Exporter.timestamp(modified))
        xml.element("ExpiryTime", text: Exporter.timestamp(modified))
        xml.element("Expires", text: "False")
        xml.element("UsageCount", text: "0")
        xml.element("LocationChanged", text: Exporter.timestamp(modified))
        xml.close()
    }

    /// A random KeePass UUID: sixteen bytes in Base64.
    private static func uuid() throws -> String {
        Sodium.base64Encode(try Sodium.randomBytes(16))
    }
}
