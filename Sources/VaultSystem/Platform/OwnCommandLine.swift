/// One of vault's own command lines (the program, vault's own path, and its arguments) as the
/// command-line layer spells it: the system layer starts it, or writes it into another
/// program's config, without knowing vault's grammar.
public struct OwnCommandLine: Sendable, Equatable {
    public var program: String
    public var arguments: [String]

    public init(program: String, arguments: [String]) {
        self.program = program
        self.arguments = arguments
    }
}
