import ArgumentParser
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import VaultCLI
import VaultCore
import VaultSystem

/// `vault generate`: new passwords or passphrases, printed, or the first one copied.
struct GenerateCommand: VaultSubcommand {
    /// It opens no vault.
    var vault: VaultOptions { .omitted }

    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generate random passwords or passphrases.",
        discussion: """
            Passwords are 20 characters from lower- and upper-case letters, digits and symbols \
            by default, with at least one of each class, every allowed password equally likely. \
            --words N makes a passphrase from the EFF large word list (7,776 words, 12.9 bits \
            each). The exact entropy of the policy is printed on standard error.
            """)

    @OptionGroup var policyOptions: PolicyOptions

    @Option(help: ArgumentHelp("How many to generate.", valueName: "n"))
    var count = 1

    @OptionGroup var clipboard: ClipOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if !(1...1_000_000).contains(count) { throw ValidationError("--count must be between 1 and 1,000,000") }
        if clipboard.clip && output.json { throw ValidationError("--clip and --json do not go together") }
    }

    /// What `--json` prints.
    struct Report: Encodable {
        var entropyBits: Double
        var passwords: [String]

        enum CodingKeys: String, CodingKey {
            case entropyBits = "entropy_bits"
            case passwords
        }
    }

    func run(in session: VaultSession) async throws {
        let context = session.context
        let generator = PasswordGenerator()
        let policy = policyOptions.policy
        let bits = try generator.entropyBits(of: policy)
        if clipboard.clip {
            try clipboard.copy(try generator.generate(policy).text, describing: "a new \(policy.noun)", in: session)
        } else if output.json {
            let next = try generator.source(for: policy)
            let passwords = try (0..<count).map { _ in try next().text }
            try JSONOutput.print(Report(entropyBits: (bits * 100).rounded() / 100, passwords: passwords), to: context.streams)
        } else {
            try writeLines(count: count, next: try generator.source(for: policy), to: context.streams)
        }
        if !output.json {
            context.diagnostics.note("Entropy: \(NumberText.oneDecimal(bits)) bits per \(policy.noun).")
        }
    }
}

extension GenerateCommand {
    /// Writes `count` secrets one per line, in batches, so that a million of them need neither a
    /// million buffers at once nor a million writes.
    private func writeLines(count: Int, next: () throws -> GeneratedSecret, to streams: StandardStreams) throws {
        var batch: [UInt8] = []
        batch.reserveCapacity(64 * 1024)
        defer { for index in batch.indices { batch[index] = 0 } }
        for _ in 0..<count {
            try next().secret.withUnsafeBytes { batch.append(contentsOf: $0) }
            batch.append(0x0A)
            if batch.count >= 60 * 1024 {
                try streams.write(batch)
                for index in batch.indices { batch[index] = 0 }
                batch.removeAll(keepingCapacity: true)
            }
        }
        if !batch.isEmpty { try streams.write(batch) }
    }
}

extension SecretPolicy {
    /// "password" or "passphrase", for messages.
    var noun: String {
        if case .words = self { return "passphrase" }
        return "password"
    }
}
