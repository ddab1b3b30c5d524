/// The rules a team's change log keeps, and the members it adds up to.
///
/// Changes are taken parents first. Change B *follows* change A when A is among B's ancestors
/// (its parents, their parents, and so on); two changes of which neither follows the other were
/// made at the same time, on copies that had not met. The members at a change's parents (the
/// *members before it*) are what its ancestors add up to:
/// - someone is a member when an add (or the founding) of their identity is there that follows
///   every removal of that identity there: a removal beats an add made at the same time;
/// - their name and the stamp they were added at are that add's (of several such adds, the
///   earliest stamp's; they must give one name).
///
/// A log is refused unless:
/// - every identity let in (founding or added) has usable keys (`PublicIdentity.hasUsableKeys`);
/// - exactly one change is the founding, with no parents, made by the one it names; every other
///   change has parents, all in the log, in order and none twice;
/// - the author of every other change is a member before it; an add lets in an identity that is
///   no member before it, under a name no member has, with no key a member's; a removal takes out
///   a member before it, by the name they have there;
/// - of any two removals one follows the other (each gave the vault a new key: two made at the
///   same time cannot both stand), and no change was made by someone at the same time as their
///   removal (a removed member cannot change the members from a copy that has not seen it);
/// - the members of the whole log have no name twice and no key shared.
extension TeamLog {
    /// The members `changes` (in the order of their hashes) add up to, and the log's heads.
    static func replayed(_ changes: [TeamChange]) throws(TeamManifestError) -> (state: TeamManifest, heads: [[UInt8]]) {
        var byHash: [[UInt8]: TeamChange] = [:]
        for change in changes {
            guard byHash.updateValue(change, forKey: change.hash) == nil else { throw .malformed("a change appears twice") }
        }
        let order = try parentsFirst(changes, byHash: byHash)
        var ancestors: [[UInt8]: Set<[UInt8]>] = [:]
        var team: String?
        for change in order {
            var before = Set<[UInt8]>()
            for parent in change.parents {
                before.insert(parent)
                before.formUnion(ancestors[parent] ?? [])
            }
            ancestors[change.hash] = before
            let members = try state(of: before, in: byHash, ancestors: ancestors, team: team ?? "")
            guard change.kind == .remove || change.identity.hasUsableKeys else { throw .malformed("an identity let in has keys that cannot be used") }
            switch change.kind {
            case .found:
                guard team == nil else { throw .malformed("it has two founding changes") }
                guard change.parents.isEmpty, change.author == change.identity else {
                    throw .malformed("its founding change does not found the team with its author")
                }
                team = change.team
            case .add:
                try checkAuthor(of: change, among: members)
                if members.member(holding: change.identity) != nil || members.members.contains(where: { $0.name == change.member }) {
                    throw .malformed("'\(change.member)' was added while a member by that name or identity was in")
                }
            case .remove:
                try checkAuthor(of: change, among: members)
                guard members.members.contains(where: { $0.identity == change.identity && $0.name == change.member }) else {
                    throw .malformed("'\(change.member)' was removed while not a member by that name")
                }
            }
        }
        guard let team else { throw .malformed("it has no founding change") }
        try checkRemovals(changes, ancestors: ancestors)
        let all = Set(byHash.keys)
        let followed = Set(changes.flatMap(\.parents))
        let heads = changes.map(\.hash).filter { !followed.contains($0) }
        let state = try state(of: all, in: byHash, ancestors: ancestors, team: team)
        guard !state.members.isEmpty else { throw .malformed("it has no members") }
        return (state, heads)
    }

    /// `changes` ordered so that every change comes after its parents (of the changes ready,
    /// the first by hash); throws when a parent is missing, out of order or twice, or a change
    /// other than the founding has none.
    private static func parentsFirst(_ changes: [TeamChange], byHash: [[UInt8]: TeamChange]) throws(TeamManifestError) -> [TeamChange] {
        var waiting: [[UInt8]: Int] = [:]
        var children: [[UInt8]: [[UInt8]]] = [:]
        for change in changes {
            guard change.kind == .found || !change.parents.isEmpty else { throw .malformed("a change follows no other") }
            for (earlier, later) in zip(change.parents, change.parents.dropFirst()) where !earlier.lexicographicallyPrecedes(later) {
                throw .malformed("a change's parents are not in order, or one is there twice")
            }
            for parent in change.parents {
                guard byHash[parent] != nil else { throw .malformed("a change follows one that is not in the log") }
                children[parent, default: []].append(change.hash)
            }
            waiting[change.hash] = change.parents.count
        }
        var ready = changes.filter { $0.parents.isEmpty }.map(\.hash)
        var order: [TeamChange] = []
        while !ready.isEmpty {
            let hash = ready.removeFirst()
            order.append(byHash[hash]!)
            for child in children[hash] ?? [] {
                waiting[child]! -= 1
                if waiting[child] == 0 { ready.append(child) }
            }
        }
        guard order.count == changes.count else { throw .malformed("its changes follow each other in a circle") }
        return order
    }

    /// Throws unless the author of `change` is one of `members`, by their whole identity.
    private static func checkAuthor(of change: TeamChange, among members: TeamManifest) throws(TeamManifestError) {
        guard members.members.contains(where: { $0.identity == change.author }) else {
            throw .malformed("a change was made by someone who was not a member")
        }
    }

    /// Throws when two removals were made at the same time, or someone changed the members at
    /// the same time as they were removed.
    private static func checkRemovals(_ changes: [TeamChange], ancestors: [[UInt8]: Set<[UInt8]>]) throws(TeamManifestError) {
        func concurrent(_ a: TeamChange, _ b: TeamChange) -> Bool {
            a.hash != b.hash && !(ancestors[a.hash]?.contains(b.hash) ?? false) && !(ancestors[b.hash]?.contains(a.hash) ?? false)
        }
        let removals = changes.filter { $0.kind == .remove }
        for (index, removal) in removals.enumerated() {
            if let other = removals[(index + 1)...].first(where: { concurrent(removal, $0) }) {
                let names = [removal.member, other.member].sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
                throw .removedOnBothSides(names[0], names[1])
            }
            if let change = changes.first(where: { $0.author == removal.identity && concurrent(removal, $0) }) {
                throw .changedWhileRemoved(removal.member, change.member)
            }
        }
    }

    /// What the changes `hashes` add up to.
    private static func state(
        of hashes: Set<[UInt8]>, in byHash: [[UInt8]: TeamChange], ancestors: [[UInt8]: Set<[UInt8]>], team: String
    ) throws(TeamManifestError) -> TeamManifest {
        let changes = hashes.sorted { $0.lexicographicallyPrecedes($1) }.compactMap { byHash[$0] }
        let removals = changes.filter { $0.kind == .remove }
        var standing: [PublicIdentity: TeamChange] = [:]
        for add in changes where add.kind != .remove {
            let followsRemovals = removals.allSatisfy { $0.identity != add.identity || (ancestors[add.hash]?.contains($0.hash) ?? false) }
            guard followsRemovals else { continue }
            if let other = standing[add.identity] {
                guard other.member == add.member else { throw .addedTwice(other.member, add.member) }
                if add.stamp < other.stamp || (add.stamp == other.stamp && add.hash.lexicographicallyPrecedes(other.hash)) {
                    standing[add.identity] = add
                }
            } else {
                standing[add.identity] = add
            }
        }
        let members = standing.values.map { TeamMember(name: $0.member, identity: $0.identity, added: $0.stamp) }
            .sorted(by: TeamManifest.inOrder)
        let former = removals.map { FormerMember(name: $0.member, identity: $0.identity, removed: $0.stamp) }
            .sorted(by: TeamManifest.inOrder)
        return try TeamManifest(team: team, members: members, former: former)
    }
}
