import VaultCore
import VaultSystem

/// The environment `vault run` gives its command: vault's own, then each environment file's
/// variables in order (a later one winning), with every value that is a secret reference noted
/// for resolving. References are parsed here, before the vault is opened, so that a mistake is
/// reported with the variable that holds it.
struct RunEnvironment {
    /// Every variable, references still unresolved.
    private(set) var variables: [String: String]
    /// The variables whose value is a reference, with it.
    private(set) var references: [String: SecretReference] = [:]

    init(base: [String: String], files: [EnvironmentFile]) throws(RunError) {
        variables = base
        for file in files {
            for (name, value) in file.variables { variables[name] = value }
        }
        for (name, value) in variables where SecretReference.isReference(value) {
            do {
                references[name] = try SecretReference(parsing: value)
            } catch {
                throw .badVariable(name, error)
            }
        }
    }

    /// The variables with each reference replaced by its value in `values`, leaving out
    /// `withheld` (passed on standard input instead).
    func resolved(with values: [SecretReference: String], withholding withheld: String?) throws(RunError) -> [String: String] {
        var environment = variables
        for (name, reference) in references where name != withheld {
            let value = values[reference]!
            guard !value.utf8.contains(0) else { throw .nulInValue(name, reference) }
            environment[name] = value
        }
        if let withheld { environment[withheld] = nil }
        return environment
    }
}

/// What stops `vault run` before its command starts.
enum RunError: VaultFailure, Equatable {
    /// A variable whose value starts with vault:// but is no valid reference.
    case badVariable(String, SecretReferenceError)
    /// `--stdin NAME` for a variable that holds no reference.
    case stdinNotAReference(String)
    /// A secret with a NUL byte, which an environment variable cannot hold.
    case nulInValue(String, SecretReference)

    var message: String {
        switch self {
        case .badVariable(let name, let error): "$\(name): \(error.message)"
        case .stdinNotAReference(let name): "--stdin \(name): the variable \(name) does not hold a secret reference"
        case .nulInValue(let name, let reference):
            "$\(name): the value of \(reference) holds a NUL byte, which an environment variable cannot; pass it with --stdin"
        }
    }

    var exitStatus: ExitStatus {
        switch self {
        case .badVariable(_, let error): error.exitStatus
        case .stdinNotAReference: .usage
        case .nulInValue: .failure
        }
    }
}
