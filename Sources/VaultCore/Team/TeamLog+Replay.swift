/// The rules a team's change log keeps, and the members it adds up to.
///
/// Changes are taken parents first. Change B *follows* change A when A is among B's ancestors
/// (its parents, their parents, and so on); two changes of which neither follows the other were
/// made at the same time, on copies that had not met. The members at a set of changes closed
/// under ancestry (the *members before* a change are those at its ancestors):
/// - someone is a member when an add (or the founding) of their identity is there that follows
///   every removal of that identity there: a removal beats an add made at the same time;
/// - their name and the stamp they were added at are that add's (of several such adds, the
///   earliest stamp's, then the first by hash; they must give one name).
///
/// A log is refused unless:
/// - it holds at most `maximumChanges` changes, in at most `maximumTextLength` bytes;
/// - every identity let in (founding or added) has usable keys (`PublicIdentity.hasUsableKeys`);
/// - exactly one change is the founding, with no parents, made by the one it names; every other
///   change has parents, all in the log, in order and none twice;
/// - the author of every other change is a member before it; an add lets in an identity that is
///   no member before it, under a name no member has, with no key a member's; a removal takes out
///   a member before it, by the name they have there;
/// - of any two removals one follows the other (each gave the vault a new key: two made at the
///   same time cannot both stand), and no change was made by someone at the same time as their
///   removal (a removed member cannot change the members from a copy that has not seen it);
/// - the members of the whole log are at least one, with no name twice and no key shared.
extension TeamLog {
    /// The most changes a log holds, so that reading one stays quick whoever wrote it.
    public static let maximumChanges = 1024
    /// The longest text of a log, in bytes: far more than `maximumChanges` changes take as vault
    /// writes them (well under 1 KiB each), so that only changes with many parents come near it.
    public static let maximumTextLength = 1 << 20

    /// The members `changes` (in the order of their hashes) add up to, and the log's heads.
    static func replayed(_ changes: [TeamChange]) throws(TeamLogError) -> (state: TeamMembers, heads: [[UInt8]]) {
        guard changes.count <= maximumChanges else { throw .tooLarge }
        let graph = try Ancestry(changes)
        var team: String?
        for index in graph.order {
            let change = changes[index]
            guard change.kind == .remove || change.identity.hasUsableKeys else { throw .malformed("an identity let in has keys that cannot be used") }
            let members = try graph.members(before: index)
            switch change.kind {
            case .found:
                guard team == nil else { throw .malformed("it has two founding changes") }
                guard change.parents.isEmpty, change.author == change.identity else {
                    throw .malformed("its founding change does not found the team with its author")
                }
                team = change.team
            case .add:
                guard members[change.author] != nil else { throw .malformed("a change was made by someone who was not a member") }
                let taken = members.contains { identity, add in
                    changes[add].member == change.member || identity.boxKey == change.identity.boxKey
                        || identity.signingKey == change.identity.signingKey
                }
                if taken { throw .malformed("'\(change.member)' was added while a member by that name or identity was in") }
            case .remove:
                guard members[change.author] != nil else { throw .malformed("a change was made by someone who was not a member") }
                guard let add = members[change.identity], changes[add].member == change.member else {
                    throw .malformed("'\(change.member)' was removed while not a member by that name")
                }
            }
        }
        guard let team else { throw .malformed("it has no founding change") }
        try checkRemovals(changes, graph: graph)
        let standing = try graph.standing()
        let members = standing.map { TeamMember(name: changes[$0].member, identity: changes[$0].identity, added: changes[$0].stamp) }
            .sorted(by: TeamMembers.inOrder)
        let former = changes.filter { $0.kind == .remove }.map { FormerMember(name: $0.member, identity: $0.identity, removed: $0.stamp) }
            .sorted(by: TeamMembers.inOrder)
        guard !members.isEmpty else { throw .malformed("it has no members") }
        let followed = Set(changes.flatMap(\.parents))
        return (try TeamMembers(team: team, members: members, former: former), changes.map(\.hash).filter { !followed.contains($0) })
    }

    /// Throws when two removals were made at the same time, or someone changed the members at
    /// the same time as they were removed.
    private static func checkRemovals(_ changes: [TeamChange], graph: Ancestry) throws(TeamLogError) {
        let removals = changes.indices.filter { changes[$0].kind == .remove }
        for (place, removal) in removals.enumerated() {
            if let other = removals[(place + 1)...].first(where: { graph.concurrent(removal, $0) }) {
                let names = [changes[removal].member, changes[other].member].sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
                throw .removedOnBothSides(names[0], names[1])
            }
            if let change = changes.indices.first(where: { changes[$0].author == changes[removal].identity && graph.concurrent(removal, $0) }) {
                throw .changedWhileRemoved(changes[removal].member, changes[change].member)
            }
        }
    }

    /// The changes of a log by their places in it, each with its ancestors (a set of places).
    private struct Ancestry {
        let changes: [TeamChange]
        /// The places, each after its parents (of the changes ready, the one that became ready first).
        let order: [Int]
        /// Each change's ancestors, one bit per place.
        let ancestors: [[UInt64]]
        /// The removals of each identity, one bit per place.
        let removals: [PublicIdentity: [UInt64]]

        /// Throws when a parent is missing, out of order or twice, a change other than the
        /// founding has none, or a change appears twice.
        init(_ changes: [TeamChange]) throws(TeamLogError) {
            var place: [[UInt8]: Int] = [:]
            for (index, change) in changes.enumerated() {
                guard place.updateValue(index, forKey: change.hash) == nil else { throw .malformed("a change appears twice") }
            }
            var waiting = [Int](repeating: 0, count: changes.count)
            var children = [[Int]](repeating: [], count: changes.count)
            var parents = [[Int]](repeating: [], count: changes.count)
            for (index, change) in changes.enumerated() {
                guard change.kind == .found || !change.parents.isEmpty else { throw .malformed("a change follows no other") }
                for (earlier, later) in zip(change.parents, change.parents.dropFirst()) where !earlier.lexicographicallyPrecedes(later) {
                    throw .malformed("a change's parents are not in order, or one is there twice")
                }
                for parent in change.parents {
                    guard let parentPlace = place[parent] else { throw .malformed("a change follows one that is not in the log") }
                    children[parentPlace].append(index)
                    parents[index].append(parentPlace)
                }
                waiting[index] = change.parents.count
            }
            var ready = changes.indices.filter { waiting[$0] == 0 }
            var order: [Int] = []
            var next = 0
            let words = (changes.count + 63) / 64
            var ancestors = [[UInt64]](repeating: [], count: changes.count)
            while next < ready.count {
                let index = ready[next]
                next += 1
                order.append(index)
                var set = [UInt64](repeating: 0, count: words)
                for parent in parents[index] {
                    set[parent / 64] |= 1 << UInt64(parent % 64)
                    for word in 0..<words { set[word] |= ancestors[parent][word] }
                }
                ancestors[index] = set
                for child in children[index] {
                    waiting[child] -= 1
                    if waiting[child] == 0 { ready.append(child) }
                }
            }
            guard order.count == changes.count else { throw .malformed("its changes follow each other in a circle") }
            self.changes = changes
            self.order = order
            self.ancestors = ancestors
            var removals: [PublicIdentity: [UInt64]] = [:]
            for index in changes.indices where changes[index].kind == .remove {
                removals[changes[index].identity, default: [UInt64](repeating: 0, count: words)][index / 64] |= 1 << UInt64(index % 64)
            }
            self.removals = removals
        }

        /// Whether the change at `later` follows the one at `earlier`.
        func follows(_ later: Int, _ earlier: Int) -> Bool {
            ancestors[later][earlier / 64] & (1 << UInt64(earlier % 64)) != 0
        }

        /// Whether neither change follows the other.
        func concurrent(_ a: Int, _ b: Int) -> Bool {
            a != b && !follows(a, b) && !follows(b, a)
        }

        /// The members before the change at `index`: each identity and the place of the add that
        /// makes them one.
        func members(before index: Int) throws(TeamLogError) -> [PublicIdentity: Int] {
            try standingByIdentity(among: ancestors[index])
        }

        /// The adds (places) that make someone a member among all the changes, one per member.
        func standing() throws(TeamLogError) -> [Int] {
            let all = (0..<(changes.count + 63) / 64).map { word in
                (word + 1) * 64 <= changes.count ? UInt64.max : (UInt64(1) << UInt64(changes.count % 64)) &- 1
            }
            return Array(try standingByIdentity(among: all).values)
        }

        /// The members among the changes whose bits `included` holds (a set closed under
        /// ancestry); throws when one identity stands under two names, or two members have one
        /// name or share a key.
        private func standingByIdentity(among included: [UInt64]) throws(TeamLogError) -> [PublicIdentity: Int] {
            var standing: [PublicIdentity: Int] = [:]
            for word in included.indices where included[word] != 0 {
                for bit in 0..<64 where included[word] & (1 << UInt64(bit)) != 0 {
                    let add = word * 64 + bit
                    let change = changes[add]
                    guard change.kind != .remove, !beaten(add, among: included) else { continue }
                    guard let other = standing[change.identity] else {
                        standing[change.identity] = add
                        continue
                    }
                    guard changes[other].member == change.member else { throw .addedTwice(changes[other].member, change.member) }
                    let earlier = change.stamp < changes[other].stamp
                        || (change.stamp == changes[other].stamp && change.hash.lexicographicallyPrecedes(changes[other].hash))
                    if earlier { standing[change.identity] = add }
                }
            }
            var names: [String: Int] = [:]
            var keys: [[UInt8]: String] = [:]
            for (identity, add) in standing {
                let name = changes[add].member
                if names.updateValue(add, forKey: name) != nil { throw .addedTwice(name, name) }
                for key in [identity.boxKey, identity.signingKey] {
                    if let other = keys.updateValue(name, forKey: key) { throw .malformed("'\(other)' and '\(name)' share a key") }
                }
            }
            return standing
        }

        /// Whether a removal of the identity the change at `add` lets in, among `included`, does
        /// not come before it (and so beats it).
        private func beaten(_ add: Int, among included: [UInt64]) -> Bool {
            guard let removed = removals[changes[add].identity] else { return false }
            return removed.indices.contains { removed[$0] & included[$0] & ~ancestors[add][$0] != 0 }
        }
    }
}
