import ArgumentParser
import VaultCLI
import VaultCore
import VaultSystem

/// The entry details `vault add` and `vault edit` share. None of them is a secret: passwords
/// and secret fields are read from the terminal or standard input, never from the command line.
struct EntryDetailsOptions: ParsableArguments {
    @Option(help: "The login name.")
    var username: String?

    @Option(name: .customLong("url"), help: ArgumentHelp("A web address; repeat for several.", valueName: "url"))
    var urls: [String] = []

    @Option(help: ArgumentHelp("A free-text note (not for secrets: it is visible in the process list).", valueName: "text"))
    var note: String?

    @Option(
        name: .customLong("field"),
        help: ArgumentHelp("A custom field that is not secret; repeat for several.", valueName: "key=value"))
    var fields: [FieldAssignment] = []

    @Option(
        name: .customLong("secret-field"),
        help: ArgumentHelp("A secret custom field; its value is asked for like the password. Repeat for several.", valueName: "key"))
    var secretFields: [String] = []

    @Option(name: .customLong("tag"), help: ArgumentHelp("A tag; repeat for several.", valueName: "tag"))
    var tags: [String] = []

    @Flag(help: "Set a one-time password: an otpauth:// URI or a Base32 secret, asked for like the password.")
    var otp = false

    var isEmpty: Bool {
        username == nil && urls.isEmpty && note == nil && fields.isEmpty && secretFields.isEmpty && tags.isEmpty && !otp
    }

    /// The secrets these options ask for after the password: secret fields, then the OTP.
    var secretInput: SecretInput {
        SecretInput(labels: secretFields.map { "value of \($0)" }, unconfirmed: otp ? ["otpauth URI or Base32 secret"] : [])
    }

    func validate() throws {
        do {
            try FieldName.validate(fields.map(\.key) + secretFields)
        } catch {
            throw ValidationError(error.message)
        }
    }

    /// Writes the given details into `entry`: the username and note are replaced, URLs and tags
    /// replaced when any are given, fields set one by one, and the OTP setting (the last of
    /// `secretValues` with --otp) checked and stored as its canonical URI.
    func apply(to entry: inout Entry, secretValues: [String]) throws {
        var secretValues = secretValues
        if otp, let text = secretValues.popLast() {
            var setting = try OTPAuthURI.parse(text)
            if setting.account == nil { setting.account = username ?? entry.username ?? entry.name }
            entry.otp = OTPAuthURI.render(setting)
        }
        if let username { entry.username = username }
        if let note { entry.notes = note }
        if !urls.isEmpty { entry.urls = urls }
        if !tags.isEmpty { entry.tags = tags }
        for field in fields {
            entry.setField(CustomField(name: field.key, value: field.value, secret: false))
        }
        for (name, value) in zip(secretFields, secretValues) {
            entry.setField(CustomField(name: name, value: value, secret: true))
        }
    }
}

/// A `key=value` argument.
struct FieldAssignment: ExpressibleByArgument {
    var key: String
    var value: String

    init?(argument: String) {
        guard let equals = argument.firstIndex(of: "=") else { return nil }
        key = String(argument[..<equals])
        value = String(argument[argument.index(after: equals)...])
    }
}
