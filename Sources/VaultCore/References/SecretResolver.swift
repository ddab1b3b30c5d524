import FoundationEssentials

/// Turns secret references into their values, reading the vault once for all of them: the
/// password, a stored field (`EntryField`), or for `#otp` the code `OneTimeCodes` issues now
/// (a HOTP counter moves on, as with `vault otp`). The first reference that names what the vault
/// does not hold fails the whole lot, naming it, so that nothing is run or written with a hole.
public enum SecretResolver {
    /// The value of each reference in `references`, in a dictionary keyed by reference that
    /// holds every one of them (a reference that cannot be resolved throws instead).
    public static func resolve(
        _ references: some Collection<SecretReference>, at date: Date, in vault: some VaultAccess
    ) throws -> [SecretReference: String] {
        var values: [SecretReference: String] = [:]
        guard !references.isEmpty else { return values }
        var names: [String] = []
        var seen: Set<String> = []
        for reference in references where seen.insert(reference.name).inserted { names.append(reference.name) }
        let found = try vault.entries(named: names)
        let entries = Dictionary(uniqueKeysWithValues: zip(names, found))
        // One code per entry, however its field is spelt (#otp, #OTP): a HOTP counter moves once.
        var codes: [String: String] = [:]
        for reference in references where values[reference] == nil {
            do {
                guard let entry = entries[reference.name] ?? nil else { throw EntryError.notFound(reference.name) }
                if reference.field?.lowercased() == "otp" {
                    let code = try codes[entry.name] ?? OneTimeCodes.issue(forEntryNamed: entry.name, at: date, in: vault).code
                    codes[entry.name] = code
                    values[reference] = code
                } else if let field = reference.field {
                    values[reference] = try EntryField.value(of: field, in: entry)
                } else {
                    guard let password = entry.password else { throw SecretReferenceError.unresolved(reference, "the entry has no password", .notFound) }
                    values[reference] = password
                }
            } catch let failure as EntryError {
                throw SecretReferenceError.unresolved(reference, failure.message, failure.exitStatus)
            } catch let failure as OTPError {
                throw SecretReferenceError.unresolved(reference, failure.message, failure.exitStatus)
            }
        }
        return values
    }
}
