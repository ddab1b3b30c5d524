/// What every fuzz target shares: libFuzzer's driver, started from the target's entry point, and
/// the way a target reports a broken property (a trap, which libFuzzer catches and saves the
/// input for).
public enum Fuzzer {
    /// The body a target gives libFuzzer: one input, its bytes.
    public typealias TestOneInput = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

    /// Runs libFuzzer's driver with the process's arguments. SwiftPM names an executable's entry
    /// point after it (`vault_file_fuzz_main` for `vault-file-fuzz`) and makes `main` an alias of
    /// it; each target defines that function and calls this.
    public static func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ body: TestOneInput) -> CInt {
        var count = argc
        var arguments = argv
        return LLVMFuzzerRunDriver(&count, &arguments, body)
    }

    /// The input as an array (libFuzzer passes a null pointer for the empty input).
    public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        guard let data, size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// Stops the run with `message` when a property does not hold: libFuzzer saves the input.
    public static func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
                               file: StaticString = #fileID, line: UInt = #line) {
        if !condition() { fatalError(message(), file: file, line: line) }
    }
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: Fuzzer.TestOneInput
) -> CInt
