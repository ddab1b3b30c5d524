extension Entry {
    /// The names of what the entry keeps secret: `password`, `otp`, each secret field, the
    /// notes of a secure note, and `attachment NAME` for each attachment (a key file, recovery
    /// codes): what is to be changed when someone who could read the entry should no longer
    /// know it.
    public var secretFieldNames: [String] {
        (password == nil ? [] : ["password"]) + (otp == nil ? [] : ["otp"]) + fields.filter(\.secret).map(\.name)
            + (type == .note && notes != nil ? ["notes"] : []) + attachments.map { "attachment " + $0.name }
    }
}
