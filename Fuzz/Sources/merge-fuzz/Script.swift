import Foundation
@testable import VaultCore
@testable import VaultSystem

/// The fuzzer's bytes, read one at a time; zeros once they run out.
struct Script {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func next() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    mutating func pick<T>(_ choices: [T]) -> T { choices[Int(next()) % choices.count] }
}

/// One machine's copy of a vault, changed through `EntryTable` as the store changes it (every
/// part stamped, removals buried), each change at a wall time the script gives, in
/// milliseconds. Entry ids are made from the device and a count, so a run is deterministic.
struct Machine {
    /// The copy as the store holds it between commands.
    let table: EntryTable
    let device: String
    var made = 0
    var milliseconds: Int64

    init(_ copy: VaultMerge.Copy, device: String, milliseconds: Int64) throws {
        self.table = try Self.table(copy)
        self.device = device
        self.milliseconds = milliseconds
    }

    /// The copy as a merge gets it: written and read back.
    func copy() throws -> VaultMerge.Copy { try Self.copy(of: table) }

    var now: Date { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }

    mutating func newID() -> String {
        made += 1
        let count = String(made, radix: 16)
        return "\(device.prefix(8))-0000-4000-8000-" + String(repeating: "0", count: 12 - count.count) + count
    }

    /// One command: the clock moves (maybe back, maybe not at all), then `body` changes the table.
    mutating func change(_ script: inout Script) throws {
        let step = script.next()
        milliseconds += step % 4 == 0 ? 0 : (Int64(step) - 100) * 250
        let (device, now) = (self.device, self.now)
        try table.beginChange(origin: ChangeOrigin(device: { device }, now: { now }))
        for _ in 0...(script.next() % 3 == 0 ? 1 : 0) { try operate(on: table, &script) }
    }

    static let names = ["a", "b", "web/c", "a (2)", "caf\u{E9}", String(repeating: "L", count: EntryName.maximumLength),
                        "\u{E9}" + String(repeating: "\u{301}", count: 254),
                        String(repeating: "M", count: EntryName.maximumLength - 2) + "\u{E9}", "z"]
    static let fieldNames = ["pin", "code", "f"]
    // `vé` twice: composed and not, the same text to Swift's `==` but other bytes.
    static let values = ["v0", "v1", "v2", "v3", "", "v\u{E9}", "ve\u{301}"]
    static let otps = [
        "otpauth://hotp/x?secret=JBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&counter=",
        "otpauth://totp/Example:ana?secret=JBSWY3DPEHPK3PXP&issuer=Example&algorithm=SHA1&digits=6&period=",
        "otpauth://hotp/y?secret=GEZDGNBV&algorithm=SHA256&digits=8&counter=",
    ]

    /// One operation of a command, as the commands make it.
    private mutating func operate(on table: EntryTable, _ script: inout Script) throws {
        let operation = script.next() % 14
        let names = table.names
        let now = self.now
        guard operation > 0, !names.isEmpty else {
            let name = script.pick(Self.names)
            let replace = script.next() % 4 == 0
            guard replace || !table.contains(name) else { return }
            try table.put(Entry(name: name, password: script.pick(Self.values), created: now, id: newID()))
            return
        }
        let name = script.pick(names)
        guard var entry = try table.entry(named: name) else { return }
        entry.modified = now
        switch operation {
        case 1: entry.username = script.next() % 5 == 0 ? nil : script.pick(Self.values)
        case 2: entry.changePassword(to: script.pick(Self.values), at: now)
        case 3: entry.removePassword(at: now)
        case 4: entry.notes = script.next() % 3 == 0 ? nil : script.pick(Self.values)
        case 5: entry.setField(CustomField(name: script.pick(Self.fieldNames), value: script.pick(Self.values), secret: script.next() % 2 == 0))
        case 6: let field = script.pick(Self.fieldNames); entry.fields.removeAll { $0.name == field }
        case 7:
            let target = script.pick(Self.names)
            guard !table.contains(target) else { return }
            try table.remove(named: name)
            entry.name = target
        case 8: try table.remove(named: name); return
        case 9: entry.tags = Array(Self.values.prefix(Int(script.next() % 3)))
        case 10: entry.urls = script.next() % 2 == 0 ? [] : ["https://" + script.pick(Self.values)]
        case 11: entry.type = script.pick(EntryType.allCases)
        case 12: entry.otp = script.next() % 4 == 0 ? nil : script.pick(Self.otps) + "\(script.next() % 8 + 1)"
        default: entry.fields.reverse()
        }
        try table.put(entry)
    }

    static func table(_ copy: VaultMerge.Copy) throws -> EntryTable {
        try EntryTable(entries: copy.entries, state: copy.state)
    }

    static func copy(of table: EntryTable) throws -> VaultMerge.Copy {
        let reread = try EntryTable(content: try table.serialized())
        return VaultMerge.Copy(entries: try reread.allEntries(), state: reread.state)
    }
}
