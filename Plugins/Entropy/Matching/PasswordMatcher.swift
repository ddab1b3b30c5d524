/// A model of how people choose passwords: finds the parts of a password it explains. Every
/// matcher appends to one list for the whole estimate, so that an estimate builds one list of
/// matches rather than one per matcher and keyboard layout, copied into another.
protocol PasswordMatcher {
    /// Appends every part of `password` this matcher explains to `found`.
    func appendMatches(in password: PasswordText, to found: inout [Match])
}

extension PasswordMatcher {
    /// The parts of `password` this matcher explains, on their own.
    func matches(in password: PasswordText) -> [Match] {
        var found: [Match] = []
        appendMatches(in: password, to: &found)
        return found
    }
}
