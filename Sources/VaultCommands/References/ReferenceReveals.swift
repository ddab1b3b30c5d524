import VaultCLI
import VaultCore

/// The security events of secrets read by reference (`vault read`, `run`, `inject`): one
/// reveal per entry, naming the fields taken from it.
enum ReferenceReveals {
    /// Records, in `session`'s log, the reveal of what `references` name, used `how`
    /// (`to standard output`, `into the environment of git`).
    static func record(_ references: some Collection<SecretReference>, how: String, in session: VaultSession) {
        var fields: [String: Set<String>] = [:]
        for reference in references { fields[reference.name, default: []].insert(reference.field?.lowercased() ?? "password") }
        for (name, taken) in fields.sorted(by: { $0.key < $1.key }) {
            session.record(.reveal, entry: name, detail: taken.sorted().joined(separator: ", ") + ", " + how)
        }
    }
}
