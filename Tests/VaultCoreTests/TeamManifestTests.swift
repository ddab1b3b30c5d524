import Foundation
import Testing
@testable import VaultCore

/// A team vault's member list: its one text and hash, the rules a list read from a vault must
/// keep, the versions that adding and removing members make, and how a list stands to a
/// version a machine pinned.
struct TeamManifestTests {
    private static func stamp(_ milliseconds: Int64) -> Stamp {
        Stamp(milliseconds: milliseconds, device: "3f9c0a1b2c3d4e5f")
    }

    private static func identity() throws -> PublicIdentity {
        try IdentityTests.fresh().publicIdentity
    }

    /// Whether `bytes` hold the UTF-8 of `part` somewhere.
    private static func bytes(_ bytes: [UInt8], hold part: String) -> Bool {
        bytes.firstRange(of: Array(part.utf8)) != nil
    }

    @Test func aListIsWrittenOneWayAndReadsBack() throws {
        let (alice, bob) = try (Self.identity(), Self.identity())
        let first = try TeamManifest.founding(team: "ops", founder: "alice", identity: alice, at: Self.stamp(1))
        let second = try first.adding("bob", identity: bob, at: Self.stamp(2))
        let third = try second.removing("bob", at: Self.stamp(3))
        let expected = #"{"epoch":3,"former":[{"identity":"\#(bob.text)","name":"bob","removed":"3-0-3f9c0a1b2c3d4e5f"}],"#
            + #""history":["\#(Sodium.base64Encode(first.hash))","\#(Sodium.base64Encode(second.hash))"],"#
            + #""members":[{"added":"1-0-3f9c0a1b2c3d4e5f","identity":"\#(alice.text)","name":"alice"}],"team":"ops"}"#
        #expect(String(decoding: third.text(), as: UTF8.self) == expected)
        #expect(try TeamManifest(text: Array(expected.utf8)) == third)
        #expect(third.hash == (Array("vault team members v1\n".utf8) + Array(expected.utf8)).withUnsafeBytes { Sodium.blake2b($0) })
        #expect(third.hash.count == 32 && Set([first.hash, second.hash, third.hash]).count == 3)
    }

    @Test func namesAreWrittenAsUTF8WithOnlyWhatJSONRequiresEscaped() throws {
        let manifest = try TeamManifest.founding(team: #"R&D "core" \ ops"#, founder: "Jose\u{301}", identity: try Self.identity(), at: Self.stamp(1))
        #expect(Array(manifest.members[0].name.utf8) == Array("Jos\u{E9}".utf8))
        #expect(Self.bytes(manifest.text(), hold: #""team":"R&D \"core\" \\ ops"}"#))
        #expect(Self.bytes(manifest.text(), hold: "\"name\":\"Jos\u{E9}\""))
        #expect(try TeamManifest(text: manifest.text()) == manifest)
    }

    @Test func aNameMustBeShortPrintableAndInOneForm() throws {
        let refused: [(String, String)] = [
            ("", "it is empty"),
            (String(repeating: "a", count: 65), "it is longer than 64 bytes"),
            (String(repeating: "\u{E9}", count: 33), "it is longer than 64 bytes"),
            ("Jose\u{301}", "it is not in Unicode NFC"),
            ("a\u{7}b", "it contains control, format or line-breaking characters"),
            ("a\u{85}b", "it contains control, format or line-breaking characters"),
            ("a\u{200B}b", "it contains control, format or line-breaking characters"),
            ("\u{FEFF}a", "it contains control, format or line-breaking characters"),
            ("a\u{2028}b", "it contains control, format or line-breaking characters"),
            ("a\u{2029}b", "it contains control, format or line-breaking characters"),
            ("dev/ops", "it contains '/'"),
            (" a", "it starts or ends with white space"),
            ("a\u{A0}", "it starts or ends with white space"),
            ("\u{3000}a", "it starts or ends with white space"),
        ]
        for (name, why) in refused {
            #expect(throws: TeamManifestError.invalidName(name, why)) { try TeamMemberName.validate(name) }
        }
        for name in ["a", String(repeating: "a", count: 64), "Zo\u{EB}", #"R&D "core" \ ops"#, "two words", "\u{6771}\u{4EAC}"] {
            #expect(throws: Never.self) { try TeamMemberName.validate(name) }
        }
    }

    @Test func aListThatBreaksARuleIsRefused() throws {
        let (a, b) = try (Self.identity(), Self.identity())
        let alice = TeamMember(name: "alice", identity: a, added: Self.stamp(1))
        let bob = TeamMember(name: "bob", identity: b, added: Self.stamp(2))
        let hash = [UInt8](repeating: 7, count: 32)
        func list(epoch: UInt64 = 2, history: [[UInt8]]? = nil, members: [TeamMember]? = nil, former: [FormerMember] = [],
                  team: String = "ops") -> TeamManifest {
            TeamManifest(team: team, epoch: epoch, history: history ?? [hash], members: members ?? [alice, bob], former: former)
        }
        #expect(try TeamManifest(text: list().text()) == list())
        let refusals: [(TeamManifest, String)] = [
            (list(members: [bob, alice]), "its members are not in the order of their names"),
            (list(members: [alice, TeamMember(name: "alice", identity: b, added: Self.stamp(2))]), "two members are named 'alice'"),
            (list(members: [alice, TeamMember(name: "bob", identity: a, added: Self.stamp(2))]), "'alice' and 'bob' share a key"),
            (list(members: []), "it has no members"),
            (list(epoch: 0, history: []), "its version is 0"),
            (list(epoch: 3), "version 3 lists 1 earlier versions"),
            (list(epoch: 1), "version 1 lists 1 earlier versions"),
            (list(history: [Array(hash.prefix(31))]), "an earlier version's hash is not 32 bytes in Base64"),
            (list(former: [FormerMember(name: "bob", identity: b, removed: Self.stamp(5)), FormerMember(name: "alice", identity: a, removed: Self.stamp(4))]),
             "its former members are not in order"),
            (list(former: [FormerMember(name: "carol", identity: b, removed: Self.stamp(5)), FormerMember(name: "carol", identity: b, removed: Self.stamp(4))]),
             "its former members are not in order"),
            (list(members: [alice, TeamMember(name: "dev/ops", identity: b, added: Self.stamp(2))]),
             TeamManifestError.invalidName("dev/ops", "it contains '/'").message),
            (list(former: [FormerMember(name: "carol\u{7}", identity: b, removed: Self.stamp(5))]),
             TeamManifestError.invalidName("carol\u{7}", "it contains control, format or line-breaking characters").message),
            (list(team: " ops"), TeamManifestError.invalidName(" ops", "it starts or ends with white space").message),
            (list(team: "Jose\u{301}"), TeamManifestError.invalidName("Jose\u{301}", "it is not in Unicode NFC").message),
        ]
        for (manifest, why) in refusals {
            #expect(throws: TeamManifestError.malformed(why), "\(why)") { try TeamManifest(text: manifest.text()) }
        }
    }

    @Test func aListNotWrittenTheOneWayIsRefused() throws {
        let text = String(decoding: try TeamManifest.founding(team: "ops", founder: "alice", identity: try Self.identity(), at: Self.stamp(1)).text(),
                          as: UTF8.self)
        #expect(text.hasPrefix(#"{"epoch":1,"former":[],"#) && text.hasSuffix(#""name":"alice"}],"team":"ops"}"#))
        let variants = [
            text.replacingOccurrences(of: #"{"epoch":1,"#, with: #"{"epoch": 1,"#),
            text.replacingOccurrences(of: #","team":"ops"}"#, with: #" ,"team":"ops"}"#),
            #"{"team":"ops","# + text.dropFirst().replacingOccurrences(of: #","team":"ops"}"#, with: "}"),
            text.replacingOccurrences(of: #""name":"alice""#, with: #""name":"\u0061lice""#),
            text.replacingOccurrences(of: #"}],"team""#, with: #","removed":"1-0-"}],"team""#),
            text.replacingOccurrences(of: #","team":"ops"}"#, with: #","team":"ops","extra":1}"#),
            text + "\n",
        ]
        for variant in variants {
            #expect(variant != text)
            #expect(throws: TeamManifestError.malformed("it is not written the one way vault writes it"), "\(variant)") {
                try TeamManifest(text: Array(variant.utf8))
            }
        }
        let number = text.replacingOccurrences(of: #"{"epoch":1,"#, with: #"{"epoch":1.0,"#)
        #expect(throws: TeamManifestError.self) { try TeamManifest(text: Array(number.utf8)) }
        for variant in ["", "{}", "[]", "null", text + "}", String(text.dropLast())] {
            #expect(throws: TeamManifestError.malformed("it is not a member list in JSON"), "\(variant)") {
                try TeamManifest(text: Array(variant.utf8))
            }
        }
    }

    @Test func aChangedOrCutTextIsRefusedOrReadsAsWhatItWrites() throws {
        let (a, b) = try (Self.identity(), Self.identity())
        let manifest = try TeamManifest.founding(team: "ops", founder: "alice", identity: a, at: Self.stamp(1))
            .adding("b\u{E9}a", identity: b, at: Self.stamp(2)).removing("b\u{E9}a", at: Self.stamp(3))
        let text = manifest.text()
        for length in 0..<text.count {
            #expect(throws: TeamManifestError.self) { try TeamManifest(text: Array(text.prefix(length))) }
        }
        for place in text.indices {
            for byte: UInt8 in [0x00, 0x0A, 0x20, 0x22, 0x30, 0x5C, 0x7B, 0xFF, text[place] ^ 0x01] where byte != text[place] {
                var changed = text
                changed[place] = byte
                if let read = try? TeamManifest(text: changed) { #expect(read.text() == changed) }
            }
        }
    }

    @Test func addingAndRemovingMakeTheNextVersionAndChainTheHashes() throws {
        let (a, b, c, d) = try (Self.identity(), Self.identity(), Self.identity(), Self.identity())
        let first = try TeamManifest.founding(team: "ops", founder: "alice", identity: a, at: Self.stamp(1))
        #expect(first.epoch == 1 && first.history.isEmpty && first.former.isEmpty)
        #expect(first.members == [TeamMember(name: "alice", identity: a, added: Self.stamp(1))])
        let second = try first.adding("bob", identity: b, at: Self.stamp(2))
        #expect(second.epoch == 2 && second.history == [first.hash])
        let third = try second.adding("adam", identity: c, at: Self.stamp(3))
        #expect(third.epoch == 3 && third.history == [first.hash, second.hash])
        #expect(third.members.map(\.name) == ["adam", "alice", "bob"])
        let fourth = try third.removing("bob", at: Self.stamp(4))
        #expect(fourth.epoch == 4 && fourth.history == [first.hash, second.hash, third.hash])
        #expect(fourth.members.map(\.name) == ["adam", "alice"])
        #expect(fourth.former == [FormerMember(name: "bob", identity: b, removed: Self.stamp(4))])
        let fifth = try fourth.adding("bob", identity: b, at: Self.stamp(5))
        #expect(fifth.former == fourth.former && fifth.member(holding: b) == TeamMember(name: "bob", identity: b, added: Self.stamp(5)))
        let sixth = try fifth.removing("bob", at: Self.stamp(6))
        let seventh = try sixth.adding("Zed", identity: d, at: Self.stamp(7))
        #expect(seventh.epoch == 7 && seventh.history.last == sixth.hash)
        #expect(seventh.former.map(\.removed) == [Self.stamp(4), Self.stamp(6)])
        #expect(seventh.members.map(\.name) == ["Zed", "adam", "alice"])
        #expect(try seventh.adding("\u{E9}mile", identity: b, at: Self.stamp(8)).members.map(\.name) == ["Zed", "adam", "alice", "\u{E9}mile"])
        #expect(try TeamManifest(text: seventh.text()) == seventh)
        #expect(seventh.member(holding: b) == nil && seventh.member(holding: d)?.name == "Zed")
    }

    @Test func aTakenNameAMemberAgainAStrangerAndTheLastMemberAreRefused() throws {
        let (a, b, c) = try (Self.identity(), Self.identity(), Self.identity())
        let first = try TeamManifest.founding(team: "ops", founder: "alice", identity: a, at: Self.stamp(1))
        let second = try first.adding("bob", identity: b, at: Self.stamp(2))
        #expect(throws: TeamManifestError.nameTaken("alice")) { try second.adding("alice", identity: c, at: Self.stamp(3)) }
        #expect(throws: TeamManifestError.alreadyMember("bob")) { try second.adding("robert", identity: b, at: Self.stamp(3)) }
        #expect(throws: TeamManifestError.notAMember("carol")) { try second.removing("carol", at: Self.stamp(3)) }
        #expect(throws: TeamManifestError.lastMember) { try first.removing("alice", at: Self.stamp(3)) }
        #expect(throws: TeamManifestError.lastMember) { try second.removing("bob", at: Self.stamp(3)).removing("alice", at: Self.stamp(4)) }
        #expect(throws: TeamManifestError.invalidName("dev/ops", "it contains '/'")) { try second.adding("dev/ops", identity: c, at: Self.stamp(3)) }
        #expect(throws: TeamManifestError.invalidName("", "it is empty")) {
            try TeamManifest.founding(team: "", founder: "alice", identity: a, at: Self.stamp(1))
        }
        #expect(TeamManifestError.alreadyMember("bob").message == "that identity is already a member of the team, named 'bob'")
    }

    @Test func aListStandsToAPinnedVersion() throws {
        let people = try (0..<7).map { _ in try Self.identity() }
        let v1 = try TeamManifest.founding(team: "ops", founder: "alice", identity: people[0], at: Self.stamp(1))
        let v2 = try v1.adding("bob", identity: people[1], at: Self.stamp(2))
        let v3 = try v2.adding("carol", identity: people[2], at: Self.stamp(3))
        let v5 = try v3.removing("bob", at: Self.stamp(4)).adding("dave", identity: people[3], at: Self.stamp(5))
        let pin = TeamPin(v2)
        #expect(v2.descends(from: pin) == .same)
        #expect(v3.descends(from: pin) == .newer)
        #expect(v5.descends(from: pin) == .newer && v5.descends(from: TeamPin(v1)) == .newer)
        #expect(v1.descends(from: pin) == .older && v2.descends(from: TeamPin(v5)) == .older)
        let fork3 = try v2.adding("erin", identity: people[4], at: Self.stamp(3))
        #expect(fork3.descends(from: TeamPin(v3)) == .forked && v3.descends(from: TeamPin(fork3)) == .forked)
        let fork5 = try fork3.removing("bob", at: Self.stamp(4)).adding("frank", identity: people[5], at: Self.stamp(5))
        #expect(fork5.descends(from: TeamPin(v3)) == .forked && v5.descends(from: TeamPin(fork3)) == .forked)
        #expect(fork5.descends(from: pin) == .newer)
        let otherTeam = try TeamManifest.founding(team: "ops", founder: "alice", identity: people[6], at: Self.stamp(1))
        #expect(v3.descends(from: TeamPin(otherTeam)) == .forked && otherTeam.descends(from: TeamPin(v1)) == .forked)
    }

    @Test func theChangesBetweenTwoListsAreByIdentity() throws {
        let (a, b, c) = try (Self.identity(), Self.identity(), Self.identity())
        let first = try TeamManifest.founding(team: "ops", founder: "alice", identity: a, at: Self.stamp(1))
        let later = try first.adding("bob", identity: b, at: Self.stamp(2)).adding("carol", identity: c, at: Self.stamp(3))
            .removing("alice", at: Self.stamp(4))
        let changes = later.changes(since: first)
        #expect(changes.added.map(\.name) == ["bob", "carol"] && changes.removed == first.members)
        let back = later.changes(since: later)
        #expect(back.added.isEmpty && back.removed.isEmpty)
        let returned = try later.adding("alice", identity: a, at: Self.stamp(5)).removing("bob", at: Self.stamp(6))
        let since = returned.changes(since: first)
        #expect(since.added.map(\.name) == ["carol"] && since.removed.isEmpty)
    }

    @Test func aPinHasOneText() throws {
        let manifest = try TeamManifest.founding(team: "ops", founder: "alice", identity: try Self.identity(), at: Self.stamp(1))
        let pin = TeamPin(manifest)
        let hash = Sodium.base64Encode(manifest.hash)
        #expect(pin.epoch == 1 && pin.hash == manifest.hash && pin.text == "1 \(hash)\n")
        #expect(TeamPin(text: pin.text) == pin)
        #expect(TeamPin(text: "18446744073709551615 \(hash)\n")?.epoch == UInt64.max)
        let refused = [
            "", "1 \(hash)", "01 \(hash)\n", "+1 \(hash)\n", "0 \(hash)\n", "1  \(hash)\n", "1\t\(hash)\n", "1 \(hash)\n\n", "1 \(hash)\r\n",
            " 1 \(hash)\n", "1 \(Sodium.base64Encode(Array(manifest.hash.prefix(31))))\n", "18446744073709551616 \(hash)\n",
        ]
        for text in refused { #expect(TeamPin(text: text) == nil, "\(text)") }
    }
}
