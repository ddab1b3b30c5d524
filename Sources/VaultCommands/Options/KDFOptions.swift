import ArgumentParser
import VaultCLI
import VaultCore
import VaultSystem

/// The Argon2id parameters a new key is derived with: for `init`, and for `passwd` and `rekey`,
/// which keep the vault's own unless told otherwise (a way down from a costly derivation).
struct KDFOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Argon2id memory cost in MiB (default: 64, or the vault's own for passwd and rekey).", valueName: "mib"))
    var kdfMemoryMib: Int?

    @Option(help: ArgumentHelp("Argon2id passes over memory (default: 3, or the vault's own).", valueName: "n"))
    var kdfIterations: Int?

    @Option(help: ArgumentHelp("Argon2id lanes, and threads (default: 4, or the vault's own).", valueName: "n"))
    var kdfParallelism: Int?

    /// Whether any parameter was given.
    var isGiven: Bool { kdfMemoryMib != nil || kdfIterations != nil || kdfParallelism != nil }

    /// The parameters, each from its option or else from `base`, checked against the bounds
    /// and the cost limit of a new vault.
    func parameters(otherwise base: KDFParameters) throws -> KDFParameters {
        let kibibytes = kdfMemoryMib.map { $0.multipliedReportingOverflow(by: 1024) }
        let parameters = KDFParameters(
            memoryKiB: kibibytes.map { UInt32(clamping: $0.overflow ? Int.max : $0.partialValue) } ?? base.memoryKiB,
            iterations: kdfIterations.map { UInt32(clamping: $0) } ?? base.iterations,
            parallelism: kdfParallelism.map { UInt32(clamping: $0) } ?? base.parallelism)
        try parameters.validate()
        try KDFCost(parameters).checkForNewVault()
        return parameters
    }
}
