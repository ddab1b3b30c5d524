/// A team vault's member list as it is kept in the vault's seal: every change of its members
/// (`TeamChange`), each signed by the member who made it and naming the changes it followed.
/// Who is a member now (`state`) is what the changes add up to under the rules `replayed` keeps:
/// only a member changes the members, a removal beats an add of the same person made at the same
/// time, and two removals made at the same time (each of which gave the vault a new key) or a
/// change by someone made while they were being removed are refused.
///
/// A machine remembers the latest changes it saw (`TeamPin`); a log offered later must hold them
/// (`includes`), so that whoever keeps the file cannot bring back a list from before a member was
/// removed, or show one that went another way.
public struct TeamLog: Equatable, Sendable {
    /// Every change, in the order of their hashes' bytes.
    public let changes: [TeamChange]
    /// The members and former members the changes add up to.
    public let state: TeamMembers
    /// The hashes of the changes no other change followed, in order of their bytes.
    public let heads: [[UInt8]]

    /// The log of `changes` (in any order), replayed; throws when they break a rule, or when its
    /// text would be longer than a reader takes (a log no reader takes is never made).
    init(changes: [TeamChange]) throws(TeamLogError) {
        try self.init(replaying: changes)
        guard text().count <= Self.maximumTextLength else { throw .tooLarge }
    }

    /// The log of `changes` (in any order), replayed; throws when they break a rule.
    init(replaying changes: [TeamChange]) throws(TeamLogError) {
        let sorted = changes.sorted { $0.hash.lexicographicallyPrecedes($1.hash) }
        let replay = try Self.replayed(sorted)
        self.changes = sorted
        state = replay.state
        heads = replay.heads
    }

    /// A new team's log: the team named `team` founded by `founder` (the name it gives them;
    /// names in NFC), signed with their identity, for the vault `vaultID`.
    public static func founding(
        team: String, founder: String, identity: MemberIdentity, vaultID: String, at stamp: Stamp
    ) throws(TeamLogError) -> TeamLog {
        let change = TeamChange(kind: .found, team: try TeamMemberName.normalized(team), member: try TeamMemberName.normalized(founder),
                                identity: identity.publicIdentity, parents: [], stamp: stamp, signedBy: identity, vaultID: vaultID)
        return try TeamLog(changes: [change])
    }

    /// This log and `author`'s change letting `identity` in as `name` (in NFC) at `stamp`. A
    /// former member may come back.
    public func adding(
        _ name: String, identity: PublicIdentity, by author: MemberIdentity, vaultID: String, at stamp: Stamp
    ) throws(TeamLogError) -> TeamLog {
        let name = try TeamMemberName.normalized(name)
        guard identity.hasUsableKeys else { throw .unusableIdentity }
        if state.members.contains(where: { $0.name == name }) { throw .nameTaken(name) }
        if let holder = state.member(holding: identity) { throw .alreadyMember(holder.name) }
        return try appending(.add, member: name, identity: identity, by: author, vaultID: vaultID, at: stamp)
    }

    /// This log and `author`'s change removing the member named `name` at `stamp`.
    public func removing(_ name: String, by author: MemberIdentity, vaultID: String, at stamp: Stamp) throws(TeamLogError) -> TeamLog {
        let name = try TeamMemberName.normalized(name)
        guard let member = state.members.first(where: { $0.name == name }) else { throw .notAMember(name) }
        guard state.members.count > 1 else { throw .lastMember }
        return try appending(.remove, member: name, identity: member.identity, by: author, vaultID: vaultID, at: stamp)
    }

    /// This log with a change following its heads.
    private func appending(
        _ kind: TeamChange.Kind, member: String, identity: PublicIdentity, by author: MemberIdentity, vaultID: String, at stamp: Stamp
    ) throws(TeamLogError) -> TeamLog {
        guard state.member(holding: author.publicIdentity)?.identity == author.publicIdentity else { throw .notYourTeam }
        let change = TeamChange(kind: kind, team: nil, member: member, identity: identity, parents: heads, stamp: stamp,
                                signedBy: author, vaultID: vaultID)
        return try TeamLog(changes: changes + [change])
    }

    /// The log of the changes of this one and `other` (the same team's, from a copy that went
    /// another way), replayed together: what two copies add up to when they meet (a merge of
    /// two copies of a team vault); throws when they cannot stand together (`replayed`'s rules).
    public func merged(with other: TeamLog) throws(TeamLogError) -> TeamLog {
        let known = Set(changes.map(\.hash))
        return try TeamLog(changes: changes + other.changes.filter { !known.contains($0.hash) })
    }

    /// Whether every removal of `other` is in this log: then this copy's data key is the one
    /// made at the latest removal the two know of (removals made on both sides are refused
    /// when logs merge, so one of two copies that meet always has them all).
    public func includesRemovals(of other: TeamLog) -> Bool {
        removals(of: other).isEmpty
    }

    /// The removals of `other` that this log lacks.
    public func removals(of other: TeamLog) -> [TeamChange] {
        let known = Set(changes.map(\.hash))
        return other.changes.filter { $0.kind == .remove && !known.contains($0.hash) }
    }

    /// `changes`, of this log, for a person: "alice added carol", "alice removed bob", in the
    /// order of their stamps, each author by the name they have (or had) here.
    public func describe(_ changes: [TeamChange]) -> [String] {
        let named = Dictionary(state.members.map { ($0.identity, $0.name) } + state.former.map { ($0.identity, $0.name) },
                               uniquingKeysWith: { current, _ in current })
        return changes.filter { $0.kind != .found }.sorted { $0.stamp < $1.stamp }.map { change in
            let author = named[change.author] ?? change.author.fingerprint
            return change.kind == .add ? "\(author) added \(change.member)" : "\(author) removed \(change.member)"
        }
    }

    /// Whether every change of `pin` is in this log (so this log is the pinned one or grew
    /// from it).
    public func includes(_ pin: TeamPin) -> Bool {
        let known = Set(changes.map(\.hash))
        return pin.heads.allSatisfy(known.contains)
    }

    /// The changes of this log made after those of `pin`: neither pinned nor followed by a
    /// pinned change, in the order of their hashes.
    public func changes(after pin: TeamPin) -> [TeamChange] {
        let byHash = Dictionary(changes.map { ($0.hash, $0) }, uniquingKeysWith: { first, _ in first })
        var seen = Set<[UInt8]>()
        var waiting = pin.heads
        while let hash = waiting.popLast() {
            guard seen.insert(hash).inserted else { continue }
            waiting += byHash[hash]?.parents ?? []
        }
        return changes.filter { !seen.contains($0.hash) }
    }
}
