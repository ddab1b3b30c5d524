import Foundation
import Testing
@testable import VaultCore

/// A team vault's change log of members: its one text, the signatures that bind each change to
/// its author and vault, the rules a log must keep, what two copies' changes add up to when they
/// meet, and how a log stands to the changes a machine pinned.
struct TeamLogTests {
    private static let vaultID = "0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9"

    private static func stamp(_ milliseconds: Int64) -> Stamp {
        Stamp(milliseconds: milliseconds, device: "3f9c0a1b2c3d4e5f")
    }

    /// Four people: alice, bob, carol, dave.
    private static func people() throws -> (MemberIdentity, MemberIdentity, MemberIdentity, MemberIdentity) {
        try (IdentityTests.fresh(), IdentityTests.fresh(), IdentityTests.fresh(), IdentityTests.fresh())
    }

    /// The team "ops": alice founds it and adds bob and carol.
    private static func team(_ alice: MemberIdentity, _ bob: MemberIdentity, _ carol: MemberIdentity) throws -> TeamLog {
        try TeamLog.founding(team: "ops", founder: "alice", identity: alice, vaultID: vaultID, at: stamp(1))
            .adding("bob", identity: bob.publicIdentity, by: alice, vaultID: vaultID, at: stamp(2))
            .adding("carol", identity: carol.publicIdentity, by: alice, vaultID: vaultID, at: stamp(3))
    }

    /// A change signed by `author` as given, parents in the order given (no rule checked).
    private static func signed(
        _ kind: TeamChange.Kind, member: String, identity: PublicIdentity, parents: [[UInt8]], by author: MemberIdentity,
        team: String? = nil, vaultID: String = vaultID
    ) -> TeamChange {
        let unsigned = TeamChange(kind: kind, team: team, member: member, identity: identity, author: author.publicIdentity,
                                  parents: parents, stamp: stamp(9), signature: [])
        return TeamChange(kind: kind, team: team, member: member, identity: identity, author: author.publicIdentity, parents: parents,
                          stamp: stamp(9), signature: author.sign(unsigned.signedMessage(vaultID: vaultID)))
    }

    /// The team "ops": alice founds it and adds bob.
    private static func aliceAndBob(_ alice: MemberIdentity, _ bob: MemberIdentity) throws -> TeamLog {
        try TeamLog.founding(team: "ops", founder: "alice", identity: alice, vaultID: vaultID, at: stamp(1))
            .adding("bob", identity: bob.publicIdentity, by: alice, vaultID: vaultID, at: stamp(2))
    }

    /// Two copies of the team alice founded with bob: on ours alice added carol, on theirs bob
    /// added dave, neither copy having seen the other's change.
    private static func copies(
        _ alice: MemberIdentity, _ bob: MemberIdentity, _ carol: MemberIdentity, _ dave: MemberIdentity
    ) throws -> (ours: TeamLog, theirs: TeamLog) {
        let base = try aliceAndBob(alice, bob)
        return (try base.adding("carol", identity: carol.publicIdentity, by: alice, vaultID: vaultID, at: stamp(3)),
                try base.adding("dave", identity: dave.publicIdentity, by: bob, vaultID: vaultID, at: stamp(3)))
    }

    private static func names(_ log: TeamLog) -> [String] {
        log.state.members.map(\.name)
    }

    @Test("the removals one log lacks of another, and changes told by their authors' names")
    func removalsAndTheirWords() throws {
        let (alice, bob, carol, _) = try Self.people()
        let base = try Self.team(alice, bob, carol)
        let removed = try base.removing("carol", by: bob, vaultID: Self.vaultID, at: Self.stamp(4))
        #expect(base.includesRemovals(of: removed) == false)
        #expect(base.removals(of: removed).map(\.member) == ["carol"])
        #expect(removed.includesRemovals(of: base))
        #expect(removed.removals(of: base).isEmpty)
        #expect(removed.describe(removed.changes(after: TeamPin(base))) == ["bob removed carol"])
        #expect(removed.describe(removed.changes) == ["alice added bob", "alice added carol", "bob removed carol"])
    }

    @Test func aLogIsWrittenOneWaySignedAndReadsBack() throws {
        let (alice, bob, _, _) = try Self.people()
        let founded = try TeamLog.founding(team: "ops", founder: "alice", identity: alice, vaultID: Self.vaultID, at: Self.stamp(1))
        let found = try #require(founded.changes.first)
        let unsigned = #"{"by":"\#(alice.publicIdentity.text)","change":"found","identity":"\#(alice.publicIdentity.text)","#
            + #""member":"alice","parents":[],"stamp":"1-0-3f9c0a1b2c3d4e5f","team":"ops"}"#
        #expect(found.text(signed: false) == unsigned)
        let message = Array("vault team change v1\n\(Self.vaultID)\n".utf8) + Array(unsigned.utf8)
        #expect(MemberIdentity.verify(found.signature, of: message, by: alice.publicIdentity))
        let signedText = unsigned.replacingOccurrences(of: #","stamp""#, with: #","signature":"\#(Sodium.base64Encode(found.signature))","stamp""#)
        #expect(String(decoding: founded.text(), as: UTF8.self) == "[" + signedText + "]")
        #expect(found.hash == (Array("vault team change hash v1\n".utf8) + Array(signedText.utf8)).withUnsafeBytes { Sodium.blake2b($0) })
        #expect(founded.heads == [found.hash])
        let grown = try founded.adding("bob", identity: bob.publicIdentity, by: alice, vaultID: Self.vaultID, at: Self.stamp(2))
        #expect(try TeamLog(text: grown.text(), vaultID: Self.vaultID) == grown)
        #expect(grown.changes.map(\.hash) == grown.changes.map(\.hash).sorted { $0.lexicographicallyPrecedes($1) })
        let add = try #require(grown.changes.first { $0.kind == .add })
        #expect(add.parents == [found.hash] && add.author == alice.publicIdentity && add.team == nil)
        #expect(grown.heads == [add.hash] && Self.names(grown) == ["alice", "bob"] && grown.state.team == "ops")
        #expect(grown.state.members.map(\.added) == [Self.stamp(1), Self.stamp(2)])
    }

    @Test func namesAreWrittenAsUTF8WithOnlyWhatJSONRequiresEscaped() throws {
        let (alice, _, _, _) = try Self.people()
        let log = try TeamLog.founding(team: #"R&D "core" \ ops"#, founder: "Jose\u{301}", identity: alice, vaultID: Self.vaultID, at: Self.stamp(1))
        let text = String(decoding: log.text(), as: UTF8.self)
        #expect(Array(log.state.members[0].name.utf8) == Array("Jos\u{E9}".utf8))
        #expect(text.contains(#""team":"R&D \"core\" \\ ops"}"#) && text.contains("\"member\":\"Jos\u{E9}\""))
        #expect(try TeamLog(text: log.text(), vaultID: Self.vaultID) == log)
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
            ("dev/ops", "it contains '/'"),
            (" a", "it starts or ends with white space"),
            ("a\u{A0}", "it starts or ends with white space"),
        ]
        for (name, why) in refused {
            #expect(throws: TeamLogError.invalidName(name, why)) { try TeamMemberName.validate(name) }
        }
        for name in ["a", String(repeating: "a", count: 64), "Zo\u{EB}", #"R&D "core" \ ops"#, "two words", "\u{6771}\u{4EAC}"] {
            #expect(throws: Never.self) { try TeamMemberName.validate(name) }
        }
        let (alice, bob, _, _) = try Self.people()
        let log = try TeamLog.founding(team: "ops", founder: "alice", identity: alice, vaultID: Self.vaultID, at: Self.stamp(1))
        let slash = Self.signed(.add, member: "dev/ops", identity: bob.publicIdentity, parents: log.heads, by: alice)
        #expect(throws: TeamLogError.malformed(TeamLogError.invalidName("dev/ops", "it contains '/'").message)) {
            try TeamLog(text: Array("[\(log.changes[0].text(signed: true)),\(slash.text(signed: true))]".utf8), vaultID: Self.vaultID)
        }
    }

    @Test func aChangeSignedForAnotherVaultOrByAnotherKeyOrChangedIsRefused() throws {
        let (alice, bob, carol, _) = try Self.people()
        let log = try Self.team(alice, bob, carol)
        #expect(throws: TeamLogError.self) { try TeamLog(text: log.text(), vaultID: "11111111-2222-4333-8444-555555555555") }
        let text = String(decoding: log.text(), as: UTF8.self)
        let renamed = text.replacingOccurrences(of: #""member":"carol""#, with: #""member":"carl""#)
        #expect(renamed != text)
        #expect(throws: TeamLogError.self) { try TeamLog(text: Array(renamed.utf8), vaultID: Self.vaultID) }
        let add = try #require(log.changes.first { $0.member == "carol" })
        var signature = add.signature
        signature[0] ^= 1
        let flipped = text.replacingOccurrences(of: Sodium.base64Encode(add.signature), with: Sodium.base64Encode(signature))
        #expect(throws: TeamLogError.self) { try TeamLog(text: Array(flipped.utf8), vaultID: Self.vaultID) }
        let byBob = text.replacingOccurrences(of: #""by":"\#(alice.publicIdentity.text)","change":"add","identity":"\#(carol.publicIdentity.text)""#,
                                              with: #""by":"\#(bob.publicIdentity.text)","change":"add","identity":"\#(carol.publicIdentity.text)""#)
        #expect(byBob != text)
        #expect(throws: TeamLogError.self) { try TeamLog(text: Array(byBob.utf8), vaultID: Self.vaultID) }
    }

    @Test func aLogNotWrittenTheOneWayIsRefused() throws {
        let (alice, bob, carol, _) = try Self.people()
        let log = try Self.team(alice, bob, carol)
        let text = String(decoding: log.text(), as: UTF8.self)
        let changes = log.changes.map { $0.text(signed: true) }
        let variants = [
            "[" + changes.reversed().joined(separator: ",") + "]",
            "[ " + text.dropFirst(),
            text.replacingOccurrences(of: #""member":"alice""#, with: #""member":"\u0061lice""#),
            text.replacingOccurrences(of: #","team":"ops"}"#, with: #","team":"ops","extra":1}"#),
            text + "\n",
        ]
        for variant in variants {
            #expect(variant != text)
            #expect(throws: TeamLogError.malformed("it is not written the one way vault writes it"), "\(variant)") {
                try TeamLog(text: Array(variant.utf8), vaultID: Self.vaultID)
            }
        }
        for variant in ["", "{}", "null", text + "]", String(text.dropLast())] {
            #expect(throws: TeamLogError.malformed("it is not a change log in JSON"), "\(variant)") {
                try TeamLog(text: Array(variant.utf8), vaultID: Self.vaultID)
            }
        }
        #expect(throws: TeamLogError.malformed("it has no founding change")) { try TeamLog(text: Array("[]".utf8), vaultID: Self.vaultID) }
    }

    @Test func aCutOrChangedTextIsRefusedOrReadsAsWhatItWrites() throws {
        let (alice, bob, carol, _) = try Self.people()
        let text = try Self.team(alice, bob, carol).removing("bob", by: carol, vaultID: Self.vaultID, at: Self.stamp(4)).text()
        for length in stride(from: 0, to: text.count, by: 7) {
            #expect(throws: TeamLogError.self) { try TeamLog(text: Array(text.prefix(length)), vaultID: Self.vaultID) }
        }
        // Every byte is signed, hashed or held to the one text: none changes without refusal.
        for place in stride(from: 0, to: text.count, by: 3) {
            for byte: UInt8 in [0x00, 0x22, 0x30, 0x5C, 0x7B, text[place] ^ 0x01] where byte != text[place] {
                var changed = text
                changed[place] = byte
                #expect(throws: TeamLogError.self, "byte \(place) as \(byte)") { try TeamLog(text: changed, vaultID: Self.vaultID) }
            }
        }
    }

    @Test func onlyAMemberChangesTheMembersAndOnlyAsTheRulesSay() throws {
        let (alice, bob, carol, dave) = try Self.people()
        let founded = try TeamLog.founding(team: "ops", founder: "alice", identity: alice, vaultID: Self.vaultID, at: Self.stamp(1))
        let log = try founded.adding("bob", identity: bob.publicIdentity, by: alice, vaultID: Self.vaultID, at: Self.stamp(2))
        let refusals: [([TeamChange], String)] = [
            (log.changes + [Self.signed(.add, member: "dave", identity: dave.publicIdentity, parents: log.heads, by: carol)],
             "a change was made by someone who was not a member"),
            (log.changes + [Self.signed(.remove, member: "carol", identity: carol.publicIdentity, parents: log.heads, by: alice)],
             "'carol' was removed while not a member by that name"),
            (log.changes + [Self.signed(.remove, member: "robert", identity: bob.publicIdentity, parents: log.heads, by: alice)],
             "'robert' was removed while not a member by that name"),
            (log.changes + [Self.signed(.add, member: "bob", identity: dave.publicIdentity, parents: log.heads, by: alice)],
             "'bob' was added while a member by that name or identity was in"),
            (log.changes + [Self.signed(.add, member: "robert", identity: bob.publicIdentity, parents: log.heads, by: alice)],
             "'robert' was added while a member by that name or identity was in"),
            (log.changes + [Self.signed(.add, member: "dave", identity: dave.publicIdentity, parents: [], by: alice)],
             "a change follows no other"),
            (log.changes + [Self.signed(.add, member: "dave", identity: dave.publicIdentity, parents: [[UInt8](repeating: 1, count: 32)], by: alice)],
             "a change follows one that is not in the log"),
            (log.changes + [Self.signed(.add, member: "dave", identity: dave.publicIdentity, parents: log.heads + log.heads, by: alice)],
             "a change's parents are not in order, or one is there twice"),
            (log.changes + [Self.signed(.found, member: "dave", identity: dave.publicIdentity, parents: [], by: dave, team: "ops")],
             "it has two founding changes"),
            (log.changes + log.changes.prefix(1), "a change appears twice"),
            ([Self.signed(.found, member: "dave", identity: dave.publicIdentity, parents: [], by: alice, team: "ops")],
             "its founding change does not found the team with its author"),
            (Array(log.changes.filter { $0.kind == .add }), "a change follows one that is not in the log"),
        ]
        for (changes, why) in refusals {
            #expect(throws: TeamLogError.malformed(why), "\(why)") { try TeamLog(changes: changes) }
        }
        #expect(throws: TeamLogError.notYourTeam) {
            try log.adding("dave", identity: dave.publicIdentity, by: carol, vaultID: Self.vaultID, at: Self.stamp(3))
        }
        #expect(throws: TeamLogError.nameTaken("bob")) {
            try log.adding("bob", identity: dave.publicIdentity, by: alice, vaultID: Self.vaultID, at: Self.stamp(3))
        }
        #expect(throws: TeamLogError.alreadyMember("bob")) {
            try log.adding("robert", identity: bob.publicIdentity, by: alice, vaultID: Self.vaultID, at: Self.stamp(3))
        }
        let sharedBox = try #require(PublicIdentity(boxKey: bob.publicIdentity.boxKey, signingKey: dave.publicIdentity.signingKey))
        #expect(throws: TeamLogError.alreadyMember("bob")) {
            try log.adding("dave", identity: sharedBox, by: alice, vaultID: Self.vaultID, at: Self.stamp(3))
        }
        let lowOrder = try #require(PublicIdentity(boxKey: [UInt8](repeating: 0, count: 32), signingKey: dave.publicIdentity.signingKey))
        let notAPoint = try #require(PublicIdentity(boxKey: dave.publicIdentity.boxKey, signingKey: [UInt8](repeating: 0xFF, count: 32)))
        for identity in [lowOrder, notAPoint] {
            #expect(!identity.hasUsableKeys)
            #expect(throws: TeamLogError.unusableIdentity) {
                try log.adding("dave", identity: identity, by: alice, vaultID: Self.vaultID, at: Self.stamp(3))
            }
            #expect(throws: TeamLogError.malformed("an identity let in has keys that cannot be used")) {
                try TeamLog(changes: log.changes + [Self.signed(.add, member: "dave", identity: identity, parents: log.heads, by: alice)])
            }
        }
        #expect(dave.publicIdentity.hasUsableKeys)
        #expect(throws: TeamLogError.notAMember("carol")) { try log.removing("carol", by: alice, vaultID: Self.vaultID, at: Self.stamp(3)) }
        #expect(throws: TeamLogError.lastMember) { try founded.removing("alice", by: alice, vaultID: Self.vaultID, at: Self.stamp(3)) }
    }

    @Test func aRemovedMemberCanComeBackAndTheRecordsStay() throws {
        let (alice, bob, carol, _) = try Self.people()
        let log = try Self.team(alice, bob, carol)
            .removing("bob", by: alice, vaultID: Self.vaultID, at: Self.stamp(4))
            .adding("robert", identity: bob.publicIdentity, by: carol, vaultID: Self.vaultID, at: Self.stamp(5))
            .removing("robert", by: alice, vaultID: Self.vaultID, at: Self.stamp(6))
        #expect(Self.names(log) == ["alice", "carol"])
        #expect(log.state.former.map(\.name) == ["bob", "robert"] && log.state.former.map(\.removed) == [Self.stamp(4), Self.stamp(6)])
        #expect(log.heads.count == 1 && log.changes.count == 6)
        #expect(try TeamLog(text: log.text(), vaultID: Self.vaultID) == log)
    }

    @Test func addsOnTwoCopiesKeepBothAndTheMergeIsTheSameEitherWay() throws {
        let (alice, bob, carol, dave) = try Self.people()
        let (ours, theirs) = try Self.copies(alice, bob, carol, dave)
        let merged = try ours.merged(with: theirs)
        #expect(merged == (try theirs.merged(with: ours)))
        #expect(Self.names(merged) == ["alice", "bob", "carol", "dave"] && merged.heads.count == 2)
        #expect(merged.includes(TeamPin(ours)) && merged.includes(TeamPin(theirs)) && !ours.includes(TeamPin(merged)))
        #expect(merged.changes(after: TeamPin(ours)).map(\.member) == ["dave"])
        let next = try merged.removing("dave", by: carol, vaultID: Self.vaultID, at: Self.stamp(4))
        #expect(next.heads.count == 1 && next.changes.first { $0.kind == .remove }?.parents == merged.heads)
        #expect(try TeamLog(text: next.text(), vaultID: Self.vaultID) == next)
    }

    @Test func aRemovedMembersAddOrTwoRemovalsOfOnePersonOnTwoCopiesAreRefused() throws {
        let (alice, bob, carol, _) = try Self.people()
        let base = try Self.team(alice, bob, carol).removing("carol", by: alice, vaultID: Self.vaultID, at: Self.stamp(4))
        let ours = try base.removing("bob", by: alice, vaultID: Self.vaultID, at: Self.stamp(5))
        let theirs = try base.adding("carol", identity: carol.publicIdentity, by: bob, vaultID: Self.vaultID, at: Self.stamp(5))
        #expect(throws: TeamLogError.changedWhileRemoved("bob", "carol")) { try ours.merged(with: theirs) }
        let left = try Self.team(alice, bob, carol)
        let removed = try left.removing("carol", by: alice, vaultID: Self.vaultID, at: Self.stamp(4))
        let carolAgain = try removed.adding("carol", identity: carol.publicIdentity, by: bob, vaultID: Self.vaultID, at: Self.stamp(5))
        let concurrentRemoval = try left.removing("carol", by: bob, vaultID: Self.vaultID, at: Self.stamp(4))
        #expect(throws: TeamLogError.removedOnBothSides("carol", "carol")) { try carolAgain.merged(with: concurrentRemoval) }
    }

    @Test func aRemovalAndAnAddOfThatPersonMadeAtTheSameTimeLeaveThemOut() throws {
        let (alice, bob, carol, _) = try Self.people()
        let base = try Self.team(alice, bob, carol).removing("carol", by: alice, vaultID: Self.vaultID, at: Self.stamp(4))
        let back = try base.adding("carol", identity: carol.publicIdentity, by: bob, vaultID: Self.vaultID, at: Self.stamp(5))
        let removedAgain = try back.removing("carol", by: alice, vaultID: Self.vaultID, at: Self.stamp(6))
        let addedOnTheSide = back.changes.first { $0.kind == .add && $0.stamp == Self.stamp(5) }
        #expect(addedOnTheSide != nil)
        let other = try base.adding("carol", identity: carol.publicIdentity, by: alice, vaultID: Self.vaultID, at: Self.stamp(7))
        let merged = try removedAgain.merged(with: other)
        #expect(Self.names(merged) == ["alice", "bob"], "the removal at 6 did not see alice's add at 7, so it beats it")
        #expect(merged.state.former.map(\.removed) == [Self.stamp(4), Self.stamp(6)])
    }

    @Test func twoRemovalsOrARemovedMembersChangeOnAnotherCopyAreRefused() throws {
        let (alice, bob, carol, dave) = try Self.people()
        let base = try Self.team(alice, bob, carol)
        let ours = try base.removing("bob", by: alice, vaultID: Self.vaultID, at: Self.stamp(4))
        let theirs = try base.removing("carol", by: bob, vaultID: Self.vaultID, at: Self.stamp(4))
        #expect(throws: TeamLogError.removedOnBothSides("bob", "carol")) { try ours.merged(with: theirs) }
        #expect(throws: TeamLogError.removedOnBothSides("bob", "carol")) { try theirs.merged(with: ours) }
        let bobsFork = try base.adding("eve", identity: dave.publicIdentity, by: bob, vaultID: Self.vaultID, at: Self.stamp(5))
        #expect(throws: TeamLogError.changedWhileRemoved("bob", "eve")) { try ours.merged(with: bobsFork) }
        let carolsAdd = try base.adding("dave", identity: dave.publicIdentity, by: carol, vaultID: Self.vaultID, at: Self.stamp(5))
        #expect(Self.names(try ours.merged(with: carolsAdd)) == ["alice", "carol", "dave"])
        #expect(TeamLogError.removedOnBothSides("bob", "carol").exitStatus == .failure)
    }

    @Test func someoneLetInOnAnotherCopyIsNoMemberForChangesThatDidNotFollowIt() throws {
        let (alice, bob, carol, dave) = try Self.people()
        let (ours, theirs) = try Self.copies(alice, bob, carol, dave)
        let merged = try ours.merged(with: theirs)
        // carol, let in on our copy alone, signs a change that follows their copy alone.
        let outOfTurn = Self.signed(.remove, member: "dave", identity: dave.publicIdentity, parents: theirs.heads, by: carol)
        #expect(throws: TeamLogError.malformed("a change was made by someone who was not a member")) {
            try TeamLog(changes: merged.changes + [outOfTurn])
        }
        let inTurn = Self.signed(.remove, member: "dave", identity: dave.publicIdentity, parents: merged.heads, by: carol)
        #expect(Self.names(try TeamLog(changes: merged.changes + [inTurn])) == ["alice", "bob", "carol"])
    }

    @Test func aLogOfMoreThanTheMostChangesIsRefusedUnread() throws {
        let (alice, _, _, _) = try Self.people()
        let founded = try TeamLog.founding(team: "ops", founder: "alice", identity: alice, vaultID: Self.vaultID, at: Self.stamp(1))
        let many = Array(repeating: founded.changes[0], count: TeamLog.maximumChanges + 1)
        #expect(throws: TeamLogError.tooLarge) { try TeamLog(changes: many) }
        let long = [UInt8](repeating: 0x20, count: TeamLog.maximumTextLength + 1)
        #expect(throws: TeamLogError.tooLarge) { try TeamLog(text: long, vaultID: Self.vaultID) }
        // Counted before any signature is checked.
        let copies = "[" + Array(repeating: founded.changes[0].text(signed: true), count: TeamLog.maximumChanges + 1).joined(separator: ",") + "]"
        #expect(throws: TeamLogError.tooLarge) { try TeamLog(text: Array(copies.utf8), vaultID: Self.vaultID) }
        #expect(TeamLogError.tooLarge.exitStatus == .failure)
    }

    @Test func aNameHeldTwiceBeforeAChangeIsRefusedEvenWhenTheChangeEndsIt() throws {
        let (alice, bob, carol, dave) = try Self.people()
        let base = try Self.aliceAndBob(alice, bob)
        let carolAsDan = try base.adding("dan", identity: carol.publicIdentity, by: alice, vaultID: Self.vaultID, at: Self.stamp(3))
        let daveAsDan = try base.adding("dan", identity: dave.publicIdentity, by: bob, vaultID: Self.vaultID, at: Self.stamp(3))
        let both = carolAsDan.changes + daveAsDan.changes.filter { !carolAsDan.changes.contains($0) }
        let heads = (carolAsDan.heads + daveAsDan.heads).sorted { $0.lexicographicallyPrecedes($1) }
        let ending = Self.signed(.remove, member: "dan", identity: dave.publicIdentity, parents: heads, by: alice)
        #expect(throws: TeamLogError.addedTwice("dan", "dan")) { try TeamLog(changes: both + [ending]) }
    }

    @Test func oneNameOrOneIdentityAddedTwiceOnTwoCopiesIsRefused() throws {
        let (alice, bob, carol, dave) = try Self.people()
        let base = try Self.aliceAndBob(alice, bob)
        let carolAsDan = try base.adding("dan", identity: carol.publicIdentity, by: alice, vaultID: Self.vaultID, at: Self.stamp(3))
        let daveAsDan = try base.adding("dan", identity: dave.publicIdentity, by: bob, vaultID: Self.vaultID, at: Self.stamp(3))
        #expect(throws: TeamLogError.addedTwice("dan", "dan")) { try carolAsDan.merged(with: daveAsDan) }
        let carolAsCee = try base.adding("cee", identity: carol.publicIdentity, by: bob, vaultID: Self.vaultID, at: Self.stamp(3))
        #expect(throws: TeamLogError.self) { try carolAsDan.merged(with: carolAsCee) }
        let carolAgain = try base.adding("dan", identity: carol.publicIdentity, by: bob, vaultID: Self.vaultID, at: Self.stamp(4))
        let both = try carolAsDan.merged(with: carolAgain)
        #expect(Self.names(both) == ["alice", "bob", "dan"] && both.state.members[2].added == Self.stamp(3))
    }

    @Test func aPinHoldsTheLatestChangesAndHasOneText() throws {
        let (alice, bob, carol, _) = try Self.people()
        let log = try Self.team(alice, bob, carol)
        let pin = TeamPin(log)
        #expect(pin.heads == log.heads && pin.text == Sodium.base64Encode(log.heads[0]) + "\n")
        #expect(TeamPin(text: pin.text) == pin)
        let later = try log.removing("bob", by: alice, vaultID: Self.vaultID, at: Self.stamp(4))
        #expect(later.includes(pin) && !log.includes(TeamPin(later)))
        #expect(later.changes(after: pin).map(\.kind) == [.remove] && later.changes(after: TeamPin(later)).isEmpty)
        let hash = Sodium.base64Encode([UInt8](repeating: 9, count: 32))
        let low = Sodium.base64Encode([UInt8](repeating: 1, count: 32))
        for text in ["", "\n", hash, hash + "\n\n", hash + "\n" + hash + "\n", hash + "\n" + low + "\n", " " + hash + "\n",
                     Sodium.base64Encode([UInt8](repeating: 9, count: 31)) + "\n"] {
            #expect(TeamPin(text: text) == nil, "\(text)")
        }
        #expect(TeamPin(text: low + "\n" + hash + "\n")?.heads.count == 2)
    }
}
