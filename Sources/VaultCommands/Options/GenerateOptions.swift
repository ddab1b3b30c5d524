import ArgumentParser
import VaultCLI
import VaultCore
import VaultSystem

/// `--generate` with the generator's options, for `add` and `edit`: the new password comes from
/// whichever plugin offers a `SecretGenerator`, not from the terminal.
struct GenerateOptions: ParsableArguments {
    @Flag(help: "Generate the password (see vault generate for the options) instead of reading it.")
    var generate = false

    @OptionGroup var policy: PolicyOptions

    func validate() throws {
        if !generate && !policy.isEmpty { throw ValidationError("the generator options go with --generate") }
    }

    /// Refuses an impossible policy (exit 64, one line) before anything is unlocked or asked for.
    func checkPolicy(in context: CommandContext) throws {
        if generate { _ = try PolicyOptions.generator(in: context.plugins).entropyBits(of: policy.policy) }
    }

    /// A freshly generated password.
    func newPassword(in context: CommandContext) throws -> GeneratedSecret {
        try PolicyOptions.generator(in: context.plugins).generate(policy.policy)
    }

    /// Says how strong the stored password is; only once the command has succeeded, so that
    /// a failure stays one line.
    static func report(_ generated: GeneratedSecret?, in context: CommandContext) {
        guard let generated else { return }
        context.diagnostics.note("Generated a password with \(NumberText.oneDecimal(generated.entropyBits)) bits of entropy.")
    }
}
