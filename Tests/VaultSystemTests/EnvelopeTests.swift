import Testing
@testable import VaultCore
@testable import VaultSystem

/// The canonical envelope: parse(render(x)) == x, and anything but the canonical text is refused.
struct EnvelopeTests {
    private func sample(_ version: Int = 1) throws -> [UInt8] {
        try AtomicFile.read(Fixtures.path("v\(version)/vault.json"))
    }

    /// The master password of the fixtures of `version` (those of version 8 were made from
    /// version 7's, and kept its password).
    private func password(_ version: Int) -> String {
        "fixture password v\(version == 8 ? 7 : version)"
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8]) func renderIsTheInverseOfParse(version: Int) throws {
        let bytes = try sample(version)
        let envelope = try Envelope.parse(bytes)
        #expect(envelope.version == version)
        #expect(envelope.render() == bytes)
    }

    @Test(arguments: [1, 2, 5, 8]) func everySingleByteChangeIsRefusedOrFailsToOpen(version: Int) throws {
        let bytes = try sample(version)
        let unlocker = Unlocker(passwordSource: FixedPassword(text: password(version)), keyCache: NoKeyCache())
        for index in bytes.indices {
            for mask: UInt8 in [0x01, 0x20] {
                var changed = bytes
                changed[index] ^= mask
                let outcome = Result { () throws -> Void in
                    let envelope = try Envelope.parse(changed)
                    let keys = try unlocker.keys(for: envelope, label: "test", cacheGuard: unguarded)
                    _ = try envelope.openTable(dataKey: keys.dataKey)
                }
                guard case .failure(let error) = outcome else {
                    Issue.record("flipping byte \(index) with \(mask) went unnoticed")
                    continue
                }
                #expect((error as? VaultFailure)?.exitStatus == .authenticationFailed, "byte \(index): \(error)")
            }
        }
    }

    /// A team vault (version 9): rendered back as read, and any one byte changed refused or not
    /// opening for a member.
    @Test func aTeamVaultRendersBackAndEverySingleByteChangeIsRefused() throws {
        let bytes = try AtomicFile.read(Fixtures.path("v9/team.json"))
        #expect(try Envelope.parse(bytes).render() == bytes)
        let personal = try VaultStore(path: Fixtures.path("v8/vault.json"), origin: .ephemeral())
            .open(using: Unlocker(passwordSource: FixedPassword(text: password(8)), keyCache: NoKeyCache()))
        let identity = try #require(try personal.entries.state.identities.first?.identity())
        let unlocker = Unlocker(passwordSource: FixedPassword(text: "not used"), keyCache: NoKeyCache())
        unlocker.teamIdentities = { [identity] }
        let keys = try unlocker.keys(for: try Envelope.parse(bytes), label: "test", cacheGuard: unguarded)
        #expect(try Envelope.parse(bytes).openTable(dataKey: keys.dataKey).state.team != nil)
        for index in bytes.indices {
            var changed = bytes
            changed[index] ^= index % 2 == 0 ? 0x01 : 0x20
            let outcome = Result { () throws -> Void in
                let envelope = try Envelope.parse(changed)
                let keys = try unlocker.keys(for: envelope, label: "test", cacheGuard: unguarded)
                _ = try envelope.openTable(dataKey: keys.dataKey)
            }
            guard case .failure(let error) = outcome else {
                Issue.record("changing byte \(index) went unnoticed")
                continue
            }
            #expect((error as? VaultFailure)?.exitStatus == .authenticationFailed, "byte \(index): \(error)")
        }
    }

    /// The header is read by its canonical layout before any JSON decoder sees it; that reader
    /// must take exactly the headers the JSON reader takes, and read them alike, for every
    /// fixture and for each of them with any one byte of the header changed.
    @Test(arguments: [1, 2, 3, 4, 5]) func theLayoutReaderAgreesWithTheJSONReader(version: Int) throws {
        let bytes = try sample(version)
        let headerLength = try #require(Envelope.canonicalHeader(bytes)).bodyStart
        func agree(_ changed: [UInt8]) -> Bool {
            switch (try? Envelope.headerAsJSON(changed), Envelope.canonicalHeader(changed)) {
            case (nil, nil):
                return true
            case let (json?, layout?):
                return json.bodyStart == layout.bodyStart && json.envelope.version == layout.envelope.version
                    && json.envelope.renderedHeader() == layout.envelope.renderedHeader()
            default:
                return false
            }
        }
        #expect(agree(bytes))
        for index in 0..<headerLength {
            for mask: UInt8 in [0x01, 0x02, 0x20] {
                var changed = bytes
                changed[index] ^= mask
                #expect(agree(changed), "byte \(index) ^ \(mask)")
            }
        }
    }

    @Test func newerVersionsAreRefusedClearly() throws {
        let newer = Envelope.newestVersion + 1
        let text = String(decoding: try sample(2), as: UTF8.self).replacingOccurrences(of: "\"version\": 2,", with: "\"version\": \(newer),")
        #expect(throws: FormatError.newerVersion(newer)) { try Envelope.parse(Array(text.utf8)) }
        // Version 9 is a team vault's: a personal vault's header called version 9 is no vault's.
        let team = String(decoding: try sample(2), as: UTF8.self).replacingOccurrences(of: "\"version\": 2,", with: "\"version\": \(Envelope.teamVersion),")
        #expect(throws: FormatError.corrupt("not in canonical form")) { try Envelope.parse(Array(team.utf8)) }
    }

    /// Versions 3 and 4 have version 2's layout, but the version is bound into the wrapped key:
    /// a file relabelled as a later version (so that a reader would trust its entries to be of
    /// that version) does not open.
    @Test(arguments: [(2, 3), (2, 4), (3, 4)])
    func aFileCalledALaterVersionDoesNotOpen(written: Int, called: Int) throws {
        let text = String(decoding: try sample(written), as: UTF8.self)
            .replacingOccurrences(of: "\"version\": \(written),", with: "\"version\": \(called),")
        let envelope = try Envelope.parse(Array(text.utf8))
        let unlocker = Unlocker(passwordSource: FixedPassword(text: "fixture password v\(written)"), keyCache: NoKeyCache())
        #expect(throws: VaultOpenError.wrongPassword) { try unlocker.keys(for: envelope, label: "test", cacheGuard: unguarded) }
    }

    /// Version 5's body is laid out differently: a file of version 4 called 5, or of 5 called
    /// 4, does not even parse.
    @Test(arguments: [(4, 5), (5, 4)])
    func aFileCalledAVersionOfTheOtherLayoutIsCorrupt(written: Int, called: Int) throws {
        let text = String(decoding: try sample(written), as: UTF8.self)
            .replacingOccurrences(of: "\"version\": \(written),", with: "\"version\": \(called),")
        #expect(throws: FormatError.self) { try Envelope.parse(Array(text.utf8)) }
    }

    @Test func aVersion2FileCalledVersion1DoesNotOpen() throws {
        let text = String(decoding: try sample(2), as: UTF8.self).replacingOccurrences(of: "\"version\": 2,", with: "\"version\": 1,")
        let envelope = try Envelope.parse(Array(text.utf8))
        let unlocker = Unlocker(passwordSource: FixedPassword(text: "fixture password v2"), keyCache: NoKeyCache())
        #expect(throws: VaultOpenError.wrongPassword) { try unlocker.keys(for: envelope, label: "test", cacheGuard: unguarded) }
    }
}
