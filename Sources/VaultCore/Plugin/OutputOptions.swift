import ArgumentParser

/// `--json`, for the commands that print data.
public struct OutputOptions: ParsableArguments {
    public init() {}

    @Flag(help: "Print JSON instead of text.")
    public var json = false
}
